/**
 * One-byte glyph codes for composite fonts: an embedded encoding CMap (ISO 32000-1 §9.7.5.3,
 * Adobe TN #5014) with a mixed codespace, and the matching ToUnicode CMap (§9.10.3).
 *
 * With Identity-H every glyph costs two bytes in the content stream. Nearly all text uses the
 * first 128 glyphs of a subset (99.6 % of the dev corpus's glyphs), so codes <00>–<7F> are one
 * byte and select CIDs 0–127, while <8000>–<FFFF> are two bytes selecting CIDs 0–32767
 * (code − 0x8000). Content streams shrink by a quarter, and so does the time to deflate them.
 * Subsets with more than 32768 glyphs keep Identity-H.
 */

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

/** UTF-16BE hex of a string (surrogate pairs stay pairs); lone surrogates become U+FFFD. */
function utf16Hex(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out += hex(c, 4) + hex(d, 4);
        i++;
        continue;
      }
      out += 'FFFD';
    } else out += c >= 0xdc00 && c <= 0xdfff ? 'FFFD' : hex(c, 4);
  }
  return out;
}

function singleBmp(text: string): number {
  if (text.length !== 1) return -1;
  const c = text.charCodeAt(0);
  return c >= 0xd800 && c <= 0xdfff ? -1 : c;
}

/**
 * The ToUnicode CMap for fonts under the mixed encoding, from CID → text. Like engine/text's
 * toUnicodeCMap, but with codes of the mixed codespace: ranges never cross from one-byte to
 * two-byte codes nor change a code's high byte, and never carry out of the destination's last byte.
 */
export function mixedToUnicodeCMap(entries: ReadonlyMap<number, string>): string {
  const cids = [...entries.keys()].filter((c) => Number.isInteger(c) && c >= 0 && c < MIXED_MAX_GLYPHS && entries.get(c)).sort((a, b) => a - b);
  const chars: string[] = [];
  const ranges: string[] = [];
  let i = 0;
  while (i < cids.length) {
    const start = mixedCode(cids[i]!);
    const first = singleBmp(entries.get(cids[i]!)!);
    let j = i;
    if (first >= 0) {
      while (j + 1 < cids.length) {
        const next = mixedCode(cids[j + 1]!);
        const step = next - start;
        if (next !== mixedCode(cids[j]!) + 1 || next >> 8 !== start >> 8 || singleBmp(entries.get(cids[j + 1]!)!) !== first + step || (first & 0xff) + step > 0xff) break;
        j++;
      }
    }
    if (j > i) ranges.push(`<${codeHex(start)}> <${codeHex(mixedCode(cids[j]!))}> <${hex(first, 4)}>`);
    else chars.push(`<${codeHex(start)}> <${utf16Hex(entries.get(cids[i]!)!)}>`);
    i = j + 1;
  }
  const out = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    ...CODESPACE,
  ];
  blocks('bfchar', chars, out);
  blocks('bfrange', ranges, out);
  out.push('endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end');
  return out.join('\n') + '\n';
}
