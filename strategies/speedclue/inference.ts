import type { GameEvent, Rng, Strategy, StrategyDefinition } from '../../src/strategy-api.ts';
import { TRIPLE_MASK, decodeRules, lowestCard, type SpeedClueView } from '../../src/games/speedclue/index.ts';
import { Ask, BestChoice, accuseIfKnown, askOf } from './choices.ts';
import { ClueKnowledge } from './knowledge.ts';

/**
 * Exact reasoning over who holds what (ClueKnowledge), accusing as soon as only one solution fits
 * everything it was told. It suggests, among its unused suggestions, one naming the most cards
 * whose holder it does not know yet, at random; it shows a random matching card.
 */
export class InferenceCluePlayer implements Strategy<SpeedClueView> {
  readonly observes = true;
  readonly knowledge: ClueKnowledge;
  protected readonly best = new BestChoice();

  constructor(players: number, seat: number, accusationRules: boolean) {
    this.knowledge = new ClueKnowledge(players, seat, accusationRules);
  }

  restart(): void {
    this.knowledge.reset();
  }

  inform(event: GameEvent): void {
    this.knowledge.observe(event);
  }

  choose(view: SpeedClueView, legal: Int32Array, count: number, rng: Rng): number {
    const ask = askOf(legal);
    if (ask === Ask.ACCUSE) {
      const knowledge = this.knowledge;
      const solution = view.certain >= 0 ? view.certain : knowledge.certainSolution();
      return accuseIfKnown(solution, knowledge.likely, legal, count, rng);
    }
    if (ask === Ask.DISPROVE) return this.disproof(view, legal, count, rng);
    return this.suggestion(legal, count, rng);
  }

  protected disproof(_view: SpeedClueView, legal: Int32Array, count: number, rng: Rng): number {
    return legal[rng.int(count)];
  }

  protected suggestion(legal: Int32Array, count: number, rng: Rng): number {
    const knowledge = this.knowledge;
    knowledge.propagate();
    const best = this.best.begin();
    for (let i = 0; i < count; i++) {
      let unknown = 0;
      for (let rest = TRIPLE_MASK[legal[i]]; rest !== 0; rest &= rest - 1) {
        if (knowledge.ownerOf(lowestCard(rest)) < 0) unknown++;
      }
      best.offer(legal[i], unknown, rng);
    }
    return best.action;
  }
}

export const inference: StrategyDefinition<SpeedClueView> = {
  name: 'inference',
  game: 'speedclue',
  summary: 'exact inference over who holds what; accuses as soon as the solution is certain',
  params: [],
  trusted: true,
  create: ({ players, seat, rules }) => new InferenceCluePlayer(players, seat, decodeRules(rules).accusationRules),
};
