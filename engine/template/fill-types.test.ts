import { describe, expect, it } from 'vitest';
import { createNodeHost } from '../../node/host';
import { makeDocx, para, run, WORD_DEFAULT_STYLES } from '../../tests/helpers/make-docx';
import { checkPackage, dataUrl, findAll, inlineSdt, jpegBytes, partText, partTree, partXml, pictureRun, pngBytes, pngDataUrl } from '../../tests/template/helpers';
import { openZip } from '../zip';
import { fillTemplate } from './fill';
import type { FillOptions, FillRequest, FillResult } from './types';

const host = createNodeHost();

async function fill(docx: Uint8Array, request: FillRequest, options: FillOptions = {}): Promise<FillResult> {
  const r = await fillTemplate(docx, request, options, host);
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.code}: ${e.message}`).join('\n'));
  expect(checkPackage(r.value.docx)).toEqual([]);
  return r.value;
}

const extents = (docx: Uint8Array) =>
  findAll(partTree(docx, 'word/document.xml'), 'wp:extent').map((e) => [Math.round(Number(e.attrs.cx) / 9525), Math.round(Number(e.attrs.cy) / 9525)]);

describe('text', () => {
  it('turns newlines into breaks and tabs into tabs, and always escapes XML', async () => {
    const out = await fill(makeDocx(para('{{t}}')), { fields: [{ id: 't', type: 'text', value: 'a <b> & "c"\nline 2\tcol' }] });
    const xml = partXml(out.docx, 'word/document.xml');
    expect(xml).toContain('<w:r><w:t>a &lt;b&gt; &amp; "c"</w:t><w:br/><w:t>line 2</w:t><w:tab/><w:t>col</w:t></w:r>');
    expect(partText(out.docx).split('\n').slice(0, 2)).toEqual(['a <b> & "c"', 'line 2\tcol']);
  });

  it('keeps the placeholder run formatting unless keepTextNodeStyles is false', async () => {
    const docx = makeDocx(para('{{a}}{{b}}', '', '<w:b/><w:sz w:val="40"/>'));
    const out = await fill(docx, { fields: [{ id: 'a', type: 'text', value: 'styled' }, { id: 'b', type: 'text', value: 'plain', options: { keepTextNodeStyles: false } }] });
    const runs = findAll(partTree(out.docx, 'word/document.xml'), 'w:r').map((r) => JSON.stringify(r));
    expect(runs.find((r) => r.includes('styled'))).toContain('"w:b"');
    expect(runs.find((r) => r.includes('plain'))).not.toContain('w:rPr');
  });
});

describe('images', () => {
  it('sizes by dimensions in px, else by the image at 96 dpi, and limits width to the text column', async () => {
    const docx = makeDocx(para('{{a}}') + para('{{b}}') + para('{{c}}'));
    const out = await fill(docx, { fields: [
      { id: 'a', type: 'image', value: pngDataUrl(10, 10), options: { dimensions: { width: 120, height: 30 } } },
      { id: 'b', type: 'image', value: dataUrl(jpegBytes(64, 32), 'image/jpeg') },
      { id: 'c', type: 'image', value: pngDataUrl(1248, 100) },
    ] });
    // Letter with 1-inch margins: 6.5 in = 624 px of text width.
    expect(extents(out.docx)).toEqual([[120, 30], [64, 32], [624, 50]]);
    const ct = partXml(out.docx, '[Content_Types].xml');
    expect(ct).toContain('Extension="jpeg"');
    const names = openZip(out.docx).entries.map((e) => e.name);
    expect(names).toContain('word/media/colophon-image2.jpeg');
  });

  it('adds a Default content type for a new image extension the package lacked', async () => {
    const base = makeDocx(para('{{a}}'));
    const zip = openZip(base);
    const ctXml = new TextDecoder().decode(zip.read('[Content_Types].xml')).replace(/<Default Extension="png"[^>]*\/>/, '');
    const { writeZip } = await import('../zip');
    const stripped = writeZip(zip.entries.map((e) => ({ name: e.name, data: e.name === '[Content_Types].xml' ? new TextEncoder().encode(ctXml) : zip.read(e) })));
    const out = await fill(stripped, { data: { a: pngDataUrl(5, 5) } });
    expect(partXml(out.docx, '[Content_Types].xml')).toContain('<Default Extension="png" ContentType="image/png"/>');
  });

  it('fills a picture content control inside its box, and puts an image into a text control', async () => {
    const docx = makeDocx({
      body: `<w:p>${inlineSdt('<w:tag w:val="photo"/><w:picture/>', pictureRun('rIdOld', 'placeholder', undefined, 3))}</w:p>` +
        `<w:p>${inlineSdt('<w:tag w:val="t"/>', run('text here'))}</w:p>`,
      media: { rIdOld: { name: 'old.png', data: pngBytes(2, 2) } },
    });
    const out = await fill(docx, { data: { photo: pngDataUrl(300, 300), t: pngDataUrl(30, 20) } });
    expect(extents(out.docx)).toEqual([[50, 50], [30, 20]]);
  });
});

describe('signatures', () => {
  it('draws labels above and below a signature image, in their colours', async () => {
    const out = await fill(makeDocx(para('Signed: {{sig}}')), { fields: [{ id: 'sig', type: 'signature', value: pngDataUrl(200, 60), options: {
      topLabel: { text: 'Signed by Ada', color: '#1F3864' }, bottomLabel: { text: '2024-05-01', color: 'C00000' },
    } }] });
    const text = partText(out.docx);
    expect(text.startsWith('Signed: Signed by Ada\n\n2024-05-01')).toBe(true);
    const xml = partXml(out.docx, 'word/document.xml');
    expect(xml).toContain('<w:color w:val="1F3864"/><w:sz w:val="16"/><w:szCs w:val="16"/></w:rPr><w:t>Signed by Ada</w:t><w:br/>');
    expect(xml).toContain('<w:color w:val="C00000"/>');
    expect(extents(out.docx)).toEqual([[200, 60]]);
  });

  it('renders a typed signature as a PNG in the script font', async () => {
    const out = await fill(makeDocx(para('{{sig}}')), { fields: [{ id: 'sig', type: 'signature', value: 'Ada Lovelace' }] });
    const png = openZip(out.docx).read('word/media/colophon-image1.png');
    expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    const [w, h] = extents(out.docx)[0] as [number, number];
    expect(w).toBeGreaterThan(3 * h);
    expect(h).toBeGreaterThan(30);
    // Deterministic: the same request gives the same package.
    const again = await fill(makeDocx(para('{{sig}}')), { fields: [{ id: 'sig', type: 'signature', value: 'Ada Lovelace' }] });
    expect(Buffer.from(again.docx).equals(Buffer.from(out.docx))).toBe(true);
  });

  it('reports a missing signature font clearly', async () => {
    const r = await fillTemplate(makeDocx(para('{{sig}}')), { fields: [{ id: 'sig', type: 'signature', value: 'Ada' }] }, {}, {});
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors[0]!.code).toBe('template/no-signature-font');
  });
});

describe('tables', () => {
  const grid = '<w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>';
  const cell = (t: string, rPr = '') => `<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/><w:shd w:val="clear" w:fill="EEEEEE"/></w:tcPr>${para(t, '<w:jc w:val="right"/>', rPr)}</w:tc>`;

  it('repeats the template row of a table control with its formatting', async () => {
    const tbl = `<w:tbl><w:tblPr><w:tblStyle w:val="Grid"/></w:tblPr>${grid}<w:tr>${cell('Item')}${cell('Qty')}</w:tr><w:tr>${cell('x', '<w:i/>')}${cell('y')}</w:tr></w:tbl>`;
    const docx = makeDocx(inlineSdt('<w:tag w:val="lines"/>', tbl) + para(''));
    const out = await fill(docx, { fields: [{ id: 'lines', type: 'table', value: [['Apple', '3'], ['Pear', '5'], ['Fig', '7']] }] });
    expect(partText(out.docx).split('\n').slice(0, 8)).toEqual(['Item', 'Qty', 'Apple', '3', 'Pear', '5', 'Fig', '7']);
    const rows = findAll(partTree(out.docx, 'word/document.xml'), 'w:tr');
    expect(rows).toHaveLength(4);
    expect(JSON.stringify(rows[3])).toContain('EEEEEE');
    expect(JSON.stringify(rows[3])).toContain('"w:i"');
  });

  it('builds plain rows without copyRowStyle', async () => {
    const tbl = `<w:tbl>${grid}<w:tr>${cell('x', '<w:i/>')}${cell('y')}</w:tr></w:tbl>`;
    const out = await fill(makeDocx(inlineSdt('<w:tag w:val="t"/>', tbl) + para('')), { fields: [{ id: 't', type: 'table', value: [['a', 'b']], options: { copyRowStyle: false } }] });
    const row = JSON.stringify(findAll(partTree(out.docx, 'word/document.xml'), 'w:tr')[0]);
    expect(row).not.toContain('EEEEEE');
    expect(row).not.toContain('"w:i"');
    expect(row).toContain('"w:tcW"');
    expect(partText(out.docx).split('\n').slice(0, 2)).toEqual(['a', 'b']);
  });

  it('fills the row of a {{placeholder}} inside a table', async () => {
    const tbl = `<w:tbl>${grid}<w:tr>${cell('Name')}${cell('Price')}</w:tr><w:tr>${cell('{{rows}}')}${cell('')}</w:tr><w:tr>${cell('Total')}${cell('{{total}}')}</w:tr></w:tbl>`;
    const out = await fill(makeDocx(tbl + para('')), { data: { rows: [['A', '1'], ['B', '2']], total: '3' } });
    expect(partText(out.docx).split('\n').slice(0, 8)).toEqual(['Name', 'Price', 'A', '1', 'B', '2', 'Total', '3']);
  });

  it('builds a new table in the default table style for a placeholder outside a table', async () => {
    const out = await fill(makeDocx({ body: para('{{t}}') + para('after'), styles: WORD_DEFAULT_STYLES }), { data: { t: [['h1', 'h2', 'h3'], ['a', 'b']] } });
    const tree = partTree(out.docx, 'word/document.xml');
    const tbl = findAll(tree, 'w:tbl')[0]!;
    expect(JSON.stringify(tbl)).toContain('"w:tblStyle","attrs":{"w:val":"TableNormal"}');
    expect(findAll(tbl, 'w:gridCol').map((g) => g.attrs['w:w'])).toEqual(['3120', '3120', '3120']);
    expect(findAll(tbl, 'w:tr')).toHaveLength(2);
    // The placeholder paragraph became the table; the short row gets an empty cell.
    expect(partText(out.docx).split('\n')).toEqual(['h1', 'h2', 'h3', 'a', 'b', '', 'after']);
  });
});

describe('form controls', () => {
  const checkbox = (checked: string) =>
    `<w14:checkbox><w14:checked w14:val="${checked}"/><w14:checkedState w14:val="2612" w14:font="MS Gothic"/><w14:uncheckedState w14:val="2610" w14:font="MS Gothic"/></w14:checkbox>`;

  it('sets check boxes from booleans and strings', async () => {
    const body = `<w:p>${inlineSdt(`<w:tag w:val="a"/>${checkbox('0')}`, run('\u2610'))}${inlineSdt(`<w:tag w:val="b"/>${checkbox('1')}`, run('\u2612'))}</w:p>`;
    const out = await fill(makeDocx(body), { fields: [{ id: 'a', type: 'checkbox', value: true }, { id: 'b', type: 'text', value: 'false' }] });
    expect(partText(out.docx).split('\n')[0]).toBe('\u2612\u2610');
    const checked = findAll(partTree(out.docx, 'word/document.xml'), 'w14:checked').map((c) => c.attrs['w14:val']);
    expect(checked).toEqual(['1', '0']);
    expect(partXml(out.docx, 'word/document.xml')).toContain('w:ascii="MS Gothic"');
  });

  it('formats dates by the control date format and records the full date', async () => {
    const date = '<w:tag w:val="d"/><w:date><w:dateFormat w:val="dddd, MMMM d, yyyy"/><w:lid w:val="en-US"/></w:date>';
    const out = await fill(makeDocx(`<w:p>${inlineSdt(date, run('pick'))}</w:p>`), { fields: [{ id: 'd', type: 'date', value: '2024-07-04' }] });
    expect(partText(out.docx).split('\n')[0]).toBe('Thursday, July 4, 2024');
    expect(partXml(out.docx, 'word/document.xml')).toContain('w:fullDate="2024-07-04T00:00:00Z"');
  });

  it('takes an ISO string from a data object as the date of a date control', async () => {
    const date = '<w:tag w:val="d"/><w:date><w:dateFormat w:val="d/M/yyyy"/></w:date>';
    const out = await fill(makeDocx(`<w:p>${inlineSdt(date, run('pick'))}</w:p>`), { data: { d: '2025-12-24' } });
    expect(partText(out.docx).split('\n')[0]).toBe('24/12/2025');
    expect(partXml(out.docx, 'word/document.xml')).toContain('w:fullDate="2025-12-24T00:00:00Z"');
  });

  it('selects dropdown entries by value or display text, and refuses values not in the list', async () => {
    const list = (tag: string, kind = 'w:dropDownList') =>
      inlineSdt(`<w:tag w:val="${tag}"/><${kind}><w:listItem w:displayText="Red colour" w:value="red"/><w:listItem w:displayText="Blue colour" w:value="blue"/></${kind}>`, run('choose'));
    const body = `<w:p>${list('a')}${run('|')}${list('b')}${run('|')}${list('c')}${run('|')}${list('d', 'w:comboBox')}</w:p>`;
    const r = await fillTemplate(makeDocx(body), { fields: [
      { id: 'a', type: 'dropdown', value: 'blue' }, { id: 'b', type: 'dropdown', value: 'Red colour' },
      { id: 'c', type: 'dropdown', value: 'green' }, { id: 'd', type: 'dropdown', value: 'green' },
    ] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(partText(r.value.docx).split('\n')[0]).toBe('Blue colour|Red colour|choose|green');
    expect(r.warnings.map((w) => w.code)).toEqual(['template/not-in-list']);
    expect(r.value.report.missing).toEqual([]);
    expect(partXml(r.value.docx, 'word/document.xml')).toContain('w:lastValue="blue"');
  });

  it('writes check boxes, dates and dropdown values as text in placeholders', async () => {
    const out = await fill(makeDocx(para('{{c}} {{d}} {{e}}')), { fields: [
      { id: 'c', type: 'checkbox', value: true }, { id: 'd', type: 'date', value: '2024-01-02', options: { format: 'd MMM yyyy' } }, { id: 'e', type: 'dropdown', value: 'x' },
    ] });
    expect(partText(out.docx).split('\n')[0]).toBe('\u2612 2 Jan 2024 x');
  });
});
