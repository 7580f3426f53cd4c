/**
 * Reading content controls (`w:sdt`, ECMA-376 Part 1 §17.5.2): names (`w:tag` §17.5.2.42, plain or a
 * JSON object with `id` / `group`; `w:alias` §17.5.2.1; `w:id` §17.5.2.18), type (`w:text`,
 * `w:richText`, `w:picture`, `w:date`, `w:dropDownList`, `w:comboBox`, `w:group`, `w14:checkbox`,
 * `w15:repeatingSection`), level (inline, block, row, cell) and current value.
 */
import type { XmlElement } from '../xml';
import type { TemplateFieldType } from './types';
import { firstChild, visibleText } from './wml';
import { findBlip } from './drawing';

/** What a content control is and how it is named. */
export interface ControlInfo {
  readonly sdt: XmlElement;
  readonly sdtPr: XmlElement | undefined;
  readonly content: XmlElement | undefined;
  readonly tag?: string;
  readonly jsonId?: string;
  readonly jsonGroup?: string;
  readonly alias?: string;
  readonly id?: number;
  readonly type: TemplateFieldType | 'docPart' | 'other';
  readonly level: 'inline' | 'block' | 'row' | 'cell';
  readonly showingPlaceholder: boolean;
  /** Listed and filled as a field (document-part galleries such as a table of contents are not, unless named). */
  readonly isField: boolean;
  /** The name used in reports: JSON id, else tag, else alias, else the numeric id. */
  readonly name: string;
}

const TYPE_ELEMENTS: ReadonlyArray<[string, ControlInfo['type']]> = [
  ['w:text', 'text'],
  ['w:richText', 'richText'],
  ['w:picture', 'image'],
  ['w14:checkbox', 'checkbox'],
  ['w:date', 'date'],
  ['w:dropDownList', 'dropdown'],
  ['w:comboBox', 'comboBox'],
  ['w:group', 'group'],
  ['w15:repeatingSection', 'repeatingSection'],
  ['w15:repeatingSectionItem', 'other'],
  ['w:docPartObj', 'docPart'],
  ['w:docPartList', 'docPart'],
  ['w:citation', 'other'],
  ['w:bibliography', 'other'],
  ['w:equation', 'other'],
];

const INLINE_PARENTS = new Set(['w:p', 'w:hyperlink', 'w:smartTag', 'w:ins', 'w:customXml', 'w:fldSimple', 'w:dir', 'w:bdo', 'w:del', 'w:moveTo']);

/** Parses a JSON tag (`{"id":"x","group":"g"}`) some editors write; undefined for a plain tag. */
export function parseJsonTag(tag: string): { id?: string; group?: string } | undefined {
  const t = tag.trim();
  if (!t.startsWith('{') || t.length > 4096) return undefined;
  try {
    const v: unknown = JSON.parse(t);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
    const o = v as Record<string, unknown>;
    const id = typeof o.id === 'string' ? o.id : typeof o.id === 'number' ? String(o.id) : typeof o.name === 'string' ? o.name : undefined;
    const group = typeof o.group === 'string' ? o.group : undefined;
    return { ...(id !== undefined ? { id } : {}), ...(group !== undefined ? { group } : {}) };
  } catch {
    return undefined;
  }
}

/** Describes a content control; `parent` is the element holding the `w:sdt`. */
export function readControl(sdt: XmlElement, parent: XmlElement | undefined): ControlInfo {
  const sdtPr = firstChild(sdt, 'w:sdtPr');
  const content = firstChild(sdt, 'w:sdtContent');
  const tag = firstChild(sdtPr, 'w:tag')?.attrs['w:val'];
  const alias = firstChild(sdtPr, 'w:alias')?.attrs['w:val'];
  const idVal = Number(firstChild(sdtPr, 'w:id')?.attrs['w:val']);
  const id = Number.isSafeInteger(idVal) ? idVal : undefined;
  const json = tag !== undefined ? parseJsonTag(tag) : undefined;
  let type: ControlInfo['type'] = 'richText';
  for (const [name, t] of TYPE_ELEMENTS) {
    if (firstChild(sdtPr, name)) {
      type = t;
      break;
    }
  }
  const named = (tag !== undefined && tag.trim() !== '') || (alias !== undefined && alias.trim() !== '');
  const isField = named || (type !== 'docPart' && type !== 'other' && id !== undefined);
  const name = json?.id ?? (tag !== undefined && tag.trim() !== '' ? tag : undefined) ?? (alias !== undefined && alias.trim() !== '' ? alias : undefined) ?? (id !== undefined ? String(id) : '');
  return {
    sdt,
    sdtPr,
    content,
    ...(tag !== undefined ? { tag } : {}),
    ...(json?.id !== undefined ? { jsonId: json.id } : {}),
    ...(json?.group !== undefined ? { jsonGroup: json.group } : {}),
    ...(alias !== undefined ? { alias } : {}),
    ...(id !== undefined ? { id } : {}),
    type,
    level: levelOf(content, parent),
    showingPlaceholder: firstChild(sdtPr, 'w:showingPlcHdr') !== undefined && firstChild(sdtPr, 'w:showingPlcHdr')!.attrs['w:val'] !== '0' && firstChild(sdtPr, 'w:showingPlcHdr')!.attrs['w:val'] !== 'false',
    isField,
    name,
  };
}

function levelOf(content: XmlElement | undefined, parent: XmlElement | undefined): ControlInfo['level'] {
  for (const c of content?.children ?? []) {
    if (c.kind !== 'element') continue;
    if (c.name === 'w:tr') return 'row';
    if (c.name === 'w:tc') return 'cell';
    if (c.name === 'w:p' || c.name === 'w:tbl') return 'block';
    if (c.name === 'w:r' || INLINE_PARENTS.has(c.name)) return 'inline';
  }
  const p = parent?.name ?? '';
  if (p === 'w:tbl') return 'row';
  if (p === 'w:tr') return 'cell';
  if (INLINE_PARENTS.has(p)) return 'inline';
  return 'block';
}

/** The names a request may use for a control, most specific first. */
export function controlKeys(info: ControlInfo): string[] {
  const keys: string[] = [];
  const add = (k: string | undefined) => {
    if (k !== undefined && k.trim() !== '' && !keys.includes(k)) keys.push(k);
  };
  add(info.jsonId);
  if (info.jsonId === undefined && info.jsonGroup === undefined) add(info.tag);
  add(info.alias);
  if (info.id !== undefined) add(String(info.id));
  return keys;
}

/** The value a control shows now: checkbox state, date, or text (null while it shows its placeholder prompt). */
export function controlValue(info: ControlInfo): string | boolean | null {
  if (info.type === 'checkbox') {
    const v = firstChild(firstChild(info.sdtPr, 'w14:checkbox'), 'w14:checked')?.attrs['w14:val'];
    return v === '1' || v === 'true';
  }
  if (info.showingPlaceholder) return null;
  if (info.type === 'date') {
    const full = firstChild(info.sdtPr, 'w:date')?.attrs['w:fullDate'];
    if (full) return full;
  }
  if (info.type === 'image') return info.content && findBlip(info.content) ? 'image' : null;
  return info.content ? visibleText(info.content) : '';
}

/** Dropdown / combo box entries (`w:listItem`, §17.5.2.21). */
export function listItems(info: ControlInfo): Array<{ value: string; displayText: string }> {
  const list = firstChild(info.sdtPr, 'w:dropDownList') ?? firstChild(info.sdtPr, 'w:comboBox');
  const out: Array<{ value: string; displayText: string }> = [];
  for (const c of list?.children ?? []) {
    if (c.kind !== 'element' || c.name !== 'w:listItem') continue;
    const value = c.attrs['w:value'] ?? c.attrs['w:displayText'] ?? '';
    out.push({ value, displayText: c.attrs['w:displayText'] ?? value });
  }
  return out;
}

/** The date picture of a date control (`w:dateFormat`, §17.5.2.8). */
export function dateFormatOf(info: ControlInfo): string | undefined {
  return firstChild(firstChild(info.sdtPr, 'w:date'), 'w:dateFormat')?.attrs['w:val'];
}
