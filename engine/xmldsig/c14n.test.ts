import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { C14N, canonicalizeDocument, canonicalizeElement } from './c14n';
import { findById, parseXTree } from './xml-tree';

/** libxml2's canonicaliser (apt-get install libxml2-utils) is the reference these tests compare with. */
function xmllint(flag: '--c14n' | '--exc-c14n', xml: string): string {
  const r = spawnSync('xmllint', [flag, '-'], { input: xml, encoding: 'utf8' });
  if (r.error) throw new Error('xmllint is required by this test; install it with: apt-get install libxml2-utils');
  if (r.status !== 0) throw new Error(`xmllint failed: ${r.stderr}`);
  return r.stdout;
}

const DOCS = [
  '<?xml version="1.0"?>\r\n<!-- head -->\r\n<a xmlns="urn:a" xmlns:z="urn:z" z:b="2" c="1" b="0">\r\n  <z:b  z:x="&lt;&amp;&quot;&#9;&#10;&#13;" y="t\tab\nnl" >text &amp; &lt; &gt; &#13;</z:b><e/><?pi data?>\n</a>\n<!-- tail -->',
  '<root xmlns:p="urn:p" xmlns:q="urn:q"><p:x q:a="1" p:a="2" a="3"><inner xmlns="urn:d"><deeper xmlns=""/></inner></p:x></root>',
  '<doc><![CDATA[<cdata> & ]]>tail<!--c--><x xml:lang="en" xml:space="preserve"> </x></doc>',
  '<a:b xmlns:a="urn:a" xmlns:unused="urn:u"><a:c xmlns:a="urn:a"><d xmlns:a="urn:other" a:e="f"/></a:c></a:b>',
  '<x attr=\'single "quotes"\' other="é ü &#x1F600;">non-ASCII — text</x>',
];

describe('canonical XML 1.0 (compared with xmllint)', () => {
  it.each(DOCS.map((d, i) => [i, d] as const))('document %i, inclusive with comments', (_, xml) => {
    expect(canonicalizeDocument(parseXTree(xml), { algorithm: C14N.inclusiveComments })).toBe(xmllint('--c14n', xml));
  });

  it.each(DOCS.map((d, i) => [i, d] as const))('document %i, exclusive with comments', (_, xml) => {
    expect(canonicalizeDocument(parseXTree(xml), { algorithm: C14N.exclusiveComments })).toBe(xmllint('--exc-c14n', xml));
  });

  it('drops comments in the variants without comments', () => {
    const doc = parseXTree('<!--a--><r><!--b-->x</r><!--c-->');
    expect(canonicalizeDocument(doc, { algorithm: C14N.inclusive })).toBe('<r>x</r>');
  });

  it('agrees with xmllint on generated documents', () => {
    const name = fc.constantFrom('a', 'b', 'p:a', 'q:b', 'p:c');
    const text = fc.string({ maxLength: 6 }).map((s) => s.replace(/[^ -~]/g, ''));
    const node: fc.Memo<string> = fc.memo((n) =>
      n <= 1
        ? text.map((t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;'))
        : fc
            .tuple(name, fc.array(fc.tuple(fc.constantFrom('x', 'y', 'p:z', 'q:z'), text), { maxLength: 3 }), fc.array(node(n - 1), { maxLength: 3 }), fc.boolean())
            .map(([el, attrs, kids, decl]) => {
              const seen = new Set<string>();
              const list = attrs.filter(([k]) => !seen.has(k) && seen.add(k)).map(([k, v]) => ` ${k}="${v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')}"`);
              return `<${el}${decl ? ' xmlns="urn:d"' : ''}${list.join('')}>${kids.join('')}</${el}>`;
            }),
    );
    fc.assert(
      fc.property(node(4), (inner) => {
        const xml = `<root xmlns:p="urn:p" xmlns:q="urn:q">${inner}</root>`;
        expect(canonicalizeDocument(parseXTree(xml), { algorithm: C14N.inclusiveComments })).toBe(xmllint('--c14n', xml));
      }),
      { numRuns: 60 },
    );
  });
});

describe('canonicalisation of a subtree (same-document reference)', () => {
  // The XML-DSig pattern: the Object is referenced by Id and inherits the Signature's default namespace.
  const xml = '<Signature xmlns="urn:ds" xml:lang="en"><Object Id="o" xmlns:m="urn:m"><m:V a="1">v</m:V></Object></Signature>';

  it('renders the inherited namespaces and xml:* attributes on the apex (inclusive)', () => {
    const el = findById(parseXTree(xml).root, 'o')!;
    expect(canonicalizeElement(el, { algorithm: C14N.inclusive })).toBe('<Object xmlns="urn:ds" xmlns:m="urn:m" Id="o" xml:lang="en"><m:V a="1">v</m:V></Object>');
  });

  it('does not render again a namespace an output ancestor already declared (Word writes such redundant declarations)', () => {
    const sig = '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><Object Id="o" xmlns:mdssi="urn:m"><mdssi:V>1</mdssi:V><Inner xmlns="http://www.w3.org/2000/09/xmldsig#"/></Object></Signature>';
    expect(canonicalizeElement(findById(parseXTree(sig).root, 'o')!, { algorithm: C14N.inclusive })).toBe(
      '<Object xmlns="http://www.w3.org/2000/09/xmldsig#" xmlns:mdssi="urn:m" Id="o"><mdssi:V>1</mdssi:V><Inner></Inner></Object>',
    );
  });

  it('renders only visibly used namespaces (exclusive), plus the InclusiveNamespaces prefixes', () => {
    const el = findById(parseXTree(xml).root, 'o')!;
    expect(canonicalizeElement(el, { algorithm: C14N.exclusive })).toBe('<Object xmlns="urn:ds" Id="o"><m:V xmlns:m="urn:m" a="1">v</m:V></Object>');
    expect(canonicalizeElement(el, { algorithm: C14N.exclusive, inclusivePrefixes: ['m'] })).toBe('<Object xmlns="urn:ds" xmlns:m="urn:m" Id="o"><m:V a="1">v</m:V></Object>');
  });
});

describe('the prefix-preserving parser', () => {
  it('refuses a DOCTYPE (no DTD, no entity expansion)', () => {
    expect(() => parseXTree('<!DOCTYPE x [<!ENTITY e "boom">]><x>&e;</x>')).toThrow(/DOCTYPE/);
  });

  it('rejects undeclared prefixes and mismatched tags with a diagnostic', () => {
    expect(() => parseXTree('<p:x/>')).toThrow(/not declared/);
    expect(() => parseXTree('<a><b></a>')).toThrow(/Mismatched/);
  });

  it('bounds nesting depth', () => {
    expect(() => parseXTree('<a>'.repeat(400) + '</a>'.repeat(400))).toThrow(/too deeply/);
  });
});
