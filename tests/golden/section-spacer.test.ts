/**
 * Two Word rules measured on Word's own render of Docx4j_GettingStarted (dev-ref/*.word.pdf):
 *
 * - A continuous section break held by an empty paragraph at the end of a section with text: Word
 *   lays the mark out as nothing. The paragraphs either side sit one (auto) spacing apart, and the
 *   spacing before the new section's first paragraph is kept: it is not at the top of a page. All
 *   columns of the new section start below it.
 * - A Symbol bullet raises its line to Symbol's own ascent (win 2059/2048 em): 10 pt Calibri list
 *   items are 12.75 pt apart in Word, against 12.2 for plain 10 pt lines.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const PAGE = '<w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>';
const AUTO = '<w:spacing w:before="100" w:beforeAutospacing="1" w:after="100" w:afterAutospacing="1" w:line="240" w:lineRule="auto"/>';
const CALIBRI = '<w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/>';

function baselines(doc: LayoutDoc): Map<string, { x: number; y: number }> {
  const out = new Map<string, { x: number; y: number }>();
  for (const page of doc.pages) {
    for (const i of flatItems(page.items)) {
      if (i.kind !== 'glyphs') continue;
      const g = i as GlyphRun;
      const key = g.text.trim();
      if (key && !out.has(key)) out.set(key, { x: g.x, y: g.y });
    }
  }
  return out;
}

async function spacer(markPPr: string, columns = 1, markText = false): Promise<Map<string, { x: number; y: number }>> {
  const cols = columns > 1 ? `<w:cols w:num="${columns}" w:space="720"/>` : '';
  const body =
    para('Intro', AUTO, CALIBRI) +
    para('Above', AUTO, CALIBRI) +
    // A mark holding a space is not bare: it lays out as an ordinary paragraph.
    `<w:p><w:pPr>${markPPr}<w:sectPr>${PAGE}</w:sectPr></w:pPr>${markText ? '<w:r><w:t xml:space="preserve"> </w:t></w:r>' : ''}</w:p>` +
    para('Below', AUTO, CALIBRI) +
    `<w:p><w:pPr>${AUTO}</w:pPr><w:r><w:rPr>${CALIBRI}</w:rPr><w:br w:type="column"/><w:t>Second</w:t></w:r></w:p>`;
  const sectPr = `<w:sectPr><w:type w:val="continuous"/>${PAGE}${cols}</w:sectPr>`;
  const { doc } = await layoutDocx(makeDocx({ body, sectPr }), 'section-spacer.docx', host);
  return baselines(doc);
}

beforeAll(async () => {
  await initKernel();
});

describe('the empty mark of a continuous section break', () => {
  it('takes no line: the paragraphs either side are one auto spacing apart', async () => {
    const at = await spacer(AUTO);
    const intro = at.get('Intro')!;
    const above = at.get('Above')!;
    const below = at.get('Below')!;
    // Intro → Above is a line plus 14 pt auto spacing; Above → Below is the same, not two lines.
    expect(below.y - above.y).toBeCloseTo(above.y - intro.y, 1);
  });

  it('keeps the line of a mark with its own space before, but not the space', async () => {
    // A peer's measurements of Word (yukiyokotani/office-open-xml-viewer #597): the mark's line
    // stays, its before goes. Above's 14 pt auto after stays either way.
    const spaced = await spacer('<w:spacing w:before="480" w:after="0"/>');
    const flush = await spacer('<w:spacing w:before="0" w:beforeAutospacing="0" w:after="0"/>', 1, true);
    const step = spaced.get('Above')!.y - spaced.get('Intro')!.y;
    expect(spaced.get('Below')!.y - spaced.get('Above')!.y).toBeGreaterThan(step + 5);
    expect(spaced.get('Below')!.y).toBeCloseTo(flush.get('Below')!.y, 1);
  });

  it('starts every column of the new section below the spacing', async () => {
    const at = await spacer(AUTO, 2);
    const below = at.get('Below')!;
    const second = at.get('Second')!;
    expect(second.x).toBeGreaterThan(below.x + 100);
    expect(second.y).toBeCloseTo(below.y, 1);
  });
});

describe('a Symbol bullet', () => {
  it('raises its line to Symbol’s ascent', async () => {
    const numbering =
      '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="\uF0B7"/><w:lvlJc w:val="left"/>' +
      '<w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr><w:rPr><w:rFonts w:ascii="Symbol" w:hAnsi="Symbol" w:hint="default"/></w:rPr></w:lvl></w:abstractNum>' +
      '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>';
    const item = (t: string) =>
      para(t, '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/><w:rPr><w:sz w:val="20"/></w:rPr>', `${CALIBRI}<w:sz w:val="20"/>`);
    const plain = (t: string) => para(t, '<w:spacing w:after="0" w:line="240" w:lineRule="auto"/>', `${CALIBRI}<w:sz w:val="20"/>`);
    const body = plain('P1') + plain('P2') + item('I1') + item('I2') + item('I3');
    const { doc } = await layoutDocx(makeDocx({ body, numbering, sectPr: `<w:sectPr>${PAGE}</w:sectPr>` }), 'symbol-bullet.docx', host);
    const at = baselines(doc);
    const plainStep = at.get('P2')!.y - at.get('P1')!.y;
    const itemStep = at.get('I3')!.y - at.get('I2')!.y;
    expect(plainStep).toBeCloseTo(12.2, 1);
    // Symbol's ascent 10.05 pt over Calibri's descent 2.69 (Word's split of Calibri's height).
    expect(itemStep).toBeCloseTo(12.74, 1);
  });
});
