// Checks a game's state view against its event view at every decision of real games.
import assert from 'node:assert/strict';
import { masterKey, type Rng } from '../../src/core/random.ts';
import type { GameEvent } from '../../src/core/events.ts';
import type { Game, GameState, PlayerView, RuleValues } from '../../src/core/game.ts';
import type { Strategy, StrategyDefinition } from '../../src/core/strategy.ts';
import { Table, playGame } from '../../src/runner/play/table.ts';

/** Plays `inner`, first checking the state view against the event view it is handed. */
class Agreeing<V extends PlayerView, S extends PlayerView> implements Strategy<V> {
  readonly observes = true;
  stateView: S | null = null;
  checked = 0;
  /** The first disagreement: thrown from `choose`, the table would take it for a forfeit. */
  failure: unknown = null;

  constructor(
    private readonly inner: Strategy<V>,
    private readonly agree: (shown: S, view: V) => void,
  ) {}

  restart(): void {
    this.inner.restart();
  }

  inform(event: GameEvent): void {
    this.inner.inform(event);
  }

  choose(view: V, legal: Int32Array, count: number, rng: Rng): number {
    try {
      this.agree(this.stateView!, view);
    } catch (error) {
      this.failure ??= error;
    }
    this.checked++;
    return this.inner.choose(view, legal, count, rng);
  }
}

/**
 * Plays `games` games at `players`, the seats taking `definitions` in turn, and runs `agree`
 * (assertions on the state view `shown` against the event view) at every decision; each seat
 * must decide more than `decisions` times.
 */
export function assertStateViewAgrees<St extends GameState, V extends PlayerView, S extends PlayerView>(
  game: Game<St, V>,
  rules: RuleValues,
  players: number,
  definitions: readonly StrategyDefinition<V>[],
  games: number,
  decisions: number,
  agree: (shown: S, view: V) => void,
): void {
  const seats = Array.from({ length: players }, (_, seat) => {
    const definition = definitions[seat % definitions.length];
    return new Agreeing<V, S>(definition.create({ seat, players, rules, params: {} }), agree);
  });
  const table = new Table(
    game,
    rules,
    seats.map((strategy) => ({ strategy, trusted: true })),
  );
  seats.forEach((seat, index) => (seat.stateView = game.createStateView!(table.state, index) as S));
  for (let index = 0; index < games; index++) playGame(table, masterKey(`state-view-${game.id}`), index);
  for (const seat of seats) {
    if (seat.failure !== null) throw seat.failure;
    assert.ok(seat.checked > decisions, `seat decided ${seat.checked} times`);
  }
}
