/**
 * Small helpers for reading trees: children by name, attributes, text.
 */
import type { XmlElement, XmlNode } from './types';

/** The first child element with the given canonical name. */
export function child(el: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!el) return undefined;
  const cs = el.children;
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i]!;
    if (c.kind === 'element' && c.name === name) return c;
  }
  return undefined;
}

/** All child elements with the given canonical name (or all child elements without one). */
export function children(el: XmlElement | undefined, name?: string): XmlElement[] {
  if (!el) return [];
  const out: XmlElement[] = [];
  const cs = el.children;
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i]!;
    if (c.kind === 'element' && (name === undefined || c.name === name)) out.push(c);
  }
  return out;
}

/** An attribute's value. */
export function attr(el: XmlElement | undefined, name: string): string | undefined {
  return el ? el.attrs[name] : undefined;
}

/** The concatenated text of all descendant text nodes. */
export function textContent(node: XmlNode): string {
  if (node.kind === 'text') return node.text;
  if (node.kind !== 'element') return '';
  let s = '';
  const stack: XmlNode[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.kind === 'text') s += n.text;
    else if (n.kind === 'element') for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return s;
}

/** Visits every descendant element depth-first, in document order; return false from `visit` to skip a subtree. */
export function walkElements(root: XmlElement, visit: (el: XmlElement, depth: number) => boolean | void): void {
  const stack: Array<[XmlElement, number]> = [[root, 0]];
  while (stack.length) {
    const [el, depth] = stack.pop()!;
    if (visit(el, depth) === false) continue;
    for (let i = el.children.length - 1; i >= 0; i--) {
      const c = el.children[i]!;
      if (c.kind === 'element') stack.push([c, depth + 1]);
    }
  }
}

/** Creates an element. */
export function element(name: string, attrs: Record<string, string> = {}, kids: XmlNode[] = []): XmlElement {
  return { kind: 'element', name, attrs, children: kids };
}

/** The local part of a qualified name. */
export function localName(qname: string): string {
  const i = qname.indexOf(':');
  return i === -1 ? qname : qname.slice(i + 1);
}
