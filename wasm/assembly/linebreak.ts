// Line-break kernel (UAX #14, Unicode 16.0), compiled to WASM by scripts/build-wasm.mjs.
// Flat buffers in, flat buffers out; no GC allocations (runtime stub, memory managed in memory.ts).
//
// Protocol (engine/layout/kernel.ts is the only caller):
//   1. t = placeTable(len); host writes the class table at t; initTable() == 1.
//   2. p = reserve(n); host writes n UTF-16 code units at p (memory may have grown: re-view it).
//   3. o = findBreaks(n, tailoring); o[i] is the action for a break before code unit i:
//      0 none, 1 allowed, 2 mandatory, 3 soft hyphen. tailoring: 0 Word, 1 plain UAX #14.
//
// One streaming pass: each code point is classified once; LB9 units (a base and the marks it
// absorbs) pass through a three-unit window held in locals (prev, a, b), and the boundary between
// a and b is decided by the rule chain in rules.ts. The few rules that look ahead (LB15b, LB15c,
// LB19a, LB25, LB28a) peek at the units after b only when b could match them.
import {
  C_AL, C_AK, C_AS, C_CM, C_ZWJ, C_SP, C_RI, C_NU, C_SY, C_IS, C_BK, C_CR, C_LF, C_NL, C_ZW, C_QU,
  C_OP, C_HY, C_EDGE, F_SHY, F_ZWJ_END, F_DOTTED,
} from './linebreak-classes';
import { placeTable as placeTableMemory, placeBuffers, inputBase, outputBase } from './memory';
import { classifyAt, classMap, peekSecondUnit, peekUnit, readTableHeader, skipSameLatin1 } from './units';
import {
  decideEarly, decideFast, decideMiddle, decideLate, keepsBracket, keepsNumber, keepsPath, mergesWithRun, UNDECIDED,
} from './rules';

/** Reserves room for a class table of `bytes`; returns where the host must write it (0: no memory). */
export function placeTable(bytes: u32): usize {
  return placeTableMemory(bytes);
}

/** Checks the class table the host wrote; 1 when usable. */
export function initTable(): i32 {
  return readTableHeader();
}

/** Lays out buffers for n code units; returns where the host writes the text (0: no memory). */
export function reserve(n: u32): usize {
  return placeBuffers(n);
}

// Classes that never take combining marks (LB9).
const NO_CM_BASE: u64 = (<u64>1 << C_BK) | (<u64>1 << C_CR) | (<u64>1 << C_LF) | (<u64>1 << C_NL) |
  (<u64>1 << C_SP) | (<u64>1 << C_ZW);
// Classes of b for which a rule reads the unit after b (LB15b, LB15c, LB19a, LB25, LB28a).
const NEEDS_NEXT: u64 = (<u64>1 << C_QU) | (<u64>1 << C_IS) | (<u64>1 << C_OP) | (<u64>1 << C_HY) |
  (<u64>1 << C_AK) | (<u64>1 << C_AS);

/**
 * The full rule chain (LB4-LB31) for a boundary decideFast leaves open. a, b and prev are units
 * (class | flags << 8); last and runs are the carried context (see findBreaks); the units after b
 * are peeked from the reader's position only when a rule can use them.
 */
function decideChain(a: i32, b: i32, prev: i32, last: i32, runs: i32, word: bool, input: usize,
  pos: i32, count: i32, raw: i32, map: usize): i32 {
  const ac = a & 0xff, aF = a >> 8, bc = b & 0xff, bF = b >> 8;
  let next = C_EDGE, nextF = 0;
  if (((NEEDS_NEXT >> <u64>bc) & 1) != 0 || (bF & F_DOTTED) != 0) {
    const peeked = peekUnit(input, pos, count, raw);
    next = peeked & 0xff;
    nextF = peeked >> 8;
  }
  let action = decideEarly(ac, aF, bc, bF, next, last & 0xff, (last >> 8) & 0xff, last >>> 16);
  if (action != UNDECIDED) return action;
  const p = prev & 0xff, pF = prev >> 8;
  action = decideMiddle(ac, aF, bc, bF, p, pF, next, nextF);
  if (action != UNDECIDED) return action;
  const nextNext = next == C_IS ? peekSecondUnit(input, pos, count, raw, map) & 0xff : C_EDGE;
  if (keepsNumber(ac, bc, p, next, nextNext, (runs & 1) != 0, (runs & 2) != 0, word)) return 0;
  if (word && keepsPath(ac, bc)) return 0; // tailoring W3
  if (word && keepsBracket(ac, bc, bF)) return 0; // tailoring W4
  return decideLate(ac, aF, bc, bF, p, pF, next, (runs & 4) >> 2);
}

/** Computes the break action before each of the n code units; returns the output address. */
export function findBreaks(n: u32, tailoring: u32): usize {
  const count = <i32>n;
  const word = tailoring == 0;
  const map = classMap(word);
  const input = inputBase;
  const output = outputBase;
  memory.fill(output, 0, <usize>count);
  let pos = 0; // next code unit not yet consumed
  let raw = count > 0 ? classifyAt(input, 0, count, map) : C_EDGE; // the code point at pos
  let prev = C_EDGE, a = C_EDGE; // units before b: class | flags << 8
  // Context carried along: the last unit that is not SP (class | flags << 8 | class before it
  // << 16), whether a (bit 0) and the unit before it (bit 1) end NU (NU | SY | IS)* (LB25), and
  // whether a ends an odd run of RI (bit 2, LB30a).
  let last = C_EDGE | (C_EDGE << 16);
  let runs = 0;
  while (pos < count) {
    // Read b: a base character and, per LB9, the CM/ZWJ it absorbs.
    const start = pos;
    let cls = raw & 0xff;
    let flags = (raw >> 8) & 0xff;
    pos += raw >>> 16;
    if (cls == C_CM || cls == C_ZWJ) { // LB10: a mark that no base absorbed is AL
      if (cls == C_ZWJ) flags |= F_ZWJ_END;
      cls = C_AL;
    } else if (mergesWithRun(cls | (flags << 8))) {
      pos = skipSameLatin1(input, pos, count, cls | (flags << 6)); // see mergesWithRun
    }
    raw = pos < count ? classifyAt(input, pos, count, map) : C_EDGE;
    if (((raw & 0xff) == C_CM || (raw & 0xff) == C_ZWJ) && ((NO_CM_BASE >> <u64>cls) & 1) == 0) {
      while (pos < count) {
        const m = raw & 0xff;
        if (m != C_CM && m != C_ZWJ) break;
        flags = (flags & ~F_ZWJ_END) | (m == C_ZWJ ? F_ZWJ_END : 0);
        pos += raw >>> 16;
        raw = pos < count ? classifyAt(input, pos, count, map) : C_EDGE;
      }
    }
    const unit = cls | (flags << 8);
    // A letter or digit identical to the unit before it joins that unit (see mergesWithRun).
    if (unit == a && mergesWithRun(unit)) continue;
    if (a == C_EDGE) { a = unit; continue; } // the first unit: no break before index 0 (LB2)
    const ac = a & 0xff, aF = a >> 8, b = cls, bF = flags;
    if (ac != C_SP) last = a | ((prev & 0xff) << 16);
    const numA = ac == C_NU || ((runs & 1) != 0 && (ac == C_SY || ac == C_IS));
    runs = (numA ? 1 : 0) | ((runs & 1) << 1) | (ac == C_RI ? (runs & 4) ^ 4 : 0);
    let action = decideFast(ac, aF, b, bF, last & 0xff);
    if (action == UNDECIDED) action = decideChain(a, unit, prev, last, runs, word, input, pos, count, raw, map);
    if (action == 1 && (aF & F_SHY)) action = 3;
    store<u8>(output + <usize>start, action);
    prev = a;
    a = unit;
  }
  return output;
}
