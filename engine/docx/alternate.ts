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
