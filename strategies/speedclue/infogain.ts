import { log } from '../../src/core/portable-math.ts';
import type { Rng, StrategyDefinition } from '../../src/strategy-api.ts';
import {
  CARDS,
  CATEGORY_MASK,
  CATEGORY_OF,
  SHOW_BASE,
  TRIPLE_ROOM,
  TRIPLE_SUSPECT,
  TRIPLE_WEAPON,
  decodeRules,
  lowestCard,
  type SpeedClueView,
} from '../../src/games/speedclue/index.ts';
import { BestChoice } from './choices.ts';
import { InferenceCluePlayer } from './inference.ts';

/** Values within this of the best count as ties, so rounding does not decide between equals. */
const TIE = 1e-9;
/** How much the answer's whole entropy counts beside its information about the solution. */
const ENTROPY_WEIGHT = 0.1;

/**
 * The inference player with two refinements. It suggests the unused triple whose answer is
 * expected to tell most about the solution, judged from each card's estimated chances of being
 * with each owner: a candidate card shown leaves its category, an undisproved candidate it does
 * not hold is the solution's, and the answer's whole entropy (who disproves, with which card)
 * breaks near ties. Disproving, it shows the card that tells the suggester least: one already
 * shown to that player, else one already shown to anyone, else one from the category with the
 * most cards (a room before a weapon or a suspect).
 */
export class InfoGainCluePlayer extends InferenceCluePlayer {
  /** [card * (players + 1) + owner]: the estimated chances, refreshed before each suggestion. */
  protected readonly chance: Float64Array;
  private readonly bestGain = new BestChoice(TIE);
  /** [card]: see solutionGains. */
  private readonly shownGain = new Float64Array(CARDS);
  private readonly pinnedGain = new Float64Array(CARDS);
  private readonly seat: number;
  protected readonly players: number;

  constructor(players: number, seat: number, accusationRules: boolean) {
    super(players, seat, accusationRules);
    this.players = players;
    this.seat = seat;
    this.chance = new Float64Array(CARDS * (players + 1));
  }

  protected override suggestion(legal: Int32Array, count: number, rng: Rng): number {
    this.knowledge.estimate(this.chance);
    this.solutionGains();
    const best = this.bestGain.begin();
    for (let i = 0; i < count; i++) best.offer(legal[i], this.answerValue(legal[i]), rng);
    return best.action;
  }

  /**
   * What each card's fate in an answer tells about the solution, in nats of the candidate count
   * (the product of each category's candidates): shown, a candidate card leaves its category
   * (log n / (n - 1)); undisproved, a candidate card not held is the solution's (log n).
   */
  private solutionGains(): void {
    const knowledge = this.knowledge;
    const solution = knowledge.solutionOwner;
    for (let category = 0; category < 3; category++) {
      let candidates = 0;
      for (let rest = CATEGORY_MASK[category]; rest !== 0; rest &= rest - 1) {
        if (knowledge.mayHold(lowestCard(rest), solution)) candidates++;
      }
      for (let rest = CATEGORY_MASK[category]; rest !== 0; rest &= rest - 1) {
        const card = lowestCard(rest);
        const open = candidates > 1 && knowledge.mayHold(card, solution);
        this.shownGain[card] = open ? log(candidates / (candidates - 1)) : 0;
        this.pinnedGain[card] = open && !knowledge.mayHold(card, this.seat) ? log(candidates) : 0;
      }
    }
  }

  /**
   * The answer's expected information about the solution, plus a fraction of its whole entropy
   * (who holds what, which pays off on later turns). Seats answer in turn from the next one; each
   * holds none of the three cards with the product of its chances of not holding each (taken as
   * independent), and otherwise shows one of those it holds, each in proportion to its chance.
   */
  private answerValue(triple: number): number {
    const owners = this.players + 1;
    const chance = this.chance;
    const s = TRIPLE_SUSPECT[triple];
    const w = TRIPLE_WEAPON[triple];
    const r = TRIPLE_ROOM[triple];
    let reach = 1;
    let entropy = 0;
    let gain = 0;
    for (let seat = this.next(this.seat); seat !== this.seat; seat = this.next(seat)) {
      const ps = chance[s * owners + seat];
      const pw = chance[w * owners + seat];
      const pr = chance[r * owners + seat];
      const none = (1 - ps) * (1 - pw) * (1 - pr);
      const sum = ps + pw + pr;
      if (none < 1 && sum > 0) {
        const scale = (reach * (1 - none)) / sum;
        entropy -= plogp(scale * ps) + plogp(scale * pw) + plogp(scale * pr);
        gain += scale * (ps * this.shownGain[s] + pw * this.shownGain[w] + pr * this.shownGain[r]);
      }
      reach *= none;
    }
    gain += reach * (this.pinnedGain[s] + this.pinnedGain[w] + this.pinnedGain[r]);
    return gain + ENTROPY_WEIGHT * (entropy - plogp(reach));
  }

  private next(seat: number): number {
    return seat + 1 === this.players ? 0 : seat + 1;
  }

  protected override disproof(view: SpeedClueView, legal: Int32Array, count: number, rng: Rng): number {
    const knowledge = this.knowledge;
    const toSuggester = view.disproveFor >= 0 ? knowledge.shownTo[view.disproveFor] : 0;
    const best = this.best.begin();
    for (let i = 0; i < count; i++) {
      const card = legal[i] - SHOW_BASE;
      const bit = 1 << card;
      best.offer(legal[i], ((toSuggester & bit) !== 0 ? 8 : 0) + ((knowledge.shown & bit) !== 0 ? 4 : 0) + CATEGORY_OF[card], rng);
    }
    return best.action;
  }
}

function plogp(p: number): number {
  return p > 0 ? p * log(p) : 0;
}

export const infogain: StrategyDefinition<SpeedClueView> = {
  name: 'infogain',
  game: 'speedclue',
  summary: 'inference, suggesting what tells most about the solution and showing the card that tells least',
  params: [],
  trusted: true,
  create: ({ players, seat, rules }) => new InfoGainCluePlayer(players, seat, decodeRules(rules).accusationRules),
};
