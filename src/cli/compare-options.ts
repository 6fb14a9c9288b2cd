import { Errors } from '../core/errors.ts';
import { parseChoice } from '../runner/play/design.ts';
import { PRESET_NAMES, SPRT_ELO_SCALES, type PresetName, type SprtEloScale } from '../runner/compare/sprt-choices.ts';

// The parsers of `parlor compare`'s own options live apart from the command, so that declaring the
// options does not load the comparison machinery into every command.

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

export function parseSprtElo(text: string): SprtEloScale {
  return parseChoice('--sprt-elo', SPRT_ELO_SCALES, text);
}
