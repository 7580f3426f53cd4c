/**
 * Endnotes at the end of the document (w:endnotePr/w:pos docEnd, §17.11.4 and §17.11.22) follow the
 * last paragraph on its page, under a separator, as Word prints them. LibreOffice 7.4 (the fidelity
 * references) puts DOCX endnotes on an endnote page of their own, so every reference with endnotes has
 * one page more than Word and we do: that is its artefact, not a rule to copy.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc, LineItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx, glyphRunsOn, pageWithText } from '../helpers/layout-docx';
import { makeDocx, para, run } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const NOTES =
  '<w:endnote w:type="separator" w:id="-1"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:separator/></w:r></w:p></w:endnote>' +
  '<w:endnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:endnote>' +
  '<w:endnote w:id="1"><w:p><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:endnoteRef/></w:r>' + run(' The endnote text.') + '</w:p></w:endnote>';

const ref = '<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:endnoteReference w:id="1"/></w:r>';

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body, endnotes: NOTES }), 'endnotes.docx', host)).doc;
}

const runs = glyphRunsOn;
const pageOf = pageWithText;
const yOf = (d: LayoutDoc, s: string) => runs(d, pageOf(d, s)).find((r) => r.text.includes(s))!.y;
const rules = (d: LayoutDoc, page: number) => flatItems(d.pages[page]!.items).filter((i): i is LineItem => i.kind === 'line');

beforeAll(async () => {
  await initKernel();
});

describe('endnotes at the end of the document', () => {
  it('follow the last paragraph on its page, under a 2 inch separator, without a page of their own', async () => {
    const doc = await layout(para('First paragraph.') + `<w:p>${run('It has an endnote')}${ref}</w:p>` + para('The last paragraph.'));
    expect(doc.pages).toHaveLength(1);
    expect(pageOf(doc, 'The endnote text.')).toBe(0);
    const last = yOf(doc, 'The last paragraph.');
    const note = yOf(doc, 'The endnote text.');
    expect(note).toBeGreaterThan(last);
    const [separator] = rules(doc, 0);
    expect(separator).toBeDefined();
    expect(separator!.y1).toBeGreaterThan(last);
    expect(separator!.y1).toBeLessThan(note);
    expect(separator!.x2 - separator!.x1).toBeCloseTo(144, 5);
    // Right under the text: the gap is the separator's line and the note's own line, no more.
    expect(note - last).toBeLessThan(3 * 14);
  });

  it('print on the last page of a longer body, not after it', async () => {
    const filler = Array.from({ length: 60 }, (_, k) => para(`Filler line ${k + 1}.`)).join('');
    const doc = await layout(`<w:p>${run('Referenced early')}${ref}</w:p>` + filler + para('The last paragraph.'));
    const lastPage = pageOf(doc, 'The last paragraph.');
    expect(lastPage).toBeGreaterThan(0);
    expect(doc.pages).toHaveLength(lastPage + 1);
    expect(pageOf(doc, 'The endnote text.')).toBe(lastPage);
    expect(yOf(doc, 'The endnote text.')).toBeGreaterThan(yOf(doc, 'The last paragraph.'));
  });
});
