import { describe, expect, it } from 'vitest';
import type { RunProps } from '../model';
import { parseXml } from '../xml';
import { readMathTree, type MathTreeContext } from './math-tree';

const NS = 'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const ctx: MathTreeContext = { runProps: () => ({ sizePt: 20 }) as RunProps, intLim: 'subSup', naryLim: 'undOvr' };
const r = (t: string, pr = '') => `<m:r>${pr}<m:t>${t}</m:t></m:r>`;

function tree(inner: string) {
  const doc = parseXml(`<m:oMath ${NS}>${inner}</m:oMath>`);
  if (!doc.ok) throw new Error('bad xml');
  return readMathTree(doc.value.root, ctx).tree;
}

describe('readMathTree (m:oMath, §22.1)', () => {
  it('reads run styles, scripts, fractions and n-ary operators with their defaults', () => {
    const t = tree(r('sin', '<m:rPr><m:sty m:val="p"/><m:scr m:val="double-struck"/></m:rPr>') +
      `<m:f><m:fPr><m:type m:val="noBar"/></m:fPr><m:num>${r('n')}</m:num><m:den>${r('k')}</m:den></m:f>` +
      `<m:sSubSup><m:e>${r('x')}</m:e><m:sub>${r('i')}</m:sub><m:sup>${r('2')}</m:sup></m:sSubSup>` +
      `<m:nary><m:naryPr><m:subHide m:val="1"/></m:naryPr><m:sub>${r('a')}</m:sub><m:sup>${r('b')}</m:sup><m:e>${r('f')}</m:e></m:nary>`);
    expect(t[0]).toEqual({ kind: 'run', text: 'sin', sty: 'p', scr: 'double-struck' });
    expect(t[1]).toMatchObject({ kind: 'frac', type: 'noBar' });
    expect(t[2]).toMatchObject({ kind: 'scripts', base: [{ text: 'x' }], sub: [{ text: 'i' }], sup: [{ text: '2' }] });
    // An integral (the default character) takes m:intLim; its hidden lower limit is dropped.
    expect(t[3]).toEqual({ kind: 'nary', chr: '∫', limLoc: 'subSup', sup: [{ kind: 'run', text: 'b' }], body: [{ kind: 'run', text: 'f' }], grow: false });
  });

  it('reads equation arrays\' distribution (m:maxDist, m:objDist only with it) and counts the spread ones', () => {
    const arr = (pr: string) => `<m:eqArr><m:eqArrPr>${pr}</m:eqArrPr><m:e>${r('a&=b')}</m:e></m:eqArr>`;
    const read = (inner: string) => {
      const doc = parseXml(`<m:oMath ${NS}>${inner}</m:oMath>`);
      if (!doc.ok) throw new Error('bad xml');
      return readMathTree(doc.value.root, ctx);
    };
    const both = read(arr('<m:maxDist m:val="1"/><m:objDist/>') + arr('<m:maxDist m:val="on"/>') + arr('<m:maxDist m:val="0"/><m:objDist m:val="1"/>'));
    expect(both.tree.map((n) => n.kind === 'eqArr' && [n.maxDist ?? false, n.objDist ?? false])).toEqual([[true, true], [true, false], [false, false]]);
    expect(both.spreads).toBe(2);
    expect(read(arr('')).spreads).toBe(0);
  });

  it('reads delimiters (an empty m:begChr means none), matrices, group characters and phantoms', () => {
    const t = tree(`<m:d><m:dPr><m:begChr m:val=""/><m:endChr m:val="]"/></m:dPr><m:e>${r('a')}</m:e><m:e>${r('b')}</m:e></m:d>` +
      `<m:m><m:mr><m:e>${r('1')}</m:e><m:e>${r('0')}</m:e></m:mr><m:mr><m:e>${r('0')}</m:e><m:e>${r('1')}</m:e></m:mr></m:m>` +
      `<m:groupChr><m:groupChrPr><m:pos m:val="top"/></m:groupChrPr><m:e>${r('x')}</m:e></m:groupChr>` +
      `<m:phant><m:phantPr><m:show m:val="0"/><m:zeroWid m:val="1"/></m:phantPr><m:e>${r('y')}</m:e></m:phant>`);
    expect(t[0]).toMatchObject({ kind: 'delim', beg: '', end: ']', sep: '|', grow: true, items: [[{ text: 'a' }], [{ text: 'b' }]] });
    expect(t[1]).toMatchObject({ kind: 'matrix', rows: [[[{ text: '1' }], [{ text: '0' }]], [[{ text: '0' }], [{ text: '1' }]]] });
    expect(t[2]).toMatchObject({ kind: 'groupChr', chr: '⏟', pos: 'top', vertJc: 'top' });
    expect(t[3]).toMatchObject({ kind: 'phant', show: false, zeroWid: true, zeroAsc: false });
  });

  it('marks fractions small under m:smallFrac, and reads m:vertJc without a value as bot (§22.1.2.119)', () => {
    const doc = parseXml(`<m:oMath ${NS}><m:f><m:num>${r('a')}</m:num><m:den>${r('b')}</m:den></m:f></m:oMath>`);
    if (!doc.ok) throw new Error('bad xml');
    expect(readMathTree(doc.value.root, { ...ctx, smallFrac: true }).tree[0]).toMatchObject({ kind: 'frac', small: true });
    expect(readMathTree(doc.value.root, ctx).tree[0]).not.toHaveProperty('small');
    const t = tree(`<m:groupChr><m:groupChrPr><m:vertJc/></m:groupChrPr><m:e>${r('x')}</m:e></m:groupChr>`);
    expect(t[0]).toMatchObject({ kind: 'groupChr', pos: 'bot', vertJc: 'bot' });
  });

  it('names the elements it does not typeset', () => {
    const doc = parseXml(`<m:oMath ${NS}><m:foo>${r('a')}</m:foo><m:f><m:num>${r('1')}</m:num><m:den>${r('2')}</m:den></m:f></m:oMath>`);
    if (!doc.ok) throw new Error('bad xml');
    const { tree, unknown } = readMathTree(doc.value.root, ctx);
    expect(unknown).toEqual(['m:foo']);
    expect(tree.map((n) => n.kind)).toEqual(['run', 'frac']);
  });

  it('turns content nested past the depth limit into its text instead of recursing', () => {
    let inner = r('z');
    for (let i = 0; i < 70; i++) inner = `<m:d><m:e>${inner}</m:e></m:d>`;
    const t = tree(inner);
    let depth = 0;
    let node = t[0];
    while (node?.kind === 'delim') {
      depth++;
      node = node.items[0]?.[0];
    }
    expect(depth).toBeLessThan(50);
    expect(node).toEqual({ kind: 'run', text: 'z' });
  });
});
