/**
 * Office Math typeset in two dimensions (engine/layout/math): an inline equation sits on its line's
 * baseline as one object, a display equation (m:oMathPara) is centred on a line of its own, and the
 * PDF's text gives back the equation's characters (pdftotext, when installed).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertDocxToPdf } from '../../engine/convert';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc, RectItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';
import { MATH_FIXTURES } from './math-fixtures';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const docx = makeDocx(MATH_FIXTURES['math-equations']!);

beforeAll(async () => {
  await initKernel();
});

const runs = (d: LayoutDoc) => flatItems(d.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
const run = (d: LayoutDoc, text: string) => runs(d).find((r) => r.text === text)!;
const right = (r: GlyphRun) => r.x + r.advances.reduce((s, a) => s + a, 0);

describe('Office Math in a document', () => {
  it('sets the inline equation on the text baseline, its fraction stacked over a rule, without warnings', async () => {
    const { doc, codes } = await layoutDocx(docx, 'math.docx', host);
    expect(codes.filter((c) => c.includes('math'))).toEqual([]);
    const before = run(doc, 'Inline ');
    expect(run(doc, 'x').y).toBeCloseTo(before.y, 5);
    expect(run(doc, '2').y).toBeLessThan(before.y - 3);
    expect(run(doc, '2').sizePt).toBeLessThan(11);
    const rules = flatItems(doc.pages[0]!.items).filter((i): i is RectItem => i.kind === 'rect' && i.fill === '000000');
    const one = run(doc, '1');
    const bar = rules.find((r) => r.x <= one.x && r.x + r.w >= right(one))!;
    expect(one.y).toBeLessThan(bar.y);
    // The text after the equation continues on the same line.
    expect(run(doc, ' in text.').y).toBeCloseTo(before.y, 5);
  });

  it('centres the display equation on a line of its own', async () => {
    const { doc } = await layoutDocx(docx, 'math.docx', host);
    const sum = run(doc, '∑');
    const theta = run(doc, 'θ');
    expect(sum.y).toBeGreaterThan(run(doc, 'Inline ').y + 15);
    expect(run(doc, 'After.').y).toBeGreaterThan(sum.y + 15);
    // Letter page, 72 pt margins: the text column's middle is at 306 pt. The lower limit (k=0) is
    // wider than the ∑ and starts the equation.
    const left = Math.min(sum.x, run(doc, 'k').x);
    expect((left + right(theta)) / 2).toBeCloseTo(306, 1);
  });

  it('typesets a legacy EQ field\'s fraction stacked in the field\'s font, not as its instruction', async () => {
    const fld = (t: string) => `<w:r><w:fldChar w:fldCharType="${t}"/></w:r>`;
    const body = `<w:p><w:r><w:t xml:space="preserve">Half: </w:t></w:r>${fld('begin')}<w:r><w:instrText xml:space="preserve">EQ \\f(1,2)</w:instrText></w:r>${fld('end')}</w:p>`;
    const { doc } = await layoutDocx(makeDocx({ ...MATH_FIXTURES['math-equations']!, body }), 'eq.docx', host);
    const [one, two, half] = [run(doc, '1'), run(doc, '2'), run(doc, 'Half: ')];
    expect(one.y).toBeLessThan(half.y);
    expect(two.y).toBeGreaterThan(half.y);
    expect(one.x).toBeCloseTo(two.x, 5);
    expect(doc.fonts[one.font]!.family).toBe(doc.fonts[half.font]!.family);
    expect(runs(doc).some((r) => r.text.includes('\\f'))).toBe(false);
  });

  it('writes the equation as text a PDF reader extracts', async () => {
    const r = await convertDocxToPdf(docx, {}, host);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const file = join(mkdtempSync(join(tmpdir(), 'colophon-math-')), 'math.pdf');
    writeFileSync(file, r.value.pdf);
    let text: string;
    try {
      text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    } catch {
      return;
    }
    for (const s of ['∑', '√', 'sin', 'θ', 'x', '+']) expect(text).toContain(s);
  });
});
