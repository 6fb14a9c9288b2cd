// Charts and reports: pure spec builders over plain rows, one renderer, and the results-folder writer.
export * from './rows.ts';
export { rateByChart, type RateByOptions } from './charts/rate-by.ts';
export { causesChart, type CausesOptions } from './charts/causes.ts';
export { momentsChart, type MomentsOptions } from './charts/moments.ts';
export { seriesChart } from './charts/series.ts';
export { seatChart } from './charts/seat.ts';
export { headToHeadChart } from './charts/head-to-head.ts';
export { ratingChart } from './charts/ratings.ts';
export { sprtChart } from './charts/sprt.ts';
export type { FairShareOption } from './charts/style.ts';
export { compileChart, renderChart, svgToPng, vegaToSvg, PNG_ZOOM, type RenderedChart, type VegaSpec } from './render.ts';
export { alignColumns, forfeitTable, momentTable, rateByTable, seatTable, strategyTable, type ReportTable } from './tables.ts';
export { chartDisplay, tableDisplay, JUPYTER_DISPLAY, type Displayable, type MediaBundle } from './display.ts';
export { reportCharts, type NamedChart, type ReportExtras } from './report.ts';
export { writeCharts, type WrittenReport } from './write.ts';
export { readReportInputs, type ReportInputs } from './load.ts';
export * from './files.ts';
