import type { RuleValues, Rng, Strategy, StrategyDefinition } from '../../src/strategy-api.ts';
import { HandSampler, createSearchState, hearts, loadPosition, type HeartsState, type HeartsView } from '../../src/games/hearts/index.ts';
import { DuckingPlayout } from './playout.ts';

/**
 * Determinized sampling with rollouts (perfect-information Monte Carlo). For each decision it
 * deals `samples` guesses of the hidden hands from what its view knows (HandSampler: its own
 * hand, the cards played, the voids shown, the hand sizes), and in each guess plays every legal
 * card, then the rest of the hand with every seat following the `ducking` rules, in its own
 * engine state. It plays the card that took it the fewest points over the guesses, the moon
 * counted as the rules count it (26 when another seat shoots, 0 when it shoots itself). Every
 * card is tried on the same guesses, so the comparison between cards is paired and luck of the
 * sample mostly cancels.
 */
export class SamplerPlayer implements Strategy<HeartsView> {
  readonly observes = true;
  private readonly seat: number;
  private readonly samples: number;
  private readonly sampler: HandSampler;
  private readonly state: HeartsState;
  private readonly playout: DuckingPlayout;
  /** [i]: points taken over the guesses after playing legal[i]. */
  private readonly points = new Float64Array(hearts.maxActions);

  constructor(players: number, seat: number, rules: RuleValues, samples: number) {
    this.seat = seat;
    this.samples = samples;
    this.sampler = new HandSampler(players, seat);
    this.state = createSearchState(players, rules);
    this.playout = new DuckingPlayout(this.state);
  }

  restart(): void {}

  inform(): void {}

  choose(view: HeartsView, legal: Int32Array, count: number, rng: Rng): number {
    if (count === 1) return legal[0];
    const { state, playout, points, seat } = this;
    for (let i = 0; i < count; i++) points[i] = 0;
    this.sampler.prepare(view);
    for (let sample = 0; sample < this.samples; sample++) {
      const hands = this.sampler.sample(rng);
      for (let i = 0; i < count; i++) {
        loadPosition(state, view, hands);
        hearts.apply(state, legal[i]);
        playout.finish(state);
        points[i] += state.totals[seat];
      }
    }
    // Ties go to the first card in card order, so the choice depends only on the guesses.
    let best = 0;
    for (let i = 1; i < count; i++) if (points[i] < points[best]) best = i;
    return legal[best];
  }
}

export const sampler: StrategyDefinition<HeartsView> = {
  name: 'sampler',
  game: 'hearts',
  summary: 'tries each card on sampled deals of the hidden hands, played out by ducking; fewest points wins',
  params: [{ name: 'samples', type: 'integer', default: 100, min: 1, max: 100_000, help: 'guesses of the hidden hands per decision' }],
  trusted: true,
  create: (context) => new SamplerPlayer(context.players, context.seat, context.rules, Number(context.params.samples)),
};
