/**
 * Superscripts as Word draws them: two thirds of the run's size in whole half-points rounded down,
 * raised a third of the size rounded up to a half-point. Word's render of Docx4j_GettingStarted draws
 * the note references of 11 pt and 10 pt Calibri at 7 pt raised 4 pt and at 6.5 pt raised 3.5 pt, and
 * keeps those lines as high as the others: the line is sized by the run's font at full size, not by
 * the raised small glyphs. (We drew them at LibreOffice's 58 %, raised 33 %.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, run, WORD_DEFAULT_STYLES, OFFICE_THEME } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const FLAT = '<w:pPr><w:spacing w:before="0" w:after="0"/></w:pPr>';

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ styles: WORD_DEFAULT_STYLES, theme: OFFICE_THEME, body }), 'superscript.docx', host)).doc;
}

function glyphRuns(doc: LayoutDoc): GlyphRun[] {
  return flatItems(doc.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
}

beforeAll(async () => {
  await initKernel();
});

describe('superscript size and rise', () => {
  it.each([
    [22, 7, 4],
    [20, 6.5, 3.5],
  ])('draws a superscript in %i half-point text at %f pt, raised %f pt, and keeps the line height', async (hp, size, rise) => {
    const sz = `<w:sz w:val="${hp}"/>`;
    const para = (sup: boolean) =>
      `<w:p>${FLAT}${run('Base text', sz)}${sup ? run('12', `<w:vertAlign w:val="superscript"/>${sz}`) : ''}</w:p>`;
    const doc = await layout(para(true) + para(false) + para(false));
    const runs = glyphRuns(doc);
    const sup = runs.find((r) => r.text === '12')!;
    const base = runs.filter((r) => r.text === 'Base text');
    expect(sup.sizePt).toBeCloseTo(size, 5);
    expect(base[0]!.y - sup.y).toBeCloseTo(rise, 5);
    // The line holding the superscript is as high as the plain lines below it.
    expect(base[1]!.y - base[0]!.y).toBeCloseTo(base[2]!.y - base[1]!.y, 5);
  });

  it('grows a line to the full height of a superscript set in a taller font', async () => {
    const tnr = '<w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman"/><w:sz w:val="24"/>';
    const para = (sup: boolean) =>
      `<w:p>${FLAT}${run('Base text', tnr)}${sup ? run('8', '<w:vertAlign w:val="superscript"/><w:sz w:val="24"/>') : ''}</w:p>`;
    const doc = await layout(para(false) + para(true) + para(false) + para(false));
    const base = glyphRuns(doc).filter((r) => r.text === 'Base text');
    // Calibri at 12 pt is taller than Times New Roman (ascent 0.952 em against 0.891, and deeper):
    // the line holding it pushes the lines around it apart.
    const plain = base[3]!.y - base[2]!.y;
    expect(base[2]!.y - base[0]!.y - 2 * plain).toBeGreaterThan(0.74);
  });

  it('leaves a taller-font superscript out of the line-spacing multiple', async () => {
    // poi-stress008: 12 pt Calibri note references in 1.15-spaced 12 pt Times New Roman. The line
    // grows by what Calibri's height exceeds Times New Roman's, but the multiple's extra is the
    // Times New Roman line's: at 1.15 we made the line 1.15 x 14.65 = 16.85 pt, 0.13 pt more than
    // Word's page starts allow (two of its pages held one line less than Word's).
    const growth = async (line: number) => {
      const pPr = `<w:pPr><w:spacing w:before="0" w:after="0" w:line="${line}" w:lineRule="auto"/></w:pPr>`;
      const tnr = '<w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman"/><w:sz w:val="24"/>';
      const para = (sup: boolean) => `<w:p>${pPr}${run('Base text', tnr)}${sup ? run('8', '<w:vertAlign w:val="superscript"/><w:sz w:val="24"/>') : ''}</w:p>`;
      const base = glyphRuns(await layout(para(false) + para(true) + para(false) + para(false))).filter((r) => r.text === 'Base text');
      return base[2]!.y - base[0]!.y - 2 * (base[3]!.y - base[2]!.y);
    };
    const single = await growth(240);
    expect(single).toBeGreaterThan(0.8);
    expect(await growth(276)).toBeCloseTo(single, 3);
  });
});
