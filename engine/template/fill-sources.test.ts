import { describe, expect, it } from 'vitest';
import { makeDocx, para, run } from '../../tests/helpers/make-docx';
import { checkPackage, findAll, inlineSdt, partText, partTree, partXml, pictureRun, pngBytes, pngDataUrl, textBoxParagraph } from '../../tests/template/helpers';
import { fillTemplate } from './fill';
import type { FillOptions, FillRequest, FillResult } from './types';

async function fill(docx: Uint8Array, request: FillRequest, options: FillOptions = {}): Promise<FillResult> {
  const r = await fillTemplate(docx, request, options);
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.code}: ${e.message}`).join('\n'));
  expect(checkPackage(r.value.docx)).toEqual([]);
  return r.value;
}

const text = (props: string, shown = 'old') => inlineSdt(props, run(shown));

describe('content controls', () => {
  it('matches inline controls by plain tag, JSON tag id, alias and numeric id', async () => {
    const sp = run(' ');
    const body = `<w:p>${text('<w:tag w:val="plain"/><w:id w:val="1"/><w:text/>')}${sp}${text('<w:tag w:val=\'{"id":"json","group":"g1"}\'/><w:id w:val="2"/>')}${sp}` +
      `${text('<w:alias w:val="Alias Name"/><w:id w:val="3"/>')}${sp}${text('<w:id w:val="4711"/><w:text/>')}</w:p>`;
    const out = await fill(makeDocx(body), { fields: [
      { id: 'plain', type: 'text', value: 'P' }, { id: 'json', type: 'text', value: 'J' },
      { id: 'Alias Name', type: 'text', value: 'A' }, { id: '4711', type: 'text', value: 'N' },
    ] });
    expect(partText(out.docx).split('\n')[0]).toBe('P J A N');
    expect(out.report).toEqual({ filled: ['plain', 'json', 'Alias Name', '4711'], missing: [], unknown: [] });
    // Controls stay, so the document can be filled again.
    expect(findAll(partTree(out.docx, 'word/document.xml'), 'w:sdt')).toHaveLength(4);
  });

  it('fills every control of a group', async () => {
    const body = `<w:p>${text('<w:tag w:val=\'{"id":"a","group":"parties"}\'/>')}</w:p><w:p>${text('<w:tag w:val=\'{"id":"b","group":"parties"}\'/>')}</w:p>` +
      `<w:p>${text('<w:tag w:val="other"/>')}</w:p>`;
    const out = await fill(makeDocx(body), { fields: [{ group: 'parties', type: 'text', value: 'ACME' }] });
    expect(partText(out.docx).split('\n').slice(0, 3)).toEqual(['ACME', 'ACME', 'old']);
    expect(out.report).toEqual({ filled: ['a', 'b'], missing: ['other'], unknown: [] });
  });

  it('fills block, row and cell controls', async () => {
    const cell = (t: string) => `<w:tc><w:tcPr><w:tcW w:w="2000" w:type="dxa"/></w:tcPr>${para(t)}</w:tc>`;
    const body =
      inlineSdt('<w:tag w:val="block"/><w:showingPlcHdr/>', para('Click to enter', '', '<w:rStyle w:val="PlaceholderText"/>')) +
      `<w:tbl><w:tblGrid><w:gridCol w:w="2000"/><w:gridCol w:w="2000"/></w:tblGrid>` +
      inlineSdt('<w:tag w:val="row"/>', `<w:tr>${cell('r1')}${cell('r2')}</w:tr>`) +
      `<w:tr>${inlineSdt('<w:tag w:val="cell"/>', cell('c1'))}${cell('c2')}</w:tr></w:tbl>${para('')}`;
    const out = await fill(makeDocx(body), { data: { block: 'Block text', row: 'Row text', cell: 'Cell text' } });
    const lines = partText(out.docx).split('\n');
    expect(lines.slice(0, 5)).toEqual(['Block text', 'Row text', 'r2', 'Cell text', 'c2']);
    const xml = partXml(out.docx, 'word/document.xml');
    expect(xml).not.toContain('PlaceholderText');
    expect(xml).not.toContain('showingPlcHdr');
  });

  it('keeps the run formatting of the control content, or the control formatting while it shows its prompt', async () => {
    const body = `<w:p>${inlineSdt('<w:tag w:val="a"/>', run('x', '<w:b/><w:color w:val="FF0000"/>'))}` +
      `${inlineSdt('<w:rPr><w:i/></w:rPr><w:tag w:val="b"/><w:showingPlcHdr/>', run('prompt', '<w:rStyle w:val="PlaceholderText"/>'))}</w:p>`;
    const out = await fill(makeDocx(body), { data: { a: 'bold red', b: 'italic' } });
    const runs = findAll(partTree(out.docx, 'word/document.xml'), 'w:r');
    const xml = runs.map((r) => JSON.stringify(r));
    expect(xml[0]).toContain('"w:b"');
    expect(xml[0]).toContain('FF0000');
    expect(xml[1]).toContain('"w:i"');
    expect(xml[1]).not.toContain('PlaceholderText');
  });
});

describe('placeholders', () => {
  it('fills {{name}} split over runs, proofing marks and bookmarks, with dotted paths', async () => {
    const body = '<w:p><w:r><w:t xml:space="preserve">To {{cli</w:t></w:r><w:proofErr w:type="spellStart"/><w:r><w:rPr><w:b/></w:rPr><w:t>ent.na</w:t></w:r>' +
      '<w:bookmarkStart w:id="7" w:name="here"/><w:r><w:t>me}} at {{client.address.city}}</w:t></w:r><w:bookmarkEnd w:id="7"/></w:p>';
    const out = await fill(makeDocx(body), { data: { client: { name: 'Ada', address: { city: 'London' } } } });
    expect(partText(out.docx).split('\n')[0]).toBe('To Ada at London');
    expect(out.report.filled).toEqual(['client.name', 'client.address.city']);
    expect(partXml(out.docx, 'word/document.xml')).toContain('w:name="here"');
  });

  it('uses configurable delimiters, including single braces', async () => {
    const docx = makeDocx(para('Hi {name}, total {total}. {{kept}}'));
    const out = await fill(docx, { data: { name: 'Bo', total: 12 } }, { delimiters: '{ }' });
    expect(partText(out.docx).split('\n')[0]).toBe('Hi Bo, total 12. {{kept}}');
    const angle = await fill(makeDocx(para('[[x]] and {{x}}')), { data: { x: 'Y' } }, { delimiters: { start: '[[', end: ']]' } });
    expect(partText(angle.docx).split('\n')[0]).toBe('Y and {{x}}');
  });

  it('fills the fields list by id, including ids with dots', async () => {
    const out = await fill(makeDocx(para('{{a.b}} {{c.d}}')), { fields: [{ id: 'a.b', type: 'text', value: 'exact' }, { id: 'c', type: 'text', value: { d: 'path' } }] });
    expect(partText(out.docx).split('\n')[0]).toBe('exact path');
  });
});

describe('MERGEFIELDs', () => {
  it('fills simple and complex fields with switches, and replaces the field by its result', async () => {
    const complex = (instr: string, result: string, rPr = '') =>
      `<w:r>${rPr}<w:fldChar w:fldCharType="begin"/></w:r><w:r>${rPr}<w:instrText xml:space="preserve">${instr}</w:instrText></w:r>` +
      `<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:rPr><w:i/></w:rPr><w:t>${result}</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`;
    const body =
      `<w:p><w:fldSimple w:instr=" MERGEFIELD Name \\* Upper \\b &quot;Mr &quot; "><w:r><w:t>«Name»</w:t></w:r></w:fldSimple></w:p>` +
      `<w:p>${complex(' MERGEFIELD  Date \\@ "d MMMM yyyy" \\* MERGEFORMAT ', '«Date»')}</w:p>` +
      `<w:p>${complex(' MERGEFIELD Amount \\# "#,##0.00" \\f " EUR" ', '«Amount»', '<w:rPr><w:b/></w:rPr>')}</w:p>` +
      `<w:p>${complex(' MERGEFIELD Empty \\b "before" ', '«Empty»')}</w:p>`;
    const out = await fill(makeDocx(body), { data: { Name: 'smith', Date: '2024-02-29', Amount: 1234.5, Empty: '' } });
    expect(partText(out.docx).split('\n').slice(0, 4)).toEqual(['Mr SMITH', '29 February 2024', '1,234.50 EUR', '']);
    const xml = partXml(out.docx, 'word/document.xml');
    expect(xml).not.toContain('fldChar');
    expect(xml).not.toContain('fldSimple');
    const runs = findAll(partTree(out.docx, 'word/document.xml'), 'w:r').map((r) => JSON.stringify(r));
    // \* MERGEFORMAT keeps the previous result's formatting (italic); otherwise the field code's (bold).
    expect(runs.find((r) => r.includes('February'))).toContain('"w:i"');
    expect(runs.find((r) => r.includes('1,234.50'))).toContain('"w:b"');
  });
  it('keeps a bookmark that sat inside a complex field', async () => {
    const body = '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>MERGEFIELD x</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>' +
      '<w:bookmarkStart w:id="3" w:name="inside"/><w:r><w:t>«x»</w:t></w:r><w:bookmarkEnd w:id="3"/><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>';
    const out = await fill(makeDocx(body), { data: { x: 'value' } });
    const xml = partXml(out.docx, 'word/document.xml');
    expect(xml).toContain('<w:bookmarkStart w:id="3" w:name="inside"/><w:bookmarkEnd w:id="3"/><w:r><w:t>value</w:t></w:r>');
  });
});

describe('pictures', () => {
  it('replaces a picture found by alt text {{name}} or by title, fitted into its box', async () => {
    const body = `<w:p>${pictureRun('rIdImg', '{{logo}}', undefined, 1)}${pictureRun('rIdImg', 'A company logo', 'stamp', 2)}</w:p>`;
    const docx = makeDocx({ body, media: { rIdImg: { name: 'old.png', data: pngBytes(4, 4) } } });
    const out = await fill(docx, { data: { logo: pngDataUrl(40, 10), stamp: pngDataUrl(10, 40) } });
    expect(out.report.filled).toEqual(['logo', 'stamp']);
    const extents = findAll(partTree(out.docx, 'word/document.xml'), 'wp:extent').map((e) => [Number(e.attrs.cx) / 9525, Number(e.attrs.cy) / 9525]);
    expect(extents[0]).toEqual([100, 25]);
    expect(extents[1]![0]).toBeCloseTo(12.5, 3);
    expect(extents[1]![1]).toBe(50);
    const rels = partXml(out.docx, 'word/_rels/document.xml.rels');
    expect(rels).toMatch(/Target="media\/colophon-image1\.png"/);
    expect(rels).toMatch(/Target="media\/colophon-image2\.png"/);
  });
});

describe('stories', () => {
  it('fills headers, footers, footnotes, endnotes, text boxes and tables', async () => {
    const body = `<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/><w:footerReference w:type="default" r:id="rIdF"/><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>`;
    const docx = makeDocx({
      body: textBoxParagraph(para('box {{v}}')) + `<w:tbl><w:tblGrid><w:gridCol w:w="3000"/></w:tblGrid><w:tr><w:tc>${para('cell {{v}}')}</w:tc></w:tr></w:tbl>` + para('') + body,
      headers: { rIdH: para('head {{v}}') },
      footers: { rIdF: `<w:p>${text('<w:tag w:val="v"/>')}</w:p>` },
      footnotes: `<w:footnote w:id="1">${para('note {{v}}')}</w:footnote>`,
      endnotes: `<w:endnote w:id="1"><w:p><w:fldSimple w:instr="MERGEFIELD v"><w:r><w:t>«v»</w:t></w:r></w:fldSimple></w:p></w:endnote>`,
    });
    const out = await fill(docx, { data: { v: 'X' } });
    expect(partText(out.docx)).toContain('box X');
    expect(partXml(out.docx, 'word/document.xml').match(/<w:t>X<\/w:t>/g)).toHaveLength(3); // text box, its VML fallback, the cell
    expect(partXml(out.docx, 'word/document.xml')).not.toContain('{{v}}');
    expect(partText(out.docx)).toContain('cell X');
    expect(partText(out.docx, 'word/header1.xml')).toBe('head X');
    expect(partText(out.docx, 'word/footer1.xml')).toBe('X');
    expect(partText(out.docx, 'word/footnotes.xml')).toBe('note X');
    expect(partText(out.docx, 'word/endnotes.xml')).toBe('X');
    expect(out.report).toEqual({ filled: ['v'], missing: [], unknown: [] });
  });

  it('adds image relationships to the header part that shows the image', async () => {
    const docx = makeDocx({
      body: para('body') + '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/></w:sectPr>',
      headers: { rIdH: para('{{logo}}') },
    });
    const out = await fill(docx, { data: { logo: pngDataUrl(20, 20) } });
    expect(partXml(out.docx, 'word/_rels/header1.xml.rels')).toContain('media/colophon-image1.png');
    expect(partXml(out.docx, 'word/header1.xml')).toMatch(/<a:blip r:embed="rId1"\/>/);
  });
});
