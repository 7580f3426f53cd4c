/**
 * Line numbering, text frames and vertical cell text, checked on their fixtures: where the numbers,
 * frames and rotated runs land and what the body text does around them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocx } from '../../engine/docx';
import { initKernel, layoutDocument } from '../../engine/layout';
import type { GlyphRun, GroupItem, LayoutDoc, LayoutItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { LETTER_SECT_PR, makeDocx, para } from '../helpers/make-docx';
import { LAYOUT_FEATURE_FIXTURES } from './layout-feature-fixtures';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

async function layout(name: string, options = LAYOUT_FEATURE_FIXTURES[name]!): Promise<LayoutDoc> {
  const parsed = parseDocx(makeDocx(options), { fileName: `${name}.docx` }, host);
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

  it('counts on across a continuous section from start + 1, skipping a table, counting empty paragraphs', async () => {
    const d = await layout('line-numbers-sections-table');
    const all = runs(d);
    const numbers = all.filter((r) => /^\d+$/.test(r.text));
    expect(numbers.map((n) => n.text)).toEqual(['10', '11', '12', '13', '14']);
    const at = (text: string) => all.find((r) => r.text.startsWith(text))!.y;
    expect(numbers.map((n) => n.y)).toEqual([at('Alpha'), at('Beta'), at('Gamma'), expect.any(Number), at('Delta')]);
    // No number beside either table row.
    for (const row of ['In a table', 'Second row']) expect(numbers.some((n) => Math.abs(n.y - at(row)) < 1)).toBe(false);
  });
});

describe('line numbering restart="newSection"', () => {
  it('counts on across a page break within a section and restarts at the next section', async () => {
    const ln = '<w:lnNumType w:countBy="1" w:restart="newSection"/>';
    const sect = (type: string) => LETTER_SECT_PR.replace('<w:sectPr>', `<w:sectPr>${type}`).replace('<w:cols', `${ln}<w:cols`);
    const tight = '<w:spacing w:before="0" w:after="0"/>';
    const first = Array.from({ length: 59 }, (_, i) => para(`One ${i + 1}`, tight)).join('') + para('One 60', tight + sect(''));
    const second = para('Two 1', tight) + para('Two 2', tight);
    const d = await layout('restart-section', { body: first + second, sectPr: sect('<w:type w:val="continuous"/>') });
    expect(d.pages.length).toBe(2);
    const page2 = runs(d, 1);
    const numberBeside = (text: string) => {
      const line = page2.find((r) => r.text === text)!;
      return page2.find((r) => /^\d+$/.test(r.text) && Math.abs(r.y - line.y) < 0.5)?.text;
    };
    expect(numberBeside('One 60')).toBe('60');
    expect(numberBeside('Two 1')).toBe('1');
    expect(numberBeside('Two 2')).toBe('2');
  });
});

describe('text frames (w:framePr)', () => {
  it('places a margin-anchored frame at its x/y and wraps the body text beside it at hSpace', async () => {
    const d = await layout('frame-xy-wrap');
    const all = runs(d);
    const framed = all.filter((r) => r.text.includes('Framed') || r.text.startsWith('wide'));
    expect(framed.length).toBe(2);
    for (const r of framed) {
      expect(r.x).toBeCloseTo(72, 1);
      expect(right(r)).toBeLessThanOrEqual(72 + 144 + 3); // a trailing space may hang over
    }
    const body = all.filter((r) => !framed.includes(r));
    // The first body paragraph starts at the top beside the frame: 2 in + 9 pt hSpace from the margin.
    expect(body[0]!.y).toBeCloseTo(framed[0]!.y, 1);
    expect(body[0]!.x).toBeCloseTo(72 + 144 + 9, 1);
    expect(body[1]!.x).toBeCloseTo(72 + 144 + 9, 1);
    // Below the frame's last line the text uses the full width again.
    const below = body.filter((r) => r.y > framed[1]!.y + 1);
    expect(below.length).toBeGreaterThan(0);
    for (const r of below) expect(r.x).toBeCloseTo(72, 1);
    expect(Math.max(...below.map(right))).toBeGreaterThan(500);
  });

  it('joins paragraphs with the same framePr into one right-aligned frame anchored to the text', async () => {
    const d = await layout('frame-right-aligned');
    const all = runs(d);
    const first = all.find((r) => r.text.startsWith('Right frame'))!;
    const second = all.find((r) => r.text.startsWith('Second paragraph'))!;
    // xAlign="right" against the margin: a 1.5 in frame ends at the right margin (540).
    expect(first.x).toBeCloseTo(540 - 108, 1);
    expect(second.x).toBeCloseTo(540 - 108, 1);
    expect(second.y).toBeGreaterThan(first.y + 20);
    const body = all.filter((r) => r.text.startsWith('Body') || r.text.startsWith('after'));
    expect(body[0]!.y).toBeCloseTo(first.y, 0);
    // The body text beside the frame stays left of it, at hSpace (7.2 pt) with only a trailing space beyond.
    for (const r of body.filter((b) => b.y <= second.y + 1)) expect(right(r)).toBeLessThan(540 - 108 - 7.2 + 3);
  });
});

describe('vertical text in table cells (w:textDirection)', () => {
  it('turns btLr text counter-clockwise and tbRl clockwise, growing the auto-height row to the text', async () => {
    const d = await layout('table-vertical-text');
    const groups = d.pages[0]!.items.filter((i): i is GroupItem => i.kind === 'group');
    expect(groups.length).toBe(2);
    const text = (g: GroupItem) => g.items.find((i): i is GlyphRun => i.kind === 'glyphs')!;
    const up = groups.find((g) => text(g).text.startsWith('Bottom'))!;
    const down = groups.find((g) => text(g).text.startsWith('Top'))!;
    // btLr: the line's direction (1, 0) maps to (0, -1), up the page; tbRl maps it to (0, 1).
    expect(up.transform!.slice(0, 4)).toEqual([0, -1, 1, 0]);
    expect(down.transform!.slice(0, 4)).toEqual([0, 1, -1, 0]);
    const horizontal = runs(d, 0, false).find((r) => r.text === 'Horizontal')!;
    const lines = d.pages[0]!.items.filter((i) => i.kind === 'line');
    const bottom = Math.max(...lines.map((l) => (l.kind === 'line' ? Math.max(l.y1, l.y2) : 0)));
    // The row is as tall as the longer turned text (no cell margins top and bottom) and the table's
    // 0.5 pt top and bottom borders, far taller than one line.
    const longest = Math.max(right(text(up)), right(text(down)));
    expect(bottom - 72).toBeCloseTo(longest + 1, 1);
    expect(bottom - 72).toBeGreaterThan(3 * (horizontal.y - 72));
    // btLr starts at the bottom-left of its cell (inside the 5.4 pt left margin and the bottom border);
    // tbRl at the top-right, below the top border.
    expect(up.transform![4]).toBeCloseTo(72 + 5.4, 1);
    expect(up.transform![5]).toBeCloseTo(bottom - 0.5, 1);
    expect(down.transform![4]).toBeCloseTo(144 - 5.4, 1);
    expect(down.transform![5]).toBeCloseTo(72 + 0.5, 1);
  });

  it('keeps an exact row height and wraps the turned text at it, lines stacked across the cell', async () => {
    const d = await layout('table-vertical-exact');
    const group = d.pages[0]!.items.find((i): i is GroupItem => i.kind === 'group')!;
    const lines = group.items.filter((i): i is GlyphRun => i.kind === 'glyphs');
    expect(lines.map((l) => l.text.trim())).toEqual(['Turned', 'text', 'that', 'wraps']);
    // Each line fits the 36 pt row (its length along the row), and the row stays 36 pt tall.
    for (const l of lines) expect(l.x + right(l) - l.x).toBeLessThanOrEqual(36 + 3);
    expect(group.transform!![5]).toBeCloseTo(72 + 36, 2);
    const rules = d.pages[0]!.items.filter((i) => i.kind === 'line');
    expect(Math.max(...rules.map((l) => (l.kind === 'line' ? Math.max(l.y1, l.y2) : 0)))).toBeLessThanOrEqual(72 + 36 + 0.01);
  });
});

describe('hostile frame and turned-cell sizes', () => {
  it('clamps a huge frame and a huge exact row instead of laying out at their size', async () => {
    const body =
      para('Huge frame.', '<w:framePr w:w="999999999" w:h="999999999" w:hRule="exact" w:wrap="around" w:x="-999999999" w:y="999999999"/>') +
      '<w:tbl><w:tblGrid><w:gridCol w:w="720"/></w:tblGrid><w:tr><w:trPr><w:trHeight w:val="999999999" w:hRule="exact"/></w:trPr>' +
      '<w:tc><w:tcPr><w:tcW w:w="720" w:type="dxa"/><w:textDirection w:val="tbRl"/></w:tcPr>' + para('Turned.') + '</w:tc></w:tr></w:tbl>' + para('After.');
    const d = await layout('hostile', { body, sectPr: LETTER_SECT_PR });
    const all = d.pages.flatMap((_, i) => runs(d, i));
    expect(all.some((r) => r.text.includes('Huge frame'))).toBe(true);
    expect(all.some((r) => r.text.includes('Turned'))).toBe(true);
    expect(all.some((r) => r.text.includes('After'))).toBe(true);
    for (const r of all) expect(Number.isFinite(r.x) && Number.isFinite(r.y)).toBe(true);
  });
});
