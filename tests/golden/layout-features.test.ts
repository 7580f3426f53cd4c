/**
 * Line numbering, text frames and vertical cell text, checked on their fixtures: where the numbers,
 * frames and rotated runs land and what the body text does around them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocx } from '../../engine/docx';
import { initKernel, layoutDocument } from '../../engine/layout';
import type { GlyphRun, GroupItem, LayoutDoc, LayoutItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { makeDocx } from '../helpers/make-docx';
import { LAYOUT_FEATURE_FIXTURES } from './layout-feature-fixtures';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

async function layout(name: string): Promise<LayoutDoc> {
  const parsed = parseDocx(makeDocx(LAYOUT_FEATURE_FIXTURES[name]!), { fileName: `${name}.docx` }, host);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const laid = await layoutDocument(parsed.value, {}, host);
  if (!laid.ok) throw new Error(JSON.stringify(laid.errors));
  return laid.value;
}

/** Glyph runs of a page, top-level only (`nested` adds those inside groups). */
function runs(doc: LayoutDoc, page = 0, nested = true): GlyphRun[] {
  const out: GlyphRun[] = [];
  const visit = (items: readonly LayoutItem[]) => {
    for (const i of items) {
      if (i.kind === 'glyphs') out.push(i);
      else if (i.kind === 'group' && nested) visit(i.items);
    }
  };
  visit(doc.pages[page]!.items);
  return out;
}

function right(r: GlyphRun): number {
  return r.x + r.advances.reduce((a, b) => a + b, 0);
}

beforeAll(async () => {
  await initKernel();
});

describe('line numbering (w:lnNumType)', () => {
  it('numbers every 5th line right-aligned 0.25 in left of the text, restarting on each page', async () => {
    const d = await layout('line-numbers-count-by-5');
    expect(d.pages.length).toBe(2);
    for (const page of [0, 1]) {
      const all = runs(d, page);
      const numbers = all.filter((r) => /^\d+$/.test(r.text));
      const lines = all.filter((r) => r.text.startsWith('Line'));
      expect(numbers.map((n) => n.text).slice(0, 3)).toEqual(['5', '10', '15']);
      for (const n of numbers) {
        expect(right(n)).toBeCloseTo(72 - 18, 1);
        const k = Number(n.text);
        // The k-th line of this page sits on the same baseline.
        expect(n.y).toBeCloseTo(lines[k - 1]!.y, 2);
      }
    }
  });

  it('skips a paragraph with w:suppressLineNumbers and prints in the LineNumber style', async () => {
    const d = await layout('line-numbers-suppressed');
    const all = runs(d);
    const numbers = all.filter((r) => /^\d+$/.test(r.text));
    expect(numbers.map((n) => n.text)).toEqual(['1', '2', '3']);
    const second = all.find((r) => r.text.startsWith('Second'))!;
    expect(numbers[1]!.y).toBeCloseTo(second.y, 2);
    expect(numbers[0]!.color).toBe('FF0000');
    expect(numbers[0]!.sizePt).toBeCloseTo(8, 2);
    expect(right(numbers[0]!)).toBeCloseTo(72 - 18, 1);
  });
});
