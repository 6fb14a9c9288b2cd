/**
 * The cards as data: one row per supply pile, indexed by the card's number. Numbers follow the
 * order in which the communication spec lists the supply (curse first, workshop last), so a pile,
 * a hand or an owned-card count is a typed array of CARD_COUNT cells indexed by card. Adding a
 * base-set kingdom card means adding a row here and, when its effect is not just counters, an
 * Effect and its decision in the engine.
 */
export const Card = {
  CURSE: 0,
  COPPER: 1,
  SILVER: 2,
  GOLD: 3,
  ESTATE: 4,
  DUCHY: 5,
  PROVINCE: 6,
  CELLAR: 7,
  MARKET: 8,
  MILITIA: 9,
  MINE: 10,
  MOAT: 11,
  REMODEL: 12,
  SMITHY: 13,
  VILLAGE: 14,
  WOODCUTTER: 15,
  WORKSHOP: 16,
} as const;

/** Supply piles, so cards: every count per card has this many cells. */
export const CARD_COUNT = 17;
/** The fewest players at a table. */
export const MIN_PLAYERS = 2;
/** The most players at a table. */
export const MAX_PLAYERS = 4;
/** Cards drawn for a new hand. */
export const HAND_SIZE = 5;
/** Militia leaves its victims this many cards. */
export const MILITIA_KEEPS = 3;
/** Workshop gains a card costing up to this. */
export const WORKSHOP_MAX_COST = 4;
/** Remodel gains a card costing up to this much more than the card it trashed. */
export const REMODEL_EXTRA_COST = 2;
/** Mine gains a treasure costing up to this much more than the treasure it trashed. */
export const MINE_EXTRA_COST = 3;

/** Type bits: a card may have several (moat is an action and a reaction). */
export const Type = { TREASURE: 1, VICTORY: 2, CURSE: 4, ACTION: 8, ATTACK: 16, REACTION: 32 } as const;

/** What an action does beyond its counters, resolved through its own decisions. */
export const Effect = { NONE: 0, CELLAR: 1, MILITIA: 2, MINE: 3, REMODEL: 4, WORKSHOP: 5 } as const;

/** How large a pile starts, by what kind of pile it is. */
type Pile = number | 'victory' | 'curse' | 'copper';

interface CardRow {
  readonly name: string;
  readonly cost: number;
  readonly types: number;
  /** Coins a treasure adds when played. */
  readonly coins: number;
  readonly vp: number;
  readonly plusActions: number;
  readonly plusCards: number;
  readonly plusBuys: number;
  readonly plusCoins: number;
  readonly effect: number;
  readonly pile: Pile;
}

const { TREASURE, VICTORY, CURSE, ACTION, ATTACK, REACTION } = Type;

function row(name: string, cost: number, types: number, pile: Pile, extra: Partial<CardRow> = {}): CardRow {
  return {
    name,
    cost,
    types,
    coins: 0,
    vp: 0,
    plusActions: 0,
    plusCards: 0,
    plusBuys: 0,
    plusCoins: 0,
    effect: Effect.NONE,
    pile,
    ...extra,
  };
}

/** The 17 piles of the "First Game" set, in card-number order. */
export const CARDS: readonly CardRow[] = [
  row('curse', 0, CURSE, 'curse', { vp: -1 }),
  row('copper', 0, TREASURE, 'copper', { coins: 1 }),
  row('silver', 3, TREASURE, 40, { coins: 2 }),
  row('gold', 6, TREASURE, 30, { coins: 3 }),
  row('estate', 2, VICTORY, 'victory', { vp: 1 }),
  row('duchy', 5, VICTORY, 'victory', { vp: 3 }),
  row('province', 8, VICTORY, 'victory', { vp: 6 }),
  row('cellar', 2, ACTION, 10, { plusActions: 1, effect: Effect.CELLAR }),
  row('market', 5, ACTION, 10, { plusActions: 1, plusCards: 1, plusBuys: 1, plusCoins: 1 }),
  row('militia', 4, ACTION | ATTACK, 10, { plusCoins: 2, effect: Effect.MILITIA }),
  row('mine', 5, ACTION, 10, { effect: Effect.MINE }),
  row('moat', 2, ACTION | REACTION, 10, { plusCards: 2 }),
  row('remodel', 4, ACTION, 10, { effect: Effect.REMODEL }),
  row('smithy', 4, ACTION, 10, { plusCards: 3 }),
  row('village', 3, ACTION, 10, { plusActions: 2, plusCards: 1 }),
  row('woodcutter', 3, ACTION, 10, { plusBuys: 1, plusCoins: 2 }),
  row('workshop', 3, ACTION, 10, { effect: Effect.WORKSHOP }),
];

// Columns as typed arrays for the hot path: one indexed load instead of an object property.
/** [card]: its cost in coins. */
export const COST = Int8Array.from(CARDS, (card) => card.cost);
/** [card]: its types, as bits of Type. */
export const TYPES = Int8Array.from(CARDS, (card) => card.types);
/** [card]: the coins a treasure adds when played. */
export const COINS = Int8Array.from(CARDS, (card) => card.coins);
/** [card]: the VP it is worth at the end (a curse -1). */
export const VP = Int8Array.from(CARDS, (card) => card.vp);
/** [card]: the actions an action card gives when played. */
export const PLUS_ACTIONS = Int8Array.from(CARDS, (card) => card.plusActions);
/** [card]: the cards an action card draws when played. */
export const PLUS_CARDS = Int8Array.from(CARDS, (card) => card.plusCards);
/** [card]: the buys an action card gives when played. */
export const PLUS_BUYS = Int8Array.from(CARDS, (card) => card.plusBuys);
/** [card]: the coins an action card gives when played. */
export const PLUS_COINS = Int8Array.from(CARDS, (card) => card.plusCoins);
/** [card]: what it does beyond its counters (Effect). */
export const EFFECT = Int8Array.from(CARDS, (card) => card.effect);
/** [card]: its name, as the protocol and priority lists write it (`province`). */
export const CARD_NAMES: readonly string[] = CARDS.map((card) => card.name);

/** Masks of card kinds (bit `card`): every card, the action cards (cellar onwards), the treasures. */
export const ALL_KINDS = (1 << CARD_COUNT) - 1;
/** The action cards as a mask: cellar onwards. */
export const ACTION_KINDS = ALL_KINDS & ~((1 << Card.CELLAR) - 1);
/** The treasures as a mask. */
export const TREASURE_KINDS = TYPES.reduce((kinds, types, card) => ((types & TREASURE) !== 0 ? kinds | (1 << card) : kinds), 0);

/** The ten kingdom cards, in card order (the spec's `kingdom_cards`). */
export const KINGDOM: readonly number[] = CARDS.flatMap((card, index) => (index >= Card.CELLAR ? [index] : []));

/** Coppers in each starting deck. */
export const STARTING_COPPERS = 7;
/** Estates in each starting deck. */
export const STARTING_ESTATES = 3;

/** Whether `card` is a treasure. */
export function isTreasure(card: number): boolean {
  return (TYPES[card] & TREASURE) !== 0;
}

/** Whether `card` is an action card. */
export function isAction(card: number): boolean {
  return (TYPES[card] & ACTION) !== 0;
}

/**
 * A pile's size at the start, once the starting decks are dealt out of it: copper 60 and estates
 * 8 or 12 plus three a player both give the starting decks, so what remains is 60 - 7n coppers
 * and 8 or 12 estates.
 */
export function pileSize(card: number, players: number): number {
  const pile = CARDS[card].pile;
  if (typeof pile === 'number') return pile;
  switch (pile) {
    case 'victory':
      return players === 2 ? 8 : 12;
    case 'curse':
      return 10 * (players - 1);
    case 'copper':
      return 60 - STARTING_COPPERS * players;
  }
}

/** Every card there is at this table size, starting decks included: a bound on any one seat's cards. */
export function totalCards(players: number): number {
  let total = 0;
  for (let card = 0; card < CARD_COUNT; card++) total += pileSize(card, players);
  return total + (STARTING_COPPERS + STARTING_ESTATES) * players;
}

/** The card CARD_NAMES names `name`, or -1. */
export function cardByName(name: string): number {
  return CARD_NAMES.indexOf(name);
}

/** The VP of the cards counted in owned[base .. base + CARD_COUNT). */
export function vpOfCounts(owned: Int16Array, base: number): number {
  let vp = 0;
  for (let card = 0; card < CARD_COUNT; card++) vp += VP[card] * owned[base + card];
  return vp;
}

/**
 * The order the original server's supply (a Python 2.7 dict built from the kingdom cards, then
 * copper to curse) lists its piles in: the order of its string hashes, the same in every game.
 * Bots that take the first pile that suits them (its sample bot) depend on it.
 */
export const SERVER_SUPPLY_ORDER: readonly string[] = [
  'province',
  'copper',
  'cellar',
  'smithy',
  'estate',
  'gold',
  'curse',
  'duchy',
  'mine',
  'silver',
  'workshop',
  'militia',
  'village',
  'woodcutter',
  'moat',
  'remodel',
  'market',
];
