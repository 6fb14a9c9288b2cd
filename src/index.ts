// parlor's public API: what strategies, notebooks and other programs may use.
export * from './core/errors.ts';
export * from './core/events.ts';
export * from './core/forfeits.ts';
export type * from './core/game.ts';
export * from './core/random.ts';
export * from './core/registry.ts';
export type * from './core/strategy.ts';
export * from './core/strategy-spec.ts';
export * from './core/tally.ts';
export * from './games/love-letter/index.ts';
export * from './games/love-letter/search.ts';
export { decodeRules, type DecodedRules } from './games/love-letter/rules.ts';
export * from './runner/table.ts';
export * from './runner/transcript.ts';
export { DESIGNS, type DesignName } from './runner/design.ts';
export { pairedArms, type PairedSpec, type PairedTotals } from './runner/paired.ts';
export { runPairedBatches, type PairedRunOptions } from './runner/paired-run.ts';
export {
  comparisonEstimate,
  runComparison,
  sprtHistogram,
  varianceReduction,
  type ComparisonEstimate,
  type ComparisonOptions,
  type ComparisonRun,
  type SprtPoint,
  type VarianceReduction,
  type Verdict,
} from './runner/compare.ts';
export { runRatings, type RatingSummary } from './runner/ratings.ts';
export type { MatchSummary, RunSummary } from './runner/summary.ts';
export * from './report/index.ts';
export * from './stats/index.ts';
