import { describe, expect, it } from 'vitest';
import type { MathNode, RunProps } from '../model';
import { createNodeHost } from '../../node/host';
import { makeDocx } from '../../tests/helpers/make-docx';
import type { Inline } from '../model';
import { MAX_EQ_FIELD_NODES, MAX_EQ_NODES, readEqField, readEqFieldChecked } from './eq-field';
import { parseDocx } from './parse-docx';

const props = { sizePt: 11, font: 'Times New Roman' } as RunProps;
const t = (text: string) => ({ kind: 'run', text, normal: true, props });

describe('readEqField (EQ, §17.16.5.20)', () => {
  it('reads fractions, radicals with a degree, and text in the field\'s font', () => {
    expect(readEqField('EQ x = \\f(1,2)', props)).toEqual([t('x = '), { kind: 'frac', type: 'bar', num: [t('1')], den: [t('2')], textSize: true }]);
    expect(readEqField('eq \\r(3,x)', props)).toEqual([{ kind: 'rad', deg: [t('3')], body: [t('x')] }]);
  });

  it('reads arrays by their column count, brackets with their characters, and boxes around literal parentheses', () => {
    expect(readEqField('eq \\a\\co2(1,2,3,4)', props)).toEqual([{ kind: 'matrix', rows: [[[t('1')], [t('2')]], [[t('3')], [t('4')]]] }]);
    expect(readEqField('eq \\b\\bc\\[(x)', props)).toMatchObject([{ kind: 'delim', beg: '[', end: ']', items: [[t('x')]] }]);
    expect(readEqField('eq \\x(p=(x,y,z))', props)).toEqual([{ kind: 'box', border: true, body: [t('p=(x,y,z)')] }]);
  });

  it('reads \\i sums with limits over and under, \\in integrals with limits beside, and scripts', () => {
    expect(readEqField('eq \\i\\su(i=0,n,x)', props)).toMatchObject([{ kind: 'nary', chr: '∑', limLoc: 'undOvr', limitsInline: true, sub: [t('i=0')], sup: [t('n')], body: [t('x')] }]);
    expect(readEqField('eq \\i\\in(a,b,f)', props)).toMatchObject([{ kind: 'nary', chr: '∫', limLoc: 'subSup' }]);
    expect(readEqField('eq e\\s(n)\\s\\do(k)', props)).toEqual([t('e'), { kind: 'scripts', base: [], sup: [t('n')] }, { kind: 'scripts', base: [], sub: [t('k')] }]);
  });

  it('reads \\s\\up n and \\s\\do n as raising and lowering by n points, \\d\\fo n, \\d\\ba n and \\li as moves', () => {
    expect(readEqField('eq e\\s\\up8(n)\\s\\do4(k)', props)).toEqual([
      t('e'), { kind: 'shift', risePt: 8, advancePt: 0, body: [t('n')] }, { kind: 'shift', risePt: -4, advancePt: 0, body: [t('k')] },
    ]);
    expect(readEqField('eq a\\d \\fo10 \\li()b\\d\\ba3()c', props)).toEqual([
      t('a'), { kind: 'shift', risePt: 0, advancePt: 10, line: true, body: [] }, t('b'), { kind: 'shift', risePt: 0, advancePt: -3, body: [] }, t('c'),
    ]);
    expect(readEqField('eq \\d()x', props)).toEqual([t('x')]);
  });

  it('reads overstrikes centred by default (the enclosed characters Word makes with \\o\\ac)', () => {
    expect(readEqField('eq \\o\\ac(○,印)', props)).toEqual([{ kind: 'over', align: 'center', items: [[t('○')], [t('印')]] }]);
    expect(readEqField('eq \\o\\al(a,b)', props)).toMatchObject([{ kind: 'over', align: 'left' }]);
  });

  it('gives each piece of text the properties of its instruction run', () => {
    const small = { sizePt: 8, font: 'Times New Roman' } as RunProps;
    const raw = 'eq \\o\\ac(○,印)';
    const at = raw.indexOf('印');
    const tree = readEqField(raw, (i) => (i >= at && i < at + 1 ? small : props));
    expect(tree).toEqual([{ kind: 'over', align: 'center', items: [[t('○')], [{ kind: 'run', text: '印', normal: true, props: small }]] }]);
  });

  it('gives nothing for an empty field and stops at its depth limit on deep nesting', () => {
    expect(readEqField('EQ ', props)).toBeUndefined();
    const deep = readEqField(`eq ${'\\f('.repeat(200)}1${')'.repeat(200)}`, props);
    expect(deep).toBeDefined();
  });
});

describe('EQ fields of a whole document (fuzz seed 53)', () => {
  it('build at most MAX_EQ_NODES commands between them; the fields past that show their text, with a warning', () => {
    // 30 fields of 5,000 commands (\b(c), a per-field maximum): 150,000 commands held some 75 MB;
    // 400 such fields (a 24 KB package) ran a 1 GB heap out of memory while it was read.
    const field = `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> EQ ${'\\b(c)'.repeat(5_000)} </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`;
    const parsed = parseDocx(makeDocx({ body: `<w:p>${field}</w:p>`.repeat(30) }), {}, createNodeHost());
    if (!parsed.ok) throw new Error('parse');
    const fields = parsed.value.sections.flatMap((s) => s.blocks).flatMap((b) => (b.kind === 'paragraph' ? b.inlines : [])).filter((i): i is Extract<Inline, { kind: 'field' }> => i.kind === 'field');
    expect(fields).toHaveLength(30);
    const typeset = fields.filter((f) => f.result[0]?.kind === 'math');
    expect(typeset).toHaveLength(MAX_EQ_NODES / 5_000);
    // The others keep the field's text (the brackets evaluated as text).
    expect(fields.slice(typeset.length).every((f) => f.result[0]?.kind === 'text' && (f.result[0] as { text: string }).text.startsWith('(c)(c)'))).toBe(true);
    expect(parsed.warnings.filter((w) => w.code === 'docx/eq-too-large').reduce((n, w) => n + (w.count ?? 1), 0)).toBe(30 - typeset.length);
  });

  it('counts the arguments of a command too: an array of many cells is cut at the field\'s bound (fuzz seed 86)', () => {
    // One \a command of 20,000 cells was one node: 600 such fields in table cells (a 2 MB package)
    // ran a 1 GB heap out of memory. Cells past the field's bound are skipped, and the text after
    // the array is still read.
    const cells = Array.from({ length: 20_000 }, (_, i) => String(i)).join(',');
    const { tree, cut } = readEqFieldChecked(`EQ \\a\\co1(${cells}) after`, props);
    expect(cut).toBe(true);
    const matrix = tree?.[0] as Extract<MathNode, { kind: 'matrix' }>;
    expect(matrix.kind).toBe('matrix');
    expect(matrix.rows.length).toBe(MAX_EQ_FIELD_NODES);
    expect(tree?.[1]).toEqual(t(' after'));
    // Within the bound nothing changes.
    const small = readEqFieldChecked('EQ \\a\\co2(1,2,3,4)', props);
    expect(small.cut).toBe(false);
    expect((small.tree?.[0] as Extract<MathNode, { kind: 'matrix' }>).rows).toHaveLength(2);
    // The document's budget counts cells as well: 30 arrays of 4,000 cells typeset 25 of them.
    const budget = { eqNodesLeft: MAX_EQ_NODES };
    const typeset = Array.from({ length: 30 }, () => readEqFieldChecked(`EQ \\a(${cells.split(',').slice(0, 4_000).join(',')})`, props, budget).tree).filter(Boolean);
    expect(typeset).toHaveLength(25);
  });

  it('warns when one field passes its own bound of commands or its instruction is cut', () => {
    const eq = (n: number) => `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> EQ ${'\\b(c)'.repeat(n)} </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`;
    const codes = (body: string) => {
      const parsed = parseDocx(makeDocx({ body }), {}, createNodeHost());
      if (!parsed.ok) throw new Error('parse');
      return parsed.warnings.map((w) => w.code);
    };
    // At its bound the field is whole; one command more, and the rest of it is not drawn.
    expect(codes(`<w:p>${eq(MAX_EQ_FIELD_NODES)}</w:p>`)).not.toContain('docx/eq-too-large');
    expect(codes(`<w:p>${eq(MAX_EQ_FIELD_NODES + 1)}</w:p>`)).toContain('docx/eq-too-large');
    // An instruction of 120,000 characters keeps its first 100,000 and says so.
    const long = `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> AUTHOR ${'x'.repeat(60_000)}</w:instrText></w:r><w:r><w:instrText>${'y'.repeat(60_000)}</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>Ann</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`;
    expect(codes(`<w:p>${long}</w:p>`)).toContain('docx/field-instruction-cut');
    expect(codes(`<w:p>${eq(3)}</w:p>`)).not.toContain('docx/field-instruction-cut');
  });
});
