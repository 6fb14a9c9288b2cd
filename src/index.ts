// parlor's public API: what notebooks and other programs may use. Strategies need only the part
// in strategy-api.ts (`parlor/strategy`), which loads much less.
export * from './strategy-api.ts';
export { BUILTIN_REGISTRY_MODULE, builtinJobContext, builtinRegistry, loadExternalHost, registryOf } from './app.ts';
export type { Registry } from './core/registry.ts';
export * from './runner/play/table.ts';
export * from './runner/play/transcript.ts';
export { Timeline, type Phase, type PoolActivity } from './runner/job/timeline.ts';
export { DESIGNS, type DesignName } from './runner/play/design.ts';
export { pairedArms, type PairedSpec, type PairedTotals } from './runner/compare/paired.ts';
export { runPairedBatches, type PairedRunOptions } from './runner/compare/paired-run.ts';
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
} from './runner/compare/compare.ts';
export {
  CompareExit,
  readComparisonJob,
  resumeComparison,
  startComparison,
  type CompareSummary,
  type ComparisonOutcome,
  type ComparisonSettings,
  type ComparisonSummary,
  type ComparisonWatch,
} from './runner/compare/comparison.ts';
export {
  expectedLength,
  planComparison,
  type ComparisonPlan,
  type ComparisonRequest,
  type ExpectedLength,
} from './runner/compare/comparison-plan.ts';
export type { ExternalHost, ExternalHostLoader } from './runner/play/external.ts';
export {
  readTuneJob,
  resumeTune,
  startTune,
  type IterationRow,
  type TuneJob,
  type TuneOutcome,
  type TuneRequest,
  type TuneSettings,
  type TuneSummary,
  type TuneWatch,
} from './tune/job.ts';
export { pairScore } from './tune/score.ts';
export { Spsa, spsaSettings, SPSA_DEFAULTS, type SpsaSettings, type TunedParam } from './tune/spsa.ts';
export type { JobFile, JobSpec } from './runner/job/job.ts';
export {
  checkSameJob,
  readJobToResume,
  resumeJob,
  startJob,
  type JobContext,
  type JobOutcome,
  type JobSettings,
  type ResultHook,
} from './runner/job/jobs.ts';
export {
  fullRules,
  planSim,
  planTournament,
  seatSpecs,
  type JobPlan,
  type SeatRequest,
  type SimRequest,
  type TournamentRequest,
} from './runner/job/plan.ts';
export { PRESET_NAMES, SPRT_ELO_SCALES, type PresetName, type SprtEloScale } from './runner/compare/sprt-choices.ts';
export { runRatings } from './runner/summary/ratings.ts';
export type { RatingSummary } from './runner/summary/summary-types.ts';
export type { MatchSummary, MetricSummary, RunSummary } from './runner/summary/summary-types.ts';
export * from './report/index.ts';
export * from './stats/index.ts';
