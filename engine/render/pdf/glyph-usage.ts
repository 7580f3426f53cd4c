/**
 * Glyph usage: which glyphs of which fonts a document draws, and what text each glyph stands for
 * (for the ToUnicode CMap, ISO 32000-1 §9.10.3, so text can be searched and copied).
 */
import type { LayoutFont, LayoutItem } from '../../model';
import { grown } from './grown';

/** For each font index: glyph id → the characters it shows (first occurrence wins). */
export type GlyphUsage = Map<number, Map<number, string>>;

/**
 * Collects a document's GlyphUsage page by page (pages in order: a glyph's first text wins). A glyph
 * whose text is settled (not empty) never changes again, and after a few pages nearly every glyph
 * drawn is: a byte per glyph id marks them, so a run of such glyphs costs one typed-array read per
 * glyph instead of a map lookup and a look at its clusters.
 */
export class GlyphUsageCollector {
  readonly usage: GlyphUsage = new Map();
  /** Per font index: 1 for each glyph id whose text in `usage` is not empty. */
  private readonly settled = new Map<number, Uint8Array>();

  /** Adds the glyphs of a page's items (pages in order). */
  add(items: readonly LayoutItem[]): void {
    for (const item of items) {
      if (item.kind === 'group') {
        this.add(item.items);
        continue;
      }
      if (item.kind !== 'glyphs') continue;
      let map = this.usage.get(item.font);
      if (!map) {
        map = new Map();
        this.usage.set(item.font, map);
      }
      let settled = this.settled.get(item.font);
      if (!settled) this.settled.set(item.font, (settled = new Uint8Array(256)));
      if (allSettled(settled, item.glyphs)) continue;
      addRun(map, item.glyphs, item.clusters, item.text);
      this.settled.set(item.font, settle(settled, map, item.glyphs));
    }
  }
}

/** Whether every glyph id of `glyphs` is marked in `settled`. */
function allSettled(settled: Uint8Array, glyphs: readonly number[]): boolean {
  for (let i = 0; i < glyphs.length; i++) if (settled[glyphs[i]!] !== 1) return false;
  return true;
}

/** Marks the glyphs of a run whose text is now settled; returns the marks (grown if needed). */
function settle(settled: Uint8Array, map: ReadonlyMap<number, string>, glyphs: readonly number[]): Uint8Array {
  let out = settled;
  for (const g of glyphs) {
    // Glyph ids are 16-bit (a font has at most 65,535 glyphs); others simply stay unmarked.
    if (!Number.isInteger(g) || g < 0 || g > 0xffff || !map.get(g)) continue;
    out = grown(out, g + 1);
    out[g] = 1;
  }
  return out;
}

/** Adds one run's glyphs to its font's map. */
function addRun(map: Map<number, string>, glyphs: readonly number[], clusters: readonly number[], text: string): void {
  if (ascending(clusters)) {
    logicalRun(map, glyphs, clusters, text);
    return;
  }
  // A glyph stands for the characters from its cluster to the next larger cluster of the run.
  // Clusters descend in right-to-left runs (visual order), so look them up sorted.
  const starts = [...new Set(clusters)].sort((a, b) => a - b);
  const seenCluster = new Set<number>();
  for (let i = 0; i < glyphs.length; i++) {
    const g = glyphs[i]!;
    const start = clusters[i] ?? 0;
    const first = !seenCluster.has(start);
    seenCluster.add(start);
    if (map.has(g) && (map.get(g) !== '' || !first)) continue;
    const k = binarySearch(starts, start);
    const end = k + 1 < starts.length ? starts[k + 1]! : text.length;
    // Further glyphs of a cluster (marks, decompositions) stand for nothing more.
    map.set(g, first ? text.slice(start, Math.max(start, end)) : '');
  }
}

function binarySearch(sorted: readonly number[], v: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sorted[mid]! <= v) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function ascending(clusters: readonly number[]): boolean {
  for (let i = 1; i < clusters.length; i++) if (clusters[i]! < clusters[i - 1]!) return false;
  return true;
}

/** The common case: glyphs in logical order; a glyph's text runs to the next glyph's cluster. */
function logicalRun(map: Map<number, string>, glyphs: readonly number[], clusters: readonly number[], text: string): void {
  const n = glyphs.length;
  for (let i = 0; i < n; i++) {
    const g = glyphs[i]!;
    const start = clusters[i]!;
    const first = i === 0 || clusters[i - 1] !== start;
    const known = map.get(g);
    if (known !== undefined && (known !== '' || !first)) continue;
    let end = text.length;
    for (let k = i + 1; k < n; k++) {
      if (clusters[k]! > start) {
        end = clusters[k]!;
        break;
      }
    }
    map.set(g, first ? text.slice(start, end) : '');
  }
}

/**
 * For each respaced font (LayoutFont.respaced): how its glyphs are drawn, in PDF glyph-space units
 * (1/1000 text space, before horizontal scaling).
 */
export type DrawnWidths = Map<number, FontDrawnWidths>;

/** The drawn widths of one font's glyphs. */
export interface FontDrawnWidths {
  /**
   * Glyph id → the width more than half of its occurrences are drawn with. A glyph whose
   * occurrences agree on no width (spaces stretched by justification, say) has none.
   */
  readonly majority: Map<number, number>;
  /** Glyph id → the narrowest and widest widths it is drawn with, for glyphs drawn on more than one. */
  readonly spread: Map<number, readonly [number, number]>;
}

/**
 * Walks every run drawn (page-draft.ts forEachDrawnRun) in a font `counted` accepts: `run(font,
 * glyphs, advances, start, count)` for glyphs `start` to `start + count` of the arrays, each drawn
 * on its advance in 1/1000 text space (before horizontal scaling).
 */
export type DrawnGlyphWalk = (
  counted: (font: number) => boolean,
  run: (font: number, glyphs: Int32Array, advances: Float64Array, start: number, count: number) => void,
) => void;

/** Collects the drawn widths of the glyphs of respaced fonts over all pages. */
export function collectDrawnWidths(walk: DrawnGlyphWalk, fonts: readonly LayoutFont[]): DrawnWidths {
  // Most documents have no respaced font: then there is nothing to count, and no walk over the pages.
  if (!fonts.some((f) => f.respaced)) return new Map();
  const votes = new Map<number, WidthVotes>();
  const respaced = (font: number) => fonts[font]?.respaced === true;
  walk(respaced, (f, glyphs, advances, start, count) => {
    let font = votes.get(f);
    if (!font) votes.set(f, (font = new WidthVotes()));
    for (let i = start; i < start + count; i++) {
      // Widths to a tenth of a unit.
      const w = Math.round(advances[i]! * 10) / 10;
      if (Number.isFinite(w)) font.vote(glyphs[i]!, w);
    }
  });
  const out: DrawnWidths = new Map();
  for (const [f, font] of votes) out.set(f, { majority: font.majorities(), spread: font.spread() });
  return out;
}

/**
 * One font's votes: how often each glyph is drawn at each width. Nearly every occurrence of a
 * glyph is drawn at the width of its first (only justified spaces and spaced-out text vary), so
 * that width is counted in typed arrays by glyph id, and only other widths in maps: a walk over the
 * 437-page handbook's 875,000 glyphs took 20 ms with a map lookup or three for every glyph.
 */
class WidthVotes {
  private first = new Float64Array(256);
  private firstCount = new Int32Array(256);
  /** Glyph id → width → count, for widths other than the glyph's first, and any glyph id not 16-bit. */
  private readonly others = new Map<number, Map<number, number>>();

  vote(g: number, width: number): void {
    // -0 is 0 (one key of a Map).
    const w = width + 0;
    if ((g & 0xffff) === g) {
      if (g >= this.firstCount.length) {
        this.first = grown(this.first, g + 1);
        this.firstCount = grown(this.firstCount, g + 1);
      }
      if (this.firstCount[g] === 0) this.first[g] = w;
      if (this.first[g] === w) {
        this.firstCount[g]! += 1;
        return;
      }
    }
    let counts = this.others.get(g);
    if (!counts) this.others.set(g, (counts = new Map()));
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }

  /** Glyph id → the width more than half of its occurrences are drawn with, for glyphs that have one. */
  majorities(): Map<number, number> {
    const out = new Map<number, number>();
    for (let g = 0; g < this.firstCount.length; g++) {
      const n = this.firstCount[g]!;
      if (n > 0 && !this.others.has(g)) out.set(g, this.first[g]!);
    }
    for (const [g, counts] of this.others) {
      const n = this.firstCount[g] ?? 0;
      let total = n;
      let best = this.first[g] ?? 0;
      let bestCount = n;
      for (const [w, c] of counts) {
        total += c;
        if (c > bestCount) (best = w), (bestCount = c);
      }
      if (bestCount * 2 > total) out.set(g, best);
    }
    return out;
  }

  /** Glyph id → [narrowest, widest] width, for glyphs drawn on more than one width. */
  spread(): Map<number, readonly [number, number]> {
    const out = new Map<number, readonly [number, number]>();
    for (const [g, counts] of this.others) {
      let least = Infinity;
      let most = -Infinity;
      if ((this.firstCount[g] ?? 0) > 0) least = most = this.first[g]!;
      for (const w of counts.keys()) (least = Math.min(least, w)), (most = Math.max(most, w));
      if (least < most) out.set(g, [least, most]);
    }
    return out;
  }
}
