/**
 * Structural repairs after filling, so Word opens the result without complaint: a table cell ends with
 * a paragraph (ECMA-376 Part 1 §17.4.66 remarks), a table keeps at least one row (CT_Tbl), text boxes,
 * notes, headers and footers keep at least one paragraph, and the body does not end in a table.
 * Also flattening: content controls replaced by their content (`flatten` option).
 */
import type { XmlElement, XmlNode } from '../xml';
import { readControl } from './sdt';
import { el, firstChild, ownChildren } from './wml';

const NEEDS_PARAGRAPH = new Set(['w:tc', 'w:txbxContent', 'w:hdr', 'w:ftr', 'w:footnote', 'w:endnote', 'w:comment']);

const LEAVES = new Set(['w:rPr', 'w:pPr', 'w:t', 'w:tcPr', 'w:trPr', 'w:tblPr', 'w:sectPr', 'w:sdtPr', 'w:instrText', 'w:tblGrid']);

/** Applies the repairs to a part's tree. */
export function repairStructure(root: XmlElement): void {
  const post: XmlElement[] = [];
  const stack: XmlElement[] = [root];
  while (stack.length) {
    const e = stack.pop()!;
    post.push(e);
    // Property elements and text hold nothing that needs repair (runs may: drawings hold text boxes).
    for (const c of e.children) if (c.kind === 'element' && !LEAVES.has(c.name)) stack.push(c);
  }
  // Children before parents, so an emptied table is removed before its cell is checked.
  for (let i = post.length - 1; i >= 0; i--) {
    const e = post[i]!;
    if (hasTableOrControl(e)) {
      e.children = e.children.filter((c) => !(c.kind === 'element' && (isEmptyTable(c) || isEmptyRowControl(c))));
    }
    if (NEEDS_PARAGRAPH.has(e.name)) endWithParagraph(e);
    if (e.name === 'w:body') bodyEndsWithParagraph(e);
  }
}

function hasTableOrControl(e: XmlElement): boolean {
  for (const c of e.children) if (c.kind === 'element' && (c.name === 'w:tbl' || c.name === 'w:sdt')) return true;
  return false;
}

function isEmptyTable(e: XmlElement): boolean {
  if (e.name !== 'w:tbl') return false;
  const hasRow = (x: XmlElement): boolean => x.children.some((c) => c.kind === 'element' && (c.name === 'w:tr' || ((c.name === 'w:sdt' || c.name === 'w:sdtContent' || c.name === 'w:customXml') && hasRow(c))));
  return !hasRow(e);
}

function isEmptyRowControl(e: XmlElement): boolean {
  if (e.name !== 'w:sdt') return false;
  const content = firstChild(e, 'w:sdtContent');
  if (!content) return false;
  const level = readControl(e, undefined).level;
  return (level === 'row' || level === 'cell') && !content.children.some((c) => c.kind === 'element');
}

function endWithParagraph(e: XmlElement): void {
  const last = lastBlock(e);
  if (!last || last.name === 'w:tbl' || (last.name === 'w:sdt' && lastBlockIsTable(last))) ownChildren(e).push(el('w:p'));
}

/** The last child element that is a block (not cell properties, a bookmark or a proofing mark). */
function lastBlock(e: XmlElement): XmlElement | undefined {
  // A backward scan without a filtered copy: this runs for every table cell of the part.
  for (let i = e.children.length - 1; i >= 0; i--) {
    const c = e.children[i]!;
    if (c.kind === 'element' && c.name !== 'w:tcPr' && !c.name.startsWith('w:bookmark') && c.name !== 'w:proofErr') return c;
  }
  return undefined;
}

function lastBlockIsTable(sdt: XmlElement): boolean {
  const content = firstChild(sdt, 'w:sdtContent');
  const kids = content?.children.filter((c): c is XmlElement => c.kind === 'element') ?? [];
  const last = kids[kids.length - 1];
  return last === undefined || last.name === 'w:tbl';
}

function bodyEndsWithParagraph(body: XmlElement): void {
  const kids = body.children.filter((c): c is XmlElement => c.kind === 'element');
  const sect = kids[kids.length - 1]?.name === 'w:sectPr' ? kids[kids.length - 1] : undefined;
  const blocks = sect ? kids.slice(0, -1) : kids;
  const last = blocks[blocks.length - 1];
  if (last && last.name === 'w:tbl') {
    const at = sect ? body.children.indexOf(sect) : body.children.length;
    body.children.splice(at, 0, el('w:p'));
  }
}

/** Replaces every field content control by its content; prompts of unfilled controls are dropped. */
export function flattenControls(root: XmlElement): number {
  let n = 0;
  const visit = (e: XmlElement): void => {
    for (const c of e.children) if (c.kind === 'element' && c.name !== 'w:sdtPr') visit(c);
    if (!e.children.some((c) => c.kind === 'element' && c.name === 'w:sdt')) return;
    const out: XmlNode[] = [];
    for (const c of e.children) {
      if (c.kind !== 'element' || c.name !== 'w:sdt') {
        out.push(c);
        continue;
      }
      const info = readControl(c, e);
      if (!info.isField) {
        out.push(c);
        continue;
      }
      n++;
      if (!info.showingPlaceholder || info.level === 'row' || info.level === 'cell') out.push(...(info.content?.children ?? []));
      else if (info.level === 'block') out.push(el('w:p', {}, []));
    }
    e.children = out;
  };
  visit(root);
  return n;
}
