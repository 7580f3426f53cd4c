/**
 * The first, straightforward version of the XML parser, kept as the oracle for parse.ts: a
 * property test feeds both the same random input and expects the same tree or the same error code.
 * Test-only (nothing in the engine imports it).
 */
import { abort, DEFAULT_LIMITS, DiagnosticError, fail, ok, warning, type Diagnostic, type InputLimits, type Result } from '../../core';
import { decodeEntities } from '../entities';
import { CANONICAL_PREFIX, isStrictNamespace } from '../namespaces';
import type { XmlDocument, XmlElement, XmlNode } from '../types';
import type { ParseXmlOptions } from '../parse';
import { lineColumn } from '../scanner';

interface Scope {
  /** written prefix → canonical prefix, for prefixes declared or renamed in this scope */
  readonly renames: Map<string, string> | undefined;
}

interface Frame {
  readonly el: XmlElement;
  readonly rawName: string;
  readonly scope: Scope;
  hasElementChild: boolean;
  hasWhitespaceText: boolean;
}

const WS = /^[ \t\r\n]*$/;

/** Parses an XML string into a tree, as the first parser did. Never throws. */
export function parseXmlReference(text: string, options: ParseXmlOptions = {}): Result<XmlDocument> {
  const warnings: Diagnostic[] = [];
  try {
    return ok(new Parser(text, options, warnings).parse(), warnings);
  } catch (e) {
    if (e instanceof DiagnosticError) return fail(e.diagnostic, warnings);
    throw e;
  }
}

class Parser {
  private pos = 0;
  private elements = 0;
  private strict = false;
  private readonly stack: Frame[] = [];
  private readonly limits: Pick<InputLimits, 'maxXmlDepth' | 'maxXmlAttributes' | 'maxXmlElements'>;
  private readonly part: string;
  private readonly keepWhitespace: boolean;
  private unknownEntities = 0;

  constructor(
    private readonly s: string,
    options: ParseXmlOptions,
    private readonly warnings: Diagnostic[],
  ) {
    this.limits = options.limits ?? DEFAULT_LIMITS;
    this.part = options.part ?? 'XML';
    this.keepWhitespace = options.keepWhitespace ?? false;
  }

  parse(): XmlDocument {
    const s = this.s;
    const prolog: XmlNode[] = [];
    let declaration: Record<string, string> | undefined;
    let root: XmlElement | undefined;
    const n = s.length;
    while (this.pos < n) {
      const lt = s.indexOf('<', this.pos);
      if (lt === -1) {
        this.text(s.slice(this.pos), root !== undefined && this.stack.length === 0);
        break;
      }
      if (lt > this.pos) this.text(s.slice(this.pos, lt), root !== undefined && this.stack.length === 0);
      this.pos = lt;
      const c1 = s.charCodeAt(lt + 1);
      if (c1 === 47 /* / */) {
        this.endTag();
      } else if (c1 === 63 /* ? */) {
        const pi = this.processingInstruction();
        if (pi.target === 'xml') {
          if (lt === 0 && declaration === undefined) declaration = parsePseudoAttributes(pi.data);
        } else this.append(pi, prolog);
      } else if (c1 === 33 /* ! */) {
        if (s.startsWith('<!--', lt)) this.append(this.comment(), prolog);
        else if (s.startsWith('<![CDATA[', lt)) this.cdata();
        else abort('xml/dtd-forbidden', `${this.part} contains a document type declaration (${this.where(lt)}).`, {
          hint: 'DTDs and entity declarations are refused for security; OOXML parts never need them.',
          at: this.part,
        });
      } else {
        const atTop = this.stack.length === 0;
        const el = this.startTag();
        if (atTop && !root) root = el;
      }
    }
    if (this.stack.length > 0) {
      abort('xml/unclosed-element', `${this.part} ends before <${this.stack[this.stack.length - 1]!.rawName}> is closed.`, { at: this.part });
    }
    if (!root) abort('xml/no-root', `${this.part} has no root element.`, { at: this.part });
    if (this.unknownEntities > 0) {
      this.warnings.push(warning('xml/unknown-entity', `${this.part} uses ${this.unknownEntities} undeclared entity reference(s); they were kept as written.`, { at: this.part }));
    }
    return { ...(declaration ? { declaration } : {}), prolog, root, strict: this.strict };
  }

  private where(pos: number): string {
    return lineColumn(this.s, pos);
  }

  private append(node: XmlNode, prolog: XmlNode[]): void {
    const top = this.stack[this.stack.length - 1];
    if (top) top.el.children.push(node);
    else prolog.push(node);
  }

  private text(raw: string, afterRoot: boolean): void {
    const top = this.stack[this.stack.length - 1];
    if (!top) {
      if (!WS.test(raw)) abort('xml/text-outside-root', `${this.part} has text outside the root element (${this.where(this.pos)}).`, { at: this.part });
      return;
    }
    void afterRoot;
    const text = raw.indexOf('&') === -1 ? raw : decodeEntities(raw, () => this.unknownEntities++);
    if (!this.keepWhitespace && WS.test(text)) top.hasWhitespaceText = true;
    top.el.children.push({ kind: 'text', text });
  }

  private cdata(): void {
    const end = this.s.indexOf(']]>', this.pos + 9);
    if (end === -1) abort('xml/unclosed-cdata', `${this.part} has an unterminated CDATA section (${this.where(this.pos)}).`, { at: this.part });
    const top = this.stack[this.stack.length - 1];
    if (!top) abort('xml/text-outside-root', `${this.part} has CDATA outside the root element.`, { at: this.part });
    top.el.children.push({ kind: 'text', text: this.s.slice(this.pos + 9, end), cdata: true });
    this.pos = end + 3;
  }

  private comment(): XmlNode {
    const end = this.s.indexOf('-->', this.pos + 4);
    if (end === -1) abort('xml/unclosed-comment', `${this.part} has an unterminated comment (${this.where(this.pos)}).`, { at: this.part });
    const node: XmlNode = { kind: 'comment', text: this.s.slice(this.pos + 4, end) };
    this.pos = end + 3;
    return node;
  }

  private processingInstruction(): { kind: 'pi'; target: string; data: string } {
    const end = this.s.indexOf('?>', this.pos + 2);
    if (end === -1) abort('xml/unclosed-pi', `${this.part} has an unterminated processing instruction (${this.where(this.pos)}).`, { at: this.part });
    const body = this.s.slice(this.pos + 2, end);
    this.pos = end + 2;
    const m = /^([^\s]+)\s*([\s\S]*)$/.exec(body);
    return { kind: 'pi', target: m?.[1] ?? '', data: m?.[2] ?? '' };
  }

  private endTag(): void {
    const s = this.s;
    const gt = s.indexOf('>', this.pos + 2);
    if (gt === -1) abort('xml/bad-end-tag', `${this.part} has an unterminated end tag (${this.where(this.pos)}).`, { at: this.part });
    const name = s.slice(this.pos + 2, gt).trim();
    const frame = this.stack.pop();
    if (!frame || frame.rawName !== name) {
      abort('xml/mismatched-tag', `${this.part}: </${name}> does not close ${frame ? `<${frame.rawName}>` : 'any element'} (${this.where(this.pos)}).`, { at: this.part });
    }
    this.finish(frame);
    this.pos = gt + 1;
  }

  private finish(frame: Frame): void {
    if (frame.hasWhitespaceText && frame.hasElementChild) {
      frame.el.children = frame.el.children.filter((c) => c.kind !== 'text' || c.cdata || !WS.test(c.text));
    }
  }

  private startTag(): XmlElement {
    const s = this.s;
    let i = this.pos + 1;
    const n = s.length;
    const nameStart = i;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 47 || c === 62) break;
      i++;
    }
    const rawName = s.slice(nameStart, i);
    if (rawName.length === 0) abort('xml/bad-start-tag', `${this.part} has '<' without an element name (${this.where(this.pos)}).`, { at: this.part });
    const tag = this.readAttributes(i, rawName);
    this.pos = tag.end;
    return this.openElement(rawName, tag.attrs, tag.declaresNs, tag.selfClosing);
  }

  /** Reads a start tag's attributes from `i` up to and including its '>' or '/>'. */
  private readAttributes(i: number, rawName: string): { attrs: Record<string, string>; declaresNs: boolean; selfClosing: boolean; end: number } {
    const s = this.s;
    const n = s.length;
    const attrs: Record<string, string> = {};
    let attrCount = 0;
    let declaresNs = false;
    for (;;) {
      while (i < n) {
        const c = s.charCodeAt(i);
        if (c !== 32 && c !== 9 && c !== 10 && c !== 13) break;
        i++;
      }
      if (i >= n) abort('xml/bad-start-tag', `${this.part}: <${rawName}> is not terminated.`, { at: this.part });
      const c = s.charCodeAt(i);
      if (c === 62 /* > */) return { attrs, declaresNs, selfClosing: false, end: i + 1 };
      if (c === 47 /* / */) {
        if (s.charCodeAt(i + 1) !== 62) abort('xml/bad-start-tag', `${this.part}: stray '/' in <${rawName}> (${this.where(i)}).`, { at: this.part });
        return { attrs, declaresNs, selfClosing: true, end: i + 2 };
      }
      const attrName = this.readAttributeName(i, rawName);
      i = this.readAttributeValue(i + attrName.length, rawName, attrName, attrs);
      if (attrName.charCodeAt(0) === 120 /* x */ && attrName.startsWith('xmlns')) declaresNs = true;
      if (++attrCount > this.limits.maxXmlAttributes) {
        abort('xml/too-many-attributes', `${this.part}: <${rawName}> has more than ${this.limits.maxXmlAttributes} attributes.`, { at: this.part });
      }
    }
  }

  /** An attribute name at `i`: up to '=' or white space; quotes and angle brackets are not allowed in it. */
  private readAttributeName(i: number, rawName: string): string {
    const s = this.s;
    const n = s.length;
    const nameStart = i;
    while (i < n) {
      const ch = s.charCodeAt(i);
      if (ch === 61 || ch === 32 || ch === 9 || ch === 10 || ch === 13) break;
      if (ch === 60 || ch === 62 || ch === 34 || ch === 39) abort('xml/bad-attribute', `${this.part}: malformed attribute in <${rawName}> (${this.where(i)}).`, { at: this.part });
      i++;
    }
    return s.slice(nameStart, i);
  }

  /** Reads `= "value"` after an attribute name ending at `i` into attrs; returns the index after the closing quote. */
  private readAttributeValue(i: number, rawName: string, attrName: string, attrs: Record<string, string>): number {
    const s = this.s;
    const n = s.length;
    while (i < n && s.charCodeAt(i) !== 61) {
      const ch = s.charCodeAt(i);
      if (ch !== 32 && ch !== 9 && ch !== 10 && ch !== 13) abort('xml/bad-attribute', `${this.part}: attribute without value in <${rawName}> (${this.where(i)}).`, { at: this.part });
      i++;
    }
    if (i >= n || attrName.length === 0) abort('xml/bad-attribute', `${this.part}: attribute without value in <${rawName}> (${this.where(i)}).`, { at: this.part });
    let q = i + 1;
    while (q < n && (s.charCodeAt(q) === 32 || s.charCodeAt(q) === 9 || s.charCodeAt(q) === 10 || s.charCodeAt(q) === 13)) q++;
    const quote = s.charCodeAt(q);
    if (quote !== 34 && quote !== 39) abort('xml/bad-attribute', `${this.part}: malformed attribute in <${rawName}> (${this.where(i)}).`, { at: this.part });
    const close = s.indexOf(quote === 34 ? '"' : "'", q + 1);
    if (close === -1) abort('xml/bad-attribute', `${this.part}: unterminated attribute value in <${rawName}>.`, { at: this.part });
    const rawValue = s.slice(q + 1, close);
    if (rawValue.indexOf('<') !== -1) abort('xml/bad-attribute', `${this.part}: '<' in an attribute value of <${rawName}> (${this.where(q)}).`, { at: this.part });
    attrs[attrName] = rawValue.indexOf('&') === -1 ? rawValue : decodeEntities(rawValue, () => this.unknownEntities++);
    return close + 1;
  }

  /** Counts, scopes and attaches a new element to its parent (pushing it unless self-closing). */
  private openElement(rawName: string, attrs: Record<string, string>, declaresNs: boolean, selfClosing: boolean): XmlElement {
    if (++this.elements > this.limits.maxXmlElements) {
      abort('xml/too-many-elements', `${this.part} has more than ${this.limits.maxXmlElements} elements.`, { at: this.part });
    }
    if (this.stack.length >= this.limits.maxXmlDepth) {
      abort('xml/too-deep', `${this.part} nests elements deeper than ${this.limits.maxXmlDepth} levels (${this.where(this.pos)}).`, { at: this.part });
    }
    const parentScope = this.stack.length > 0 ? this.stack[this.stack.length - 1]!.scope : ROOT_SCOPE;
    const scope = declaresNs ? this.scopeFor(attrs, parentScope) : parentScope;
    if (scope.renames) attrs = renameAttrs(attrs, scope);
    const el: XmlElement = { kind: 'element', name: scope.renames ? renameQName(rawName, scope, true) : rawName, attrs, children: [] };
    const top = this.stack[this.stack.length - 1];
    if (top) {
      top.el.children.push(el);
      top.hasElementChild = true;
    } else if (this.elements > 1) {
      abort('xml/multiple-roots', `${this.part} has more than one root element (${this.where(this.pos)}).`, { at: this.part });
    }
    if (!selfClosing) this.stack.push({ el, rawName, scope, hasElementChild: false, hasWhitespaceText: false });
    return el;
  }

  /** Computes this element's prefix renames from its namespace declarations (fast path: none). */
  private scopeFor(attrs: Record<string, string>, parent: Scope): Scope {
    let renames: Map<string, string> | undefined;
    for (const name in attrs) {
      if (name.charCodeAt(0) !== 120 || !name.startsWith('xmlns')) continue;
      const declared = name.length === 5 ? '' : name.charCodeAt(5) === 58 ? name.slice(6) : undefined;
      if (declared === undefined) continue;
      const uri = attrs[name]!;
      if (isStrictNamespace(uri)) this.strict = true;
      const canonical = CANONICAL_PREFIX.get(uri);
      const target = canonical === undefined ? declared : DEFAULT_NAMESPACE_PREFIXES.has(canonical) ? '' : canonical;
      const inherited = parent.renames?.get(declared);
      if (target !== declared || (inherited !== undefined && inherited !== declared)) {
        renames ??= new Map(parent.renames);
        renames.set(declared, target);
      }
    }
    return renames ? { renames } : parent;
  }
}

/** Namespaces conventionally written as the default namespace (package relationships, content types). */
const DEFAULT_NAMESPACE_PREFIXES = new Set(['pr', 'ct']);
const ROOT_SCOPE: Scope = { renames: undefined };

function renameQName(raw: string, scope: Scope, isElement: boolean): string {
  const renames = scope.renames;
  if (!renames) return raw;
  const colon = raw.indexOf(':');
  if (colon === -1) {
    if (!isElement) return raw;
    const target = renames.get('');
    return target ? `${target}:${raw}` : raw;
  }
  const prefix = raw.slice(0, colon);
  if (prefix === 'xmlns' || prefix === 'xml') return raw;
  const target = renames.get(prefix);
  if (target === undefined || target === prefix) return raw;
  return target === '' ? raw.slice(colon + 1) : `${target}:${raw.slice(colon + 1)}`;
}

/** Renames attribute names (and namespace declarations) to canonical prefixes, keeping their order. */
function renameAttrs(raw: Record<string, string>, scope: Scope): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const original in raw) {
    let name = original;
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      const declared = name.length === 5 ? '' : name.slice(6);
      const target = scope.renames!.get(declared);
      if (target !== undefined) name = target === '' ? 'xmlns' : `xmlns:${target}`;
    } else {
      name = renameQName(name, scope, false);
    }
    attrs[name] = raw[original]!;
  }
  return attrs;
}

function parsePseudoAttributes(data: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /([A-Za-z_:][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  for (let m = re.exec(data); m; m = re.exec(data)) out[m[1]!] = m[2] ?? m[3] ?? '';
  return out;
}
