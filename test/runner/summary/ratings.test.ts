import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MatchPlayer } from '../../../src/runner/play/batch.ts';
import { Counters, DEAL_GROUPS, DealGroupField, Field, Global } from '../../../src/runner/play/counters.ts';
import type { DesignName } from '../../../src/runner/play/design.ts';
import { prepareMatch } from '../../../src/runner/play/match.ts';
import { runRatings } from '../../../src/runner/summary/ratings.ts';
import type { SummaryMatchup } from '../../../src/runner/summary/summary-types.ts';
import { seatingsOf, tournamentTables, type SeatingName } from '../../../src/runner/job/tournament.ts';
import { builtinRegistry } from '../../../src/app.ts';

/** Every seating of every table of `players` from the field, each played for `games` games in this thread. */
async function tournament(
  field: string[],
  players: number,
  games: number,
  design: DesignName = 'independent',
  seatings: SeatingName = 'all',
  game = 'love-letter',
): Promise<SummaryMatchup[]> {
  const registry = builtinRegistry();
  const matchups = tournamentTables(field, players).flatMap((table) => seatingsOf(table, seatings));
  return Promise.all(
    matchups.map(async (seats, index) => {
      const match = await prepareMatch(registry, { game, seats, rules: {}, seed: 'ratings' });
      const counters = new Counters(match.layout);
      const offset = index * games;
      new MatchPlayer(match, design).play({ offset, from: 0, to: games }, counters);
      return { seats, offset, slotNames: match.slots.map((slot) => slot.spec.text), counters };
    }),
  );
}

describe('deal groups', () => {
  test('hold every block once, by deal, so the same deal falls in the same group in every match-up', async () => {
    const matchups = await tournament(['random', 'cautious'], 3, 150, 'duplicate');
    for (const { counters } of matchups) {
      const { data, layout } = counters;
      let blocks = 0;
      const slotWins = new Array<number>(layout.slots).fill(0);
      for (let group = 0; group < DEAL_GROUPS; group++) {
        const at = layout.dealGroup(group);
        blocks += data[at];
        // 50 blocks (deals 0..49) in 64 groups: deal d alone in group d.
        assert.equal(data[at], group < 50 ? 1 : 0);
        for (let slot = 0; slot < layout.slots; slot++)
          slotWins[slot] += data[layout.dealGroupSlot(group, slot) + DealGroupField.GAME_WINS];
      }
      assert.equal(blocks, data[Global.BLOCKS]);
      slotWins.forEach((wins, slot) => assert.equal(wins, data[layout.slot(slot) + Field.GAME_WINS]));
    }
  });
});

describe('tournament ratings', () => {
  test('rank a clearly ordered field, strongest first, each inside its own interval', async () => {
    const ratings = runRatings(['random', 'cautious', 'counter'], await tournament(['random', 'cautious', 'counter'], 2, 400), 'ratings');
    assert.deepEqual(
      ratings.map((row) => row.strategy),
      ['counter', 'cautious', 'random'],
    );
    for (const row of ratings) assert.ok(row.low < row.elo && row.elo < row.high, JSON.stringify(row));
    // Elo relative to the field's average: the ratings sum to zero.
    assert.ok(Math.abs(ratings.reduce((sum, row) => sum + row.elo, 0)) < 0.05);
    // The gaps are far wider than the intervals.
    assert.ok(ratings[0].low > ratings[1].high && ratings[1].low > ratings[2].high);
  });

  test('rotated seatings rate a copy seated after its original level with it', async () => {
    // One order's rotations kept the copy just after counter and random just after the copy: the
    // copy rated 24 below counter, the intervals apart. The duplicate design reorders each deal.
    const copy = new URL('../../fixtures/strategies/copies/counter.ts', import.meta.url).pathname;
    const field = ['counter', copy, 'random'];
    const ratings = runRatings(field, await tournament(field, 3, 9_000, 'duplicate', 'rotated'), 'rotated');
    const [first, second] = ratings;
    assert.deepEqual([first.strategy, second.strategy].sort(), [copy, 'counter'].sort());
    assert.ok(first.low <= second.high, JSON.stringify(ratings));
  });

  test('a run stopped before a strategy played rates only the others, around their own average', async () => {
    const matchups = await tournament(['random', 'cautious', 'counter'], 2, 200);
    // As a stop leaves it: counter's match-ups not yet reached, their counters empty.
    const stopped = matchups.map((matchup) =>
      matchup.seats.includes('counter') ? { ...matchup, counters: new Counters(matchup.counters.layout) } : matchup,
    );
    const ratings = runRatings(['random', 'cautious', 'counter'], stopped, 'ratings');
    assert.deepEqual(ratings.map((row) => row.strategy).sort(), ['cautious', 'random']);
    assert.ok(Math.abs(ratings[0].elo + ratings[1].elo) < 0.05);
  });

  test('repeated strategies at a table and multi-player tables; the same seed gives the same intervals', async () => {
    const field = ['random', 'cautious', 'counter'];
    const matchups = await tournament(field, 4, 60);
    const ratings = runRatings(field, matchups, 'ratings');
    assert.deepEqual(ratings.map((row) => row.strategy).sort(), [...field].sort());
    assert.equal(ratings[0].strategy, 'counter');
    assert.deepEqual(runRatings(field, matchups, 'ratings'), ratings);
    assert.notDeepEqual(
      runRatings(field, matchups, 'another seed').map((row) => [row.low, row.high]),
      ratings.map((row) => [row.low, row.high]),
    );
  });

  test('a strategy that never won is below the rated ones, its interval open, and out of their average', async () => {
    // Dominion's random never outscores a money strategy: its rating would be the prior's alone.
    const field = ['big-money', 'smithy-bm', 'random'];
    const ratings = (games: number) =>
      tournament(field, 3, games, 'independent', 'all', 'dominion').then((m) => runRatings(field, m, 'ratings'));
    const [few, many] = [await ratings(50), await ratings(400)];
    for (const table of [few, many]) {
      assert.deepEqual(
        table.map((row) => [row.strategy, row.unrated]),
        [
          ['smithy-bm', undefined],
          ['big-money', undefined],
          ['random', 'below'],
        ],
      );
      const [smithy, bigMoney, random] = table;
      assert.ok(Math.abs(smithy.elo + bigMoney.elo) < 0.05);
      assert.deepEqual([random.elo, random.low], [-Infinity, -Infinity]);
      // Its finite end maps the top of its win rate's interval over the deal groups through the fit:
      // with few of them, that interval is wide, and reaches past big-money's own rating.
      assert.ok(random.high < smithy.low, JSON.stringify(random));
      assert.match(random.note!, /reaches the top of that share's 95% interval over their \d+ deal groups/);
      assert.match(random.note!, /never won a game where a rated strategy sat, so no finite rating fits/);
      // summary.json has no infinities: they are written as null.
      assert.deepEqual(JSON.parse(JSON.stringify(random)), {
        ...random,
        elo: null,
        low: null,
        high: null === random.high ? null : random.high,
      });
    }
    // The rated pair stays put as games are added; only random's bound falls.
    for (const j of [0, 1]) assert.ok(few[j].low <= many[j].high && many[j].low <= few[j].high, JSON.stringify([few[j], many[j]]));
    assert.ok(many[2].high < few[2].high);
  });
});
