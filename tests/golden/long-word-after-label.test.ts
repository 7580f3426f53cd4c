/**
 * A word wider than any line in a list item: Word breaks it on the item's first line, right after the
 * label and its tab, and carries the rest over. A line holding only the label counted as having
 * content, so the word moved to the next line, leaving the bullet alone above it (Docx4j_GettingStarted
 * p.20: "• ContentControlsAddCustomXmlDataStorage" / "Part" in Word's render, in a 2-column section).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx, flatItems } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const NUMBERING =
  '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/>' +
  '<w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum>' +
  '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>';
const RPR = '<w:rPr><w:rFonts w:ascii="Courier New" w:hAnsi="Courier New"/><w:sz w:val="20"/></w:rPr>';
const item = (text: string) =>
  `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr><w:spacing w:after="0"/></w:pPr><w:r>${RPR}<w:t>${text}</w:t></w:r></w:p>`;

async function runs(body: string): Promise<GlyphRun[]> {
  const d: LayoutDoc = (await layoutDocx(makeDocx({ body, numbering: NUMBERING }), 'long-word-after-label.docx', host)).doc;
  return flatItems(d.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
}

beforeAll(async () => {
  await initKernel();
});

describe('a word wider than the line in a list item', () => {
  it('starts on the label\'s line and breaks at its end', async () => {
    // Courier New 10 pt, 6 pt a character; the text after the label has 432 pt: 100 characters do not fit.
    const r = await runs(item('x'.repeat(100)));
    const label = r.find((g) => g.text.startsWith('1.'))!;
    const first = r.find((g) => g.text.startsWith('x'))!;
    expect(first.y).toBeCloseTo(label.y, 3);
    expect(first.x).toBeCloseTo(108, 1);
    expect(first.text.length).toBe(71);
  });

  it('still moves a word that fits a whole line to the next line', async () => {
    const r = await runs(item('short ' + 'y'.repeat(70)));
    const label = r.find((g) => g.text.startsWith('1.'))!;
    const long = r.find((g) => g.text.startsWith('y'))!;
    expect(long.y).toBeGreaterThan(label.y + 5);
  });
});
