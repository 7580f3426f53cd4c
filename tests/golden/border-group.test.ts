/**
 * Paragraphs with the same borders form one box (§17.3.1.24: the between border, or none, parts
 * them). The space between them is inside the box: its side borders run through it and, where both
 * paragraphs have the same shading, the shading fills it (oxpt-RP052-Deleted-Para-Mark's shaded
 * title box had white bands and broken side borders between its lines).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc, LineItem, RectItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const BOX =
  '<w:pBdr><w:top w:val="single" w:sz="8" w:space="1"/><w:left w:val="single" w:sz="8" w:space="4"/>' +
  '<w:bottom w:val="single" w:sz="8" w:space="1"/><w:right w:val="single" w:sz="8" w:space="4"/></w:pBdr>';
const SPACED = '<w:spacing w:before="0" w:after="240"/>';

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body }), 'border-group.docx', host)).doc;
}

/** Vertical extents covered by the items that pass `keep`, merged where they touch. */
function coverage(spans: Array<[number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [a, b] of spans.sort((x, y) => x[0] - y[0])) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 0.01) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

beforeAll(async () => {
  await initKernel();
});

describe('a border group with spacing between its paragraphs', () => {
  it('runs the side borders and the shared shading through the space between them', async () => {
    const shd = '<w:shd w:val="clear" w:color="auto" w:fill="D9D9D9"/>';
    const doc = await layout(para('One', `${BOX}${shd}${SPACED}`) + para('Two', `${BOX}${shd}${SPACED}`) + para('Three', `${BOX}${shd}${SPACED}`));
    const items = flatItems(doc.pages[0]!.items);
    const fills = items.filter((i): i is RectItem => i.kind === 'rect' && i.fill === 'D9D9D9');
    expect(coverage(fills.map((r) => [r.y, r.y + r.h]))).toHaveLength(1);
    const left = Math.min(...fills.map((r) => r.x));
    const sides = items.filter((i): i is LineItem => i.kind === 'line' && Math.abs(i.x1 - i.x2) < 0.01 && i.x1 < left + 2);
    expect(coverage(sides.map((l) => [Math.min(l.y1, l.y2), Math.max(l.y1, l.y2)]))).toHaveLength(1);
  });

  it('leaves the space unshaded where the two paragraphs are shaded differently', async () => {
    const doc = await layout(para('One', `${BOX}<w:shd w:val="clear" w:fill="D9D9D9"/>${SPACED}`) + para('Two', `${BOX}<w:shd w:val="clear" w:fill="FFF2CC"/>${SPACED}`));
    const fills = flatItems(doc.pages[0]!.items).filter((i): i is RectItem => i.kind === 'rect' && (i.fill === 'D9D9D9' || i.fill === 'FFF2CC'));
    const grey = fills.filter((r) => r.fill === 'D9D9D9');
    const yellow = fills.filter((r) => r.fill === 'FFF2CC');
    expect(Math.min(...yellow.map((r) => r.y)) - Math.max(...grey.map((r) => r.y + r.h))).toBeGreaterThan(10);
  });
});
