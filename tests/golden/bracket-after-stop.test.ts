/**
 * Word does not break a line between an infix separator (. , : ;) and an opening bracket:
 * poi-bug59058's "principles.(7)Coherence:" moves down a line whole in Word, and its saved page start
 * falls on the next line's first word ('fundamentally'), where we had broken after "principles." and
 * ended the page a word later. UAX #14 allows that break (LB31).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

/** The text of each line, page by page, top to bottom. */
function lines(d: LayoutDoc): string[] {
  return d.pages.flatMap((page) => {
    const byY = new Map<number, GlyphRun[]>();
    for (const r of flatItems(page.items)) {
      if (r.kind !== 'glyphs') continue;
      const y = Math.round(r.y * 10) / 10;
      byY.set(y, [...(byY.get(y) ?? []), r]);
    }
    return [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([, rs]) => rs.sort((a, b) => a.x - b.x).map((r) => r.text).join(''));
  });
}

beforeAll(async () => {
  await initKernel();
});

describe('an opening bracket after a full stop', () => {
  it('stays with the word before it at a line end', async () => {
    // Fillers of every length up to a line move the bracket across the line end.
    const body = Array.from({ length: 40 }, (_, k) => para(`${'ab '.repeat(k + 60)}principles.(7)Coherence: next`)).join('');
    const { doc } = await layoutDocx(makeDocx({ body }), 'bracket-after-stop.docx', host);
    const all = lines(doc);
    expect(all.some((l) => l.includes('principles.(7)'))).toBe(true);
    expect(all.filter((l) => l.trimStart().startsWith('(7)'))).toEqual([]);
    expect(all.filter((l) => l.trimEnd().endsWith('principles.'))).toEqual([]);
  });
});
