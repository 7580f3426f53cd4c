import { describe, expect, it } from 'vitest';
import { encodeUtf8 } from '../core';
import { writeZip } from '../zip';
import { para } from '../../tests/helpers/make-docx';
import { relsPartName, resolvePartName, shortRelType } from './package';
import { parseDocx } from './index';
import { bodyParagraphs, parseFixture, plainText } from './test-util';

const zip = (files: Record<string, string>) => writeZip(Object.entries(files).map(([name, data]) => ({ name, data: encodeUtf8(data) })));

describe('package', () => {
  it('resolves relationship targets relative to the source part (Part 2 §9.3)', () => {
    expect(resolvePartName('word/document.xml', 'media/image1.png')).toBe('word/media/image1.png');
    expect(resolvePartName('word/document.xml', '../customXml/item1.xml')).toBe('customXml/item1.xml');
    expect(resolvePartName('word/document.xml', '/word/styles.xml')).toBe('word/styles.xml');
    expect(resolvePartName('', 'word/document.xml')).toBe('word/document.xml');
    expect(resolvePartName('word/document.xml', 'media/my%20image.png')).toBe('word/media/my image.png');
    expect(resolvePartName('word/document.xml', '../../../../etc/passwd')).toBe('etc/passwd');
    expect(relsPartName('word/document.xml')).toBe('word/_rels/document.xml.rels');
    expect(relsPartName('')).toBe('_rels/.rels');
    expect(shortRelType('http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles')).toBe('styles');
    expect(shortRelType('http://purl.oclc.org/ooxml/officeDocument/relationships/styles')).toBe('styles');
    expect(shortRelType('http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties')).toBe('metadata/core-properties');
  });

  it('reads a Strict OOXML package with another prefix and a non-default main part name', () => {
    const bytes = zip({
      '[Content_Types].xml': '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/></Types>',
      '_rels/.rels': '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="http://purl.oclc.org/ooxml/officeDocument/relationships/officeDocument" Target="Main/Doc.xml"/></Relationships>',
      'Main/Doc.xml': '<x:document xmlns:x="http://purl.oclc.org/ooxml/wordprocessingml/main"><x:body><x:p><x:pPr><x:jc x:val="center"/></x:pPr><x:r><x:t>strict</x:t></x:r></x:p></x:body></x:document>',
      'Main/_rels/Doc.xml.rels': '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="s" Type="http://purl.oclc.org/ooxml/officeDocument/relationships/styles" Target="Styles.xml"/></Relationships>',
      'Main/Styles.xml': '<w:styles xmlns:w="http://purl.oclc.org/ooxml/wordprocessingml/main"><w:docDefaults><w:rPrDefault><w:rPr><w:sz w:val="24"/></w:rPr></w:rPrDefault></w:docDefaults></w:styles>',
    });
    const r = parseDocx(bytes, {}, {});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const [p] = bodyParagraphs(r.value);
    expect(plainText(p!)).toBe('strict');
    expect(p!.props.alignment).toBe('center');
    expect(p!.inlines[0]!.kind === 'text' && p!.inlines[0]!.props.sizePt).toBe(12);
  });

  it('finds word/document.xml when _rels/.rels is missing, and warns about missing content types', () => {
    const r = parseDocx(zip({ 'word/document.xml': '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>x</w:t></w:r></w:p></w:body></w:document>' }), {}, {});
    expect(r.ok).toBe(true);
    expect(r.warnings.map((w) => w.code)).toContain('docx/no-content-types');
  });

  it('reads document properties from core, app and custom parts', () => {
    const doc = parseFixture({
      body: para('x'),
      coreProps: '<dc:title>Title</dc:title><dc:subject>Subj</dc:subject><cp:keywords>k1, k2</cp:keywords><dc:description>Desc</dc:description><cp:lastModifiedBy>Ed</cp:lastModifiedBy><cp:revision>7</cp:revision><dcterms:modified xsi:type="dcterms:W3CDTF">2023-05-06T07:08:09Z</dcterms:modified>',
      appProps: '<Application>Microsoft Office Word</Application><Company>ACME</Company><Pages>3</Pages><Words>120</Words><TotalTime>42</TotalTime>',
      customProps: { Client: 'Globex', Matter: '17' },
    });
    expect(doc.properties).toEqual({
      title: 'Title', subject: 'Subj', keywords: 'k1, k2', description: 'Desc', lastModifiedBy: 'Ed', revision: '7', modified: '2023-05-06T07:08:09Z',
      application: 'Microsoft Office Word', company: 'ACME', pages: 3, words: 120, totalEditingMinutes: 42, custom: { Client: 'Globex', Matter: '17' },
    });
  });

  it('reads settings, the font table and the page background', () => {
    const doc = parseFixture({
      rawDocument: '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:background w:color="FFFFCC"/><w:body><w:p/></w:body></w:document>',
      settings: '<w:displayBackgroundShape/><w:defaultTabStop w:val="708"/><w:evenAndOddHeaders/><w:mirrorMargins/><w:autoHyphenation/><w:hyphenationZone w:val="357"/>' +
        '<w:footnotePr><w:numFmt w:val="lowerRoman"/><w:numRestart w:val="eachPage"/></w:footnotePr><w:endnotePr><w:pos w:val="sectEnd"/><w:numStart w:val="3"/></w:endnotePr>' +
        '<w:compat><w:doNotUseHTMLParagraphAutoSpacing/><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat><w15:docId w15:val="{1A2B3C4D-0000-4000-8000-000000000001}"/>',
      fontTable: '<w:font w:name="Calibri"><w:panose1 w:val="020F0502020204030204"/><w:charset w:val="00"/><w:family w:val="swiss"/><w:pitch w:val="variable"/></w:font><w:font w:name="Consolas"><w:family w:val="modern"/><w:pitch w:val="fixed"/><w:altName w:val="Courier"/></w:font>',
    });
    expect(doc.settings).toMatchObject({
      defaultTabStopPt: 35.4, evenAndOddHeaders: true, mirrorMargins: true, autoHyphenation: true, hyphenationZonePt: 17.85, compatibilityMode: 15,
      doNotUseHtmlParagraphAutoSpacing: true, background: 'FFFFCC', displayBackgroundShape: true, docId: '1A2B3C4D-0000-4000-8000-000000000001',
      footnotes: { format: 'lowerRoman', start: 1, restart: 'eachPage', position: 'pageBottom' },
      endnotes: { format: 'lowerRoman', start: 3, restart: 'continuous', position: 'sectEnd' },
    });
    expect(doc.fonts).toEqual([
      { name: 'Calibri', generic: 'swiss', pitch: 'variable', charset: '00' },
      { name: 'Consolas', generic: 'modern', pitch: 'fixed', altName: 'Courier' },
    ]);
  });

  it('de-obfuscates embedded fonts with their font key', () => {
    const font = new Uint8Array(64).map((_v, i) => i);
    const key = '{00112233-4455-6677-8899-AABBCCDDEEFF}';
    const keyBytes = [0xff, 0xee, 0xdd, 0xcc, 0xbb, 0xaa, 0x99, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, 0x00];
    const obfuscated = font.map((b, i) => (i < 32 ? b ^ keyBytes[i % 16]! : b));
    const doc = parseFixture({
      body: para('x'),
      fontTable: `<w:font w:name="Fancy"><w:family w:val="roman"/><w:embedBold r:id="rIdF" w:fontKey="${key}"/></w:font>`,
      parts: { font: { name: 'word/fonts/font1.odttf', contentType: 'application/vnd.openxmlformats-officedocument.obfuscatedFont', data: obfuscated } },
      partRels: { 'word/fontTable.xml': [{ id: 'rIdF', type: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/font', target: 'fonts/font1.odttf' }] },
    });
    expect(doc.embeddedFonts).toEqual([{ family: 'Fancy', bold: true, italic: false, data: font }]);
  });
});
