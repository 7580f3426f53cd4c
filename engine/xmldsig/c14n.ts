/**
 * XML canonicalisation for XML-DSig digests: Canonical XML 1.0 (W3C REC-xml-c14n-20010315, with and
 * without comments) and Exclusive XML Canonicalization 1.0 (REC-xml-exc-c14n-20020718), applied to a
 * whole document or to the subtree of one element (a same-document `#id` reference). Works on the
 * prefix-preserving tree of xml-tree.ts, so the output keeps the prefixes the signer saw.
 */
import { abort } from '../core';
import type { XDocument, XElement, XNode } from './xml-tree';
import { inScopeNamespaces } from './xml-tree';

/** Canonicalisation algorithm URIs (XML-DSig §6.5). */
export const C14N = {
  inclusive: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  inclusiveComments: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments',
  exclusive: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  exclusiveComments: 'http://www.w3.org/2001/10/xml-exc-c14n#WithComments',
  inclusive11: 'http://www.w3.org/2006/12/xml-c14n11',
  inclusive11Comments: 'http://www.w3.org/2006/12/xml-c14n11#WithComments',
} as const;

/** Options of one canonicalisation. */
export interface C14nOptions {
  readonly algorithm: string;
  /** Exclusive C14N InclusiveNamespaces PrefixList (`#default` for the default namespace). */
  readonly inclusivePrefixes?: readonly string[];
}

/** True when the algorithm URI is one this module implements. */
export function isC14nAlgorithm(uri: string): boolean {
  return (Object.values(C14N) as string[]).includes(uri);
}

/** Escapes text the canonical way (C14N §2.2: &, <, >, #xD). */
function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
}

/** Escapes an attribute value the canonical way (C14N §2.2: &, <, ", #x9, #xA, #xD). */
export function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;').replace(/\r/g, '&#xD;');
}

interface Mode {
  readonly comments: boolean;
  readonly exclusive: boolean;
  readonly inclusivePrefixes: ReadonlySet<string>;
}

function modeOf(o: C14nOptions): Mode {
  if (!isC14nAlgorithm(o.algorithm)) abort('xmldsig/unsupported-c14n', `Canonicalisation ${o.algorithm} is not supported.`);
  const exclusive = o.algorithm.startsWith(C14N.exclusive);
  return {
    comments: o.algorithm.endsWith('#WithComments'),
    exclusive,
    inclusivePrefixes: new Set((o.inclusivePrefixes ?? []).map((p) => (p === '#default' ? '' : p))),
  };
}

/** Canonicalises a whole document (§2.1: no declaration, PIs and comments around the root on their own lines). */
export function canonicalizeDocument(doc: XDocument, options: C14nOptions): string {
  const mode = modeOf(options);
  const out: string[] = [];
  const outside = (n: XNode): string | undefined => (n.kind === 'pi' ? `<?${n.target}${n.data ? ' ' + n.data : ''}?>` : n.kind === 'comment' && mode.comments ? `<!--${n.text}-->` : undefined);
  for (const n of doc.before) {
    const t = outside(n);
    if (t !== undefined) out.push(t, '\n');
  }
  element(doc.root, new Map(), true, mode, out);
  for (const n of doc.after) {
    const t = outside(n);
    if (t !== undefined) out.push('\n', t);
  }
  return out.join('');
}

/** Canonicalises the subtree of one element (the node-set of a same-document reference). */
export function canonicalizeElement(el: XElement, options: C14nOptions): string {
  const mode = modeOf(options);
  const out: string[] = [];
  element(el, new Map(), true, mode, out, true);
  return out.join('');
}

/** xml:* attributes inherited from ancestors outside the subset (Canonical XML 1.0 §2.4). */
function inheritedXmlAttrs(el: XElement): { name: string; value: string }[] {
  const found = new Map<string, string>();
  for (let e = el.parent; e; e = e.parent) for (const a of e.attrs) if (a.prefix === 'xml' && !found.has(a.local)) found.set(a.local, a.value);
  for (const a of el.attrs) if (a.prefix === 'xml') found.delete(a.local);
  return [...found].map(([local, value]) => ({ name: `xml:${local}`, value }));
}

function element(el: XElement, rendered: Map<string, string>, apex: boolean, mode: Mode, out: string[], subset = false): void {
  const ns = mode.exclusive ? exclusiveNamespaces(el, rendered, mode) : inclusiveNamespaces(el, rendered, apex && subset);
  const nsPart = [...ns].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([p, u]) => (p === '' ? ` xmlns="${escapeAttr(u)}"` : ` xmlns:${p}="${escapeAttr(u)}"`));
  const attrs = el.attrs.map((a) => ({ name: a.name, uri: a.uri, local: a.local, value: a.value }));
  if (apex && subset && !mode.exclusive) for (const x of inheritedXmlAttrs(el)) attrs.push({ name: x.name, uri: 'http://www.w3.org/XML/1998/namespace', local: x.name.slice(4), value: x.value });
  // §2.3: attributes sorted by namespace URI (none first), then local name.
  attrs.sort((a, b) => (a.uri !== b.uri ? (a.uri < b.uri ? -1 : 1) : a.local < b.local ? -1 : a.local > b.local ? 1 : 0));
  out.push('<', el.name, ...nsPart);
  for (const a of attrs) out.push(' ', a.name, '="', escapeAttr(a.value), '"');
  out.push('>');
  const next = new Map(rendered);
  for (const [p, u] of ns) next.set(p, u);
  for (const c of el.children) {
    if (c.kind === 'text') out.push(escapeText(c.text));
    else if (c.kind === 'element') element(c, next, false, mode, out);
    else if (c.kind === 'comment') {
      if (mode.comments) out.push(`<!--${c.text}-->`);
    } else out.push(`<?${c.target}${c.data ? ' ' + c.data : ''}?>`);
  }
  out.push('</', el.name, '>');
}

/** Inclusive C14N: every in-scope namespace not already rendered with the same value by an output ancestor. */
function inclusiveNamespaces(el: XElement, rendered: ReadonlyMap<string, string>, apexOfSubset: boolean): Map<string, string> {
  const scope = apexOfSubset ? inScopeNamespaces(el) : new Map(el.nsDecls);
  const out = new Map<string, string>();
  for (const [p, u] of scope) {
    if (p === 'xml') continue;
    if (p === '' && u === '') {
      // xmlns="" only undoes a default namespace an output ancestor rendered.
      if ((rendered.get('') ?? '') !== '') out.set('', '');
      continue;
    }
    if (rendered.get(p) !== u) out.set(p, u);
  }
  return out;
}

/** Exclusive C14N: only namespaces visibly used by the element or its attributes, plus the PrefixList. */
function exclusiveNamespaces(el: XElement, rendered: ReadonlyMap<string, string>, mode: Mode): Map<string, string> {
  const scope = inScopeNamespaces(el);
  const used = new Set<string>([el.prefix]);
  for (const a of el.attrs) if (a.prefix !== '' && a.prefix !== 'xml') used.add(a.prefix);
  for (const p of mode.inclusivePrefixes) if (scope.has(p)) used.add(p);
  const out = new Map<string, string>();
  for (const p of used) {
    const u = p === '' ? scope.get('') ?? '' : scope.get(p);
    if (u === undefined) continue;
    if (p === '' && u === '' && (rendered.get('') ?? '') === '') continue;
    if (rendered.get(p) !== u) out.set(p, u);
  }
  return out;
}
