import { Errors } from './errors.ts';
import type { Game } from './game.ts';
import type { StrategyDefinition } from './strategy.ts';

/** Games and built-in strategies by name. */
export class Registry {
  private readonly games = new Map<string, Game<any, any>>();
  private readonly strategies = new Map<string, Map<string, StrategyDefinition<any>>>();

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
