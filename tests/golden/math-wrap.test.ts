/**
 * Display equations wider than their column break at relations and binary operators as Word breaks
 * them (m:brkBin, m:wrapIndent, m:wrapRight in settings' m:mathPr); the equations of one m:oMathPara
 * are placed by its m:jc, as a group (centerGroup, the default) or each on its own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, OFFICE_THEME, WORD_DEFAULT_STYLES } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

beforeAll(async () => {
  await initKernel();
});

const m = (t: string, rPr = '') => `<m:r><w:rPr><w:rFonts w:ascii="Cambria Math" w:hAnsi="Cambria Math"/>${rPr}</w:rPr><m:t>${t}</m:t></m:r>`;
const runs = (d: LayoutDoc) => flatItems(d.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
const right = (r: GlyphRun) => r.x + r.advances.reduce((s, a) => s + a, 0);

/** y = ab + ab + ... (30 terms): about twice as wide as the 468 pt column of a Letter page. */
const LONG = m('y') + m('=') + Array.from({ length: 30 }, (_, i) => (i ? m('+') : '') + m('ab')).join('');

async function lay(body: string, mathPr = ''): Promise<LayoutDoc> {
  const settings = mathPr ? `<m:mathPr>${mathPr}</m:mathPr>` : undefined;
  const { doc } = await layoutDocx(makeDocx({ styles: WORD_DEFAULT_STYLES, theme: OFFICE_THEME, body, ...(settings ? { settings } : {}) }), 'wrap.docx', host);
  return doc;
}

/** The equation's glyph runs by baseline, top line first, each line left to right. */
function lines(d: LayoutDoc): GlyphRun[][] {
  const by = new Map<number, GlyphRun[]>();
  for (const r of runs(d)) {
    const y = Math.round(r.y * 100) / 100;
    by.set(y, [...(by.get(y) ?? []), r]);
  }
  return [...by.entries()].sort((a, b) => a[0] - b[0]).map(([, l]) => l.sort((a, b) => a.x - b.x));
}

describe('line breaking of display math', () => {
  it('breaks before binary operators by default, continuation lines indented by 1440 twips, within the column', async () => {
    const l = lines(await lay(`<w:p><m:oMathPara><m:oMath>${LONG}</m:oMath></m:oMathPara></w:p>`));
    expect(l.length).toBe(2);
    for (const r of l.flat()) expect(right(r)).toBeLessThanOrEqual(72 + 468 + 0.01);
    expect(l[1]![0]!.text).toBe('+');
    expect(l[0]![l[0]!.length - 1]!.text).toBe('ab');
    expect(l[1]![0]!.x - l[0]![0]!.x).toBeCloseTo(72, 3);
    // The second line sits below the first by more than the equation's size.
    expect(l[1]![0]!.y - l[0]![0]!.y).toBeGreaterThan(11);
  });

  it('follows m:brkBin after and m:wrapIndent', async () => {
    const l = lines(await lay(`<w:p><m:oMathPara><m:oMath>${LONG}</m:oMath></m:oMathPara></w:p>`, '<m:brkBin m:val="after"/><m:wrapIndent m:val="720"/>'));
    expect(l.length).toBe(2);
    expect(l[0]![l[0]!.length - 1]!.text).toBe('+');
    expect(l[1]![0]!.text).toBe('ab');
    expect(l[1]![0]!.x - l[0]![0]!.x).toBeCloseTo(36, 3);
  });

  it('repeats the operator at the end of one line and the start of the next with m:brkBin repeat', async () => {
    const l = lines(await lay(`<w:p><m:oMathPara><m:oMath>${LONG}</m:oMath></m:oMathPara></w:p>`, '<m:brkBin m:val="repeat"/>'));
    expect(l.length).toBeGreaterThanOrEqual(2);
    expect(l[0]![l[0]!.length - 1]!.text).toBe('+');
    expect(l[1]![0]!.text).toBe('+');
    // 29 operators, each line break showing one twice.
    expect(l.flat().filter((r) => r.text === '+').length).toBe(29 + l.length - 1);
  });

  it('shows a subtraction repeated at a break as m:brkBinSub says (-+: minus then plus, +-: plus then minus)', async () => {
    const minus = m('y') + m('=') + Array.from({ length: 30 }, (_, i) => (i ? m('-') : '') + m('ab')).join('');
    const para = `<w:p><m:oMathPara><m:oMath>${minus}</m:oMath></m:oMathPara></w:p>`;
    const ends = (l: GlyphRun[][]) => [l[0]![l[0]!.length - 1]!.text, l[1]![0]!.text];
    expect(ends(lines(await lay(para, '<m:brkBin m:val="repeat"/>')))).toEqual(['-', '-']);
    expect(ends(lines(await lay(para, '<m:brkBin m:val="repeat"/><m:brkBinSub m:val="-+"/>')))).toEqual(['-', '+']);
    expect(ends(lines(await lay(para, '<m:brkBin m:val="repeat"/><m:brkBinSub m:val="+-"/>')))).toEqual(['+', '-']);
  });

  it('right-aligns continuation lines to the column with m:wrapRight', async () => {
    const l = lines(await lay(`<w:p><m:oMathPara><m:oMath>${LONG}</m:oMath></m:oMathPara></w:p>`, '<m:wrapRight/>'));
    expect(l.length).toBe(2);
    expect(l[0]![0]!.x).toBeCloseTo(72, 3);
    expect(right(l[1]![l[1]!.length - 1]!)).toBeCloseTo(72 + 468, 3);
  });

  it('breaks at a manual break (m:brk) although the equation fits, aligning at m:alnAt\'s operator or at the line\'s start', async () => {
    const brk = (t: string, aln: string) => `<m:r><m:rPr><m:brk${aln}/></m:rPr><w:rPr><w:rFonts w:ascii="Cambria Math" w:hAnsi="Cambria Math"/></w:rPr><m:t>${t}</m:t></m:r>`;
    const eq = (aln: string) => `<w:p><m:oMathPara><m:oMath>${m('y')}${m('=')}${m('ab')}${m('+')}${m('c')}${brk('=', aln)}${m('d')}</m:oMath></m:oMathPara></w:p>`;
    const aligned = lines(await lay(eq(' m:alnAt="1"')));
    expect(aligned.length).toBe(2);
    expect(aligned[1]![0]!.text).toBe('=');
    // The second line's '=' under the first line's first operator, its '='.
    expect(aligned[1]![0]!.x).toBeCloseTo(aligned[0]!.find((r) => r.text === '=')!.x, 3);
    const second = lines(await lay(eq(' m:alnAt="2"')));
    expect(second[1]![0]!.x).toBeCloseTo(second[0]!.find((r) => r.text === '+')!.x, 3);
    const plain = lines(await lay(eq('')));
    expect(plain.length).toBe(2);
    expect(plain[1]![0]!.x).toBeCloseTo(plain[0]![0]!.x, 3);
  });

  it('breaks a manual break on a binary operator as m:brkBin says: after it, or on both lines with repeat', async () => {
    const brk = `<m:r><m:rPr><m:brk/></m:rPr><w:rPr><w:rFonts w:ascii="Cambria Math" w:hAnsi="Cambria Math"/></w:rPr><m:t>+</m:t></m:r>`;
    const para = `<w:p><m:oMathPara><m:oMath>${m('y')}${m('=')}${m('ab')}${brk}${m('c')}</m:oMath></m:oMathPara></w:p>`;
    const texts = (l: GlyphRun[][]) => l.map((line) => line.map((r) => r.text).join(''));
    expect(texts(lines(await lay(para)))).toEqual(['y=ab', '+c']);
    expect(texts(lines(await lay(para, '<m:brkBin m:val="after"/>')))).toEqual(['y=ab+', 'c']);
    expect(texts(lines(await lay(para, '<m:brkBin m:val="repeat"/>')))).toEqual(['y=ab+', '+c']);
  });

  it('keeps an equation that fits on one line', async () => {
    const l = lines(await lay(`<w:p><m:oMathPara><m:oMath>${m('y')}${m('=')}${m('ab')}${m('+')}${m('ab')}</m:oMath></m:oMathPara></w:p>`));
    expect(l.length).toBe(1);
  });
});

describe('several equations in one m:oMathPara', () => {
  const para = (jc: string) =>
    `<w:p><m:oMathPara>${jc ? `<m:oMathParaPr><m:jc m:val="${jc}"/></m:oMathParaPr>` : ''}` +
    `<m:oMath>${m('x')}${m('=')}${m('1')}</m:oMath><m:oMath>${m('a')}${m('=')}${m('b')}${m('+')}${m('c')}${m('+')}${m('d')}${m('+')}${m('e')}</m:oMath></m:oMathPara></w:p>`;
  /** Left and right edges of each equation line; Letter page, 72 pt margins: the column's middle is at 306 pt. */
  const edges = (d: LayoutDoc) => lines(d).map((l) => [l[0]!.x, right(l[l.length - 1]!)] as const);

  it('centres them as a group, left-aligned within it, by default (centerGroup)', async () => {
    const [short, long] = edges(await lay(para('')));
    expect(short![0]).toBeCloseTo(long![0], 3);
    expect((long![0] + long![1]) / 2).toBeCloseTo(306, 1);
  });

  it('centres each with m:jc center, and aligns each left or right', async () => {
    const [short, long] = edges(await lay(para('center')));
    expect((short![0] + short![1]) / 2).toBeCloseTo(306, 1);
    expect((long![0] + long![1]) / 2).toBeCloseTo(306, 1);
    const left = edges(await lay(para('left')));
    expect(left.map((e) => e[0])).toEqual([72, 72]);
    const rightAligned = edges(await lay(para('right')));
    for (const e of rightAligned) expect(e[1]).toBeCloseTo(540, 3);
  });
});

describe('equation arrays spread to the column (m:maxDist, m:objDist)', () => {
  const arr = (pr: string) => `<w:p><m:oMathPara><m:oMath><m:eqArr><m:eqArrPr>${pr}</m:eqArrPr><m:e>${m('x&=1&y&=2')}</m:e><m:e>${m('xx&=111&yyy&=3')}</m:e></m:eqArr></m:oMath></m:oMathPara></w:p>`;

  it('fills the 468 pt column from margin to margin with m:objDist, its pairs spread evenly with m:maxDist alone', async () => {
    const objects = lines(await lay(arr('<m:maxDist m:val="1"/><m:objDist m:val="1"/>')));
    const bottom = objects[objects.length - 1]!;
    expect(bottom[0]!.x).toBeCloseTo(72, 2);
    expect(right(bottom[bottom.length - 1]!)).toBeCloseTo(72 + 468, 2);
    const plain = lines(await lay(arr('')));
    const pairs = lines(await lay(arr('<m:maxDist/>')));
    const width = (l: GlyphRun[][]) => Math.max(...l.map((line) => right(line[line.length - 1]!))) - Math.min(...l.map((line) => line[0]!.x));
    // maxDist alone leaves a third of the room at each end: wider than the plain array, narrower than the column.
    expect(width(pairs)).toBeGreaterThan(width(plain) + 100);
    const room = 468 - width(plain);
    expect(width(pairs)).toBeCloseTo(468 - (2 * room) / 3, 1);
  });

  it('counts a spread array at its own width where the text\'s natural width is measured (an auto-width frame)', async () => {
    const framed = (pr: string) => arr(pr).replace('<w:p><m:oMathPara>', '<w:p><w:pPr><w:framePr w:hAnchor="margin" w:vAnchor="text" w:x="0" w:y="0"/></w:pPr><m:oMathPara>');
    const width = (l: GlyphRun[][]) => Math.max(...l.map((line) => right(line[line.length - 1]!))) - Math.min(...l.map((line) => line[0]!.x));
    const plain = width(lines(await lay(framed(''))));
    expect(width(lines(await lay(framed('<m:maxDist/><m:objDist/>'))))).toBeCloseTo(plain, 1);
  });
});

describe('line breaking of inline math', () => {
  const para = (words: string, mathPr = '') => lay(`<w:p><w:r><w:t xml:space="preserve">${words} </w:t></w:r><m:oMath>${LONG}</m:oMath><w:r><w:t xml:space="preserve"> after.</w:t></w:r></w:p>`, mathPr);
  /** The equation's runs (set in the math face) by line, top first. */
  const mathLines = (d: LayoutDoc) => lines(d).map((l) => l.filter((r) => !/\s/.test(r.text))).filter((l) => l.some((r) => r.text === 'ab'));

  it('breaks an inline equation too long for its line before its operators, within the column, in text order', async () => {
    const d = await para('Some text before');
    const l = mathLines(d);
    // About twice the column wide after the words: three lines, each filled (its last 'ab' near the right margin).
    expect(l.length).toBe(3);
    for (const r of runs(d)) expect(right(r)).toBeLessThanOrEqual(72 + 468 + 0.01);
    for (const line of l.slice(0, 2)) expect(right(line[line.length - 1]!)).toBeGreaterThan(72 + 468 - 30);
    // The first line holds the words and the equation's start; the others start at the margin with an operator.
    expect(lines(d)[0]![0]!.text).toBe('Some text before ');
    expect(l[0]![0]!.text).toBe('y');
    for (const line of l.slice(1)) {
      expect(line[0]!.text).toBe('+');
      expect(line[0]!.x).toBeCloseTo(72, 3);
    }
    expect(l.flat().filter((r) => r.text === 'ab').length).toBe(30);
  });

  it('lets the space before the operator that starts the next line hang: a right-aligned line ends with its last term at the margin', async () => {
    const d = await lay(`<w:p><w:pPr><w:jc w:val="right"/></w:pPr><w:r><w:t xml:space="preserve">Some text before </w:t></w:r><m:oMath>${LONG}</m:oMath></w:p>`);
    const l = mathLines(d);
    expect(l.length).toBe(3);
    expect(l[0]![l[0]!.length - 1]!.text).toBe('ab');
    expect(right(l[0]![l[0]!.length - 1]!)).toBeCloseTo(72 + 468, 3);
  });

  it('breaks after the operator with m:brkBin after', async () => {
    const l = mathLines(await para('Some text before', '<m:brkBin m:val="after"/>'));
    expect(l.length).toBe(3);
    expect(l[0]![l[0]!.length - 1]!.text).toBe('+');
    expect(l[1]![0]!.text).toBe('ab');
  });

  it('ends the line at a manual break (m:brk) in an inline equation that would fit, before the operator or after it as m:brkBin says', async () => {
    const brk = `<m:r><m:rPr><m:brk/></m:rPr><w:rPr><w:rFonts w:ascii="Cambria Math" w:hAnsi="Cambria Math"/></w:rPr><m:t>+</m:t></m:r>`;
    const body = `<w:p><w:r><w:t xml:space="preserve">Text </w:t></w:r><m:oMath>${m('y')}${m('=')}${m('ab')}${brk}${m('c')}</m:oMath><w:r><w:t xml:space="preserve"> after.</w:t></w:r></w:p>`;
    const texts = (d: LayoutDoc) => lines(d).map((line) => line.map((r) => r.text).join(''));
    expect(texts(await lay(body))).toEqual(['Text y=ab', '+c after.']);
    expect(texts(await lay(body, '<m:brkBin m:val="after"/>'))).toEqual(['Text y=ab+', 'c after.']);
    // The second line starts at the margin.
    const second = lines(await lay(body))[1]!;
    expect(second[0]!.x).toBeCloseTo(72, 3);
  });
});

describe('inline math in right-to-left text', () => {
  it('keeps the pieces of an inline equation left to right in a right-to-left paragraph', async () => {
    const d = await lay(`<w:p><w:pPr><w:bidi/></w:pPr><w:r><w:rPr><w:rtl/></w:rPr><w:t xml:space="preserve">שלום </w:t></w:r><m:oMath>${m('y')}${m('=')}${m('ab')}${m('+')}${m('c')}</m:oMath><w:r><w:rPr><w:rtl/></w:rPr><w:t xml:space="preserve"> עולם</w:t></w:r></w:p>`);
    const x = (t: string) => runs(d).find((r) => r.text === t)!.x;
    expect(x('y')).toBeLessThan(x('='));
    expect(x('=')).toBeLessThan(x('ab'));
    expect(x('ab')).toBeLessThan(x('+'));
    expect(x('+')).toBeLessThan(x('c'));
  });
});
