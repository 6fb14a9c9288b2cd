// A complete parlor strategy for Love Letter, meant to be copied and changed. Run it with
//   npx parlor sim --players 2 --strategies strategies/examples/first-card.ts,random --games 2000
//   npx parlor sim --strategies strategies/examples/first-card.ts:guess=princess,cautious --players 2
//
// It plays the first action of the legal list (legal actions come sorted by card, then target,
// then guess, so that is its lower card), skipping targets a priestess protects. A soldier names
// the card a clown or knight showed it in the target's hand, else the card given by the `guess`
// parameter, else the card with the most copies it has not seen.
import {
  CARD_KINDS,
  Card,
  Errors,
  Ev,
  actionCard,
  actionGuess,
  actionTarget,
  cardByName,
  type GameEvent,
  type LoveLetterView,
  type Rng,
  type Strategy,
  type StrategyContext,
  type StrategyDefinition,
} from 'parlor/strategy';

class FirstCardPlayer implements Strategy<LoveLetterView> {
  // True: the table keeps `view` up to date and calls `inform` with every message this seat gets.
  // A strategy that needs neither can say false and the table skips that work.
  readonly observes = true;
  /** [seat]: the card we were shown in that player's hand (0: none, or it may have changed). */
  private readonly shown: Int8Array;
  private readonly unseen = new Int8Array(CARD_KINDS + 1);
  /** The card the `guess` parameter names, or 0 for "the commonest unseen card". */
  private readonly preferredGuess: number;

  constructor(context: StrategyContext, preferredGuess: number) {
    this.shown = new Int8Array(context.players);
    this.preferredGuess = preferredGuess;
  }

  // A round begins: forget the last one.
  restart(): void {
    this.shown.fill(0);
  }

  // Every message the protocol sends this seat, as a reused record: copy what you keep.
  inform(event: GameEvent): void {
    switch (event.kind) {
      case Ev.REVEAL: // a = the player whose card we see, b = the card
        this.shown[event.a] = event.b;
        break;
      case Ev.PLAYED: // a = actor, b = card, c = target (or -1), d = guess (or 0)
        this.shown[event.a] = 0;
        if (event.b === Card.GENERAL && event.c >= 0) this.shown[event.c] = 0;
        break;
      case Ev.DISCARD: // a wizard made player a discard; it draws a new card
      case Ev.OUT:
        this.shown[event.a] = 0;
        break;
      default:
        break;
    }
  }

  // Must return one of legal[0 .. count-1]; `rng` is this seat's own seeded stream.
  choose(view: LoveLetterView, legal: Int32Array, count: number, _rng: Rng): number {
    const card = actionCard(legal[0]);
    for (let i = 0; i < count && actionCard(legal[i]) === card; i++) {
      const target = actionTarget(legal[i]);
      if (target === view.seat || (target >= 0 && view.protectedSeat[target] === 1)) continue;
      if (card !== Card.SOLDIER || actionGuess(legal[i]) === this.guessAt(view, target)) return legal[i];
    }
    return legal[0];
  }

  private guessAt(view: LoveLetterView, target: number): number {
    const shown = this.shown[target];
    if (shown !== 0 && shown !== Card.SOLDIER) return shown;
    if (this.preferredGuess !== 0) return this.preferredGuess;
    view.unseen(this.unseen);
    let best: number = Card.CLOWN;
    for (let other = Card.CLOWN + 1; other <= Card.PRINCESS; other++) if (this.unseen[other] > this.unseen[best]) best = other;
    return best;
  }
}

// What parlor loads: the default export (or any export) shaped like a StrategyDefinition.
const firstCard: StrategyDefinition<LoveLetterView> = {
  name: 'first-card',
  game: 'love-letter',
  summary: 'plays its lower card at the first unprotected opponent; soldiers name a seen card',
  params: [
    {
      name: 'guess',
      type: 'string',
      default: 'commonest',
      help: 'card a soldier names when it has seen nothing: a card name, or commonest (most unseen copies)',
    },
  ],
  create(context) {
    const name = String(context.params.guess);
    const guess = name === 'commonest' ? 0 : cardByName(name);
    if (name !== 'commonest' && (guess === Card.NONE || guess === Card.SOLDIER)) {
      throw Errors.badStrategyParam('first-card', `guess must be commonest or a card other than soldier, got '${name}'`);
    }
    return new FirstCardPlayer(context, guess);
  },
};

export default firstCard;
