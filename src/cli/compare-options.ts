import { Errors } from '../core/errors.ts';
import { parseChoice } from '../runner/design.ts';

// The parsers of `parlor compare`'s own options live apart from the command, so that declaring the
// options does not load the comparison machinery into every command.

/** The SPRT presets by their command-line names. */
export const PRESET_NAMES = ['gainer', 'non-regression'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

export function parsePreset(text: string): PresetName {
  return parseChoice('--preset', PRESET_NAMES, text);
}

/** `elo0,elo1`: the hypotheses' Elo, elo0 below elo1 (their scale is --sprt-elo's). */
export function parseSprtBounds(text: string): [number, number] {
  const parts = text.split(',').map((part) => part.trim());
  const bounds = parts.map(Number);
  if (parts.length !== 2 || parts.some((part) => part === '') || !bounds.every(Number.isFinite) || !(bounds[0] < bounds[1])) {
    throw Errors.badOption(`--sprt must be two Elo values elo0,elo1 with elo0 < elo1, got '${text}'`);
  }
  return [bounds[0], bounds[1]];
}

/** How --sprt reads its bounds. */
export const SPRT_ELO_SCALES = ['normalized', 'logistic'] as const;
export type SprtEloScale = (typeof SPRT_ELO_SCALES)[number];

export function parseSprtElo(text: string): SprtEloScale {
  return parseChoice('--sprt-elo', SPRT_ELO_SCALES, text);
}
