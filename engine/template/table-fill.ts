/**
 * Table values: rows of cell strings written into a template table by repeating its template row
 * (`w:tr`, ECMA-376 Part 1 §17.4.79) with its formatting, or as plain rows, or as a new table
 * (`w:tbl` §17.4.38) styled with the document's default table style (`w:style[@w:default]`, §17.7.4.17).
 */
import type { XmlElement, XmlNode } from '../xml';
import { countElements, spend, type FillContext } from './context';
import { childElements, cloneNode, el, firstChild, firstRunProps, makeRun, textContentNodes } from './wml';

const EMU_PER_TWIP = 635;

/** The cells of a row, including cells wrapped in cell-level content controls. */
export function rowCells(tr: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const visit = (parent: XmlElement) => {
    for (const c of parent.children) {
      if (c.kind !== 'element') continue;
      if (c.name === 'w:tc') out.push(c);
      else if (c.name === 'w:sdt') visit(firstChild(c, 'w:sdtContent') ?? c);
      else if (c.name === 'w:customXml') visit(c);
    }
  };
  visit(tr);
  return out;
}

/** Replaces a cell's content by one paragraph of text, keeping the cell's and first paragraph's properties. */
export function setCellText(tc: XmlElement, text: string, keepStyle: boolean): void {
  const tcPr = firstChild(tc, 'w:tcPr');
  const p0 = firstChild(tc, 'w:p');
  const pPr = keepStyle ? firstChild(p0, 'w:pPr') : undefined;
  const rPr = keepStyle && p0 ? firstRunProps(p0) : undefined;
  const p = el('w:p', {}, [...(pPr ? [pPr] : []), ...(text === '' ? [] : [makeRun(rPr, textContentNodes(text))])]);
  tc.children = [...(tcPr ? [tcPr] : []), p];
}

/**
 * Replaces `templateRow` (a child of `parent`: a table or a row-level control's content) by one row
 * per value row. With `copyRowStyle` each row is a copy of the template with its cells' text replaced;
 * otherwise rows keep only cell widths and spans.
 */
export function fillRows(ctx: FillContext, parent: XmlElement, templateRow: XmlElement, rows: readonly string[][], copyRowStyle: boolean, name: string): void {
  const cells = rowCells(templateRow);
  const size = countElements([templateRow]) + 4 * cells.length;
  spend(ctx, size * rows.length, `table '${name}'`);
  let extra = 0;
  const out: XmlElement[] = rows.map((values, i) => {
    const row = copyRowStyle ? cloneNode(templateRow) : plainRowLike(templateRow);
    if (i > 0 && copyRowStyle) ctx.ids.renumberClone([row], i + 1);
    const rc = rowCells(row);
    rc.forEach((tc, j) => setCellText(tc, values[j] ?? '', copyRowStyle));
    if (values.length > rc.length) extra = Math.max(extra, values.length - rc.length);
    return row;
  });
  if (extra > 0) ctx.bag.warn('template/table-extra-cells', `Table '${name}': ${extra} value(s) per row beyond the template row's ${cells.length} cells were dropped.`, { at: ctx.part });
  const at = parent.children.indexOf(templateRow);
  if (at >= 0) parent.children.splice(at, 1, ...out);
}

function plainRowLike(template: XmlElement): XmlElement {
  const cells = rowCells(template).map((tc) => {
    const pr = firstChild(tc, 'w:tcPr');
    const keep = pr ? childElements(pr).filter((c) => c.name === 'w:tcW' || c.name === 'w:gridSpan') : [];
    return el('w:tc', {}, [...(keep.length ? [el('w:tcPr', {}, keep.map((k) => cloneNode(k)))] : []), el('w:p')]);
  });
  return el('w:tr', {}, cells);
}

/** The row to repeat for a table value: the last row of a table (rows above it are headers). */
export function templateRowOfTable(tbl: XmlElement): XmlElement | undefined {
  const rows = tableRows(tbl);
  return rows[rows.length - 1];
}

/** A table's rows (direct, or inside row-level content controls), with the element holding each. */
export function tableRows(tbl: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const visit = (parent: XmlElement) => {
    for (const c of parent.children) {
      if (c.kind !== 'element') continue;
      if (c.name === 'w:tr') out.push(c);
      else if (c.name === 'w:sdt') visit(firstChild(c, 'w:sdtContent') ?? c);
      else if (c.name === 'w:customXml') visit(c);
    }
  };
  visit(tbl);
  return out;
}

/** Finds the element directly holding `child` below `root`. */
export function parentOf(root: XmlElement, child: XmlElement): XmlElement | undefined {
  const stack: XmlElement[] = [root];
  while (stack.length) {
    const e = stack.pop()!;
    for (const c of e.children) {
      if (c === child) return e;
      if (c.kind === 'element') stack.push(c);
    }
  }
  return undefined;
}

/** Builds a new table with the document's default table style, full text width, equal columns. */
export function buildTable(ctx: FillContext, rows: readonly string[][], name: string): XmlElement {
  const cols = Math.max(1, ...rows.map((r) => r.length));
  const widthTw = Math.floor(ctx.textWidthEmu / EMU_PER_TWIP);
  const colTw = Math.max(1, Math.floor(widthTw / cols));
  spend(ctx, rows.length * cols * 6 + cols + 8, `table '${name}'`);
  const tblPr = el('w:tblPr', {}, [
    ...(ctx.defaultTableStyle ? [el('w:tblStyle', { 'w:val': ctx.defaultTableStyle })] : []),
    el('w:tblW', { 'w:w': '5000', 'w:type': 'pct' }),
    el('w:tblLook', { 'w:val': '04A0', 'w:firstRow': '1', 'w:lastRow': '0', 'w:firstColumn': '1', 'w:lastColumn': '0', 'w:noHBand': '0', 'w:noVBand': '1' }),
  ]);
  const grid = el('w:tblGrid', {}, Array.from({ length: cols }, () => el('w:gridCol', { 'w:w': String(colTw) })));
  const trs: XmlNode[] = rows.map((r) =>
    el('w:tr', {}, Array.from({ length: cols }, (_, j) => {
      const text = r[j] ?? '';
      return el('w:tc', {}, [
        el('w:tcPr', {}, [el('w:tcW', { 'w:w': String(colTw), 'w:type': 'dxa' })]),
        el('w:p', {}, text === '' ? [] : [makeRun(undefined, textContentNodes(text))]),
      ]);
    })),
  );
  if (trs.length === 0) trs.push(el('w:tr', {}, Array.from({ length: cols }, () => el('w:tc', {}, [el('w:tcPr', {}, [el('w:tcW', { 'w:w': String(colTw), 'w:type': 'dxa' })]), el('w:p')]))));
  return el('w:tbl', {}, [tblPr, grid, ...trs]);
}
