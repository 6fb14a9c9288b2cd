import {
  CARD_COUNT,
  COINS,
  COST,
  EFFECT,
  MAX_PLAYERS,
  PLUS_ACTIONS,
  PLUS_BUYS,
  PLUS_CARDS,
  PLUS_COINS,
  TYPES,
  VP,
  totalCards,
} from './cards.ts';
import { FAMILIES } from './actions.ts';
import { CURVE_TURNS } from './metrics.ts';

// The engine's state lives in its WebAssembly memory (assembly/engine.ts), at the places this module
// fixes, and DominionState reads and writes the same cells through typed arrays over that memory.
// The compiled engine gets these numbers as constants of its own (see engine-binary.ts), so the
// two sides cannot place a cell differently.

/** The state's single numbers, each an Int32 cell of the SCALARS region. */
export const Slot = {
  ACTIVE: 0,
  CURRENT: 1,
  PHASE: 2,
  ACTIONS: 3,
  BUYS: 4,
  COINS: 5,
  MONEY_THIS_TURN: 6,
  BOUGHT: 7,
  TOTAL_TURNS: 8,
  PENDING_CARD: 9,
  RESOLVING: 10,
  VICTIM: 11,
  DISCARDS_OWED: 12,
  OVER: 13,
  END_CAUSE: 14,
  STOCKED_KINDS: 15,
  EMPTY_PILES: 16,
  PLAY_RUNS: 17,
  PLAY_COUNT: 18,
  PLAYERS: 19,
  /** 1 while the state's event log records (each call into the engine says): it then reports each event. */
  LOGGING: 20,
  TURN_LIMIT: 21,
  /** The rules as RuleBit flags. */
  RULES: 22,
  /** The stride of the seats' draw piles in DECK (see DominionState.capacity). */
  CAPACITY: 23,
} as const;
export const SLOT_COUNT = 24;

/** The yes-or-no rules (DecodedRules), as bits of the RULES slot. */
export const RuleBit = {
  PLAYED_CARD_IN_HAND: 1,
  MILITIA_ATTACKS: 2,
  MINE_GAIN_ANNOUNCED: 4,
  INVALID_ENDS_TURN: 8,
  ATTACK_TOP_DISCARD: 16,
  RANDOM_ATTACK_FALLBACK: 32,
  PLAYS_FOR_NOTHING: 64,
  CLEANUP_AFTER_BUYS: 128,
} as const;

/** The most coins a card costs: KINDS_UP_TO's last column. */
export const DEAREST = Math.max(...COST);

/** The cards' columns (cards.ts), copied into memory: row `column`, cell `card`. */
export const COLUMNS: readonly (readonly number[])[] = [
  COST,
  COINS,
  VP,
  TYPES,
  PLUS_ACTIONS,
  PLUS_CARDS,
  PLUS_BUYS,
  PLUS_COINS,
  EFFECT,
  // Per amount of coins up to DEAREST: the cards that cost at most that much, as a mask.
  Array.from({ length: DEAREST + 1 }, (_, coins) => COST.reduce((kinds, cost, card) => (cost <= coins ? kinds | (1 << card) : kinds), 0)),
].map((column) => Array.from(column));
export const Column = {
  COST: 0,
  COINS: 1,
  VP: 2,
  TYPES: 3,
  PLUS_ACTIONS: 4,
  PLUS_CARDS: 5,
  PLUS_BUYS: 6,
  PLUS_COINS: 7,
  EFFECT: 8,
  KINDS_UP_TO: 9,
} as const;
/** Int32 cells per column: room for every card. */
export const COLUMN_CELLS = 32;

/**
 * Room in a seat's draw pile and in the play area for every card there is at the largest table,
 * and 3 more: a shuffle lays the draw pile out four cards at a time, and its last write may run 3
 * cards past it.
 */
export const MAX_CAPACITY = totalCards(MAX_PLAYERS) + 3;

const seatCells = MAX_PLAYERS * CARD_COUNT;
/** Each region: its bytes per cell and its cells. */
const REGIONS = {
  SCALARS: [4, SLOT_COUNT],
  COLUMNS: [4, COLUMNS.length * COLUMN_CELLS],
  SUPPLY: [2, CARD_COUNT],
  STARTING_SUPPLY: [2, CARD_COUNT],
  HAND: [2, seatCells],
  DISCARD: [2, seatCells],
  OWNED: [2, seatCells],
  HAND_COUNT: [2, MAX_PLAYERS],
  DISCARD_COUNT: [2, MAX_PLAYERS],
  DECK_COUNT: [2, MAX_PLAYERS],
  TURNS: [2, MAX_PLAYERS],
  VP: [2, MAX_PLAYERS],
  TOP_DISCARD: [1, MAX_PLAYERS],
  HAND_KINDS: [4, MAX_PLAYERS],
  DISCARD_KINDS: [4, MAX_PLAYERS],
  LEGAL_KINDS: [4, FAMILIES],
  SHUFFLE_STREAMS: [4, 4 * MAX_PLAYERS],
  CHANCE_STREAMS: [4, 4 * MAX_PLAYERS],
  VP_BY_TURN: [2, MAX_PLAYERS * CURVE_TURNS],
  MONEY_BY_TURN: [2, MAX_PLAYERS * CURVE_TURNS],
  PLAY: [1, MAX_CAPACITY],
  PLAY_COPIES: [2, MAX_CAPACITY],
  DECK: [1, MAX_PLAYERS * MAX_CAPACITY],
} as const;
export type Region = keyof typeof REGIONS;

function place(): Record<Region | 'END', number> {
  let at = 0;
  const places = {} as Record<Region | 'END', number>;
  for (const [name, [bytes, cells]] of Object.entries(REGIONS)) {
    places[name as Region] = at;
    // Every region starts on 16 bytes, so each is aligned for its cells.
    at += Math.ceil((bytes * cells) / 16) * 16;
  }
  places.END = at;
  return places;
}

/** Each region's first byte, and END, the first byte past them all. */
export const Place = place();
