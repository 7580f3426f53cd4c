/**
 * The room a line-spacing multiple leaves under the last line's text may hang below the bottom
 * margin (Word ends a page with a 1.15-spaced line past the margin), but not into a footer taller
 * than the bottom margin leaves room for: the line whose text ends just above such a footer moves to
 * the next page (docx4j-w15RepeatingSection_cf_OpenDoPE: Word's 8 pages and its page-start marks;
 * hanging into the footer gave 7).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const SPACED = '<w:spacing w:after="0" w:line="276" w:lineRule="auto"/>';
const body = Array.from({ length: 60 }, (_, i) => para(`Line ${i + 1}`, SPACED)).join('');
const PAGE_HEIGHT = 792;
const TOP = 72;
const FOOTER_DIST = 36;

interface Page {
  readonly lines: readonly string[];
  readonly baselines: readonly number[];
}

async function layout(sectInner: string, footer?: string): Promise<Page[]> {
  const sectPr = `<w:sectPr>${sectInner}<w:pgSz w:w="12240" w:h="${PAGE_HEIGHT * 20}"/><w:cols w:space="720"/></w:sectPr>`;
  const { doc } = await layoutDocx(makeDocx({ body, sectPr, ...(footer ? { footers: { rIdF: footer } } : {}) }), 'footer-hang.docx', host);
  return doc.pages.map((p) => {
    const runs = flatItems(p.items).flatMap((i) => (i.kind === 'glyphs' && (i as GlyphRun).text.startsWith('Line') ? [i as GlyphRun] : []));
    return { lines: runs.map((r) => r.text.trim()), baselines: runs.map((r) => r.y) };
  });
}

const margins = (bottomTw: number) =>
  `<w:pgMar w:top="${TOP * 20}" w:right="1440" w:bottom="${bottomTw}" w:left="1440" w:header="720" w:footer="${FOOTER_DIST * 20}" w:gutter="0"/>`;

/** Where the 30th line's text ends (its descent's bottom), measured on a page without a footer. */
let textBottom = 0;
let hang = 0;

beforeAll(async () => {
  await initKernel();
  const [first] = await layout(margins(1440));
  const b = first!.baselines;
  const pitch = b[1]! - b[0]!;
  const natural = pitch / 1.15;
  const ascent = b[0]! - TOP;
  hang = pitch - natural;
  textBottom = b[29]! + natural - ascent;
});

describe('the room under the last line of a page', () => {
  it('hangs below the bottom margin', async () => {
    // The margin 0.5 pt under the 30th line's text: its blank room (2 pt) hangs past it.
    const marginTw = Math.floor((PAGE_HEIGHT - textBottom - 0.5) * 20);
    const pages = await layout(margins(marginTw));
    expect(hang).toBeGreaterThan(1.5);
    expect(pages[0]!.lines).toHaveLength(30);
    expect(pages[1]!.lines[0]).toBe('Line 31');
  });

  it('does not hang into a footer taller than the bottom margin', async () => {
    // A footer of one exact-height line whose top is 0.5 pt under the 30th line's text, with a small
    // bottom margin it reaches far above: the 30th line's text fits, its blank room does not.
    const footerTw = Math.floor((PAGE_HEIGHT - FOOTER_DIST - textBottom - 0.5) * 20);
    const footer = `<w:p><w:pPr><w:spacing w:after="0" w:line="${footerTw}" w:lineRule="exact"/></w:pPr><w:r><w:t>Footer</w:t></w:r></w:p>`;
    const pages = await layout(`<w:footerReference w:type="default" r:id="rIdF"/>${margins(360)}`, footer);
    expect(PAGE_HEIGHT - FOOTER_DIST - footerTw / 20).toBeGreaterThan(textBottom);
    expect(pages[0]!.lines).toHaveLength(29);
    expect(pages[1]!.lines[0]).toBe('Line 30');
  });
});
