// The names a comparison's test is chosen by, apart from the comparison itself: declaring the
// command-line options needs them, and should not load the comparison machinery.

/** The SPRT presets by their command-line names. */
export const PRESET_NAMES = ['gainer', 'non-regression'] as const;
/** One of PRESET_NAMES, as ComparisonRequest takes it. */
export type PresetName = (typeof PRESET_NAMES)[number];

/** How a test's Elo bounds read: normalized Elo per game, or logistic (head-to-head) Elo. */
export const SPRT_ELO_SCALES = ['normalized', 'logistic'] as const;
/** One of SPRT_ELO_SCALES, as ComparisonRequest takes it. */
export type SprtEloScale = (typeof SPRT_ELO_SCALES)[number];
