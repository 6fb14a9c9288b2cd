// The state view shows at every decision what the event view shows of the same seat: its hand,
// what it has seen, its suggestions, the solution it knows for certain and whether it must accuse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { masterKey, type Rng } from '../../../src/core/random.ts';
import type { GameEvent } from '../../../src/core/events.ts';
import type { Strategy } from '../../../src/core/strategy.ts';
import { speedClue, type SpeedClueSeatView, type SpeedClueView } from '../../../src/games/speedclue/index.ts';
import { Table, playGame } from '../../../src/runner/play/table.ts';
import { inference } from '../../../strategies/speedclue/inference.ts';
import { random } from '../../../strategies/speedclue/random.ts';

/** Plays `inner`, checking first that the state view agrees with the event view it is handed. */
class Agreeing implements Strategy<SpeedClueView> {
  readonly observes = true;
  stateView: SpeedClueSeatView | null = null;
  checked = 0;

  constructor(private readonly inner: Strategy<SpeedClueView>) {}

  restart(): void {
    this.inner.restart();
  }

  inform(event: GameEvent): void {
    this.inner.inform(event);
  }

  choose(view: SpeedClueView, legal: Int32Array, count: number, rng: Rng): number {
    const shown = this.stateView!;
    assert.equal(shown.hand, view.hand, 'hand');
    assert.equal(shown.seen, view.seen, 'seen');
    assert.equal(shown.suggestions, view.suggestions, 'suggestions');
    assert.deepEqual(shown.used, view.used, 'used');
    assert.equal(shown.certain, view.certain, 'certain');
    assert.equal(shown.mustAccuse, view.mustAccuse, 'mustAccuse');
    this.checked++;
    return this.inner.choose(view, legal, count, rng);
  }
}

for (const profile of ['java-server', 'python-port']) {
  test(`${profile}: the state view agrees with the event view at every decision`, () => {
    for (const players of [3, 5]) {
      const rules = speedClue.parseRules({ profile });
      const seats = Array.from({ length: players }, (_, seat) => {
        const definition = seat % 2 === 0 ? random : inference;
        return new Agreeing(definition.create({ seat, players, rules, params: {} }));
      });
      const table = new Table(
        speedClue,
        rules,
        seats.map((strategy) => ({ strategy, trusted: true })),
      );
      seats.forEach((seat, index) => (seat.stateView = speedClue.createStateView!(table.state, index) as SpeedClueSeatView));
      for (let game = 0; game < 20; game++) playGame(table, masterKey(`state-view-${profile}`), game);
      for (const seat of seats) assert.ok(seat.checked > 20, `seat decided ${seat.checked} times`);
    }
  });
}
