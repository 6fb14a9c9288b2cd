import { GameEvent } from '../../../core/events.ts';
import type { RuleValues } from '../../../core/game.ts';
import { CARD_COUNT, Card } from '../cards.ts';
import { Phase } from '../codes.ts';
import { applyAction, illegalReason, listLegalActions, syncWrittenTurn } from '../engine.ts';
import { DominionState } from '../state.ts';
import type { DominionView } from '../view.ts';

/** What a seat is asked: its turn (actions, then buys), the cleanup after its buys, or a militia's discards. */
export type Asked = 'turn' | 'cleanup' | 'attack';

/** Decisions of a card being resolved: a reply that plays an action card covers them too. */
const RESOLVING: ReadonlySet<number> = new Set([
  Phase.CELLAR,
  Phase.REMODEL_TRASH,
  Phase.REMODEL_GAIN,
  Phase.MINE_TRASH,
  Phase.MINE_GAIN,
  Phase.WORKSHOP_GAIN,
]);

/**
 * One seat's side of a decision, played with the engine's own code on a state that holds only
 * what the seat knows: its hand, its turn's counters and the supply. One JSON reply stands for
 * several of the engine's decisions (a buy list, an action card with its choices), and both ends
 * of the wire walk through them here: the host to turn a reply into legal actions (and to find
 * where it goes wrong), the bot to ask its strategy each decision in turn. Legality and legal
 * lists are the engine's, so the two cannot drift apart.
 *
 * Nothing past the seat's decision is known (its draws come later), so the state's draw and
 * discard piles start empty: a card drawn mid-reply is simply not there, and the reply ends
 * before the next decision that would need it. Its log holds the records the engine would send
 * the seat for the decisions played, which the bot takes the ones it would know at once from.
 */
export class DecisionMirror {
  readonly state: DominionState;
  private readonly seat: number;
  private readonly event = new GameEvent();

  constructor(rules: RuleValues, players: number, seat: number) {
    this.state = new DominionState(players, rules);
    // A reply that ends the turn runs the engine on into the next one, and maybe to the game's end.
    this.state.tally.clear();
    this.state.tally.startRound();
    this.seat = seat;
  }

  /** Sets the state to what `view` knows, deciding as `asked`. */
  load(view: DominionView, asked: Asked): void {
    const s = this.state;
    const seat = this.seat;
    s.events.clear();
    s.hand.fill(0);
    s.discard.fill(0);
    s.discardCount.fill(0);
    s.deckCount.fill(0);
    s.handCount.fill(0);
    for (let card = 0; card < CARD_COUNT; card++) {
      s.hand[seat * CARD_COUNT + card] = view.hand[card];
      s.supply[card] = view.supply[card];
    }
    s.handCount[seat] = view.handCount;
    s.over = false;
    s.totalTurns = 0;
    s.playCount = 0;
    s.playRuns = 0;
    s.pendingCard = -1;
    s.resolving = 0;
    s.bought = false;
    s.current = seat;
    if (asked === 'attack') {
      // Any other seat attacks: once the victim is done, the decision passes back to it.
      s.active = (seat + 1) % s.players;
      s.victim = seat;
      s.discardsOwed = view.discardsOwed;
      s.phase = view.hand[Card.MOAT] !== 0 ? Phase.REACTION : Phase.MILITIA_DISCARD;
    } else {
      // Whether the turn has played a card decides whether its cleanup is asked (cleanupAsked=after-buys).
      s.setPlayArea(view.played, view.playedCount);
      s.active = seat;
      s.victim = -1;
      s.actions = view.actions;
      s.buys = view.buys;
      s.coins = view.coins;
      s.phase = asked === 'cleanup' ? Phase.CLEANUP : s.actions > 0 ? Phase.ACTION : Phase.BUY;
    }
    syncWrittenTurn(s);
  }

  /** The decision the state awaits (a method: the value changes under a caller's feet as actions apply). */
  phase(): number {
    return this.state.phase;
  }

  /** The seat still decides (the reply has not passed the decision on). */
  get deciding(): boolean {
    return !this.state.over && this.state.current === this.seat;
  }

  /** Resolving a played card's effect. */
  get resolving(): boolean {
    return RESOLVING.has(this.state.phase);
  }

  legalActions(out: Int32Array): number {
    return listLegalActions(this.state, out);
  }

  /** 0 when `action` is legal now, else the engine's reason. */
  reason(action: number): number {
    return illegalReason(this.state, action);
  }

  apply(action: number): void {
    applyAction(this.state, action);
  }

  /** Hands on the records the last actions logged, and forgets them. */
  drain(visit: (event: GameEvent) => void): void {
    const log = this.state.events;
    for (let i = 0; i < log.count; i++) visit(this.event.read(log.data, i));
    log.clear();
  }

  /** Cards of the seat's hand, as the engine holds them. */
  held(card: number): number {
    return this.state.hand[this.seat * CARD_COUNT + card];
  }
}
