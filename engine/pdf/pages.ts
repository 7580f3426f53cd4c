/**
 * Page tree walking (ISO 32000-1 §7.7.3): the page objects in order, with inherited attributes.
 * Guards against cycles and absurd depth in hostile files.
 */
import type { PdfDocument } from './document';
import type { PdfDict, PdfObject, PdfRef } from './objects';
import { isArray, isName, isRef } from './objects';

/** A page: its reference and dictionary. */
export interface PageInfo {
  readonly ref: PdfRef;
  readonly dict: PdfDict;
}

const MAX_TREE_DEPTH = 64;
const MAX_PAGES = 1_000_000;

/** Lists the document's pages in order. */
export function listPages(doc: PdfDocument): PageInfo[] {
  const out: PageInfo[] = [];
  const root = doc.catalog()?.entries.get('Pages');
  if (!isRef(root)) return out;
  const seen = new Set<number>();
  const walk = (ref: PdfRef, depth: number): void => {
    if (depth > MAX_TREE_DEPTH || seen.has(ref.num) || out.length >= MAX_PAGES) return;
    seen.add(ref.num);
    const node = doc.resolveDict(ref);
    if (!node) return;
    const kids = doc.resolve(node.entries.get('Kids'));
    if (isName(node.entries.get('Type'), 'Pages') || (isArray(kids) && !isName(node.entries.get('Type'), 'Page'))) {
      if (isArray(kids)) for (const k of kids.items) if (isRef(k)) walk(k, depth + 1);
      return;
    }
    out.push({ ref, dict: node });
  };
  walk(root, 0);
  return out;
}

/** Reads an attribute of a page, following /Parent for inheritable ones (§7.7.3.4: Resources, MediaBox, CropBox, Rotate). */
export function inheritedAttribute(doc: PdfDocument, page: PdfDict, key: string): PdfObject | undefined {
  let node: PdfDict | undefined = page;
  for (let i = 0; node && i < MAX_TREE_DEPTH; i++) {
    const v = node.entries.get(key);
    if (v !== undefined) return v;
    node = doc.resolveDict(node.entries.get('Parent'));
  }
  return undefined;
}

/** A page's media box as [x0, y0, x1, y1] in points (US Letter if missing or malformed). */
export function pageMediaBox(doc: PdfDocument, page: PdfDict): [number, number, number, number] {
  const box = doc.resolve(inheritedAttribute(doc, page, 'MediaBox'));
  if (isArray(box) && box.items.length === 4) {
    const v = box.items.map((x) => doc.resolve(x));
    if (v.every((x) => typeof x === 'number')) {
      const [a, b, c, d] = v as number[];
      return [Math.min(a!, c!), Math.min(b!, d!), Math.max(a!, c!), Math.max(b!, d!)];
    }
  }
  return [0, 0, 612, 792];
}
