// Priority lists: a Dominion strategy as data a user writes, in the spirit of Geronimoo's
// DominionSim buy rules and Dominiate's gain priorities. Each list is read top to bottom and the
// first entry whose card is legal now and whose conditions all hold is taken. See the Dominion
// section of strategies/README.md for the format; the built-ins in this folder are examples.
import { lowestBit } from '../../src/core/bits.ts';
import { Errors, type ParamSpec, type ParamValue, type Rng, type Strategy, type StrategyDefinition } from '../../src/strategy-api.ts';
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
} from '../../src/games/dominion/index.ts';

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
  /** What remodel and mine trash; when none applies they are declined. */
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
 * How a condition's left side compares with its right, as a bit (UNORDERED: one is NaN), and per
 * operator, in OPERATORS' order, the outcomes it accepts: a mask test rather than a switch on the
 * operator in every condition checked.
 */
const LESS = 1;
const EQUAL = 2;
const GREATER = 4;
const UNORDERED = 8;
const ACCEPTS = [LESS, LESS | EQUAL, GREATER, GREATER | EQUAL, EQUAL, LESS | GREATER | UNORDERED];

/** The conditions of every entry of one list, flattened into typed arrays so choosing allocates nothing. */
class CompiledList {
  readonly cards: Int8Array;
  /** The entries' cards as a mask. */
  readonly kinds: number;
  /**
   * Whether no entry has conditions and the cards go from the highest card number down (big
   * money's province, gold, silver): the first legal entry is then the highest legal card.
   */
  readonly descending: boolean;
  /** Entry e's conditions are firstCondition[e] .. firstCondition[e + 1] - 1. */
  readonly firstCondition: Int32Array;
  /** Per condition, both sides: a term (or CONSTANT), its card, and the constant. */
  readonly leftTerm: Int8Array;
  readonly leftCard: Int8Array;
  readonly leftValue: Float64Array;
  /** Per condition, its operator as the outcomes it accepts (see ACCEPTS). */
  readonly accepts: Int8Array;
  readonly rightTerm: Int8Array;
  readonly rightCard: Int8Array;
  readonly rightValue: Float64Array;

  constructor(source: string, list: string, rules: readonly PriorityRule[], values: ListValues) {
    const entries = rules.map((rule, index) => parseRule(source, `${list}[${index}]`, rule, values));
    const conditions = entries.flatMap((entry) => entry.conditions);
    this.cards = Int8Array.from(entries, (entry) => entry.card);
    this.kinds = entries.reduce((kinds, entry) => kinds | (1 << entry.card), 0);
    this.descending = entries.every(
      (entry, index) => entry.conditions.length === 0 && (index === 0 || entry.card < entries[index - 1].card),
    );
    this.firstCondition = new Int32Array(entries.length + 1);
    entries.forEach((entry, index) => (this.firstCondition[index + 1] = this.firstCondition[index] + entry.conditions.length));
    this.leftTerm = Int8Array.from(conditions, (c) => c.left.term);
    this.leftCard = Int8Array.from(conditions, (c) => c.left.card);
    this.leftValue = Float64Array.from(conditions, (c) => c.left.value);
    this.accepts = Int8Array.from(conditions, (c) => ACCEPTS[c.operator]);
    this.rightTerm = Int8Array.from(conditions, (c) => c.right.term);
    this.rightCard = Int8Array.from(conditions, (c) => c.right.card);
    this.rightValue = Float64Array.from(conditions, (c) => c.right.value);
  }

  /** The first entry whose action of `family` is among the legal ones and whose conditions hold; -1 for none. */
  pick(view: DominionSeatView, family: number, legal: Int32Array, count: number): number {
    const entries = this.cards;
    for (let entry = 0; entry < entries.length; entry++) {
      const action = actionOf(family, entries[entry]);
      if (isListed(action, legal, count) && this.holds(view, entry)) return action;
    }
    return -1;
  }

  /** pick, from the view's mask of the legal cards of `family` instead of a list. */
  pickLegal(view: DominionDecidingView, family: number): number {
    // Only the cards the list names matter: with none of them legal, no entry is looked at.
    const cards = view.legalCards(family) & this.kinds;
    if (cards === 0) return -1;
    if (this.descending) return actionOf(family, 31 - Math.clz32(cards));
    const entries = this.cards;
    const firstCondition = this.firstCondition;
    for (let entry = 0; entry < entries.length; entry++) {
      const card = entries[entry];
      if ((cards & (1 << card)) === 0) continue;
      // An entry without conditions is taken as it stands: a list of plain cards never calls holds.
      if (firstCondition[entry] === firstCondition[entry + 1] || this.holds(view, entry)) return actionOf(family, card);
    }
    return -1;
  }

  private holds(view: DominionSeatView, entry: number): boolean {
    for (let c = this.firstCondition[entry], end = this.firstCondition[entry + 1]; c < end; c++) {
      const left = operand(view, this.leftTerm[c], this.leftCard[c], this.leftValue[c]);
      const right = operand(view, this.rightTerm[c], this.rightCard[c], this.rightValue[c]);
      if ((this.accepts[c] & outcome(left, right)) === 0) return false;
    }
    return true;
  }
}

interface Operand {
  readonly term: number;
  readonly card: number;
  readonly value: number;
}

function parseRule(
  source: string,
  where: string,
  rule: PriorityRule,
  values: ListValues,
): { card: number; conditions: { left: Operand; operator: number; right: Operand }[] } {
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
  const term = (TERMS as Record<string, number>)[words[0] ?? ''];
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

/**
 * One side of a condition: its constant, or its term's value. The terms conditions name most (a
 * card count, the provinces left) are read here, where the compiler inlines them into the walk.
 */
function operand(view: DominionSeatView, term: number, card: number, value: number): number {
  if (term === CONSTANT) return value;
  if (term === TERMS.count) return view.ownCards[card];
  if (term === TERMS.provincesLeft) return view.supply[Card.PROVINCE];
  return termValue(view, term, card);
}

/** The value of every other term; operand reads a card count and the provinces left itself. */
function termValue(view: DominionSeatView, term: number, card: number): number {
  const seat = view.seat;
  switch (term) {
    case TERMS.money:
      return (
        view.coins +
        COINS[Card.COPPER] * view.hand[Card.COPPER] +
        COINS[Card.SILVER] * view.hand[Card.SILVER] +
        COINS[Card.GOLD] * view.hand[Card.GOLD]
      );
    case TERMS.turn:
      return view.turns[seat];
    case TERMS.emptyPiles:
      return view.emptyPiles();
    case TERMS.vpLead: {
      let best = -Infinity;
      for (let other = 0; other < view.players; other++) if (other !== seat) best = Math.max(best, view.vpOf(other));
      return view.vpOf(seat) - best;
    }
    case TERMS.vp:
      return view.vpOf(seat);
    case TERMS.deckSize:
      return ownedTotal(view);
    case TERMS.supply:
      return view.supply[card];
    case TERMS.inHand:
      return view.hand[card];
    case TERMS.actions:
      return view.actions;
    case TERMS.buys:
      return view.buys;
    case TERMS.moneyDensity: {
      const own = view.ownCards;
      const coins = own[Card.COPPER] + 2 * own[Card.SILVER] + 3 * own[Card.GOLD];
      return Math.floor((100 * coins) / Math.max(1, ownedTotal(view)));
    }
    default:
      return 0;
  }
}

function outcome(left: number, right: number): number {
  return left < right ? LESS : left > right ? GREATER : left === right ? EQUAL : UNORDERED;
}

function ownedTotal(view: DominionSeatView): number {
  let total = 0;
  for (let card = 0; card < CARD_COUNT; card++) total += view.ownCards[card];
  return total;
}

function isListed(action: number, legal: Int32Array, count: number): boolean {
  for (let i = 0; i < count; i++) if (legal[i] === action) return true;
  return false;
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

  /** `values` sets the list's parameters; by default each is its declared default. */
  constructor(source: string, list: PriorityList, values: ListValues = listValues(listParams(source, list.params), {})) {
    this.buy = new CompiledList(source, 'buy', list.buy, values);
    this.play = new CompiledList(source, 'play', list.play ?? DEFAULT_PLAY, values);
    this.cellar = new CompiledList(source, 'cellar', list.cellar ?? DEFAULT_CELLAR, values);
    this.discard = new CompiledList(source, 'discard', list.discard ?? [], values);
    this.trash = new CompiledList(source, 'trash', list.trash ?? DEFAULT_TRASH, values);
    this.gain = new CompiledList(source, 'gain', list.gain ?? [], values);
    this.revealMoat = list.revealMoat !== false;
  }

  restart(): void {}

  inform(): void {}

  /**
   * The action and buy phases and cleanup from the state view, as choose takes them from the list;
   * the rarer decisions, whose fallbacks read the whole list, are left to choose.
   */
  decide(view: DominionDecidingView, _rng: Rng): number {
    switch (view.decision) {
      case Phase.ACTION:
        return or(this.play.pickLegal(view, Family.PLAY), Action.END_ACTIONS);
      case Phase.BUY:
        if (view.legalCards(Family.TREASURE) !== 0) return Action.PLAY_TREASURES;
        return or(this.buy.pickLegal(view, Family.BUY), Action.END_BUYS);
      case Phase.CLEANUP: {
        // The first listed top card, as choose takes: the lowest card, since lists go in card order.
        const cards = view.legalCards(Family.TOP);
        return actionOf(Family.TOP, lowestBit(cards));
      }
      default:
        return -1;
    }
  }

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
        return or(this.trash.pick(view, Family.TRASH, legal, count), Action.DONE);
      case Family.GAIN: {
        const chosen = or(this.gain.pick(view, Family.GAIN, legal, count), this.buy.pick(view, Family.GAIN, legal, count));
        if (chosen >= 0) return chosen;
        // Workshop may decline; remodel and mine must gain: then the dearest card there is.
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
