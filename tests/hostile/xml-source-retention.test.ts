/**
 * A parsed tree must not keep its part's decoded text alive. V8 makes a slice of 13 characters or
 * more a view of the string it was cut from, so one text node, comment or long attribute value cut
 * from a part kept the whole part's text (twice its size when the part is not Latin-1) as long as
 * the tree, or the DOCX model built from it, lived: unstructured-handbook-872p's model held its
 * 10.5 MB document text through layout and drawing. Measured as heap bytes held after full
 * collections, not as resident sizes.
 */
import { describe, expect, it } from 'vitest';
import { parseDocx } from '../../engine/docx';
import { parseXml, type XmlDocument } from '../../engine/xml';
import { createNodeHost } from '../../node/host';
import { makeDocx, para } from '../helpers/make-docx';
import { heapHeld } from '../helpers/heap';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

/** A part of `padMb` MB of white space around a few long texts, a comment and long attribute values (UTF-16: one Greek letter). */
function parsePadded(padMb: number): XmlDocument {
  const pad = ' '.repeat(padMb * 2 ** 20);
  const xml = `<r a="a value of more than twenty-four characters" b="thirteen+chars">${pad}<t>a text of more than thirteen characters, α</t>${pad}<!-- a comment of some length --><t>x &amp; y and more text</t></r>`;
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error('parse');
  return parsed.value;
}

describe('parsed trees do not hold their source text', () => {
  it('keeps a small tree of an 8 MB part in under 1 MB', () => {
    parsePadded(0);
    const { value, bytes } = heapHeld(() => parsePadded(4));
    expect(value.root.children).toHaveLength(3);
    // Before: 16.8 MB (the part's UTF-16 text, kept by each of the tree's strings). Alone the tree
    // holds a few KB, but the heap delta picks up what else the test worker allocates meanwhile: 140 KB
    // once in a full parallel \`npm test\`, so the bound sits well above that and far below the fault.
    expect(bytes).toBeLessThan(2 ** 20);
  });

  it('keeps a DOCX model free of its document text', () => {
    const body = para('A paragraph of text long enough to be a view, α') + `<!--${'x'.repeat(4 * 2 ** 20)}-->` + para('Another paragraph of ordinary text');
    const docx = makeDocx({ body });
    parseDocx(makeDocx({ body: para('warm') }), {}, host);
    const { value, bytes } = heapHeld(() => parseDocx(docx, {}, host));
    expect(value.ok).toBe(true);
    // Before: 8.4 MB (document.xml's text, UTF-16 because of the α, kept by the run texts).
    expect(bytes).toBeLessThan(2 * 2 ** 20);
  });
});
