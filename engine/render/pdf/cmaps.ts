/**
 * One-byte glyph codes for composite fonts: an embedded encoding CMap (ISO 32000-1 §9.7.5.3,
 * Adobe TN #5014) with a mixed codespace, and its codes for the matching ToUnicode CMap (§9.10.3).
 *
 * With Identity-H every glyph costs two bytes in the content stream. Nearly all text uses the
 * first 128 glyphs of a subset (99.6 % of the dev corpus's glyphs), so codes <00>–<7F> are one
 * byte and select CIDs 0–127, while <8000>–<FFFF> are two bytes selecting CIDs 0–32767
 * (code − 0x8000). Content streams shrink by a quarter, and so does the time to deflate them.
 * Subsets with more than 32768 glyphs keep Identity-H.
 */
import type { CidCodes } from '../../text';

/** The largest glyph count the mixed encoding can address. */
export const MIXED_MAX_GLYPHS = 0x8000;

/** CMapName of the mixed encoding (one per PDF, shared by every font that uses it). */
export const MIXED_CMAP_NAME = 'Colophon-OneByte-H';

/** The code of a CID under the mixed encoding: one byte below 128, else 0x8000 + CID (two bytes). */
export function mixedCode(cid: number): number {
  return cid < 0x80 ? cid : 0x8000 + cid;
}

function hex(n: number, digits: number): string {
  return n.toString(16).toUpperCase().padStart(digits, '0');
}

function codeHex(code: number): string {
  return code < 0x100 ? hex(code, 2) : hex(code, 4);
}

/** Lines `n begin<kind>` … `end<kind>` in blocks of at most 100 entries, as CMap syntax requires. */
function blocks(kind: string, lines: readonly string[], out: string[]): void {
  for (let i = 0; i < lines.length; i += 100) {
    const chunk = lines.slice(i, i + 100);
    out.push(`${chunk.length} begin${kind}`, ...chunk, `end${kind}`);
  }
}

const CODESPACE = ['2 begincodespacerange', '<00> <7F>', '<8000> <FFFF>', 'endcodespacerange'];

/**
 * The encoding CMap program. cidrange entries stay within one high byte: readers such as poppler
 * only vary the last byte of a range.
 */
export function mixedEncodingCMap(): string {
  const ranges = ['<00> <7F> 0'];
  for (let hi = 0x80; hi <= 0xff; hi++) ranges.push(`<${hex(hi, 2)}00> <${hex(hi, 2)}FF> ${(hi - 0x80) * 256}`);
  const out = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo 3 dict dup begin /Registry (Adobe) def /Ordering (Identity) def /Supplement 0 def end def',
    `/CMapName /${MIXED_CMAP_NAME} def`,
    '/CMapType 1 def',
    '/WMode 0 def',
    ...CODESPACE,
  ];
  blocks('cidrange', ranges, out);
  out.push('endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end');
  return out.join('\n') + '\n';
}

/**
 * The codes of the mixed encoding, for its ToUnicode CMap (engine/text toUnicodeCMap): ranges never
 * cross from one-byte to two-byte codes, as they never change a code's high byte.
 */
export const MIXED_CODES: CidCodes = { codespace: CODESPACE, cidLimit: MIXED_MAX_GLYPHS, code: mixedCode, hex: codeHex };
