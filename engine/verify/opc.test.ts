import { describe, expect, it } from 'vitest';
import { readRelationships, relationshipTransformC14n, relsPartOf, resolveTarget, sourceOfRels } from './opc';

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

  it('gives an empty Relationships element when nothing is selected', () => {
    expect(relationshipTransformC14n(readRelationships(rels).list, new Set(), new Set())).toBe('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>');
  });
});
