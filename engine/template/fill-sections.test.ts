import { describe, expect, it } from 'vitest';
import { makeDocx, para, run } from '../../tests/helpers/make-docx';
import { checkPackage, findAll, inlineSdt, partText, partTree, pngDataUrl } from '../../tests/template/helpers';
import { openZip } from '../zip';
import { DEFAULT_LIMITS } from '../core';
import { fillTemplate } from './fill';
import type { FillOptions, FillRequest, FillResult } from './types';

async function fill(docx: Uint8Array, request: FillRequest, options: FillOptions = {}): Promise<FillResult> {
  const r = await fillTemplate(docx, request, options);
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.code}: ${e.message}`).join('\n'));
  expect(checkPackage(r.value.docx)).toEqual([]);
  return r.value;
}

const lines = (docx: Uint8Array) => partText(docx).split('\n');
const grid = '<w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>';
const cell = (inner: string) => `<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/></w:tcPr>${inner}</w:tc>`;

describe('loops over paragraphs', () => {
  it('repeats the paragraphs between the tags and drops the tag-only paragraphs', async () => {
    const docx = makeDocx(para('Items for {{company}}:') + para('{{#items}}') + para('- {{name}} ({{company}})') + para('{{/items}}') + para('end'));
    const out = await fill(docx, { data: { company: 'ACME', items: [{ name: 'one' }, { name: 'two' }, { name: 'three' }] } });
    expect(lines(out.docx)).toEqual(['Items for ACME:', '- one (ACME)', '- two (ACME)', '- three (ACME)', 'end']);
    expect(out.report).toEqual({ filled: ['company', 'items', 'name'], missing: [], unknown: [] });
  });

  it('nests loops and reads the current item with {{.}}', async () => {
    const docx = makeDocx(para('{{#groups}}') + para('[{{title}}]') + para('{{#tags}}') + para('* {{.}}') + para('{{/tags}}') + para('{{/groups}}'));
    const out = await fill(docx, { data: { groups: [{ title: 'A', tags: ['x', 'y'] }, { title: 'B', tags: [] }, { title: 'C', tags: ['z'] }] } });
    expect(lines(out.docx)).toEqual(['[A]', '* x', '* y', '[B]', '[C]', '* z']);
  });

  it('repeats runs when both tags are in one paragraph', async () => {
    const out = await fill(makeDocx(para('Tags: {{#tags}}{{.}}; {{/tags}}done')), { data: { tags: ['a', 'b', 'c'] } });
    expect(lines(out.docx)).toEqual(['Tags: a; b; c; done']);
  });
});

describe('conditions', () => {
  it('shows {{#flag}} content when true, {{^flag}} content when false or absent', async () => {
    const docx = makeDocx(para('{{#vip}}') + para('Welcome, VIP') + para('{{/vip}}') + para('{{^vip}}') + para('Hello') + para('{{/vip}}') + para('{{#paid}}PAID{{/paid}}{{^paid}}DUE{{/paid}}'));
    expect(lines((await fill(docx, { data: { vip: true, paid: false } })).docx)).toEqual(['Welcome, VIP', 'DUE']);
    expect(lines((await fill(docx, { data: { vip: false, paid: 'yes' } })).docx)).toEqual(['Hello', 'PAID']);
    const none = await fill(docx, { data: {} });
    expect(lines(none.docx)).toEqual(['Hello', 'DUE']);
    expect(none.report.missing).toEqual(['vip', 'paid']);
  });

  it('uses an object value as the scope of a condition', async () => {
    const out = await fill(makeDocx(para('{{#client}}{{name}} of {{city}}{{/client}}')), { data: { client: { name: 'Ada', city: 'London' } } });
    expect(lines(out.docx)).toEqual(['Ada of London']);
  });
});

describe('loops over table rows', () => {
  it('repeats one row when the tags are in its first and last cell, images included, with unique ids', async () => {
    const tbl = `<w:tbl>${grid}<w:tr>${cell(para('Name'))}${cell(para('Photo'))}</w:tr>` +
      `<w:tr>${cell('<w:p><w:bookmarkStart w:id="5" w:name="row"/>' + run('{{#people}}{{name}}') + '<w:bookmarkEnd w:id="5"/></w:p>')}` +
      `${cell(`<w:p>${inlineSdt('<w:tag w:val="photo"/><w:id w:val="77"/>', run('x'))}${run('{{/people}}')}</w:p>`)}</w:tr></w:tbl>`;
    const logo = pngDataUrl(16, 16);
    const out = await fill(makeDocx(tbl + para('')), { data: { people: [{ name: 'Ann', photo: logo }, { name: 'Bob', photo: logo }, { name: 'Cy', photo: pngDataUrl(8, 8) }] } });
    expect(findAll(partTree(out.docx, 'word/document.xml'), 'w:tr')).toHaveLength(4);
    expect(lines(out.docx).filter((l) => l !== '')).toEqual(['Name', 'Photo', 'Ann', 'Bob', 'Cy']);
    const tree = partTree(out.docx, 'word/document.xml');
    expect(findAll(tree, 'wp:docPr').map((d) => d.attrs.id)).toEqual(['1', '2', '3']);
    expect(findAll(tree, 'w:bookmarkStart').map((b) => b.attrs['w:name'])).toEqual(['row', 'row_2', 'row_3']);
    // Same image bytes share one media part; checkPackage (in fill) proved ids are unique.
    expect(openZip(out.docx).entries.filter((e) => e.name.startsWith('word/media/')).map((e) => e.name)).toEqual(['word/media/colophon-image1.png', 'word/media/colophon-image2.png']);
  });

  it('repeats several rows when the tags are in different rows', async () => {
    const tbl = `<w:tbl>${grid}<w:tr>${cell(para('{{#orders}}Order {{id}}'))}${cell(para(''))}</w:tr>` +
      `<w:tr>${cell(para('{{#lines}}{{item}}'))}${cell(para('{{qty}}{{/lines}}'))}</w:tr><w:tr>${cell(para('total {{total}}{{/orders}}'))}${cell(para(''))}</w:tr></w:tbl>`;
    const out = await fill(makeDocx(tbl + para('')), { data: { orders: [
      { id: 1, total: 5, lines: [{ item: 'a', qty: 2 }, { item: 'b', qty: 3 }] },
      { id: 2, total: 0, lines: [] },
    ] } });
    expect(lines(out.docx).filter((l) => l !== '')).toEqual(['Order 1', 'a', '2', 'b', '3', 'total 5', 'Order 2', 'total 0']);
  });

  it('removes a table whose only rows were in a false section, and keeps cells valid', async () => {
    const tbl = `<w:tbl>${grid}<w:tr>${cell(para('{{#rows}}{{a}}'))}${cell(para('{{/rows}}'))}</w:tr></w:tbl>`;
    const cellLoop = `<w:tbl>${grid}<w:tr>${cell(para('{{#x}}') + para('in') + para('{{/x}}'))}${cell(para('b'))}</w:tr></w:tbl>`;
    const out = await fill(makeDocx(para('before') + tbl + cellLoop + para('after')), { data: { rows: [], x: false } });
    const tree = partTree(out.docx, 'word/document.xml');
    expect(findAll(tree, 'w:tbl')).toHaveLength(1);
    for (const tc of findAll(tree, 'w:tc')) expect(tc.children.some((c) => c.kind === 'element' && c.name === 'w:p')).toBe(true);
    expect(lines(out.docx)).toEqual(['before', '', 'b', 'after']);
  });

  it('treats MERGEFIELD TableStart:/TableEnd: regions as loops', async () => {
    const field = (name: string) => `<w:fldSimple w:instr=" MERGEFIELD ${name} "><w:r><w:t>«${name}»</w:t></w:r></w:fldSimple>`;
    const tbl = `<w:tbl>${grid}<w:tr>${cell(`<w:p>${field('TableStart:Items')}${field('Name')}</w:p>`)}${cell(`<w:p>${field('Price')}${field('TableEnd:Items')}</w:p>`)}</w:tr></w:tbl>`;
    const out = await fill(makeDocx(tbl + para('')), { data: { Items: [{ Name: 'Tea', Price: '2.50' }, { Name: 'Cake', Price: '3.00' }] } });
    expect(lines(out.docx).filter((l) => l !== '')).toEqual(['Tea', '2.50', 'Cake', '3.00']);
  });
});

describe('repeating section controls', () => {
  it('repeats the item of a w15:repeatingSection once per list element, inner controls filled per item', async () => {
    const item = inlineSdt('<w15:repeatingSectionItem/><w:id w:val="11"/>', `<w:p>${inlineSdt('<w:tag w:val="name"/><w:id w:val="12"/><w:text/>', run('Name'))}${run(' / {{role}}')}</w:p>`);
    const docx = makeDocx(inlineSdt('<w:tag w:val="people"/><w:id w:val="10"/><w15:repeatingSection/>', item) + para('end'));
    const out = await fill(docx, { data: { people: [{ name: 'Ann', role: 'chair' }, { name: 'Bob', role: 'clerk' }] } });
    expect(lines(out.docx)).toEqual(['Ann / chair', 'Bob / clerk', 'end']);
    expect([...out.report.filled].sort()).toEqual(['name', 'people', 'role']);
  });
});

describe('section problems', () => {
  it('warns about unclosed and stray tags and leaves them', async () => {
    const r = await fillTemplate(makeDocx(para('{{#open}}') + para('x') + para('{{/stray}}')), { data: {} });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.warnings.map((w) => w.code).sort()).toEqual(['template/unclosed-section', 'template/unopened-section']);
    expect(lines(r.value.docx)).toEqual(['{{#open}}', 'x', '{{/stray}}']);
  });

  it('bounds what a loop may create', async () => {
    const r = await fillTemplate(makeDocx(para('{{#a}}') + para('{{x}} {{y}} {{z}}') + para('{{/a}}')), { data: { a: Array.from({ length: 50_000 }, () => ({})) } }, { limits: { maxXmlElements: 100_000 } });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors[0]!.code).toBe('template/too-large');
  });

  it('bounds a fill by maxFillElements, well under the parse limit by default', async () => {
    // Fuzzing (seed 30): 501 loops over 10,000 rows ran to the parse limit of 10 million elements, 1.8 GB
    // of nodes before stopping; a 1 GB heap ran out first. The fill's own default is 2 million.
    const tpl = makeDocx(para('{{#a}}') + para('{{x}} {{y}}') + para('{{/a}}'));
    const data = { a: Array.from({ length: 30_000 }, () => ({})) };
    const capped = await fillTemplate(tpl, { data }, { limits: { maxFillElements: 50_000 } });
    expect(!capped.ok && capped.errors[0]!.code).toBe('template/too-large');
    expect(!capped.ok && capped.errors[0]!.hint).toMatch(/maxFillElements/);
    expect((await fillTemplate(tpl, { data })).ok).toBe(true);
    expect(DEFAULT_LIMITS.maxFillElements).toBeLessThanOrEqual(DEFAULT_LIMITS.maxXmlElements * 2 / 3);
  });

  it('counts the text a loop repeats, in the template and in its values, not only the elements', async () => {
    // A loop of a few elements around 100,000 characters made a string longer than a JS engine can
    // hold once repeated 8,000 times (fuzzing); text now weighs one element per 16 characters.
    const limits = { maxXmlElements: 10_000 };
    const items = { a: Array.from({ length: 10 }, () => ({})) };
    const longBody = await fillTemplate(makeDocx(para('{{#a}}') + para('z'.repeat(100_000)) + para('{{/a}}')), { data: items }, { limits });
    expect(!longBody.ok && longBody.errors[0]!.code).toBe('template/too-large');
    const longValue = await fillTemplate(makeDocx(para('{{#a}}') + para('{{v}}') + para('{{/a}}')), { data: { ...items, v: 'z'.repeat(100_000) } }, { limits });
    expect(!longValue.ok && longValue.errors[0]!.code).toBe('template/too-large');
    // Within the default limit the same documents fill.
    const fits = await fillTemplate(makeDocx(para('{{#a}}') + para('{{v}}') + para('{{/a}}')), { data: { ...items, v: 'z'.repeat(100_000) } });
    expect(fits.ok).toBe(true);
  });
});

describe('loops with many copies (fields found once, mapped onto each copy)', () => {
  const complex = (instr: string, rPr: string) =>
    `<w:r>${rPr}<w:fldChar w:fldCharType="begin"/></w:r><w:r>${rPr}<w:instrText xml:space="preserve">${instr}</w:instrText></w:r>` +
    `<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:rPr><w:i/></w:rPr><w:t>«x»</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`;

  it('fills MERGEFIELDs, nested loops and split tags in every copy, and keeps the scan warnings', async () => {
    const spanning = '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>MERGEFIELD lost</w:instrText></w:r></w:p>' +
      '<w:p><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>';
    const body = para('{{#items}}') +
      `<w:p>${complex(' MERGEFIELD sku \\* Upper ', '<w:rPr><w:b/></w:rPr>')}<w:r><w:t xml:space="preserve">: {{na</w:t></w:r><w:r><w:t>me}}</w:t></w:r></w:p>` +
      para('{{#tags}}') + para('- {{.}}') + para('{{/tags}}') + spanning + para('{{/items}}');
    const items = [{ sku: 'a1', name: 'Ann', tags: ['x'] }, { sku: 'b2', name: 'Bob', tags: [] }, { sku: 'c3', name: 'Cy', tags: ['y', 'z'] }];
    const r = await fillTemplate(makeDocx(body), { data: { items } });
    if (!r.ok) throw new Error('fill failed');
    expect(lines(r.value.docx).filter((l) => l !== '')).toEqual(['A1: Ann', '- x', 'B2: Bob', 'C3: Cy', '- y', '- z']);
    const bold = findAll(partTree(r.value.docx, 'word/document.xml'), 'w:r').filter((x) => JSON.stringify(x).includes('"w:b"'));
    expect(bold).toHaveLength(3);
    // Every copy warns again; the bag keeps one of identical warnings.
    expect(r.warnings.filter((w) => w.code === 'template/field-spans-paragraphs')).toHaveLength(1);
  });

  it('drops a comment anchor from every copy and gives each copy its own bookmark', async () => {
    const body = para('{{#items}}') +
      '<w:p><w:bookmarkStart w:id="1" w:name="mark"/><w:commentRangeStart w:id="0"/><w:r><w:t>{{name}}</w:t></w:r><w:commentRangeEnd w:id="0"/>' +
      '<w:r><w:commentReference w:id="0"/></w:r><w:bookmarkEnd w:id="1"/></w:p>' + para('{{/items}}');
    const out = await fill(makeDocx(body), { data: { items: [{ name: 'one' }, { name: 'two' }, { name: 'three' }] } });
    const tree = partTree(out.docx, 'word/document.xml');
    expect(lines(out.docx).filter((l) => l !== '')).toEqual(['one', 'two', 'three']);
    expect(findAll(tree, 'w:commentReference')).toHaveLength(1);
    expect(findAll(tree, 'w:bookmarkStart').map((b) => `${b.attrs['w:id']}:${b.attrs['w:name']}`)).toEqual(['1:mark', '2:mark_2', '3:mark_3']);
  });
});
