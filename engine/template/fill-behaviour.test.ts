import { describe, expect, it } from 'vitest';
import { parseDocx } from '../docx';
import { makeDocx, para, run } from '../../tests/helpers/make-docx';
import { checkPackage, findAll, inlineSdt, partText, partTree, partXml, pngBytes, pngDataUrl } from '../../tests/template/helpers';
import { openZip } from '../zip';
import { fillTemplate } from './fill';
import { listFields } from './list-fields';

const sdt = (tag: string, shown = 'old', extra = '') => inlineSdt(`<w:tag w:val="${tag}"/>${extra}`, run(shown));

describe('report and strict', () => {
  const docx = makeDocx(para('{{a}} {{b}}') + `<w:p>${sdt('c')}</w:p>`);

  it('reports filled, missing and unknown; strict turns missing and unknown into errors', async () => {
    const r = await fillTemplate(docx, { fields: [{ id: 'a', type: 'text', value: '1' }, { id: 'zzz', type: 'text', value: '2' }], data: { c: 'C', nope: 1 } });
    expect(r.ok && r.value.report).toEqual({ filled: ['a', 'c'], missing: ['b'], unknown: ['zzz', 'nope'] });
    const s = await fillTemplate(docx, { fields: [{ id: 'a', type: 'text', value: '1' }, { id: 'zzz', type: 'text', value: '2' }] }, { strict: true });
    expect(s.ok).toBe(false);
    expect(!s.ok && s.errors.map((e) => `${e.code} ${e.message}`)).toEqual([
      "template/missing-field Template field 'b' got no value.",
      "template/missing-field Template field 'c' got no value.",
      "template/unknown-field 'zzz' matches no field of the template.",
    ]);
    const full = await fillTemplate(docx, { data: { a: 1, b: 2, c: 3 } }, { strict: true });
    expect(full.ok).toBe(true);
  });

  it('removes fields without a value when asked, and leaves them otherwise', async () => {
    const kept = await fillTemplate(docx, { data: { a: 'A' } });
    expect(kept.ok && partText(kept.value.docx).split('\n')[0]).toBe('A {{b}}');
    const removed = await fillTemplate(docx, { data: { a: 'A' } }, { removeMissing: true });
    expect(removed.ok && partText(removed.value.docx).split('\n')).toEqual(['A ', '']);
    expect(removed.ok && findAll(partTree(removed.value.docx, 'word/document.xml'), 'w:sdt')).toEqual([]);
  });
});

describe('flatten', () => {
  it('replaces controls by their content; without it they stay for another fill', async () => {
    const docx = makeDocx(`<w:p>${sdt('a')}${run(' ')}${sdt('b', 'Click here', '<w:showingPlcHdr/>')}</w:p>` + inlineSdt('<w:tag w:val="blk"/>', para('block')));
    const flat = await fillTemplate(docx, { data: { a: 'A', blk: 'B' } }, { flatten: true });
    expect(flat.ok).toBe(true);
    if (!flat.ok) return;
    expect(partXml(flat.value.docx, 'word/document.xml')).not.toContain('w:sdt');
    expect(partText(flat.value.docx).split('\n').slice(0, 2)).toEqual(['A ', 'B']);
    const kept = await fillTemplate(docx, { data: { a: 'A' } });
    expect(kept.ok && listFields(kept.value.docx).ok).toBe(true);
    const again = kept.ok ? await fillTemplate(kept.value.docx, { data: { a: 'A2', b: 'B2' } }) : undefined;
    expect(again?.ok && partText(again.value.docx).split('\n')[0]).toBe('A2 B2');
  });
});

describe('package fidelity', () => {
  it('keeps parts it does not change byte for byte, and output is deterministic', async () => {
    const docx = makeDocx({ body: para('{{a}}') + '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/></w:sectPr>', headers: { rIdH: para('static header') }, styles: '<w:style w:type="paragraph" w:styleId="X"/>' });
    const r1 = await fillTemplate(docx, { data: { a: 'v' } });
    const r2 = await fillTemplate(docx, { data: { a: 'v' } });
    if (!r1.ok || !r2.ok) throw new Error('fill failed');
    expect(Buffer.from(r1.value.docx).equals(Buffer.from(r2.value.docx))).toBe(true);
    const before = openZip(docx);
    const after = openZip(r1.value.docx);
    expect(after.entries.map((e) => e.name)).toEqual(before.entries.map((e) => e.name));
    for (const e of before.entries) {
      const same = Buffer.from(before.read(e)).equals(Buffer.from(after.read(e.name)));
      expect([e.name, same]).toEqual([e.name, e.name !== 'word/document.xml']);
    }
  });

  it('reopens with parseDocx after a fill of every kind', async () => {
    const docx = makeDocx(para('{{t}}') + para('{{img}}') + para('{{#l}}') + para('{{x}}') + para('{{/l}}') + para('{{tbl}}') + `<w:p>${sdt('c')}</w:p>`);
    const r = await fillTemplate(docx, { data: { t: 'a\nb', img: pngDataUrl(20, 10), l: [{ x: 1 }, { x: 2 }], tbl: [['1', '2']], c: 'C' } });
    if (!r.ok) throw new Error('fill failed');
    expect(checkPackage(r.value.docx)).toEqual([]);
    const parsed = parseDocx(r.value.docx);
    expect(parsed.ok).toBe(true);
  });

  it('handles a Strict OOXML document and foreign namespace prefixes', async () => {
    const rawDocument = '<?xml version="1.0" encoding="UTF-8"?><x:document xmlns:x="http://purl.oclc.org/ooxml/wordprocessingml/main"><x:body><x:p><x:r><x:t>{{img}} {{t}}</x:t></x:r></x:p></x:body></x:document>';
    const r = await fillTemplate(makeDocx({ rawDocument }), { data: { img: pngDataUrl(4, 4), t: 'ok' } });
    if (!r.ok) throw new Error(r.errors[0]!.message);
    const xml = partXml(r.value.docx, 'word/document.xml');
    expect(xml).toContain('xmlns:w="http://purl.oclc.org/ooxml/wordprocessingml/main"');
    expect(xml).toContain('xmlns:a="http://purl.oclc.org/ooxml/drawingml/main"');
    expect(xml).toContain('xmlns:r="http://purl.oclc.org/ooxml/officeDocument/relationships"');
    expect(checkPackage(r.value.docx)).toEqual([]);
  });
});

describe('hostile input', () => {
  const docx = makeDocx(para('{{a}}') + para('{{img}}'));

  it('escapes XML metacharacters and drops characters XML cannot carry, with a warning', async () => {
    const r = await fillTemplate(docx, { data: { a: '</w:t></w:r><w:r><w:t>]]>&amp;\u0000\u0007\uFFFF\uD800' } });
    if (!r.ok) throw new Error('fill failed');
    expect(partText(r.value.docx).split('\n')[0]).toBe('</w:t></w:r><w:r><w:t>]]>&amp;');
    expect(r.warnings.map((w) => w.code)).toEqual(['template/invalid-characters']);
    expect(checkPackage(r.value.docx)).toEqual([]);
  });

  it('fills a long value and refuses a huge one with a clear error', async () => {
    const long = await fillTemplate(docx, { data: { a: 'x'.repeat(1_000_000) } });
    expect(long.ok).toBe(true);
    const huge = await fillTemplate(docx, { data: { a: 'x'.repeat(5_000_001) } });
    expect(!huge.ok && huge.errors[0]!.code).toBe('template/value-too-large');
  });

  it('refuses bad images with template/bad-image', async () => {
    for (const img of ['data:image/png;base64,!!!', 'data:image/png;base64,' + Buffer.from('not an image').toString('base64'), 'data:image/svg+xml;base64,PHN2Zy8+']) {
      const r = await fillTemplate(docx, { fields: [{ id: 'img', type: 'image', value: img }] });
      expect(!r.ok && r.errors[0]!.code).toBe('template/bad-image');
    }
    const wrong = await fillTemplate(docx, { fields: [{ id: 'img', type: 'image', value: 42 }] });
    expect(!wrong.ok && wrong.errors[0]!.code).toBe('template/bad-value');
    const dims = await fillTemplate(docx, { fields: [{ id: 'img', type: 'image', value: pngDataUrl(2, 2), options: { dimensions: { width: -1, height: 1e9 } } }] });
    expect(!dims.ok && dims.errors[0]!.code).toBe('template/bad-value');
  });

  it('rejects deep data, and never follows __proto__, constructor or prototype', async () => {
    let deep: Record<string, unknown> = { a: 'x' };
    for (let i = 0; i < 50; i++) deep = { a: deep };
    const r = await fillTemplate(docx, { data: deep });
    expect(!r.ok && r.errors[0]!.code).toBe('template/data-too-deep');
    const proto = makeDocx(para('{{__proto__}}|{{constructor}}|{{a.__proto__.polluted}}|{{a.constructor.name}}|{{x.toString}}'));
    const p = await fillTemplate(proto, JSON.parse('{"data":{"__proto__":{"polluted":"yes"},"a":{},"x":"s"}}'));
    if (!p.ok) throw new Error('fill failed');
    expect(partText(p.value.docx).split('\n')[0]).toBe('{{__proto__}}|{{constructor}}|{{a.__proto__.polluted}}|{{a.constructor.name}}|{{x.toString}}');
    expect(p.warnings.map((w) => w.code)).toContain('template/reserved-key');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const ids = await fillTemplate(proto, { fields: [{ id: '__proto__', type: 'text', value: 'safe' }] });
    expect(ids.ok && partText(ids.value.docx).startsWith('safe|')).toBe(true);
  });

  it('refuses a value of the wrong shape and a list given to a single field', async () => {
    const obj = await fillTemplate(docx, { data: { a: { nested: 1 } } });
    expect(!obj.ok && obj.errors[0]!.code).toBe('template/bad-value');
    const list = await fillTemplate(docx, { data: { a: [{ x: 1 }] } });
    expect(!list.ok && list.errors[0]!.message).toMatch(/fills a loop/);
  });

  it('gives diagnostics, not exceptions, for broken packages', async () => {
    const notZip = await fillTemplate(new Uint8Array([1, 2, 3]), { data: {} });
    expect(!notZip.ok && notZip.errors[0]!.code).toBe('zip/not-a-zip');
    const badXml = await fillTemplate(makeDocx({ rawDocument: '<w:document><w:body>' }), { data: {} });
    expect(!badXml.ok && badXml.errors[0]!.code).toMatch(/^xml\//);
    const noMedia = makeDocx({ body: para('x'), media: { rIdM: { name: 'a.png', data: pngBytes(1, 1) } } });
    expect((await fillTemplate(noMedia, { data: {} })).ok).toBe(true);
    const delims = await fillTemplate(noMedia, { data: {} }, { delimiters: '<<' });
    expect(!delims.ok && delims.errors[0]!.code).toBe('template/bad-delimiters');
  });

  it('isolates 20,000 split tags in one paragraph in linear time', async () => {
    const runs = Array.from({ length: 20_000 }, (_, i) => `<w:r><w:t>${i % 2 ? 'a}}' : '{{'}</w:t></w:r>`).join('');
    const many = makeDocx(`<w:p>${runs}${run('.')}</w:p>`);
    const t0 = performance.now();
    const r = await fillTemplate(many, { data: { a: 'x' } });
    const ms = performance.now() - t0;
    expect(r.ok && partText(r.value.docx).split('\n')[0]).toBe('x'.repeat(10_000) + '.');
    expect(ms).toBeLessThan(5_000);
  });

  it('stops when the host cancels', async () => {
    const ac = new AbortController();
    ac.abort();
    const r = await fillTemplate(docx, { data: { a: 1 } }, {}, { signal: ac.signal });
    expect(!r.ok && r.errors[0]!.code).toBe('core/cancelled');
  });
});

describe('listFields', () => {
  it('lists every field with type, location and current value', () => {
    const checkbox = '<w14:checkbox><w14:checked w14:val="1"/></w14:checkbox>';
    const docx = makeDocx({
      body: para('Hi {{name}}') + para('{{#items}}') + para('{{/items}}') +
        `<w:p>${inlineSdt('<w:alias w:val="Agree"/><w:tag w:val=\'{"id":"agree","group":"terms"}\'/><w:id w:val="9"/>' + checkbox, run('\u2612'))}` +
        `${inlineSdt('<w:tag w:val="color"/><w:dropDownList><w:listItem w:displayText="Red" w:value="r"/></w:dropDownList>', run('Red'))}` +
        `<w:fldSimple w:instr=" MERGEFIELD City \\* Upper "><w:r><w:t>«City»</w:t></w:r></w:fldSimple></w:p>` +
        `<w:tbl><w:tblGrid><w:gridCol w:w="100"/></w:tblGrid><w:tr><w:tc>${para('{{cell}}')}</w:tc></w:tr></w:tbl>` + para('') +
        '<w:sectPr><w:footerReference w:type="default" r:id="rIdF"/></w:sectPr>',
      footers: { rIdF: para('page {{page}}') },
    });
    const r = listFields(docx);
    if (!r.ok) throw new Error('list failed');
    const brief = r.value.map((f) => [f.name, f.source, f.type, f.location.story, f.location.inTable, f.currentValue]);
    expect(brief).toEqual([
      ['name', 'placeholder', 'text', 'body', false, '{{name}}'],
      ['items', 'section', 'loop', 'body', false, '{{#items}}'],
      ['agree', 'content-control', 'checkbox', 'body', false, true],
      ['color', 'content-control', 'dropdown', 'body', false, 'Red'],
      ['City', 'mergefield', 'text', 'body', false, '«City»'],
      ['cell', 'placeholder', 'text', 'body', true, '{{cell}}'],
      ['page', 'placeholder', 'text', 'footer', false, '{{page}}'],
    ]);
    expect(r.value[2]).toMatchObject({ tag: '{"id":"agree","group":"terms"}', alias: 'Agree', sdtId: 9, group: 'terms', level: 'inline' });
    expect(r.value[3]!.items).toEqual([{ value: 'r', displayText: 'Red' }]);
    expect(r.value[4]!.switches).toEqual(['\\* Upper']);
    expect(r.value[6]!.location.part).toBe('word/footer1.xml');
  });
});
