/**
 * A footnote too long for the room left under its reference continues on the next page (ECMA-376
 * §17.11.1, w:continuationSeparator), as Word continues it: the referencing line stays on its page
 * with the note's first lines at the foot, and the rest of the note prints at the foot of the next
 * page under the continuation separator. Before, the line moved to the next page with its whole note
 * and left the room on the first page empty (poi-stress018: a page ended six lines early).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx, glyphRunsOn, pageWithText } from '../helpers/layout-docx';
import { makeDocx, para, run } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const sentences = Array.from({ length: 40 }, (_, k) => `Note sentence ${k + 1} runs on for a while to fill its line.`);
const NOTES =
  '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>' +
  '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>' +
  '<w:footnote w:id="1">' +
  sentences.map((s, k) => `<w:p>${k === 0 ? '<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteRef/></w:r>' : ''}${run(s)}</w:p>`).join('') +
  '</w:footnote>';

const ref = '<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="1"/></w:r>';
const filler = Array.from({ length: 80 }, (_, k) => para(`Filler line ${k + 1}.`));

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body, footnotes: NOTES }), 'footnote-continuation.docx', host)).doc;
}

const runs = glyphRunsOn;
const pageOf = pageWithText;
const yOf = (d: LayoutDoc, s: string) => runs(d, pageOf(d, s)).find((r) => r.text.includes(s))!.y;

beforeAll(async () => {
  await initKernel();
});

describe('footnotes continued on the next page', () => {
  it('keeps the reference with the note\'s first lines and continues the rest on the next page', async () => {
    // The most filler lines that still leave the referencing line on the first page without a note.
    let n = 0;
    for (let k = 20; k < 80; k++) {
      const doc = await layout(filler.slice(0, k).join('') + para('Reference line') + para('After the reference.'));
      if (pageOf(doc, 'Reference line') > 0) break;
      n = k;
    }
    // Leave room for the line, the separator and a few lines of the 40-line note.
    const body = filler.slice(0, n - 6).join('') + `<w:p>${run('Reference line')}${ref}</w:p>` + para('After the reference.');
    const doc = await layout(body);
    expect(pageOf(doc, 'Reference line')).toBe(0);
    expect(pageOf(doc, 'Note sentence 1 ')).toBe(0);
    expect(pageOf(doc, 'Note sentence 40 ')).toBe(1);
    // The first page is filled: its last note line is near the bottom margin (72 pt above the page's foot).
    const lastOnFirst = runs(doc, 0).filter((r) => r.text.startsWith('Note sentence')).map((r) => r.y);
    expect(Math.max(...lastOnFirst)).toBeGreaterThan(792 - 72 - 20);
    // Each note line prints once, the continuation under the next page's body text.
    for (const s of sentences) expect(doc.pages.flatMap((_, k) => runs(doc, k)).filter((r) => r.text.includes(s))).toHaveLength(1);
    expect(pageOf(doc, 'After the reference.')).toBe(1);
    expect(yOf(doc, 'Note sentence 40 ')).toBeGreaterThan(yOf(doc, 'After the reference.'));
  });
});
