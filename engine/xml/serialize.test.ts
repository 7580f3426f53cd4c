import { describe, expect, it } from 'vitest';
import { encodeUtf8, concatBytes } from '../core';
import { parseXml } from './parse';
import { serializeXml, serializeXmlChunks } from './serialize';
import type { XmlDocument, XmlNode } from './types';

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

function docOf(children: XmlNode[]): XmlDocument {
  return { prolog: [], root: { kind: 'element', name: 'r', attrs: {}, children }, strict: false };
}

describe('serializeXmlChunks', () => {
  it('gives the bytes of the serialised string, in more than one piece for a long part', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${
      '<w:p><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">a &amp; b é 𝒳 </w:t></w:r></w:p>'.repeat(3000)
    }</w:body></w:document>`;
    const parsed = parseXml(xml, { keepWhitespace: true });
    if (!parsed.ok) throw new Error('parse');
    const chunks = serializeXmlChunks(parsed.value);
    expect(chunks.length).toBeGreaterThan(1);
    expect(sameBytes(concatBytes(chunks), encodeUtf8(serializeXml(parsed.value)))).toBe(true);
  });

  it('encodes a surrogate pair split between two pieces at a chunk boundary as one character', () => {
    // Pieces: '<r>', then one per text node. The 4,096th piece (a chunk's last) ends in a high
    // surrogate whose low half is the next piece: encoded apart, each half became U+FFFD.
    const texts: XmlNode[] = Array.from({ length: 5000 }, () => ({ kind: 'text', text: 'a' }));
    texts[4094] = { kind: 'text', text: '\ud83d' };
    texts[4095] = { kind: 'text', text: '\ude00' };
    const doc = docOf(texts);
    const bytes = concatBytes(serializeXmlChunks(doc));
    expect(bytes).toEqual(encodeUtf8(serializeXml(doc)));
    expect(new TextDecoder().decode(bytes)).toContain('a\u{1f600}a');
  });

  it('keeps a lone high surrogate at the very end as U+FFFD, as the string encoder does', () => {
    const doc: XmlDocument = { prolog: [], root: { kind: 'element', name: 'r', attrs: { v: '\ud800' }, children: [] }, strict: false };
    expect(concatBytes(serializeXmlChunks(doc))).toEqual(encodeUtf8(serializeXml(doc)));
  });
});
