// Cheating strategies, loaded by path as a user's would be, each trying one way to learn more than
// its seat is told or to change what the runner plays with. Each must win no more often than an
// honest copy of the strategy it builds on, and must leave the run it played in intact.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MatchPlayer } from '../../src/runner/play/batch.ts';
import { newCounters, prepareMatch } from '../../src/runner/play/match.ts';
import { builtinRegistry } from '../../src/app.ts';

const GAMES = 1500;
const CHEATS = ['event-read', 'game-module', 'stream-inversion', 'legal-buffer'];

interface Outcome {
  /** Seat 0's share of the wins. */
  readonly rate: number;
  /** Its win units in all, to compare runs exactly. */
  readonly score: number;
  /** Forfeits noted in the run: a cheat that threw or played illegally would lose for that alone. */
  readonly forfeits: number;
}

/** Plays GAMES games of `first` against `cautious` in the independent design, in this thread. */
async function play(first: string): Promise<Outcome> {
  const match = await prepareMatch(builtinRegistry(), {
    game: 'love-letter',
    seats: [first, 'cautious'],
    rules: {},
    seed: 'isolation',
  });
  const player = new MatchPlayer(match, 'independent');
  const counters = newCounters(match);
  player.play({ offset: 0, from: 0, to: GAMES }, counters);
  const [mine, theirs] = player.seatScore;
  return { rate: mine / (mine + theirs), score: mine, forfeits: counters.notes().length };
}

test('cheating strategies gain nothing and leave the run intact', async () => {
  const honestBefore = await play('cautious');
  // The upper end of a 99% interval for the honest copy's rate over GAMES games.
  const upper = honestBefore.rate + 2.576 * Math.sqrt((honestBefore.rate * (1 - honestBefore.rate)) / GAMES);
  for (const cheat of CHEATS) {
    const outcome = await play(`test/fixtures/strategies/cheats/${cheat}.ts`);
    assert.equal(outcome.forfeits, 0, `${cheat} forfeited`);
    assert.ok(
      outcome.rate <= upper,
      `${cheat} won ${(outcome.rate * 100).toFixed(1)}% against cautious, where an honest copy wins at most ${(upper * 100).toFixed(1)}%`,
    );
  }
  // Every cheat is loaded and has tried its tampering: the honest match plays exactly as before.
  assert.deepEqual(await play('cautious'), honestBefore);
});
