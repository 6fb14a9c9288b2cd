import { HeartsStateView, hearts, type HeartsState } from '../../src/games/hearts/index.ts';
import { duckingCard } from './ducking.ts';

/**
 * Plays imagined hands to their end for a search, every seat by the `ducking` rules. Those rules
 * read only the trick, the player's own cards and whether the queen of spades is gone, so each
 * seat plays from its state view (what it could know) even though the state holds every hand.
 */
export class DuckingPlayout {
  private readonly views: HeartsStateView[];
  private readonly legal = new Int32Array(hearts.maxActions);

  /** `state`: the search state every playout runs in. */
  constructor(state: HeartsState) {
    this.views = Array.from({ length: state.players }, (_, seat) => new HeartsStateView(state, seat));
  }

  /** Plays the hand out. */
  finish(state: HeartsState): void {
    const legal = this.legal;
    while (!state.over) {
      const count = hearts.legalActions(state, legal);
      hearts.apply(state, duckingCard(this.views[state.current], legal, count));
    }
  }
}
