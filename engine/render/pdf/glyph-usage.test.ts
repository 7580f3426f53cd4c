import { describe, expect, it } from 'vitest';
import type { GlyphRun, LayoutFont, LayoutItem, LayoutPage } from '../../model';
import { collectDrawnWidths, GlyphUsageCollector, type GlyphUsage } from './glyph-usage';
import { forEachDrawnRun, PageDrafter } from './page-draft';

function run(font: number, glyphs: number[], clusters: number[], text: string, rtl = false): GlyphRun {
  return { kind: 'glyphs', x: 0, y: 0, font, sizePt: 10, glyphs, advances: glyphs.map(() => 5), text, clusters, color: '000000', ...(rtl ? { rtl } : {}) };
}

function page(items: LayoutItem[]): LayoutPage {
  return { widthPt: 100, heightPt: 100, items, section: 0, label: '1' };
}

function collectGlyphUsage(p: LayoutPage): GlyphUsage {
  const collector = new GlyphUsageCollector();
  collector.add(p.items);
  return collector.usage;
}

describe('collectGlyphUsage', () => {
  it('maps each glyph to its text: ligatures take their whole cluster, later glyphs of a cluster nothing', () => {
    const usage = collectGlyphUsage(
      page([
        run(0, [10, 11, 12], [0, 1, 3], 'affix'.slice(0, 4)), // 11 is an "ff" ligature (cluster 1–2)
        run(0, [20, 21], [0, 0], 'é'), // base + combining mark in one cluster
        { kind: 'group', items: [run(1, [5], [0], 'abc')] },
      ]),
    );
    expect([...usage.get(0)!].sort((a, b) => a[0] - b[0])).toEqual([[10, 'a'], [11, 'ff'], [12, 'i'], [20, 'é'], [21, '']]);
    expect([...usage.get(1)!]).toEqual([[5, 'abc']]);
  });

  it('keeps the first text of a glyph, but fills one first seen as a mark', () => {
    const usage = collectGlyphUsage(page([run(0, [7, 8], [0, 0], 'x'), run(0, [8], [0], 'y'), run(0, [7], [0], 'z')]));
    expect([...usage.get(0)!].sort((a, b) => a[0] - b[0])).toEqual([[7, 'x'], [8, 'y']]);
  });

  it('keeps settled texts across pages, and still fills marks and glyph ids past the first 256', () => {
    const collector = new GlyphUsageCollector();
    collector.add(page([run(0, [300, 301], [0, 0], 'x'), run(0, [70000], [0], 'w')]).items);
    // Page 2: 300 is settled ('x' stays), 301 was only a mark and gets its own text now.
    collector.add(page([run(0, [300], [0], 'y'), run(0, [301, 300], [0, 1], 'zq'), run(0, [70000], [0], 'v')]).items);
    expect([...collector.usage.get(0)!].sort((a, b) => a[0] - b[0])).toEqual([[300, 'x'], [301, 'z'], [70000, 'w']]);
  });

  it('reads right-to-left runs by sorted clusters', () => {
    // Visual order: glyphs for "ab" + "c" reversed.
    const usage = collectGlyphUsage(page([run(0, [3, 2, 1], [2, 1, 0], 'abc', true), run(0, [9, 8], [2, 0], 'xyz', true)]));
    expect([...usage.get(0)!].sort((a, b) => a[0] - b[0])).toEqual([[1, 'a'], [2, 'b'], [3, 'c'], [8, 'xy'], [9, 'z']]);
  });
});

describe('collectDrawnWidths', () => {
  const drawn = (font: number, glyphs: number[], advances: number[], scalePct?: number): GlyphRun => ({
    ...run(font, glyphs, glyphs.map((_, i) => i), 'x'.repeat(glyphs.length)),
    advances,
    ...(scalePct ? { scalePct } : {}),
  });
  const fonts = [{ respaced: true }, {}] as unknown as LayoutFont[];

  it('gives a respaced font’s glyphs the width most of their occurrences are drawn with', () => {
    const drafts = [new PageDrafter({ fonts }).draft(page([drawn(0, [1, 2, 3], [5.18, 3, 2.5]), drawn(0, [1, 3], [5.18, 2.9]), drawn(0, [1, 3, 3], [6, 2.5, 2.7], 50), drawn(1, [1], [9])]))];
    const widths = collectDrawnWidths((counted, vote) => forEachDrawnRun(drafts, counted, vote), fonts);
    // 10 pt text: 5.18 pt is 518/1000 em; at 50% horizontal scale 6 pt is 1200.
    expect(widths.get(0)?.majority.get(1)).toBe(518);
    expect(widths.get(0)?.majority.get(2)).toBe(300);
    // Glyph 3 is drawn at 250, 290, 500 and 540: no width has a majority.
    expect(widths.get(0)?.majority.has(3)).toBe(false);
    // Fonts drawn on their own advances are left alone.
    expect(widths.has(1)).toBe(false);
  });

  it('finds a majority that is not the first width drawn, for any glyph id, and counts -0 as 0', () => {
    const drafts = [
      new PageDrafter({ fonts }).draft(page([drawn(0, [300, 70000, 9], [4, 1, -0.0001]), drawn(0, [300, 70000, 9], [5, 2, 0]), drawn(0, [300, 70000, 9, 300], [5, 2, 0, 4.1])])),
    ];
    const widths = collectDrawnWidths((counted, vote) => forEachDrawnRun(drafts, counted, vote), fonts).get(0)!.majority;
    // Glyph 300: 400, 500, 500, 410; glyph 70000: 100, 200, 200; glyph 9: -0, 0, 0.
    expect(widths.get(300)).toBeUndefined();
    expect(widths.get(70000)).toBe(200);
    expect(Object.is(widths.get(9), 0)).toBe(true);
    const again = collectDrawnWidths((counted, vote) => forEachDrawnRun([new PageDrafter({ fonts }).draft(page([drawn(0, [300, 300, 300], [4, 5, 5])]))], counted, vote), fonts);
    expect(again.get(0)?.majority.get(300)).toBe(500);
  });

  it('gives the narrowest and widest widths of glyphs drawn on more than one', () => {
    const drafts = [new PageDrafter({ fonts }).draft(page([drawn(0, [1, 2, 70000], [3.31, 4, 1]), drawn(0, [1, 2, 70000], [3.31, 4, 2]), drawn(0, [1], [4.55])]))];
    const spread = collectDrawnWidths((counted, vote) => forEachDrawnRun(drafts, counted, vote), fonts).get(0)!.spread;
    expect(spread.get(1)).toEqual([331, 455]);
    expect(spread.has(2)).toBe(false);
    expect(spread.get(70000)).toEqual([100, 200]);
  });
});
