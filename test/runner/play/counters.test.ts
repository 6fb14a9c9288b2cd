import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { shareUnitsFor } from '../../../src/core/tally.ts';
import { MatchPlayer } from '../../../src/runner/play/batch.ts';
import { RateByField } from '../../../src/core/metrics.ts';
import {
  CounterLayout,
  Counters,
  DEAL_GROUPS,
  DealGroupField,
  Field,
  Global,
  MAX_NOTES,
  PairField,
} from '../../../src/runner/play/counters.ts';
import { createTable, prepareMatch } from '../../../src/runner/play/match.ts';
import { playGame } from '../../../src/runner/play/table.ts';
import { builtinRegistry } from '../../../src/app.ts';

describe('share units', () => {
  test('a win splits into whole units among any number of winners up to the table size', () => {
    assert.equal(shareUnitsFor(2), 2);
    assert.equal(shareUnitsFor(3), 6);
    assert.equal(shareUnitsFor(4), 12);
    assert.equal(shareUnitsFor(6), 60);
    for (let players = 1; players <= 8; players++) {
      for (let k = 1; k <= players; k++) assert.ok(Number.isInteger(shareUnitsFor(players) / k), `${players} players, ${k} winners`);
    }
  });
});

async function playedCounters(from: number, to: number, seats = ['random', 'random', 'random']): Promise<Counters> {
  const match = await prepareMatch(builtinRegistry(), { game: 'love-letter', seats, rules: {}, seed: 'counters' });
  const counters = new Counters(match.layout);
  new MatchPlayer(match, 'independent').play({ offset: 0, from, to }, counters);
  return counters;
}

describe('counters', () => {
  test('every count is a whole number, and game wins add up to one win per game', async () => {
    const counters = await playedCounters(0, 300);
    const { data, layout } = counters;
    assert.ok(data.every(Number.isInteger));
    let wins = 0;
    for (let seat = 0; seat < layout.players; seat++) wins += data[layout.seat(seat) + Field.GAME_WINS];
    assert.equal(wins, 300 * layout.shareUnits);
    assert.equal(data[Global.BLOCKS], 300, 'one block per game in the independent design');
  });

  test("the deal groups split every seat's, strategy's and card's totals; a seat's blocks are its games", async () => {
    const counters = await playedCounters(0, 300, ['counter', 'random', 'random']);
    const { data, layout } = counters;
    const firstCard = layout.metrics.findIndex((metric) => metric.kind === 'rate-by');
    const total = (cell: (group: number) => number) => {
      let sum = 0;
      for (let group = 0; group < DEAL_GROUPS; group++) sum += data[cell(group)];
      return sum;
    };
    for (let seat = 0; seat < layout.players; seat++) {
      assert.equal(
        total((group) => layout.dealGroupSeat(group, seat)),
        data[layout.seat(seat) + Field.GAME_WINS],
      );
      // A seat plays every game, one block each: the rounds of its blocks are the games' rounds.
      assert.equal(data[layout.seat(seat) + Field.BLOCK_ROUND_SQUARES], data[Global.ROUNDS_SQUARED]);
    }
    for (let slot = 0; slot < layout.slots; slot++) {
      const at = layout.slot(slot);
      const sums = (field: number) => total((group) => layout.dealGroupSlot(group, slot) + field);
      assert.equal(sums(DealGroupField.GAME_WINS), data[at + Field.GAME_WINS]);
      assert.equal(sums(DealGroupField.ROUND_WIN_SHARE), data[at + Field.ROUND_WIN_SHARE]);
      assert.equal(sums(DealGroupField.ROUNDS), data[at + Field.ROUNDS]);
      layout.metrics[firstCard].labels.forEach((_, label) => {
        const cells = layout.metric(at, firstCard, label);
        assert.equal(
          total((group) => layout.dealGroupLabel(group, slot, firstCard, label)),
          data[cells + RateByField.ROUND_WIN_SHARE],
        );
        assert.equal(
          total((group) => layout.dealGroupLabel(group, slot, firstCard, label) + 1),
          data[cells + RateByField.ROUNDS],
        );
      });
    }
  });

  test("the ratio sums of round rates hold each game's round wins and rounds, squared and crossed", async () => {
    const seats = ['counter', 'random', 'random'];
    const whole = await playedCounters(0, 40, seats);
    const { layout } = whole;
    const firstCard = layout.metrics.findIndex((metric) => metric.kind === 'rate-by');
    const soldier = layout.metrics[firstCard].labels.indexOf('soldier');
    // Per game, random's (two seats) round wins and rounds, overall and holding the soldier.
    const expected = new Float64Array(6);
    for (let game = 0; game < 40; game++) {
      const { data } = await playedCounters(game, game + 1, seats);
      const at = layout.slot(1);
      const cells = layout.metric(at, firstCard, soldier);
      [
        [data[at + Field.ROUND_WIN_SHARE], data[at + Field.ROUNDS]],
        [data[cells + RateByField.ROUND_WIN_SHARE], data[cells + RateByField.ROUNDS]],
      ].forEach(([x, n], which) => {
        expected[3 * which] += x * x;
        expected[3 * which + 1] += x * n;
        expected[3 * which + 2] += n * n;
      });
    }
    const at = layout.slot(1);
    const cells = layout.metric(at, firstCard, soldier);
    assert.deepEqual(
      [
        ...[Field.BLOCK_ROUND_WIN_SQUARES, Field.BLOCK_ROUND_CROSS, Field.BLOCK_ROUND_SQUARES].map((field) => whole.data[at + field]),
        ...[RateByField.BLOCK_WIN_SQUARES, RateByField.BLOCK_CROSS, RateByField.BLOCK_ROUND_SQUARES].map(
          (field) => whole.data[cells + field],
        ),
      ],
      Array.from(expected),
    );
  });

  test('a game recorded as a whole block counts as one recorded and then closed as a block, a strategy in one seat or two', async () => {
    for (const seats of [
      ['smithy-bm', 'big-money'],
      ['big-money', 'big-money'],
    ]) {
      const match = await prepareMatch(builtinRegistry(), { game: 'dominion', seats, rules: {}, seed: 'whole blocks' });
      const table = createTable(match);
      const direct = new Counters(match.layout);
      const buffered = new Counters(match.layout);
      const shares = new Float64Array(2);
      const scores = new Float64Array(2);
      for (let game = 0; game < 30; game++) {
        playGame(table, match.key, game);
        table.game.returns(table.state, shares);
        table.game.scores(table.state, scores);
        direct.recordGame(table.state.tally, shares, match.seatSlot, game, scores, false, true);
        direct.closeBlock(game);
        buffered.recordGame(table.state.tally, shares, match.seatSlot, game, scores, false);
        buffered.closeBlock(game);
      }
      assert.ok(direct.data.some((value) => value !== 0));
      assert.deepEqual([...direct.data], [...buffered.data], seats.join(' vs '));
    }
  });

  test('the head-to-head counts order seats that took equal shares by their points, in the direction the game scores', async () => {
    const match = await prepareMatch(builtinRegistry(), {
      game: 'hearts',
      seats: ['ducking', 'random', 'random', 'random'],
      rules: {},
      seed: 'c',
    });
    const counters = new Counters(match.layout);
    const { tally } = match.game.createState(4, match.game.parseRules({}));
    // Seat 3 won; seats 0 to 2 won nothing, with 40, 60 and 60 points: 0 finished ahead of 1 and 2, who are even.
    const shares = Float64Array.of(0, 0, 0, 1);
    counters.recordGame(tally, shares, match.seatSlot, 0, Float64Array.of(40, 60, 60, 20), true);
    const beats = (a: number, b: number) => counters.data[counters.layout.pair(a, b) + PairField.BEATS];
    assert.equal(beats(0, 1), 2, 'ducking ahead of both random players');
    assert.equal(beats(1, 0), 1, 'the winning random player ahead of ducking');
    assert.equal(beats(1, 1), 2, 'among the random seats: the winner ahead of the two others, who are even');
    // Without scores, equal shares are even whatever the points.
    counters.recordGame(tally, shares, match.seatSlot, 1);
    assert.equal(beats(0, 1), 2);
  });

  test('adding batches in any grouping gives the same sums as one long batch', async () => {
    const whole = await playedCounters(0, 200);
    const merged = new Counters(whole.layout);
    for (const [from, to] of [
      [0, 37],
      [37, 150],
      [150, 200],
    ])
      merged.add((await playedCounters(from, to)).data);
    assert.deepEqual(merged.data, whole.data);
  });

  test('forfeit notes keep the earliest games when batches are merged in order', async () => {
    // A strategy file that throws on every choice forfeits every game it plays.
    const match = await prepareMatch(builtinRegistry(), {
      game: 'love-letter',
      seats: ['test/runner/fixtures/throws.ts', 'random'],
      rules: {},
      seed: 'notes',
    });
    const player = new MatchPlayer(match, 'independent');
    const batch = (from: number, to: number) => {
      const counters = new Counters(match.layout);
      player.play({ offset: 0, from, to }, counters);
      return counters;
    };
    const merged = new Counters(match.layout);
    merged.add(batch(0, 5).data);
    merged.add(batch(5, 40).data);
    const notes = merged.notes();
    assert.equal(notes.length, MAX_NOTES);
    assert.deepEqual(
      notes.map((note) => note.game),
      [...new Set(notes.map((note) => note.game))].sort((a, b) => a - b),
    );
    assert.equal(notes[0].game, 0);
    assert.ok(notes.every((note) => note.seat === 0));
    assert.deepEqual(merged.notes(), batch(0, 40).notes());
    // The ones past the kept notes are still counted, whatever the batches.
    const whole = batch(0, 40);
    assert.ok(whole.noteCount() > MAX_NOTES, `${whole.noteCount()} notes`);
    assert.equal(merged.noteCount(), whole.noteCount());
  });

  test('a layout of fewer deal groups keeps the cells before them and the notes, and refuses a deal past them', () => {
    const shape = { players: 2, metrics: [], forfeitReasons: 1 };
    const every = new CounterLayout(shape, 2, 2);
    const few = new CounterLayout(shape, 2, 2, 3);
    assert.equal(few.dealGroupsStart, every.dealGroupsStart);
    assert.equal(every.size - few.size, (DEAL_GROUPS - 3) * every.dealGroupSize);
    const counters = new Counters(few);
    counters.closeBlock(2);
    assert.equal(counters.data[few.dealGroup(2)], 1);
    assert.throws(() => counters.closeBlock(3), /past the 3 its match-up keeps/);
  });
});
