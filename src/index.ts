// parlor's public API: what notebooks and other programs may use. Strategies need only the part
// in strategy-api.ts (`parlor/strategy`), which loads much less.
export * from './strategy-api.ts';
export { createRunners, loadExternalHost } from './app.ts';
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
