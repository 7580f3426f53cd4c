/**
 * Field instructions (§17.16): parsing `NAME args \switch arg` into FieldInstruction, and computing
 * the fields whose value comes from the package or the host clock (AUTHOR, TITLE, DOCPROPERTY,
 * CREATEDATE, DATE...). Layout computes PAGE, NUMPAGES, PAGEREF and the like later.
 */
import { hostNow } from '../core';
import {
  applyTextSwitch, datePartsFromDate, formatDatePicture, formatNumberSwitch, formatNumericPicture, isNumberSwitch, parseIsoDateParts,
  type DateParts,
} from '../format';
import type { DocProperties, FieldInstruction, LinkTarget } from '../model';
import type { DocxContext } from './context';

/** Switches whose argument may be a bare word (others take one only when it is quoted). */
const ARG_SWITCHES = new Set(['\\@', '\\#', '\\*', '\\l', '\\o', '\\t', '\\b', '\\s', '\\f', '\\m', '\\k', '\\a']);

function tokenize(raw: string): Array<{ text: string; quoted: boolean }> {
  const out: Array<{ text: string; quoted: boolean }> = [];
  let i = 0;
  const s = raw;
  while (i < s.length && out.length < 512) {
    const c = s[i]!;
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n' || c === '\u00a0') {
      i++;
      continue;
    }
    if (c === '"' || c === '\u201c' || c === '\u201d') {
      let j = i + 1;
      let text = '';
      while (j < s.length && s[j] !== '"' && s[j] !== '\u201d' && s[j] !== '\u201c') {
        if (s[j] === '\\' && (s[j + 1] === '"' || s[j + 1] === '\\')) j++;
        text += s[j]!;
        j++;
      }
      out.push({ text, quoted: true });
      i = j + 1;
      continue;
    }
    let j = i;
    while (j < s.length && !/[\s"]/.test(s[j]!)) j++;
    out.push({ text: s.slice(i, j), quoted: false });
    i = j;
  }
  return out;
}

/** Parses a field instruction: `PAGEREF _Toc1 \h` → { name: 'PAGEREF', args: ['_Toc1'], switches: [['\\h', undefined]] }. */
export function parseInstruction(raw: string): FieldInstruction {
  const tokens = tokenize(raw);
  const first = tokens[0];
  // `=` formulas keep their expression as one argument.
  const name = first ? (first.text.startsWith('=') ? '=' : first.text.toUpperCase()) : '';
  const args: string[] = [];
  const switches: Array<readonly [string, string | undefined]> = [];
  if (first && name === '=' && first.text.length > 1) args.push(first.text.slice(1));
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (!t.quoted && t.text.startsWith('\\') && t.text.length >= 2) {
      const sw = t.text.slice(0, 2);
      const glued = t.text.length > 2 ? t.text.slice(2) : undefined;
      const next = tokens[i + 1];
      const nextIsSwitch = next !== undefined && !next.quoted && next.text.startsWith('\\');
      if (glued !== undefined) switches.push([sw, glued]);
      else if (next && !nextIsSwitch && (next.quoted || ARG_SWITCHES.has(sw))) {
        switches.push([sw, next.text]);
        i++;
      } else switches.push([sw, undefined]);
    } else {
      args.push(t.text);
    }
  }
  return { name, args, switches };
}

/** The argument of the first occurrence of a switch. */
export function switchArg(instr: FieldInstruction, sw: string): string | undefined {
  for (const [s, a] of instr.switches) if (s === sw) return a;
  return undefined;
}

/** True when a switch is present. */
export function hasSwitch(instr: FieldInstruction, sw: string): boolean {
  return instr.switches.some(([s]) => s === sw);
}

/** The link target of a HYPERLINK field (`HYPERLINK "url" \l "anchor"`, §17.16.5.25). */
export function hyperlinkTarget(instr: FieldInstruction): LinkTarget | undefined {
  const anchor = switchArg(instr, '\\l');
  const url = instr.args[0];
  if (url) return { url: anchor ? `${url}#${anchor}` : url };
  if (anchor) return { anchor };
  return undefined;
}

const PROPERTY_FIELDS: Record<string, keyof DocProperties> = {
  AUTHOR: 'creator', TITLE: 'title', SUBJECT: 'subject', KEYWORDS: 'keywords', COMMENTS: 'description', LASTSAVEDBY: 'lastModifiedBy',
};

/** DOCPROPERTY names (as Word's dialog lists them) → DocProperties keys. */
const DOC_PROPERTY_NAMES: Record<string, keyof DocProperties> = {
  title: 'title', subject: 'subject', author: 'creator', keywords: 'keywords', comments: 'description', lastsavedby: 'lastModifiedBy',
  category: 'category', company: 'company', manager: 'manager', template: 'template', revisionnumber: 'revision', pages: 'pages',
  words: 'words', characters: 'characters', createtime: 'created', lastsavedtime: 'modified', lastprinted: 'lastPrinted', totaleditingtime: 'totalEditingMinutes',
};

/** Word's en-US defaults when a date field has no `\@` picture. */
const DEFAULT_DATE_PICTURE: Record<string, string> = {
  DATE: 'M/d/yyyy', TIME: 'h:mm AM/PM', CREATEDATE: 'M/d/yyyy h:mm:ss AM/PM', SAVEDATE: 'M/d/yyyy h:mm:ss AM/PM', PRINTDATE: 'M/d/yyyy h:mm:ss AM/PM',
};

/** Stored-date fields keep a cached result when they have no picture: it is in the author's locale format. */
const STORED_DATES = new Set(['CREATEDATE', 'SAVEDATE', 'PRINTDATE']);

/** A computed result that needs its own font or size (SYMBOL). */
export interface ComputedField {
  readonly text: string;
  readonly font?: string;
  readonly sizePt?: number;
}

/**
 * SYMBOL fields (§17.16.5.62): `SYMBOL 183 \f "Symbol" \s 10` draws one character (decimal or 0x hex,
 * ANSI unless \u) in the given font and size.
 */
export function computeSymbol(instr: FieldInstruction): ComputedField | undefined {
  const raw = instr.args[0];
  if (!raw) return undefined;
  const code = /^0x[0-9a-f]+$/i.test(raw) ? parseInt(raw.slice(2), 16) : Number(raw);
  if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff) return undefined;
  const font = switchArg(instr, '\\f');
  const size = Number(switchArg(instr, '\\s'));
  return {
    text: String.fromCodePoint(code),
    ...(font ? { font } : {}),
    ...(Number.isFinite(size) && size > 0 && size < 1638 ? { sizePt: size } : {}),
  };
}

/**
 * Computes a field's text from the package or the host clock, or returns undefined to keep the
 * cached result (fields layout computes, and fields unknown here).
 */
export function computeFieldText(ctx: DocxContext, instr: FieldInstruction, hasCachedResult = false): string | undefined {
  const name = instr.name;
  let text: string | undefined;
  const prop = PROPERTY_FIELDS[name];
  if (prop) text = instr.args[0] ?? stringProp(ctx.properties, prop) ?? '';
  else if (name === 'FILENAME') text = fileName(ctx.fileName, hasSwitch(instr, '\\p'));
  else if (name === 'DOCPROPERTY') text = docProperty(ctx.properties, instr.args[0]);
  else if (name === 'NUMWORDS' || name === 'NUMCHARS') {
    const v = name === 'NUMWORDS' ? ctx.properties.words : ctx.properties.characters;
    text = v === undefined ? undefined : formatNumberResult(v, instr);
  } else if (name in DEFAULT_DATE_PICTURE && !(STORED_DATES.has(name) && hasCachedResult && switchArg(instr, '\\@') === undefined)) {
    const parts = dateFor(ctx, name);
    text = parts ? formatDatePicture(parts, switchArg(instr, '\\@') ?? DEFAULT_DATE_PICTURE[name]!) : undefined;
  }
  if (text === undefined) return undefined;
  return applyFormatSwitches(text, instr);
}

function stringProp(p: DocProperties, key: keyof DocProperties): string | undefined {
  const v = p[key];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
}

function fileName(name: string | undefined, withPath: boolean): string | undefined {
  if (name === undefined) return undefined;
  if (withPath) return name;
  const slash = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
  return name.slice(slash + 1);
}

function docProperty(p: DocProperties, name: string | undefined): string | undefined {
  if (!name) return undefined;
  const builtIn = DOC_PROPERTY_NAMES[name.toLowerCase().replace(/\s+/g, '')];
  if (builtIn) return stringProp(p, builtIn);
  for (const [k, v] of Object.entries(p.custom)) if (k.toLowerCase() === name.toLowerCase()) return v;
  return undefined;
}

function dateFor(ctx: DocxContext, name: string): DateParts | undefined {
  if (name === 'DATE' || name === 'TIME') return datePartsFromDate(hostNow(ctx.host));
  const iso = name === 'CREATEDATE' ? ctx.properties.created : name === 'SAVEDATE' ? ctx.properties.modified : ctx.properties.lastPrinted;
  return iso ? parseIsoDateParts(iso) : undefined;
}

/** Formats a number by the field's `\#` picture or `\*` number format (Arabic without either). */
export function formatNumberResult(n: number, instr: FieldInstruction): string {
  const pic = switchArg(instr, '\\#');
  if (pic) return formatNumericPicture(n, pic);
  for (const [s, a] of instr.switches) if (s === '\\*' && a && isNumberSwitch(a)) return formatNumberSwitch(n, a);
  return String(n);
}

/** Applies the text `\*` switches (Upper, Lower, FirstCap, Caps) in order. */
export function applyFormatSwitches(text: string, instr: FieldInstruction): string {
  let t = text;
  for (const [s, a] of instr.switches) if (s === '\\*' && a) t = applyTextSwitch(t, a);
  return t;
}

/** Date fields from the legacy run elements (w:dayShort... §17.3.3.4) as DATE pictures. */
export const DATE_ELEMENT_PICTURES: Readonly<Record<string, string>> = {
  'w:dayShort': 'd', 'w:dayLong': 'dddd', 'w:monthShort': 'MMM', 'w:monthLong': 'MMMM', 'w:yearShort': 'yy', 'w:yearLong': 'yyyy',
};
