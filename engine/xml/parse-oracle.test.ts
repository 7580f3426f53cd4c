/**
 * The fast parser against the first, simple one (testing/reference-parser.ts): same trees, same
 * warnings, same error codes, on random markup made of the pieces that matter to a tokenizer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Interner } from './interner';
import { parseXml } from './parse';
import { parseXmlReference } from './testing/reference-parser';

function same(xml: string, keepWhitespace = false): void {
  const a = parseXml(xml, { part: 'p.xml', keepWhitespace });
  const b = parseXmlReference(xml, { part: 'p.xml', keepWhitespace });
  if (a.ok && b.ok) {
    expect(a.value).toEqual(b.value);
    expect(a.warnings).toEqual(b.warnings);
  } else {
    expect(a.ok, xml).toBe(b.ok);
    if (!a.ok && !b.ok) expect(a.errors.map((e) => e.code), xml).toEqual(b.errors.map((e) => e.code));
  }
}

const PIECES = [
  '<', '>', '/', '</', '/>', 'a', 'w:p', 'b', ' ', '\n', '\t', '=', '"', "'", '"v"', "'w'", '&amp;', '&#x41;', '&#32;', '&bogus;', '&', ';',
  '<!--', '-->', '<![CDATA[', ']]>', '<?', '?>', '<?xml version="1.0"?>', 'xmlns="http://schemas.openxmlformats.org/wordprocessingml/2006/main"',
  'xmlns:ns0="http://schemas.openxmlformats.org/wordprocessingml/2006/main"', 'ns0:', 'x="1"', ' w:val="single"', 'v="a<b"', "q='&lt;'", 'x=', '"&amp;', 'é', '\u00a0',
];

describe('parseXml against the reference parser', () => {
  it('agrees on random markup (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 50 }), fc.boolean(), (parts, keep) => same(parts.join(''), keep)),
      { numRuns: 5000 },
    );
  });

  it('agrees on well-formed documents with whitespace, references and renamed prefixes (property)', () => {
    const text = fc.constantFrom(' ', '\n  ', 'x', 'a &amp; b', '&#32;', ' &#x9; ', 'é&lt;', '&nope;');
    const el = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.tuple(fc.constantFrom('a', 'ns0:p', 'w:r', 'p'), fc.array(fc.constantFrom(' x="1"', " y='&amp;'", ' ns0:v="2"', '  z = "3" '), { maxLength: 3 }), fc.array(tie('node'), { maxLength: 4 }), fc.boolean())
          .map(([n, attrs, kids, closeWithSpace]) => `<${n}${attrs.join('')}>${(kids as string[]).join('')}</${n}${closeWithSpace ? ' ' : ''}>`),
      ),
    }));
    fc.assert(
      fc.property(el.node, fc.boolean(), (body, keep) => {
        same(`<?xml version="1.0"?>\n<root xmlns:ns0="http://schemas.openxmlformats.org/wordprocessingml/2006/main">${body as string}</root>\n`, keep);
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees on attribute values and text made of special characters (property)', () => {
    const chars = fc.constantFrom('a', '<', '>', '&', ';', 'amp', '#', 'x41', '"', "'", ' ', '\n', '=', '/', ']]>');
    const str = fc.array(chars, { maxLength: 8 }).map((a) => a.join(''));
    fc.assert(
      fc.property(str, str, str, (v1, v2, t) => same(`<r a="${v1}" b='${v2}'>${t}<e c = "${v2}" /></r>`)),
      { numRuns: 3000 },
    );
  });

  it('matches end tags with white space before the > (and refuses other names)', () => {
    same('<a><b></b ></a\n>');
    same('<a></ a>');
    same('<a></ab>');
    same('<ab></a>');
    const r = parseXml('<a></a >');
    expect(r.ok).toBe(true);
  });
});

describe('Interner', () => {
  it('shares equal strings and keeps returning correct ones once full', () => {
    const t = new Interner(64);
    const s = Array.from({ length: 100 }, (_, i) => `n${i}`).join('|');
    const got: string[] = [];
    let start = 0;
    for (const part of s.split('|')) {
      let h = 0;
      for (let k = 0; k < part.length; k++) h = (Math.imul(h, 31) + part.charCodeAt(k)) | 0;
      got.push(t.get(s, start, start + part.length, h));
      // A second lookup of an interned string gives the same string.
      expect(t.get(s, start, start + part.length, h)).toBe(part);
      start += part.length + 1;
    }
    expect(got).toEqual(s.split('|'));
  });
});
