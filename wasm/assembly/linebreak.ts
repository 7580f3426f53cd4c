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
// absorbs) enter a five-unit window held in locals (prev, a, b, next, nextNext) and the boundary
// between a and b is decided by the rule chain in rules.ts.
import {
  C_AL, C_CM, C_ZWJ, C_SP, C_RI, C_NU, C_SY, C_IS, C_BK, C_CR, C_LF, C_NL, C_ZW, C_EDGE, F_SHY,
  F_ZWJ_END,
} from './linebreak-classes';
import { placeTable as placeTableMemory, placeBuffers, inputBase, outputBase } from './memory';
import { classifyAt, readTableHeader, skipSameLatin1 } from './units';
import {
  decideEarly, decideFast, decideMiddle, decideLate, keepsNumber, mergesWithRun, UNDECIDED,
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

/** Computes the break action before each of the n code units; returns the output address. */
export function findBreaks(n: u32, tailoring: u32): usize {
  const count = <i32>n;
  const word = tailoring == 0;
  const input = inputBase;
  const output = outputBase;
  memory.fill(output, 0, <usize>count);
  let pos = 0; // next code unit not yet consumed
  let raw = count > 0 ? classifyAt(input, 0, count, word) : C_EDGE; // the code point at pos
  let u0 = C_EDGE, u1 = C_EDGE, u2 = C_EDGE, u3 = C_EDGE, u4 = C_EDGE; // class | flags << 8
  let s2 = 0, s3 = 0, s4 = 0; // start of units u2..u4
  let last = C_EDGE, lastF = 0, beforeLast = C_EDGE;
  let numA = false, numPrev = false;
  let riRun = 0;
  for (let k = 0; ; ) {
    let unit = C_EDGE;
    const start = pos;
    if (pos < count) {
      // Read the next unit: a base character and, per LB9, the CM/ZWJ it absorbs.
      let cls = raw & 0xff;
      let flags = (raw >> 8) & 0xff;
      pos += raw >>> 16;
      if (cls == C_CM || cls == C_ZWJ) { // LB10: a mark that no base absorbed is AL
        if (cls == C_ZWJ) flags |= F_ZWJ_END;
        cls = C_AL;
      } else if (mergesWithRun(cls | (flags << 8))) {
        pos = skipSameLatin1(input, pos, count, cls | (flags << 6)); // see mergesWithRun
      }
      raw = pos < count ? classifyAt(input, pos, count, word) : C_EDGE;
      if (((raw & 0xff) == C_CM || (raw & 0xff) == C_ZWJ) && ((NO_CM_BASE >> <u64>cls) & 1) == 0) {
        while (pos < count) {
          const m = raw & 0xff;
          if (m != C_CM && m != C_ZWJ) break;
          flags = (flags & ~F_ZWJ_END) | (m == C_ZWJ ? F_ZWJ_END : 0);
          pos += raw >>> 16;
          raw = pos < count ? classifyAt(input, pos, count, word) : C_EDGE;
        }
      }
      unit = cls | (flags << 8);
      // A letter or digit identical to the unit before it joins that unit (see mergesWithRun).
      if (unit == u4 && mergesWithRun(unit)) continue;
    }
    u0 = u1; u1 = u2; u2 = u3; u3 = u4; u4 = unit;
    s2 = s3; s3 = s4; s4 = start;
    k++;
    if (k < 4) continue;
    if (u2 == C_EDGE) break;
    // Boundary between a = u1 and b = u2 (the units read k-4 and k-3 shifts ago).
    const a = u1 & 0xff, aF = u1 >> 8, b = u2 & 0xff;
    if (a != C_SP) { last = a; lastF = aF; beforeLast = u0 & 0xff; }
    numPrev = numA;
    numA = a == C_NU || (numA && (a == C_SY || a == C_IS));
    riRun = a == C_RI ? riRun + 1 : 0;
    const bF = u2 >> 8, next = u3 & 0xff;
    let action = decideFast(a, aF, b, last);
    if (action == UNDECIDED) action = decideEarly(a, aF, b, bF, next, last, lastF, beforeLast);
    if (action == UNDECIDED) {
      const prev = u0 & 0xff, prevF = u0 >> 8, nextF = u3 >> 8;
      action = decideMiddle(a, aF, b, bF, prev, prevF, next, nextF);
      if (action == UNDECIDED) {
        action = keepsNumber(a, b, prev, next, u4 & 0xff, numA, numPrev, word)
          ? 0
          : decideLate(a, aF, b, bF, prev, prevF, next, riRun);
      }
    }
    if (action == 1 && (aF & F_SHY)) action = 3;
    store<u8>(output + <usize>s2, action);
  }
  return output;
}
