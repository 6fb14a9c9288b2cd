import { Errors } from './errors.ts';
import type { Game } from './game.ts';
import type { StrategyDefinition } from './strategy.ts';

/**
 * Reads a strategy a user wrote as data (a JSON file) for one game: returns its definition, or
 * throws a ParlorError naming `source` and what is wrong.
 */
export type StrategyReader = (data: unknown, source: string) => StrategyDefinition<any>;

/**
 * One game with everything parlor ships for it: the one thing a game registers, so its parts are
 * never listed apart. The game-generic strategies (mcts) are made for it from these.
 */
export interface GameModule {
  readonly game: Game<any, any>;
  /** Its own built-in strategies, in the order `parlor strategies` lists them. */
  readonly strategies: readonly StrategyDefinition<any>[];
  /** How it reads strategies written as data (Dominion: priority lists), if it has any. */
  readonly reader?: StrategyReader;
  /** Its strategy API, `parlor/strategy/<strategyApi>` (src/strategy/<strategyApi>.ts), which exports the game. */
  readonly strategyApi: string;
}

/** Games, built-in strategies by name, and the readers of strategies written as data. */
export class Registry {
  private readonly games = new Map<string, Game<any, any>>();
  private readonly strategies = new Map<string, Map<string, StrategyDefinition<any>>>();
  private readonly readers = new Map<string, StrategyReader>();

  addGame(game: Game<any, any>): this {
    this.games.set(game.id, game);
    return this;
  }

  addStrategy(definition: StrategyDefinition<any>): this {
    const forGame = this.strategies.get(definition.game) ?? new Map<string, StrategyDefinition<any>>();
    forGame.set(definition.name, definition);
    this.strategies.set(definition.game, forGame);
    return this;
  }

  /** How `gameId` reads strategies from JSON files (Dominion: priority lists). */
  addStrategyReader(gameId: string, reader: StrategyReader): this {
    this.readers.set(gameId, reader);
    return this;
  }

  strategyReader(gameId: string): StrategyReader | undefined {
    return this.readers.get(gameId);
  }

  game(id: string): Game<any, any> {
    const game = this.games.get(id);
    if (!game) throw Errors.unknownGame(id, [...this.games.keys()]);
    return game;
  }

  gameIds(): string[] {
    return [...this.games.keys()];
  }

  /** The built-in strategy, or undefined (the caller may then try a file path). */
  findStrategy(gameId: string, name: string): StrategyDefinition<any> | undefined {
    return this.strategies.get(gameId)?.get(name);
  }

  strategiesOf(gameId: string): StrategyDefinition<any>[] {
    return [...(this.strategies.get(gameId)?.values() ?? [])];
  }
}
