/**
 * Fit text within a cell (w:tcFitText, §17.4.68): Word narrows the characters of the cell's first
 * paragraph when it is wider than the cell, so it stays on one line; text that fits, and later
 * paragraphs, are left alone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

beforeAll(async () => {
  await initKernel();
});

const SZ = '<w:sz w:val="24"/>';

/** A one-cell table 1440 twips (72 pt) wide, no cell margins. */
async function cell(paras: string, fit: boolean): Promise<LayoutDoc> {
  const tcPr = `<w:tcW w:w="1440" w:type="dxa"/>${fit ? '<w:tcFitText/>' : ''}`;
  const tbl =
    `<w:tbl><w:tblPr><w:tblW w:w="1440" w:type="dxa"/><w:tblLayout w:type="fixed"/><w:tblCellMar><w:left w:w="0" w:type="dxa"/><w:right w:w="0" w:type="dxa"/></w:tblCellMar></w:tblPr>` +
    `<w:tblGrid><w:gridCol w:w="1440"/></w:tblGrid><w:tr><w:tc><w:tcPr>${tcPr}</w:tcPr>${paras}</w:tc></w:tr></w:tbl><w:p/>`;
  return (await layoutDocx(makeDocx({ body: tbl }), 'cell-fit.docx', host)).doc;
}

const lineYs = (doc: LayoutDoc) => [...new Set(glyphRunsOn(doc, 0).map((r) => Math.round(r.y)))];

describe('cell fit text', () => {
  it('narrows a first paragraph wider than the cell to one line of the cell width', async () => {
    const text = 'Fitted text in a narrow cell';
    const plain = await cell(para(text, '', SZ), false);
    expect(lineYs(plain).length).toBeGreaterThan(1);
    const doc = await cell(para(text, '', SZ) + para('Second paragraph wraps here', '', SZ), true);
    const runs = glyphRunsOn(doc, 0);
    const first = runs.filter((r) => text.includes(r.text.trim()) && r.text.trim() !== '');
    expect(new Set(first.map((r) => r.y)).size).toBe(1);
    const left = Math.min(...first.map((r) => r.x));
    const right = Math.max(...first.map((r) => r.x + r.advances.reduce((t, a) => t + a, 0)));
    expect(right - left).toBeLessThanOrEqual(72.01);
    expect(right - left).toBeGreaterThan(70);
    expect(first[0]!.scalePct).toBeLessThan(100);
    // The second paragraph is not fit: it wraps as before.
    const second = runs.filter((r) => r.y > first[0]!.y);
    expect(new Set(second.map((r) => r.y)).size).toBeGreaterThan(1);
    expect(second.every((r) => r.scalePct === undefined)).toBe(true);
  });

  it('leaves text that fits alone', async () => {
    const doc = await cell(para('Short', '', SZ), true);
    expect(glyphRunsOn(doc, 0).every((r) => r.scalePct === undefined)).toBe(true);
  });
});
