/**
 * Text wrapping around floats, checked on the laid-out glyph runs: both-sides wrapping fills the left
 * and the right of a centred picture on the same line, and tight wrapping follows the wrap polygon.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { makeDocx } from '../helpers/make-docx';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { FLOAT_WRAP_FIXTURES, LONG_WORDS } from './float-wrap-fixtures';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

async function layout(name: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx(FLOAT_WRAP_FIXTURES[name]!), `${name}.docx`, host)).doc;
}

function runs(doc: LayoutDoc): GlyphRun[] {
  return flatItems(doc.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
}

const right = (r: GlyphRun) => r.x + r.advances.reduce((a, b) => a + b, 0);

/** Runs grouped by baseline, top to bottom, each row sorted left to right. */
function rows(doc: LayoutDoc): GlyphRun[][] {
  const byY = new Map<number, GlyphRun[]>();
  for (const r of runs(doc)) {
    const y = Math.round(r.y * 10) / 10;
    byY.set(y, [...(byY.get(y) ?? []), r]);
  }
  return [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([, rs]) => rs.sort((a, b) => a.x - b.x));
}

beforeAll(async () => {
  await initKernel();
});

describe('both-sides wrapping (wrapText="bothSides")', () => {
  it('fills the left and the right of a centred float on the same baseline', async () => {
    const lines = rows(await layout('float-wrap-both-sides'));
    // Picture at 72 + 180 = 252 .. 360 on the page, distL/distR 9 pt: text left of 243, right from 369.
    const beside = lines.filter((l) => l.some((r) => r.x < 243) && l.some((r) => r.x >= 369 - 0.5));
    expect(beside.length).toBeGreaterThanOrEqual(6);
    for (const l of beside) {
      expect(l[0]!.x).toBeCloseTo(72, 1);
      for (const r of l.filter((r) => r.x < 243)) expect(right(r)).toBeLessThanOrEqual(243 + 3);
      expect(l.find((r) => r.x >= 300)!.x).toBeCloseTo(369, 1);
    }
    // Below the picture (108 pt tall), lines use the full width again.
    const below = lines.filter((l) => l[0]!.y > 72 + 108 + 14);
    expect(below.length).toBeGreaterThan(0);
    for (const l of below) expect(l.length).toBe(1);
  });
});

describe('both-sides wrapping beside a narrow gap', () => {
  it('moves a word too long for the left gap to the right of the float rather than cutting it', async () => {
    const lines = rows(await layout('float-wrap-narrow-left'));
    const words = new Set(LONG_WORDS.split(' '));
    const beside = lines.filter((l) => l[0]!.y < 72 + 108);
    // A short word sits in the gap left of the picture (72 .. 103); where a long word comes first, the
    // gap stays empty and the line starts right of the picture (from 229).
    expect(beside[0]![0]!.text.trim()).toBe('a');
    expect(beside[0]![1]!.x).toBeCloseTo(229, 1);
    expect(beside.filter((l) => l.length === 1 && l[0]!.x > 200).length).toBeGreaterThanOrEqual(5);
    for (const l of beside) {
      for (const r of l) {
        for (const w of r.text.trim().split(' ')) expect(words.has(w)).toBe(true);
        if (r.x < 100) expect(right(r)).toBeLessThanOrEqual(103 + 3);
        else expect(r.x).toBeCloseTo(229, 1);
      }
    }
  });
});

describe('tight wrapping (wp:wrapPolygon)', () => {
  it('brings lines closer to a triangle near its apex than at its base', async () => {
    const lines = rows(await layout('float-wrap-tight-triangle'));
    const beside = lines.filter((l) => l[0]!.y < 72 + 144);
    expect(beside.length).toBeGreaterThanOrEqual(8);
    const xs = beside.map((l) => l[0]!.x);
    // The first line's band reaches down to about y 14 of 144: the triangle's right edge is near
    // x 72 + 72 + 7 = 151, plus distR 9; the box would give 72 + 144 + 9 = 225.
    expect(xs[0]!).toBeLessThan(175);
    expect(xs[0]!).toBeGreaterThan(72 + 72 + 9);
    for (let i = 1; i < xs.length; i++) expect(xs[i]!).toBeGreaterThanOrEqual(xs[i - 1]! - 0.01);
    expect(xs[xs.length - 1]!).toBeGreaterThan(210);
    for (const x of xs) expect(x).toBeLessThanOrEqual(72 + 144 + 9 + 0.01);
  });
});
