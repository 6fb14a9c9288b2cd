// Scoring in both profiles and each faithful-server quirk alone, on hands built trick by trick
// (crafted.ts): every expected total below is worked out by hand from the trick tables.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ALL_TO_SEAT_0, MIXED, SEAT_2_WINS_LATE, SEAT_2_WINS_NOTHING, totalsAfter, type TrickTable } from './crafted.ts';

const SERVER = { profile: 'zadikian-server' };

interface Case {
  readonly name: string;
  readonly hands: readonly TrickTable[];
  readonly rules: Readonly<Record<string, string>>;
  readonly totals: readonly number[];
}

const CASES: readonly Case[] = [
  // Spec: seat 0 takes 4 (trick 10), seat 1 4 + the ace of hearts, seat 3 the queen and 4.
  { name: 'spec sums every trick', hands: [MIXED], rules: {}, totals: [4, 5, 0, 17] },
  // Server: 12 tricks, each seat scores its last won trick; seat 2's last trick had no points.
  { name: 'server profile', hands: [MIXED], rules: SERVER, totals: [4, 4, 0, 4] },
  { name: 'quirk alone: last trick unplayed', hands: [MIXED], rules: { tricks: 'all-but-last' }, totals: [4, 4, 0, 17] },
  // Seat 1's last trick is the thirteenth (1 point); seat 3's is trick 9 (4), not the queen's.
  { name: 'quirk alone: last trick won scores', hands: [MIXED], rules: { handScore: 'last-trick' }, totals: [4, 1, 0, 4] },
  {
    name: 'quirk alone: moon over played tricks, none shot',
    hands: [MIXED],
    rules: { moon: 'played-point-tricks' },
    totals: [4, 5, 0, 17],
  },
  // Hand 1: seat 2 takes trick 11 (4) and the last trick (1). Hand 2: seat 2 wins nothing.
  { name: 'quirk alone: carry-over', hands: [SEAT_2_WINS_LATE, SEAT_2_WINS_NOTHING], rules: { carryOver: 'true' }, totals: [8, 5, 10, 34] },
  { name: 'no carry-over', hands: [SEAT_2_WINS_LATE, SEAT_2_WINS_NOTHING], rules: {}, totals: [8, 5, 5, 34] },
  // Server: hand 1 [4, 0, 4, 4]; hand 2 seat 2 re-adds its 4.
  { name: 'server carry-over', hands: [SEAT_2_WINS_LATE, SEAT_2_WINS_NOTHING], rules: SERVER, totals: [8, 4, 8, 8] },
  {
    name: 'server without carry-over',
    hands: [SEAT_2_WINS_LATE, SEAT_2_WINS_NOTHING],
    rules: { ...SERVER, carryOver: 'false' },
    totals: [8, 4, 4, 8],
  },
  // Seat 0 takes every trick: all 26 in the spec.
  { name: 'spec moon', hands: [ALL_TO_SEAT_0], rules: {}, totals: [0, 26, 26, 26] },
  // The server plays 12 tricks: seat 0 takes 12 hearts, the queen is never played, still a moon.
  { name: 'server moon with 12 points', hands: [ALL_TO_SEAT_0], rules: SERVER, totals: [0, 26, 26, 26] },
  { name: 'no moon without all 26', hands: [ALL_TO_SEAT_0], rules: { tricks: 'all-but-last' }, totals: [12, 0, 0, 0] },
  // Trick 0 held the two of hearts: 12 - 1.
  {
    name: 'quirk alone: first trick not scored',
    hands: [ALL_TO_SEAT_0],
    rules: { tricks: 'all-but-last', scoreFirstTrick: 'false' },
    totals: [11, 0, 0, 0],
  },
  // Without the moon seat 0 scores its last trick (1 heart); the others won nothing and carry 0.
  { name: 'server with the all-points moon', hands: [ALL_TO_SEAT_0], rules: { ...SERVER, moon: 'all-points' }, totals: [1, 0, 0, 0] },
  // Hand 1 [4, 0, 4, 4]; the moon gives 26 to each other seat and leaves seat 2's carried 4, which
  // hand 3 (where seat 2 wins nothing) adds again: [4, 4, 4, 4].
  {
    name: 'server moon leaves the carried value',
    hands: [SEAT_2_WINS_LATE, ALL_TO_SEAT_0, SEAT_2_WINS_NOTHING],
    rules: SERVER,
    totals: [8, 30, 34, 34],
  },
];

for (const c of CASES) {
  test(`scoring: ${c.name}`, () => {
    assert.deepEqual(totalsAfter(c.hands, c.rules), c.totals);
  });
}
