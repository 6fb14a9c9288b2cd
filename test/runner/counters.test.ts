import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { shareUnitsFor } from '../../src/core/tally.ts';
import { MatchPlayer } from '../../src/runner/batch.ts';
import { Counters, Field, Global, MAX_NOTES } from '../../src/runner/counters.ts';
import { prepareMatch } from '../../src/runner/match.ts';
import { builtinRegistry } from '../../src/app.ts';

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
});
