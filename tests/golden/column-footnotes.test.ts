/**
 * Footnotes on a page set in several columns (w:cols w:num > 1, §17.6.4). ECMA-376 does not say
 * where they go; Word formats the page's footnote area with as many columns as the text (its
 * FootnoteOptions.LayoutColumns at 0, the default), each at the column's width. Since Word 2013
 * (compatibilityMode 15) the notes start in the first of those columns whatever column their
 * reference is in and are balanced across them; Word 2010 and earlier put each note at the foot
 * of the column holding its reference. Before, the notes were stacked at the first column's width
 * under the first column only, and the room kept for them was their full height, in every column.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para, run } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
/** US Letter, 1 in margins: the body from 72 to 720 pt; two columns of 216 pt, the second from 324 pt. */
const PAGE = '<w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>';
const COLS = '<w:cols w:num="2" w:space="720"/>';
const COL2_X = 324;
const settings = (mode: number) =>
  `<w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="${mode}"/></w:compat>`;

/** Note 1: one line; note 2: eight lines (one paragraph each); note 3: one paragraph about 300 pt long. */
const WIDE_NOTE = 'A wide note that runs on past the width of one column of the text.';
const NOTE_LINES = Array.from({ length: 8 }, (_, k) => `Long note line ${k + 1}.`);
const NOTES =
  '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>' +
  '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>' +
  `<w:footnote w:id="1"><w:p><w:pPr><w:spacing w:after="0"/></w:pPr>${run('Short note.')}</w:p></w:footnote>` +
  '<w:footnote w:id="2">' +
  NOTE_LINES.map((s) => `<w:p><w:pPr><w:spacing w:after="0"/></w:pPr>${run(s)}</w:p>`).join('') +
  '</w:footnote>' +
  `<w:footnote w:id="3"><w:p><w:pPr><w:spacing w:after="0"/></w:pPr>${run(WIDE_NOTE)}</w:p></w:footnote>`;
const ref = (id: number) => `<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="${id}"/></w:r>`;
const FLUSH = '<w:pPr><w:spacing w:before="0" w:after="0"/></w:pPr>';
const filler = (name: string, n: number) => Array.from({ length: n }, (_, k) => para(`${name} ${k + 1}.`, '<w:spacing w:before="0" w:after="0"/>')).join('');
const BREAK = '<w:p><w:r><w:br w:type="column"/></w:r></w:p>';

async function layout(body: string, mode: number, sectPr = ''): Promise<LayoutDoc> {
  const bytes = makeDocx({ body: `${body}<w:sectPr>${PAGE}${COLS}${sectPr}</w:sectPr>`, footnotes: NOTES, settings: settings(mode) });
  return (await layoutDocx(bytes, 'column-footnotes.docx', host)).doc;
}

const runOf = (doc: LayoutDoc, text: string): GlyphRun => {
  const r = glyphRunsOn(doc, 0).find((g) => g.text.startsWith(text));
  if (!r) throw new Error(`no run ${text}`);
  return r;
};
const lowest = (doc: LayoutDoc, prefix: string) => Math.max(...glyphRunsOn(doc, 0).filter((r) => r.text.startsWith(prefix)).map((r) => r.y));

beforeAll(async () => {
  await initKernel();
});

describe('footnotes in a two-column section, Word 2013 on', () => {
  it('start in the first column whatever column holds the reference', async () => {
    const doc = await layout(`${para('First column.')}${BREAK}<w:p>${FLUSH}${run('Second column')}${ref(1)}</w:p>`, 15);
    expect(runOf(doc, 'Short note.').x).toBeLessThan(COL2_X - 100);
  });

  it('are balanced across the columns at the column width', async () => {
    // Note 2's eight lines (and note 1's one) share the two columns of the area: five in the first,
    // four in the second, tops level.
    const doc = await layout(`<w:p>${FLUSH}${run('Body')}${ref(1)}${ref(2)}</w:p>`, 15);
    const first = runOf(doc, 'Short note.');
    const inSecond = NOTE_LINES.map((s) => runOf(doc, s)).filter((r) => r.x >= COL2_X - 1);
    expect(inSecond.map((r) => r.text)).toEqual(NOTE_LINES.slice(4));
    expect(inSecond[0]!.y).toBeCloseTo(first.y, 1);
    for (const s of NOTE_LINES.slice(0, 4)) expect(runOf(doc, s).x).toBeLessThan(COL2_X - 100);
    // The area is five lines tall, not nine: its last line ends near the bottom margin.
    expect(lowest(doc, 'Long note line')).toBeGreaterThan(720 - 20);
    expect(first.y).toBeGreaterThan(720 - 5 * 16);
  });

  it('keep the body of every column above the balanced area', async () => {
    const doc = await layout(`<w:p>${FLUSH}${run('Body')}${ref(2)}</w:p>${filler('Filler', 120)}`, 15);
    const top = Math.min(...NOTE_LINES.map((s) => runOf(doc, s).y));
    // Eight lines in two columns: the area is four lines tall, not eight.
    expect(top).toBeGreaterThan(720 - 5 * 12);
    const body = glyphRunsOn(doc, 0).filter((r) => r.text.startsWith('Filler'));
    const bottomOf = (x0: number, x1: number) => Math.max(...body.filter((r) => r.x >= x0 && r.x < x1).map((r) => r.y));
    // Both columns run down to the area (within a line), not four lines above it.
    for (const [x0, x1] of [[0, COL2_X - 1], [COL2_X - 1, 600]] as const) {
      expect(bottomOf(x0, x1)).toBeLessThan(top - 10);
      expect(bottomOf(x0, x1)).toBeGreaterThan(top - 10 - 2 * 12);
    }
  });
});

describe('a note referenced in the second column that grows the balanced area', () => {
  it('takes the first column\'s last lines on into the second, as Word does, not the reference', async () => {
    // The first column is full down to the margin before the reference in the second brings eight
    // note lines: the area grows four lines into the first column's text.
    const doc = await layout(`${filler('Left', 60)}<w:p>${FLUSH}${run('Right')}${ref(2)}</w:p>${filler('More', 60)}`, 15);
    const right = runOf(doc, 'Right');
    expect(right.x).toBeGreaterThanOrEqual(COL2_X - 1);
    const top = Math.min(...NOTE_LINES.map((s) => runOf(doc, s).y));
    const body = glyphRunsOn(doc, 0).filter((r) => r.text.startsWith('Left') || r.text.startsWith('More'));
    for (const [x0, x1] of [[0, COL2_X - 1], [COL2_X - 1, 600]] as const) {
      const bottom = Math.max(...body.filter((r) => r.x >= x0 && r.x < x1).map((r) => r.y));
      expect(bottom).toBeLessThan(top - 10);
      expect(bottom).toBeGreaterThan(top - 10 - 2 * 12);
    }
  });
});

describe('footnotes in a two-column section, Word 2010 and earlier', () => {
  it('go at the foot of the column holding the reference, the other column running to the margin', async () => {
    const doc = await layout(`${filler('Left', 60)}<w:p>${FLUSH}${run('Right')}${ref(2)}</w:p>${filler('More', 60)}`, 14);
    for (const s of NOTE_LINES) expect(runOf(doc, s).x).toBeGreaterThanOrEqual(COL2_X - 1);
    const top = Math.min(...NOTE_LINES.map((s) => runOf(doc, s).y));
    const left = glyphRunsOn(doc, 0).filter((r) => r.text.startsWith('Left') && r.x < COL2_X - 1);
    expect(Math.max(...left.map((r) => r.y))).toBeGreaterThan(720 - 16);
    const right = glyphRunsOn(doc, 0).filter((r) => r.x >= COL2_X - 1 && (r.text.startsWith('More') || r.text.startsWith('Left')));
    expect(Math.max(...right.map((r) => r.y))).toBeLessThan(top - 10);
  });
});

describe('footnotes in a two-column section with w15:footnoteColumns 1', () => {
  it('take one column across the text width', async () => {
    const body = `${para('First column.')}${BREAK}<w:p>${FLUSH}${run('Second column')}${ref(3)}</w:p>`;
    const wide = await layout(body, 15, '<w15:footnoteColumns w:val="1"/>');
    const runs = glyphRunsOn(wide, 0).filter((r) => WIDE_NOTE.includes(r.text.trim()) && r.text.trim().length > 3);
    // One line from the left margin, past the first column's right edge (288 pt).
    expect(new Set(runs.map((r) => r.y.toFixed(1))).size).toBe(1);
    expect(runs[0]!.x).toBeCloseTo(72, 0);
    expect(Math.max(...runs.map((r) => r.x + r.advances.reduce((a, b) => a + b, 0)))).toBeGreaterThan(300);
    // Without it, the note wraps at the column's width.
    const narrow = await layout(body, 15);
    const lines = glyphRunsOn(narrow, 0).filter((r) => r.y > 600 && !r.text.startsWith('Second') && r.text.trim().length > 3);
    expect(new Set(lines.map((r) => r.y.toFixed(1))).size).toBeGreaterThan(1);
  });
});

describe('footnotes in columns of unequal widths (w:equalWidth="0")', () => {
  /** A 324 pt column and a 108 pt one, 36 pt apart, in either order. */
  const unequal = (first: number, second: number) =>
    `<w:cols w:num="2" w:space="720" w:equalWidth="0"><w:col w:w="${first * 20}" w:space="720"/><w:col w:w="${second * 20}"/></w:cols>`;
  const boxes = (first: number, second: number) => [
    { x: 72, right: 72 + first },
    { x: 72 + first + 36, right: 72 + first + 36 + second },
  ];
  async function layoutUnequal(body: string, mode: number, first: number, second: number): Promise<LayoutDoc> {
    const bytes = makeDocx({ body: `${body}<w:sectPr>${PAGE}${unequal(first, second)}</w:sectPr>`, footnotes: NOTES, settings: settings(mode) });
    return (await layoutDocx(bytes, 'column-footnotes.docx', host)).doc;
  }
  /** The note's runs (below the body text) with their ink's right edge, trailing spaces left out. */
  const noteRuns = (doc: LayoutDoc) =>
    glyphRunsOn(doc, 0)
      .filter((r) => r.y > 500 && r.text.trim().length > 0)
      .map((r) => {
        const trailing = r.text.length - r.text.trimEnd().length;
        const right = r.x + r.advances.slice(0, r.advances.length - trailing).reduce((a, b) => a + b, 0);
        return { x: r.x, y: r.y, right, text: r.text };
      });

  for (const [first, second, narrow] of [
    [324, 108, 1],
    [108, 324, 0],
  ] as const) {
    it(`set a Word 2010 note in the ${narrow === 1 ? 'second' : 'first'}, narrow, column at that column's width`, async () => {
      const body = narrow === 1 ? `${para('First column.')}${BREAK}<w:p>${FLUSH}${run('Second column')}${ref(3)}</w:p>` : `<w:p>${FLUSH}${run('First column')}${ref(3)}</w:p>`;
      const doc = await layoutUnequal(body, 14, first, second);
      const box = boxes(first, second)[narrow]!;
      const runs = noteRuns(doc);
      // The 300 pt note wraps inside the 108 pt column instead of running 324 pt from its edge.
      expect(new Set(runs.map((r) => r.y)).size).toBeGreaterThan(2);
      for (const r of runs) {
        expect(r.x).toBeGreaterThanOrEqual(box.x - 0.01);
        expect(r.right).toBeLessThanOrEqual(box.right + 0.5);
      }
    });
  }

  it('keep Word 2013\'s balanced notes inside every column of the area', async () => {
    const doc = await layoutUnequal(`<w:p>${FLUSH}${run('Body')}${ref(2)}${ref(3)}</w:p>`, 15, 324, 108);
    const cols = boxes(324, 108);
    const runs = noteRuns(doc);
    expect(runs.some((r) => r.x >= cols[1]!.x - 0.01)).toBe(true);
    for (const r of runs) {
      const box = r.x >= cols[1]!.x - 0.01 ? cols[1]! : cols[0]!;
      expect(r.right).toBeLessThanOrEqual(box.right + 0.5);
    }
  });
});
