/**
 * Glyph usage: which glyphs of which fonts a LayoutDoc draws, and what text each glyph stands for
 * (for the ToUnicode CMap, ISO 32000-1 §9.10.3, so text can be searched and copied).
 */
import type { LayoutDoc, LayoutItem } from '../../model';

/** For each font index: glyph id → the characters it shows (first occurrence wins). */
export type GlyphUsage = Map<number, Map<number, string>>;

/** Collects glyph usage over all pages. */
export function collectGlyphUsage(doc: LayoutDoc): GlyphUsage {
  const usage: GlyphUsage = new Map();
  const visit = (items: readonly LayoutItem[]) => {
    for (const item of items) {
      if (item.kind === 'group') {
        visit(item.items);
        continue;
      }
      if (item.kind !== 'glyphs') continue;
      let map = usage.get(item.font);
      if (!map) {
        map = new Map();
        usage.set(item.font, map);
      }
      const { glyphs, clusters, text } = item;
      for (let i = 0; i < glyphs.length; i++) {
        const g = glyphs[i]!;
        if (map.has(g)) continue;
        const start = clusters[i] ?? 0;
        // The glyph's characters run to the next cluster that differs (ligatures span several).
        let end = text.length;
        for (let k = i + 1; k < clusters.length; k++) {
          const c = clusters[k]!;
          if (c > start) {
            end = c;
            break;
          }
        }
        // Glyphs sharing a cluster with a previous glyph (marks, decompositions) map to nothing new.
        const shared = i > 0 && clusters[i - 1] === start;
        map.set(g, shared ? '' : text.slice(start, Math.max(start, end)));
      }
    }
  };
  for (const page of doc.pages) visit(page.items);
  return usage;
}
