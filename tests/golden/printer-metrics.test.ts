/**
 * w:compat/w:usePrinterMetrics (ISO/IEC 29500 1st edition §9.7.3.52): Word lays the text out on the
 * printer's widths, the font realised at a whole number of device pixels per em and each advance a
 * whole number of pixels, here a 600 dpi printer's. 10 pt text is then set at 83 pixels per em, not
 * 83.33: a little narrower, so a line can hold a word more (Word's page starts in oxsdk-complexity,
 * whose justified 10 pt Arial paragraphs lose a line each on two pages). Before, the setting was
 * ignored and the text kept its ideal widths.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const PRINTER = '<w:compat><w:usePrinterMetrics/></w:compat>';
const TEXT = 'Several programs can crash at once and the network is flaky today';

/** One left-aligned 10 pt Arial paragraph, `rightTw` twips short of the 468 pt text width. */
function paragraph(rightTw: number): string {
  return (
    `<w:p><w:pPr><w:spacing w:after="0"/><w:ind w:right="${rightTw}"/></w:pPr>` +
    `<w:r><w:rPr><w:rFonts w:ascii="Arial" w:hAnsi="Arial"/><w:sz w:val="20"/></w:rPr><w:t>${TEXT}</w:t></w:r></w:p>`
  );
}

async function layout(settings: string, rightTw = 0): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body: paragraph(rightTw), settings }), 'printer-metrics.docx', host)).doc;
}

const width = (runs: GlyphRun[]) => runs.reduce((w, r) => w + r.advances.reduce((a, b) => a + b, 0), 0);
const lines = (d: LayoutDoc) => new Set(glyphRunsOn(d, 0).map((r) => r.y)).size;

beforeAll(async () => {
  await initKernel();
});

describe('w:usePrinterMetrics', () => {
  it('sets every advance on a whole 600 dpi pixel, the font at a whole number of pixels per em', async () => {
    const printer = glyphRunsOn(await layout(PRINTER), 0);
    const ideal = glyphRunsOn(await layout(''), 0);
    const onPixels = (a: number) => Math.abs(a / (72 / 600) - Math.round(a / (72 / 600))) < 1e-6;
    expect(printer.flatMap((r) => r.advances).every(onPixels)).toBe(true);
    expect(ideal.flatMap((r) => r.advances).every(onPixels)).toBe(false);
    // 83 pixels per em instead of 83.33: the line is narrower by about that ratio.
    expect(width(printer) / width(ideal)).toBeGreaterThan(0.99);
    expect(width(printer) / width(ideal)).toBeLessThan(0.999);
  });

  it('keeps on one line text that ideal widths wrap', async () => {
    const printerW = width(glyphRunsOn(await layout(PRINTER), 0));
    const idealW = width(glyphRunsOn(await layout(''), 0));
    expect(idealW - printerW).toBeGreaterThan(0.5);
    // A measure between the two widths.
    const rightTw = Math.round((468 - (printerW + idealW) / 2) * 20);
    expect(lines(await layout(PRINTER, rightTw))).toBe(1);
    expect(lines(await layout('', rightTw))).toBe(2);
  });
});
