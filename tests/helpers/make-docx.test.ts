import { describe, expect, it } from 'vitest';
import { openZip } from '../../engine/zip';
import { parseXml, child, attr } from '../../engine/xml';
import { decodeUtf8 } from '../../engine/core';
import { makeDocx, para, run, WORD_DEFAULT_STYLES, OFFICE_THEME } from './make-docx';

describe('makeDocx', () => {
  it('writes a package whose every XML part parses, with the parts that were asked for', () => {
    const bytes = makeDocx({
      body: para('Hello', '<w:jc w:val="center"/>') + `<w:p>${run('x & y', '<w:b/>')}</w:p>`,
      styles: WORD_DEFAULT_STYLES,
      theme: OFFICE_THEME,
      headers: { rIdH1: para('Header') },
      media: { rIdImg1: { name: 'image1.png', data: new Uint8Array([137, 80, 78, 71]) } },
      links: { rIdL1: 'https://example.com/?a=1&b=2' },
      coreProps: '<dc:title>T</dc:title>',
      customProps: { Client: 'ACME' },
    });
    const zip = openZip(bytes);
    const names = zip.entries.map((e) => e.name).sort();
    expect(names).toEqual([
      '[Content_Types].xml', '_rels/.rels', 'docProps/core.xml', 'docProps/custom.xml', 'word/_rels/document.xml.rels',
      'word/document.xml', 'word/header1.xml', 'word/media/image1.png', 'word/styles.xml', 'word/theme/theme1.xml',
    ]);
    for (const name of names.filter((n) => n.endsWith('.xml') || n.endsWith('.rels'))) {
      const r = parseXml(zip.read(name), { part: name });
      expect(r.ok, name).toBe(true);
    }
    const doc = parseXml(zip.read('word/document.xml'));
    if (!doc.ok) throw new Error('unreachable');
    const body = child(doc.value.root, 'w:body')!;
    expect(body.children.filter((c) => c.kind === 'element').map((c) => (c as { name: string }).name)).toEqual(['w:p', 'w:p', 'w:sectPr']);
    const rels = decodeUtf8(zip.read('word/_rels/document.xml.rels'));
    expect(rels).toContain('Id="rIdH1"');
    expect(rels).toContain('TargetMode="External"');
    const pgSz = child(child(body, 'w:sectPr'), 'w:pgSz');
    expect(attr(pgSz, 'w:w')).toBe('12240');
  });

  it('keeps a caller sectPr and adds none of its own', () => {
    const zip = openZip(makeDocx({ body: para('a'), sectPr: '' }));
    expect(decodeUtf8(zip.read('word/document.xml'))).not.toContain('w:sectPr');
  });
});
