import {
  CARD_KINDS,
  Card,
  DECK_SIZE,
  actionCard,
  actionGuess,
  actionTarget,
  loveLetter,
  type GameEvent,
  type LoveLetterView,
  type Rng,
  type Strategy,
  type StrategyDefinition,
} from '../../src/strategy-api.ts';
import { bustingDraws, drawsAgain, keptCard, ministerBustAt, opponentsIn } from './choices.ts';
import { RoundKnowledge } from './knowledge.ts';

// Scores are rough changes in the chance of winning the round, so effects of different cards
// compare on one scale. The weights below were set by hand and checked in play against `cautious`
// and `random`.

/** How much of a player's chance a showdown card is worth, at most (late in the round). */
const SHOWDOWN_WEIGHT = 0.6;
/** Chance an opponent who knows our card uses that on its turn (a soldier naming it, a knight). */
const EXPOSED_DANGER = 0.35;
/** Chance per opponent turn of being knocked out while nobody knows our card. */
const BLIND_DANGER = 0.06;
/** Worth of learning an unknown opponent card, as a share of knocking that opponent out. */
const INFORMATION_WORTH = 0.35;
const SCORE_TIE = 1e-9;

/**
 * Scores a legal play by its immediate expected effect, from what RoundKnowledge has gathered:
 * the chances of each opponent's card, then a soldier guess by the chance it hits, a knight by the
 * chances of winning and losing the duel, a clown by what it would learn, a wizard by the chance
 * of hitting the princess (or a sure knock-out when the deck is empty), a general by the card it
 * would bring, a priestess by how exposed the kept card is; plus, for every play, the worth of the
 * card kept (its showdown value, less the danger of a minister bust or of being known).
 */
export class PlayScorer {
  private readonly knowledge: RoundKnowledge;
  private readonly bustAt: number;
  private readonly pool = new Int8Array(CARD_KINDS + 1);
  /** [seat * 9 + card]: the chance that seat holds card. */
  private readonly chances: Float64Array;
  private readonly scratch = new Float64Array(CARD_KINDS + 1);
  private poolTotal = 0;
  /** Fraction of the round's deck already drawn: showdown cards matter more as it grows. */
  private lateness = 0;
  private opponents = 0;
  /** Gain from knocking one opponent out, and loss from being knocked out, as round-win chances. */
  private knockGain = 0;
  private outLoss = 0;

  constructor(knowledge: RoundKnowledge, bustAt: number) {
    this.knowledge = knowledge;
    this.bustAt = bustAt;
    this.chances = new Float64Array(knowledge.players * (CARD_KINDS + 1));
  }

  private prepare(view: LoveLetterView): void {
    const knowledge = this.knowledge;
    this.poolTotal = knowledge.unknownPool(view, this.pool);
    const fullDeck = DECK_SIZE - 1 - view.players;
    this.lateness = 1 - view.deckCount / fullDeck;
    this.opponents = opponentsIn(view);
    const playersIn = this.opponents + 1;
    this.knockGain = 1 / this.opponents - 1 / playersIn;
    this.outLoss = 1 / playersIn;
    const stride = CARD_KINDS + 1;
    for (let seat = 0; seat < view.players; seat++) {
      if (seat === view.seat || view.inRound[seat] === 0) continue;
      knowledge.cardChances(seat, this.pool, this.scratch);
      this.chances.set(this.scratch, seat * stride);
    }
  }

  private chance(seat: number, card: number): number {
    return this.chances[seat * (CARD_KINDS + 1) + card];
  }

  /** The chance that `seat` holds a card below `card`, and above it. */
  private below(seat: number, card: number): number {
    let p = 0;
    for (let other = Card.SOLDIER; other < card; other++) p += this.chance(seat, other);
    return p;
  }

  private above(seat: number, card: number): number {
    let p = 0;
    for (let other = card + 1; other <= Card.PRINCESS; other++) p += this.chance(seat, other);
    return p;
  }

  /**
   * Rates each of legal[0 .. count-1] into scores[i]. Scores are written into the array rather
   * than returned: V8 boxes a fractional number returned from a call it did not inline.
   */
  scoreAll(view: LoveLetterView, legal: Int32Array, count: number, scores: Float64Array): void {
    this.prepare(view);
    for (let i = 0; i < count; i++) this.score(view, legal[i], scores, i);
  }

  /** The score of one play, written into scores[index] (see scoreAll). */
  private score(view: LoveLetterView, action: number, scores: Float64Array, index: number): void {
    const card = actionCard(action);
    const target = actionTarget(action);
    const kept = keptCard(view, card);
    const knowledge = this.knowledge;
    const open = target >= 0 && target !== view.seat && !knowledge.isProtected(target);
    // Whoever knows our held card still knows it if we keep that card.
    const exposed = kept === knowledge.myCard ? knowledge.exposedTo : 0;
    const keep = this.keepWorth(view, kept, exposed);
    let value = keep;
    switch (card) {
      case Card.SOLDIER:
        if (open) value += this.chance(target, actionGuess(action)) * this.knockGain;
        break;
      case Card.CLOWN:
        if (open && knowledge.known[target] === 0) value += INFORMATION_WORTH * this.knockGain;
        break;
      case Card.KNIGHT:
        if (open) {
          const win = this.below(target, kept);
          const lose = this.above(target, kept);
          const tie = 1 - win - lose;
          // After a tie the target knows our card.
          value = win * (this.knockGain + keep) + tie * this.keepWorth(view, kept, exposed | (1 << target)) - lose * this.outLoss;
        }
        break;
      case Card.PRIESTESS:
        value = this.keepWorth(view, kept, 0) + this.dangerAvoided(exposed);
        break;
      case Card.WIZARD:
        // The target must draw again: with an empty deck it is out, else only the princess is.
        if (target === view.seat) value = this.freshCardWorth(view, kept);
        else if (open) value += (view.deckCount === 0 ? 1 : this.chance(target, Card.PRINCESS)) * this.knockGain;
        break;
      case Card.GENERAL:
        if (open) value = this.generalScore(view, target);
        break;
      case Card.PRINCESS:
        value = -2 * this.outLoss;
        break;
      default:
        break;
    }
    scores[index] = value;
  }

  /** Discarding our own card to the wizard: out with the princess or when nothing is left to draw. */
  private freshCardWorth(view: LoveLetterView, kept: number): number {
    if (kept === Card.PRINCESS || view.deckCount === 0) return -this.outLoss;
    // A fresh card from the deck, which nobody knows.
    let worth = 0;
    for (let card = Card.SOLDIER; card <= Card.PRINCESS; card++) {
      if (this.pool[card] > 0) worth += (this.pool[card] / this.poolTotal) * this.keepWorth(view, card, 0);
    }
    return worth;
  }

  /** We give the target our card, take its card, and it knows what we then hold. */
  private generalScore(view: LoveLetterView, target: number): number {
    let worth = 0;
    for (let card = Card.SOLDIER; card <= Card.PRINCESS; card++) {
      const p = this.chance(target, card);
      if (p > 0) worth += p * this.keepWorth(view, card, 1 << target);
    }
    return worth;
  }

  /** The worth of holding `kept` from now on: its showdown value, less the dangers it brings. */
  private keepWorth(view: LoveLetterView, kept: number, exposed: number): number {
    return this.showdownWorth(kept) - this.exposureDanger(exposed) - this.bustDanger(view, kept);
  }

  private showdownWorth(card: number): number {
    return SHOWDOWN_WEIGHT * this.outLoss * this.lateness * ((card - 1) / 7);
  }

  private exposureDanger(exposed: number): number {
    let knowers = 0;
    for (let mask = exposed; mask !== 0; mask &= mask - 1) knowers++;
    return knowers * EXPOSED_DANGER * this.outLoss;
  }

  private dangerAvoided(exposed: number): number {
    return this.exposureDanger(exposed) + this.opponents * BLIND_DANGER * this.outLoss;
  }

  /** The chance of failing the minister check on the next draw while keeping `kept`. */
  private bustDanger(view: LoveLetterView, kept: number): number {
    if (!drawsAgain(view) || this.poolTotal === 0) return 0;
    return (bustingDraws(kept, this.pool, this.bustAt) / this.poolTotal) * this.outLoss;
  }
}

/**
 * Counts cards and plays the legal play PlayScorer rates best (ties broken at random). It keeps
 * track of every card it has been told about: plays, discards, reveals, swaps and outs.
 */
export class CounterPlayer implements Strategy<LoveLetterView> {
  readonly observes = true;
  private readonly knowledge: RoundKnowledge;
  private readonly scorer: PlayScorer;
  private readonly scores = new Float64Array(loveLetter.maxActions);

  constructor(players: number, seat: number, bustAt: number) {
    this.knowledge = new RoundKnowledge(players, seat);
    this.scorer = new PlayScorer(this.knowledge, bustAt);
  }

  restart(): void {
    this.knowledge.reset();
  }

  inform(event: GameEvent): void {
    this.knowledge.observe(event);
  }

  choose(view: LoveLetterView, legal: Int32Array, count: number, rng: Rng): number {
    const scores = this.scores;
    this.scorer.scoreAll(view, legal, count, scores);
    let best = legal[0];
    let bestScore = -Infinity;
    let ties = 0;
    for (let i = 0; i < count; i++) {
      const score = scores[i];
      if (score > bestScore + SCORE_TIE) {
        bestScore = score;
        best = legal[i];
        ties = 1;
      } else if (score >= bestScore - SCORE_TIE && rng.int(++ties) === 0) {
        best = legal[i];
      }
    }
    this.knowledge.keep(keptCard(view, actionCard(best)));
    return best;
  }
}

export const counter: StrategyDefinition<LoveLetterView> = {
  name: 'counter',
  game: 'love-letter',
  summary: 'counts the cards it has been told about and plays the best immediate expected outcome',
  params: [],
  trusted: true,
  create: (context) => new CounterPlayer(context.players, context.seat, ministerBustAt(context.rules)),
};
