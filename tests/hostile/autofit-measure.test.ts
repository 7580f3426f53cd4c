/**
 * An autofit table measures its cells' text for its columns' minimum widths, then lays the cells
 * out: each cell paragraph was itemized (bidi levels, font fallback, spans) and cut into shaped
 * pieces twice, so 400 cells of 200 mixed-script words took a third longer than the same text in
 * plain paragraphs. The measure now hands a paragraph's content to its layout when nothing in it
 * depends on the line's width or the page (engine/layout/measured-content.ts): each such cell
 * paragraph is itemized as often as a body paragraph (once per layout pass), a cell holding a
 * PAGE field once more, and the layout is the same as when every paragraph is itemized afresh.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dumpLayout, initKernel } from '../../engine/layout';
import type { Paragraph } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx } from '../helpers/layout-docx';
import { makeDocx, WORD_DEFAULT_STYLES } from '../helpers/make-docx';

const spy = vi.hoisted(() => ({ itemized: new Map<string, number>(), hold: true }));

vi.mock('../../engine/layout/inline/itemize', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../engine/layout/inline/itemize')>();
  return {
    ...m,
    itemizeParagraph: (p: Paragraph, ...rest: [never, never?]) => {
      // By the paragraph's text (runs are split by font slot) or, wanting text, its first inline's kind.
      const key = p.inlines.map((i) => (i.kind === 'text' ? i.text : '')).join('') || (p.inlines[0]?.kind ?? '');
      spy.itemized.set(key, (spy.itemized.get(key) ?? 0) + 1);
      return m.itemizeParagraph(p, ...rest);
    },
  };
});

vi.mock('../../engine/layout/measured-content', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../engine/layout/measured-content')>();
  return { ...m, holdMeasured: (...a: Parameters<typeof m.holdMeasured>) => (spy.hold ? m.holdMeasured(...a) : undefined) };
});

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });

/** Latin, Arabic (right to left), Hebrew and Han words, distinct per cell. */
const cellText = (i: number) => `cell${i} \u0645\u0631\u062d\u0628\u0627${String.fromCharCode(0x0628 + i)} \u05e9\u05dc\u05d5\u05dd${String.fromCharCode(0x05d0 + i)} \u4e2d\u6587${String.fromCharCode(0x4e00 + i)} word${i}`;
const run = (text: string, rtl = false) => `<w:r>${rtl ? '<w:rPr><w:rtl/></w:rPr>' : ''}<w:t xml:space="preserve">${text}</w:t></w:r>`;
const page = '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>';

function autofitTable(): Uint8Array {
  let rows = '';
  for (let r = 0; r < 4; r++) {
    rows += '<w:tr>';
    for (let c = 0; c < 3; c++) {
      const i = r * 3 + c;
      const width = ['<w:tcW w:w="0" w:type="auto"/>', '<w:tcW w:w="1000" w:type="pct"/>', '<w:tcW w:w="0" w:type="nil"/>'][c]!;
      const content = i === 11 ? `${page}${run(' page')}` : run(cellText(i), i % 2 === 1);
      rows += `<w:tc><w:tcPr>${width}</w:tcPr><w:p>${i % 4 === 1 ? '<w:pPr><w:bidi/></w:pPr>' : ''}${content}</w:p></w:tc>`;
    }
    rows += '</w:tr>';
  }
  const table = `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblLayout w:type="autofit"/></w:tblPr><w:tblGrid>${'<w:gridCol w:w="300"/>'.repeat(3)}</w:tblGrid>${rows}</w:tbl>`;
  return makeDocx({ body: `${table}<w:p>${run('body after')}</w:p>`, styles: WORD_DEFAULT_STYLES });
}

beforeAll(async () => {
  await initKernel();
});

beforeEach(() => {
  spy.itemized.clear();
  spy.hold = true;
});

describe('an autofit table of mixed-script cells', () => {
  it('itemizes each cell paragraph once per pass, as a body paragraph, and lays out the same', async () => {
    const { doc } = await layoutDocx(autofitTable(), 'autofit-measure.docx', host);
    const passes = spy.itemized.get('body after')!;
    expect(passes).toBeGreaterThan(0);
    for (let i = 0; i < 11; i++) expect(spy.itemized.get(cellText(i)), cellText(i)).toBe(passes);
    // The PAGE field's text depends on the page the cell lands on: measured and laid out apart.
    expect(spy.itemized.get(' page')).toBe(passes + 1);

    spy.itemized.clear();
    spy.hold = false;
    const { doc: afresh } = await layoutDocx(autofitTable(), 'autofit-measure.docx', host);
    for (let i = 0; i < 11; i++) expect(spy.itemized.get(cellText(i))).toBe(passes + 1);
    expect(dumpLayout(doc)).toBe(dumpLayout(afresh));
  });

  it('holds at most 262,144 characters of measured content, the later cells itemized again', async () => {
    // 40 cells of 8,000 characters: the first 32 fit the bound, the last 8 are measured and laid out apart.
    const text = (i: number) => `c${String(i).padStart(2, '0')} ${'abcdefg '.repeat(999)}`.slice(0, 8_000);
    const cells = Array.from({ length: 40 }, (_, i) => `<w:tc><w:tcPr><w:tcW w:w="0" w:type="auto"/></w:tcPr><w:p>${run(text(i))}</w:p></w:tc>`);
    const rows = Array.from({ length: 10 }, (_, r) => `<w:tr>${cells.slice(r * 4, r * 4 + 4).join('')}</w:tr>`).join('');
    const body = `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid>${'<w:gridCol w:w="2000"/>'.repeat(4)}</w:tblGrid>${rows}</w:tbl><w:p>${run('body after')}</w:p>`;
    await layoutDocx(makeDocx({ body, styles: WORD_DEFAULT_STYLES }), 'autofit-bound.docx', host);
    const passes = spy.itemized.get('body after')!;
    const counts = Array.from({ length: 40 }, (_, i) => spy.itemized.get(text(i)));
    expect(counts).toEqual([...new Array<number>(32).fill(passes), ...new Array<number>(8).fill(passes + 1)]);
  });
});
