/**
 * Finding elements in engine/xml trees together with their namespace context, for canonicalisation.
 */
import type { XmlElement } from '../../xml';
import type { NsContext, PrefixRestore } from './c14n';
import { scopeOf } from './c14n';

/** An element and the namespace context of its parent. */
export interface Located {
  readonly el: XmlElement;
  readonly parentCtx: NsContext;
}

/** Depth-first search for the first element matching `pred`. */
export function locate(root: XmlElement, pred: (el: XmlElement) => boolean, restore: PrefixRestore): Located | undefined {
  const walk = (el: XmlElement, parentCtx: NsContext, depth: number): Located | undefined => {
    if (pred(el)) return { el, parentCtx };
    if (depth > 256) return undefined;
    const ctx = scopeOf(el, parentCtx, restore);
    for (const c of el.children) {
      if (c.kind !== 'element') continue;
      const hit = walk(c, ctx, depth + 1);
      if (hit) return hit;
    }
    return undefined;
  };
  return walk(root, new Map(), 0);
}

/** Local part of a qualified name. */
export function localOf(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/** Direct element children with a local name. */
export function childrenNamed(el: XmlElement, local: string): XmlElement[] {
  return el.children.filter((c): c is XmlElement => c.kind === 'element' && localOf(c.name) === local);
}

/** First direct element child with a local name. */
export function childNamed(el: XmlElement | undefined, local: string): XmlElement | undefined {
  return el ? childrenNamed(el, local)[0] : undefined;
}

/** All descendant elements with a local name. */
export function descendantsNamed(el: XmlElement, local: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement, depth: number): void => {
    if (depth > 256) return;
    for (const c of e.children) {
      if (c.kind !== 'element') continue;
      if (localOf(c.name) === local) out.push(c);
      walk(c, depth + 1);
    }
  };
  walk(el, 0);
  return out;
}
