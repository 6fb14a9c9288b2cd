import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LoveLetterState } from '../../../src/games/love-letter/state.ts';
import { MatchPlayer } from '../../../src/runner/play/batch.ts';
import { prepareMatch } from '../../../src/runner/play/match.ts';
import { pairedArms, type PairedSpec, type PairedTotals } from '../../../src/runner/compare/paired.ts';
import { runPairedBatches } from '../../../src/runner/compare/paired-run.ts';
import { startGame } from '../../../src/runner/play/table.ts';
import { builtinRegistry, loadExternalHost } from '../../../src/app.ts';

const REGISTRY = new URL('../../../src/app.ts', import.meta.url).href;

function spec(candidate: string, baseline: string, design: PairedSpec['design']): PairedSpec {
  return { game: 'love-letter', candidate, baseline, opponents: ['random', 'cautious'], rules: {}, seed: 'paired', design };
}

async function allTotals(paired: PairedSpec, workers: number, maxBlocks = 120): Promise<PairedTotals[]> {
  const updates: PairedTotals[] = [];
  const options = { workers, registryModule: REGISTRY, loadExternalHost, batchBlocks: 40, maxBlocks };
  for await (const totals of runPairedBatches(builtinRegistry(), paired, options)) {
    updates.push({ ...totals, support: [...totals.support], counts: [...totals.counts] });
  }
  return updates;
}

describe('the paired design', () => {
  test('deals the candidate and the baseline the same cards and gives the opponents the same streams', async () => {
    const arms = pairedArms(spec('counter', 'cautious', 'duplicate'));
    const registry = builtinRegistry();
    const players = await Promise.all(
      [arms.candidate, arms.baseline].map(async (arm) => new MatchPlayer(await prepareMatch(registry, arm), 'duplicate')),
    );
    for (const local of [0, 1, 2, 5, 11]) {
      const [candidate, baseline] = players.map((player) => {
        const table = player.tableFor(local);
        startGame(table, player.match.key, local, player.dealFor(local));
        const state = table.state as LoveLetterState;
        return { deal: Array.from(state.deck), streams: table.rngs.map((rng) => rng.nextU32()) };
      });
      assert.deepEqual(candidate.deal, baseline.deal, `game ${local}: same deck`);
      assert.deepEqual(candidate.streams, baseline.streams, `game ${local}: same random streams seat by seat`);
    }
  });

  test('a strategy compared with itself differs by exactly zero in every block', async () => {
    const updates = await allTotals(spec('cautious', 'cautious', 'independent'), 2);
    const last = updates[updates.length - 1];
    assert.equal(last.blocks, 120);
    assert.deepEqual(last.support, [0]);
    assert.deepEqual(last.counts, [120]);
    assert.equal(last.difference.sd, 0);
  });

  test('yields cumulative totals batch by batch, the same on one worker or two', async () => {
    const paired = spec('counter', 'random', 'duplicate');
    const two = await allTotals(paired, 2);
    assert.deepEqual(
      two.map((totals) => totals.blocks),
      [40, 80, 120],
    );
    const last = two[2];
    assert.equal(last.gamesPerArm, 120 * 3);
    assert.equal(
      last.counts.reduce((sum, count) => sum + count, 0),
      120,
    );
    const mean = last.support.reduce((sum, value, i) => sum + value * last.counts[i], 0) / 120;
    assert.ok(Math.abs(mean - last.difference.mean) < 1e-12, 'the support and counts describe the same differences');
    assert.ok(last.support.every((value) => value >= -1 && value <= 1 && Number.isInteger(value * 3 * 12)));
    assert.ok(Math.abs(last.difference.mean - (last.candidate.mean - last.baseline.mean)) < 1e-12);
    assert.equal(last.candidateCounters.data[0], 360, 'each arm played every game');
    const one = await allTotals(paired, 1);
    assert.deepEqual(
      one.map((totals) => [totals.support, totals.counts]),
      two.map((totals) => [totals.support, totals.counts]),
    );
  });

  test("a measure's sums are the same however the blocks are cut into batches", async () => {
    // Hearts' points per hand: block means such as 26/9 that no double holds exactly.
    const hearts: PairedSpec = {
      game: 'hearts',
      candidate: 'ducking',
      baseline: 'random',
      opponents: ['random', 'first-legal'],
      rules: { hands: '3', endScore: '0' },
      seed: 'paired',
      design: 'independent',
      measure: 'points',
    };
    const measureOf = async (batchBlocks: number) => {
      const options = { workers: 1, registryModule: REGISTRY, loadExternalHost, batchBlocks, maxBlocks: 300 };
      let last: PairedTotals | undefined;
      for await (const totals of runPairedBatches(builtinRegistry(), hearts, options)) last = totals;
      assert.ok(last?.measure, 'the comparison reads points');
      return last.measure;
    };
    const whole = await measureOf(300);
    for (const batchBlocks of [7, 13, 30]) assert.deepEqual(await measureOf(batchBlocks), whole, `${batchBlocks} blocks a batch`);
  });

  test('stops cleanly when the caller stops reading', async () => {
    let seen = 0;
    for await (const totals of runPairedBatches(builtinRegistry(), spec('random', 'cautious', 'independent'), {
      workers: 2,
      registryModule: REGISTRY,
      loadExternalHost,
      batchBlocks: 20,
    })) {
      seen = totals.blocks;
      if (seen >= 40) break;
    }
    assert.equal(seen, 40);
  });
});
