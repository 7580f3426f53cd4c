/**
 * A non-breaking hyphen (w:noBreakHyphen) is drawn with the hyphen-minus glyph of the run's own face
 * (ECMA-376 Part 1 §17.3.3.18) and extracted as one, while lines still do not break at it. Liberation
 * Serif has no U+2011: oxpt-RP038-Inserted-Paras-at-End drew "Uww‑R" and "(CMR‑15)" with DejaVu
 * Sans's hyphen in its Times New Roman lines, and pdftotext read U+2011 where LibreOffice's has '-'.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const TIMES = '<w:rPr><w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman"/></w:rPr>';

function runs(doc: LayoutDoc): GlyphRun[] {
  return doc.pages.flatMap((p) => flatItems(p.items).filter((i): i is GlyphRun => i.kind === 'glyphs'));
}

/** A paragraph of `filler` then "CMR" non-breaking-hyphen "15", all in Times New Roman. */
function paragraph(filler: string): string {
  return `<w:p><w:r>${TIMES}<w:t xml:space="preserve">${filler}CMR</w:t></w:r><w:r>${TIMES}<w:noBreakHyphen/><w:t>15</w:t></w:r></w:p>`;
}

beforeAll(async () => {
  await initKernel();
});

describe('a non-breaking hyphen', () => {
  it('is drawn in the run’s face as a hyphen-minus', async () => {
    const { doc } = await layoutDocx(makeDocx({ body: paragraph('See ') }), 'nbh.docx', host);
    const all = runs(doc);
    const run = all.find((r) => r.text.includes('CMR'))!;
    expect(run.text).toBe('See CMR-15');
    expect(doc.fonts[run.font]!.family).toBe('Liberation Serif');
    expect(all.some((r) => r.text.includes('\u2011'))).toBe(false);
  });

  it('still keeps its neighbours on one line', async () => {
    // Fillers of every length up to a line move the hyphen across the line end.
    const body = Array.from({ length: 30 }, (_, k) => paragraph(`${'ab '.repeat(k + 15)}`)).join('');
    const { doc } = await layoutDocx(makeDocx({ body }), 'nbh-lines.docx', host);
    const texts = runs(doc).map((r) => r.text.trim());
    expect(texts.filter((t) => t.endsWith('CMR-') || t.startsWith('15'))).toEqual([]);
    expect(texts.filter((t) => t.includes('CMR-15')).length).toBe(30);
  });
});
