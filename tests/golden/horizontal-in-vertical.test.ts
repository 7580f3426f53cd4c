/**
 * Horizontal in vertical (w:eastAsianLayout/@w:vert, §17.3.2.10), tate-chu-yoko: in a tbRl section
 * the region's digits stand upright, reading left to right across the vertical line, in one em of
 * the line; w:vertCompress squeezes a wider number into that em. Horizontal text ignores it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { apply, placedRuns, type Placed } from '../helpers/placed-runs';
import { glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, run } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const SZ = '<w:sz w:val="24"/>';
const TBRL =
  '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>' +
  '<w:textDirection w:val="tbRl"/></w:sectPr>';

beforeAll(async () => {
  await initKernel();
});


async function layout(number: string, extra: string, sectPr = TBRL): Promise<{ doc: LayoutDoc; codes: string[] }> {
  const vert = `${SZ}<w:eastAsianLayout w:id="8" w:vert="1"${extra}/>`;
  return layoutDocx(makeDocx({ body: `<w:p>${run('第', SZ)}${run(number, vert)}${run('回', SZ)}</w:p>${sectPr}` }), 'tcy.docx', host);
}

function find(doc: LayoutDoc, text: string): Placed {
  return placedRuns(doc.pages[0]!.items).find((p) => p.run.text === text)!;
}

describe('horizontal in vertical', () => {
  it('stands the number upright in one em of the vertical line', async () => {
    const { doc, codes } = await layout('12', '');
    expect(codes).not.toContain('docx/unsupported-element');
    const num = find(doc, '12');
    const start = apply(num.m, num.run.x, num.run.y);
    const along = apply(num.m, num.run.x + 1, num.run.y);
    // Its baseline runs left to right on the sheet, as horizontal text does.
    expect(along.x - start.x).toBeCloseTo(1, 6);
    expect(along.y - start.y).toBeCloseTo(0, 6);
    // 第 and 回 are one em apart plus the unit's em: 24 pt down the sheet.
    const first = find(doc, '第');
    const last = find(doc, '回');
    const top = (p: Placed) => apply(p.m, p.run.x, p.run.y).y;
    const ys = [top(first), top(last)];
    expect(Math.abs(ys[1]! - ys[0]!)).toBeCloseTo(24, 1);
  });

  it('squeezes a wider number into one em with vertCompress', async () => {
    const { doc } = await layout('2026', ' w:vertCompress="1"');
    const num = find(doc, '2026');
    expect(num.run.scalePct).toBeLessThan(100);
    expect(num.run.advances.reduce((t, a) => t + a, 0)).toBeCloseTo(12, 2);
  });

  it('leaves horizontal text as it is', async () => {
    const { doc } = await layout('12', '', '');
    const runs = glyphRunsOn(doc, 0);
    expect(runs.some((r) => r.text.includes('12'))).toBe(true);
    expect(doc.pages[0]!.items.some((i) => i.kind === 'group')).toBe(false);
  });
});
