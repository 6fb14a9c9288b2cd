// Reading vega's SVG output and PNG headers in tests.

/** The items of the vega mark group whose class starts with `markClass` (e.g. 'mark-symbol role-mark'). */
export function markItems(svg: string, markClass: string, element: string): number[] {
  const groups = [...svg.matchAll(new RegExp(`<g class="${markClass}[^"]*"[^>]*>(.*?)</g>`, 'gs'))];
  return groups.map((group) => group[1].split(`<${element}`).length - 1);
}

export function svgSize(svg: string): { width: number; height: number } {
  const match = /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(svg);
  if (!match) throw new Error('no svg size');
  return { width: Number(match[1]), height: Number(match[2]) };
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/** Text drawn by the SVG (axis titles, labels...), with XML entities decoded. */
export function svgTexts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) =>
    match[1].replace(/&(lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity]),
  );
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the PNG's IHDR chunk, which always comes first. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (!view.subarray(0, 8).equals(PNG_SIGNATURE) || view.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}
