import type { Rng, StrategyDefinition } from '../../src/strategy-api.ts';
import {
  ACCUSE_BASE,
  NO_ACCUSATION,
  TRIPLE_ROOM,
  TRIPLE_SUSPECT,
  TRIPLE_WEAPON,
  decodeRules,
  type SpeedClueView,
} from '../../src/games/speedclue/index.ts';
import { Ask, askOf } from './choices.ts';
import { InfoGainCluePlayer } from './infogain.ts';

/** Candidates few enough to weigh by their deals before each accusation step. */
const WEIGHED_CANDIDATES = 6;
/** Deals counted a candidate at most: enough to tell a late position's candidates apart, and quick. */
const DEAL_CAP = 256;
/** The share of the deals the likeliest candidate needs for an uncertain accusation. */
const GAMBLE_SHARE = 1 / 3;

/**
 * Hunts the solution rather than the deal, as a race asks. It suggests the unused triple whose
 * cards are the likeliest to be the solution's, by the estimated chances: a category whose
 * solution is known is named by that card, which nobody can show, so the answer speaks of the other
 * categories alone, and an undisproved answer ends the hunt. It accuses when certain, and also
 * when few candidates remain and the likeliest is completed by at least a third of the deals that
 * fit everything it knows: waiting a round would hand the others the turns to solve it first.
 * It disproves as infogain does.
 */
export class PinpointCluePlayer extends InfoGainCluePlayer {
  override choose(view: SpeedClueView, legal: Int32Array, count: number, rng: Rng): number {
    if (askOf(legal) === Ask.ACCUSE && view.certain < 0 && legal[0] === NO_ACCUSATION) {
      const knowledge = this.knowledge;
      const likeliest = knowledge.likeliest(WEIGHED_CANDIDATES, DEAL_CAP);
      if (likeliest >= 0 && knowledge.likelyShare >= GAMBLE_SHARE) return ACCUSE_BASE + likeliest;
    }
    return super.choose(view, legal, count, rng);
  }

  protected override suggestion(legal: Int32Array, count: number, rng: Rng): number {
    const chance = this.chance;
    this.knowledge.estimate(chance);
    const owners = this.players + 1;
    const solution = this.knowledge.solutionOwner;
    const best = this.best.begin();
    for (let i = 0; i < count; i++) {
      const triple = legal[i];
      const score =
        chance[TRIPLE_SUSPECT[triple] * owners + solution] +
        chance[TRIPLE_WEAPON[triple] * owners + solution] +
        chance[TRIPLE_ROOM[triple] * owners + solution];
      best.offer(triple, score, rng);
    }
    return best.action;
  }
}

export const pinpoint: StrategyDefinition<SpeedClueView> = {
  name: 'pinpoint',
  game: 'speedclue',
  summary: 'inference hunting the solution: suggests the likeliest solution cards, accuses on a likely enough candidate',
  params: [],
  trusted: true,
  create: ({ players, seat, rules }) => new PinpointCluePlayer(players, seat, decodeRules(rules).accusationRules),
};
