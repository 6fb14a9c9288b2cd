import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinJobContext, runPairedBatches, type PairedSpec, type PairedTotals } from '../../src/index.ts';
import { Runners } from '../../src/runner/job/runners.ts';
import { chooseMeasure } from '../../src/runner/summary/measures.ts';
import { pairScore } from '../../src/tune/score.ts';

const context = builtinJobContext();
// One worker for every run here: a pool of each run's own would start and load its thread again
// for every run, which costs more than the few blocks each plays.
const runners = Runners.create(1, context.loadExternalHost);
after(() => runners.close());

async function totalsOf(spec: PairedSpec, blocks: number): Promise<PairedTotals> {
  let last: PairedTotals | null = null;
  for await (const totals of runPairedBatches(context.registry, spec, {
    workers: 1,
    runners,
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
const measure = (game: string, id?: string) => chooseMeasure(context.registry.game(game), id);

describe('the score of a pair', () => {
  test('is the difference of win shares on the win share', async () => {
    const totals = await totalsOf({ ...base, game: 'love-letter', candidate: 'cautious', baseline: 'random', opponents: ['random'] }, 40);
    assert.equal(pairScore(totals, measure('love-letter')), totals.difference.mean);
  });

  test("is the difference of Hearts points per hand, the baseline's minus the candidate's, over the 26 a hand deals", async () => {
    const opponents = ['random', 'random', 'random'];
    const spec = { ...base, game: 'hearts', baseline: 'random', opponents, measure: 'points' };
    const totals = await totalsOf({ ...spec, candidate: 'ducking' }, 6);
    const points = totals.measure;
    assert.ok(points);
    const score = pairScore(totals, measure('hearts'));
    assert.ok(score > 0 && score <= 1, String(score));
    assert.ok(Math.abs(score - (points.baseline - points.candidate) / 26) < 1e-12);
    const swapped = await totalsOf({ ...spec, candidate: 'random', baseline: 'ducking' }, 6);
    assert.ok(Math.abs(pairScore(swapped, measure('hearts')) + score) < 1e-12);
  });

  test('is the measure asked for, and refuses totals that did not read it', async () => {
    const spec = { ...base, game: 'love-letter', candidate: 'cautious', baseline: 'random', opponents: ['random'] };
    const rounds = await totalsOf({ ...spec, measure: 'round-win-share' }, 20);
    assert.ok(rounds.measure);
    assert.equal(pairScore(rounds, measure('love-letter', 'round-win-share')), rounds.measure.difference.mean);
    assert.notEqual(rounds.measure.difference.mean, rounds.difference.mean);
    const shares = await totalsOf(spec, 20);
    assert.throws(() => pairScore(shares, measure('love-letter', 'round-win-share')), /round-win-share/);
  });
});
