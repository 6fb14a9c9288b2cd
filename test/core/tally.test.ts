// A game's tally: every counter and metric cell lives on one buffer, so they must not overlap,
// must all clear, and the recording calls must land in the cells the runner reads.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { MetricSpec } from '../../src/core/metrics.ts';
import { GameTally, shareUnitsFor } from '../../src/core/tally.ts';

const METRICS: readonly MetricSpec[] = [
  { kind: 'rate-by', name: 'opening', title: 'by opening', labelTitle: 'opening', labels: ['a', 'b', 'c'] },
  { kind: 'causes', name: 'out', title: 'outs', labelTitle: 'out by', labels: ['x', 'y'], unit: 'outs' },
  {
    kind: 'moments',
    name: 'points',
    title: 'points',
    labelTitle: 'held',
    labels: ['low', 'high'],
    per: 'round',
    valueTitle: 'points',
    format: 'number',
    lowerIsBetter: true,
  },
];
const SHAPE = { players: 3, metrics: METRICS, forfeitReasons: 6 };

describe('game tally', () => {
  test('sizes the buffer for the counters and every seat of every metric, without overlap', () => {
    const tally = new GameTally(SHAPE);
    // 2 per seat for round wins, 6 forfeit reasons, rate-by 3 * 3 + 1, causes 2, moments 3 * 2.
    assert.equal(tally.counts.length, 3 * (2 + 6 + 10 + 2 + 6));
    const starts = [0, 1, 2].flatMap((m) => [0, 1, 2].map((seat) => tally.metricOffset(m, seat)));
    const strides = [10, 2, 6];
    const cells = new Set<number>();
    starts.forEach((start, index) => {
      for (let i = 0; i < strides[Math.floor(index / 3)]; i++) cells.add(start + i);
    });
    assert.equal(cells.size, 3 * 18, 'metric cells are distinct');
    assert.ok(Math.min(...cells) >= 3 * 8, 'after the round-win and forfeit windows');
    assert.ok(Math.max(...cells) < tally.counts.length);
  });

  test('a rate-by metric counts rounds and round wins under the label held, and the first round labels the game', () => {
    const tally = new GameTally(SHAPE);
    tally.startRound();
    tally.hold(0, 1, 2);
    tally.roundWon(1, 6);
    tally.startRound();
    tally.hold(0, 1, 0);
    const at = tally.metricOffset(0, 1);
    assert.deepEqual([...tally.counts.subarray(at, at + 10)], [1, 0, 1, 0, 0, 1, 0, 0, 6, 2]);
    assert.deepEqual([tally.roundWins[1], tally.roundWinShare[1], tally.rounds], [1, 6, 2]);
  });

  test('causes count per label; moments keep records, sum and squares under the label held', () => {
    const tally = new GameTally(SHAPE);
    tally.count(1, 2, 1);
    tally.count(1, 2, 1);
    assert.deepEqual([...tally.counts.subarray(tally.metricOffset(1, 2), tally.metricOffset(1, 2) + 2)], [0, 2]);
    tally.hold(2, 0, 1);
    tally.record(2, 0, 5);
    tally.record(2, 0, 3);
    const at = tally.metricOffset(2, 0);
    assert.deepEqual([...tally.counts.subarray(at, at + 6)], [0, 0, 0, 2, 8, 34]);
  });

  test('a moments value recorded at the cells named for a label lands where holding the label puts it', () => {
    const held = new GameTally(SHAPE);
    const named = new GameTally(SHAPE);
    for (const [seat, label, value] of [
      [0, 1, 5],
      [2, 0, 3],
      [2, 1, 7],
      [2, 1, 2],
    ]) {
      held.hold(2, seat, label);
      held.record(2, seat, value);
      named.recordAt(named.momentsCell(2, seat, label), value);
    }
    assert.deepEqual([...named.counts], [...held.counts]);
  });

  test('rate-by rounds and wins counted at the cells named for each label land where holding the label puts them', () => {
    const held = new GameTally(SHAPE);
    const named = new GameTally(SHAPE);
    const labels = METRICS[0].labels.length;
    // Per round, each seat's label, then the winners and their share: the first round labels the game.
    const rounds: [number[], number[], number][] = [
      [[2, 0, 1], [0], 6],
      [[1, 1, 2], [1, 2], 3],
      [[0, 2, 2], [2], 6],
    ];
    for (const [dealt, winners, share] of rounds) {
      held.startRound();
      named.startRound();
      const cells = dealt.map((label, seat) => named.rateByCell(0, seat, label));
      dealt.forEach((label, seat) => {
        held.hold(0, seat, label);
        named.holdAt(cells[seat], label, labels);
      });
      for (const seat of winners) {
        held.roundWon(seat, share);
        named.seatWon(seat, share);
        named.rateByWonAt(cells[seat], labels, share);
      }
    }
    assert.deepEqual([...named.counts], [...held.counts]);
    assert.equal(named.counts[named.rateByCell(0, 2, 2) + labels], 2, 'seat 2 won twice holding label 2');
  });

  test("a series recorded once lands as each label's first record would", () => {
    const series = new GameTally(SHAPE);
    const each = new GameTally(SHAPE);
    series.counts.fill(9);
    series.clear();
    series.recordSeriesOnce(2, 1, Int16Array.of(7, -3, 4), 1, 2);
    each.recordAt(each.momentsCell(2, 1, 0), -3);
    each.recordAt(each.momentsCell(2, 1, 1), 4);
    assert.deepEqual([...series.counts], [...each.counts]);
  });

  test('forfeits land in the seat row of the reason', () => {
    const tally = new GameTally(SHAPE);
    tally.forfeit(2, 4);
    assert.equal(tally.forfeits[2 * 6 + 4], 1);
    assert.equal(
      tally.forfeits.reduce((a, b) => a + b, 0),
      1,
    );
  });

  test("the game's forfeit count follows every seat's forfeits, and a new game starts it again", () => {
    const tally = new GameTally(SHAPE);
    assert.equal(tally.forfeitCount, 0);
    tally.forfeit(2, 4);
    tally.forfeit(0, 1);
    tally.forfeit(2, 4);
    assert.equal(tally.forfeitCount, 3);
    assert.equal(
      tally.forfeitCount,
      tally.forfeits.reduce((a, b) => a + b, 0),
    );
    tally.clear();
    assert.equal(tally.forfeitCount, 0);
  });

  test('clear zeroes every cell and the round count', () => {
    const tally = new GameTally(SHAPE);
    tally.counts.fill(5);
    tally.rounds = 4;
    tally.clear();
    assert.equal(tally.rounds, 0);
    assert.ok(tally.counts.every((cell) => cell === 0));
  });

  test('a win splits into whole share units among any number of winners', () => {
    assert.deepEqual([1, 2, 3, 4].map(shareUnitsFor), [1, 2, 6, 12]);
  });
});
