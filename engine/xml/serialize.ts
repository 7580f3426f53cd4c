/**
 * Serialises a tree back to XML text. Used by templating (which edits parts in place) and signing.
 */
import { escapeAttr, escapeText } from './entities';
import type { XmlDocument, XmlElement, XmlNode } from './types';

/** Options for `serializeXml`. */
export interface SerializeXmlOptions {
  /** Write an XML declaration (default: when the source had one). */
  readonly declaration?: boolean;
}

/** Serialises a parsed document (declaration, prolog and root) to a string. */
export function serializeXml(doc: XmlDocument, options: SerializeXmlOptions = {}): string {
  const parts = new Parts();
  writeDocument(doc, options, parts);
  return parts.join();
}

/**
 * Serialises a parsed document to UTF-8 bytes in pieces, which joined equal `encodeUtf8(serializeXml(doc))`.
 * No string of the whole part is made: a filled 71 MB part as one string, the pieces it was joined
 * from and its bytes were three copies held next to its tree (fuzz seed 73, template-14).
 */
export function serializeXmlChunks(doc: XmlDocument, options: SerializeXmlOptions = {}): Uint8Array[] {
  const parts = new ByteParts();
  writeDocument(doc, options, parts);
  return parts.finish();
}

function writeDocument(doc: XmlDocument, options: SerializeXmlOptions, parts: Sink): void {
  const wantDecl = options.declaration ?? doc.declaration !== undefined;
  if (wantDecl) {
    const d = doc.declaration ?? { version: '1.0', encoding: 'UTF-8', standalone: 'yes' };
    const attrs = Object.entries({ version: '1.0', ...d, encoding: 'UTF-8' })
      .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
      .join('');
    parts.push(`<?xml${attrs}?>\r\n`);
  }
  for (const n of doc.prolog) writeNode(n, parts);
  writeNode(doc.root, parts);
}

/** Serialises one element and its subtree. */
export function serializeElement(el: XmlElement): string {
  const parts = new Parts();
  writeNode(el, parts);
  return parts.join();
}

/** Where the serialiser writes its pieces. */
interface Sink {
  push(s: string): void;
}

/** Pieces joined per this many before they are kept (Parts) or encoded (ByteParts). */
const PIECES_PER_CHUNK = 4096;

/**
 * The output's pieces, joined every few thousand: the small strings die young instead of all being
 * kept (and copied by the garbage collector) until the end. A filled 23 MB part: 670 -> 250 ms.
 */
class Parts implements Sink {
  private readonly chunks: string[] = [];
  private pending: string[] = [];

  push(s: string): void {
    this.pending.push(s);
    if (this.pending.length >= PIECES_PER_CHUNK) {
      this.chunks.push(this.pending.join(''));
      this.pending = [];
    }
  }

  join(): string {
    this.chunks.push(this.pending.join(''));
    this.pending = [];
    return this.chunks.join('');
  }
}

const encoder = new TextEncoder();

/**
 * The output's pieces, joined and encoded as UTF-8 every few thousand. A chunk ending in a high
 * surrogate keeps it for the next one, so a pair split between two pieces is encoded as one
 * character, as it is when the whole text is encoded at once (a lone one either way as U+FFFD).
 */
class ByteParts implements Sink {
  private readonly chunks: Uint8Array[] = [];
  private pending: string[] = [];
  private carry = '';

  push(s: string): void {
    this.pending.push(s);
    if (this.pending.length >= PIECES_PER_CHUNK) this.flush(false);
  }

  finish(): Uint8Array[] {
    this.flush(true);
    return this.chunks;
  }

  private flush(last: boolean): void {
    let text = this.carry + this.pending.join('');
    this.pending = [];
    this.carry = '';
    const end = text.charCodeAt(text.length - 1);
    if (!last && end >= 0xd800 && end <= 0xdbff) {
      this.carry = text.slice(-1);
      text = text.slice(0, -1);
    }
    if (text.length > 0) this.chunks.push(encoder.encode(text));
  }
}

function writeNode(node: XmlNode, out: Sink): void {
  // Iterative to survive deep trees the parser accepted.
  const stack: Array<XmlNode | string> = [node];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item === 'string') {
      out.push(item);
      continue;
    }
    switch (item.kind) {
      case 'text':
        out.push(item.cdata ? `<![CDATA[${item.text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>` : escapeText(item.text));
        break;
      case 'comment':
        out.push(`<!--${item.text.replace(/--/g, '- -')}-->`);
        break;
      case 'pi':
        out.push(`<?${item.target}${item.data ? ' ' + item.data : ''}?>`);
        break;
      case 'element': {
        let open = '<' + item.name;
        for (const k in item.attrs) open += ` ${k}="${escapeAttr(item.attrs[k]!)}"`;
        if (item.children.length === 0) {
          out.push(open + '/>');
          break;
        }
        out.push(open + '>');
        stack.push(`</${item.name}>`);
        for (let i = item.children.length - 1; i >= 0; i--) stack.push(item.children[i]!);
        break;
      }
    }
  }
}
