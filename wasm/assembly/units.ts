// Classification for the line-break kernel: UTF-16 -> code point -> class (LB1) and unit flags.
// Mirrors buildUnits in engine/layout/linebreak-twin.ts; the LB9 grouping itself is done while
// streaming in linebreak.ts.
import {
  C_AL, C_BA, C_BK, C_CJ, C_CM, C_CR, C_EDGE, C_ID, C_LF, C_NL, C_NS, C_QU, C_SP, C_ZW, C_ZWJ, T_SHY, T_HH, T_DOTTED, T_QU_PI, F_SHY, F_HH, F_DOTTED, F_PI,
  F_PF, UNIT_CLASS_COUNT, TABLE_CLASS_MASK,
} from './linebreak-classes';
import { derivedBase, tableBase } from './memory';

// Trie shape; readTableHeader checks the header written by scripts/gen-linebreak-data.mjs.
const SHIFT1: i32 = 11;
const SHIFT2: i32 = 6;
const PER_L2: i32 = SHIFT1 - SHIFT2;
let l2Base: usize = 0;
let leafBase: usize = 0;
// Derived tables (in derivedBase): Latin-1 code point -> packed unit (u32[256]); BMP block
// (cp >> 6) -> leaf number (u16[1024]); table byte -> packed unit, per tailoring (u32[256] x 2).
let latin1Base: usize = 0;
let bmpIndexBase: usize = 0;
let wordMapBase: usize = 0;
let uax14MapBase: usize = 0;

/** The table-byte map for a tailoring, to pass to classifyAt. */
export function classMap(wordTailoring: bool): usize {
  return wordTailoring ? wordMapBase : uax14MapBase;
}

/** Reads the table header; returns 1 when the table is the one this kernel was built for. */
export function readTableHeader(): i32 {
  if (load<u32>(tableBase) != 0x3631424c) return 0; // "LB16"
  if (load<u32>(tableBase, 12) != <u32>(SHIFT1 | (SHIFT2 << 8))) return 0;
  l2Base = tableBase + <usize>load<u32>(tableBase, 4);
  leafBase = tableBase + <usize>load<u32>(tableBase, 8);
  latin1Base = derivedBase;
  bmpIndexBase = derivedBase + 1024;
  wordMapBase = derivedBase + 3072;
  uax14MapBase = derivedBase + 4096;
  for (let v = 0; v < 256; v++) {
    store<u32>(wordMapBase + (<usize>v << 2), packTableByte(v, true) | (1 << 16));
    store<u32>(uax14MapBase + (<usize>v << 2), packTableByte(v, false) | (1 << 16));
  }
  for (let cp = 0; cp < 256; cp++) {
    store<u32>(latin1Base + (<usize>cp << 2), load<u32>(wordMapBase + (<usize>lookup(cp) << 2)));
  }
  for (let block = 0; block < 1024; block++) {
    const l2 = <i32>load<u16>(tableBase + 16 + (<usize>(block >> PER_L2) << 1));
    const leaf = load<u16>(l2Base + (<usize>((l2 << PER_L2) + (block & ((1 << PER_L2) - 1))) << 1));
    store<u16>(bmpIndexBase + (<usize>block << 1), leaf);
  }
  return 1;
}

// @ts-ignore: decorator
@inline function lookup(cp: i32): i32 {
  if (cp < 256) return <i32>load<u8>(leafBase + <usize>cp);
  const l2 = <i32>load<u16>(tableBase + 16 + (<usize>(cp >> SHIFT1) << 1));
  const slot = (l2 << PER_L2) + ((cp >> SHIFT2) & ((1 << PER_L2) - 1));
  const leaf = <i32>load<u16>(l2Base + (<usize>slot << 1));
  return <i32>load<u8>(leafBase + (<usize>(leaf << SHIFT2)) + <usize>(cp & ((1 << SHIFT2) - 1)));
}

/**
 * Returns the first index at or after i whose code unit is not a Latin-1 character with table
 * byte `byte` (so a run of identical letters is skipped in one tight loop).
 */
// @ts-ignore: decorator
@inline export function skipSameLatin1(input: usize, i: i32, n: i32, byte: i32): i32 {
  while (i < n) {
    const cu = <i32>load<u16>(input + (<usize>i << 1));
    if (cu >= 256 || <i32>load<u8>(leafBase + <usize>cu) != byte) break;
    i++;
  }
  return i;
}

/** Folds a table-only class into its unit class and flag (U+00AD, U+2010, U+25CC, QU Pi/Pf). */
function foldTableClass(cls: i32, flags: i32): i32 {
  if (cls == T_SHY) return C_BA | ((flags | F_SHY) << 8);
  if (cls == T_HH) return C_BA | ((flags | F_HH) << 8);
  if (cls == T_DOTTED) return C_AL | ((flags | F_DOTTED) << 8);
  return C_QU | ((flags | (cls == T_QU_PI ? F_PI : F_PF)) << 8);
}

/** Maps a table byte to a unit: class | flags << 8 after LB1 and the table-only class folds. */
function packTableByte(byte: i32, wordTailoring: bool): i32 {
  const cls = byte & TABLE_CLASS_MASK;
  const flags = byte >> 6; // table bit 6 -> F_EA (1), bit 7 -> F_XPCN (2)
  if (cls >= UNIT_CLASS_COUNT) return foldTableClass(cls, flags);
  if (cls == C_CJ) return (wordTailoring ? C_ID : C_NS) | (flags << 8); // LB1, tailoring W1
  return cls | (flags << 8);
}

/** classifyAt for a surrogate code unit: a pair is one supplementary code point, a lone half SG. */
function classifySurrogate(input: usize, i: i32, n: i32, cu: i32, map: usize): i32 {
  if (cu < 0xdc00 && i + 1 < n) {
    const lo = <i32>load<u16>(input + (<usize>i << 1), 2);
    if ((lo & 0xfc00) == 0xdc00) {
      const cp = 0x10000 + ((cu - 0xd800) << 10) + (lo - 0xdc00);
      return (load<u32>(map + (<usize>lookup(cp) << 2)) & 0xffff) | (2 << 16);
    }
  }
  return load<u32>(map + (<usize>lookup(cu) << 2));
}

/**
 * Classifies the code point at code unit `i` of n with a tailoring's map (classMap): returns
 * class | flags << 8 | width << 16, width 2 for a surrogate pair and 1 otherwise.
 */
// @ts-ignore: decorator
@inline export function classifyAt(input: usize, i: i32, n: i32, map: usize): i32 {
  const cu = <i32>load<u16>(input + (<usize>i << 1));
  if (cu < 256) return <i32>load<u32>(latin1Base + (<usize>cu << 2));
  if ((cu & 0xf800) != 0xd800) {
    const leaf = <i32>load<u16>(bmpIndexBase + (<usize>(cu >> SHIFT2) << 1));
    const byte = <i32>load<u8>(leafBase + <usize>(leaf << SHIFT2) + <usize>(cu & ((1 << SHIFT2) - 1)));
    return <i32>load<u32>(map + (<usize>byte << 2));
  }
  return classifySurrogate(input, i, n, cu, map);
}

/**
 * The unit after the one just read, from the reader's position and the code point there (class |
 * flags << 8; C_EDGE at end of text). A mark there was not absorbed, so it is AL (LB10).
 */
export function peekUnit(input: usize, pos: i32, n: i32, raw: i32): i32 {
  if (pos >= n) return C_EDGE;
  const cls = raw & 0xff;
  if (cls == C_CM || cls == C_ZWJ) return C_AL | (raw & 0xff00);
  return raw & 0xffff;
}

/** The unit after the one peekUnit returns (class | flags << 8), skipping the marks it absorbs. */
export function peekSecondUnit(input: usize, pos: i32, n: i32, raw: i32, map: usize): i32 {
  const first = peekUnit(input, pos, n, raw) & 0xff;
  if (first == C_EDGE) return C_EDGE;
  let at = pos + (raw >>> 16);
  const absorbs = first != C_BK && first != C_CR && first != C_LF && first != C_NL && first != C_SP && first != C_ZW;
  while (at < n) {
    const r = classifyAt(input, at, n, map);
    const cls = r & 0xff;
    if (cls != C_CM && cls != C_ZWJ) return r & 0xffff;
    if (!absorbs) return C_AL | (r & 0xff00);
    at += r >>> 16;
  }
  return C_EDGE;
}
