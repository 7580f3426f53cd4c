import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseXml } from './parse';
import { serializeXml } from './serialize';
import { child, children, textContent } from './query';
import type { XmlElement } from './types';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

function parsed(xml: string, opts = {}) {
  const r = parseXml(xml, opts);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

describe('parseXml', () => {
  it('parses elements, attributes, text and the declaration', () => {
    const d = parsed(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t xml:space="preserve"> a &amp; b &lt;c&gt; &#x41;&#66; </w:t></w:r></w:p></w:body></w:document>`);
    expect(d.declaration).toEqual({ version: '1.0', encoding: 'UTF-8', standalone: 'yes' });
    expect(d.root.name).toBe('w:document');
    const t = child(child(child(child(d.root, 'w:body'), 'w:p'), 'w:r'), 'w:t')!;
    expect(t.attrs['xml:space']).toBe('preserve');
    expect(textContent(t)).toBe(' a & b <c> AB ');
  });

  it('renames foreign prefixes and a default namespace to the canonical prefix', () => {
    const d = parsed(`<ns0:document xmlns:ns0="${W}"><ns0:body><ns0:p ns0:rsidR="1"/></ns0:body></ns0:document>`);
    expect(d.root.name).toBe('w:document');
    expect(d.root.attrs).toEqual({ 'xmlns:w': W });
    expect(child(child(d.root, 'w:body'), 'w:p')!.attrs).toEqual({ 'w:rsidR': '1' });
    const e = parsed(`<document xmlns="${W}"><body><p/></body></document>`);
    expect(e.root.name).toBe('w:document');
    expect(child(e.root, 'w:body')).toBeDefined();
    // Serialising the renamed tree gives consistent, re-parseable XML.
    const again = parsed(serializeXml(d));
    expect(again.root.name).toBe('w:document');
  });

  it('maps Strict OOXML namespaces onto the same names and flags the part', () => {
    const d = parsed(`<w:document xmlns:w="http://purl.oclc.org/ooxml/wordprocessingml/main"><w:body/></w:document>`);
    expect(d.strict).toBe(true);
    expect(child(d.root, 'w:body')).toBeDefined();
  });

  it('keeps package relationships unprefixed', () => {
    const d = parsed(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="a.xml"/></Relationships>`);
    expect(children(d.root, 'Relationship')).toHaveLength(1);
  });

  it('drops whitespace between elements but keeps it inside text elements', () => {
    const d = parsed(`<a>\n  <b> </b>\n  <c>x</c>\n</a>`);
    expect(d.root.children).toHaveLength(2);
    expect(textContent(child(d.root, 'b')!)).toBe(' ');
    const k = parsed(`<a>\n  <b/>\n</a>`, { keepWhitespace: true });
    expect(k.root.children).toHaveLength(3);
  });

  it('shares frozen empty attrs and children only when asked', () => {
    const shared = parsed('<a><b/><c x="1"/><d></d></a>', { shareEmpty: true });
    const [b, c, d] = shared.root.children as XmlElement[];
    expect(b!.attrs).toBe(shared.root.attrs);
    expect(Object.isFrozen(b!.attrs) && Object.isFrozen(b!.children)).toBe(true);
    expect(b!.children).toBe(c!.children);
    expect(c!.attrs).toEqual({ x: '1' });
    // An element written with an end tag still gets its own (empty) children array.
    expect(Object.isFrozen(d!.children)).toBe(false);
    const own = parsed('<a><b/><c/></a>');
    const [ob, oc] = own.root.children as XmlElement[];
    expect(ob!.attrs).not.toBe(oc!.attrs);
    expect(ob!.children).not.toBe(oc!.children);
    ob!.children.push({ kind: 'text', text: 'ok' });
    ob!.attrs.y = '2';
  });

  it('keeps CDATA, comments and processing instructions', () => {
    const d = parsed(`<a><!-- note --><?pi data?><![CDATA[<x>&]]></a>`);
    expect(d.root.children.map((c) => c.kind)).toEqual(['comment', 'pi', 'text']);
    expect(textContent(d.root)).toBe('<x>&');
    expect(serializeXml(d)).toBe('<a><!-- note --><?pi data?><![CDATA[<x>&]]></a>');
  });

  it('refuses a DTD (no entity expansion, no billion laughs)', () => {
    const r = parseXml(`<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><a>&lol2;</a>`);
    expect(r).toMatchObject({ ok: false, errors: [{ code: 'xml/dtd-forbidden' }] });
  });

  it('keeps unknown entity references as written, with a warning', () => {
    const r = parseXml('<a>&nbsp;x</a>');
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(textContent(r.value.root)).toBe('&nbsp;x');
      expect(r.warnings[0]?.code).toBe('xml/unknown-entity');
    }
  });

  it('enforces depth, attribute and element limits', () => {
    const deep = '<a>'.repeat(300) + '</a>'.repeat(300);
    expect(parseXml(deep)).toMatchObject({ ok: false, errors: [{ code: 'xml/too-deep' }] });
    const attrs = '<a ' + Array.from({ length: 600 }, (_, i) => `x${i}="1"`).join(' ') + '/>';
    expect(parseXml(attrs)).toMatchObject({ ok: false, errors: [{ code: 'xml/too-many-attributes' }] });
    const many = '<a>' + '<b/>'.repeat(50) + '</a>';
    expect(parseXml(many, { limits: { maxXmlDepth: 10, maxXmlAttributes: 10, maxXmlElements: 20 } })).toMatchObject({
      ok: false,
      errors: [{ code: 'xml/too-many-elements' }],
    });
  });

  it('counts the elements of several parts against one budget when given one', () => {
    const limits = { maxXmlDepth: 10, maxXmlAttributes: 10, maxXmlElements: 100 };
    const part = '<a>' + '<b/>'.repeat(59) + '</a>';
    const budget = { spent: 0 };
    expect(parseXml(part, { limits, elementBudget: budget }).ok).toBe(true);
    expect(budget.spent).toBe(60);
    // Alone, the second part fits; after the first, the package has 120 elements.
    expect(parseXml(part, { limits }).ok).toBe(true);
    const second = parseXml(part, { part: 'word/header1.xml', limits, elementBudget: budget });
    expect(second).toMatchObject({ ok: false, errors: [{ code: 'xml/too-many-elements' }] });
    if (!second.ok) expect(second.errors[0]!.message).toMatch(/word\/header1\.xml brings the package's XML parts past 100 elements together \(60 in the parts read before it\)/);
  });

  it('reports malformed XML with a code and a position', () => {
    const cases: Array<[string, string]> = [
      ['<a><b></a>', 'xml/mismatched-tag'],
      ['<a>', 'xml/unclosed-element'],
      ['<a x=1/>', 'xml/bad-attribute'],
      ['', 'xml/no-root'],
      ['<a/><b/>', 'xml/multiple-roots'],
      ['<a><!-- x</a>', 'xml/unclosed-comment'],
    ];
    for (const [xml, code] of cases) {
      const r = parseXml(xml, { part: 'word/document.xml' });
      expect(r.ok, xml).toBe(false);
      if (!r.ok) expect(r.errors[0]!.code, xml).toBe(code);
    }
  });

  it('decodes UTF-16 parts with a byte order mark', () => {
    const text = '<a>é</a>';
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes[0] = 0xff;
    bytes[1] = 0xfe;
    for (let i = 0; i < text.length; i++) bytes[2 + i * 2] = text.charCodeAt(i);
    const r = parseXml(bytes);
    expect(r.ok && textContent(r.value.root)).toBe('é');
  });

  it('never throws on arbitrary input (property)', () => {
    const alphabet = fc.constantFrom('<', '>', '/', 'a', 'w:p', '=', '"', "'", ' ', '&', ';', '#x41', '<!--', '-->', '<![CDATA[', ']]>', '<?', '?>', '<!DOCTYPE', 'xmlns:w="u"', '\n');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 60 }), (parts) => {
        const r = parseXml(parts.join(''));
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 3000 },
    );
  });

  it('round-trips serialisation of well-formed trees (property)', () => {
    const tree = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.record({ kind: fc.constant('text' as const), text: fc.string({ minLength: 1, maxLength: 8 }).filter((s) => s.trim().length > 0) }),
        fc.record({
          kind: fc.constant('element' as const),
          name: fc.constantFrom('w:p', 'w:r', 'w:t', 'a'),
          attrs: fc.dictionary(fc.constantFrom('w:val', 'id', 'x'), fc.string({ maxLength: 6 })),
          children: fc.array(tie('node'), { maxLength: 3 }),
        }),
      ),
    }));
    fc.assert(
      fc.property(tree.node, (n) => {
        const root = { kind: 'element' as const, name: 'root', attrs: {}, children: [n as never] };
        const xml = serializeXml({ prolog: [], root, strict: false });
        const back = parseXml(xml, { keepWhitespace: true });
        expect(back.ok).toBe(true);
        if (back.ok) expect(serializeXml(back.value)).toBe(xml);
      }),
      { numRuns: 500 },
    );
  });
});
