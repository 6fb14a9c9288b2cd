import type { Rng, StrategyDefinition } from '../../src/strategy-api.ts';
import {
  CARDS,
  CATEGORY_OF,
  SHOW_BASE,
  TRIPLE_ROOM,
  TRIPLE_SUSPECT,
  TRIPLE_WEAPON,
  decodeRules,
  type SpeedClueView,
} from '../../src/games/speedclue/index.ts';
import { BestChoice } from './choices.ts';
import { InferenceCluePlayer } from './inference.ts';

/** Entropies within this of the best count as ties, so rounding does not decide between equals. */
const TIE = 1e-9;

/**
 * The inference player with two refinements. It suggests the unused triple whose answer it can
 * least predict: the entropy of (who disproves, which card) under each card's estimated chances of
 * being with each owner, which is the information the answer is expected to give. Disproving, it
 * shows the card that tells the suggester least: one already shown to that player, else one
 * already shown to anyone, else one from the category with the most cards (a room before a
 * weapon or a suspect).
 */
export class InfoGainCluePlayer extends InferenceCluePlayer {
  private readonly chance: Float64Array;
  private readonly bestGain = new BestChoice(TIE);
  private readonly seat: number;
  private readonly players: number;

  constructor(players: number, seat: number, accusationRules: boolean) {
    super(players, seat, accusationRules);
    this.players = players;
    this.seat = seat;
    this.chance = new Float64Array(CARDS * (players + 1));
  }

  protected override suggestion(legal: Int32Array, count: number, rng: Rng): number {
    this.knowledge.estimate(this.chance);
    const best = this.bestGain.begin();
    for (let i = 0; i < count; i++) best.offer(legal[i], this.answerEntropy(legal[i]), rng);
    return best.action;
  }

  /**
   * Seats answer in turn from the next one; each holds none of the three cards with the product of
   * its chances of not holding each (taken as independent), and otherwise shows one of those it
   * holds, each in proportion to its chance.
   */
  private answerEntropy(triple: number): number {
    const owners = this.players + 1;
    const chance = this.chance;
    const suspect = TRIPLE_SUSPECT[triple] * owners;
    const weapon = TRIPLE_WEAPON[triple] * owners;
    const room = TRIPLE_ROOM[triple] * owners;
    let reach = 1;
    let entropy = 0;
    for (let seat = this.next(this.seat); seat !== this.seat; seat = this.next(seat)) {
      const ps = chance[suspect + seat];
      const pw = chance[weapon + seat];
      const pr = chance[room + seat];
      const none = (1 - ps) * (1 - pw) * (1 - pr);
      const sum = ps + pw + pr;
      if (none < 1 && sum > 0) {
        const scale = (reach * (1 - none)) / sum;
        entropy -= plogp(scale * ps) + plogp(scale * pw) + plogp(scale * pr);
      }
      reach *= none;
    }
    return entropy - plogp(reach);
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
  return p > 0 ? p * Math.log(p) : 0;
}

export const infogain: StrategyDefinition<SpeedClueView> = {
  name: 'infogain',
  game: 'speedclue',
  summary: 'inference, suggesting what it can least predict and showing the card that tells least',
  params: [],
  trusted: true,
  create: ({ players, seat, rules }) => new InfoGainCluePlayer(players, seat, decodeRules(rules).accusationRules),
};
