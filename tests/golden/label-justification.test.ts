/**
 * List label justification (w:lvl/w:lvlJc, §17.9.7): Word sets a right-justified label with its right
 * edge at the number position (the first line's indent) and a centred one with its middle there; the
 * tab after it goes on from the label's end. The model carried w:lvlJc but layout set every label
 * left-justified: tika-testWORD_numbered_list's upper-Roman "I." at indent 0 (left 360, hanging 360,
 * lvlJc right) stood in the text column instead of in the margin, and its right-justified "i." labels
 * started where they should end.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx, flatItems } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const numbering = (jc: string, suff = '') =>
  '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="upperRoman"/><w:lvlText w:val="%1."/>' +
  `${suff}<w:lvlJc w:val="${jc}"/><w:pPr><w:ind w:left="1440" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum>` +
  '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>';
const RPR = '<w:rPr><w:rFonts w:ascii="Courier New" w:hAnsi="Courier New"/><w:sz w:val="20"/></w:rPr>';
const item = (text: string) =>
  `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr><w:spacing w:after="0"/>${RPR}</w:pPr>` +
  `<w:r>${RPR}<w:t>${text}</w:t></w:r></w:p>`;

/** The label's start and end and the text's start of each item, in page points. */
async function positions(jc: string, suff = ''): Promise<Array<{ label: number; labelEnd: number; text: number }>> {
  const body = item('One') + item('Two') + item('Three');
  const d: LayoutDoc = (await layoutDocx(makeDocx({ body, numbering: numbering(jc, suff) }), 'label-jc.docx', host)).doc;
  const runs = flatItems(d.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
  return ['I.', 'II.', 'III.'].map((label, k) => {
    const l = runs.find((g) => g.text.startsWith(label))!;
    const text = runs.find((g) => g.text.includes(['One', 'Two', 'Three'][k]!))!;
    const textX = text.x + text.advances.slice(0, text.text.indexOf(['One', 'Two', 'Three'][k]!)).reduce((a, b) => a + b, 0);
    return { label: l.x, labelEnd: l.x + l.advances.slice(0, label.length).reduce((a, b) => a + b, 0), text: textX };
  });
}

beforeAll(async () => {
  await initKernel();
});

describe('list label justification (w:lvlJc)', () => {
  // Margin 72 pt, left indent 72 pt, hanging 18 pt: the number position is 126 pt, the text 144 pt.
  it('starts a left-justified label at the number position', async () => {
    const ps = await positions('left');
    for (const p of ps) expect(p.label).toBeCloseTo(126, 1);
    expect(ps[0]!.text).toBeCloseTo(144, 1);
  });

  it('ends a right-justified label at the number position, the text still at the hanging indent', async () => {
    const ps = await positions('right');
    for (const p of ps) {
      expect(p.labelEnd).toBeCloseTo(126, 1);
      expect(p.text).toBeCloseTo(144, 1);
    }
    // The label takes the mark's Courier New 10 pt: III. is two 6 pt characters wider than I., and
    // starts that much further left.
    expect(ps[0]!.label - ps[2]!.label).toBeCloseTo(12, 1);
  });

  it('centres a centred label on the number position', async () => {
    for (const p of await positions('center')) expect((p.label + p.labelEnd) / 2).toBeCloseTo(126, 1);
  });

  it('puts the text a space after a right-justified label whose suffix is a space', async () => {
    for (const p of await positions('right', '<w:suff w:val="space"/>')) {
      expect(p.labelEnd).toBeCloseTo(126, 1);
      expect(p.text).toBeCloseTo(132, 1);
    }
  });
});
