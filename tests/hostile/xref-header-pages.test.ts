/**
 * A header holding a cross-reference (PAGEREF, STYLEREF) may print differently on each page, so it
 * was laid out for every page and again under the final pass state, and every story held until the
 * pages were drawn. Found by scripts/fuzz.ts (seed 1, docx-22): 5,000 page breaks under a header of
 * 100 bookmarked one-letter runs and a PAGEREF peaked at 730 MB. Such a header is now keyed by what
 * its fields print, so pages where they print the same share one story (chrome-stories.ts xrefKey).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { InputLimits } from '../../engine/core';
import { parseDocx } from '../../engine/docx';
import { initKernel, layoutDocument } from '../../engine/layout';
import type { LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn } from '../helpers/layout-docx';
import { makeDocx, para, WORD_DEFAULT_STYLES } from '../helpers/make-docx';
import { field } from '../golden/xref-fixtures';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });
const SECTION =
  '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>';
const BREAK = '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
const HEADING_STYLE = '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>';

async function layout(body: string, header: string, limits?: Partial<InputLimits>) {
  const docx = makeDocx({ body: body + SECTION, sectPr: '', styles: WORD_DEFAULT_STYLES + HEADING_STYLE, headers: { rIdH: header } });
  const parsed = parseDocx(docx, {}, host);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return layoutDocument(parsed.value, limits ? { limits } : {}, host);
}

/** The glyph runs of each page, joined with '|' in drawing order. */
const pageTexts = (doc: LayoutDoc) => doc.pages.map((_, k) => glyphRunsOn(doc, k).map((r) => r.text).join('|'));

beforeAll(async () => {
  await initKernel();
});

describe('a header with a cross-reference on many pages', () => {
  it('is laid out once per value its PAGEREF prints, not once per page and state', async () => {
    // 300 pages under a header of 100 one-letter runs: each layout of it spends about 520 units of
    // the budget (engine/layout/budget.ts). Laid out per page and again under the final state, the
    // pages held 300 x 2 x 520 = 312,000 units and stopped at this limit with layout/too-large.
    const letters = Array.from({ length: 100 }, () => '<w:r><w:t>w</w:t></w:r>').join('');
    const header = `<w:p>${letters}</w:p><w:p><w:r><w:t xml:space="preserve">Target on </w:t></w:r>${field('PAGEREF Target \\h', '9')}</w:p>`;
    const target = '<w:p><w:bookmarkStart w:id="1" w:name="Target"/><w:r><w:t>Target</w:t></w:r><w:bookmarkEnd w:id="1"/></w:p>';
    const body = para('first') + BREAK + para('second') + BREAK + target + BREAK.repeat(297);
    const laid = await layout(body, header, { maxLayoutUnits: 60_000 });
    expect(laid.ok, JSON.stringify(laid.ok ? '' : laid.errors)).toBe(true);
    if (!laid.ok) return;
    expect(laid.value.pages).toHaveLength(300);
    for (const page of pageTexts(laid.value)) expect(page).toMatch(/Target on \|?3/);
  });

  it('still prints each page its own STYLEREF', async () => {
    const header = `<w:p><w:r><w:t xml:space="preserve">Chapter: </w:t></w:r>${field('STYLEREF "heading 1"', 'x')}</w:p>`;
    const heading = (n: number) => `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Part ${n}</w:t></w:r></w:p>`;
    const body = heading(1) + para('a') + para('b') + heading(2) + BREAK + para('c') + BREAK + heading(3);
    const laid = await layout(body, header);
    expect(laid.ok).toBe(true);
    if (!laid.ok) return;
    // Page 1: its first Heading 1; page 2 has none, so the nearest before it; page 3: its own.
    expect(pageTexts(laid.value).map((t) => /Chapter: \|?(Part \d)/.exec(t)?.[1])).toEqual(['Part 1', 'Part 2', 'Part 3']);
  });
});
