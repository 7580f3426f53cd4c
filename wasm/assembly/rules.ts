// Pass 2 of the line-break kernel: UAX #14 (Unicode 16.0) rules LB4-LB31 over LB9 units.
// Mirrors decideEarly / decideMiddle / keepsNumber / decideLate in engine/layout/linebreak-twin.ts;
// rule numbers in the comments are UAX #14 clauses. Class sets are u64 bit masks.
import {
  C_AL, C_BA, C_BB, C_B2, C_BK, C_CB, C_CL, C_CP, C_CR, C_EB, C_EM, C_EX, C_GL, C_H2, C_H3, C_HL,
  C_HY, C_ID, C_IN, C_IS, C_JL, C_JT, C_JV, C_LF, C_NL, C_NS, C_NU, C_OP, C_PO, C_PR, C_QU, C_RI,
  C_SP, C_SY, C_WJ, C_ZW, C_AK, C_AP, C_AS, C_VF, C_VI, C_EDGE,
  F_EA, F_XPCN, F_ZWJ_END, F_HH, F_DOTTED, F_PI, F_PF,
} from './linebreak-classes';

const NONE: i32 = 0;
const ALLOWED: i32 = 1;
const MANDATORY: i32 = 2;
/** Returned by decideEarly/decideMiddle when no rule of theirs applies. */
export const UNDECIDED: i32 = -1;

// @ts-ignore: decorator
@inline function has(mask: u64, c: i32): bool { return ((mask >> <u64>c) & 1) != 0; }

const ALPHA: u64 = (<u64>1 << C_AL) | (<u64>1 << C_HL);
const HANGUL: u64 = (<u64>1 << C_JL) | (<u64>1 << C_JV) | (<u64>1 << C_JT) | (<u64>1 << C_H2) | (<u64>1 << C_H3);
const LB6_7: u64 = (<u64>1 << C_BK) | (<u64>1 << C_CR) | (<u64>1 << C_LF) | (<u64>1 << C_NL) | (<u64>1 << C_SP) | (<u64>1 << C_ZW);
const LB13: u64 = (<u64>1 << C_CL) | (<u64>1 << C_CP) | (<u64>1 << C_EX) | (<u64>1 << C_SY);
const LB15A_BEFORE: u64 = (<u64>1 << C_EDGE) | (<u64>1 << C_BK) | (<u64>1 << C_CR) | (<u64>1 << C_LF) | (<u64>1 << C_NL) | (<u64>1 << C_OP) |
  (<u64>1 << C_QU) | (<u64>1 << C_GL) | (<u64>1 << C_SP) | (<u64>1 << C_ZW);
const LB15B_AFTER: u64 = (<u64>1 << C_EDGE) | (<u64>1 << C_SP) | (<u64>1 << C_GL) | (<u64>1 << C_WJ) | (<u64>1 << C_CL) | (<u64>1 << C_QU) |
  (<u64>1 << C_CP) | (<u64>1 << C_EX) | (<u64>1 << C_IS) | (<u64>1 << C_SY) | (<u64>1 << C_BK) | (<u64>1 << C_CR) | (<u64>1 << C_LF) | (<u64>1 << C_NL) | (<u64>1 << C_ZW);
const LB20A_BEFORE: u64 = (<u64>1 << C_EDGE) | (<u64>1 << C_BK) | (<u64>1 << C_CR) | (<u64>1 << C_LF) | (<u64>1 << C_NL) | (<u64>1 << C_SP) |
  (<u64>1 << C_ZW) | (<u64>1 << C_CB) | (<u64>1 << C_GL);
const IDEO_EMOJI: u64 = (<u64>1 << C_ID) | (<u64>1 << C_EB) | (<u64>1 << C_EM);
const PREFIX_POSTFIX: u64 = (<u64>1 << C_PR) | (<u64>1 << C_PO);
const NUM_TAIL: u64 = (<u64>1 << C_NU) | (<u64>1 << C_SY) | (<u64>1 << C_IS) | (<u64>1 << C_CL) | (<u64>1 << C_CP);
const CLOSE: u64 = (<u64>1 << C_CL) | (<u64>1 << C_CP);
const AKSARA: u64 = (<u64>1 << C_AK) | (<u64>1 << C_AS);

const ALNUM: u64 = (<u64>1 << C_AL) | (<u64>1 << C_HL) | (<u64>1 << C_NU);
const HARD: u64 = (<u64>1 << C_BK) | (<u64>1 << C_CR) | (<u64>1 << C_LF) | (<u64>1 << C_NL);
const LB21_BEFORE: u64 = (<u64>1 << C_BA) | (<u64>1 << C_HY) | (<u64>1 << C_NS);
const CLOSING: u64 = (<u64>1 << C_CL) | (<u64>1 << C_CP) | (<u64>1 << C_EX) | (<u64>1 << C_SY) |
  (<u64>1 << C_IS);

/**
 * Whether a unit (class | flags << 8) may merge with an identical unit before it: AL, HL or NU
 * without U+25CC (LB28a) and not ending in ZWJ (LB8a). Two such units never break (LB28, LB25),
 * and no rule that reads a neighbour for context (LB15a-c, LB19a, LB20a, LB21a, LB25's lookahead,
 * LB28a, tailoring W2) tells "X X" from "X" when X is one of them, so a run acts as one unit.
 */
// @ts-ignore: decorator
@inline export function mergesWithRun(unit: i32): bool {
  return has(ALNUM, unit & 0xff) && ((unit >> 8) & (F_DOTTED | F_ZWJ_END)) == 0;
}

/**
 * Frequent pairs, decided without the chain. Each result is what the chain gives in every context;
 * the reasons below name the first rule that fires (LB8 cannot, since the last non-space unit is a
 * itself unless a is SP, and a rule that only says NONE before it changes nothing):
 *  - letters and digits together: LB23, LB25, LB28;
 *  - X × SP: LB7, once LB4/LB5 ruled out hard breaks;
 *  - X × closing punctuation: LB13/LB15d (a not SP: no LB15c; not ZW: no LB8);
 *  - OP × X: LB14 (X not hard break nor SP: LB6/LB7 say NONE anyway);
 *  - X × BA/HY/NS: LB21, unless a is SP (LB18), ZW (LB8) or CB (LB20);
 *  - IS × letter or digit: LB25 / LB29; PR/PO × NU and NU × PR/PO: LB25;
 *  - SP ÷ letter or digit: LB8 or LB18, when the last non-space unit is not OP or QU (LB14, LB15a);
 *  - letter or digit before OP, CP before letter or digit: LB30 (÷ if the parenthesis is wide);
 *  - a unit ending in ZWJ: LB8a; ID ÷ ID: LB31.
 * UNDECIDED otherwise.
 */
// @ts-ignore: decorator
@inline export function decideFast(a: i32, aF: i32, b: i32, bF: i32, last: i32): i32 {
  if (has(ALNUM, a) && has(ALNUM, b)) return NONE;
  if (has(HARD, a)) return UNDECIDED;
  if (aF & F_ZWJ_END) return NONE; // LB8a (a is not SP or ZW, which never absorb a ZWJ)
  if (has(LB6_7, b)) return NONE;
  if (a == C_SP) return has(ALNUM, b) && last != C_OP && last != C_QU ? ALLOWED : UNDECIDED;
  if (a == C_ZW) return UNDECIDED;
  if (has(CLOSING, b) || a == C_OP) return NONE;
  if (has(LB21_BEFORE, b) && a != C_CB) return NONE;
  if (has(ALNUM, b)) {
    if (a == C_IS) return NONE;
    if (a == C_CP) return aF & F_EA ? ALLOWED : NONE;
    if (has(PREFIX_POSTFIX, a) && b == C_NU) return NONE;
  }
  if (has(ALNUM, a)) {
    if (b == C_OP) return bF & F_EA ? ALLOWED : NONE;
    if (a == C_NU && has(PREFIX_POSTFIX, b)) return NONE;
  }
  if (a == C_ID && b == C_ID) return ALLOWED;
  return UNDECIDED;
}

/** LB4-LB18. `last`/`lastF` is the last non-SP unit before the boundary, `beforeLast` the one before it. */
// @ts-ignore: decorator
@inline export function decideEarly(a: i32, aF: i32, b: i32, bF: i32, next: i32,
  last: i32, lastF: i32, beforeLast: i32): i32 {
  if (a == C_BK) return MANDATORY; // LB4
  if (a == C_CR) return b == C_LF ? NONE : MANDATORY; // LB5
  if (a == C_LF || a == C_NL) return MANDATORY; // LB5
  if (has(LB6_7, b)) return NONE; // LB6, LB7
  if (last == C_ZW) return ALLOWED; // LB8
  if (aF & F_ZWJ_END) return NONE; // LB8a
  if (a == C_WJ || b == C_WJ) return NONE; // LB11
  if (a == C_GL) return NONE; // LB12
  if (b == C_GL && a != C_SP && a != C_BA && a != C_HY) return NONE; // LB12a
  if (has(LB13, b)) return NONE; // LB13
  if (last == C_OP) return NONE; // LB14
  if (last == C_QU && (lastF & F_PI) && has(LB15A_BEFORE, beforeLast)) return NONE; // LB15a
  if (b == C_QU && (bF & F_PF) && has(LB15B_AFTER, next)) return NONE; // LB15b
  if (b == C_IS) return a == C_SP && next == C_NU ? ALLOWED : NONE; // LB15c, LB15d
  if (b == C_NS && has(CLOSE, last)) return NONE; // LB16
  if (b == C_B2 && last == C_B2) return NONE; // LB17
  if (a == C_SP) return ALLOWED; // LB18
  return UNDECIDED;
}

/** LB19-LB24. */
// @ts-ignore: decorator
@inline export function decideMiddle(a: i32, aF: i32, b: i32, bF: i32, prev: i32, prevF: i32,
  next: i32, nextF: i32): i32 {
  if (b == C_QU) {
    if (!(bF & F_PI)) return NONE; // LB19
    if (!(aF & F_EA) || !(nextF & F_EA) || next == C_EDGE) return NONE; // LB19a
  }
  if (a == C_QU) {
    if (!(aF & F_PF)) return NONE; // LB19
    if (!(bF & F_EA) || !(prevF & F_EA) || prev == C_EDGE) return NONE; // LB19a
  }
  if (a == C_CB || b == C_CB) return ALLOWED; // LB20
  if ((a == C_HY || (aF & F_HH)) && b == C_AL && has(LB20A_BEFORE, prev)) return NONE; // LB20a
  if (b == C_BA || b == C_HY || b == C_NS || a == C_BB) return NONE; // LB21
  if (prev == C_HL && (a == C_HY || (a == C_BA && !(aF & F_EA))) && b != C_HL) return NONE; // LB21a
  if (a == C_SY && b == C_HL) return NONE; // LB21b
  if (b == C_IN) return NONE; // LB22
  if ((has(ALPHA, a) && b == C_NU) || (a == C_NU && has(ALPHA, b))) return NONE; // LB23
  if ((a == C_PR && has(IDEO_EMOJI, b)) || (has(IDEO_EMOJI, a) && b == C_PO)) return NONE; // LB23a
  if ((has(PREFIX_POSTFIX, a) && has(ALPHA, b)) || (has(ALPHA, a) && has(PREFIX_POSTFIX, b))) return NONE; // LB24
  return UNDECIDED;
}

/** LB25: numeric sequences. `numA`/`numPrev`: unit a / the unit before it ends NU (NU|SY|IS)*. */
// @ts-ignore: decorator
@inline export function keepsNumber(a: i32, b: i32, prev: i32, next: i32, nextNext: i32,
  numA: bool, numPrev: bool, wordTailoring: bool): bool {
  if (has(PREFIX_POSTFIX, a)) {
    if (b == C_NU) return true;
    if ((b == C_OP || b == C_HY) && (next == C_NU || (next == C_IS && nextNext == C_NU))) return true;
  }
  if (a == C_IS && b == C_NU) return true;
  if ((a == C_OP || a == C_HY) && b == C_NU) {
    return !(wordTailoring && a == C_HY && (has(ALPHA, prev) || prev == C_NU)); // tailoring W2
  }
  if (numA && has(NUM_TAIL, b)) return true;
  return (numA || (has(CLOSE, a) && numPrev)) && has(PREFIX_POSTFIX, b);
}

/**
 * Tailoring W3: Word does not break after a solidus before a letter or digit, so paths, URLs and
 * "and/or" stay whole (UAX #14 allows SY ÷ AL by LB31).
 */
// @ts-ignore: decorator
@inline export function keepsPath(a: i32, b: i32): bool {
  return a == C_SY && (has(ALPHA, b) || b == C_NU);
}

/**
 * Tailoring W4: Word keeps an infix separator (. , : ;) with an opening bracket that is not East
 * Asian after it: "principles.(7)Coherence" stays whole (UAX #14 allows IS ÷ OP by LB31).
 */
// @ts-ignore: decorator
@inline export function keepsBracket(a: i32, b: i32, bF: i32): bool {
  return a == C_IS && b == C_OP && (bF & F_EA) == 0;
}

/** LB26-LB31. */
// @ts-ignore: decorator
@inline export function decideLate(a: i32, aF: i32, b: i32, bF: i32, prev: i32, prevF: i32,
  next: i32, riRun: i32): i32 {
  if (a == C_JL && (b == C_JL || b == C_JV || b == C_H2 || b == C_H3)) return NONE; // LB26
  if ((a == C_JV || a == C_H2) && (b == C_JV || b == C_JT)) return NONE; // LB26
  if ((a == C_JT || a == C_H3) && b == C_JT) return NONE; // LB26
  if ((has(HANGUL, a) && b == C_PO) || (a == C_PR && has(HANGUL, b))) return NONE; // LB27
  if (has(ALPHA, a) && has(ALPHA, b)) return NONE; // LB28
  const aAksara = has(AKSARA, a) || (aF & F_DOTTED) != 0;
  const bAksara = has(AKSARA, b) || (bF & F_DOTTED) != 0;
  if (a == C_AP && bAksara) return NONE; // LB28a
  if (aAksara && (b == C_VF || b == C_VI)) return NONE; // LB28a
  if (a == C_VI && (has(AKSARA, prev) || (prevF & F_DOTTED)) && (b == C_AK || (bF & F_DOTTED))) return NONE; // LB28a
  if (aAksara && bAksara && next == C_VF) return NONE; // LB28a
  if (a == C_IS && has(ALPHA, b)) return NONE; // LB29
  if ((has(ALPHA, a) || a == C_NU) && b == C_OP && !(bF & F_EA)) return NONE; // LB30
  if (a == C_CP && !(aF & F_EA) && (has(ALPHA, b) || b == C_NU)) return NONE; // LB30
  if (a == C_RI && b == C_RI && (riRun & 1)) return NONE; // LB30a
  if (b == C_EM && (a == C_EB || (aF & F_XPCN))) return NONE; // LB30b
  return ALLOWED; // LB31
}
