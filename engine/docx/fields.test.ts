import { describe, expect, it } from 'vitest';
import type { FieldInline, Inline, Paragraph } from '../model';
import { para, run } from '../../tests/helpers/make-docx';
import { parseInstruction } from './fields';
import { bodyParagraphs, parseFixture, parseWithWarnings, plainText } from './test-util';

const begin = '<w:r><w:fldChar w:fldCharType="begin"/></w:r>';
const sep = '<w:r><w:fldChar w:fldCharType="separate"/></w:r>';
const end = '<w:r><w:fldChar w:fldCharType="end"/></w:r>';
const instr = (s: string) => `<w:r><w:instrText xml:space="preserve">${s}</w:instrText></w:r>`;
const fields = (p: Paragraph) => p.inlines.filter((i): i is FieldInline => i.kind === 'field');
const text = (inlines: readonly Inline[]): string => inlines.map((i) => (i.kind === 'text' ? i.text : i.kind === 'field' ? `{${text(i.result)}}` : `<${i.kind}>`)).join('');

describe('field instructions', () => {
  it('parses names, arguments and switches with and without arguments', () => {
    expect(parseInstruction(' PAGEREF _Toc123 \\h ')).toEqual({ name: 'PAGEREF', args: ['_Toc123'], switches: [['\\h', undefined]] });
    expect(parseInstruction('HYPERLINK "https://x.org/a b" \\l "sec" \\o "tip"')).toEqual({
      name: 'HYPERLINK', args: ['https://x.org/a b'], switches: [['\\l', 'sec'], ['\\o', 'tip']],
    });
    expect(parseInstruction('DATE \\@ "dddd, MMMM d" \\* MERGEFORMAT')).toEqual({ name: 'DATE', args: [], switches: [['\\@', 'dddd, MMMM d'], ['\\*', 'MERGEFORMAT']] });
    expect(parseInstruction('TOC \\o "1-3" \\h \\z \\u')).toEqual({ name: 'TOC', args: [], switches: [['\\o', '1-3'], ['\\h', undefined], ['\\z', undefined], ['\\u', undefined]] });
    expect(parseInstruction('=SUM(ABOVE)').name).toBe('=');
    expect(parseInstruction('').name).toBe('');
  });
});

describe('fields', () => {
  it('assembles complex fields with split instructions, nesting and cached results', () => {
    const body = `<w:p>${run('Page ')}${begin}${instr(' PA')}${instr('GE \\* roman ')}${sep}${run('ii')}${end}${run(' of ')}` +
      `${begin}${instr('IF ')}${begin}${instr('MERGEFIELD x')}${sep}${run('1')}${end}${instr(' = 1 "yes" "no"')}${sep}${run('yes')}${end}</w:p>`;
    const [p] = bodyParagraphs(parseFixture({ body }));
    expect(text(p!.inlines)).toBe('Page {ii} of {yes}');
    const [page, iff] = fields(p!);
    expect(page!.instruction).toEqual({ name: 'PAGE', args: [], switches: [['\\*', 'roman']] });
    expect(iff!.rawInstruction).toBe('IF 1 = 1 "yes" "no"');
  });

  it('computes package fields and the clock, and keeps others cached', () => {
    const body = para('') +
      `<w:p><w:fldSimple w:instr=" AUTHOR \\* Upper "><w:r><w:t>old</w:t></w:r></w:fldSimple></w:p>` +
      `<w:p><w:fldSimple w:instr="DOCPROPERTY Client"><w:r><w:t>?</w:t></w:r></w:fldSimple></w:p>` +
      `<w:p><w:fldSimple w:instr="FILENAME"/></w:p>` +
      `<w:p><w:fldSimple w:instr="DATE \\@ &quot;d MMMM yyyy&quot;"><w:r><w:t>cached</w:t></w:r></w:fldSimple></w:p>` +
      `<w:p><w:fldSimple w:instr="CREATEDATE \\@ yyyy-MM-dd"/></w:p>` +
      `<w:p><w:fldSimple w:instr="REF bm \\h"><w:r><w:t>cached ref</w:t></w:r></w:fldSimple></w:p>`;
    const doc = parseFixture({
      body, coreProps: '<dc:creator>Jane Roe</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">2020-02-29T10:00:00Z</dcterms:created>',
      customProps: { Client: 'ACME' },
    }, { fileName: 'dir/contract.docx' }, new Date(Date.UTC(2024, 6, 4, 12)));
    const ps = bodyParagraphs(doc).slice(1);
    expect(ps.map((p) => text(p.inlines))).toEqual(['{JANE ROE}', '{ACME}', '{contract.docx}', '{4 July 2024}', '{2020-02-29}', '{cached ref}']);
    expect(ps.map((p) => fields(p)[0]!.computed ?? false)).toEqual([true, true, true, true, true, false]);
  });

  it('uses the epoch for DATE when the host has no clock', () => {
    const doc = parseFixture({ body: '<w:p><w:fldSimple w:instr="DATE \\@ yyyy"/></w:p>' });
    expect(text(bodyParagraphs(doc)[0]!.inlines)).toBe('{1970}');
  });

  it('links the result of HYPERLINK fields, to URLs and to bookmarks', () => {
    const body = `<w:p>${begin}${instr('HYPERLINK "https://example.com" \\l "top"')}${sep}${run('site')}${end}</w:p>` +
      `<w:p>${begin}${instr('HYPERLINK \\l "_Toc1"')}${sep}${run('toc')}${end}</w:p>`;
    const [a, b] = bodyParagraphs(parseFixture({ body }));
    const fa = fields(a!)[0]!;
    expect(fa.link).toEqual({ url: 'https://example.com#top' });
    expect(fa.result[0]).toMatchObject({ text: 'site', link: { url: 'https://example.com#top' } });
    expect(fields(b!)[0]!.result[0]).toMatchObject({ text: 'toc', link: { anchor: '_Toc1' } });
  });

  it('lets a TOC result span paragraphs: the first holds the field, later ones the rest of the result', () => {
    const entry = (t: string, bm: string) => `${begin}${instr(`HYPERLINK \\l "${bm}"`)}${sep}${run(t)}<w:r><w:tab/></w:r>${begin}${instr(`PAGEREF ${bm} \\h`)}${sep}${run('3')}${end}${end}`;
    const body = `<w:p>${begin}${instr('TOC \\o "1-3" \\h')}${sep}${entry('One', '_T1')}</w:p><w:p>${entry('Two', '_T2')}</w:p><w:p>${entry('Three', '_T3')}${end}</w:p>${para('after')}`;
    const ps = bodyParagraphs(parseFixture({ body }));
    const toc = fields(ps[0]!)[0]!;
    expect(toc.instruction.name).toBe('TOC');
    expect(toc.continues).toBe(true);
    expect(text(toc.result)).toBe('{One<tab>{3}}');
    expect(text(ps[1]!.inlines)).toBe('{Two<tab>{3}}');
    expect(fields(ps[1]!)[0]!.link).toEqual({ anchor: '_T2' });
    // The field end leaves an empty closing mark, so later stages know where the TOC ends.
    expect(text(ps[2]!.inlines)).toBe('{Three<tab>{3}}{}');
    expect(fields(ps[2]!).at(-1)).toMatchObject({ closes: true, instruction: { name: 'TOC' }, result: [] });
    expect(plainText(ps[3]!)).toBe('after');
  });

  it('warns about fields that have no result and cannot be computed, but not about PAGE', () => {
    const r = parseWithWarnings({ body: `<w:p>${begin}${instr('DISPLAYBARCODE 12345 QR')}${end}${begin}${instr('PAGE')}${end}</w:p>` });
    expect(r.ok).toBe(true);
    expect(r.warnings.filter((w) => w.code === 'docx/field-no-result').map((w) => w.message)).toEqual([
      'The DISPLAYBARCODE field has no cached result and cannot be computed; it shows nothing.',
    ]);
  });

  it('reads legacy field elements and form checkboxes', () => {
    const body = '<w:p><w:r><w:pgNum/></w:r><w:r><w:yearLong/></w:r>' +
      `<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:checkBox><w:default w:val="1"/></w:checkBox></w:ffData></w:fldChar></w:r>${instr('FORMCHECKBOX')}${end}</w:p>`;
    const [p] = bodyParagraphs(parseFixture({ body }, {}, new Date(Date.UTC(2031, 0, 1))));
    expect(fields(p!).map((f) => [f.instruction.name, text(f.result)])).toEqual([['PAGE', ''], ['DATE', '2031'], ['FORMCHECKBOX', '<checkBox>']]);
    expect(fields(p!)[2]!.result[0]).toMatchObject({ kind: 'checkBox', checked: true });
    expect(fields(p!)[2]!.result[0]).not.toHaveProperty('sizePt');
  });

  it('reads a form checkbox\'s state (w:checked over w:default) and exact size (w:size, half-points)', () => {
    const box = (inner: string) => `<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:checkBox>${inner}</w:checkBox></w:ffData></w:fldChar></w:r>${instr('FORMCHECKBOX')}${end}`;
    const body = `<w:p>${box('<w:size w:val="20"/><w:default w:val="1"/><w:checked w:val="0"/>')}${box('<w:sizeAuto/><w:size w:val="20"/><w:checked/>')}</w:p>`;
    const [p] = bodyParagraphs(parseFixture({ body }));
    expect(fields(p!).map((f) => f.result[0])).toMatchObject([{ kind: 'checkBox', checked: false, sizePt: 10 }, { kind: 'checkBox', checked: true }]);
    expect(fields(p!)[1]!.result[0]).not.toHaveProperty('sizePt');
  });
});

describe('stored dates', () => {
  it('keep a cached result without a picture (the author\'s locale format), and recompute with one', () => {
    const core = '<dcterms:modified xsi:type="dcterms:W3CDTF">2009-04-20T22:16:00Z</dcterms:modified>';
    const body = '<w:p><w:fldSimple w:instr=" SAVEDATE \\* MERGEFORMAT "><w:r><w:t>20.04.2009 22:16</w:t></w:r></w:fldSimple></w:p>' +
      '<w:p><w:fldSimple w:instr="SAVEDATE"/></w:p><w:p><w:fldSimple w:instr="SAVEDATE \\@ &quot;MMMM yyyy&quot;"><w:r><w:t>x</w:t></w:r></w:fldSimple></w:p>';
    const ps = bodyParagraphs(parseFixture({ body, coreProps: core }));
    expect(ps.map((p) => text(p.inlines))).toEqual(['{20.04.2009 22:16}', '{4/20/2009 10:16:00 PM}', '{April 2009}']);
  });
});

describe('special fields', () => {
  it('computes SYMBOL fields in their font and size, shows drop-down selections, and leaves locked fields cached', () => {
    const body = '<w:p><w:fldSimple w:instr=" SYMBOL 183 \\f &quot;Symbol&quot; \\s 14 "><w:r><w:t>x</w:t></w:r></w:fldSimple></w:p>' +
      `<w:p><w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:ddList><w:result w:val="1"/><w:listEntry w:val="Red"/><w:listEntry w:val="Green"/></w:ddList></w:ffData></w:fldChar></w:r>${instr('FORMDROPDOWN')}${end}</w:p>` +
      `<w:p><w:r><w:fldChar w:fldCharType="begin" w:fldLock="1"/></w:r>${instr('AUTHOR')}${sep}${run('Locked Name')}${end}</w:p>`;
    const ps = bodyParagraphs(parseFixture({ body, coreProps: '<dc:creator>New</dc:creator>' }));
    const sym = fields(ps[0]!)[0]!.result[0]!;
    expect(sym.kind === 'text' && [sym.text, sym.props.font, sym.props.sizePt]).toEqual(['\u00b7', 'Symbol', 14]);
    expect(text(ps[1]!.inlines)).toBe('{Green}');
    expect(text(ps[2]!.inlines)).toBe('{Locked Name}');
  });
});

describe('evaluated fields', () => {
  it('evaluates IF comparisons, and reads EQ equations as math with their text as the linear text', () => {
    const body = `<w:p>${begin}${instr('IF ')}${begin}${instr('MERGEFIELD n')}${sep}${run('3')}${end}${instr(' > 2 "many" "few"')}${end}</w:p>` +
      `<w:p>${begin}${instr('IF "abc" = "a*" "match" "no"')}${end}</w:p>` +
      `<w:p>${begin}${instr('EQ \\f(1,2)')}${end}</w:p><w:p>${begin}${instr('EQ \\o\\ac(○,字)')}${end}</w:p><w:p>${begin}${instr('EQ \\r(3,x)')}${end}</w:p>`;
    const paras = bodyParagraphs(parseFixture({ body }));
    expect(paras.map((p) => text(p.inlines))).toEqual(['{many}', '{match}', '{<math>}', '{<math>}', '{<math>}']);
    const linear = paras.slice(2).map((p) => {
      const f = p.inlines[0];
      const m = f?.kind === 'field' ? f.result[0] : undefined;
      return m?.kind === 'math' ? [m.linearText, m.tree?.[0]?.kind] : undefined;
    });
    expect(linear).toEqual([['1/2', 'frac'], ['字', 'over'], ['3√x', 'rad']]);
  });
});
