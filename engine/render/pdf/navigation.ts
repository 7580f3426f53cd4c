/**
 * Navigation: link annotations (§12.5.6.5) for hyperlinks and internal links, named destinations
 * (§12.3.2.3) for bookmarks, and the document outline (§12.3.3) from headings.
 */
import { PDFHexString, PDFName, PDFNull, PDFNumber, PDFString, type PDFDocument, type PDFRef, type PDFDict } from 'pdf-lib';
import type { LayoutDoc, LayoutItem } from '../../model';

/** Adds link annotations and named destinations. */
export function addLinks(pdf: PDFDocument, layout: LayoutDoc, pageRefs: readonly PDFRef[]): void {
  const ctx = pdf.context;
  const names = Object.keys(layout.destinations).sort();
  if (names.length > 0) {
    const arr: unknown[] = [];
    for (const name of names) {
      const d = layout.destinations[name]!;
      const ref = pageRefs[d.page];
      if (!ref) continue;
      const h = layout.pages[d.page]!.heightPt;
      arr.push(PDFString.of(name), ctx.obj([ref, PDFName.of('XYZ'), PDFNumber.of(round(d.x)), PDFNumber.of(round(h - d.y)), PDFNull]));
    }
    const dests = ctx.obj({ Names: arr as never });
    pdf.catalog.set(PDFName.of('Names'), ctx.obj({ Dests: ctx.register(dests) }));
  }
  layout.pages.forEach((page, i) => {
    const annots: PDFRef[] = [];
    const visit = (items: readonly LayoutItem[]) => {
      for (const item of items) {
        if (item.kind === 'group') visit(item.items);
        if (item.kind !== 'link') continue;
        const rect = [round(item.x), round(page.heightPt - item.y - item.h), round(item.x + item.w), round(page.heightPt - item.y)];
        const base = { Type: 'Annot', Subtype: 'Link', Rect: rect, Border: [0, 0, 0] };
        if (item.url && isSafeUri(item.url)) {
          annots.push(ctx.register(ctx.obj({ ...base, A: { Type: 'Action', S: 'URI', URI: PDFString.of(item.url) } })));
        } else if (item.dest && layout.destinations[item.dest]) {
          annots.push(ctx.register(ctx.obj({ ...base, Dest: PDFString.of(item.dest) })));
        }
      }
    };
    visit(page.items);
    if (annots.length > 0) {
      const leaf = pdf.context.lookup(pageRefs[i]!) as PDFDict;
      leaf.set(PDFName.of('Annots'), ctx.obj(annots));
    }
  });
}

/** Only link schemes a reader can follow safely become URI actions (no javascript:, no data:). */
function isSafeUri(url: string): boolean {
  return /^(https?:|mailto:|ftp:|tel:|#)/i.test(url.trim()) || !/^[a-z][a-z0-9+.-]*:/i.test(url.trim());
}

/** Adds the outline (bookmarks panel) from headings. */
export function addOutline(pdf: PDFDocument, layout: LayoutDoc, pageRefs: readonly PDFRef[]): void {
  const entries = layout.outline.filter((e) => e.title.length > 0 && pageRefs[e.page]);
  if (entries.length === 0) return;
  const ctx = pdf.context;
  const rootRef = ctx.nextRef();
  interface Node {
    ref: PDFRef;
    level: number;
    dict: PDFDict;
    children: Node[];
    parent: Node | undefined;
  }
  const root: Node = { ref: rootRef, level: -1, dict: ctx.obj({ Type: 'Outlines' }), children: [], parent: undefined };
  const stack: Node[] = [root];
  for (const e of entries) {
    while (stack.length > 1 && stack[stack.length - 1]!.level >= e.level) stack.pop();
    const parent = stack[stack.length - 1]!;
    const h = layout.pages[e.page]!.heightPt;
    const dict = ctx.obj({
      Title: PDFHexString.fromText(e.title),
      Dest: [pageRefs[e.page]!, PDFName.of('XYZ'), round(0), round(h - e.y), PDFNull],
    });
    const node: Node = { ref: ctx.nextRef(), level: e.level, dict, children: [], parent };
    parent.children.push(node);
    stack.push(node);
  }
  const link = (node: Node): number => {
    let count = 0;
    node.children.forEach((child, i) => {
      child.dict.set(PDFName.of('Parent'), node.ref);
      if (i > 0) child.dict.set(PDFName.of('Prev'), node.children[i - 1]!.ref);
      if (i < node.children.length - 1) child.dict.set(PDFName.of('Next'), node.children[i + 1]!.ref);
      count += 1 + link(child);
    });
    if (node.children.length > 0) {
      node.dict.set(PDFName.of('First'), node.children[0]!.ref);
      node.dict.set(PDFName.of('Last'), node.children[node.children.length - 1]!.ref);
      node.dict.set(PDFName.of('Count'), PDFNumber.of(node.level < 0 ? count : -count));
    }
    ctx.assign(node.ref, node.dict);
    return count;
  };
  link(root);
  pdf.catalog.set(PDFName.of('Outlines'), rootRef);
  pdf.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}
