import { beforeAll, describe, expect, it } from 'vitest';
import type { GlyphRun, LayoutFont, LayoutItem, PathItem } from '../model';
import { loadFontkit } from '../text';
import { shippedBytes } from '../text/testing/shipped';
import { warpMapOf, warpRun } from './word-art-warp';

const BOX = { x: 0, y: 0, w: 100, h: 100 };
/** Straight guides along the box's top and bottom: the identity map. */
const FLAT = warpMapOf([[{ op: 'M', x: 0, y: 0 }, { op: 'L', x: 100, y: 0 }], [{ op: 'M', x: 0, y: 100 }, { op: 'L', x: 100, y: 100 }]], BOX, { w: 1, h: 1 })!;

let font: LayoutFont;
/** Liberation Sans's H (glyph 43): 1409 units tall on a 2048 em, its stems from x 158 to 1210. */
const H = 43;
const run = (): GlyphRun => ({
  kind: 'glyphs', x: 0, y: 100, font: 0, sizePt: 2048 / 20, glyphs: [H], advances: [70], text: 'H', clusters: [0], color: '112233',
});

beforeAll(async () => {
  await loadFontkit();
  const data = shippedBytes('LiberationSans-Regular.ttf')!;
  font = { key: 'k', postscriptName: 'LiberationSans', family: 'Liberation Sans', data, unitsPerEm: 2048, syntheticBold: false, syntheticItalic: false };
});

function bounds(p: PathItem) {
  const pts = p.commands.flatMap((c) => (c.op === 'Z' ? [] : [[c.x, c.y] as const]));
  return { pts, minX: Math.min(...pts.map((q) => q[0])), maxX: Math.max(...pts.map((q) => q[0])), minY: Math.min(...pts.map((q) => q[1])) };
}

describe('warpRun', () => {
  it('draws the glyph outlines through the map as one filled path and keeps the run as invisible text', () => {
    const out: LayoutItem[] = [];
    warpRun(run(), font, FLAT, { fill: '112233' }, 100, out);
    expect(out.map((i) => i.kind)).toEqual(['path', 'glyphs']);
    const path = out[0] as PathItem;
    expect(path.fill).toBe('112233');
    expect(path.stroke).toBeUndefined();
    // At 1/20 of a unit per point: the H's top 1409 / 20 above the baseline at y 100.
    const b = bounds(path);
    expect(b.minY).toBeCloseTo(100 - 1409 / 20, 6);
    expect(out[1]).toMatchObject({ kind: 'glyphs', text: 'H', invisible: true });
  });

  it('strokes a synthetic bold with a hairline of 3 % of the size and slants a synthetic italic, as their text is drawn', () => {
    const plain: LayoutItem[] = [];
    const faux: LayoutItem[] = [];
    warpRun(run(), font, FLAT, { fill: '112233' }, 100, plain);
    warpRun(run(), { ...font, syntheticBold: true, syntheticItalic: true }, FLAT, { fill: '112233' }, 100, faux);
    const p = faux[0] as PathItem;
    expect(p).toMatchObject({ fill: '112233', stroke: '112233' });
    expect(p.lineWidth).toBeCloseTo(0.03 * 2048 / 20, 9);
    // The top of the right stem moves right by tan 12° of its height; the feet stay.
    expect(bounds(p).maxX - bounds(plain[0] as PathItem).maxX).toBeCloseTo(0.2126 * 1409 / 20, 3);
  });

  it('draws only the outline of an unfilled WordArt, and nothing but the text when there is neither', () => {
    const outlined: LayoutItem[] = [];
    warpRun(run(), font, FLAT, { fill: '112233', fillOpacity: 0, outline: { color: 'FF0000', widthPt: 2 } }, 100, outlined);
    expect(outlined[0]).toMatchObject({ kind: 'path', stroke: 'FF0000', lineWidth: 2 });
    expect((outlined[0] as PathItem).fill).toBeUndefined();
    const bare: LayoutItem[] = [];
    warpRun(run(), font, FLAT, { fill: '112233', fillOpacity: 0 }, 100, bare);
    expect(bare.map((i) => i.kind)).toEqual(['glyphs']);
  });

  it('maps a band between two guides: a point v of the way down goes v of the way from the top guide to the bottom one', () => {
    const map = warpMapOf([[{ op: 'M', x: 0, y: 0 }, { op: 'L', x: 50, y: 20 }, { op: 'L', x: 100, y: 0 }], [{ op: 'M', x: 0, y: 100 }, { op: 'L', x: 100, y: 100 }]], BOX, { w: 1, h: 1 })!;
    const [x, y] = map(50, 50);
    expect(x).toBeCloseTo(50, 9);
    expect(y).toBeCloseTo(60, 9);
    // Past the guides' ends (ink beyond the last advance) the end segments go on straight.
    const [ox, oy] = map(110, 0);
    expect(ox).toBeGreaterThan(100);
    expect(oy).toBeLessThan(0);
    // Three guides (a pair per line) are not a band.
    expect(warpMapOf([[{ op: 'M', x: 0, y: 0 }, { op: 'L', x: 1, y: 0 }], [{ op: 'M', x: 0, y: 1 }, { op: 'L', x: 1, y: 1 }], [{ op: 'M', x: 0, y: 2 }, { op: 'L', x: 1, y: 2 }]], BOX, { w: 1, h: 1 })).toBeUndefined();
  });
});

describe('warpRun budget', () => {
  it('draws a run straight once the WordArt\'s path budget is spent, and counts down what it bends', () => {
    const budget = { left: 1 };
    const first: LayoutItem[] = [];
    warpRun(run(), font, FLAT, { fill: '112233' }, 100, first, budget);
    expect(first.map((i) => i.kind)).toEqual(['path', 'glyphs']);
    expect(budget.left).toBeLessThan(0);
    const next: LayoutItem[] = [];
    warpRun(run(), font, FLAT, { fill: '112233' }, 100, next, budget);
    expect(next).toEqual([run()]);
  });
});
