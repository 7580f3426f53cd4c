/**
 * A prefix-preserving XML 1.0 parser for canonicalisation (XML-DSig needs the prefixes, namespace
 * declarations and attribute values exactly as written; engine/xml renames prefixes and so cannot
 * be used for digests). End-of-line handling (§2.11) and attribute-value normalisation (§3.3.3, CDATA
 * type) are applied as C14N assumes. A DOCTYPE is refused: no DTD, no entity other than the five
 * predefined ones and character references. Depth and size are bounded.
 */
import { abort } from '../core';
import { decodeEntities } from '../xml';

/** An element with its names as written. */
export interface XElement {
  readonly kind: 'element';
  /** Qualified name as written (`ds:Signature`). */
  readonly name: string;
  readonly prefix: string;
  readonly local: string;
  /** Namespace URI the prefix resolves to ('' for none). */
  readonly uri: string;
  /** Attributes other than namespace declarations, in document order. */
  readonly attrs: readonly XAttr[];
  /** Namespace declarations on this element: prefix ('' for default) → URI. */
  readonly nsDecls: ReadonlyMap<string, string>;
  readonly children: XNode[];
  readonly parent?: XElement;
}

/** An attribute with its resolved namespace. */
export interface XAttr {
  readonly name: string;
  readonly prefix: string;
  readonly local: string;
  readonly uri: string;
  readonly value: string;
}

/** Any node. */
export type XNode = XElement | { readonly kind: 'text'; readonly text: string } | { readonly kind: 'comment'; readonly text: string } | { readonly kind: 'pi'; readonly target: string; readonly data: string };

/** A parsed document: the root and the comments / PIs around it. */
export interface XDocument {
  readonly before: readonly XNode[];
  readonly root: XElement;
  readonly after: readonly XNode[];
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const MAX_DEPTH = 256;
const MAX_NODES = 2_000_000;

/** Parses XML text (a string already decoded from bytes). Throws a `xmldsig/xml-...` DiagnosticError. */
export function parseXTree(input: string): XDocument {
  const s = input.replace(/\r\n?/g, '\n');
  const p = new Reader(s);
  const before: XNode[] = [];
  const after: XNode[] = [];
  let root: XElement | undefined;
  p.skipDeclaration();
  while (p.pos < s.length) {
    p.skipSpace();
    if (p.pos >= s.length) break;
    if (s.startsWith('<!--', p.pos)) (root ? after : before).push(p.comment());
    else if (s.startsWith('<?', p.pos)) (root ? after : before).push(p.pi());
    else if (s.startsWith('<!DOCTYPE', p.pos)) abort('xmldsig/xml-doctype', 'The XML declares a DOCTYPE, which signature parts must not have.');
    else if (s[p.pos] === '<' && !root) root = p.element(undefined, 0);
    else abort('xmldsig/xml-malformed', `Unexpected content at offset ${p.pos}.`);
  }
  if (!root) abort('xmldsig/xml-malformed', 'The XML has no root element.');
  return { before, root, after };
}

class Reader {
  pos = 0;
  private nodes = 0;
  constructor(private readonly s: string) {}

  skipDeclaration(): void {
    if (this.s.charCodeAt(0) === 0xfeff) this.pos = 1;
    if (this.s.startsWith('<?xml', this.pos) && /\s/.test(this.s[this.pos + 5] ?? '')) this.pos = this.indexOrFail('?>', this.pos) + 2;
  }

  skipSpace(): void {
    while (this.pos < this.s.length && /[ \t\n]/.test(this.s[this.pos]!)) this.pos++;
  }

  private indexOrFail(token: string, from: number): number {
    const i = this.s.indexOf(token, from);
    if (i < 0) abort('xmldsig/xml-malformed', `Unterminated markup: '${token}' expected after offset ${from}.`);
    return i;
  }

  private count(): void {
    if (++this.nodes > MAX_NODES) abort('xmldsig/xml-too-large', 'The XML has too many nodes.');
  }

  comment(): XNode {
    const end = this.indexOrFail('-->', this.pos + 4);
    const text = this.s.slice(this.pos + 4, end);
    this.pos = end + 3;
    this.count();
    return { kind: 'comment', text };
  }

  pi(): XNode {
    const end = this.indexOrFail('?>', this.pos + 2);
    const body = this.s.slice(this.pos + 2, end);
    this.pos = end + 2;
    const m = /^([^\s]+)\s*([\s\S]*)$/.exec(body);
    this.count();
    return { kind: 'pi', target: m?.[1] ?? body, data: m?.[2] ?? '' };
  }

  element(parent: XElement | undefined, depth: number): XElement {
    if (depth > MAX_DEPTH) abort('xmldsig/xml-too-deep', 'The XML is nested too deeply.');
    this.count();
    const s = this.s;
    const m = /^<([^\s/>]+)/.exec(s.slice(this.pos, this.pos + 512));
    if (!m) abort('xmldsig/xml-malformed', `Bad start tag at offset ${this.pos}.`);
    const name = m[1]!;
    this.pos += m[0].length;
    const raw: { name: string; value: string }[] = [];
    for (;;) {
      this.skipSpace();
      if (s.startsWith('/>', this.pos) || s[this.pos] === '>') break;
      const a = /^([^\s=/>]+)\s*=\s*(["'])/.exec(s.slice(this.pos, this.pos + 512));
      if (!a) abort('xmldsig/xml-malformed', `Bad attribute at offset ${this.pos}.`);
      const close = this.indexOrFail(a[2]!, this.pos + a[0].length);
      const rawValue = s.slice(this.pos + a[0].length, close);
      if (rawValue.includes('<')) abort('xmldsig/xml-malformed', `'<' in an attribute value at offset ${this.pos}.`);
      // §3.3.3: literal white space in a CDATA attribute becomes a space; references keep theirs.
      raw.push({ name: a[1]!, value: decodeEntities(rawValue.replace(/[\t\n]/g, ' ')) });
      this.pos = close + 1;
    }
    const el = this.resolve(name, raw, parent);
    if (s.startsWith('/>', this.pos)) {
      this.pos += 2;
      return el;
    }
    this.pos++;
    this.content(el, depth);
    return el;
  }

  private content(el: XElement, depth: number): void {
    const s = this.s;
    for (;;) {
      const lt = s.indexOf('<', this.pos);
      if (lt < 0) abort('xmldsig/xml-malformed', `Element '${el.name}' is not closed.`);
      if (lt > this.pos) this.text(el, decodeEntities(s.slice(this.pos, lt)));
      this.pos = lt;
      if (s.startsWith('</', lt)) {
        const end = this.indexOrFail('>', lt);
        if (s.slice(lt + 2, end).trim() !== el.name) abort('xmldsig/xml-malformed', `Mismatched end tag for '${el.name}' at offset ${lt}.`);
        this.pos = end + 1;
        return;
      }
      if (s.startsWith('<!--', lt)) el.children.push(this.comment());
      else if (s.startsWith('<![CDATA[', lt)) {
        const end = this.indexOrFail(']]>', lt);
        this.text(el, s.slice(lt + 9, end));
        this.pos = end + 3;
      } else if (s.startsWith('<?', lt)) el.children.push(this.pi());
      else if (s.startsWith('<!', lt)) abort('xmldsig/xml-doctype', 'Markup declarations are not allowed.');
      else el.children.push(this.element(el, depth + 1));
    }
  }

  private text(el: XElement, text: string): void {
    const last = el.children[el.children.length - 1];
    if (last && last.kind === 'text') el.children[el.children.length - 1] = { kind: 'text', text: last.text + text };
    else {
      this.count();
      el.children.push({ kind: 'text', text });
    }
  }

  private resolve(name: string, raw: readonly { name: string; value: string }[], parent: XElement | undefined): XElement {
    const nsDecls = new Map<string, string>();
    const plain: { name: string; value: string }[] = [];
    for (const a of raw) {
      if (a.name === 'xmlns') nsDecls.set('', a.value);
      else if (a.name.startsWith('xmlns:')) nsDecls.set(a.name.slice(6), a.value);
      else plain.push(a);
    }
    const lookup = (prefix: string): string => {
      if (prefix === 'xml') return XML_NS;
      if (nsDecls.has(prefix)) return nsDecls.get(prefix)!;
      for (let e = parent; e; e = e.parent) if (e.nsDecls.has(prefix)) return e.nsDecls.get(prefix)!;
      if (prefix !== '') abort('xmldsig/xml-namespace', `Prefix '${prefix}' is not declared.`);
      return '';
    };
    const split = (q: string): [string, string] => {
      const i = q.indexOf(':');
      return i < 0 ? ['', q] : [q.slice(0, i), q.slice(i + 1)];
    };
    const [prefix, local] = split(name);
    const attrs = plain.map((a) => {
      const [ap, al] = split(a.name);
      return { name: a.name, prefix: ap, local: al, uri: ap === '' ? '' : lookup(ap), value: a.value };
    });
    return { kind: 'element', name, prefix, local, uri: lookup(prefix), attrs, nsDecls, children: [], ...(parent ? { parent } : {}) };
  }
}

/** The namespaces in scope at an element: prefix → URI (nearest declaration wins). */
export function inScopeNamespaces(el: XElement): Map<string, string> {
  const out = new Map<string, string>();
  for (let e: XElement | undefined = el; e; e = e.parent) for (const [p, u] of e.nsDecls) if (!out.has(p)) out.set(p, u);
  return out;
}

/** Child elements with a given namespace and local name. */
export function xChildren(el: XElement, uri: string, local: string): XElement[] {
  return el.children.filter((c): c is XElement => c.kind === 'element' && c.uri === uri && c.local === local);
}

/** The first child element with a namespace and local name. */
export function xChild(el: XElement | undefined, uri: string, local: string): XElement | undefined {
  return el ? xChildren(el, uri, local)[0] : undefined;
}

/** The text content of an element (all descendant text). */
export function xText(el: XElement | undefined): string {
  if (!el) return '';
  let out = '';
  for (const c of el.children) out += c.kind === 'text' ? c.text : c.kind === 'element' ? xText(c) : '';
  return out;
}

/** An attribute value by local name (unqualified attributes). */
export function xAttr(el: XElement | undefined, local: string): string | undefined {
  return el?.attrs.find((a) => a.uri === '' && a.local === local)?.value;
}

/** Depth-first search for the element whose `Id` (or `ID`, `id`) attribute has a value. */
export function findById(root: XElement, id: string): XElement | undefined {
  const stack: XElement[] = [root];
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (e.attrs.some((a) => a.uri === '' && (a.local === 'Id' || a.local === 'ID' || a.local === 'id') && a.value === id)) return e;
    for (let i = e.children.length - 1; i >= 0; i--) {
      const c = e.children[i]!;
      if (c.kind === 'element') stack.push(c);
    }
  }
  return undefined;
}
