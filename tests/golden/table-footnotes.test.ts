/**
 * Footnotes referenced from table cells (w:footnoteReference inside w:tc, §17.11.14) are printed at
 * the bottom of the page the row lands on, as Word prints them, and the room they take is kept free
 * of body text, as for a reference in a body paragraph.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx, glyphRunsOn, pageWithText } from '../helpers/layout-docx';
import { makeDocx, para, run } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const NOTES =
  '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>' +
  '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>' +
  '<w:footnote w:id="1"><w:p><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteRef/></w:r>' + run(' The first cell note.') + '</w:p></w:footnote>' +
  '<w:footnote w:id="2"><w:p><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteRef/></w:r>' + run(' The nested cell note.') + '</w:p></w:footnote>';

const ref = (id: number) => `<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="${id}"/></w:r>`;
const cell = (content: string) => `<w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${content}</w:tc>`;
const table = (rows: string[]) => `<w:tbl><w:tblPr><w:tblW w:w="8000" w:type="dxa"/></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/><w:gridCol w:w="4000"/></w:tblGrid>${rows.join('')}</w:tbl>`;
const row = (a: string, b: string) => `<w:tr>${cell(a)}${cell(b)}</w:tr>`;

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body, footnotes: NOTES }), 'table-footnotes.docx', host)).doc;
}

const runs = glyphRunsOn;
const pageOf = pageWithText;
const yOf = (d: LayoutDoc, s: string) => runs(d, pageOf(d, s)).find((r) => r.text.includes(s))!.y;

beforeAll(async () => {
  await initKernel();
});

describe('footnotes referenced from table cells', () => {
  it('prints the notes of a cell and of a nested table at the foot of the row\'s page', async () => {
    const nested = table([row(`<w:p>${run('Inner')}${ref(2)}</w:p>`, para('x'))]);
    const doc = await layout(table([row(`<w:p>${run('Cell text')}${ref(1)}</w:p>`, para('other')), row(nested + '<w:p/>', para('y'))]) + para('After the table.'));
    expect(pageOf(doc, 'The first cell note.')).toBe(0);
    expect(pageOf(doc, 'The nested cell note.')).toBe(0);
    // Numbered in reference order, below the body text.
    expect(yOf(doc, 'The nested cell note.')).toBeGreaterThan(yOf(doc, 'The first cell note.'));
    expect(yOf(doc, 'The first cell note.')).toBeGreaterThan(yOf(doc, 'After the table.'));
  });

  it('prints a note that several references share (a damaged file) once on the page', async () => {
    const doc = await layout(table([row(`<w:p>${run('First')}${ref(1)}</w:p>`, para('a')), row(`<w:p>${run('Second')}${ref(1)}</w:p>`, para('b'))]) + `<w:p>${run('Body')}${ref(1)}</w:p>`);
    const copies = runs(doc, 0).filter((r) => r.text.includes('The first cell note.'));
    expect(copies).toHaveLength(1);
  });

  it('keeps the notes\' room free: a row that would reach into it goes to the next page with its note', async () => {
    // Filler paragraphs bring the table near the page bottom; the row fits only without the note.
    const filler = Array.from({ length: 200 }, (_, k) => para(`Filler line ${k + 1}.`));
    const lastFit = async (withNote: boolean) => {
      for (let n = 30; n < 60; n++) {
        const doc = await layout(filler.slice(0, n).join('') + table([row(`<w:p>${run('Row text')}${withNote ? ref(1) : ''}</w:p>`, para('z'))]));
        if (pageOf(doc, 'Row text') > 0) return n;
      }
      return 60;
    };
    const plain = await lastFit(false);
    const noted = await lastFit(true);
    // With its note the row leaves the first page with fewer filler lines before it.
    expect(noted).toBeLessThan(plain);
    const doc = await layout(filler.slice(0, noted).join('') + table([row(`<w:p>${run('Row text')}${ref(1)}</w:p>`, para('z'))]));
    expect(pageOf(doc, 'The first cell note.')).toBe(pageOf(doc, 'Row text'));
  });
});
