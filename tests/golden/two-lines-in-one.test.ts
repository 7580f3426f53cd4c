/**
 * Two lines in one (w:eastAsianLayout/@w:combine, §17.3.2.10): the runs of one region (the same
 * w:id) are set as two centred half-size lines, the first half of the characters above the rest,
 * within the line's height, in brackets when w:combineBrackets asks; the element no longer warns.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para, run } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

beforeAll(async () => {
  await initKernel();
});

const SZ = '<w:sz w:val="24"/>';
const combine = (id: string, extra = '') => `${SZ}<w:eastAsianLayout w:id="${id}" w:combine="1"${extra}/>`;

async function layout(body: string): Promise<{ doc: LayoutDoc; codes: string[] }> {
  return layoutDocx(makeDocx({ body }), 'combine.docx', host);
}

const width = (r: GlyphRun) => r.advances.reduce((t, a) => t + a, 0);
const find = (doc: LayoutDoc, text: string) => glyphRunsOn(doc, 0).find((r) => r.text === text)!;

describe('two lines in one', () => {
  it('sets a region of two runs as two half-size lines, centred, within the line', async () => {
    const { doc, codes } = await layout(`<w:p>${run('A', SZ)}${run('BC', combine('5'))}${run('DEF', combine('5'))}${run('G', SZ)}</w:p>` + para('H', '', SZ));
    expect(codes).not.toContain('docx/unsupported-element');
    const a = find(doc, 'A');
    const upper = find(doc, 'BCD');
    const lower = find(doc, 'EF');
    const g = glyphRunsOn(doc, 0).find((r) => r.text.startsWith('G'))!;
    expect(upper.sizePt).toBe(6);
    expect(lower.sizePt).toBe(6);
    expect(upper.y).toBeLessThan(lower.y);
    expect(lower.y - upper.y).toBeGreaterThan(5);
    // The box starts after A and is as wide as its wider line; G follows it.
    const left = a.x + width(a);
    expect(upper.x).toBeCloseTo(left, 2);
    expect(lower.x + width(lower) / 2).toBeCloseTo(upper.x + width(upper) / 2, 2);
    expect(g.x).toBeCloseTo(left + width(upper), 2);
    // The line keeps its height: the next paragraph sits where it does after plain text.
    const plain = await layout(para('ABCDEFG', '', SZ) + para('H', '', SZ));
    expect(find(doc, 'H').y).toBeCloseTo(find(plain.doc, 'H').y, 2);
  });

  it('puts brackets at full size around the pair', async () => {
    const { doc } = await layout(`<w:p>${run('WXYZ', combine('3', ' w:combineBrackets="square"'))}</w:p>`);
    const open = find(doc, '[');
    const close = find(doc, ']');
    const upper = find(doc, 'WX');
    expect(open.sizePt).toBe(12);
    expect(upper.x).toBeCloseTo(open.x + width(open), 2);
    expect(close.x).toBeCloseTo(upper.x + Math.max(width(upper), width(find(doc, 'YZ'))), 2);
  });
});
