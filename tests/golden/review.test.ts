/**
 * Tracked changes and comments in layout (issue 4): what each review fixture is about, in all three
 * tracked-change views and with comments shown or hidden.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocx } from '../../engine/docx';
import { initKernel, layoutDocument, type LayoutOptions } from '../../engine/layout';
import type { GlyphRun, LayoutDoc, LayoutItem, LineItem, RectItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { makeDocx } from '../helpers/make-docx';
import { REVIEW_FIXTURES } from './review-fixtures';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
type View = 'markup' | 'final' | 'original';

async function layout(name: string, view: View = 'markup', comments: LayoutOptions['comments'] = 'hide'): Promise<LayoutDoc> {
  const parsed = parseDocx(makeDocx(REVIEW_FIXTURES[name]!), { trackedChanges: view }, host);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const laid = await layoutDocument(parsed.value, { trackedChanges: view, comments }, host);
  if (!laid.ok) throw new Error(JSON.stringify(laid.errors));
  return laid.value;
}

function flat(items: readonly LayoutItem[], out: LayoutItem[] = []): LayoutItem[] {
  for (const i of items) {
    out.push(i);
    if (i.kind === 'group') flat(i.items, out);
  }
  return out;
}
const items = (d: LayoutDoc) => flat(d.pages[0]!.items);
const runs = (d: LayoutDoc) => items(d).filter((i): i is GlyphRun => i.kind === 'glyphs');
const text = (d: LayoutDoc) => runs(d).map((r) => r.text).join('|');
const run = (d: LayoutDoc, s: string) => runs(d).find((r) => r.text.includes(s))!;
/** Change bars: vertical 0.5 pt black lines left of the 72 pt margin. */
const bars = (d: LayoutDoc) => items(d).filter((i): i is LineItem => i.kind === 'line' && i.x1 === i.x2 && i.x1 < 72 && i.width === 0.5);
const barAt = (d: LayoutDoc, r: GlyphRun) => bars(d).some((b) => b.y1 <= r.y && b.y2 >= r.y);
/** Horizontal lines under or through a run. */
const linesOf = (d: LayoutDoc, r: GlyphRun) => items(d).filter((i): i is LineItem => i.kind === 'line' && i.y1 === i.y2 && i.x1 >= r.x - 0.01 && i.x1 < r.x + 1 && Math.abs(i.y1 - r.y) < r.sizePt);

beforeAll(async () => {
  await initKernel();
});

describe('tracked changes in markup', () => {
  it('colours each author once, underlines insertions, strikes deletions and bars only the changed line', async () => {
    const d = await layout('tc-two-authors');
    const alice = [run(d, 'added by Alice'), run(d, 'removed by Alice')];
    const bob = [run(d, 'added by Bob'), run(d, 'removed by Bob')];
    expect(alice[0]!.color).toBe(alice[1]!.color);
    expect(bob[0]!.color).toBe(bob[1]!.color);
    expect(alice[0]!.color).not.toBe(bob[0]!.color);
    expect(run(d, 'Kept').color).toBe('000000');
    const under = linesOf(d, alice[0]!)[0]!;
    const through = linesOf(d, alice[1]!)[0]!;
    expect(under.y1).toBeGreaterThan(alice[0]!.y);
    expect(through.y1).toBeLessThan(alice[1]!.y);
    expect(barAt(d, run(d, 'Kept'))).toBe(true);
    expect(barAt(d, run(d, 'Unchanged'))).toBe(false);
  });

  it('shows moves in one green with double lines: under the destination, through the source', async () => {
    const d = await layout('tc-move');
    const [from, to] = runs(d).filter((r) => r.text.includes('moved words'));
    expect(from!.color).toBe(to!.color);
    expect(from!.color).not.toBe('000000');
    expect(linesOf(d, from!).filter((l) => l.y1 < from!.y)).toHaveLength(2);
    expect(linesOf(d, to!).filter((l) => l.y1 > to!.y)).toHaveLength(2);
  });

  it('keeps a formatting change in its new look, with a change bar only', async () => {
    const d = await layout('tc-rpr-change');
    const r = run(d, 'now bold and big');
    expect([r.color, r.sizePt]).toEqual(['000000', 16]);
    expect(linesOf(d, r)).toHaveLength(0);
    expect(barAt(d, r)).toBe(true);
    const original = await layout('tc-rpr-change', 'original');
    expect(run(original, 'now bold').sizePt).toBe(11);
  });

  it('bars every line of a paragraph whose properties changed, and puts the old ones back in original', async () => {
    const d = await layout('tc-ppr-change');
    expect(barAt(d, run(d, 'Centred'))).toBe(true);
    expect(barAt(d, run(d, 'Unchanged'))).toBe(false);
    expect(run(d, 'Centred').x).toBeGreaterThan(144);
    expect(run(await layout('tc-ppr-change', 'original'), 'Centred').x).toBe(72);
  });

  it('fills inserted rows and cells light blue and deleted rows light pink, with change bars', async () => {
    const d = await layout('tc-table-rows');
    const fills = items(d).filter((i): i is RectItem => i.kind === 'rect').map((r) => r.fill);
    expect(fills.filter((f) => f === 'E1F2FA')).toHaveLength(3);
    expect(fills.filter((f) => f === 'FCE6F4')).toHaveLength(2);
    expect(barAt(d, run(d, 'A3 deleted'))).toBe(true);
    expect(barAt(d, run(d, 'A1'))).toBe(false);
  });

  it('bars the last line of a paragraph whose mark was deleted, and joins it with the next in final', async () => {
    const d = await layout('tc-deleted-mark');
    expect(barAt(d, run(d, 'First part'))).toBe(true);
    const final = await layout('tc-deleted-mark', 'final');
    expect(run(final, 'First part').y).toBe(run(final, 'joined').y);
    expect(run(d, 'First part').y).toBeLessThan(run(d, 'joined').y);
  });
});

describe('tracked list items', () => {
  it('marks the number of an inserted or deleted paragraph like its text', async () => {
    const d = await layout('tc-list-items');
    const labels = runs(d).filter((r) => /^\d\.$/.test(r.text.trim()));
    expect(labels.map((r) => r.text.trim())).toEqual(['1.', '2.', '3.', '4.']);
    expect(labels[0]!.color).toBe('000000');
    expect(labels[1]!.color).toBe(run(d, 'Inserted item').color);
    expect(labels[2]!.color).toBe(run(d, 'Deleted item').color);
    expect(linesOf(d, labels[2]!).some((l) => l.y1 < labels[2]!.y)).toBe(true);
  });

  it('numbers without the deleted item in final and without the inserted one in original', async () => {
    const label = (d: LayoutDoc) => runs(d).filter((r) => /^\d\.$/.test(r.text.trim())).map((r) => r.text.trim());
    expect(label(await layout('tc-list-items', 'final'))).toEqual(['1.', '2.', '3.']);
    expect(text(await layout('tc-list-items', 'final'))).not.toContain('Deleted');
    expect(text(await layout('tc-list-items', 'original'))).not.toContain('Inserted');
  });
});

describe('the three tracked-change views', () => {
  it('shows both sides in markup, accepts all in final, rejects all in original', async () => {
    expect(text(await layout('tc-two-authors'))).toContain('removed by Bob');
    const final = text(await layout('tc-two-authors', 'final'));
    const original = text(await layout('tc-two-authors', 'original'));
    expect(final).toContain('added by Alice');
    expect(final).not.toContain('removed by');
    expect(original).toContain('removed by Bob');
    expect(original).not.toContain('added by');
  });

  it('draws no markup (colours, bars, cell fills) in final and original', async () => {
    for (const view of ['final', 'original'] as const) {
      for (const name of ['tc-two-authors', 'tc-move', 'tc-table-rows', 'tc-ppr-change']) {
        const d = await layout(name, view);
        expect(bars(d)).toHaveLength(0);
        expect(runs(d).every((r) => r.color === '000000')).toBe(true);
        expect(items(d).filter((i) => i.kind === 'rect')).toHaveLength(0);
      }
    }
  });
});

describe('comments', () => {
  it('draws nothing of comments when hidden: the text flows as without them', async () => {
    const hidden = await layout('comment-range');
    expect(text(hidden)).not.toContain('Commented');
    expect(items(hidden).some((i) => i.kind === 'group' || i.kind === 'rect')).toBe(false);
    expect(hidden.pages[0]!.widthPt).toBe(612);
  });

  it('shows a balloon with initials and number, the range shaded, the page scaled into the same paper', async () => {
    const hidden = await layout('comment-range');
    const shown = await layout('comment-range', 'markup', 'show');
    const page = shown.pages[0]!;
    expect([page.widthPt, page.heightPt]).toEqual([612, 792]);
    const group = page.items.find((i) => i.kind === 'group')!;
    expect(group.kind === 'group' && group.transform![0]).toBeLessThan(1);
    expect(text(shown)).toContain('Commented [AS1]: ');
    expect(text(shown)).toContain('Please check this phrase.');
    const shade = items(shown).find((i): i is RectItem => i.kind === 'rect' && i.stroke === undefined)!;
    const words = run(hidden, 'Before');
    expect(shade.x).toBeGreaterThan(words.x);
    expect(shade.x + shade.w).toBeLessThan(612 - 72);
    expect(items(shown).filter((i) => i.kind === 'line' && i.dash !== undefined).length).toBe(2);
    // The body is laid out exactly as without comments (only scaled).
    expect(run(shown, 'Before').y).toBe(words.y);
  });

  it('stacks balloons of overlapping and multi-paragraph comments without overlap', async () => {
    const d = await layout('comment-overlap', 'markup', 'show');
    const boxes = items(d).filter((i): i is RectItem => i.kind === 'rect' && i.stroke !== undefined).sort((a, b) => a.y - b.y);
    expect(boxes).toHaveLength(3);
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.y).toBeGreaterThanOrEqual(boxes[i - 1]!.y + boxes[i - 1]!.h);
    expect(text(d)).toMatch(/Commented \[AS1\].*Commented \[BJ2\].*Commented \[AS3\]/);
    const shades = items(d).filter((i): i is RectItem => i.kind === 'rect' && i.stroke === undefined);
    expect(new Set(shades.map((s) => s.fill)).size).toBe(2);
    expect(shades.length).toBeGreaterThanOrEqual(5);
  });

  it('anchors a comment inside a table cell', async () => {
    const d = await layout('comment-table', 'markup', 'show');
    expect(text(d)).toContain('Commented [C1]: ');
    const shade = items(d).find((i): i is RectItem => i.kind === 'rect' && i.stroke === undefined)!;
    expect(shade.x).toBeGreaterThan(200);
  });
});
