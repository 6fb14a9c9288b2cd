import type { GameEvent } from '../../../core/events.ts';
import { Forfeit } from '../../../core/forfeits.ts';
import type { RuleValues } from '../../../core/game.ts';
import { sentDetail, type Decoded, type InvalidReply, type Outbound, type ServerSeat } from '../../../core/wire.ts';
import { Action, Family, actionOf } from '../actions.ts';
import {
  CARD_NAMES,
  COST,
  Card,
  KINGDOM,
  MINE_EXTRA_COST,
  REMODEL_EXTRA_COST,
  STARTING_ESTATES,
  WORKSHOP_MAX_COST,
  Type,
  isAction,
  isTreasure,
} from '../cards.ts';
import { canGain, playForNothingReason } from '../engine.ts';
import { Ev, GainedBy, Illegal, Phase } from '../codes.ts';
import { DominionView } from '../view.ts';
import { DecisionMirror, type Asked } from './mirror.ts';
import { cardList, cardOf, namesOf, namesOfCounts, parseMessage, playerId, supplyCards, type Message } from './messages.ts';

const NONE: readonly Outbound[] = [];

function say(message: object, expects: Outbound['expects'] = 'nothing'): Outbound {
  return { text: JSON.stringify(message), expects };
}

/** The wire options of RULES.md, read once per seat. */
interface WireOptions {
  readonly playerIntegers: boolean;
  readonly supplyAsObject: boolean;
  readonly supplyBeforeTurn: boolean;
  readonly emptyPlayed: boolean;
  readonly bareReveal: boolean;
  readonly dealFirst: boolean;
  readonly abortOnBadName: boolean;
  readonly cleanupAfterBuys: boolean;
}

function wireOptions(rules: RuleValues): WireOptions {
  return {
    playerIntegers: rules.playerIds === 'integers',
    supplyAsObject: rules.supplyFormat === 'object',
    supplyBeforeTurn: rules.supplyInfo === 'before-turn',
    emptyPlayed: rules.emptyPlayed === true,
    bareReveal: rules.revealFormat === 'bare-string',
    dealFirst: rules.startupOrder === 'deal-first',
    abortOnBadName: rules.badNameReply === 'abort',
    cleanupAfterBuys: rules.cleanupAsked === 'after-buys',
  };
}

/**
 * The server's side of one seat of the JSON-lines protocol ("Version 1"). The seat's view, built
 * from the records it is told as a strategy's would be, gives the play-turn snapshot; a reply is
 * walked through the engine's decisions on a mirror of that view (see mirror.ts), and becomes
 * the legal actions it stands for, up to the first fault, which is then the seat's forfeit: the
 * engine's answer to a bad reply (an action lost, the buys or the turn ended, a militia's
 * discards chosen for the seat) is the one the spec gives, and the reason is recorded.
 */
export class DominionServer implements ServerSeat {
  private readonly seat: number;
  private readonly players: number;
  private readonly options: WireOptions;
  private readonly view: DominionView;
  private readonly mirror: DecisionMirror;
  private readonly playedCards: number[] = [];
  private readonly scores: number[];
  private readonly winners: string[] = [];
  /** A player's starting cards told so far (estates), and those held back until they are (coppers). */
  private startingEstates = 0;
  private readonly startingHeld: number[] = [];
  private ended = 0;
  private named = false;
  private informed = false;
  private supplyShown = false;
  /** The seat's buys are over this turn: its next request is the cleanup. */
  private buysOver = false;
  /**
   * A buy reply ended the buys with no choice of top discard left, so the engine asks no cleanup;
   * under cleanupAsked=after-buys it is asked all the same, its answer set aside.
   */
  private cleanupAside = false;
  /** The phase the seat was in where its last reply went wrong (or where it was asked). */
  private faultPhase: number = Phase.OVER;

  constructor(rules: RuleValues, players: number, seat: number) {
    this.seat = seat;
    this.players = players;
    this.options = wireOptions(rules);
    this.view = new DominionView(players, seat);
    this.mirror = new DecisionMirror(rules, players, seat);
    this.scores = Array<number>(players).fill(0);
  }

  open(): readonly Outbound[] {
    return NONE;
  }

  private id(seat: number): string | number {
    return playerId(seat, this.options.playerIntegers);
  }

  private nameRequest(): Outbound {
    this.named = true;
    return say({ type: 'player-name-request', player_number: playerId(this.seat, false), version: 1 }, 'name');
  }

  private gameInfo(): Outbound {
    this.informed = true;
    // Each seat's bot is asked its name alone: every player is listed by the name a bot gets by default.
    const names = Array.from({ length: this.players }, (_, seat) => `PLAYER${seat + 1}`);
    return say({ type: 'game-info', player_bot_names: names, kingdom_cards: KINGDOM.map((card) => CARD_NAMES[card]) });
  }

  private supplyInfo(): Outbound {
    return say({ type: 'supply-info', cards: supplyCards(this.view.supply, this.options.supplyAsObject) });
  }

  /**
   * The original server aborts its game on a name reply that is not a player-name-reply of version
   * 1 or later for this seat's player_number (a missing name it lets pass), or on none at all; the spec gives such a
   * bot its default name, and parlor, which names every player by that default, plays on.
   */
  nameRefused(reply: string | null): InvalidReply | null {
    if (!this.options.abortOnBadName) return null;
    if (reply === null) return { invalid: Forfeit.MALFORMED, detail: 'no player-name-reply' };
    const message = parseMessage(reply);
    if (message === null) return { invalid: Forfeit.MALFORMED, detail: `${sentDetail(reply)}: not a JSON object` };
    const player = playerId(this.seat, false);
    const version = message.version;
    if (message.type === 'player-name-reply' && message.player_number === player && typeof version === 'number' && version >= 1)
      return null;
    return { invalid: Forfeit.MALFORMED, detail: `${sentDetail(reply)}: not a player-name-reply of version 1 for ${player}` };
  }

  encode(event: GameEvent): readonly Outbound[] {
    // Asked before the turn's end is told, as the original server asked, while the hand is still shown.
    if (this.cleanupAside && event.a === this.seat && (event.kind === Ev.TURN_PLAYED || event.kind === Ev.TURN_END)) {
      this.cleanupAside = false;
      return [this.playTurn(false, 'aside'), ...this.messagesFor(event)];
    }
    return this.messagesFor(event);
  }

  private messagesFor(event: GameEvent): readonly Outbound[] {
    this.view.observe(event);
    const { options } = this;
    switch (event.kind) {
      case Ev.GAME_START:
        this.newGame();
        // The spec asks every name before anything else; the original server deals as it asks.
        return options.dealFirst ? NONE : [this.nameRequest(), this.gameInfo()];
      case Ev.GAINED: {
        const messages: Outbound[] = [];
        if (!this.named && event.a === this.seat) messages.push(this.nameRequest());
        if (event.c === GainedBy.STARTING_DECK && options.dealFirst) return this.startingGain(event.a, event.b, messages);
        // d = 1: the rules leave this gain unannounced (the original server's mine).
        if (event.d !== 1) messages.push(this.gainedMessage(event.a, event.b));
        if (!options.supplyBeforeTurn && event.c !== GainedBy.STARTING_DECK) messages.push(this.supplyInfo());
        return messages;
      }
      case Ev.SUPPLY_TAKEN:
        return options.supplyBeforeTurn ? NONE : [this.supplyInfo()];
      case Ev.SHUFFLED:
        return [say({ type: 'player-shuffled', player_number: this.id(event.a) })];
      case Ev.TRASHED:
        return [say({ type: 'player-trashed', player_number: this.id(event.a), trashed: [CARD_NAMES[event.b]] })];
      case Ev.TOP_DISCARD:
        return [say({ type: 'player-top-discard', player_number: this.id(event.a), card: event.b >= 0 ? CARD_NAMES[event.b] : null })];
      case Ev.REVEALED: {
        const card = CARD_NAMES[event.b];
        const reveal = options.bareReveal ? { cards: card } : { from: 'hand', cards: [card] };
        return [say({ type: 'player-reveal', player_number: this.id(event.a), ...reveal })];
      }
      case Ev.TURN_PLAYED:
        this.playedCards.push(event.b);
        return NONE;
      case Ev.TURN_END: {
        const played = this.playedCards.map((card) => CARD_NAMES[card]);
        this.playedCards.length = 0;
        if (played.length === 0 && !options.emptyPlayed) return NONE;
        return [say({ type: 'player-played', player_number: this.id(event.a), played })];
      }
      case Ev.TURN_START:
        return this.turnStart(event.a);
      case Ev.GAME_END:
        return this.gameEnd(event);
      default:
        return NONE;
    }
  }

  /**
   * The original server deals each player its estates, then its coppers, a message a card; the
   * engine deals the coppers first: they are held back until the player's estates are told.
   */
  private startingGain(seat: number, card: number, messages: Outbound[]): readonly Outbound[] {
    if (card !== Card.ESTATE) {
      this.startingHeld.push(card);
      return messages;
    }
    messages.push(this.gainedMessage(seat, card));
    if (++this.startingEstates < STARTING_ESTATES) return messages;
    for (const held of this.startingHeld) messages.push(this.gainedMessage(seat, held));
    this.startingHeld.length = 0;
    this.startingEstates = 0;
    return messages;
  }

  private gainedMessage(seat: number, card: number): Outbound {
    return say({ type: 'player-gained', player_number: this.id(seat), gained: [CARD_NAMES[card]] });
  }

  private newGame(): void {
    this.startingHeld.length = 0;
    this.startingEstates = 0;
    this.named = false;
    this.informed = false;
    this.supplyShown = false;
    this.ended = 0;
    this.winners.length = 0;
    this.playedCards.length = 0;
  }

  private turnStart(seat: number): Outbound[] {
    const messages: Outbound[] = [];
    if (!this.informed) messages.push(this.gameInfo());
    const first = !this.supplyShown;
    this.supplyShown = true;
    if (seat === this.seat) {
      this.buysOver = false;
      this.cleanupAside = false;
    }
    // Every change is announced as it happens; the supply as it starts, before the first turn.
    if (this.options.supplyBeforeTurn ? seat === this.seat : first) messages.push(this.supplyInfo());
    return messages;
  }

  private gameEnd(event: GameEvent): Outbound[] {
    this.scores[event.a] = event.b;
    if (event.d === 1) this.winners.push(playerId(event.a, false) as string);
    if (++this.ended < this.players) return [];
    return [say({ type: 'game-end', scores: [...this.scores], winners: [...this.winners] })];
  }

  endsConnection(): boolean {
    return false;
  }

  request(): Outbound {
    // The engine asks the cleanup itself: the play-turn that asks it is the one the server sent.
    this.cleanupAside = false;
    const view = this.view;
    const asked: Asked = view.discardsOwed > 0 ? 'attack' : this.buysOver ? 'cleanup' : 'turn';
    this.mirror.load(view, asked);
    this.faultPhase = this.mirror.phase();
    if (asked === 'attack') {
      return say({ type: 'attack-request', discard: view.discardsOwed, options: namesOfCounts(view.hand) }, 'decision');
    }
    return this.playTurn(asked === 'turn', 'decision');
  }

  /** play-turn: the turn's counters while it may still act and buy, zeros for its cleanup. */
  private playTurn(turn: boolean, expects: Outbound['expects']): Outbound {
    const view = this.view;
    return say(
      {
        type: 'play-turn',
        actions: turn ? this.mirror.state.actions : 0,
        buys: turn ? view.buys : 0,
        extra_money: turn ? view.extraCoins : 0,
        hand: namesOfCounts(view.hand),
        cards_played: namesOf(view.played, view.playedCount),
        cards_gained: namesOf(view.gained, view.gainedCount),
      },
      expects,
    );
  }

  /**
   * The cleanup asked after the buys takes a cleanup. The original server cleaned up all the same
   * after anything else (with its own top card), as the engine has: it is counted, nothing more.
   */
  asideRefused(reply: string): InvalidReply | null {
    const message = parseMessage(reply);
    if (message?.type === 'play-reply' && message.phase === 'cleanup') return null;
    return { invalid: Forfeit.MALFORMED, detail: `${sentDetail(reply)}: not the cleanup asked after the buys` };
  }

  /**
   * A bad reply (or none) in the buy phase ends the buys, or under invalidAction=end-turn the turn:
   * a request before the next turn's start is its cleanup.
   */
  forfeited(): void {
    if (this.faultPhase === Phase.BUY) this.buysOver = true;
  }

  decode(reply: string, _players: number, out: Int32Array): Decoded {
    const message = parseMessage(reply);
    if (message === null) return { invalid: Forfeit.MALFORMED, detail: `${sentDetail(reply)}: not a JSON object` };
    const reading = new ReplyReading(this.mirror, out, reply);
    const fault = readReply(reading, message);
    // An answer to the action phase the engine skipped costs an action there, and the buys stay.
    this.faultPhase = fault?.answered ?? this.mirror.phase();
    // A reply that got past the buys (a buy, or a cleanup) leaves the cleanup to ask.
    if (reading.passedBuys) this.buysOver = true;
    const cleanupDecided = this.mirror.deciding && this.mirror.phase() === Phase.CLEANUP;
    this.cleanupAside = this.options.cleanupAfterBuys && reading.buyRead && !cleanupDecided;
    if (fault && reading.count === 0) return fault;
    return fault ? { count: reading.count, then: fault } : { count: reading.count };
  }

  close(): readonly Outbound[] {
    return NONE;
  }
}

/** A reply being turned into actions: each is checked and played on the mirror as it is written. */
class ReplyReading {
  count = 0;
  passedBuys = false;
  /**
   * A buy reply was taken up with buys left: the original server asks for the cleanup after it,
   * whether its treasures and cards were all right or it stopped at one that was not.
   */
  buyRead = false;
  readonly mirror: DecisionMirror;
  private readonly out: Int32Array;
  private readonly reply: string;

  constructor(mirror: DecisionMirror, out: Int32Array, reply: string) {
    this.mirror = mirror;
    this.out = out;
    this.reply = reply;
  }

  /** Plays `action` if it is legal now; otherwise returns why not. */
  take(action: number, what: string): InvalidReply | null {
    const reason = this.mirror.reason(action);
    if (reason !== 0) return this.fault(reason, what);
    this.out[this.count++] = action;
    this.mirror.apply(action);
    return null;
  }

  /** Takes the card `name` names in `family`, or says it names no card. */
  takeCard(family: number, name: unknown, what: string): InvalidReply | null {
    const card = cardOf(name);
    if (card < 0) return this.fault(Illegal.UNKNOWN_CARD, `${what} '${String(name)}' is no card`);
    return this.take(actionOf(family, card), `${what} ${CARD_NAMES[card]}`);
  }

  fault(reason: number, what: string): InvalidReply {
    return { invalid: reason, detail: `${sentDetail(this.reply)}: ${what}` };
  }
}

/** Reads a reply to the request the mirror was loaded for; returns its fault, if any. */
function readReply(reading: ReplyReading, message: Message): InvalidReply | null {
  const { mirror } = reading;
  const attacked = mirror.phase() === Phase.REACTION || mirror.phase() === Phase.MILITIA_DISCARD;
  if (attacked) {
    if (message.type === 'attack-reply-reaction') {
      if (mirror.phase() === Phase.REACTION && typeof message.reaction === 'string' && message.reaction.toLowerCase() === 'moat')
        return reading.take(Action.REVEAL_MOAT, 'reveal moat');
      return reading.fault(Illegal.WRONG_DECISION, 'no moat to reveal');
    }
    if (message.type === 'attack-reply') return readDiscards(reading, message.discard);
    return reading.fault(Forfeit.MALFORMED, 'not an attack reply');
  }
  if (message.type !== 'play-reply') return reading.fault(Forfeit.MALFORMED, 'not a play-reply');
  switch (message.phase) {
    case 'action':
      return readAction(reading, message);
    case 'buy':
      return readBuy(reading, message);
    case 'cleanup':
      return readCleanup(reading, message);
    default:
      return reading.fault(Forfeit.MALFORMED, 'no phase action, buy or cleanup');
  }
}

/** The whole list must be right (as many cards as owed, all in hand), or the engine chooses. */
function readDiscards(reading: ReplyReading, value: unknown): InvalidReply | null {
  const { mirror } = reading;
  const cards = cardList(value);
  const owed = mirror.state.discardsOwed;
  if (cards === null || cards.length !== owed) return reading.fault(Illegal.WRONG_DECISION, `${owed} cards to discard`);
  const left = Int16Array.from({ length: CARD_NAMES.length }, (_, card) => mirror.held(card));
  for (const card of cards) {
    if (card < 0 || left[card]-- === 0) return reading.fault(Illegal.NOT_IN_HAND, 'a discard not in hand');
  }
  if (mirror.phase() === Phase.REACTION) reading.take(Action.NO_REACTION, 'no reaction');
  for (const card of cards) {
    const fault = reading.take(actionOf(Family.DISCARD, card), `discard ${CARD_NAMES[card]}`);
    if (fault) return fault;
  }
  return null;
}

/** A parameter left out (or written as null or an empty name). */
function absent(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function parameters(message: Message): Message {
  const value = message.additional_parameters;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Message) : {};
}

/** An action card and, in the same reply, the choices its effect asks for. */
function readAction(reading: ReplyReading, message: Message): InvalidReply | null {
  const { mirror } = reading;
  if (mirror.phase() !== Phase.ACTION) {
    // With no action card in hand the engine skipped the action phase, but play-turn said an
    // action was left: the spec and the original server take one for a card that cannot be played.
    if (mirror.phase() === Phase.BUY && mirror.state.actions > 0) return unplayable(reading, message.card);
    return reading.fault(Illegal.WRONG_DECISION, 'no action can be played now');
  }
  const extra = parameters(message);
  // Choices that cannot be made refuse the play before the card is played: one action is taken and
  // the card stays in hand, as the original server's __process_action does (the spec: "1 action is
  // consumed and the play-request message is sent again").
  const card = cardOf(message.card);
  const refused = refusedForNothing(reading, card) ?? refusedChoices(reading, card, extra);
  if (refused) return refused;
  const played = reading.takeCard(Family.PLAY, message.card, 'play');
  if (played) return played;
  switch (mirror.phase()) {
    case Phase.CELLAR: {
      // Discards left to right while they are in hand; a card that is not ends the cellar there.
      // A card not held is no fault: the spec and the original server both stop the discards there
      // ("cellar will discard all the cards up to that") and draw as many as were discarded.
      const cards = cardList(extra.cards) ?? [];
      for (const card of cards) {
        if (mirror.phase() !== Phase.CELLAR || !mirror.deciding) return null;
        if (card >= 0 && mirror.held(card) === 0) break;
        const fault =
          card < 0
            ? reading.fault(Illegal.UNKNOWN_CARD, 'cellar: no such card')
            : reading.take(actionOf(Family.DISCARD, card), `cellar ${CARD_NAMES[card]}`);
        if (fault) return fault;
      }
      return mirror.phase() === Phase.CELLAR && mirror.deciding ? reading.take(Action.DONE, 'cellar done') : null;
    }
    case Phase.REMODEL_TRASH:
    case Phase.MINE_TRASH:
      return readTrashAndGain(reading, extra);
    case Phase.WORKSHOP_GAIN:
      if (absent(extra.desired_card)) return reading.take(Action.DONE, 'workshop: nothing gained');
      return reading.takeCard(Family.GAIN, extra.desired_card, 'workshop: gain');
    default:
      return null;
  }
}

/** Why `name` cannot be played from a hand that holds no action card it may play, as an answer to the action phase. */
function unplayable(reading: ReplyReading, name: unknown): InvalidReply {
  const card = cardOf(name);
  const fault =
    card < 0
      ? reading.fault(Illegal.UNKNOWN_CARD, `play '${String(name)}' is no card`)
      : (refusedForNothing(reading, card) ??
        reading.fault(isAction(card) ? Illegal.NOT_IN_HAND : Illegal.WRONG_TYPE, `play ${CARD_NAMES[card]}`));
  return { ...fault, answered: Phase.ACTION };
}

/**
 * Why a held mine or workshop cannot be played at all, where the rules refuse a play for nothing
 * (playsForNothing=false), as the original server refuses every reply to one: null where it can.
 */
function refusedForNothing(reading: ReplyReading, card: number): InvalidReply | null {
  const { mirror } = reading;
  const reason = card >= 0 && mirror.held(card) > 0 ? playForNothingReason(mirror.state, card) : 0;
  if (reason === 0) return null;
  return reading.fault(
    reason,
    card === Card.MINE ? 'mine: no treasure in hand to trash' : 'workshop: no card costing up to 4 left to gain',
  );
}

/**
 * Why remodel's, mine's or workshop's choices cannot be made, checked before the card is played
 * (null where they can). None named is the engine's decline, played for nothing, where the rules
 * allow one (mayDecline); where they do not, it is refused as a wrong choice is, as the original
 * server refuses it, unless the card has nothing to choose from and the rules let the engine play
 * it for nothing (playsForNothing; where they do not, refusedForNothing has refused it).
 * The cards are judged as after the play: the played card is no longer in hand, unless it
 * resolves there (playedCardInHand's remodel).
 */
function refusedChoices(reading: ReplyReading, card: number, extra: Message): InvalidReply | null {
  const { mirror } = reading;
  if (card < 0 || mirror.reason(actionOf(Family.PLAY, card)) !== 0) return null;
  const { mayDecline, playedCardInHand } = mirror.state.rules;
  if (card === Card.WORKSHOP) {
    if (absent(extra.desired_card)) {
      if (mayDecline || !canGain(mirror.state, WORKSHOP_MAX_COST, 0)) return null;
      return reading.fault(Illegal.WRONG_DECISION, 'workshop: a card could be gained, none was named');
    }
    return gainRefused(reading, 'workshop', extra.desired_card, WORKSHOP_MAX_COST, false);
  }
  const mine = card === Card.MINE;
  if (!mine && card !== Card.REMODEL) return null;
  const name = mine ? 'mine' : 'remodel';
  // The played card leaves the hand before it resolves, except playedCardInHand's remodel.
  const playedHeld = mine || !playedCardInHand ? 1 : 0;
  if (absent(extra.card_to_trash)) {
    if (mayDecline || !holdsTrash(mirror, card, mine, playedHeld)) return null;
    return reading.fault(Illegal.WRONG_DECISION, `${name}: a card could be trashed, none was named`);
  }
  const trash = cardOf(extra.card_to_trash);
  if (trash < 0) return reading.fault(Illegal.UNKNOWN_CARD, `${name}: card_to_trash names no card`);
  if (mine && !isTreasure(trash)) return reading.fault(Illegal.WRONG_TYPE, `mine: ${CARD_NAMES[trash]} is no treasure`);
  const stillHeld = trash === card ? playedHeld : 0;
  if (mirror.held(trash) <= stillHeld) return reading.fault(Illegal.NOT_IN_HAND, `${name}: cannot trash ${CARD_NAMES[trash]}`);
  const limit = COST[trash] + (mine ? MINE_EXTRA_COST : REMODEL_EXTRA_COST);
  if (absent(extra.desired_card)) {
    if (!canGain(mirror.state, limit, mine ? Type.TREASURE : 0)) return null;
    return reading.fault(Illegal.WRONG_DECISION, `${name}: a card could be gained, none was named`);
  }
  return gainRefused(reading, name, extra.desired_card, limit, mine);
}

/** Whether the hand, once `card` is played (`playedHeld` copies of it gone), holds a card its effect may trash (a treasure, for mine). */
function holdsTrash(mirror: DecisionMirror, card: number, mine: boolean, playedHeld: number): boolean {
  for (let held = 0; held < CARD_NAMES.length; held++) {
    if (mine && !isTreasure(held)) continue;
    if (mirror.held(held) > (held === card ? playedHeld : 0)) return true;
  }
  return false;
}

/** Why `named` cannot be gained for at most `limit` (a treasure, for mine), or null. */
function gainRefused(reading: ReplyReading, name: string, named: unknown, limit: number, treasure: boolean): InvalidReply | null {
  const desired = cardOf(named);
  if (desired < 0) return reading.fault(Illegal.UNKNOWN_CARD, `${name}: desired_card names no card`);
  if (COST[desired] > limit) return reading.fault(Illegal.TOO_EXPENSIVE, `${name}: ${CARD_NAMES[desired]} costs too much`);
  if (reading.mirror.state.supply[desired] === 0) return reading.fault(Illegal.PILE_EMPTY, `${name}: no ${CARD_NAMES[desired]} left`);
  if (treasure && !isTreasure(desired)) return reading.fault(Illegal.WRONG_TYPE, `${name}: ${CARD_NAMES[desired]} is no treasure`);
  return null;
}

/**
 * Remodel and mine, played: their choices passed refusedChoices before the play, so each is taken
 * as named (the engine's own check still behind every step). Nothing named plays the card for
 * nothing, as the engine's decline (where the rules allow none, refusedChoices has refused it); the
 * desired card is left out only where nothing can be gained.
 */
function readTrashAndGain(reading: ReplyReading, extra: Message): InvalidReply | null {
  const name = reading.mirror.phase() === Phase.MINE_TRASH ? 'mine' : 'remodel';
  if (absent(extra.card_to_trash)) return reading.take(Action.DONE, `${name}: nothing trashed`);
  const trashed = reading.takeCard(Family.TRASH, extra.card_to_trash, `${name}: trash`);
  if (trashed !== null || absent(extra.desired_card)) return trashed;
  return reading.takeCard(Family.GAIN, extra.desired_card, `${name}: gain`);
}

/** Treasures, then buys left to right while they can be made; the buys end with the reply. */
function readBuy(reading: ReplyReading, message: Message): InvalidReply | null {
  const { mirror } = reading;
  if (mirror.phase() === Phase.ACTION) reading.take(Action.END_ACTIONS, 'end actions');
  if (mirror.phase() !== Phase.BUY || !mirror.deciding) return reading.fault(Illegal.WRONG_DECISION, 'no buys left');
  reading.buyRead = true;
  const treasures = listOrAbsent(message.played_treasures);
  if (treasures === null) return notAList(reading, 'played_treasures');
  // Every treasure in hand, in the order the engine plays them all: its one action for that.
  if (treasures.length > 0 && isEveryTreasure(mirror, treasures))
    return reading.take(Action.PLAY_TREASURES, 'play treasures') ?? readBuys(reading, message);
  for (const name of treasures) {
    const fault = reading.takeCard(Family.TREASURE, name, 'treasure');
    if (fault) return fault;
  }
  return readBuys(reading, message);
}

function readBuys(reading: ReplyReading, message: Message): InvalidReply | null {
  const { mirror } = reading;
  const buys = listOrAbsent(message.cards_to_buy);
  if (buys === null) return notAList(reading, 'cards_to_buy');
  for (const name of buys) {
    // More cards than buys: the rest are not bought.
    if (mirror.phase() !== Phase.BUY || !mirror.deciding) {
      reading.passedBuys = true;
      return null;
    }
    const fault = reading.takeCard(Family.BUY, name, 'buy');
    if (fault) return fault;
  }
  reading.passedBuys = true;
  return mirror.phase() === Phase.BUY && mirror.deciding ? reading.take(Action.END_BUYS, 'end buys') : null;
}

/**
 * A buy reply's list that is none is malformed, yet the reply was read as a buy: under
 * invalidAction=end-turn it ends the buys, not the turn, as nothing known of the original server
 * says that such a list ends its turn the way a reply it cannot read does.
 */
function notAList(reading: ReplyReading, field: string): InvalidReply {
  return { ...reading.fault(Forfeit.MALFORMED, `${field} is not a list`), answered: Phase.BUY };
}

/** A list a reply may leave out (none then): null when it is something else (a string is no list of one card). */
function listOrAbsent(value: unknown): readonly unknown[] | null {
  if (absent(value)) return [];
  return Array.isArray(value) ? value : null;
}

/** Whether `names` are the hand's treasures, all of them, in card order. */
function isEveryTreasure(mirror: DecisionMirror, names: readonly unknown[]): boolean {
  let at = 0;
  for (let card = 0; card < CARD_NAMES.length; card++) {
    if (!isTreasure(card)) continue;
    for (let n = mirror.held(card); n > 0; n--) if (cardOf(names[at++]) !== card) return false;
  }
  return at === names.length;
}

function readCleanup(reading: ReplyReading, message: Message): InvalidReply | null {
  const { mirror } = reading;
  if (mirror.phase() === Phase.ACTION) reading.take(Action.END_ACTIONS, 'end actions');
  if (mirror.phase() === Phase.BUY && mirror.deciding) reading.take(Action.END_BUYS, 'end buys');
  if (mirror.phase() !== Phase.CLEANUP || !mirror.deciding) return null;
  // None named: the server picks, as the engine does, the first card of the hand.
  if (absent(message.top_discard)) return reading.take(actionOf(Family.TOP, firstHeld(mirror)), 'top_discard picked');
  return reading.takeCard(Family.TOP, message.top_discard, 'top_discard');
}

function firstHeld(mirror: DecisionMirror): number {
  let card = 0;
  while (mirror.held(card) === 0) card++;
  return card;
}
