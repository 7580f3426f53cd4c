/**
 * A legacy form checkbox (a FORMCHECKBOX field whose fldChar begin holds w:ffData/w:checkBox,
 * ECMA-376 Part 1 §17.16.7) is drawn as a square in the line, crossed when checked, "displayed in the
 * point size" of its run with w:sizeAuto (§17.16.25) or at w:size. It was set as the character
 * U+2610 / U+2612 from the fallback font, whose ballot box is half the text's height: tika-017091's
 * checklist, poi-stress005's and aspose-DML_unique_ID_compare's forms showed small boxes where
 * LibreOffice draws squares as tall as the text.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc, LineItem, RectItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

/** A paragraph of 12 pt text: a checkbox field, then "Agree". */
function checkbox(checkBox: string): string {
  const rPr = '<w:rPr><w:sz w:val="24"/></w:rPr>';
  return `<w:p><w:r>${rPr}<w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="Check1"/><w:enabled/>` +
    `<w:checkBox>${checkBox}</w:checkBox></w:ffData></w:fldChar></w:r>` +
    `<w:r>${rPr}<w:instrText xml:space="preserve"> FORMCHECKBOX </w:instrText></w:r><w:r>${rPr}<w:fldChar w:fldCharType="end"/></w:r>` +
    `<w:r>${rPr}<w:t xml:space="preserve"> Agree</w:t></w:r></w:p>`;
}

async function layout(checkBox: string, name: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body: checkbox(checkBox) + '<w:p><w:r><w:t>Next</w:t></w:r></w:p>' }), name, host)).doc;
}

const items = (d: LayoutDoc) => flatItems(d.pages[0]!.items);
const boxes = (d: LayoutDoc) => items(d).filter((i): i is RectItem => i.kind === 'rect' && i.stroke !== undefined && i.fill === undefined);
const crosses = (d: LayoutDoc) => items(d).filter((i): i is LineItem => i.kind === 'line');
const run = (d: LayoutDoc, s: string) => items(d).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text.includes(s))!;

beforeAll(async () => {
  await initKernel();
});

describe('a legacy form checkbox', () => {
  it('is a square of its run\'s font size, in the text\'s band, with the text after it, and no ballot-box glyph', async () => {
    const d = await layout('<w:sizeAuto/><w:default w:val="0"/>', 'checkbox-auto.docx');
    const [box] = boxes(d);
    expect(boxes(d)).toHaveLength(1);
    expect(crosses(d)).toHaveLength(0);
    // The outline is drawn inside the square: its outer edge is the 12 pt side.
    const lw = box!.lineWidth ?? 0;
    expect(box!.w + lw).toBeCloseTo(12, 2);
    expect(box!.h + lw).toBeCloseTo(12, 2);
    const agree = run(d, 'Agree');
    expect(agree.x).toBeCloseTo(box!.x - lw / 2 + 12, 2);
    // Above the baseline by most of its side, below it by the rest, as a character of the run.
    const topPt = box!.y - lw / 2;
    expect(topPt).toBeLessThan(agree.y - 8);
    expect(topPt + 12).toBeGreaterThan(agree.y);
    expect(topPt + 12).toBeLessThan(agree.y + 4);
    expect(items(d).some((i) => i.kind === 'glyphs' && /[\u2610\u2612]/.test(i.text))).toBe(false);
  });

  it('is crossed when checked (w:default, overridden by w:checked)', async () => {
    const checked = await layout('<w:sizeAuto/><w:default w:val="1"/>', 'checkbox-checked.docx');
    expect(boxes(checked)).toHaveLength(1);
    expect(crosses(checked)).toHaveLength(2);
    const unchecked = await layout('<w:sizeAuto/><w:default w:val="1"/><w:checked w:val="0"/>', 'checkbox-unchecked.docx');
    expect(crosses(unchecked)).toHaveLength(0);
  });

  it('takes w:size (half-points) as its side, and a box taller than the text grows the line', async () => {
    const auto = await layout('<w:sizeAuto/>', 'checkbox-size-auto.docx');
    const big = await layout('<w:size w:val="60"/>', 'checkbox-size-30.docx');
    const [box] = boxes(big);
    expect(box!.w + (box!.lineWidth ?? 0)).toBeCloseTo(30, 2);
    const gap = (d: LayoutDoc) => run(d, 'Next').y - run(d, 'Agree').y;
    // 30 pt centred on the text's ~13 pt band: it reaches ~8 pt further above and below.
    expect(run(big, 'Agree').y).toBeGreaterThan(run(auto, 'Agree').y + 6);
    expect(gap(big)).toBeGreaterThan(gap(auto) + 6);
  });
});
