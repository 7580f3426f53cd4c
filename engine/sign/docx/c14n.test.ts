import { describe, expect, it } from 'vitest';
import { CANONICAL_PREFIX, parseXml } from '../../xml';
import { canonicalize, prefixRestoreFromSource } from './c14n';
import { locate } from './tree';

function c14n(xml: string, id?: string): string {
  const doc = parseXml(xml, { keepWhitespace: true });
  if (!doc.ok) throw new Error('parse');
  const restore = prefixRestoreFromSource(xml, CANONICAL_PREFIX);
  const hit = id ? locate(doc.value.root, (e) => e.attrs.Id === id, restore)! : { el: doc.value.root, parentCtx: new Map() };
  return canonicalize(hit.el, hit.parentCtx, restore);
}

describe('Canonical XML 1.0', () => {
  it('sorts namespace declarations before attributes, attributes by namespace URI then name, and expands empty elements', () => {
    // After the C14N 1.0 spec example 3.3 (start and end tags).
    const xml = '<doc><e5 a:attr="out" b:attr="sorted" attr2="all" attr="I\'m" xmlns:b="http://www.ietf.org" xmlns:a="http://www.w3.org" xmlns="http://example.org"/></doc>';
    expect(c14n(xml)).toBe(
      '<doc><e5 xmlns="http://example.org" xmlns:a="http://www.w3.org" xmlns:b="http://www.ietf.org" attr="I\'m" attr2="all" b:attr="sorted" a:attr="out"></e5></doc>',
    );
  });

  it('escapes text and attribute values the canonical way', () => {
    expect(c14n('<a b="&lt;&amp;&quot;&#9;&#10;">x &lt; y &gt; z &amp; "q"</a>')).toBe('<a b="&lt;&amp;&quot;&#x9;&#xA;">x &lt; y &gt; z &amp; "q"</a>');
  });

  it('puts inherited namespaces on the apex of a subset and keeps the source prefixes (default XML-DSig namespace)', () => {
    const xml = '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><Object Id="o" xmlns:mdssi="http://schemas.openxmlformats.org/package/2006/digital-signature"><mdssi:V>1</mdssi:V><Inner xmlns="http://www.w3.org/2000/09/xmldsig#"/></Object></Signature>';
    expect(c14n(xml, 'o')).toBe(
      '<Object xmlns="http://www.w3.org/2000/09/xmldsig#" xmlns:mdssi="http://schemas.openxmlformats.org/package/2006/digital-signature" Id="o"><mdssi:V>1</mdssi:V><Inner></Inner></Object>',
    );
  });

  it('drops comments and normalises line ends in text', () => {
    expect(c14n('<a><!-- c -->x\r\ny</a>')).toBe('<a>x\ny</a>');
  });
});
