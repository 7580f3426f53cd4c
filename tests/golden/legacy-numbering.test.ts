/**
 * Word 6/95 list levels (w:legacy, §17.9.5): the text after the label stands w:legacyIndent from the
 * label's start, or w:legacySpace after the label where the label is wider, not at the next tab stop.
 * A paragraph of such a list that sets w:ind w:firstLine="0" puts its label at the left indent; its
 * text went on to the next default stop, 36 pt further, and aspose-Hyperlinks' "Cured a minimum of 28
 * days ... wet curing;" wrapped where Word keeps it on one line (its saved page starts: 1 of 5 met
 * before, 5 of 5 after).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx, flatItems } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const numbering = (legacy: string) =>
  '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/>' +
  `${legacy}<w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum>` +
  '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>';
const RPR = '<w:rPr><w:rFonts w:ascii="Courier New" w:hAnsi="Courier New"/><w:sz w:val="20"/></w:rPr>';
const item = (ind: string, text: string) =>
  `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>${ind}<w:spacing w:after="0"/></w:pPr>` +
  `<w:r>${RPR}<w:t>${text}</w:t></w:r></w:p>`;

async function textX(legacy: string, ind: string, label = '1.'): Promise<{ label: number; labelEnd: number; text: number }> {
  const body = item(ind, 'Text');
  const d: LayoutDoc = (await layoutDocx(makeDocx({ body, numbering: numbering(legacy) }), 'legacy-numbering.docx', host)).doc;
  const runs = flatItems(d.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
  const l = runs.find((g) => g.text.startsWith(label))!;
  const labelEnd = l.x + l.advances.slice(0, label.length).reduce((a, b) => a + b, 0);
  return { label: l.x, labelEnd, text: runs.find((g) => g.text.startsWith('Text'))!.x };
}

const LEGACY = '<w:legacy w:legacy="1" w:legacySpace="0" w:legacyIndent="360"/>';

beforeAll(async () => {
  await initKernel();
});

describe('legacy numbering (w:legacy)', () => {
  it('sets the text w:legacyIndent after a label moved to the left indent by w:firstLine="0"', async () => {
    // Left indent 36 pt (72 pt on the page): the label stands there, the text 18 pt on.
    const x = await textX(LEGACY, '<w:ind w:firstLine="0"/>');
    expect(x.label).toBeCloseTo(108, 1);
    expect(x.text).toBeCloseTo(126, 1);
  });

  it('keeps the text at the left indent when the hanging indent equals w:legacyIndent', async () => {
    const x = await textX(LEGACY, '');
    expect(x.label).toBeCloseTo(90, 1);
    expect(x.text).toBeCloseTo(108, 1);
  });

  it('puts w:legacySpace after a label wider than w:legacyIndent', async () => {
    // The label "1." is wider than a 3 pt legacyIndent: the 3 pt legacySpace follows its end.
    const x = await textX('<w:legacy w:legacy="1" w:legacySpace="60" w:legacyIndent="60"/>', '<w:ind w:firstLine="0"/>');
    expect(x.labelEnd - x.label).toBeGreaterThan(3.5);
    expect(x.text).toBeCloseTo(x.labelEnd + 3, 1);
  });

  it('is off unless its w:legacy attribute is on (Word\'s default, MS-OI29500 2.1.1770)', async () => {
    // Without legacy rules the tab after the label goes to the next default stop (36 pt apart).
    const x = await textX('<w:legacy w:legacySpace="0" w:legacyIndent="360"/>', '<w:ind w:firstLine="0"/>');
    expect(x.text).toBeCloseTo(144, 1);
  });
});
