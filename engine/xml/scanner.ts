/**
 * The markup scanner under the XML parser: reads the text of one part by character codes and
 * hands on names, attribute values, comments and processing instructions, with the part's name and
 * line:column in every error. Element and attribute names and short attribute values come from the
 * part's string tables (interner.ts); entity references are decoded (entities.ts), undeclared ones
 * counted and kept as written. It builds no tree: parse.ts's Parser, which extends it, does.
 */
import { abort, type Diagnostic } from '../core';
import { decodeEntities } from './entities';
import { detachString, Interner } from './interner';
import type { ParseXmlOptions } from './parse';
import type { XmlNode } from './types';

/** Character classes below 128: 1 white space, 2 ends an element name (`/`, `>`), 3 `=`, 4 never in an attribute name. */
export const CLASS = (() => {
  const t = new Uint8Array(128);
  for (const c of [32, 9, 10, 13]) t[c] = 1;
  t[47] = 2;
  t[62] = 4;
  t[61] = 3;
  for (const c of [60, 34, 39]) t[c] = 4;
  return t;
})();

/** Attribute values up to this length are interned (longer ones are mostly unique). */
const MAX_INTERNED_VALUE = 24;

/** Reads the markup of one part; the tree is built by the class that extends it (parse.ts Parser). */
export class MarkupScanner {
  protected pos = 0;
  protected readonly names: Interner;
  protected readonly values: Interner;
  protected readonly part: string;
  protected unknownEntities = 0;
  protected readonly onUnknownEntity = () => {
    this.unknownEntities++;
  };

  constructor(
    protected readonly s: string,
    options: ParseXmlOptions,
    protected readonly warnings: Diagnostic[],
  ) {
    this.part = options.part ?? 'XML';
    // Tables sized to the part: a relationships part needs a few dozen entries, a document thousands.
    this.names = new Interner(tableSize(s.length >> 6, 4096));
    this.values = new Interner(tableSize(s.length >> 5, 8192));
  }

  protected where(pos: number): string {
    return lineColumn(this.s, pos);
  }

  /** True when s[start, end) is only spaces, tabs and line ends. */
  protected isWhitespace(start: number, end: number): boolean {
    const s = this.s;
    for (let i = start; i < end; i++) {
      const c = s.charCodeAt(i);
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return false;
    }
    return true;
  }

  protected comment(): XmlNode {
    const end = this.s.indexOf('-->', this.pos + 4);
    if (end === -1) abort('xml/unclosed-comment', `${this.part} has an unterminated comment (${this.where(this.pos)}).`, { at: this.part });
    const node: XmlNode = { kind: 'comment', text: detachString(this.s.slice(this.pos + 4, end)) };
    this.pos = end + 3;
    return node;
  }

  protected processingInstruction(): { kind: 'pi'; target: string; data: string } {
    const end = this.s.indexOf('?>', this.pos + 2);
    if (end === -1) abort('xml/unclosed-pi', `${this.part} has an unterminated processing instruction (${this.where(this.pos)}).`, { at: this.part });
    const body = detachString(this.s.slice(this.pos + 2, end));
    this.pos = end + 2;
    const m = /^([^\s]+)\s*([\s\S]*)$/.exec(body);
    return { kind: 'pi', target: m?.[1] ?? '', data: m?.[2] ?? '' };
  }

  /** Whether the attribute read last was a namespace declaration (`xmlns` or `xmlns:p`). */
  protected lastAttrIsNs = false;
  /** The attribute read last, and whether its value came from the value table (see sharedAttrs). */
  protected lastAttrName = '';
  protected lastAttrValue = '';
  protected lastAttrShared = false;

  /** Reads `name = "value"` at `i` into attrs; returns the position after the closing quote. */
  protected attribute(start: number, elementName: string, attrs: Record<string, string>): number {
    const s = this.s;
    const n = s.length;
    let i = start;
    let h = 0;
    // Attribute name: up to '=' or white space; quotes and angle brackets are not allowed in it.
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 128) {
        const k = CLASS[c]!;
        if (k === 1 || k === 3) break;
        if (k === 4) abort('xml/bad-attribute', `${this.part}: malformed attribute in <${elementName}> (${this.where(i)}).`, { at: this.part });
      }
      h = (Math.imul(h, 31) + c) | 0;
    }
    const nameEnd = i;
    for (; i < n && s.charCodeAt(i) !== 61; i++) {
      const c = s.charCodeAt(i);
      if (c !== 32 && c !== 9 && c !== 10 && c !== 13) abort('xml/bad-attribute', `${this.part}: attribute without value in <${elementName}> (${this.where(i)}).`, { at: this.part });
    }
    if (i >= n || nameEnd === start) abort('xml/bad-attribute', `${this.part}: attribute without value in <${elementName}> (${this.where(i)}).`, { at: this.part });
    const name = this.names.get(s, start, nameEnd, h);
    let q = i + 1;
    let quote = s.charCodeAt(q);
    while (quote === 32 || quote === 9 || quote === 10 || quote === 13) quote = s.charCodeAt(++q);
    if (quote !== 34 && quote !== 39) abort('xml/bad-attribute', `${this.part}: malformed attribute in <${elementName}> (${this.where(i)}).`, { at: this.part });
    const valueStart = q + 1;
    let j = valueStart;
    let hv = 0;
    let special = false;
    for (;;) {
      if (j >= n) abort('xml/bad-attribute', `${this.part}: unterminated attribute value in <${elementName}>.`, { at: this.part });
      const c = s.charCodeAt(j);
      if (c === quote) break;
      if (c === 60 || c === 38) special = true;
      hv = (Math.imul(hv, 31) + c) | 0;
      j++;
    }
    let value: string;
    this.lastAttrShared = !special && j - valueStart <= MAX_INTERNED_VALUE;
    if (!special) {
      value = j - valueStart <= MAX_INTERNED_VALUE ? this.values.get(s, valueStart, j, hv) : detachString(s.slice(valueStart, j));
    } else {
      const raw = s.slice(valueStart, j);
      if (raw.indexOf('<') !== -1) abort('xml/bad-attribute', `${this.part}: '<' in an attribute value of <${elementName}> (${this.where(q)}).`, { at: this.part });
      value = detachString(raw.indexOf('&') === -1 ? raw : decodeEntities(raw, this.onUnknownEntity));
    }
    attrs[name] = value;
    this.lastAttrName = name;
    this.lastAttrValue = value;
    this.lastAttrIsNs = name.charCodeAt(0) === 120 /* x */ && name.startsWith('xmlns');
    return j + 1;
  }
}

/** A power of two between 64 and `max`, at least `want`. */
function tableSize(want: number, max: number): number {
  let n = 64;
  while (n < want && n < max) n <<= 1;
  return n;
}

export function parsePseudoAttributes(data: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /([A-Za-z_:][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  for (let m = re.exec(data); m; m = re.exec(data)) out[m[1]!] = m[2] ?? m[3] ?? '';
  return out;
}

/** Where `pos` is in `s`, for a diagnostic: "line L, column C" (both from 1). */
export function lineColumn(s: string, pos: number): string {
  let line = 1;
  let last = -1;
  for (let i = s.indexOf('\n'); i !== -1 && i < pos; i = s.indexOf('\n', i + 1)) {
    line++;
    last = i;
  }
  return `line ${line}, column ${pos - last}`;
}
