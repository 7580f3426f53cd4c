/**
 * The fast shaping paths' glyph operations (engine/text/shaper.ts tryFast and tryFastRtl), applied
 * to a word's glyph array in place as fontkit applies the same lookups: whether a plan blocks the
 * word, GSUB type 4 ligatures, GPOS pair adjustments and the legacy kern table's pairs.
 *
 * Invariants: arrays are only compacted or adjusted in place (no allocation per word); a pair
 * value packs the two advance deltas as (a + 0x8000) * 0x10000 + (b + 0x8000), see fast-plan.ts.
 */
import type { FastPlan, LigatureSubtable, PairSubtable } from './fast-plan';

/** Whether some glyph needs full shaping, or some adjacent pair starts a ligature we do not apply. */
export function isBlocked(plan: FastPlan, glyphs: Uint16Array, count: number): boolean {
  const pairs = plan.blockedPairs.size > 0 ? plan.blockedPairs : undefined;
  for (let i = 0; i < count; i++) {
    const g = glyphs[i]!;
    if (plan.blocked[g]) return true;
    if (pairs && i + 1 < count && pairs.has(g * 0x10000 + glyphs[i + 1]!)) return true;
  }
  return false;
}

/**
 * Applies one ligature lookup as fontkit does (GSUB type 4): at each position the first subtable
 * covering the glyph whose ligature components follow it wins; scanning resumes after the ligature.
 * Returns the new glyph count (arrays are compacted in place; clusters keep the first component's).
 */
export function applyLigatureLookup(lookup: readonly LigatureSubtable[], g: Uint16Array, cl: Uint32Array, count: number): number {
  let n = count;
  for (let i = 0; i < n; i++) {
    const a = g[i]!;
    for (const st of lookup) {
      const ci = st.coverage[a]!;
      if (ci < 0) continue;
      const lig = (st.sets[ci] ?? []).find((l) => i + l.components.length < n && l.components.every((c, k) => g[i + 1 + k] === c));
      if (!lig) continue;
      const k = lig.components.length;
      g[i] = lig.glyph;
      g.copyWithin(i + 1, i + 1 + k, n);
      cl.copyWithin(i + 1, i + 1 + k, n);
      n -= k;
      break;
    }
  }
  return n;
}

export function applyPairLookup(lookup: readonly PairSubtable[], g: Uint16Array, adv: Int32Array, n: number): void {
  for (let i = 0; i + 1 < n; i++) {
    const a = g[i]!;
    const b = g[i + 1]!;
    for (const st of lookup) {
      const ci = st.coverage[a]!;
      if (ci < 0) continue;
      let v: number | undefined;
      if (st.format === 1) {
        v = st.sets[ci]?.get(b);
        if (v === undefined) continue;
      } else {
        v = st.values[st.class1[a]! * st.class2Count + st.class2[b]!]!;
      }
      adv[i] = adv[i]! + Math.floor(v / 0x10000) - 0x8000;
      adv[i + 1] = adv[i + 1]! + (v % 0x10000) - 0x8000;
      break;
    }
  }
}

export function applyKernPairs(pairs: ReadonlyMap<number, number>, g: Uint16Array, adv: Int32Array, n: number): void {
  for (let i = 0; i + 1 < n; i++) {
    const v = pairs.get(g[i]! * 0x10000 + g[i + 1]!);
    if (v !== undefined) adv[i] = adv[i]! + v;
  }
}
