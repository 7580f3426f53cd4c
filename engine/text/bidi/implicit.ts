/**
 * Resolution inside one isolating run sequence (UAX #9 W1–W7, N0–N2, I1–I2): weak types (numbers
 * and their separators), paired brackets, neutrals, then the implicit levels.
 */
import { BidiClass as C, pairedBracketOf } from './bidi-class';
import type { RunSequence } from './explicit';

/** Most open brackets tracked at once (BD16: a stack of 63 elements). */
const BRACKET_STACK = 63;

/** Resolves one sequence: rewrites `types` and `levels` at its indexes. */
export function resolveSequence(seq: RunSequence, types: Uint8Array, levels: Uint8Array, classes: Uint8Array, cps: ArrayLike<number>): void {
  const idx = seq.indexes;
  const t = new Uint8Array(idx.length);
  for (let k = 0; k < idx.length; k++) t[k] = types[idx[k]!]!;
  resolveWeak(t, seq.sos);
  resolveBrackets(t, seq, classes, cps);
  resolveNeutrals(t, seq);
  for (let k = 0; k < idx.length; k++) {
    const i = idx[k]!;
    const c = t[k]!;
    types[i] = c;
    const l = levels[i]!;
    if ((l & 1) === 0) levels[i] = c === C.R ? l + 1 : c === C.AN || c === C.EN ? l + 2 : l;
    else levels[i] = c === C.L || c === C.EN || c === C.AN ? l + 1 : l;
  }
}

/** W1–W7 on the sequence's types. */
function resolveWeak(t: Uint8Array, sos: number): void {
  const n = t.length;
  // W1: NSM takes the type of what precedes it (ON after an isolate initiator or PDI).
  for (let k = 0; k < n; k++) {
    if (t[k] !== C.NSM) continue;
    const p = k === 0 ? sos : t[k - 1]!;
    t[k] = p === C.LRI || p === C.RLI || p === C.FSI || p === C.PDI ? C.ON : p;
  }
  // W2, W3: European numbers after Arabic letters are Arabic numbers; AL becomes R.
  let strong = sos;
  for (let k = 0; k < n; k++) {
    const c = t[k]!;
    if (c === C.L || c === C.R || c === C.AL) strong = c;
    else if (c === C.EN && strong === C.AL) t[k] = C.AN;
  }
  for (let k = 0; k < n; k++) if (t[k] === C.AL) t[k] = C.R;
  // W4: one separator between two numbers of the same kind joins them.
  for (let k = 1; k + 1 < n; k++) {
    const c = t[k]!;
    const a = t[k - 1]!;
    const b = t[k + 1]!;
    if (c === C.ES && a === C.EN && b === C.EN) t[k] = C.EN;
    else if (c === C.CS && a === b && (a === C.EN || a === C.AN)) t[k] = a;
  }
  // W5: terminators next to European numbers become European numbers.
  for (let k = 0; k < n; k++) {
    if (t[k] !== C.ET) continue;
    let e = k;
    while (e < n && t[e] === C.ET) e++;
    if ((k > 0 && t[k - 1] === C.EN) || (e < n && t[e] === C.EN)) t.fill(C.EN, k, e);
    k = e - 1;
  }
  // W6: remaining separators and terminators are neutral.
  for (let k = 0; k < n; k++) {
    const c = t[k]!;
    if (c === C.ES || c === C.ET || c === C.CS) t[k] = C.ON;
  }
  // W7: European numbers after L (or an L sos) are L.
  strong = sos;
  for (let k = 0; k < n; k++) {
    const c = t[k]!;
    if (c === C.L || c === C.R) strong = c;
    else if (c === C.EN && strong === C.L) t[k] = C.L;
  }
}

/** Strong direction for N0 and N1: L, R (numbers count as R) or −1. */
function strongOf(c: number): number {
  if (c === C.L) return C.L;
  if (c === C.R || c === C.EN || c === C.AN) return C.R;
  return -1;
}

/** Canonical bracket code point (U+2329/U+232A are canonically equivalent to U+3008/U+3009). */
function canonical(cp: number): number {
  return cp === 0x2329 ? 0x3008 : cp === 0x232a ? 0x3009 : cp;
}

/** BD16: bracket pairs among characters whose type is still ON, sorted by opening position. */
function bracketPairs(t: Uint8Array, idx: Int32Array, cps: ArrayLike<number>): [number, number][] {
  const stack: { close: number; at: number }[] = [];
  const pairs: [number, number][] = [];
  for (let k = 0; k < t.length; k++) {
    if (t[k] !== C.ON) continue;
    const cp = cps[idx[k]!]!;
    const b = pairedBracketOf(cp);
    if (!b) continue;
    if (b.open) {
      if (stack.length === BRACKET_STACK) break;
      stack.push({ close: canonical(b.pair), at: k });
      continue;
    }
    const me = canonical(cp);
    for (let s = stack.length - 1; s >= 0; s--) {
      if (stack[s]!.close !== me) continue;
      pairs.push([stack[s]!.at, k]);
      stack.length = s;
      break;
    }
  }
  return pairs.sort((a, b) => a[0] - b[0]);
}

/** N0: paired brackets take the embedding direction, or the context's when only it is inside. */
function resolveBrackets(t: Uint8Array, seq: RunSequence, classes: Uint8Array, cps: ArrayLike<number>): void {
  const idx = seq.indexes;
  const e = (seq.level & 1) === 1 ? C.R : C.L;
  for (const [open, close] of bracketPairs(t, idx, cps)) {
    let sawE = false;
    let sawOther = false;
    for (let k = open + 1; k < close; k++) {
      const s = strongOf(t[k]!);
      if (s === e) sawE = true;
      else if (s >= 0) sawOther = true;
    }
    let dir = -1;
    if (sawE) dir = e;
    else if (sawOther) {
      let before = seq.sos;
      for (let k = open - 1; k >= 0; k--) {
        const s = strongOf(t[k]!);
        if (s >= 0) {
          before = s;
          break;
        }
      }
      dir = before !== e ? before : e;
    }
    if (dir < 0) continue;
    for (const at of [open, close]) {
      t[at] = dir;
      // Marks that followed the bracket (W1 gave them ON) follow it again.
      for (let k = at + 1; k < t.length && classes[idx[k]!] === C.NSM; k++) t[k] = dir;
    }
  }
}

function isNeutral(c: number): boolean {
  return c === C.B || c === C.S || c === C.WS || c === C.ON || c === C.LRI || c === C.RLI || c === C.FSI || c === C.PDI;
}

/** N1, N2: neutrals between same-direction text take it; others the embedding direction. */
function resolveNeutrals(t: Uint8Array, seq: RunSequence): void {
  const n = t.length;
  const e = (seq.level & 1) === 1 ? C.R : C.L;
  for (let k = 0; k < n; k++) {
    if (!isNeutral(t[k]!)) continue;
    let end = k;
    while (end < n && isNeutral(t[end]!)) end++;
    const before = k === 0 ? seq.sos : strongOf(t[k - 1]!);
    const after = end === n ? seq.eos : strongOf(t[end]!);
    t.fill(before === after && before >= 0 ? before : e, k, end);
    k = end - 1;
  }
}
