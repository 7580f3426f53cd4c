/**
 * Layout invariants over random documents: every item lies inside its page, and the words of the
 * body come out in the order they were written (reading pages top to bottom, lines left to right).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocx } from '../../engine/docx';
import { initKernel, layoutDocument } from '../../engine/layout';
import type { GlyphRun, LayoutDoc, LayoutItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { makeDocx, OFFICE_THEME, run, WORD_DEFAULT_STYLES } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(0) });

const word = fc.stringMatching(/^[A-Za-z]{1,14}$/);
const runProps = fc.constantFrom('', '<w:b/>', '<w:i/>', '<w:sz w:val="32"/>', '<w:sz w:val="16"/>', '<w:u w:val="single"/>', '<w:caps/>', '<w:spacing w:val="30"/>');
const pPr = fc.constantFrom(
  '',
  '<w:jc w:val="center"/>',
  '<w:jc w:val="right"/>',
  '<w:jc w:val="both"/>',
  '<w:ind w:left="720" w:hanging="360"/>',
  '<w:ind w:right="1440" w:firstLine="720"/>',
  '<w:spacing w:before="240" w:after="240" w:line="360" w:lineRule="auto"/>',
  '<w:spacing w:line="280" w:lineRule="exact"/>',
  '<w:keepNext/>',
  '<w:keepLines/>',
  '<w:pageBreakBefore/>',
);
const paragraph = fc.record({
  pPr,
  runs: fc.array(fc.record({ props: runProps, words: fc.array(word, { minLength: 1, maxLength: 40 }) }), { minLength: 1, maxLength: 4 }),
});

function build(paras: Array<{ pPr: string; runs: Array<{ props: string; words: string[] }> }>): { docx: Uint8Array; words: string[] } {
  const words: string[] = [];
  const body = paras
    .map((p, i) => {
      const runsXml = p.runs
        .map((r, k) => {
          words.push(...r.words);
          // Runs are joined by a space so words never fuse across runs.
          return run((k > 0 ? ' ' : '') + r.words.join(' '), r.props);
        })
        .join('');
      return `<w:p><w:pPr>${i === 0 ? p.pPr.replace('<w:pageBreakBefore/>', '') : p.pPr}</w:pPr>${runsXml}</w:p>`;
    })
    .join('');
  return { docx: makeDocx({ body, styles: WORD_DEFAULT_STYLES, theme: OFFICE_THEME }), words };
}

function glyphRuns(items: readonly LayoutItem[], out: GlyphRun[] = []): GlyphRun[] {
  for (const i of items) {
    if (i.kind === 'glyphs') out.push(i);
    else if (i.kind === 'group') glyphRuns(i.items, out);
  }
  return out;
}

function check(doc: LayoutDoc, words: string[]): void {
  const read: string[] = [];
  for (const page of doc.pages) {
    const runs = glyphRuns(page.items);
    for (const item of page.items) {
      if (item.kind === 'glyphs') {
        const w = item.advances.reduce((a, b) => a + b, 0);
        expect(item.x).toBeGreaterThanOrEqual(-0.01);
        expect(item.x + w).toBeLessThanOrEqual(page.widthPt + 0.01);
        expect(item.y).toBeGreaterThan(0);
        expect(item.y).toBeLessThanOrEqual(page.heightPt);
      } else if (item.kind === 'rect' || item.kind === 'image' || item.kind === 'link') {
        expect(item.x).toBeGreaterThanOrEqual(-0.01);
        expect(item.x + item.w).toBeLessThanOrEqual(page.widthPt + 0.01);
      }
    }
    // Reading order: by baseline (rounded to a line), then by x.
    runs.sort((a, b) => (Math.abs(a.y - b.y) > 1 ? a.y - b.y : a.x - b.x));
    for (const r of runs) read.push(...r.text.split(/\s+/).filter(Boolean));
  }
  expect(read.map((w) => w.toLowerCase())).toEqual(words.map((w) => w.toLowerCase()));
}

beforeAll(async () => {
  await initKernel();
});

describe('layout invariants (property)', () => {
  it('keeps every item on its page and the words in order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(paragraph, { minLength: 1, maxLength: 25 }), async (paras) => {
        const { docx, words } = build(paras);
        const parsed = parseDocx(docx, {}, host);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const laid = await layoutDocument(parsed.value, {}, host);
        expect(laid.ok).toBe(true);
        if (laid.ok) check(laid.value, words);
      }),
      { numRuns: 60 },
    );
  });
});
