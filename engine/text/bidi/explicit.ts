/**
 * Explicit levels and isolating run sequences of the Unicode Bidirectional Algorithm (UAX #9, rules
 * P2–P3, X1–X10, BD9, BD13). Works on code point indexes; characters removed by X9 keep class BN.
 */
import { BidiClass as C } from './bidi-class';

/** Deepest explicit embedding level (BD2: max_depth). */
export const MAX_DEPTH = 125;

/** Whether a class is an isolate initiator (LRI, RLI, FSI). */
export function isIsolateInitiator(t: number): boolean {
  return t === C.LRI || t === C.RLI || t === C.FSI;
}

/** BD9: the matching PDI of each isolate initiator (−1 when none), and whether each PDI is matched. */
export function matchIsolates(classes: Uint8Array): { readonly pdiOf: Int32Array; readonly matched: Uint8Array } {
  const pdiOf = new Int32Array(classes.length).fill(-1);
  const matched = new Uint8Array(classes.length);
  const stack: number[] = [];
  for (let i = 0; i < classes.length; i++) {
    const t = classes[i]!;
    if (isIsolateInitiator(t)) stack.push(i);
    else if (t === C.PDI && stack.length > 0) {
      pdiOf[stack.pop()!] = i;
      matched[i] = 1;
    } else if (t === C.B) stack.length = 0;
  }
  return { pdiOf, matched };
}

/**
 * P2–P3: the level of the first strong character in [from, to), skipping isolates; −1 when none.
 */
export function firstStrongLevel(classes: Uint8Array, pdiOf: Int32Array, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    const t = classes[i]!;
    if (t === C.L) return 0;
    if (t === C.R || t === C.AL) return 1;
    if (t === C.B) return -1;
    if (isIsolateInitiator(t)) {
      const end = pdiOf[i]!;
      if (end < 0) return -1;
      i = end;
    }
  }
  return -1;
}

/** Result of X1–X9: embedding levels and the classes with overrides applied (removed ones are BN). */
export interface ExplicitLevels {
  readonly levels: Uint8Array;
  readonly types: Uint8Array;
}

interface Entry {
  readonly level: number;
  /** Directional override: −1 neutral, else the class forced (L or R). */
  readonly override: number;
  readonly isolate: boolean;
}

/** X1–X9: explicit embedding levels, overrides and isolates. */
export function resolveExplicit(classes: Uint8Array, paraLevel: number, pdiOf: Int32Array): ExplicitLevels {
  const n = classes.length;
  const levels = new Uint8Array(n);
  const types = new Uint8Array(n);
  const stack: Entry[] = [{ level: paraLevel, override: -1, isolate: false }];
  let overflowIsolates = 0;
  let overflowEmbeddings = 0;
  let validIsolates = 0;
  for (let i = 0; i < n; i++) {
    const t = classes[i]!;
    const top = stack[stack.length - 1]!;
    if (t === C.RLE || t === C.LRE || t === C.RLO || t === C.LRO) {
      const rtl = t === C.RLE || t === C.RLO;
      const level = rtl ? (top.level + 1) | 1 : (top.level + 2) & ~1;
      if (level <= MAX_DEPTH && overflowIsolates === 0 && overflowEmbeddings === 0) {
        stack.push({ level, override: t === C.RLO ? C.R : t === C.LRO ? C.L : -1, isolate: false });
      } else if (overflowIsolates === 0) overflowEmbeddings++;
      levels[i] = top.level;
      types[i] = C.BN;
    } else if (isIsolateInitiator(t)) {
      levels[i] = top.level;
      types[i] = top.override >= 0 ? top.override : t;
      const end = pdiOf[i]! >= 0 ? pdiOf[i]! : n;
      const rtl = t === C.RLI || (t === C.FSI && firstStrongLevel(classes, pdiOf, i + 1, end) === 1);
      const level = rtl ? (top.level + 1) | 1 : (top.level + 2) & ~1;
      if (level <= MAX_DEPTH && overflowIsolates === 0 && overflowEmbeddings === 0) {
        validIsolates++;
        stack.push({ level, override: -1, isolate: true });
      } else overflowIsolates++;
    } else if (t === C.PDI) {
      if (overflowIsolates > 0) overflowIsolates--;
      else if (validIsolates > 0) {
        overflowEmbeddings = 0;
        while (!stack[stack.length - 1]!.isolate) stack.pop();
        stack.pop();
        validIsolates--;
      }
      const now = stack[stack.length - 1]!;
      levels[i] = now.level;
      types[i] = now.override >= 0 ? now.override : t;
    } else if (t === C.PDF) {
      if (overflowIsolates === 0) {
        if (overflowEmbeddings > 0) overflowEmbeddings--;
        else if (!top.isolate && stack.length >= 2) stack.pop();
      }
      levels[i] = top.level;
      types[i] = C.BN;
    } else if (t === C.B) {
      // X8: a paragraph separator ends every embedding, override and isolate.
      stack.length = 1;
      overflowIsolates = overflowEmbeddings = validIsolates = 0;
      levels[i] = paraLevel;
      types[i] = C.B;
    } else if (t === C.BN) {
      levels[i] = top.level;
      types[i] = C.BN;
    } else {
      // No closure per character for the override: under tsx each one was named (__name) at creation.
      levels[i] = top.level;
      types[i] = top.override >= 0 ? top.override : t;
    }
  }
  return { levels, types };
}

/** An isolating run sequence (BD13): its character indexes and start/end-of-sequence types. */
export interface RunSequence {
  readonly indexes: Int32Array;
  readonly level: number;
  readonly sos: number;
  readonly eos: number;
}

/** X10: the isolating run sequences, with sos and eos. */
export function runSequences(ex: ExplicitLevels, classes: Uint8Array, pdiOf: Int32Array, matched: Uint8Array, paraLevel: number): RunSequence[] {
  const { levels, types } = ex;
  const n = levels.length;
  // Level runs over characters not removed by X9.
  const runs: number[][] = [];
  const runOf = new Int32Array(n).fill(-1);
  let current: number[] | undefined;
  let lastLevel = -1;
  for (let i = 0; i < n; i++) {
    if (types[i] === C.BN) continue;
    if (!current || levels[i] !== lastLevel) {
      current = [];
      runs.push(current);
      lastLevel = levels[i]!;
    }
    current.push(i);
    runOf[i] = runs.length - 1;
  }
  const out: RunSequence[] = [];
  for (const run of runs) {
    const first = run[0]!;
    if (classes[first] === C.PDI && matched[first]) continue;
    const idx: number[] = [];
    let r: number[] = run;
    for (;;) {
      for (const i of r) idx.push(i);
      const last = r[r.length - 1]!;
      const pdi = isIsolateInitiator(classes[last]!) ? pdiOf[last]! : -1;
      if (pdi < 0 || runOf[pdi]! < 0) break;
      r = runs[runOf[pdi]!]!;
    }
    out.push(sequenceOf(Int32Array.from(idx), ex, classes, paraLevel));
  }
  return out;
}

function sequenceOf(indexes: Int32Array, ex: ExplicitLevels, classes: Uint8Array, paraLevel: number): RunSequence {
  const { levels, types } = ex;
  const first = indexes[0]!;
  const last = indexes[indexes.length - 1]!;
  const level = levels[first]!;
  let before = paraLevel;
  for (let i = first - 1; i >= 0; i--) {
    if (types[i] !== C.BN) {
      before = levels[i]!;
      break;
    }
  }
  let after = paraLevel;
  if (!isIsolateInitiator(classes[last]!)) {
    for (let i = last + 1; i < levels.length; i++) {
      if (types[i] !== C.BN) {
        after = levels[i]!;
        break;
      }
    }
  }
  const dir = (l: number) => ((Math.max(level, l) & 1) === 1 ? C.R : C.L);
  return { indexes, level, sos: dir(before), eos: dir(after) };
}
