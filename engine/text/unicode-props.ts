/**
 * The few Unicode character properties text handling needs, as compact range tables:
 * default-ignorable code points (DerivedCoreProperties.txt, minus U+115F, U+1160, U+3164, U+FFA0 as
 * HarfBuzz and fontkit do), combining marks (general category M, main blocks), and the script
 * class used to decide whether a word may take the fast shaping path: scripts fontkit shapes with
 * its default shaper and no script-specific processing (Latin, Greek, Cyrillic, Han, kana), plus
 * Common characters. Arabic, Hebrew, Indic, Hangul (composed/decomposed by fontkit) are excluded.
 */

/** Whether a code point is default-ignorable (rendered invisible, zero advance). */
export function isDefaultIgnorable(cp: number): boolean {
  if (cp < 0xad) return false;
  if (cp <= 0xffff) {
    switch (cp >> 8) {
      case 0x00:
        return cp === 0xad;
      case 0x03:
        return cp === 0x34f;
      case 0x06:
        return cp === 0x61c;
      case 0x17:
        return cp === 0x17b4 || cp === 0x17b5;
      case 0x18:
        return cp >= 0x180b && cp <= 0x180e;
      case 0x20:
        return (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x206f);
      case 0xfe:
        return (cp >= 0xfe00 && cp <= 0xfe0f) || cp === 0xfeff;
      case 0xff:
        return cp >= 0xfff0 && cp <= 0xfff8;
      default:
        return false;
    }
  }
  return (cp >= 0x1bca0 && cp <= 0x1bca3) || (cp >= 0x1d173 && cp <= 0x1d17a) || (cp >= 0xe0000 && cp <= 0xe0fff);
}

// Combining marks (Mn, Mc, Me) of the blocks documents use; sorted [start, end] pairs.
const MARK_RANGES: readonly number[] = [
  0x0300, 0x036f, 0x0483, 0x0489, 0x0591, 0x05bd, 0x05bf, 0x05bf, 0x05c1, 0x05c2, 0x05c4, 0x05c5, 0x05c7, 0x05c7,
  0x0610, 0x061a, 0x064b, 0x065f, 0x0670, 0x0670, 0x06d6, 0x06dc, 0x06df, 0x06e4, 0x06e7, 0x06e8, 0x06ea, 0x06ed,
  0x0711, 0x0711, 0x0730, 0x074a, 0x07a6, 0x07b0, 0x07eb, 0x07f3, 0x0816, 0x082d, 0x0859, 0x085b, 0x08d3, 0x08e1,
  0x08e3, 0x0903, 0x093a, 0x093c, 0x093e, 0x094f, 0x0951, 0x0957, 0x0962, 0x0963, 0x0981, 0x0983, 0x09bc, 0x09bc,
  0x09be, 0x09cd, 0x09d7, 0x09d7, 0x09e2, 0x09e3, 0x0a01, 0x0a03, 0x0a3c, 0x0a51, 0x0a70, 0x0a71, 0x0a75, 0x0a75,
  0x0a81, 0x0a83, 0x0abc, 0x0abc, 0x0abe, 0x0acd, 0x0ae2, 0x0ae3, 0x0b01, 0x0b03, 0x0b3c, 0x0b3c, 0x0b3e, 0x0b57,
  0x0b62, 0x0b63, 0x0b82, 0x0b82, 0x0bbe, 0x0bcd, 0x0bd7, 0x0bd7, 0x0c00, 0x0c04, 0x0c3e, 0x0c56, 0x0c62, 0x0c63,
  0x0c81, 0x0c83, 0x0cbc, 0x0cbc, 0x0cbe, 0x0cd6, 0x0ce2, 0x0ce3, 0x0d00, 0x0d03, 0x0d3b, 0x0d3c, 0x0d3e, 0x0d4d,
  0x0d57, 0x0d57, 0x0d62, 0x0d63, 0x0d81, 0x0d83, 0x0dca, 0x0ddf, 0x0df2, 0x0df3, 0x0e31, 0x0e31, 0x0e34, 0x0e3a,
  0x0e47, 0x0e4e, 0x0eb1, 0x0eb1, 0x0eb4, 0x0ebc, 0x0ec8, 0x0ecd, 0x0f18, 0x0f19, 0x0f35, 0x0f35, 0x0f37, 0x0f37,
  0x0f39, 0x0f39, 0x0f3e, 0x0f3f, 0x0f71, 0x0f84, 0x0f86, 0x0f87, 0x0f8d, 0x0fbc, 0x102b, 0x103e, 0x1056, 0x1059,
  0x135d, 0x135f, 0x1712, 0x1714, 0x17b4, 0x17d3, 0x180b, 0x180d, 0x1a17, 0x1a1b, 0x1ab0, 0x1aff, 0x1b00, 0x1b04,
  0x1dc0, 0x1dff, 0x20d0, 0x20f0, 0x2cef, 0x2cf1, 0x2de0, 0x2dff, 0x302a, 0x302f, 0x3099, 0x309a, 0xa66f, 0xa672,
  0xa674, 0xa67d, 0xa69e, 0xa69f, 0xa8e0, 0xa8f1, 0xfb1e, 0xfb1e, 0xfe00, 0xfe0f, 0xfe20, 0xfe2f, 0x1d165, 0x1d169,
  0x1d16d, 0x1d172, 0xe0100, 0xe01ef,
];

/** Whether a code point is a combining mark (approximate: the main blocks' Mn/Mc/Me ranges). */
export function isCombiningMark(cp: number): boolean {
  if (cp < 0x300) return false;
  let lo = 0;
  let hi = MARK_RANGES.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < MARK_RANGES[mid * 2]!) hi = mid - 1;
    else if (cp > MARK_RANGES[mid * 2 + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

/** Script class of a character for the fast shaping path. */
export enum FastClass {
  /** Needs full shaping (other scripts, marks, ignorables, fraction slash, controls). */
  None = 0,
  /** Script Common: punctuation, digits, symbols. */
  Common = 1,
  Latin = 2,
  Greek = 3,
  Cyrillic = 4,
  Han = 5,
  Hiragana = 6,
  Katakana = 7,
}

// [start, end, class] triples, sorted. Unlisted code points are FastClass.None. Script values follow
// Scripts.txt; Greek Extended and unassigned code points are deliberately left out.
const FAST_RANGES: readonly number[] = [
  0x20, 0x40, 1, 0x41, 0x5a, 2, 0x5b, 0x60, 1, 0x61, 0x7a, 2, 0x7b, 0x7e, 1, 0xa0, 0xa9, 1, 0xaa, 0xaa, 2,
  0xab, 0xac, 1, 0xae, 0xb9, 1, 0xba, 0xba, 2, 0xbb, 0xbf, 1, 0xc0, 0xd6, 2, 0xd7, 0xd7, 1, 0xd8, 0xf6, 2,
  0xf7, 0xf7, 1, 0xf8, 0x2b8, 2, 0x2b9, 0x2df, 1, 0x2e0, 0x2e4, 2, 0x2e5, 0x2e9, 1, 0x2ec, 0x2ff, 1,
  0x370, 0x373, 3, 0x374, 0x374, 1, 0x375, 0x377, 3, 0x37a, 0x37d, 3, 0x37e, 0x37e, 1, 0x37f, 0x37f, 3,
  0x384, 0x384, 3, 0x385, 0x385, 1, 0x386, 0x386, 3, 0x387, 0x387, 1, 0x388, 0x38a, 3, 0x38c, 0x38c, 3,
  0x38e, 0x3a1, 3, 0x3a3, 0x3e1, 3, 0x3f0, 0x3ff, 3, 0x400, 0x482, 4, 0x48a, 0x52f, 4, 0x1e00, 0x1eff, 2,
  0x2000, 0x200a, 1, 0x2010, 0x2027, 1, 0x202f, 0x2043, 1, 0x2045, 0x205f, 1, 0x2070, 0x2070, 1,
  0x2071, 0x2071, 2, 0x2074, 0x207e, 1, 0x207f, 0x207f, 2, 0x2080, 0x208e, 1, 0x2090, 0x209c, 2,
  0x20a0, 0x20c0, 1, 0x2100, 0x2125, 1, 0x2127, 0x2129, 1, 0x212a, 0x212b, 2, 0x212c, 0x2131, 1,
  0x2132, 0x2132, 2, 0x2133, 0x214d, 1, 0x214e, 0x214e, 2, 0x214f, 0x215f, 1, 0x2160, 0x2188, 2,
  0x2189, 0x218b, 1, 0x2190, 0x2426, 1, 0x2440, 0x244a, 1, 0x2460, 0x27ff, 1, 0x2900, 0x2b73, 1,
  0x3000, 0x3004, 1, 0x3005, 0x3005, 5, 0x3006, 0x3006, 1, 0x3007, 0x3007, 5, 0x3008, 0x3020, 1, 0x3021, 0x3029, 5,
  0x3030, 0x3037, 1, 0x3038, 0x303b, 5, 0x303c, 0x303f, 1, 0x3041, 0x3096, 6, 0x309b, 0x309c, 1, 0x309d, 0x309f, 6,
  0x30a0, 0x30a0, 1, 0x30a1, 0x30fa, 7, 0x30fb, 0x30fc, 1, 0x30fd, 0x30ff, 7, 0x3400, 0x4db5, 5, 0x4e00, 0x9fef, 5,
  0xfb00, 0xfb06, 2, 0xff01, 0xff20, 1, 0xff21, 0xff3a, 2, 0xff3b, 0xff40, 1, 0xff41, 0xff5a, 2, 0xff5b, 0xff65, 1,
  0xff66, 0xff6f, 7, 0xff70, 0xff70, 1, 0xff71, 0xff9d, 7, 0xff9e, 0xff9f, 1, 0xffe0, 0xffe6, 1, 0xffe8, 0xffee, 1,
];

const TABLE_END = 0x2c00;

/** FastClass per code point below U+2C00, built once from FAST_RANGES (read-only afterwards). */
const FAST_TABLE: Uint8Array = (() => {
  const t = new Uint8Array(TABLE_END);
  for (let i = 0; i < FAST_RANGES.length; i += 3) {
    for (let cp = FAST_RANGES[i]!; cp <= FAST_RANGES[i + 1]! && cp < TABLE_END; cp++) t[cp] = FAST_RANGES[i + 2]!;
  }
  return t;
})();

/** The fast-path script class of a code point. */
export function fastClass(cp: number): FastClass {
  if (cp < TABLE_END) return FAST_TABLE[cp]! as FastClass;
  let lo = 0;
  let hi = FAST_RANGES.length / 3 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < FAST_RANGES[mid * 3]!) hi = mid - 1;
    else if (cp > FAST_RANGES[mid * 3 + 1]!) lo = mid + 1;
    else return FAST_RANGES[mid * 3 + 2]! as FastClass;
  }
  return FastClass.None;
}

/**
 * Whether the UTF-16 unit at `i` of `text` is one the fast shaping path does not take (Shaper's
 * tryFast reads UTF-16 units, so each half of a surrogate pair is one): a word holding one is
 * shaped by fontkit's full OpenType path, and a run holding one is split by face character by
 * character (per-character fallback), the layout's costliest text.
 */
export function needsFullShaping(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  // Printable ASCII is all on the fast path: most text never reaches the ranges' binary search.
  if (c >= 0x20 && c < 0x7f) return false;
  return fastClass(c) === FastClass.None;
}

/**
 * Calls `fn` for every code point the fast shaping path accepts that lies inside `spans` ([first,
 * last] pairs, ascending, not overlapping: a cmap's `spans`), and returns how many of the accepted
 * code points lie outside them.
 */
export function forEachFastCodePointIn(spans: readonly number[], fn: (cp: number) => void): number {
  let outside = 0;
  let s = 0;
  for (let i = 0; i < FAST_RANGES.length; i += 3) {
    const first = FAST_RANGES[i]!;
    const last = FAST_RANGES[i + 1]!;
    let inside = 0;
    // Both lists ascend: skip the spans that end before this range, then visit those that meet it.
    while (s < spans.length && spans[s + 1]! < first) s += 2;
    for (let k = s; k < spans.length && spans[k]! <= last; k += 2) {
      const from = Math.max(first, spans[k]!);
      const to = Math.min(last, spans[k + 1]!);
      for (let cp = from; cp <= to; cp++) fn(cp);
      inside += to - from + 1;
    }
    outside += last - first + 1 - inside;
  }
  return outside;
}
