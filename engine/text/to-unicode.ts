/**
 * ToUnicode CMaps (ISO 32000-1 §9.10.3): codes (of CIDs = subset glyph ids, 2-byte Identity-H codes
 * unless a font's encoding gives others) → UTF-16BE text. Consecutive codes with one high byte
 * mapping to consecutive single BMP characters whose last byte does not wrap become bfrange
 * entries; everything else (surrogate pairs, ligatures mapping to several characters, isolated
 * codes) becomes bfchar entries. At most 100 entries per block, as the CMap syntax requires (Adobe
 * TN #5014 / #5411).
 */

const HEADER = [
  '/CIDInit /ProcSet findresource begin',
  '12 dict begin',
  'begincmap',
  '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
  '/CMapName /Adobe-Identity-UCS def',
  '/CMapType 2 def',
];

const FOOTER = ['endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end'];

function hex4(n: number): string {
  return n.toString(16).toUpperCase().padStart(4, '0');
}

/** How a font's encoding writes CIDs as codes: its codespace and each CID's code. */
export interface CidCodes {
  /** The codespace ranges, `n begincodespacerange` … `endcodespacerange`. */
  readonly codespace: readonly string[];
  /** CIDs below this have a code. */
  readonly cidLimit: number;
  /** The code of a CID. */
  code(cid: number): number;
  /** A code as the hex digits of its bytes. */
  hex(code: number): string;
}

/** Identity-H: every CID is its own 2-byte code. */
const IDENTITY_H: CidCodes = { codespace: ['1 begincodespacerange', '<0000> <FFFF>', 'endcodespacerange'], cidLimit: 0x10000, code: (cid) => cid, hex: hex4 };

/** UTF-16BE hex of a string (surrogate pairs stay pairs); lone surrogates become U+FFFD. */
function utf16Hex(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out += hex4(c) + hex4(d);
        i++;
        continue;
      }
      out += 'FFFD';
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      out += 'FFFD';
    } else {
      out += hex4(c);
    }
  }
  return out;
}

/** A single BMP non-surrogate character's code, or -1. */
function singleBmp(text: string): number {
  if (text.length !== 1) return -1;
  const c = text.charCodeAt(0);
  return c >= 0xd800 && c <= 0xdfff ? -1 : c;
}

function blocks(kind: 'bfchar' | 'bfrange', lines: readonly string[], out: string[]): void {
  for (let i = 0; i < lines.length; i += 100) {
    const chunk = lines.slice(i, i + 100);
    out.push(`${chunk.length} begin${kind}`, ...chunk, `end${kind}`);
  }
}

/**
 * Builds a ToUnicode CMap from CID (new glyph id) → text, with the codes of `codes` (Identity-H by
 * default). Entries with empty text or CIDs without a code are left out. Output is deterministic
 * (sorted by CID). A range never changes a code's high byte nor carries out of its destination's last byte.
 */
export function toUnicodeCMap(entries: ReadonlyMap<number, string>, codes: CidCodes = IDENTITY_H): string {
  const cids = [...entries.keys()].filter((c) => Number.isInteger(c) && c >= 0 && c < codes.cidLimit && entries.get(c)).sort((a, b) => a - b);
  const chars: string[] = [];
  const ranges: string[] = [];
  let i = 0;
  while (i < cids.length) {
    const start = codes.code(cids[i]!);
    const first = singleBmp(entries.get(cids[i]!)!);
    let j = i;
    if (first >= 0) {
      while (j + 1 < cids.length) {
        const next = codes.code(cids[j + 1]!);
        const step = next - start;
        const u = singleBmp(entries.get(cids[j + 1]!)!);
        // Same high byte in source, no carry out of the destination's last byte.
        if (next !== codes.code(cids[j]!) + 1 || next >> 8 !== start >> 8 || u !== first + step || (first & 0xff) + step > 0xff) break;
        j++;
      }
    }
    if (j > i) {
      ranges.push(`<${codes.hex(start)}> <${codes.hex(codes.code(cids[j]!))}> <${hex4(first)}>`);
    } else {
      chars.push(`<${codes.hex(start)}> <${utf16Hex(entries.get(cids[i]!)!)}>`);
    }
    i = j + 1;
  }
  const out = [...HEADER, ...codes.codespace];
  blocks('bfchar', chars, out);
  blocks('bfrange', ranges, out);
  out.push(...FOOTER);
  return out.join('\n') + '\n';
}
