// Priority lists: a Dominion strategy as data a user writes, in the spirit of Geronimoo's
// DominionSim buy rules and Dominiate's gain priorities. Each list is read top to bottom and the
// first entry whose card is legal now and whose conditions all hold is taken. See the Dominion
// section of strategies/README.md for the format; the built-ins (strategies/dominion/lists.ts) are
// examples. It lives with the strategy API, which exports `priorityList`, so that a list written as
// a TypeScript module imports it from `parlor/strategy/dominion` wherever the module lies.
import { lowestBit } from '../core/bits.ts';
import { Errors, type ParamSpec, type ParamValue, type Rng, type Strategy, type StrategyDefinition } from './core.ts';
import {
  Action,
  CARD_COUNT,
  CARD_NAMES,
  CARD_OF,
  COINS,
  COST,
  Card,
  FAMILY_OF,
  Family,
  Phase,
  actionOf,
  cardByName,
  type DominionDecidingView,
  type DominionSeatView,
} from '../games/dominion/index.ts';

/** An entry: a card name, or a card with conditions that must all hold ("provincesLeft <= 4"). */
export type PriorityRule = string | { readonly card: string; readonly if?: string | readonly string[] };

/** A priority-list strategy as written in a JSON file or a TypeScript module. */
export interface PriorityList {
  readonly game: 'dominion';
  readonly name: string;
  readonly summary?: string;
  /** What to buy, best first; with none taken the buys end. Workshop and remodel gain from it too. */
  readonly buy: readonly PriorityRule[];
  /** Which action to play first; an action not listed is never played. */
  readonly play?: readonly PriorityRule[];
  /** What cellar discards (then it draws); cards not listed stay in hand. */
  readonly cellar?: readonly PriorityRule[];
  /** What to discard to militia, first choice first; when none applies, the cheapest card. */
  readonly discard?: readonly PriorityRule[];
  /** What remodel and mine trash; when none applies they are declined (or, where the rules allow no decline, the cheapest card goes). */
  readonly trash?: readonly PriorityRule[];
  /** What workshop, remodel and mine gain, before the buy list is tried. */
  readonly gain?: readonly PriorityRule[];
  /** Reveal a moat against militia (default true). */
  readonly revealMoat?: boolean;
  /**
   * Numbers a condition may name instead of writing them (`provincesLeft <= duchyAt`): declared
   * like any strategy's parameters, integer or number, and set per seat (`name:duchyAt=5`), so
   * `parlor tune` can tune them.
   */
  readonly params?: readonly ParamSpec[];
}

/** The value of each of a list's parameters, by name. */
type ListValues = Readonly<Record<string, number>>;

const DEFAULT_PLAY = ['village', 'market', 'cellar', 'militia', 'smithy', 'moat', 'woodcutter', 'workshop', 'remodel', 'mine'];
const DEFAULT_CELLAR = ['curse', 'estate', 'duchy', 'province'];
const DEFAULT_TRASH = ['curse', 'estate'];

/**
 * The numbers a condition compares. Each reads the view; `count`, `supply` and `inHand` take a
 * card. All are the player's own except the supply, the piles and the VP lead.
 */
const TERMS = {
  /** Coins to spend now: coins in play plus the treasures still in hand. */
  money: 0,
  /** This player's turn number, from 1. */
  turn: 1,
  provincesLeft: 2,
  emptyPiles: 3,
  /** This player's VP minus the best other player's. */
  vpLead: 4,
  vp: 5,
  /** Cards this player owns. */
  deckSize: 6,
  /** Cards of a kind this player owns: `count smithy`. */
  count: 7,
  /** Cards left in a pile: `supply duchy`. */
  supply: 8,
  /** Cards of a kind in hand: `inHand copper`. */
  inHand: 9,
  actions: 10,
  buys: 11,
  /** Treasure coins this player owns, per card owned, times 100 (a deck's money density). */
  moneyDensity: 12,
} as const;
const TAKES_CARD = new Set<number>([TERMS.count, TERMS.supply, TERMS.inHand]);
const CONSTANT = -1;
export const OPERATORS = ['<', '<=', '>', '>=', '==', '!='];
/**
 * The JavaScript operator of each, in OPERATORS' order: the same outcome for every pair of
 * numbers, NaN included (only != holds when a side is NaN).
 */
const JS_OPERATORS = ['<', '<=', '>', '>=', '===', '!=='];

interface Entry {
  readonly card: number;
  readonly conditions: readonly { readonly left: Operand; readonly operator: number; readonly right: Operand }[];
}

/**
 * The action of `family` of the first entry whose card is in `cards` and whose conditions hold;
 * -1 for none.
 */
type FirstEntry = (view: DominionSeatView, cards: number, family: number) => number;

/**
 * A list compiled once into a function written out as one would write the strategy by hand: per
 * entry, in order, a test of its card's bit and of each condition, the terms read straight from
 * the view. Read from typed arrays at every decision, the lists with conditions cost their games
 * 10-20% of their speed (measured: smithy-bm against big-money, engine against militia-bm, the
 * big-money-ultimate mirror). The function's source is made of parlor's own fragments and of
 * numbers alone (cards, terms, constants): nothing of the list's text reaches it.
 */
class CompiledList {
  readonly entries: readonly Entry[];
  /** The entries' cards as a mask: only these of the legal cards matter. */
  readonly kinds: number;
  private readonly first: FirstEntry;

  constructor(source: string, list: string, rules: readonly PriorityRule[], values: ListValues) {
    this.entries = rules.map((rule, index) => parseRule(source, `${list}[${index}]`, rule, values));
    this.kinds = this.entries.reduce((kinds, entry) => kinds | (1 << entry.card), 0);
    const tests = entryTests(this.entries, (card) => `actionOf(family, ${literal(card)})`);
    this.first = compile(`return function firstEntry(view, cards, family) {\n${tests}  return -1;\n};`);
  }

  /** The first entry whose action of `family` is among the legal ones and whose conditions hold; -1 for none. */
  pick(view: DominionSeatView, family: number, legal: Int32Array, count: number): number {
    let cards = 0;
    for (let i = 0; i < count; i++) if (FAMILY_OF[legal[i]] === family) cards |= 1 << CARD_OF[legal[i]];
    return this.first(view, cards & this.kinds, family);
  }
}

/**
 * The source that returns `action(card)`, the source of an entry's action, for the list's first
 * entry whose card is in the variable `cards` and whose conditions hold, if any.
 */
function entryTests(entries: readonly Entry[], action: (card: number) => string): string {
  return entries
    .map((entry) => {
      const parts = [`(cards & ${literal(1 << entry.card)}) !== 0`];
      for (const { left, operator, right } of entry.conditions) {
        parts.push(`${operandSource(left)} ${JS_OPERATORS[operator]} ${operandSource(right)}`);
      }
      return `  if (${parts.join(' && ')}) return ${action(entry.card)};\n`;
    })
    .join('');
}

/** The function `body` returns, given the helpers the terms' sources name. */
function compile<F>(body: string): F {
  return new Function('ownedTotal', 'vpLead', 'moneyDensity', 'lowestBit', 'actionOf', body)(
    ownedTotal,
    vpLead,
    moneyDensity,
    lowestBit,
    actionOf,
  ) as F;
}

type Decide = (view: DominionDecidingView, rng: Rng) => number;

/**
 * The player's decisions from the state view (see PriorityListPlayer.decide) as one compiled
 * function with the play and buy lists written in. One function the play loop calls: as methods
 * calling each list's function, the steps were taken into the loop and spent the compiler's
 * inlining budget there, and the big-money mirror played about 3% fewer games a second (measured).
 * Cleanup tops the pile with the lowest card, as choose takes the first listed: lists go in card
 * order.
 */
function compileDecide(play: CompiledList, buy: CompiledList): Decide {
  return compile(`return function decide(view) {
  let cards;
  switch (view.decision) {
    case ${literal(Phase.ACTION)}:
      cards = view.legalCards(${literal(Family.PLAY)}) & ${literal(play.kinds)};
${entryTests(play.entries, (card) => literal(actionOf(Family.PLAY, card)))}      return ${literal(Action.END_ACTIONS)};
    case ${literal(Phase.BUY)}:
      if (view.legalCards(${literal(Family.TREASURE)}) !== 0) return ${literal(Action.PLAY_TREASURES)};
      cards = view.legalCards(${literal(Family.BUY)}) & ${literal(buy.kinds)};
${entryTests(buy.entries, (card) => literal(actionOf(Family.BUY, card)))}      return ${literal(Action.END_BUYS)};
    case ${literal(Phase.CLEANUP)}:
      return actionOf(${literal(Family.TOP)}, lowestBit(view.legalCards(${literal(Family.TOP)})));
    default:
      return -1;
  }
};`);
}

/** A number as source text; anything else is refused, so no text but parlor's reaches a compiled list. */
function literal(value: number): string {
  if (typeof value !== 'number') throw new TypeError(`not a number: ${String(value)}`);
  return `(${String(value)})`;
}

/** The source that reads each term from `view`, given the card of those that take one. */
const TERM_SOURCES: Readonly<Record<number, (card: number) => string>> = {
  [TERMS.money]: () =>
    `(view.coins + ${[Card.COPPER, Card.SILVER, Card.GOLD].map((treasure) => `${literal(COINS[treasure])} * view.hand[${literal(treasure)}]`).join(' + ')})`,
  [TERMS.turn]: () => 'view.turns[view.seat]',
  [TERMS.provincesLeft]: () => `view.supply[${literal(Card.PROVINCE)}]`,
  [TERMS.emptyPiles]: () => 'view.emptyPiles()',
  [TERMS.vpLead]: () => 'vpLead(view)',
  [TERMS.vp]: () => 'view.vpOf(view.seat)',
  [TERMS.deckSize]: () => 'ownedTotal(view)',
  [TERMS.count]: (card) => `view.ownCards[${literal(card)}]`,
  [TERMS.supply]: (card) => `view.supply[${literal(card)}]`,
  [TERMS.inHand]: (card) => `view.hand[${literal(card)}]`,
  [TERMS.actions]: () => 'view.actions',
  [TERMS.buys]: () => 'view.buys',
  [TERMS.moneyDensity]: () => 'moneyDensity(view)',
};

/** One side of a condition as source: its constant, or the expression that reads its term from `view`. */
function operandSource({ term, card, value }: Operand): string {
  return term === CONSTANT ? literal(value) : TERM_SOURCES[term](card);
}

interface Operand {
  readonly term: number;
  readonly card: number;
  readonly value: number;
}

function parseRule(source: string, where: string, rule: PriorityRule, values: ListValues): Entry {
  const bad = (why: string) => Errors.badStrategyModule(source, `${where}: ${why}`);
  const name = typeof rule === 'string' ? rule : rule?.card;
  if (typeof name !== 'string') throw bad('each entry is a card name or {"card": ..., "if": ...}');
  const card = cardByName(name);
  if (card < 0) throw bad(`unknown card '${name}' (cards: ${CARD_NAMES.join(', ')})`);
  const given = typeof rule === 'string' || rule.if === undefined ? [] : typeof rule.if === 'string' ? [rule.if] : rule.if;
  if (!Array.isArray(given)) throw bad('"if" is a condition or a list of them');
  return { card, conditions: given.map((text) => parseCondition(text, bad, values)) };
}

/** `provincesLeft <= 4`, `count smithy < count village`, `money >= 8`. */
function parseCondition(
  text: unknown,
  bad: (why: string) => Error,
  values: ListValues,
): { left: Operand; operator: number; right: Operand } {
  if (typeof text !== 'string') throw bad('a condition is a string such as "provincesLeft <= 4"');
  const words = text.trim().split(/\s+/);
  const at = words.findIndex((word) => OPERATORS.includes(word));
  if (at < 0) throw bad(`condition '${text}' has no comparison (${OPERATORS.join(' ')})`);
  return {
    left: parseOperand(words.slice(0, at), text, bad, values),
    operator: OPERATORS.indexOf(words[at]),
    right: parseOperand(words.slice(at + 1), text, bad, values),
  };
}

function parseOperand(words: readonly string[], text: string, bad: (why: string) => Error, values: ListValues): Operand {
  if (words.length === 1 && /^-?\d+(\.\d+)?$/.test(words[0])) return { term: CONSTANT, card: 0, value: Number(words[0]) };
  if (words.length === 1 && Object.hasOwn(values, words[0])) return { term: CONSTANT, card: 0, value: values[words[0]] };
  // Its own terms only: a name such as 'constructor' would find Object's, which is no term.
  const term = Object.hasOwn(TERMS, words[0] ?? '') ? (TERMS as Record<string, number>)[words[0]] : undefined;
  if (term === undefined)
    throw bad(`condition '${text}': '${words.join(' ')}' is neither a number nor one of ${Object.keys(TERMS).join(', ')}`);
  if (!TAKES_CARD.has(term)) {
    if (words.length !== 1) throw bad(`condition '${text}': ${words[0]} takes no card`);
    return { term, card: 0, value: 0 };
  }
  const card = words.length === 2 ? cardByName(words[1]) : -1;
  if (card < 0) throw bad(`condition '${text}': ${words[0]} takes one card name`);
  return { term, card, value: 0 };
}

/** This player's VP minus the best other player's. */
function vpLead(view: DominionSeatView): number {
  let best = -Infinity;
  for (let other = 0; other < view.players; other++) if (other !== view.seat) best = Math.max(best, view.vpOf(other));
  return view.vpOf(view.seat) - best;
}

/** Treasure coins owned per card owned, times 100, rounded down. */
function moneyDensity(view: DominionSeatView): number {
  const own = view.ownCards;
  const coins = own[Card.COPPER] + 2 * own[Card.SILVER] + 3 * own[Card.GOLD];
  return Math.floor((100 * coins) / Math.max(1, ownedTotal(view)));
}

function ownedTotal(view: DominionSeatView): number {
  let total = 0;
  for (let card = 0; card < CARD_COUNT; card++) total += view.ownCards[card];
  return total;
}

/** The legal action of `family` whose card costs most (or least); -1 when the family has none. */
function byCost(legal: Int32Array, count: number, family: number, highest: boolean): number {
  let chosen = -1;
  for (let i = 0; i < count; i++) {
    const action = legal[i];
    if (FAMILY_OF[action] !== family || CARD_OF[action] === Card.CURSE) continue;
    if (chosen < 0 || (highest ? COST[CARD_OF[action]] > COST[CARD_OF[chosen]] : COST[CARD_OF[action]] < COST[CARD_OF[chosen]]))
      chosen = action;
  }
  return chosen;
}

/**
 * Plays a compiled priority list. It observes, since its conditions read the view; a trusted
 * list reads the state view instead (it needs nothing else, and no events).
 */
export class PriorityListPlayer implements Strategy<DominionSeatView> {
  readonly observes = true;
  readonly readsState = true;
  private readonly buy: CompiledList;
  private readonly play: CompiledList;
  private readonly cellar: CompiledList;
  private readonly discard: CompiledList;
  private readonly trash: CompiledList;
  private readonly gain: CompiledList;
  private readonly revealMoat: boolean;
  /**
   * The action and buy phases and cleanup from the state view, as choose takes them from the list;
   * the rarer decisions, whose fallbacks read the whole list, are left to choose (-1).
   */
  readonly decide: Decide;

  /** `values` sets the list's parameters; by default each is its declared default. */
  constructor(source: string, list: PriorityList, values: ListValues = listValues(listParams(source, list.params), {})) {
    this.buy = new CompiledList(source, 'buy', list.buy, values);
    this.play = new CompiledList(source, 'play', list.play ?? DEFAULT_PLAY, values);
    this.cellar = new CompiledList(source, 'cellar', list.cellar ?? DEFAULT_CELLAR, values);
    this.discard = new CompiledList(source, 'discard', list.discard ?? [], values);
    this.trash = new CompiledList(source, 'trash', list.trash ?? DEFAULT_TRASH, values);
    this.gain = new CompiledList(source, 'gain', list.gain ?? [], values);
    this.revealMoat = list.revealMoat !== false;
    this.decide = compileDecide(this.play, this.buy);
  }

  restart(): void {}

  inform(): void {}

  choose(view: DominionSeatView, legal: Int32Array, count: number, _rng: Rng): number {
    const last = legal[count - 1];
    const family = FAMILY_OF[legal[0]];
    if (last === Action.NO_REACTION) return this.revealMoat ? Action.REVEAL_MOAT : Action.NO_REACTION;
    if (last === Action.END_ACTIONS) return or(this.play.pick(view, Family.PLAY, legal, count), Action.END_ACTIONS);
    if (last === Action.END_BUYS) {
      if (legal[0] === Action.PLAY_TREASURES) return Action.PLAY_TREASURES;
      return or(this.buy.pick(view, Family.BUY, legal, count), Action.END_BUYS);
    }
    switch (family) {
      case Family.DISCARD:
        // Cellar lists `done`; a militia victim must discard.
        if (last === Action.DONE) return or(this.cellar.pick(view, Family.DISCARD, legal, count), Action.DONE);
        return or(this.discard.pick(view, Family.DISCARD, legal, count), or(byCost(legal, count, Family.DISCARD, false), legal[0]));
      case Family.TRASH:
        // Where the rules allow no decline (mayDecline=false), the cheapest card goes.
        if (last !== Action.DONE)
          return or(this.trash.pick(view, Family.TRASH, legal, count), or(byCost(legal, count, Family.TRASH, false), legal[0]));
        return or(this.trash.pick(view, Family.TRASH, legal, count), Action.DONE);
      case Family.GAIN: {
        const chosen = or(this.gain.pick(view, Family.GAIN, legal, count), this.buy.pick(view, Family.GAIN, legal, count));
        if (chosen >= 0) return chosen;
        // Workshop may decline (unless mayDecline=false); remodel and mine must gain: then the dearest card there is.
        return last === Action.DONE ? Action.DONE : or(byCost(legal, count, Family.GAIN, true), legal[0]);
      }
      default:
        // Cleanup's top card changes nothing a player can use.
        return legal[0];
    }
  }
}

/** The choice when it is an action (>= 0), else the fallback. */
function or(choice: number, fallback: number): number {
  return choice >= 0 ? choice : fallback;
}

/**
 * A strategy definition from priority-list data, as a TypeScript module default-exports it and as
 * the built-ins are written; throws a clear error naming `source` and the entry when the list's
 * shape, a card, a condition or a parameter is wrong, so a file fails at load, not in the middle of
 * a run. A user's JSON file is checked against the JSON Schema first (list-file.ts); that check
 * needs Node, which a confined strategy file has not, so the shape is checked here too.
 */
export function priorityList(list: PriorityList, source = list?.name, trusted = true): StrategyDefinition<DominionSeatView> {
  if (typeof list !== 'object' || list === null) throw Errors.badStrategyModule(String(source), 'a priority list is a JSON object');
  if (list.game !== 'dominion') throw Errors.badStrategyModule(source, `plays '${String(list.game)}', not 'dominion'`);
  if (typeof list.name !== 'string' || list.name === '') throw Errors.badStrategyModule(source, 'needs a "name"');
  if (!Array.isArray(list.buy)) throw Errors.badStrategyModule(source, 'needs a "buy" list');
  const params = listParams(source, list.params);
  // Compiled once here so a mistake shows at load; each seat compiles its own copy, with its values.
  new PriorityListPlayer(source, list);
  return {
    name: list.name,
    game: 'dominion',
    summary: list.summary ?? `priority list ${list.name}`,
    params,
    trusted,
    create: (context) => new PriorityListPlayer(source, list, listValues(params, context.params)),
  };
}

/** A list's declared parameters, checked: numeric, named apart from the terms, defaults within bounds. */
function listParams(source: string, params: unknown): readonly ParamSpec[] {
  if (params === undefined) return [];
  if (!Array.isArray(params)) throw Errors.badStrategyModule(source, '"params" is a list of parameters');
  return params.map((param: Partial<ParamSpec>, index) => {
    const bad = (why: string) => Errors.badStrategyModule(source, `params[${index}]: ${why}`);
    if (typeof param?.name !== 'string' || !/^[A-Za-z_]\w*$/.test(param.name)) throw bad('needs a "name" made of letters, digits and _');
    if (param.name in TERMS) throw bad(`'${param.name}' is a term of the conditions`);
    if (param.type !== 'integer' && param.type !== 'number') throw bad('"type" is integer or number');
    const value = param.default;
    const fits =
      typeof value === 'number' &&
      (param.type === 'number' || Number.isInteger(value)) &&
      (param.min === undefined || value >= param.min) &&
      (param.max === undefined || value <= param.max);
    if (!fits) throw bad(`"default" must be ${param.type === 'integer' ? 'an integer' : 'a number'} within its bounds`);
    return { name: param.name, type: param.type, default: value, min: param.min, max: param.max, help: param.help ?? '' };
  });
}

function listValues(params: readonly ParamSpec[], given: Readonly<Record<string, ParamValue>>): ListValues {
  return Object.fromEntries(params.map((param) => [param.name, Number(given[param.name] ?? param.default)]));
}
