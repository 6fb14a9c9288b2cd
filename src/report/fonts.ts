// resvg draws no text without a font, and loading every system font costs far more than drawing a
// chart, so the PNG renderer loads one known sans-serif family by file when the machine has it.
import { existsSync } from 'node:fs';
import type { ResvgRenderOptions } from '@resvg/resvg-js';

export interface FontFamilyFiles {
  readonly family: string;
  readonly files: readonly string[];
}

/** Sans-serif families to draw chart text with, best first; each needs its regular face at least. */
export const FONT_CANDIDATES: readonly FontFamilyFiles[] = [
  // Debian and Ubuntu: fonts-dejavu-core.
  {
    family: 'DejaVu Sans',
    files: ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'],
  },
  // Fedora and Arch keep DejaVu elsewhere.
  {
    family: 'DejaVu Sans',
    files: ['/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf', '/usr/share/fonts/dejavu-sans-fonts/DejaVuSans-Bold.ttf'],
  },
  { family: 'DejaVu Sans', files: ['/usr/share/fonts/TTF/DejaVuSans.ttf', '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf'] },
  // Debian: fonts-liberation.
  {
    family: 'Liberation Sans',
    files: [
      '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
      '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
    ],
  },
  { family: 'Arial', files: ['/System/Library/Fonts/Supplemental/Arial.ttf', '/System/Library/Fonts/Supplemental/Arial Bold.ttf'] },
  { family: 'Arial', files: ['C:\\Windows\\Fonts\\arial.ttf', 'C:\\Windows\\Fonts\\arialbd.ttf'] },
];

/** The first candidate whose regular face exists, with those of its files that exist; null if none. */
export function findFont(candidates: readonly FontFamilyFiles[] = FONT_CANDIDATES): FontFamilyFiles | null {
  for (const candidate of candidates) {
    const files = candidate.files.filter((file) => existsSync(file));
    if (files[0] === candidate.files[0]) return { family: candidate.family, files };
  }
  return null;
}

/**
 * resvg font options: the found family for every sans-serif text, or else whatever the system
 * offers (slower; with no fonts at all the PNG still comes out, only without its text).
 */
export function resvgFontOptions(font: FontFamilyFiles | null): NonNullable<ResvgRenderOptions['font']> {
  if (font === null) return { loadSystemFonts: true };
  return {
    loadSystemFonts: false,
    fontFiles: [...font.files],
    defaultFontFamily: font.family,
    sansSerifFamily: font.family,
  };
}
