/**
 * Writes a resolved value where a placeholder run or a MERGEFIELD stood: runs of text with breaks,
 * an inline picture (with signature labels), or a table (rows of the surrounding template table, or a
 * new table after / instead of the paragraph).
 */
import { formatDatePicture } from '../format';
import type { XmlElement, XmlNode } from '../xml';
import type { FillContext } from './context';
import { chooseExtent, makeInlineDrawing, type ExtentEmu } from './drawing';
import { buildTable, fillRows } from './table-fill';
import type { Resolved } from './values';
import type { SignatureLabel } from './types';
import { cloneNode, el, firstChild, makeRun, textContentNodes } from './wml';

/** CT_RPr child order (ECMA-376 Part 1 §17.3.2.28 sequence), for inserting properties where Word expects them. */
const RPR_ORDER = [
  'w:rStyle', 'w:rFonts', 'w:b', 'w:bCs', 'w:i', 'w:iCs', 'w:caps', 'w:smallCaps', 'w:strike', 'w:dstrike', 'w:outline', 'w:shadow',
  'w:emboss', 'w:imprint', 'w:noProof', 'w:snapToGrid', 'w:vanish', 'w:webHidden', 'w:color', 'w:spacing', 'w:w', 'w:kern',
  'w:position', 'w:sz', 'w:szCs', 'w:highlight', 'w:u', 'w:effect', 'w:bdr', 'w:shd', 'w:fitText', 'w:vertAlign', 'w:rtl', 'w:cs',
  'w:em', 'w:lang', 'w:eastAsianLayout', 'w:specVanish', 'w:oMath',
];

/** Sets (replacing) one run property in schema order. */
export function setRunProp(rPr: XmlElement, name: string, attrs: Record<string, string>): void {
  rPr.children = rPr.children.filter((c) => !(c.kind === 'element' && c.name === name));
  const rank = RPR_ORDER.indexOf(name);
  let at = rPr.children.length;
  for (let i = 0; i < rPr.children.length; i++) {
    const c = rPr.children[i]!;
    if (c.kind === 'element' && RPR_ORDER.indexOf(c.name) > rank) {
      at = i;
      break;
    }
  }
  rPr.children.splice(at, 0, el(name, attrs));
}

/** The text a non-image, non-table value shows inline. */
export function inlineText(r: Resolved): string {
  switch (r.kind) {
    case 'text':
      return r.text;
    case 'checkbox':
      return r.checked ? '\u2612' : '\u2610';
    case 'date':
      return r.format ? formatDatePicture(r.parts, r.format) : r.iso;
    case 'dropdown':
      return r.value;
    default:
      return '';
  }
}

/** Runs showing an image (and a signature's labels) with the given base run properties. */
export function imageRuns(ctx: FillContext, r: Extract<Resolved, { kind: 'image' }>, rPr: XmlElement | undefined, box: ExtentEmu | undefined, name: string): XmlElement[] {
  const rId = ctx.pkg.addImage(ctx.part, r.image.data, r.image.ext);
  ctx.pkg.ensureNamespaces(ctx.part, ['wp', 'a', 'pic', 'r']);
  const size = chooseExtent(r.image, r.dims, box, ctx.textWidthEmu);
  const drawing = makeInlineDrawing(rId, size, ctx.ids.nextDocPrId(), name.slice(0, 200), name.slice(0, 200));
  const out: XmlElement[] = [];
  if (r.top) out.push(labelRun(rPr, r.top, 'top'));
  out.push(makeRun(rPr, [drawing]));
  if (r.bottom) out.push(labelRun(rPr, r.bottom, 'bottom'));
  return out;
}

/** A signature label run: the text then a line break (top), or a line break then the text (bottom). */
export function labelRun(rPr: XmlElement | undefined, label: SignatureLabel, where: 'top' | 'bottom'): XmlElement {
  const text = textContentNodes(label.text);
  return makeRun(labelProps(rPr, label.color), where === 'top' ? [...text, el('w:br')] : [el('w:br'), ...text]);
}

/** Labels are 8 pt in their colour (a hex RRGGBB; invalid colours are ignored). */
function labelProps(base: XmlElement | undefined, color: string | undefined): XmlElement {
  const rPr = base ? cloneNode(base) : el('w:rPr');
  const hex = /^#?([0-9a-fA-F]{6})$/.exec((color ?? '').trim());
  if (hex) setRunProp(rPr, 'w:color', { 'w:val': hex[1]!.toUpperCase() });
  setRunProp(rPr, 'w:sz', { 'w:val': '16' });
  setRunProp(rPr, 'w:szCs', { 'w:val': '16' });
  return rPr;
}

/** Where a run-level field stands: its nodes, their parent, and the ancestors above. */
export interface InlineSite {
  readonly parent: XmlElement;
  readonly nodes: readonly XmlElement[];
  readonly path: readonly XmlElement[];
}

/**
 * Writes a value at an inline site. `format` post-processes text (MERGEFIELD switches). Returns the
 * elements whose old content is gone (tokens inside them are stale).
 */
export function writeAtSite(ctx: FillContext, site: InlineSite, r: Resolved, rPr: XmlElement | undefined, name: string, format?: (s: string) => string): XmlElement[] {
  if (r.kind === 'table') return writeTableAt(ctx, site, r, name);
  const only = site.nodes.length === 1 ? site.nodes[0]! : undefined;
  let replacement: XmlNode[];
  if (r.kind === 'image') replacement = imageRuns(ctx, r, rPr, undefined, name);
  else {
    const text = format ? format(inlineText(r)) : inlineText(r);
    if (text !== '' && only && only.name === 'w:r' && rPr && only.children.includes(rPr)) {
      // The common case, a tag run's own properties: they stay, uncopied (a copy per field per loop item adds up).
      only.children = [rPr, ...textContentNodes(text)];
      return [only];
    }
    replacement = text === '' ? [] : [makeRun(rPr, textContentNodes(text))];
  }
  if (only && only.name === 'w:r' && replacement.length <= 1) {
    // The common case: the value's run takes the tag run's place in place (no sibling search).
    only.children = replacement.length === 1 ? (replacement[0] as XmlElement).children : [];
  } else replaceNodes(site.parent, site.nodes, replacement);
  return [...site.nodes];
}

/**
 * Replaces consecutive sibling nodes by a list (inserted where the first one was). Bookmark, comment
 * range and permission anchors among them stay (before the replacement), so their pairs stay whole.
 */
export function replaceNodes(parent: XmlElement, nodes: readonly XmlNode[], replacement: readonly XmlNode[]): void {
  const first = parent.children.indexOf(nodes[0]!);
  if (first < 0) return;
  const last = nodes.length === 1 ? first : parent.children.indexOf(nodes[nodes.length - 1]!, first);
  if (last < first) return;
  const anchors = nodes.filter((n) => n.kind === 'element' && ANCHOR.test(n.name));
  parent.children.splice(first, last - first + 1, ...anchors, ...replacement);
}

const ANCHOR = /^w:(bookmarkStart|bookmarkEnd|commentRangeStart|commentRangeEnd|permStart|permEnd)$/;

function writeTableAt(ctx: FillContext, site: InlineSite, r: Extract<Resolved, { kind: 'table' }>, name: string): XmlElement[] {
  const path = site.path;
  for (let i = path.length - 1; i > 0; i--) {
    if (path[i]!.name === 'w:tr') {
      fillRows(ctx, path[i - 1]!, path[i]!, r.rows, r.copyRowStyle, name);
      return [path[i]!];
    }
    if (path[i]!.name === 'w:txbxContent') break;
  }
  replaceNodes(site.parent, site.nodes, []);
  const pIndex = findLast(path, 'w:p');
  const table = buildTable(ctx, r.rows, name);
  if (pIndex <= 0) return [...site.nodes];
  const p = path[pIndex]!;
  const holder = path[pIndex - 1]!;
  const at = holder.children.indexOf(p);
  if (isBlankParagraph(p)) holder.children.splice(at, 1, table);
  else holder.children.splice(at + 1, 0, table);
  return [p];
}

function findLast(path: readonly XmlElement[], name: string): number {
  for (let i = path.length - 1; i >= 0; i--) if (path[i]!.name === name) return i;
  return -1;
}

/** True when a paragraph shows nothing (no text, drawings, breaks or fields) and carries no section break or bookmark. */
export function isBlankParagraph(p: XmlElement): boolean {
  for (const c of p.children) {
    if (c.kind !== 'element') continue;
    if (c.name === 'w:pPr') {
      if (firstChild(c, 'w:sectPr')) return false;
      continue;
    }
    if (c.name === 'w:proofErr') continue;
    if (c.name !== 'w:r') return false;
    for (const rc of c.children) {
      if (rc.kind !== 'element' || rc.name === 'w:rPr' || rc.name === 'w:lastRenderedPageBreak') continue;
      if (rc.name === 'w:t' && rc.children.every((t) => t.kind !== 'text' || t.text.trim() === '')) continue;
      return false;
    }
  }
  return true;
}
