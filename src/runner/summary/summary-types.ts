import type { Game } from '../../core/game.ts';
import type { LeadMargin } from '../../stats/clear-leader.ts';
import type { Counters, ForfeitNote } from '../play/counters.ts';
import type { DesignName } from '../play/design.ts';

/**
 * The schema of summary.json: what a run's summary holds, strategy by strategy, seat by seat and
 * metric by metric, and what summarizing a run is given. summary.ts assembles it.
 */

export interface RateWithInterval {
  readonly games: number;
  /** Wins, a win shared by k players counted 1/k. */
  readonly wins: number;
  readonly winRate: number;
  readonly ci95: readonly [number, number];
}

/**
 * Block scores: the mean win share per block, with its spread measured between blocks. In a run of
 * several match-ups (a tournament), which replay the same deals, se and ci95 are measured between
 * deal groups instead, the units that share no deal.
 */
export interface BlockStats {
  readonly blocks: number;
  readonly mean: number;
  readonly sd: number;
  readonly se: number;
  readonly ci95: readonly [number, number];
}

/**
 * What a strategy's win-rate interval counts as one independent sample: a game (Wilson interval,
 * for a strategy in one seat of independent games), a block (the design's block, for a strategy in
 * several seats or on rotated deals: mean and standard error of its per-block mean share), or a
 * deal group (match-ups sharing deals, as a tournament's do: a ratio estimate over the groups).
 */
export type IntervalUnit = 'game' | 'block' | 'deal group';

/**
 * What a round rate's interval counts as one sample: the unit of the strategy's game rate (a game,
 * block or deal group, whose rounds it sums: a ratio estimate), or a round (the Wilson interval
 * over rounds) where the units leave no spread to measure: fewer than two, or a rate of 0 or 1.
 */
export type RoundIntervalUnit = IntervalUnit | 'round';

export interface StrategySummary extends RateWithInterval {
  /** The independent sample behind `ci95`. */
  readonly ci95Unit: IntervalUnit;
  readonly rounds: number;
  readonly roundWins: number;
  readonly roundWinRate: number;
  readonly roundCi95: readonly [number, number];
  /** The independent sample behind `roundCi95`. */
  readonly roundCi95Unit: RoundIntervalUnit;
  /** The design's independent samples (a game, or a deal's rotations): the honest interval for blocked designs. */
  readonly blocks: BlockStats;
}

export interface SeatSummary extends RateWithInterval {
  readonly seat: number;
  /**
   * The independent sample behind `ci95`: the deal group where several match-ups replay the same
   * deals through the seat (a tournament), the block where rotations replay a deal through it, else
   * the game.
   */
  readonly ci95Unit: IntervalUnit;
  /** The strategy that sat there, or 'mixed' when the design moved several through the seat. */
  readonly strategy: string;
  readonly rounds: number;
  /** Round wins, shared rounds counted 1/k. */
  readonly roundWins: number;
  readonly roundWinRate: number;
}

/** A rate-by metric's row: how a strategy fared in rounds begun holding one label. */
export interface RateByRow {
  readonly strategy: string;
  readonly label: string;
  /** Rounds begun holding this label. */
  readonly rounds: number;
  /** Of those, rounds won, every tied winner counted as a winner. */
  readonly roundWins: number;
  /** Rounds won with a round shared by k winners counted 1/k: what the rate and interval use. */
  readonly roundWinShare: number;
  readonly roundWinRate: number;
  readonly ci95: readonly [number, number];
  /** The independent sample behind `ci95`: that of the strategy's game rate, whose rounds it sums. */
  readonly ci95Unit: RoundIntervalUnit;
  /** Games whose first round was begun holding this label, and the game wins among them (shared: 1/k). */
  readonly games: number;
  readonly gameWins: number;
  readonly gameWinRate: number;
  readonly gameCi95: readonly [number, number];
  /**
   * The independent sample behind `gameCi95`: games (a Wilson interval over them), except in a game
   * of one round, whose game rate under a label is its round rate and takes that rate's interval.
   */
  readonly gameCi95Unit: RoundIntervalUnit;
}

export interface CountRow {
  readonly strategy: string;
  /** The forfeit reason. */
  readonly what: string;
  readonly count: number;
}

/** A causes metric's row: how often one cause ended things for a strategy's players. */
export interface CauseRow {
  readonly strategy: string;
  readonly label: string;
  readonly count: number;
}

/** A moments metric's row: the mean of a strategy's values under one label, with its 95% interval. */
export interface MomentRow {
  readonly strategy: string;
  readonly label: string;
  /** Values recorded (rounds or games, by the metric). */
  readonly records: number;
  readonly mean: number;
  /** Spread of a single value. */
  readonly sd: number;
  /** Over the run's blocks (a game, a deal's rotations), the units that share no deal. */
  readonly ci95: readonly [number, number];
}

interface MetricHeading {
  readonly name: string;
  readonly title: string;
  readonly labelTitle: string;
  /** Every label the game declares, in its order (card order, turn order): rows may lack some. */
  readonly labels: readonly string[];
  /** The results folder's CSV of the rows, its column for the label, and the report's chart stem. */
  readonly file: string;
  readonly labelColumn: string;
  readonly chart: string;
}

/** A game's declared metric with its figures, in the order the game declares them. */
export type MetricSummary =
  | (MetricHeading & { readonly kind: 'rate-by'; readonly rows: readonly RateByRow[] })
  | (MetricHeading & { readonly kind: 'causes'; readonly unit: string; readonly rows: readonly CauseRow[] })
  | (MetricHeading & {
      readonly kind: 'moments';
      readonly per: 'round' | 'game';
      readonly valueTitle: string;
      readonly format: 'number' | 'rate';
      readonly lowerIsBetter: boolean;
      /** As the metric declares them (MomentsMetric); absent when not set. */
      readonly neutral?: true;
      readonly sequence?: true;
      readonly rows: readonly MomentRow[];
    });

/** How one strategy fared against another over every pair of seats they held in the same game. */
export interface PairRow {
  readonly strategy: string;
  readonly opponent: string;
  /**
   * Share of meetings where the strategy finished ahead of the opponent (more of the win, or as
   * much and a better score in the game's points), even finishes counted 1/2.
   */
  readonly score: number;
  /**
   * Pairs of seats the two held in the same game: a game seating one strategy at one seat and
   * the other at three counts three. Not games, and not independent samples.
   */
  readonly meetings: number;
}

/** A forfeit, with what replays its game: `--seed S --game <game>`. */
export interface ForfeitNoteRow {
  readonly game: number;
  readonly seat: number;
  readonly strategy: string;
  readonly reason: string;
  /** What went wrong, where known (a strategy's error, with the file and line it was thrown at). */
  readonly detail?: string;
  /** In a comparison, the arm the game was played in (`parlor replay --job DIR --arm ARM --index GAME`). */
  readonly arm?: 'candidate' | 'baseline';
}

/** What every summary.json holds about its match-up (game, players, design, seats), whatever the run's kind. */
export interface MatchSummary {
  readonly game: string;
  readonly players: number;
  readonly design: DesignName;
  readonly seed: string;
  readonly games: number;
  /** Games the job asked for; more than `games` while it is unfinished. */
  readonly gamesPlanned: number;
  readonly complete: boolean;
  /** What the game calls a round, singular and plural. */
  readonly roundName: readonly [string, string];
  readonly rounds: number;
  readonly roundsPerGame: number;
  readonly roundsPerGameSd: number;
  readonly seats: readonly SeatSummary[];
  readonly strategies: Readonly<Record<string, StrategySummary>>;
  readonly metrics: readonly MetricSummary[];
  readonly forfeits: readonly CountRow[];
  readonly headToHead: readonly PairRow[];
  /** The first forfeits in game order (at most a few per match-up). */
  readonly forfeitGames: readonly ForfeitNoteRow[];
}

/** One seating of a tournament, in the form the rating fit takes (strategy indices into `strategyNames`). */
export interface MatchupSummary {
  readonly seats: readonly string[];
  readonly players: readonly number[];
  readonly games: number;
  /**
   * Game wins per listed seat (shared wins 1/k), whichever table positions the design moved it
   * through; a strategy holding several listed seats of the duplicate design has its wins split
   * evenly among them, the counts keeping only its total.
   */
  readonly wins: readonly number[];
}

/** A run's summary.json: what `startJob` returns in a complete outcome and `parlor chart` reads. */
export interface RunSummary extends MatchSummary {
  /** Strategy names in index order, for `matchups`. */
  readonly strategyNames: readonly string[];
  readonly matchups: readonly MatchupSummary[];
  /** Tournaments: Plackett-Luce ratings of the field, strongest first, with bootstrap intervals. */
  readonly ratings?: readonly RatingSummary[];
  /**
   * Runs of several match-ups: the deal groups their intervals and ratings rest on, the units that
   * share no deal (a deal's index modulo 64; every match-up replays the same deals), so no more
   * than the deals one match-up plays (its games, or its blocks of rotations), and at most 64.
   */
  readonly dealGroups?: number;
  /** sim --until-clear: how the run stopped, and the leader's margins. */
  readonly untilClear?: UntilClearSummary;
}

/** What summarizing a run needs to know besides the counters. */
export interface SummaryContext {
  readonly game: Game<any, any>;
  readonly design: DesignName;
  readonly seed: string;
  readonly gamesPlanned: number;
  /** Distinct strategy names; each match-up's slots are among them. */
  readonly strategies: readonly string[];
  readonly matchups: readonly SummaryMatchup[];
  /** Fit ratings to all the match-ups at once (tournaments). */
  readonly ratings?: boolean;
}

export interface SummaryMatchup {
  readonly seats: readonly string[];
  /** The match-up's first game index. */
  readonly offset: number;
  /** The strategy of each of the match-up's counter slots. */
  readonly slotNames: readonly string[];
  readonly counters: Counters;
  /** What went wrong in a noted forfeit, where it can be found out. */
  readonly forfeitDetail?: (note: ForfeitNote) => string | undefined;
  /** A comparison's arm: its games are numbered from 0 as the other arm's are. */
  readonly arm?: 'candidate' | 'baseline';
}

/**
 * A strategy's Plackett-Luce rating on the Elo scale with its 95% bootstrap interval; 0 is the
 * average of the rated strategies, the whole field unless some strategy's results fit no finite
 * rating (stats/ratings.ts rankability). Such a strategy's rating is -Infinity or +Infinity, and so
 * is its interval's open end (NaN and both ends infinite where it lies apart); summary.json, JSON
 * having neither, writes null for them.
 */
export interface RatingSummary {
  readonly strategy: string;
  readonly elo: number;
  readonly low: number;
  readonly high: number;
  /** Only for a strategy outside the rated group: where it lies from them, past any finite margin or apart. */
  readonly unrated?: 'below' | 'above' | 'apart';
  /** Why such a strategy has no finite rating, and where its interval's finite end comes from. */
  readonly note?: string;
}

/** How a run with --until-clear ended, as summary.json reports it. */
export interface UntilClearSummary {
  readonly confidence: number;
  /** 'clear': the leader was clear; 'cap': the games ran out first; null: the run was interrupted. */
  readonly stopped: 'clear' | 'cap' | null;
  readonly games: number;
  readonly cap: number;
  readonly leader: string;
  /** What the leader leads on: the game's measure (core/game.ts Measure), the win share by default. */
  readonly measure: { readonly id: string; readonly label: string; readonly lowerIsBetter: boolean };
  /**
   * The other strategies, closest first: the leader's lead over each and its lower bound, in the
   * measure's units (where lower is better, how much lower the leader's is).
   */
  readonly margins: readonly LeadMargin[];
  readonly method: string;
  readonly note: string;
}
