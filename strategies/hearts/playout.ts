import { DECK_SIZE, SUITS, hearts, type HeartsState, type HeartsView } from '../../src/games/hearts/index.ts';
import { duckingCard, type DuckingInput } from './ducking.ts';

/** The seat to play in a state being played out, in the shape the ducking rules read; refilled before each play. */
class SeatToPlay implements DuckingInput {
  readonly players: number;
  trickCount = 0;
  ledSuit = 0;
  trickHighRank = 0;
  trickPoints = 0;
  readonly suitMask = new Int32Array(SUITS);
  readonly played = new Uint8Array(DECK_SIZE);

  constructor(players: number) {
    this.players = players;
  }
}

/**
 * Plays imagined hands to their end for a search, every seat by the `ducking` rules. Those rules
 * read only the trick, the player's own cards and whether the queen of spades is gone, so each
 * seat acts on what it could know even though the state holds every hand.
 */
export class DuckingPlayout {
  private readonly toPlay: SeatToPlay;
  private readonly legal = new Int32Array(hearts.maxActions);

  constructor(players: number) {
    this.toPlay = new SeatToPlay(players);
  }

  /** Starts a playout from the searcher's decision: the cards played so far. */
  start(view: HeartsView): void {
    this.toPlay.played.set(view.played);
  }

  apply(state: HeartsState, card: number): void {
    this.toPlay.played[card] = 1;
    hearts.apply(state, card);
  }

  /** Plays the hand out. */
  finish(state: HeartsState): void {
    const toPlay = this.toPlay;
    const legal = this.legal;
    while (!state.over) {
      const count = hearts.legalActions(state, legal);
      const base = state.current * SUITS;
      toPlay.trickCount = state.trickCount;
      toPlay.ledSuit = state.ledSuit;
      toPlay.trickHighRank = state.trickHighRank;
      toPlay.trickPoints = state.trickPoints;
      for (let suit = 0; suit < SUITS; suit++) toPlay.suitMask[suit] = state.suitMask[base + suit];
      this.apply(state, duckingCard(toPlay, legal, count));
    }
  }
}
