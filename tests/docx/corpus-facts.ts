/**
 * Facts about a parsed document that the corpus manifest also records (counts of tables, notes,
 * charts, comments...), computed by walking the DocModel.
 */
import type { Block, DocModel, Inline } from '../../engine/model';
import { parseXml, type XmlElement } from '../../engine/xml';
import { openZip } from '../../engine/zip';

/** Counts gathered from a DocModel. */
export interface ModelFacts {
  sections: number;
  tables: number;
  footnoteRefs: number;
  endnoteRefs: number;
  charts: number;
  comments: number;
  headerFooterParts: number;
  revisionAuthors: number;
  /** Pictures in every story (body, headers, footers, notes, comments). */
  images: number;
  bookmarks: number;
  textChars: number;
}

/** Walks every block and inline of the body (tables, text boxes, field results included). */
export function modelFacts(doc: DocModel): ModelFacts {
  const f: ModelFacts = {
    sections: doc.sections.length, tables: 0, footnoteRefs: 0, endnoteRefs: 0, charts: Object.keys(doc.charts).length,
    comments: Object.keys(doc.comments).length, headerFooterParts: Object.keys(doc.headerFooters).length,
    revisionAuthors: doc.revisionAuthors.length, images: 0, bookmarks: 0, textChars: 0,
  };
  const inline = (i: Inline): void => {
    switch (i.kind) {
      case 'text':
        f.textChars += i.text.length;
        break;
      case 'noteRef':
        f.textChars += i.customMark?.length ?? 0;
        if (i.noteType === 'footnote') f.footnoteRefs++;
        else f.endnoteRefs++;
        break;
      case 'image':
        f.images++;
        break;
      case 'bookmark':
        if (i.edge === 'start') f.bookmarks++;
        break;
      case 'field':
        i.result.forEach(inline);
        break;
      case 'shape':
        if (i.text) blocks(i.text.blocks);
        for (const c of i.children ?? []) inline(c.item);
        break;
      default:
        break;
    }
  };
  const blocks = (bs: readonly Block[]): void => {
    for (const b of bs) {
      if (b.kind === 'paragraph') b.inlines.forEach(inline);
      else {
        f.tables++;
        for (const r of b.rows) for (const c of r.cells) blocks(c.blocks);
      }
    }
  };
  for (const s of doc.sections) blocks(s.blocks);
  const bodyOnly = { ...f };
  for (const h of Object.values(doc.headerFooters)) blocks(h.blocks);
  for (const n of [...Object.values(doc.footnotes), ...Object.values(doc.endnotes), ...Object.values(doc.comments)]) blocks(n.blocks);
  return { ...bodyOnly, images: f.images };
}

/**
 * Characters in w:t and w:delText of a package's main document, counted straight from the XML
 * (markup-compatibility fallbacks skipped, as the reader takes the choice; ruby text skipped, as it
 * is reported and not drawn), as a reference for how much text the model must hold.
 */
export function bodyTextChars(bytes: Uint8Array): number {
  const zip = openZip(bytes);
  const main = zip.find('word/document.xml');
  if (!main) return 0;
  const doc = parseXml(zip.read(main));
  if (!doc.ok) return 0;
  let n = 0;
  const visit = (el: XmlElement): void => {
    for (const c of el.children) {
      if (c.kind !== 'element') continue;
      if (c.name === 'w:rt') continue;
      if (c.name === 'mc:AlternateContent') {
        const branch = c.children.find((x): x is XmlElement => x.kind === 'element');
        if (branch) visit(branch);
      } else if (c.name === 'w:t' || c.name === 'w:delText') {
        for (const t of c.children) if (t.kind === 'text') n += t.text.length;
      } else visit(c);
    }
  };
  visit(doc.value.root);
  return n;
}
