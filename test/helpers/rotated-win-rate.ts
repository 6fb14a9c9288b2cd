// The game-win rate of one built-in strategy against others, seats rotating from game to game so
// no strategy keeps the first seat's advantage: what strength tests and ladders measure.
import type { Game, GameState, PlayerView } from '../../src/core/game.ts';
import { masterKey } from '../../src/core/random.ts';
import { Table, playGame } from '../../src/runner/table.ts';
import { wilson } from '../../src/stats/wilson.ts';
import { builtinRegistry } from '../../src/app.ts';

/** The win share of `specs[0]` (1/k for a k-way shared win) over `games` games, with its 95% interval. */
export function rotatedWinRate(
  game: Game<GameState, PlayerView>,
  specs: readonly string[],
  games: number,
  seed: string,
  rulePairs: Readonly<Record<string, string>> = {},
) {
  const registry = builtinRegistry();
  const rules = game.parseRules(rulePairs);
  const players = specs.length;
  const tables = specs.map((_, rotation) => {
    const seats = specs.map((__, seat) => {
      const name = specs[(seat + rotation) % players];
      const definition = registry.findStrategy(game.id, name);
      if (!definition) throw new Error(`no built-in ${name} for ${game.id}`);
      return { strategy: definition.create({ seat, players, rules, params: {} }), trusted: true };
    });
    return new Table(game, rules, seats);
  });
  const key = masterKey(seed);
  const shares = new Float64Array(players);
  let wins = 0;
  for (let index = 0; index < games; index++) {
    const rotation = index % players;
    playGame(tables[rotation], key, index);
    game.returns(tables[rotation].state, shares);
    // Seat s plays specs[(s + rotation) % players]: specs[0] sits at seat (players - rotation) % players.
    wins += shares[(players - rotation) % players];
  }
  return wilson(wins, games);
}
