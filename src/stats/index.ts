// The statistics parlor reports: pure functions over counts and scores, no I/O.
export * from './critical-value.ts';
export * from './normal.ts';
export * from './wilson.ts';
export * from './blocks.ts';
export * from './elo.ts';
export * from './sprt.ts';
export * from './ratings.ts';
export * from './ratio.ts';
export * from './small-sample.ts';
