// The game-win rate of one built-in strategy against others, seats rotating from game to game so
// no strategy keeps the first seat's advantage: what strength tests and ladders measure.
import type { Game, GameState, PlayerView } from '../../src/core/game.ts';
import { masterKey } from '../../src/core/random.ts';
import { Table, playGame } from '../../src/runner/play/table.ts';
import { wilson } from '../../src/stats/wilson.ts';
import { builtinRegistry } from '../../src/app.ts';

/**
 * Plays `games` games of built-ins `specs`, rotating the seats one step a game, and hands each
 * finished state to `onGame` with the seat `specs[0]` held in it.
 */
export function playRotated<S extends GameState>(
  game: Game<S, PlayerView>,
  specs: readonly string[],
  games: number,
  seed: string,
  rulePairs: Readonly<Record<string, string>>,
  onGame: (state: S, firstSpecSeat: number) => void,
): void {
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
  for (let index = 0; index < games; index++) {
    const rotation = index % players;
    playGame(tables[rotation], key, index);
    // Seat s plays specs[(s + rotation) % players]: specs[0] sits at seat (players - rotation) % players.
    onGame(tables[rotation].state, (players - rotation) % players);
  }
}

/** The win share of `specs[0]` (1/k for a k-way shared win) over `games` games, with its 95% interval. */
export function rotatedWinRate(
  game: Game<GameState, PlayerView>,
  specs: readonly string[],
  games: number,
  seed: string,
  rulePairs: Readonly<Record<string, string>> = {},
) {
  const shares = new Float64Array(specs.length);
  let wins = 0;
  playRotated(game, specs, games, seed, rulePairs, (state, seat) => {
    game.returns(state, shares);
    wins += shares[seat];
  });
  return wilson(wins, games);
}
