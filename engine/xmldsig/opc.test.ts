import { describe, expect, it } from 'vitest';
import { contentTypeOf, readContentTypes, readRelationships, relationshipTransformC14n, relsPartOf, resolveTarget, sourceOfRels } from './opc';

describe('OPC names', () => {
  it('maps parts to their relationship parts and back (ECMA-376 Part 2 §9.3.3)', () => {
    expect(relsPartOf('word/document.xml')).toBe('word/_rels/document.xml.rels');
    expect(relsPartOf('')).toBe('_rels/.rels');
    expect(sourceOfRels('word/_rels/document.xml.rels')).toBe('word/document.xml');
    expect(sourceOfRels('_rels/.rels')).toBe('');
  });

  it('resolves relative and absolute targets', () => {
    expect(resolveTarget('word/document.xml', '../customXml/item1.xml')).toBe('customXml/item1.xml');
    expect(resolveTarget('word/document.xml', 'media/image%201.png')).toBe('word/media/image 1.png');
    expect(resolveTarget('', '/word/document.xml')).toBe('word/document.xml');
  });
});

describe('content types (§10.1.2.2)', () => {
  it('prefers an Override by part name, else the Default of the extension, case-insensitively', () => {
    const ct = readContentTypes(
      new TextEncoder().encode(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="XML" ContentType="application/xml"/>' +
          '<Override PartName="/word/Document.xml" ContentType="application/doc+xml"/></Types>',
      ),
    );
    expect(contentTypeOf(ct, 'word/document.xml')).toBe('application/doc+xml');
    expect(contentTypeOf(ct, '/word/styles.xml')).toBe('application/xml');
    expect(contentTypeOf(ct, 'word/media/image1')).toBeUndefined();
  });
});

describe('Relationships Transform (§13.2.4.24) followed by C14N', () => {
  const rels = new TextEncoder().encode(
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId3" Type="t3" Target="c.xml"/>\n<Relationship Id="rId10" Type="t10" Target="http://x/?a&amp;b" TargetMode="External"/>' +
      '<Relationship Id="rId1" Type="t1" Target="a.xml"/></Relationships>',
  );

  it('selects by Id or Type, sorts by Id ordinally, defaults TargetMode, writes canonical tags', () => {
    const { list } = readRelationships(rels);
    expect(relationshipTransformC14n(list, new Set(['rId3', 'rId10']), new Set(['t1']))).toBe(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Target="a.xml" TargetMode="Internal" Type="t1"></Relationship>' +
        '<Relationship Id="rId10" Target="http://x/?a&amp;b" TargetMode="External" Type="t10"></Relationship>' +
        '<Relationship Id="rId3" Target="c.xml" TargetMode="Internal" Type="t3"></Relationship></Relationships>',
    );
  });

  it('escapes markup characters in attribute values (C14N §2.2)', () => {
    const list = [{ id: 'rId1', type: 'T', target: 'https://x.example/?a=1&b="2"<', targetMode: 'External' }];
    expect(relationshipTransformC14n(list, new Set(['rId1']))).toBe(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="https://x.example/?a=1&amp;b=&quot;2&quot;&lt;" TargetMode="External" Type="T"></Relationship></Relationships>',
    );
  });

  it('gives an empty Relationships element when nothing is selected', () => {
    expect(relationshipTransformC14n(readRelationships(rels).list, new Set(), new Set())).toBe('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>');
  });
});
