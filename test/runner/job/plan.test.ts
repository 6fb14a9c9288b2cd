// Requests made in code (a notebook's) are checked as the command line checks its options: a count
// that is not a whole number in range fails with its name, before anything is played.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { builtinRegistry } from '../../../src/app.ts';
import { planComparison, type ComparisonRequest } from '../../../src/runner/compare/comparison-plan.ts';
import { planSim, planTournament, type SimRequest, type TournamentRequest } from '../../../src/runner/job/plan.ts';

const registry = builtinRegistry();
const sim: SimRequest = { game: 'love-letter', players: 2, strategies: ['random'], games: 10, seed: 's', design: 'independent' };
const tournament: TournamentRequest = {
  game: 'love-letter',
  strategies: ['random', 'counter'],
  players: 2,
  games: 10,
  seed: 's',
  seatings: 'all',
};
const comparison: ComparisonRequest = {
  game: 'love-letter',
  candidate: 'counter',
  baseline: 'random',
  preset: 'non-regression',
  sprtElo: 'normalized',
  maxGames: 1000,
  batch: 200,
  seed: 's',
};

const BAD_COUNTS = [0, -3, 2.5, Number.NaN, Number.POSITIVE_INFINITY, 1e13];

for (const games of BAD_COUNTS) {
  test(`a sim or tournament of ${games} games is refused, naming games`, () => {
    const expected = { message: new RegExp(`^games must be an integer from 1 to 1000000000000, got '${games}'$`) };
    assert.throws(() => planSim(registry, { ...sim, games }), expected);
    assert.throws(() => planTournament(registry, { ...tournament, games }), expected);
  });
}

for (const [field, value] of [
  ['maxGames', Number.NaN],
  ['maxGames', 1000.5],
  ['batch', 0],
  ['batch', Number.NaN],
  ['players', 2.5],
] as const) {
  test(`a comparison with ${field} ${value} is refused, naming it`, () => {
    assert.throws(() => planComparison(registry, { ...comparison, [field]: value }), {
      message: new RegExp(`^${field} must be an integer`),
    });
  });
}

test('players that are not a whole number are refused, naming players', () => {
  assert.throws(() => planSim(registry, { ...sim, players: 2.5 }), { message: /^players must be an integer from 1 to 16, got '2.5'$/ });
  assert.throws(() => planTournament(registry, { ...tournament, players: 2.5 }), { message: /^players must be an integer/ });
});

test('an untilClear confidence outside (0, 1) is refused', () => {
  const racing: SimRequest = { ...sim, strategies: ['random', 'counter'], design: 'duplicate' };
  for (const untilClear of [0, 1, 95, Number.NaN])
    assert.throws(() => planSim(registry, { ...racing, untilClear }), { message: /^untilClear must be a confidence/ });
  assert.equal(planSim(registry, { ...racing, untilClear: 0.95 }).untilClear, 0.95);
});

test('whole counts in range plan as before', () => {
  assert.equal(planSim(registry, sim).games, 10);
  assert.equal(planTournament(registry, tournament).games, 10);
  assert.equal(planComparison(registry, comparison).maxGames, 1000);
});
