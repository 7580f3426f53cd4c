/**
 * Small WordprocessingML building and reading helpers shared by the fillers (runs, text, cloning).
 *
 * Runs are `w:r` (CT_R, ECMA-376 Part 1 §17.3.2.25) holding `w:t` text (§17.3.3.31), `w:br` breaks
 * (§17.3.3.1) and `w:tab` (§17.3.3.32); `xml:space="preserve"` keeps leading/trailing spaces.
 */
import type { XmlElement, XmlNode } from '../xml';

/** True for element nodes. */
export function isElement(n: XmlNode | undefined): n is XmlElement {
  return n !== undefined && n.kind === 'element';
}

/** Creates an element. */
export function el(name: string, attrs: Record<string, string> = {}, children: XmlNode[] = []): XmlElement {
  return { kind: 'element', name, attrs, children };
}

/**
 * An element's attributes, to change in place. The package's parts are parsed with `shareEmpty`:
 * elements without attributes share one frozen empty object, which is swapped here for the
 * element's own before a write (a third of a large part's elements have none).
 */
export function ownAttrs(e: XmlElement): Record<string, string> {
  if (Object.isFrozen(e.attrs)) e.attrs = {};
  return e.attrs;
}

/** An element's children, to change in place (self-closing elements share one frozen empty array: see ownAttrs). */
export function ownChildren(e: XmlElement): XmlNode[] {
  if (Object.isFrozen(e.children)) e.children = [];
  return e.children;
}

/** Deep-copies a node (plain data; iterative over children depth bounded by the parser's limit). */
export function cloneNode<T extends XmlNode>(n: T, track?: Map<XmlElement, XmlElement>): T {
  if (n.kind === 'text') return (n.cdata ? { kind: 'text', text: n.text, cdata: true } : { kind: 'text', text: n.text }) as T;
  if (n.kind !== 'element') return { ...n };
  const kids = n.children;
  const copy: XmlNode[] = new Array(kids.length);
  for (let i = 0; i < kids.length; i++) copy[i] = cloneNode(kids[i]!, track);
  const out: XmlElement = { kind: 'element', name: n.name, attrs: { ...n.attrs }, children: copy };
  // `track`: elements whose copies the caller wants (keys present beforehand get their copy as value).
  if (track !== undefined && track.has(n)) track.set(n, out);
  return out as T;
}

/** The first child element with the given name. */
export function firstChild(parent: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!parent) return undefined;
  for (const c of parent.children) if (c.kind === 'element' && c.name === name) return c;
  return undefined;
}

/** Child elements (optionally only those with the given name). */
export function childElements(parent: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of parent.children) if (c.kind === 'element' && (name === undefined || c.name === name)) out.push(c);
  return out;
}

/** The text of a `w:t` element. */
export function tText(t: XmlElement): string {
  let s = '';
  for (const c of t.children) if (c.kind === 'text') s += c.text;
  return s;
}

/** Visible text under an element: `w:t` content, tabs and breaks as characters; field codes and deleted text skipped. */
export function visibleText(root: XmlElement): string {
  let s = '';
  const stack: XmlNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.kind !== 'element') continue;
    if (n.name === 'w:t') s += tText(n);
    else if (n.name === 'w:tab') s += '\t';
    else if (n.name === 'w:br' || n.name === 'w:cr') s += '\n';
    else if (n.name === 'w:p' && s.length > 0 && !s.endsWith('\n')) s += '\n';
    if (n.name === 'w:instrText' || n.name === 'w:delText' || n.name === 'mc:Fallback' || n.name === 'w:del') continue;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return s;
}

/** A `w:t` element; `xml:space="preserve"` when the text has outer or repeated spaces. */
export function makeT(text: string): XmlElement {
  const attrs: Record<string, string> = /^\s|\s$|\s\s/.test(text) ? { 'xml:space': 'preserve' } : {};
  return el('w:t', attrs, text === '' ? [] : [{ kind: 'text', text }]);
}

/** Run content for a value: lines joined by `w:br`, tabs as `w:tab`. */
export function textContentNodes(value: string): XmlNode[] {
  const out: XmlNode[] = [];
  const lines = value.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (i > 0) out.push(el('w:br'));
    const parts = lines[i]!.split('\t');
    for (let j = 0; j < parts.length; j++) {
      if (j > 0) out.push(el('w:tab'));
      if (parts[j] !== '') out.push(makeT(parts[j]!));
    }
  }
  if (out.length === 0) out.push(makeT(''));
  return out;
}

/** A run with optional properties (cloned) and content. */
export function makeRun(rPr: XmlElement | undefined, content: XmlNode[]): XmlElement {
  return el('w:r', {}, rPr ? [cloneNode(rPr), ...content] : content);
}

/** The `w:rPr` of the first run under an element (document order). */
export function firstRunProps(root: XmlElement): XmlElement | undefined {
  const stack: XmlNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.kind !== 'element') continue;
    if (n.name === 'w:r') return firstChild(n, 'w:rPr');
    if (n.name === 'w:sdtPr' || n.name === 'mc:Fallback') continue;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return undefined;
}

/** Removes the `PlaceholderText` character style (Word's grey prompt) from a copy of run properties. */
export function withoutPlaceholderStyle(rPr: XmlElement | undefined): XmlElement | undefined {
  if (!rPr) return undefined;
  const copy = cloneNode(rPr);
  copy.children = copy.children.filter((c) => !(c.kind === 'element' && c.name === 'w:rStyle' && /placeholder/i.test(c.attrs['w:val'] ?? '')));
  return copy.children.some((c) => c.kind === 'element') ? copy : undefined;
}

/** Replaces characters XML 1.0 cannot carry (§2.2) and normalises line ends; returns how many were dropped. */
export function sanitizeText(value: string): { text: string; dropped: number } {
  const norm = value.indexOf('\r') === -1 ? value : value.replace(/\r\n?/g, '\n');
  // eslint-disable-next-line no-control-regex
  const bad = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
  let dropped = 0;
  const text = norm.replace(bad, () => {
    dropped++;
    return '';
  });
  return { text, dropped };
}

/** Index of a child in its parent, or -1. */
export function indexIn(parent: XmlElement, child: XmlNode): number {
  return parent.children.indexOf(child);
}

/** Replaces one child by a list of nodes. */
export function replaceChild(parent: XmlElement, child: XmlNode, replacement: readonly XmlNode[]): void {
  const i = parent.children.indexOf(child);
  if (i >= 0) parent.children.splice(i, 1, ...replacement);
}

/** True when an element has a descendant with one of the names. */
export function hasDescendant(root: XmlElement, names: ReadonlySet<string>): boolean {
  const stack: XmlNode[] = [...root.children];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.kind !== 'element') continue;
    if (names.has(n.name)) return true;
    for (const c of n.children) stack.push(c);
  }
  return false;
}
