// The built-in Dominion strategies, written as priority lists: the same data a user writes in a
// JSON file. Their conditions follow the bots simulator users know (DominionSim's "Big Money
// Ultimate", Dominiate's BigSmithy and DoubleMilitia), fitted to the First Game kingdom.
import type { ParamSpec } from '../../src/strategy-api.ts';
import { SERVER_SUPPLY_ORDER } from '../../src/games/dominion/index.ts';
import type { PriorityList, PriorityRule } from '../../src/strategy/dominion-priority-list.ts';

/** The greening rules every money strategy here shares: provinces once gold is in, then duchies and estates late. */
const GREENING: readonly PriorityRule[] = [
  { card: 'province', if: 'count gold > 0' },
  { card: 'duchy', if: 'provincesLeft <= 4' },
  { card: 'estate', if: 'provincesLeft <= 2' },
  'gold',
  { card: 'duchy', if: 'provincesLeft <= 6' },
];

/** Never trash or discard what pays for provinces: the worst cards go first. */
const DISCARD: readonly PriorityRule[] = ['curse', 'province', 'duchy', 'estate', 'copper'];

/**
 * The original server's sample bot buys the first affordable pile of the supply as the server
 * lists it: the order of its Python dict (SERVER_SUPPLY_ORDER), province first, then copper, which
 * costs nothing, so it buys a province with $8 and a copper otherwise.
 */
export const STARTER: PriorityList = {
  game: 'dominion',
  name: 'starter',
  summary:
    "the original server's sample bot: plays every treasure, buys the first affordable card in the server's supply order (a province with $8, else a copper), never plays actions",
  buy: [...SERVER_SUPPLY_ORDER],
  play: [],
};

export const BIG_MONEY: PriorityList = {
  game: 'dominion',
  name: 'big-money',
  summary: 'buys a province with $8, gold with $6-7, silver with $3-5, nothing else',
  buy: ['province', 'gold', 'silver'],
  discard: DISCARD,
};

/** GREENING with its thresholds as parameters, their defaults its numbers: `parlor tune` can move them. */
const TUNABLE_GREENING: readonly PriorityRule[] = [
  { card: 'province', if: 'count gold >= goldFirst' },
  { card: 'duchy', if: 'provincesLeft <= duchyAt' },
  { card: 'estate', if: 'provincesLeft <= estateAt' },
  'gold',
  { card: 'duchy', if: 'provincesLeft <= lateDuchyAt' },
];

const GREENING_PARAMS: readonly ParamSpec[] = [
  { name: 'goldFirst', type: 'integer', default: 1, min: 0, max: 6, help: 'golds owned before the first province' },
  { name: 'duchyAt', type: 'integer', default: 4, min: 0, max: 12, help: 'provinces left when duchies come before gold' },
  { name: 'estateAt', type: 'integer', default: 2, min: 0, max: 12, help: 'provinces left when estates come before gold' },
  { name: 'lateDuchyAt', type: 'integer', default: 6, min: 0, max: 12, help: 'provinces left when duchies come before silver' },
];

export const BIG_MONEY_ULTIMATE: PriorityList = {
  game: 'dominion',
  name: 'big-money-ultimate',
  summary: 'big money that waits for a gold before provinces and turns to duchies and estates as provinces run low',
  buy: [...TUNABLE_GREENING, 'silver'],
  discard: DISCARD,
  params: GREENING_PARAMS,
};

export const SMITHY_BM: PriorityList = {
  game: 'dominion',
  name: 'smithy-bm',
  summary: 'big-money-ultimate plus one smithy early and a second once the deck reaches 16 cards',
  buy: [
    ...TUNABLE_GREENING,
    { card: 'smithy', if: 'count smithy < 1' },
    { card: 'smithy', if: ['count smithy < 2', 'deckSize >= secondSmithyAt'] },
    'silver',
  ],
  play: ['smithy'],
  discard: DISCARD,
  params: [
    ...GREENING_PARAMS,
    { name: 'secondSmithyAt', type: 'integer', default: 16, min: 5, max: 40, help: 'cards owned before a second smithy' },
  ],
};

export const MILITIA_BM: PriorityList = {
  game: 'dominion',
  name: 'militia-bm',
  summary: 'big-money-ultimate plus two militias, which make the other players discard to 3',
  buy: [...GREENING, { card: 'militia', if: 'count militia < 2' }, 'silver'],
  play: ['militia'],
  discard: DISCARD,
};

export const ENGINE: PriorityList = {
  game: 'dominion',
  name: 'engine',
  summary: 'village / smithy / market: a smithy first, markets for coins and buys, villages to play more smithies, then greens',
  buy: [
    ...GREENING.slice(0, 4),
    { card: 'smithy', if: 'count smithy < 1' },
    { card: 'market', if: 'count market < 3' },
    { card: 'village', if: 'count village < count smithy' },
    { card: 'smithy', if: ['count smithy < 3', 'count smithy <= count village', 'deckSize >= 14'] },
    { card: 'duchy', if: 'provincesLeft <= 5' },
    'silver',
  ],
  play: ['village', 'market', 'smithy'],
  discard: DISCARD,
};

export const MILITIA_SMITHY_BM: PriorityList = {
  game: 'dominion',
  name: 'militia-smithy-bm',
  summary: 'big-money-ultimate plus one militia, one smithy early and a second once the deck reaches 16 cards',
  buy: [
    ...GREENING,
    { card: 'militia', if: 'count militia < 1' },
    { card: 'smithy', if: 'count smithy < 1' },
    { card: 'smithy', if: ['count smithy < 2', 'deckSize >= 16'] },
    'silver',
  ],
  play: ['militia', 'smithy'],
  discard: DISCARD,
};

/**
 * An engine that stays close to money: a militia and two smithies first, villages only once two
 * smithies can collide, a third smithy behind a village, one market for the extra buy. Greening
 * is big-money-ultimate's, so it is never slower to provinces than the money it plays against.
 */
export const VILLAGE_SMITHY: PriorityList = {
  game: 'dominion',
  name: 'village-smithy',
  summary: 'militia, smithies, villages once two smithies can collide, a market; big-money-ultimate greening',
  buy: [
    ...GREENING,
    { card: 'militia', if: 'count militia < 1' },
    { card: 'smithy', if: 'count smithy < 1' },
    { card: 'smithy', if: ['count smithy < 2', 'deckSize >= 14'] },
    { card: 'village', if: ['count village < count smithy', 'count smithy >= 2'] },
    { card: 'smithy', if: ['count smithy < 3', 'count smithy <= count village', 'deckSize >= 18'] },
    { card: 'market', if: ['count market < 1', 'count smithy >= 2'] },
    'silver',
  ],
  play: ['village', 'market', 'militia', 'smithy'],
  discard: DISCARD,
};

export const BUILTIN_LISTS: readonly PriorityList[] = [
  STARTER,
  BIG_MONEY,
  BIG_MONEY_ULTIMATE,
  SMITHY_BM,
  MILITIA_BM,
  MILITIA_SMITHY_BM,
  ENGINE,
  VILLAGE_SMITHY,
];
