import { GAME_REASONS_START, sharedForfeitLabels } from '../../core/forfeits.ts';

/** Illegal-move reasons of Dominion, after the shared forfeit codes. Stable: they appear in results. */
export const Illegal = {
  /** Not a number of the action space. */
  UNKNOWN_ACTION: GAME_REASONS_START,
  /** A card name that is none of the 17. */
  UNKNOWN_CARD: GAME_REASONS_START + 1,
  /** A kind of action this decision does not take (a buy while resolving a cellar). */
  WRONG_DECISION: GAME_REASONS_START + 2,
  NOT_IN_HAND: GAME_REASONS_START + 3,
  /** Costs more than the coins left, or than the card being resolved allows. */
  TOO_EXPENSIVE: GAME_REASONS_START + 4,
  PILE_EMPTY: GAME_REASONS_START + 5,
  /** The card is of the wrong type here (a victory card played, a non-treasure to mine). */
  WRONG_TYPE: GAME_REASONS_START + 6,
} as const;

export const FORFEIT_LABELS: readonly string[] = [
  ...sharedForfeitLabels,
  'unknown-action',
  'unknown-card',
  'wrong-decision',
  'not-in-hand',
  'too-expensive',
  'pile-empty',
  'wrong-type',
];

/** The decision the current player faces. */
export const Phase = {
  OVER: 0,
  ACTION: 1,
  BUY: 2,
  CELLAR: 3,
  REMODEL_TRASH: 4,
  REMODEL_GAIN: 5,
  MINE_TRASH: 6,
  MINE_GAIN: 7,
  WORKSHOP_GAIN: 8,
  CLEANUP: 9,
  /** A militia victim holding a moat decides whether to reveal it. */
  REACTION: 10,
  MILITIA_DISCARD: 11,
} as const;

/** How a GAINED record's card arrived (its `c`). */
export const GainedBy = { BUY: 0, GAIN: 1, GAIN_TO_HAND: 2, STARTING_DECK: 3 } as const;

/**
 * Event kinds of the log. Recipients follow what the spec tells each player: draws and the hand's
 * changes only to their owner, gains, trashes, shuffles, reveals and top discards to everyone.
 */
export const Ev = {
  /** To each seat, first: a = players, b = the seat, c = the turn limit per player. */
  GAME_START: 1,
  /**
   * To everyone: a = seat, b = card, c = how (GainedBy), d = 0. When the rules leave a gain
   * unannounced (the original server's mine), only to the gainer, with d = 1; the others are told
   * SUPPLY_TAKEN instead.
   */
  GAINED: 2,
  /** To the seat: a = card drawn into its hand. */
  DREW: 3,
  /** To everyone: a = seat, whose discard pile became its draw pile. */
  SHUFFLED: 4,
  /** To the seat: a = seat, b = card moved from hand to play. */
  PLAYED: 5,
  /** To the seat: a = seat, b = card discarded from hand (cellar, militia). */
  DISCARDED: 6,
  /** To everyone: a = seat, b = card trashed from its hand. */
  TRASHED: 7,
  /** To everyone: a = seat, b = card revealed from its hand (a moat against militia). */
  REVEALED: 8,
  /** To the victim: a = attacker, b = cards it must discard. */
  ATTACKED: 9,
  /** To everyone: a = seat, b = the card now on top of its discard pile, -1 for none. */
  TOP_DISCARD: 10,
  /**
   * To everyone at cleanup, once per card the seat played this turn, treasures included, in the
   * order played: a = seat, b = card, c = position, d = cards played.
   */
  TURN_PLAYED: 11,
  /** To everyone, after the TURN_PLAYED records: a = seat, b = cards played this turn (maybe 0). */
  TURN_END: 12,
  /** To everyone: a = seat, b = its turn number (from 1). */
  TURN_START: 13,
  /** To everyone, once per seat at the end: a = seat, b = VP, c = turns taken, d = 1 for a winner. */
  GAME_END: 14,
  /** To the seat: a bad answer in its action phase cost it one action (a = seat, b = the reason). */
  ACTION_LOST: 15,
  /** To the other seats when a gain goes unannounced: a = card whose pile lost one, the gainer untold. */
  SUPPLY_TAKEN: 16,
} as const;
