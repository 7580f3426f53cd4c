/**
 * w:compat/w:ulTrailSpace (ISO/IEC 29500-1 1st edition §17.15.3.8, "Underline All Trailing Spaces"):
 * the spaces that end a line are underlined too; without it they are not. wordext-bigfile-01 sets it,
 * and its inserted text ending a line ("…about BlogCFC at ") lost the underline under its last space,
 * which LibreOffice draws.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc, LineItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

// An underlined run ending in spaces, then a paragraph of underlined spaces only (a fill-in line).
const BODY =
  '<w:p><w:r><w:rPr><w:u w:val="single"/></w:rPr><w:t xml:space="preserve">Signed at   </w:t></w:r></w:p>' +
  '<w:p><w:r><w:rPr><w:u w:val="single"/></w:rPr><w:t xml:space="preserve">          </w:t></w:r></w:p>';

async function layout(compat: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body: BODY, settings: compat }), 'ul-trail.docx', host)).doc;
}

const items = (d: LayoutDoc) => flatItems(d.pages[0]!.items);
const underlines = (d: LayoutDoc) => items(d).filter((i): i is LineItem => i.kind === 'line');
const run = (d: LayoutDoc, s: string) => items(d).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text.includes(s))!;
const width = (g: GlyphRun) => g.advances.reduce((a, b) => a + b, 0);
/** The underlines of each line, as [from x, to x] by y (a line's words may be underlined piece by piece). */
function extents(d: LayoutDoc): Array<[number, number]> {
  const byY = new Map<number, [number, number]>();
  for (const l of underlines(d)) {
    const e = byY.get(l.y1);
    byY.set(l.y1, e ? [Math.min(e[0], l.x1), Math.max(e[1], l.x2)] : [l.x1, l.x2]);
  }
  return [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([, e]) => e);
}

beforeAll(async () => {
  await initKernel();
});

describe('underlined trailing spaces', () => {
  it('are not underlined by default: the underline ends at the last letter, a line of spaces has none', async () => {
    const d = await layout('');
    const signed = run(d, 'Signed at');
    const ul = extents(d);
    expect(ul).toHaveLength(1);
    expect(ul[0]![1] - ul[0]![0]).toBeLessThan(width(signed) - 5);
  });

  it('are underlined with w:ulTrailSpace, the fill-in line too', async () => {
    const d = await layout('<w:compat><w:ulTrailSpace/></w:compat>');
    const signed = run(d, 'Signed at');
    const ul = extents(d);
    expect(ul).toHaveLength(2);
    expect(ul[0]![1] - ul[0]![0]).toBeCloseTo(width(signed), 2);
    expect(ul[1]![1] - ul[1]![0]).toBeGreaterThan(20);
  });
});
