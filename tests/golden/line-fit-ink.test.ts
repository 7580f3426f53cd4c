/**
 * A line fits when its ink does: the last glyph's right side bearing may hang past the margin.
 * Word's render of Docx4j_GettingStarted keeps "… do so directly (see below)." on one line although
 * its advances overrun the A4 text width by 0.38 pt (the full stop's bearing is 0.73 pt at 11 pt), and
 * "…Context.getWmlObjectFactory();" (Consolas 10 pt) by 0.05 pt; no line of Word's renders holds a
 * word more than the advances allow otherwise.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
// Carlito 11 pt: the advances come to 178.32 pt; the full stop's right side bearing is 0.73 pt.
const TEXT = 'Word keeps this line whole (see below).';

async function lines(widthTwips: number): Promise<number> {
  const sectPr = `<w:sectPr><w:pgSz w:w="${widthTwips + 2880}" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>`;
  const body = para(TEXT, '<w:spacing w:after="0"/>', '<w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/><w:sz w:val="22"/>');
  const { doc } = await layoutDocx(makeDocx({ body, sectPr }), 'line-fit-ink.docx', host);
  const ys = new Set(flatItems(doc.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs').map((g) => Math.round(g.y)));
  return ys.size;
}

beforeAll(async () => {
  await initKernel();
});

describe('the line fit test', () => {
  it('lets the last glyph’s side bearing hang past the margin', async () => {
    expect(await lines(3600)).toBe(1); // 180 pt: room to spare
    expect(await lines(3560)).toBe(1); // 178 pt: the advances overrun by 0.32, the ink fits
  });

  it('wraps when the ink itself does not fit', async () => {
    expect(await lines(3548)).toBe(2); // 177.4 pt: the ink overruns by 0.19
  });
});
