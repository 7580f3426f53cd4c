/**
 * Rows under repeated header rows that fill the page. A row opening a page under its table's header
 * rows with a point or less of room was placed whole below the page's foot, its text over the bottom
 * margin or past the page's edge, and a row split there took its first line past the foot as well,
 * both without a word. Such content (and a line or object taller than the page) is still placed, as
 * nothing of it would fit on the next page either, but now with a counted `layout/overflow` warning.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para, WORD_DEFAULT_STYLES } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });
/** The body of the Letter page of makeDocx: 1-inch margins. */
const BODY_BOTTOM_PT = 792 - 72;

beforeAll(async () => {
  await initKernel();
});

/** A table of an exact-height header row `headerTwips` tall, repeated on each page, and three two-line rows. */
function headedTable(headerTwips: number): Uint8Array {
  const tc = (content: string) => `<w:tc><w:tcPr><w:tcW w:w="2000" w:type="dxa"/></w:tcPr>${content}</w:tc>`;
  const header = `<w:tr><w:trPr><w:tblHeader/><w:trHeight w:val="${headerTwips}" w:hRule="exact"/></w:trPr>${tc(para('head'))}</w:tr>`;
  const rows = Array.from({ length: 3 }, (_, k) => `<w:tr>${tc(para(`row ${k}`) + para(`row ${k} again`))}</w:tr>`).join('');
  return makeDocx({ body: `<w:tbl><w:tblGrid><w:gridCol w:w="2000"/></w:tblGrid>${header}${rows}</w:tbl>${para('after')}`, styles: WORD_DEFAULT_STYLES });
}

/** The lowest baseline of the rows' text on any page. */
function lowestRowText(doc: Awaited<ReturnType<typeof layoutDocx>>['doc']): number {
  let y = 0;
  doc.pages.forEach((_, k) => {
    for (const r of glyphRunsOn(doc, k)) if (r.text.startsWith('row')) y = Math.max(y, r.y);
  });
  return y;
}

describe('rows under repeated header rows that fill the page', () => {
  it('warn when a point or less is left: each row is placed whole past the foot', async () => {
    // 647.5 pt of header under a 648 pt body: half a point of room.
    const { doc, codes } = await layoutDocx(headedTable(12950), 'header-fills-page.docx', host);
    expect(lowestRowText(doc)).toBeGreaterThan(BODY_BOTTOM_PT);
    expect(codes.filter((c) => c === 'layout/overflow')).toHaveLength(1);
  });

  it('warn when the row splits past the foot with the first line it must take', async () => {
    // 3 pt of room: each row splits, its first line below the foot.
    const { doc, codes } = await layoutDocx(headedTable(12900), 'header-nearly-fills-page.docx', host);
    expect(lowestRowText(doc)).toBeGreaterThan(BODY_BOTTOM_PT);
    expect(codes).toContain('layout/overflow');
  });

  it('do not warn when the rows fit under the header rows', async () => {
    const { doc, codes } = await layoutDocx(headedTable(12000), 'header-leaves-room.docx', host);
    expect(lowestRowText(doc)).toBeLessThan(BODY_BOTTOM_PT);
    expect(codes).not.toContain('layout/overflow');
  });
});

describe('a line taller than the page', () => {
  it('is placed on a page of its own, with the warning', async () => {
    const tall = `<w:p><w:r><w:rPr><w:sz w:val="1600"/></w:rPr><w:t>W</w:t></w:r></w:p>`;
    const { codes } = await layoutDocx(makeDocx({ body: para('before') + tall + para('after'), styles: WORD_DEFAULT_STYLES }), 'tall-line.docx', host);
    expect(codes.filter((c) => c === 'layout/overflow')).toHaveLength(1);
  });
});
