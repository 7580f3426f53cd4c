/**
 * Character to glyph mapping (OpenType 'cmap' table, formats 0, 4, 6, 10, 12 and 13).
 *
 * The subtable is chosen in the order fontkit and HarfBuzz use (full Unicode first, then BMP
 * Unicode, then the Windows Symbol encoding 3,0). A symbol font (only a 3,0 table) maps its
 * characters at U+F020-U+F0FF; `lookup` also accepts the 8-bit code (0x20-0xFF) for such fonts,
 * as Windows does (OpenType cmap, "Windows platform, Symbol encoding").
 */
import { ByteReader, FontFormatError, requireTable, type SfntDirectory } from './sfnt-reader';

/** A parsed cmap subtable. */
export interface CmapLookup {
  /** True when the font only has the Windows Symbol (3,0) subtable. */
  readonly isSymbol: boolean;
  /** The glyph for a code point, 0 when the font has none. */
  lookup(codePoint: number): number;
  /**
   * Code point ranges as [first, last] pairs, ascending: `lookup` gives 0 for every code point
   * outside them (inside, it may give 0 too). Lets a caller visit only what the subtable maps
   * (the shaper's reachable glyphs) instead of looking up tens of thousands of code points.
   */
  readonly spans: readonly number[];
}

const PREFERENCE: readonly (readonly [number, number])[] = [
  [3, 10], [0, 6], [0, 4], [3, 1], [0, 3], [0, 2], [0, 1], [0, 0], [3, 0],
];

/** A subtable's lookup and the code point ranges outside which it gives 0 (see CmapLookup.spans). */
interface RawLookup {
  readonly lookup: (cp: number) => number;
  readonly spans: readonly number[];
}

/** Parses the best cmap subtable of a font. */
export function readCmap(bytes: Uint8Array, dir: SfntDirectory): CmapLookup {
  const cmap = requireTable(bytes, dir, 'cmap');
  const count = Math.min(cmap.u16(2), 256);
  const records: { platform: number; encoding: number; offset: number }[] = [];
  for (let i = 0; i < count; i++) {
    const rec = 4 + i * 8;
    const platform = cmap.u16(rec);
    const encoding = cmap.u16(rec + 2);
    const offset = cmap.u32(rec + 4);
    if (offset < cmap.length) records.push({ platform, encoding, offset });
  }
  for (const [p, e] of PREFERENCE) {
    const rec = records.find((r) => r.platform === p && r.encoding === e);
    if (!rec) continue;
    const raw = readSubtable(cmap, rec.offset);
    if (!raw) continue;
    return p === 3 && e === 0 ? symbolLookup(raw) : { isSymbol: false, lookup: raw.lookup, spans: raw.spans };
  }
  for (const rec of records) {
    const raw = readSubtable(cmap, rec.offset);
    if (raw) return { isSymbol: false, lookup: raw.lookup, spans: raw.spans };
  }
  throw new FontFormatError('no usable cmap subtable');
}

function symbolLookup(raw: RawLookup): CmapLookup {
  const rawLookup = raw.lookup;
  return {
    isSymbol: true,
    lookup(cp: number): number {
      const g = rawLookup(cp);
      if (g !== 0) return g;
      if (cp >= 0x20 && cp <= 0xff) return rawLookup(0xf000 + cp);
      if (cp >= 0xf020 && cp <= 0xf0ff) return rawLookup(cp - 0xf000);
      return 0;
    },
    // The 8-bit codes and their U+F0xx twins map through each other.
    spans: mergeSpans([...raw.spans, 0x20, 0xff, 0xf020, 0xf0ff]),
  };
}

/** [first, last] pairs sorted and merged where they overlap or touch. */
function mergeSpans(pairs: readonly number[]): number[] {
  const order: number[] = [];
  for (let i = 0; i + 1 < pairs.length; i += 2) if (pairs[i]! <= pairs[i + 1]!) order.push(i);
  order.sort((a, b) => pairs[a]! - pairs[b]!);
  const out: number[] = [];
  for (const i of order) {
    const first = pairs[i]!;
    const last = pairs[i + 1]!;
    if (out.length > 0 && first <= out[out.length - 1]! + 1) out[out.length - 1] = Math.max(out[out.length - 1]!, last);
    else out.push(first, last);
  }
  return out;
}

function readSubtable(cmap: ByteReader, offset: number): RawLookup | undefined {
  const format = cmap.u16(offset);
  switch (format) {
    case 0:
      return format0(cmap.sub(offset, 262));
    case 4:
      return format4(cmap.sub(offset, Math.min(cmap.u16(offset + 2), cmap.length - offset)));
    case 6:
      return format6(cmap.sub(offset));
    case 10:
      return format10(cmap.sub(offset));
    case 12:
    case 13:
      return format12(cmap.sub(offset), format === 13);
    default:
      return undefined;
  }
}

function format0(t: ByteReader): RawLookup {
  const map = new Uint8Array(256);
  for (let i = 0; i < 256; i++) map[i] = t.u8(6 + i);
  return { lookup: (cp) => (cp < 256 ? map[cp]! : 0), spans: [0, 255] };
}

function format4(t: ByteReader): RawLookup {
  const segCount = t.u16(6) >> 1;
  const ends = new Uint16Array(segCount);
  const starts = new Uint16Array(segCount);
  const deltas = new Int16Array(segCount);
  const rangeOffsets = new Uint16Array(segCount);
  const endBase = 14;
  const startBase = endBase + segCount * 2 + 2;
  const deltaBase = startBase + segCount * 2;
  const rangeBase = deltaBase + segCount * 2;
  for (let i = 0; i < segCount; i++) {
    ends[i] = t.u16(endBase + i * 2);
    starts[i] = t.u16(startBase + i * 2);
    deltas[i] = t.i16(deltaBase + i * 2);
    rangeOffsets[i] = t.u16(rangeBase + i * 2);
  }
  const spans: number[] = [];
  for (let i = 0; i < segCount; i++) spans.push(starts[i]!, ends[i]!);
  const lookup = (cp: number): number => {
    if (cp > 0xffff || segCount === 0) return 0;
    // First segment whose end code is >= cp (end codes are sorted), then check its start.
    let lo = 0;
    let hi = segCount - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ends[mid]! < cp) lo = mid + 1;
      else hi = mid;
    }
    if (ends[lo]! < cp || starts[lo]! > cp) return 0;
    return segmentGlyph(t, lo, cp, starts, deltas, rangeOffsets, rangeBase);
  };
  return { lookup, spans: mergeSpans(spans) };
}

function segmentGlyph(
  t: ByteReader, seg: number, cp: number, starts: Uint16Array, deltas: Int16Array, ranges: Uint16Array, rangeBase: number,
): number {
  const ro = ranges[seg]!;
  if (ro === 0) return (cp + deltas[seg]!) & 0xffff;
  const at = rangeBase + seg * 2 + ro + (cp - starts[seg]!) * 2;
  if (!t.has(at, 2)) return 0;
  const g = t.u16(at);
  return g === 0 ? 0 : (g + deltas[seg]!) & 0xffff;
}

function format6(t: ByteReader): RawLookup {
  const first = t.u16(6);
  const count = t.u16(8);
  return {
    lookup: (cp) => {
      const i = cp - first;
      return i >= 0 && i < count && t.has(10 + i * 2, 2) ? t.u16(10 + i * 2) : 0;
    },
    spans: mergeSpans([first, first + count - 1]),
  };
}

function format10(t: ByteReader): RawLookup {
  const first = t.u32(12);
  const count = t.u32(16);
  return {
    lookup: (cp) => {
      const i = cp - first;
      return i >= 0 && i < count && t.has(20 + i * 2, 2) ? t.u16(20 + i * 2) : 0;
    },
    spans: mergeSpans([first, first + count - 1]),
  };
}

function format12(t: ByteReader, isMany: boolean): RawLookup {
  const n = t.u32(12);
  if (!t.has(16, n * 12)) throw new FontFormatError('cmap format 12 groups outside the table');
  const starts = new Uint32Array(n);
  const ends = new Uint32Array(n);
  const gids = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    starts[i] = t.u32(16 + i * 12);
    ends[i] = t.u32(20 + i * 12);
    gids[i] = t.u32(24 + i * 12);
  }
  const spans: number[] = [];
  for (let i = 0; i < n; i++) spans.push(starts[i]!, ends[i]!);
  const lookup = (cp: number): number => {
    let lo = 0;
    let hi = n - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (cp < starts[mid]!) hi = mid - 1;
      else if (cp > ends[mid]!) lo = mid + 1;
      else return (isMany ? gids[mid]! : gids[mid]! + (cp - starts[mid]!)) & 0xffff;
    }
    return 0;
  };
  return { lookup, spans: mergeSpans(spans) };
}
