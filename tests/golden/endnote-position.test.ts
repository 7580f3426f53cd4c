/**
 * Endnote placement (w:endnotePr/w:pos, §17.11.22): at `docEnd` (the default) all endnotes follow the
 * last paragraph of the document, on the same page when there is room (Word starts no new page for
 * them); at `sectEnd` each section's endnotes follow that section's last paragraph, before its
 * section break. Before, `sectEnd` was ignored and every endnote went to the end of the document.
 * The separator line goes with the first endnote: when the body ends at the foot of a page, both
 * start the next page (before, the line stayed alone at the foot or was drawn above the next page's
 * body).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc, LayoutItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx, flatItems } from '../helpers/layout-docx';
import { LETTER_SECT_PR, makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const SEPARATORS =
  '<w:endnote w:type="separator" w:id="-1"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:separator/></w:r></w:p></w:endnote>' +
  '<w:endnote w:type="continuationSeparator" w:id="0"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:continuationSeparator/></w:r></w:p></w:endnote>';
const note = (id: number, text: string) => `<w:endnote w:id="${id}"><w:p><w:r><w:endnoteRef/></w:r><w:r><w:t xml:space="preserve"> ${text}</w:t></w:r></w:p></w:endnote>`;
const ref = (id: number) => `<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:endnoteReference w:id="${id}"/></w:r>`;
const sectionEnd = LETTER_SECT_PR.replace('<w:sectPr>', '<w:sectPr><w:type w:val="nextPage"/>');
const body =
  `<w:p><w:r><w:t>First section</w:t></w:r>${ref(1)}</w:p>` +
  `<w:p><w:pPr>${sectionEnd}</w:pPr><w:r><w:t>End of one</w:t></w:r></w:p>` +
  `<w:p><w:r><w:t>Second section</w:t></w:r>${ref(2)}</w:p>`;

async function layout(pos: string | undefined): Promise<LayoutDoc> {
  const settings = `<w:endnotePr>${pos ? `<w:pos w:val="${pos}"/>` : ''}<w:endnote w:id="-1"/><w:endnote w:id="0"/></w:endnotePr>`;
  const bytes = makeDocx({ body, settings, endnotes: SEPARATORS + note(1, 'Note one') + note(2, 'Note two') });
  return (await layoutDocx(bytes, 'endnotes.docx', host)).doc;
}

/** Page index and y of the first glyph run containing `text`. */
function find(d: LayoutDoc, text: string): { page: number; y: number } {
  for (let page = 0; page < d.pages.length; page++) {
    const run = flatItems(d.pages[page]!.items).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text.includes(text));
    if (run) return { page, y: run.y };
  }
  throw new Error(`${text} not laid out`);
}

beforeAll(async () => {
  await initKernel();
});

describe('endnote position', () => {
  it('docEnd: all endnotes follow the last paragraph, on its page', async () => {
    const d = await layout(undefined);
    expect(d.pages.length).toBe(2);
    const last = find(d, 'Second section');
    for (const text of ['Note one', 'Note two']) {
      const n = find(d, text);
      expect(n.page).toBe(1);
      expect(n.y).toBeGreaterThan(last.y);
    }
    expect(find(d, 'Note one').y).toBeLessThan(find(d, 'Note two').y);
  });

  it('sectEnd: a section\'s endnotes follow its last paragraph, before the section break', async () => {
    const d = await layout('sectEnd');
    expect(d.pages.length).toBe(2);
    const one = find(d, 'Note one');
    expect(one.page).toBe(0);
    expect(one.y).toBeGreaterThan(find(d, 'End of one').y);
    const two = find(d, 'Note two');
    expect(two.page).toBe(1);
    expect(two.y).toBeGreaterThan(find(d, 'Second section').y);
  });
});

/** The endnote separator: a 144 pt rule. */
const isSeparator = (i: LayoutItem) => i.kind === 'line' && Math.abs(i.x2 - i.x1 - 144) < 0.01;

describe('the endnote separator', () => {
  // Letter, 1 in margins: 648 pt of body, 54 lines of exactly 12 pt.
  const line = (k: number) => `<w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="exact"/></w:pPr><w:r><w:t>Line ${k}</w:t></w:r>${k === 1 ? ref(1) : ''}</w:p>`;
  const layoutLines = async (n: number) => {
    const body = Array.from({ length: n }, (_, k) => line(k + 1)).join('');
    return (await layoutDocx(makeDocx({ body, endnotes: SEPARATORS + note(1, 'Note one') }), 'endnotes.docx', host)).doc;
  };

  it('goes with the first endnote to the next page when the body ends at the foot of a page', async () => {
    for (const n of [53, 54]) {
      const d = await layoutLines(n);
      const at = find(d, 'Note one');
      expect(at.page).toBe(1);
      const seps = d.pages.flatMap((p, page) => flatItems(p.items).filter(isSeparator).map((i) => ({ page, y: (i as { y1: number }).y1 })));
      expect(seps).toHaveLength(1);
      expect(seps[0]!.page).toBe(1);
      // Inside the body area (top margin 72 pt) and above the note.
      expect(seps[0]!.y).toBeGreaterThanOrEqual(72);
      expect(seps[0]!.y).toBeLessThan(at.y);
    }
  });
});
