/**
 * Filling content controls by type: text and rich text (§17.5.2.44 / .31), pictures (§17.5.2.27),
 * check boxes (`w14:checkbox`, [MS-DOCX] §2.6.3), dates (`w:date/@w:fullDate` shown with
 * `w:dateFormat`, §17.5.2.7), dropdowns and combo boxes (`w:listItem`, `@w:lastValue`), tables, and
 * repeating sections (`w15:repeatingSection`, [MS-DOCX] §2.6.1). The control stays (so the document can
 * be filled again); `w:showingPlcHdr` is cleared.
 */
import { formatDatePicture, parseIsoDateParts } from '../format';
import type { XmlElement } from '../xml';
import { countElements, spend, type FillContext } from './context';
import { chooseExtent, drawingExtent, replacePicture } from './drawing';
import type { Scope } from './scope';
import { dateFormatOf, listItems, type ControlInfo } from './sdt';
import { buildTable, fillRows, parentOf, tableRows, templateRowOfTable } from './table-fill';
import type { Resolved } from './values';
import { imageRuns, inlineText, setRunProp } from './write-value';
import { childElements, cloneNode, el, firstChild, firstRunProps, makeRun, makeT, ownAttrs, ownChildren, textContentNodes, withoutPlaceholderStyle } from './wml';

/** Renders a piece of content with a scope (supplied by the caller to avoid an import cycle). */
export type RenderFn = (container: XmlElement, scope: Scope) => void;

/** Fills a control; returns false (with a warning) when the value does not fit the control type. */
export function fillControl(ctx: FillContext, info: ControlInfo, path: readonly XmlElement[], r: Resolved, scope: Scope, render: RenderFn, raw: unknown): boolean {
  const name = info.name;
  if (info.type === 'group' || info.type === 'other') return mismatch(ctx, name, `a ${info.type} control`, r.kind);
  if (info.type === 'repeatingSection') return fillRepeating(ctx, info, raw, scope, render);
  switch (r.kind) {
    case 'image':
      return fillImage(ctx, info, r);
    case 'table':
      return fillTable(ctx, info, path, r);
    case 'checkbox':
      if (info.type === 'checkbox') return setCheckbox(ctx, info, r.checked);
      break;
    case 'date':
      if (info.type === 'date') return setDate(ctx, info, r);
      break;
    case 'text': {
      const parts = info.type === 'date' ? parseIsoDateParts(r.text) : undefined;
      if (parts) return setDate(ctx, info, { kind: 'date', iso: r.text.trim(), parts });
      if (info.type === 'checkbox') return setCheckbox(ctx, info, /^(true|1|yes|on|x|checked)$/i.test(r.text.trim()));
      if (info.type === 'dropdown' || info.type === 'comboBox') return selectItem(ctx, info, r.text);
      break;
    }
    case 'dropdown':
      if (info.type === 'dropdown' || info.type === 'comboBox') return selectItem(ctx, info, r.value);
      break;
  }
  if (info.type === 'image') return mismatch(ctx, name, 'a picture control', r.kind);
  const keep = r.kind !== 'text' || r.keepStyles;
  setContent(ctx, info, [makeRun(baseRPr(info, keep), textContentNodes(inlineText(r)))]);
  if (info.type === 'text' && inlineText(r).includes('\n')) ownAttrs(firstChild(info.sdtPr, 'w:text')!)['w:multiLine'] = '1';
  return true;
}

function mismatch(ctx: FillContext, name: string, target: string, kind: string): false {
  ctx.bag.warn('template/type-mismatch', `'${name}' is ${target}; a ${kind} value cannot fill it, so it was left as it was.`, { at: ctx.part });
  return false;
}

/** Run properties for new content: the control's own (while it shows its prompt) or its first run's. */
function baseRPr(info: ControlInfo, keep: boolean): XmlElement | undefined {
  if (!keep) return undefined;
  const own = firstChild(info.sdtPr, 'w:rPr');
  const first = info.content ? firstRunProps(info.content) : undefined;
  return withoutPlaceholderStyle(info.showingPlaceholder ? own ?? first : first ?? own);
}

/** Replaces the control's content by runs, at its level (inline, in a paragraph, in a cell). */
function setContent(ctx: FillContext, info: ControlInfo, runs: XmlElement[]): void {
  let content = info.content;
  if (!content) {
    content = el('w:sdtContent');
    ownChildren(info.sdt).push(content);
  }
  if (info.level === 'inline') content.children = runs;
  else if (info.level === 'block') content.children = [paragraphWith(firstChild(content, 'w:p'), runs)];
  else {
    const tc = info.level === 'cell' ? firstChild(content, 'w:tc') : rowFirstCell(content);
    if (tc) {
      const tcPr = firstChild(tc, 'w:tcPr');
      tc.children = [...(tcPr ? [tcPr] : []), paragraphWith(firstChild(tc, 'w:p'), runs)];
    }
  }
  clearPlaceholder(info);
  void ctx;
}

function rowFirstCell(content: XmlElement): XmlElement | undefined {
  const tr = firstChild(content, 'w:tr');
  return tr ? firstChild(tr, 'w:tc') : undefined;
}

function paragraphWith(old: XmlElement | undefined, runs: XmlElement[]): XmlElement {
  const pPr = firstChild(old, 'w:pPr');
  return el('w:p', old ? { ...old.attrs } : {}, [...(pPr ? [pPr] : []), ...runs]);
}

function clearPlaceholder(info: ControlInfo): void {
  if (info.sdtPr) info.sdtPr.children = info.sdtPr.children.filter((c) => !(c.kind === 'element' && c.name === 'w:showingPlcHdr'));
}

function setCheckbox(ctx: FillContext, info: ControlInfo, checked: boolean): boolean {
  const cb = firstChild(info.sdtPr, 'w14:checkbox')!;
  let state = firstChild(cb, 'w14:checked');
  if (!state) {
    state = el('w14:checked');
    ownChildren(cb).unshift(state);
  }
  ownAttrs(state)['w14:val'] = checked ? '1' : '0';
  const look = firstChild(cb, checked ? 'w14:checkedState' : 'w14:uncheckedState');
  const code = parseInt(look?.attrs['w14:val'] ?? (checked ? '2612' : '2610'), 16);
  const ch = Number.isInteger(code) && code > 0x1f && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : checked ? '\u2612' : '\u2610';
  const font = look?.attrs['w14:font'] ?? 'MS Gothic';
  const rPr = baseRPr(info, true) ?? el('w:rPr');
  setRunProp(rPr, 'w:rFonts', { 'w:ascii': font, 'w:eastAsia': font, 'w:hAnsi': font });
  setContent(ctx, info, [makeRun(rPr, [makeT(ch)])]);
  return true;
}

function setDate(ctx: FillContext, info: ControlInfo, r: Extract<Resolved, { kind: 'date' }>): boolean {
  const date = firstChild(info.sdtPr, 'w:date')!;
  const p = r.parts;
  const two = (n: number) => String(n).padStart(2, '0');
  ownAttrs(date)['w:fullDate'] = `${String(p.year).padStart(4, '0')}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}:${two(p.second)}Z`;
  const text = formatDatePicture(p, dateFormatOf(info) ?? r.format ?? 'yyyy-MM-dd');
  setContent(ctx, info, [makeRun(baseRPr(info, true), textContentNodes(text))]);
  return true;
}

function selectItem(ctx: FillContext, info: ControlInfo, value: string): boolean {
  const items = listItems(info);
  const hit = items.find((i) => i.value === value) ?? items.find((i) => i.displayText === value) ??
    items.find((i) => i.value.toLowerCase() === value.toLowerCase() || i.displayText.toLowerCase() === value.toLowerCase());
  const list = firstChild(info.sdtPr, 'w:dropDownList') ?? firstChild(info.sdtPr, 'w:comboBox');
  if (!hit && info.type === 'dropdown') {
    const choices = items.map((i) => i.value).slice(0, 10).join(', ');
    ctx.bag.warn('template/not-in-list', `'${value.slice(0, 80)}' is not an entry of dropdown '${info.name}' (${choices}); it was left as it was.`, { at: ctx.part });
    return false;
  }
  if (list) ownAttrs(list)['w:lastValue'] = hit ? hit.value : value;
  setContent(ctx, info, [makeRun(baseRPr(info, true), textContentNodes(hit ? hit.displayText : value))]);
  return true;
}

function fillImage(ctx: FillContext, info: ControlInfo, r: Extract<Resolved, { kind: 'image' }>): boolean {
  if (info.type === 'checkbox' || info.type === 'date' || info.type === 'dropdown') return mismatch(ctx, info.name, `a ${info.type} control`, 'image');
  const drawing = info.content ? findDrawing(info.content) : undefined;
  if (drawing && !r.top && !r.bottom) {
    const rId = ctx.pkg.addImage(ctx.part, r.image.data, r.image.ext);
    const size = chooseExtent(r.image, r.dims, drawingExtent(drawing), ctx.textWidthEmu);
    if (replacePicture(drawing, rId, size)) {
      clearPlaceholder(info);
      return true;
    }
  }
  const box = drawing ? drawingExtent(drawing) : undefined;
  setContent(ctx, info, imageRuns(ctx, r, baseRPr(info, true), box, info.name));
  return true;
}

function findDrawing(root: XmlElement): XmlElement | undefined {
  const stack: XmlElement[] = [root];
  while (stack.length) {
    const e = stack.pop()!;
    if (e.name === 'w:drawing') return e;
    for (let i = e.children.length - 1; i >= 0; i--) {
      const c = e.children[i]!;
      if (c.kind === 'element') stack.push(c);
    }
  }
  return undefined;
}

function fillTable(ctx: FillContext, info: ControlInfo, path: readonly XmlElement[], r: Extract<Resolved, { kind: 'table' }>): boolean {
  const content = info.content ?? el('w:sdtContent');
  if (!info.content) ownChildren(info.sdt).push(content);
  const tbl = firstChild(content, 'w:tbl');
  if (info.level === 'row' || tbl) {
    const holder = tbl ?? content;
    const template = tbl ? templateRowOfTable(tbl) : tableRows(content).pop();
    const parent = template ? parentOf(holder, template) : undefined;
    if (template && parent) fillRows(ctx, parent, template, r.rows, r.copyRowStyle, info.name);
  } else if (info.level === 'block') {
    content.children = [buildTable(ctx, r.rows, info.name)];
  } else if (info.level === 'inline') {
    const pIndex = path.map((p) => p.name).lastIndexOf('w:p');
    if (pIndex <= 0) return mismatch(ctx, info.name, 'a control outside a paragraph', 'table');
    const holder = path[pIndex - 1]!;
    holder.children.splice(holder.children.indexOf(path[pIndex]!) + 1, 0, buildTable(ctx, r.rows, info.name));
    content.children = [];
  } else {
    return mismatch(ctx, info.name, 'a cell control', 'table');
  }
  clearPlaceholder(info);
  return true;
}

/** Repeats the first item of a repeating section once per list element, each rendered with that element. */
function fillRepeating(ctx: FillContext, info: ControlInfo, raw: unknown, scope: Scope, render: RenderFn): boolean {
  if (!Array.isArray(raw) || !info.content) return mismatch(ctx, info.name, 'a repeating section', typeof raw);
  const items = childElements(info.content, 'w:sdt');
  const template = items[0];
  if (!template) return mismatch(ctx, info.name, 'an empty repeating section', 'list');
  spend(ctx, countElements([template]) * raw.length, `repeating section '${info.name}'`);
  const out = raw.map((item, i) => {
    const copy = cloneNode(template);
    if (i > 0) ctx.ids.renumberClone([copy], i + 1);
    render(copy, scope.push(item));
    return copy;
  });
  const first = info.content.children.indexOf(template);
  info.content.children = [...info.content.children.slice(0, first).filter((c) => c.kind !== 'element' || c.name !== 'w:sdt'), ...out];
  clearPlaceholder(info);
  return true;
}
