import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinRegistry } from '../../../src/app.ts';
import { measuresOf, WIN_SHARE } from '../../../src/core/game.ts';
import { MatchPlayer } from '../../../src/runner/play/batch.ts';
import { Counters, Field } from '../../../src/runner/play/counters.ts';
import { prepareMatch } from '../../../src/runner/play/match.ts';
import { chooseMeasure, measureEstimate } from '../../../src/runner/summary/measures.ts';
import { summarizeRun } from '../../../src/runner/summary/summary.ts';

async function played(gameId: string, seats: string[], games: number) {
  const match = await prepareMatch(builtinRegistry(), { game: gameId, seats, rules: {}, seed: 'measures' });
  const counters = new Counters(match.layout);
  new MatchPlayer(match, 'duplicate').play({ offset: 0, from: 0, to: games }, counters);
  return { match, counters };
}

describe("games' measures of strength", () => {
  test('every game declares at least one, the first its default, each metric measure naming a moments metric', () => {
    const registry = builtinRegistry();
    for (const id of registry.gameIds()) {
      const game = registry.game(id);
      const measures = measuresOf(game);
      assert.ok(measures.length > 0, id);
      assert.equal(chooseMeasure(game), measures[0]);
      for (const measure of measures) {
        if (measure.source.kind !== 'metric') continue;
        const name = measure.source.metric;
        assert.ok(
          game.metrics.some((metric) => metric.name === name && metric.kind === 'moments'),
          `${id}: ${measure.id}`,
        );
      }
    }
    assert.equal(chooseMeasure(registry.game('hearts')).id, 'points');
    assert.equal(chooseMeasure(registry.game('love-letter')), WIN_SHARE);
    assert.throws(() => chooseMeasure(registry.game('hearts'), 'vp'), /--measure: hearts declares points, win-share, not 'vp'/);
  });

  test("Hearts' points per hand and the win share read from the counters as the summary reports them", async () => {
    const { match, counters } = await played('hearts', ['ducking', 'random', 'random', 'random'], 16);
    const game = builtinRegistry().game('hearts');
    const summary = summarizeRun({
      game,
      design: 'duplicate',
      seed: 'measures',
      gamesPlanned: 16,
      strategies: ['ducking', 'random'],
      matchups: [{ seats: match.spec.seats, offset: 0, slotNames: match.slots.map((slot) => slot.spec.text), counters }],
    });
    const slot = counters.layout.slot(0);
    const points = measureEstimate(counters, slot, chooseMeasure(game));
    const row = summary.metrics.find((metric) => metric.name === 'points');
    assert.ok(row?.kind === 'moments');
    assert.ok(Math.abs(points.rate - row.rows[0].mean) < 1e-6);
    assert.equal(points.units, 4);
    assert.ok(points.se > 0);
    const wins = measureEstimate(counters, slot, WIN_SHARE);
    assert.ok(Math.abs(wins.rate - summary.strategies.ducking.winRate) < 1e-6);
    assert.equal(counters.data[slot + Field.GAMES], 16);
  });
});
