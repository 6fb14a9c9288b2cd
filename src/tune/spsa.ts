import { masterKey, Rng, Streams } from '../core/random.ts';

/**
 * Simultaneous perturbation stochastic approximation, as fishtest runs it for chess engines: every
 * iteration moves all parameters at once by +-c_k (signs drawn at random), plays theta+ against
 * theta-, and steps along the sign vector by how much theta+ did better. Its gains shrink as
 *   c_k = c / (k + 1)^gamma,   a_k = a / (A + k + 1)^alpha,
 * with k counted in game pairs (so a longer iteration is worth as many steps as its pairs), c set so
 * that the last perturbation is the parameter's `step` (fishtest's c_end) and a so that the last
 * learning rate a_k / c_k^2 is r_end. Pure: no I/O, no clock, every random sign from (seed, iteration).
 */

/** One parameter under tuning, in its own units. */
export interface TunedParam {
  readonly name: string;
  readonly start: number;
  readonly min: number;
  readonly max: number;
  /** The perturbation at the end of the run (fishtest's c_end); larger at the start. */
  readonly step: number;
  /** Played values are rounded to whole numbers. */
  readonly integer: boolean;
}

/** SPSA's gains and schedule, as spsaSettings fills them in from SPSA_DEFAULTS. */
export interface SpsaSettings {
  readonly iterations: number;
  /** Games of each arm per iteration: fishtest's gains count these pairs, not iterations. */
  readonly pairsPerIteration: number;
  readonly alpha: number;
  readonly gamma: number;
  /** The stability constant of a_k, in game pairs. */
  readonly stability: number;
  /** fishtest's r_end: the learning rate a_k / c_k^2 of the last iteration. */
  readonly rEnd: number;
}

/**
 * fishtest's exponents, and its stability constant of a tenth of the run. Its r_end of 0.002 is
 * made for runs of 10^5 game pairs and more; 0.02 moves parameters within parlor's default run
 * of 20,000 pairs (it tuned the Dominion thresholds of the README that way).
 */
export const SPSA_DEFAULTS = { alpha: 0.602, gamma: 0.101, stabilityShare: 0.1, rEnd: 0.02 } as const;

/** The settings for a run of `iterations` of `pairsPerIteration` game pairs, fishtest's defaults filling the rest. */
export function spsaSettings(iterations: number, pairsPerIteration: number, rEnd: number = SPSA_DEFAULTS.rEnd): SpsaSettings {
  return {
    iterations,
    pairsPerIteration,
    alpha: SPSA_DEFAULTS.alpha,
    gamma: SPSA_DEFAULTS.gamma,
    stability: SPSA_DEFAULTS.stabilityShare * iterations * pairsPerIteration,
    rEnd,
  };
}

/** What one iteration plays: the sign of each parameter's perturbation, its size, and the two points. */
export interface Perturbation {
  readonly flips: readonly number[];
  /** c_k per parameter. */
  readonly size: readonly number[];
  /** The values theta+ and theta- play: clamped to the bounds, whole numbers where integer. */
  readonly plus: readonly number[];
  readonly minus: readonly number[];
}

/** The SPSA optimizer a tuning run steps, public for driving a tuning loop of one's own from code. */
export class Spsa {
  readonly params: readonly TunedParam[];
  readonly settings: SpsaSettings;
  private readonly key: Uint32Array;
  private readonly rng = new Rng();

  constructor(params: readonly TunedParam[], settings: SpsaSettings, seed: string) {
    this.params = params;
    this.settings = settings;
    this.key = masterKey(seed);
  }

  /** Game pairs played before iteration `iteration`: fishtest's k. */
  private pairsBefore(iteration: number): number {
    return iteration * this.settings.pairsPerIteration;
  }

  private get totalPairs(): number {
    return this.settings.iterations * this.settings.pairsPerIteration;
  }

  /** c_k of each parameter at `iteration`. */
  perturbationSize(iteration: number): number[] {
    const { gamma } = this.settings;
    const k = this.pairsBefore(iteration);
    return this.params.map((param) => (param.step * this.totalPairs ** gamma) / (k + 1) ** gamma);
  }

  /** a_k of each parameter at `iteration`. */
  gain(iteration: number): number[] {
    const { alpha, stability, rEnd } = this.settings;
    const k = this.pairsBefore(iteration);
    return this.params.map((param) => (rEnd * param.step ** 2 * (stability + this.totalPairs) ** alpha) / (stability + k + 1) ** alpha);
  }

  /** +1 or -1 per parameter, from the iteration's own stream: the same on any machine and any resume. */
  flips(iteration: number): number[] {
    this.rng.seed(this.key, iteration, Streams.PERTURBATION, 0);
    return this.params.map(() => (this.rng.int(2) === 0 ? -1 : 1));
  }

  perturb(theta: readonly number[], iteration: number): Perturbation {
    const flips = this.flips(iteration);
    const size = this.perturbationSize(iteration);
    const at = (sign: number) => this.params.map((param, i) => played(param, theta[i] + sign * flips[i] * size[i]));
    return { flips, size, plus: at(1), minus: at(-1) };
  }

  /**
   * The next theta after an iteration whose theta+ scored `result` more than its theta- (summed
   * over its game pairs, as fishtest sums wins minus losses): each parameter moves by
   * a_k / c_k * result along its sign, and stays within its bounds.
   */
  update(theta: readonly number[], iteration: number, perturbation: Perturbation, result: number): number[] {
    const gain = this.gain(iteration);
    return this.params.map((param, i) =>
      clamp(theta[i] + (gain[i] / perturbation.size[i]) * result * perturbation.flips[i], param.min, param.max),
    );
  }
}

/** The value a parameter is played at: within its bounds, and whole when it is an integer. */
export function played(param: TunedParam, value: number): number {
  const bounded = clamp(value, param.min, param.max);
  return param.integer ? clamp(Math.round(bounded), Math.ceil(param.min), Math.floor(param.max)) : bounded;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
