/**
 * Markup compatibility (ECMA-376 Part 3 §10.2): mc:AlternateContent picks the first mc:Choice whose
 * Requires namespaces this reader understands, else mc:Fallback.
 */
import type { XmlElement } from '../xml';
import { attr, child, children } from '../xml';

/**
 * Prefixes whose content the reader handles: WordprocessingML 2010+ shapes and groups (wps, wpg),
 * drawing extensions (wp14, a14), Word 2010–2016 run/paragraph extensions and math. Canvases (wpc),
 * ink (w14:contentPart/aink), chartex (cx) and symbol extensions (w16se) take the fallback, which
 * holds a VML drawing, a picture or the plain character.
 */
const SUPPORTED = new Set(['w', 'wps', 'wpg', 'wp14', 'w14', 'w15', 'w16cid', 'w16', 'a14', 'm', 'v', 'o', 'w10', 'mc', 'r', 'a', 'pic', 'wp']);

/** The element whose children should be read in place of an mc:AlternateContent. */
export function chooseAlternate(el: XmlElement): XmlElement | undefined {
  for (const choice of children(el, 'mc:Choice')) {
    const req = (attr(choice, 'Requires') ?? attr(choice, 'mc:Requires') ?? '').trim();
    if (req === '') continue;
    if (req.split(/\s+/).every((p) => SUPPORTED.has(p))) return choice;
  }
  return child(el, 'mc:Fallback');
}

/**
 * A copy of a subtree with every mc:AlternateContent replaced by the children of its chosen branch
 * (copying only the elements on the way to one), for DrawingML where alternates may sit anywhere.
 */
export function flattenAlternates(el: XmlElement, depth = 0): XmlElement {
  if (depth > 64) return el;
  const kids = el.children;
  // The new children list is started only at the first change: most subtrees have no alternates,
  // and allocating a list per element of every drawing was wasted.
  let out: XmlElement['children'] | undefined;
  for (let i = 0; i < kids.length; i++) {
    const c = kids[i]!;
    if (c.kind !== 'element') {
      out?.push(c);
      continue;
    }
    if (c.name === 'mc:AlternateContent') {
      out ??= kids.slice(0, i);
      const chosen = chooseAlternate(c);
      if (chosen) for (const k of chosen.children) out.push(k.kind === 'element' ? flattenAlternates(k, depth + 1) : k);
      continue;
    }
    const f = flattenAlternates(c, depth + 1);
    if (f !== c) out ??= kids.slice(0, i);
    out?.push(f);
  }
  return out ? { ...el, children: out } : el;
}
