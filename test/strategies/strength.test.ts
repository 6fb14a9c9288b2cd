// The strength ordering of strategies/README.md, on samples small enough for the test suite and
// only where the gap is wide: each interval here clears its bound by ten points or more.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Table, loveLetter, masterKey, playGame } from '../../src/index.ts';
import { wilson } from '../../src/stats/wilson.ts';
import { builtinRegistry } from '../../src/app.ts';

/** The game-win rate of `specs[0]`, seats rotating from game to game, with its 95% interval. */
function winRate(specs: readonly string[], games: number, seed: string) {
  const registry = builtinRegistry();
  const rules = loveLetter.parseRules({});
  const players = specs.length;
  const tables = specs.map((_, rotation) => {
    const seats = specs.map((__, seat) => {
      const definition = registry.findStrategy('love-letter', specs[(seat + rotation) % players])!;
      return { strategy: definition.create({ seat, players, rules, params: {} }), trusted: true };
    });
    return new Table(loveLetter, rules, seats);
  });
  const shares = new Float64Array(players);
  let wins = 0;
  for (let game = 0; game < games; game++) {
    const rotation = game % players;
    playGame(tables[rotation], masterKey(seed), game);
    loveLetter.returns(tables[rotation].state, shares);
    // Seat s plays specs[(s + rotation) % players]: specs[0] sits at seat (players - rotation) % players.
    wins += shares[(players - rotation) % players];
  }
  return wilson(wins, games);
}

describe('strength', () => {
  test('cautious and counter each win well over half their games against three random players', () => {
    for (const strategy of ['cautious', 'counter']) {
      const rate = winRate([strategy, 'random', 'random', 'random'], 400, `strength-${strategy}`);
      assert.ok(rate.low > 0.6, `${strategy}: ${JSON.stringify(rate)}`);
    }
  });

  test('counter beats cautious head to head', () => {
    const rate = winRate(['counter', 'cautious'], 600, 'strength-duel');
    assert.ok(rate.low > 0.6, JSON.stringify(rate));
  });
});
