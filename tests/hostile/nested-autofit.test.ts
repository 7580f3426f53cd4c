/**
 * Autofit tables nested in one another: a table's grid asks each nested table for its width at the
 * cell's preliminary width, then lays it out at the final one, so a table k deep has its grid
 * computed at up to k widths (when every width is a percentage of the one around it, the widths a
 * deep table is asked at all differ): here 1,2,3,4,5,6,7,8,8,8,8,7 times from the outermost in.
 * That is at most the depth (24 levels, MAX_STORY_DEPTH) per table, never 2^depth; fixed-layout
 * tables compute theirs once. The paragraphs of such a table were itemized and shaped at every one
 * of those widths (levels 8 to 11 from the top 8 times each, 7 for the innermost text); their minimum
 * width is now kept for the layout (measured-content.ts), so each is itemized once per pass.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { Paragraph, Table } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx } from '../helpers/layout-docx';
import { makeDocx, WORD_DEFAULT_STYLES } from '../helpers/make-docx';

const spy = vi.hoisted(() => ({ itemized: new Map<string, number>(), grids: new Map<unknown, number>() }));

vi.mock('../../engine/layout/inline/itemize', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../engine/layout/inline/itemize')>();
  return {
    ...m,
    itemizeParagraph: (p: Paragraph, ...rest: [never, never?]) => {
      const key = p.inlines.map((i) => (i.kind === 'text' ? i.text : '')).join('');
      spy.itemized.set(key, (spy.itemized.get(key) ?? 0) + 1);
      return m.itemizeParagraph(p, ...rest);
    },
  };
});

vi.mock('../../engine/layout/table/grid', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../engine/layout/table/grid')>();
  return {
    ...m,
    computeGrid: (t: Table, ...rest: [number, number, never?]) => {
      spy.grids.set(t, (spy.grids.get(t) ?? 0) + 1);
      return m.computeGrid(t, ...rest);
    },
  };
});

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });
const DEPTH = 12;
const run = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;
const para = (text: string) => `<w:p>${run(text)}</w:p>`;
const cell = (pct: number, body: string) => `<w:tc><w:tcPr><w:tcW w:w="${pct * 50}" w:type="pct"/></w:tcPr>${body}</w:tc>`;

/** Tables `depth` deep, each 100% of its cell, its grid a placeholder: every width depends on the ones around it. */
function nested(depth: number, fixed: boolean): string {
  if (depth === 0) return para('innermost words');
  const rows =
    `<w:tr>${cell(20, para(`left ${depth}`))}${cell(60, nested(depth - 1, fixed) + '<w:p/>')}${cell(20, para(`right ${depth}`))}</w:tr>` +
    `<w:tr>${cell(20, para(`below ${depth}`))}${cell(60, para(`under ${depth}`))}${cell(20, para(`last ${depth}`))}</w:tr>`;
  const layout = fixed ? '<w:tblLayout w:type="fixed"/>' : '';
  return `<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/>${layout}</w:tblPr><w:tblGrid>${'<w:gridCol w:w="0"/>'.repeat(3)}</w:tblGrid>${rows}</w:tbl>`;
}

const docx = (fixed: boolean) => makeDocx({ body: nested(DEPTH, fixed) + para('body after'), styles: WORD_DEFAULT_STYLES });

beforeAll(async () => {
  await initKernel();
});

beforeEach(() => {
  spy.itemized.clear();
  spy.grids.clear();
});

describe('autofit tables nested 12 deep', () => {
  it('itemizes each cell paragraph once per pass, however deep', async () => {
    await layoutDocx(docx(false), 'nested-autofit.docx', host);
    const passes = spy.itemized.get('body after')!;
    expect(passes).toBeGreaterThan(0);
    expect(spy.itemized.get('innermost words')).toBe(passes);
    for (let d = 1; d <= DEPTH; d++) for (const w of ['left', 'right', 'below', 'under', 'last']) expect(spy.itemized.get(`${w} ${d}`), `${w} ${d}`).toBe(passes);
  });

  it('computes a table\'s grid at most once per level of its depth, a fixed table\'s once', async () => {
    await layoutDocx(docx(false), 'nested-autofit.docx', host);
    const counts = [...spy.grids.values()];
    expect(counts).toHaveLength(DEPTH);
    // Outermost first (the order grids are first asked for): the k-th table at most k times.
    counts.forEach((n, k) => expect(n).toBeLessThanOrEqual(k + 1));
    expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual((DEPTH * (DEPTH + 1)) / 2);

    spy.grids.clear();
    await layoutDocx(docx(true), 'nested-fixed.docx', host);
    expect([...spy.grids.values()]).toEqual(new Array<number>(DEPTH).fill(1));
  });
});
