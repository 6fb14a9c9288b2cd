import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinJobContext, runPairedBatches, type PairedSpec, type PairedTotals } from '../../src/index.ts';
import { pairScore } from '../../src/tune/score.ts';

async function totalsOf(spec: PairedSpec, blocks: number): Promise<PairedTotals> {
  const context = builtinJobContext();
  let last: PairedTotals | null = null;
  for await (const totals of runPairedBatches(context.registry, spec, {
    workers: 1,
    registryModule: context.registryModule,
    loadExternalHost: context.loadExternalHost,
    batchBlocks: blocks,
    maxBlocks: blocks,
  }))
    last = totals;
  assert.ok(last);
  return last;
}

const base = { rules: {}, seed: 'score', design: 'independent' as const };

describe('the score of a pair', () => {
  test('is the difference of win shares where the game scores nothing better', async () => {
    const totals = await totalsOf({ ...base, game: 'love-letter', candidate: 'cautious', baseline: 'random', opponents: ['random'] }, 40);
    assert.equal(pairScore(totals, builtinJobContext().registry.game('love-letter')), totals.difference.mean);
  });

  test("is the difference of Hearts points per hand, the baseline's minus the candidate's, over the 26 a hand deals", async () => {
    const registry = builtinJobContext().registry;
    const opponents = ['random', 'random', 'random'];
    const totals = await totalsOf({ ...base, game: 'hearts', candidate: 'ducking', baseline: 'random', opponents }, 6);
    const score = pairScore(totals, registry.game('hearts'));
    assert.ok(score > 0, String(score));
    assert.ok(score <= 1);
    const swapped = await totalsOf({ ...base, game: 'hearts', candidate: 'random', baseline: 'ducking', opponents }, 6);
    assert.ok(Math.abs(pairScore(swapped, registry.game('hearts')) + score) < 1e-12);
  });
});
