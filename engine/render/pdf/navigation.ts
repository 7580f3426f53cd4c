/**
 * Navigation: link annotations (§12.5.6.5) with URI actions (§12.6.4.7) for hyperlinks and GoTo
 * actions (§12.6.4.2) for links to bookmarks, named destinations (§12.3.2.3) for bookmarks, and the
 * document outline (§12.3.3) from headings.
 */
import { PDFHexString, PDFName, PDFNull, PDFNumber, PDFString, type PDFArray, type PDFDict, type PDFDocument, type PDFObject, type PDFRef } from 'pdf-lib';
import type { DiagnosticBag } from '../../core';
import type { Destination, LayoutItem, LayoutSource, LinkItem } from '../../model';

/** What navigation needs of a page: its height and its link areas. */
export interface LinkedPage {
  readonly heightPt: number;
  /** The page's links (in groups too), joined by `mergeLinks`, in drawing order. */
  readonly links: readonly LinkItem[];
}

/** The links of a page's items as `LinkedPage.links` holds them. */
export function pageLinks(items: readonly LayoutItem[]): LinkItem[] {
  const out: LinkItem[] = [];
  const visit = (list: readonly LayoutItem[]) => {
    for (const item of mergeLinks(list)) {
      if (item.kind === 'group') visit(item.items);
      else if (item.kind === 'link') out.push(item);
    }
  };
  visit(items);
  return out;
}

/** Adds link annotations and named destinations; refused or dangling links are warned about. */
export function addLinks(
  pdf: PDFDocument, layout: Pick<LayoutSource, 'destinations'>, pages: readonly LinkedPage[], pageRefs: readonly PDFRef[], bag?: DiagnosticBag,
): void {
  const ctx = pdf.context;
  const dest = (d: Destination): PDFArray | undefined => {
    const ref = pageRefs[d.page];
    const page = pages[d.page];
    if (!ref || !page) return undefined;
    return ctx.obj([ref, PDFName.of('XYZ'), PDFNumber.of(round(d.x)), PDFNumber.of(round(page.heightPt - d.y)), PDFNull]);
  };
  addNamedDestinations(pdf, layout, dest);
  const byName = new Map<string, Destination>();
  for (const [name, d] of Object.entries(layout.destinations)) if (!byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), d);
  const refused = new Set<string>();
  const missing = new Set<string>();
  pages.forEach((page, i) => {
    const annots: PDFRef[] = [];
    for (const item of page.links) {
      const rect = [round(item.x), round(page.heightPt - item.y - item.h), round(item.x + item.w), round(page.heightPt - item.y)];
      const base = { Type: 'Annot', Subtype: 'Link', Rect: rect, Border: [0, 0, 0] };
      let action: Record<string, PDFObject | string> | undefined;
      if (item.url !== undefined) {
        if (isSafeUri(item.url)) action = { Type: 'Action', S: 'URI', URI: PDFString.of(escapeLiteral(asciiUri(item.url.trim()))) };
        else refused.add(item.url.slice(0, 80));
      } else if (item.dest !== undefined) {
        const d = item.dest.toLowerCase() === '_top' ? { page: 0, x: 0, y: 0 } : byName.get(item.dest.toLowerCase());
        const arr = d && dest(d);
        if (arr) action = { Type: 'Action', S: 'GoTo', D: arr };
        else missing.add(item.dest.slice(0, 80));
      }
      if (action) annots.push(ctx.register(ctx.obj({ ...base, A: ctx.obj(action) })));
    }
    if (annots.length > 0) {
      const leaf = pdf.context.lookup(pageRefs[i]!) as PDFDict;
      leaf.set(PDFName.of('Annots'), ctx.obj(annots));
    }
  });
  for (const url of refused) {
    bag?.warn('render/unsafe-link', `The link to "${url}" was not made clickable: only http, https, mailto, ftp, tel and relative links become PDF links.`, {
      hint: 'javascript:, data:, file: and other schemes can run code or read local files in a PDF reader.',
    });
  }
  for (const name of missing) bag?.warn('render/link-target-missing', `The link to bookmark "${name}" was not made clickable: the document has no such bookmark.`);
}

/**
 * Joins the link areas of one target that touch on a line (layout emits one per word piece, with
 * underlines between them) into one annotation, so a reader shows one link per line.
 */
export function mergeLinks(items: readonly LayoutItem[]): LayoutItem[] {
  const out: LayoutItem[] = [];
  let last: LinkItem | undefined;
  let lastAt = -1;
  for (const item of items) {
    if (item.kind !== 'link') {
      out.push(item);
      continue;
    }
    if (last && last.url === item.url && last.dest === item.dest && Math.abs(last.y - item.y) < 0.5 && Math.abs(last.h - item.h) < 0.5 && item.x >= last.x - 0.5 && item.x <= last.x + last.w + 0.5) {
      last = { ...last, w: Math.max(last.x + last.w, item.x + item.w) - last.x };
      out[lastAt] = last;
      continue;
    }
    last = item;
    lastAt = out.length;
    out.push(item);
  }
  return out;
}

/** The /Names /Dests tree: bookmarks by name, for links from other documents (`file.pdf#name`). */
function addNamedDestinations(pdf: PDFDocument, layout: Pick<LayoutSource, 'destinations'>, dest: (d: Destination) => PDFArray | undefined): void {
  const ctx = pdf.context;
  // Name-tree keys must be sorted by their bytes: only ASCII names qualify (their code units are their bytes).
  const names = Object.keys(layout.destinations).filter((n) => /^[\x20-\x7e]+$/.test(n)).sort();
  const arr: PDFObject[] = [];
  for (const name of names) {
    const d = dest(layout.destinations[name]!);
    if (d) arr.push(PDFString.of(escapeLiteral(name)), d);
  }
  if (arr.length === 0) return;
  const dests = ctx.obj({ Names: ctx.obj(arr) });
  pdf.catalog.set(PDFName.of('Names'), ctx.obj({ Dests: ctx.register(dests) }));
}

/** Only link schemes a reader can follow safely become URI actions (no javascript:, data:, file:, vbscript:). */
export function isSafeUri(url: string): boolean {
  // Control characters and spaces inside a scheme are a known way to smuggle `java\tscript:` past filters.
  const t = url.trim().replace(/[\u0000-\u0020\u007f]/g, '');
  if (t.length === 0) return false;
  return /^(https?:|mailto:|ftp:|tel:|#)/i.test(t) || !/^[a-z][a-z0-9+.-]*:/i.test(t);
}

/** A URI as 7-bit ASCII (§12.6.4.7): other characters are percent-encoded as UTF-8. */
function asciiUri(url: string): string {
  return url.replace(/[^\x21-\x7e]/g, (c) => encodeURIComponent(c));
}

/** Escapes a literal string's delimiters (§7.3.4.2): backslash, parentheses, CR and LF. */
function escapeLiteral(s: string): string {
  return s.replace(/[\\()]/g, (c) => '\\' + c).replace(/\r/g, '\\r').replace(/\n/g, '\\n');
}

/** A PDF text string (§7.9.2.2): a literal when printable ASCII, else UTF-16BE with a byte-order mark. */
export function pdfTextString(s: string): PDFString | PDFHexString {
  return /^[\x20-\x7e]*$/.test(s) ? PDFString.of(escapeLiteral(s)) : PDFHexString.fromText(s);
}

interface OutlineNode {
  readonly ref: PDFRef;
  readonly level: number;
  readonly dict: PDFDict;
  readonly children: OutlineNode[];
}

/** Adds the outline (bookmarks panel) from headings, nested by outline level; items start closed. */
export function addOutline(pdf: PDFDocument, layout: Pick<LayoutSource, 'outline'>, pages: readonly LinkedPage[], pageRefs: readonly PDFRef[]): void {
  const entries = layout.outline.filter((e) => e.title.trim().length > 0 && pageRefs[e.page]);
  if (entries.length === 0) return;
  const ctx = pdf.context;
  const root: OutlineNode = { ref: ctx.nextRef(), level: -1, dict: ctx.obj({ Type: 'Outlines' }), children: [] };
  const stack: OutlineNode[] = [root];
  for (const e of entries) {
    while (stack.length > 1 && stack[stack.length - 1]!.level >= e.level) stack.pop();
    const parent = stack[stack.length - 1]!;
    const h = pages[e.page]!.heightPt;
    const dict = ctx.obj({
      Title: pdfTextString(e.title.replace(/\s+/g, ' ').trim().slice(0, 512)),
      Dest: [pageRefs[e.page]!, PDFName.of('XYZ'), 0, round(h - e.y), PDFNull],
    });
    const node: OutlineNode = { ref: ctx.nextRef(), level: e.level, dict, children: [] };
    parent.children.push(node);
    stack.push(node);
  }
  linkOutline(root, undefined, pdf);
  pdf.catalog.set(PDFName.of('Outlines'), root.ref);
  pdf.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}

/**
 * Sets /Parent /Prev /Next /First /Last and /Count (§12.3.3, Table 152/153). Items are closed, so
 * an item's /Count is minus its number of children and the root's is its number of children (the
 * only visible items).
 */
function linkOutline(node: OutlineNode, parent: OutlineNode | undefined, pdf: PDFDocument): void {
  const { children, dict } = node;
  if (parent) dict.set(PDFName.of('Parent'), parent.ref);
  children.forEach((child, i) => {
    if (i > 0) child.dict.set(PDFName.of('Prev'), children[i - 1]!.ref);
    if (i < children.length - 1) child.dict.set(PDFName.of('Next'), children[i + 1]!.ref);
    linkOutline(child, node, pdf);
  });
  if (children.length > 0) {
    dict.set(PDFName.of('First'), children[0]!.ref);
    dict.set(PDFName.of('Last'), children[children.length - 1]!.ref);
    dict.set(PDFName.of('Count'), PDFNumber.of(parent ? -children.length : children.length));
  } else if (!parent) {
    dict.set(PDFName.of('Count'), PDFNumber.of(0));
  }
  pdf.context.assign(node.ref, dict);
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}
