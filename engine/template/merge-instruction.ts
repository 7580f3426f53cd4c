/**
 * MERGEFIELD instructions (ECMA-376 Part 1 §17.16.5.35) and their switches: `\b` text before and
 * `\f` text after a non-empty result, `\*` format (Upper, Lower, FirstCap, Caps, MERGEFORMAT,
 * CHARFORMAT), `\@` date picture, `\#` numeric picture (§17.16.4). Mail-merge regions written as
 * `MERGEFIELD TableStart:Name` / `TableEnd:Name` (and `BeginGroup:` / `EndGroup:`) open and close a loop.
 */
import { applyTextSwitch, formatDatePicture, formatNumberSwitch, formatNumericPicture, isNumberSwitch, parseIsoDateParts } from '../format';

/** A parsed MERGEFIELD. */
export interface MergeInstruction {
  /** The field name, without an `Image:` prefix. */
  readonly name: string;
  /** Region marker: `open` for TableStart/BeginGroup, `close` for TableEnd/EndGroup. */
  readonly section?: 'open' | 'close';
  /** `MERGEFIELD Image:Name`: the value is a picture. */
  readonly image: boolean;
  readonly before?: string;
  readonly after?: string;
  readonly formats: readonly string[];
  readonly datePicture?: string;
  readonly numericPicture?: string;
  /** The switches as written, for introspection. */
  readonly switches: string[];
}

/** Splits a field instruction into words; quoted strings are one word (`\"` and `\\` escaped inside). */
export function tokenizeInstruction(instr: string): string[] {
  const out: string[] = [];
  let i = 0;
  const n = instr.length;
  while (i < n) {
    const c = instr[i]!;
    if (c === ' ' || c === '\t' || c === '\u00a0' || c === '\r' || c === '\n') {
      i++;
    } else if (c === '"' || c === '\u201c' || c === '\u201d') {
      let s = '';
      i++;
      while (i < n && instr[i] !== '"' && instr[i] !== '\u201d' && instr[i] !== '\u201c') {
        if (instr[i] === '\\' && i + 1 < n && (instr[i + 1] === '"' || instr[i + 1] === '\\')) i++;
        s += instr[i++];
      }
      i++;
      out.push(`\u0000${s}`); // marks a quoted word
    } else {
      let s = '';
      while (i < n && !/[\s"\u201c\u201d]/.test(instr[i]!)) s += instr[i++];
      out.push(s);
    }
  }
  return out;
}

function word(w: string | undefined): string | undefined {
  return w === undefined ? undefined : w.startsWith('\u0000') ? w.slice(1) : w;
}

/** Parses a MERGEFIELD instruction; undefined for any other field. */
export function parseMergeInstruction(instr: string): MergeInstruction | undefined {
  const words = tokenizeInstruction(instr);
  if ((word(words[0]) ?? '').toUpperCase() !== 'MERGEFIELD') return undefined;
  let rawName = word(words[1]);
  if (rawName === undefined || rawName.startsWith('\\')) return undefined;
  rawName = rawName.trim();
  const formats: string[] = [];
  const switches: string[] = [];
  let before: string | undefined;
  let after: string | undefined;
  let datePicture: string | undefined;
  let numericPicture: string | undefined;
  for (let i = 2; i < words.length; i++) {
    const w = words[i]!;
    if (!w.startsWith('\\')) continue;
    const sw = w.toLowerCase();
    const arg = word(words[i + 1]);
    const takesArg = sw === '\\b' || sw === '\\f' || sw === '\\*' || sw === '\\@' || sw === '\\#';
    if (takesArg && arg !== undefined) i++;
    switches.push(takesArg && arg !== undefined ? `${w} ${/\s/.test(arg) ? `"${arg}"` : arg}` : w);
    if (sw === '\\b') before = arg;
    else if (sw === '\\f') after = arg;
    else if (sw === '\\*' && arg !== undefined) formats.push(arg);
    else if (sw === '\\@') datePicture = arg;
    else if (sw === '\\#') numericPicture = arg;
  }
  const region = /^(TableStart|TableEnd|BeginGroup|EndGroup|RangeStart|RangeEnd):(.+)$/i.exec(rawName);
  const image = /^Image:/i.test(rawName);
  const name = region ? region[2]!.trim() : image ? rawName.slice(6).trim() : rawName;
  const section = region ? (/start|begin/i.test(region[1]!) ? 'open' : 'close') : undefined;
  return {
    name,
    ...(section ? { section } : {}),
    image,
    ...(before !== undefined ? { before } : {}),
    ...(after !== undefined ? { after } : {}),
    formats,
    ...(datePicture !== undefined ? { datePicture } : {}),
    ...(numericPicture !== undefined ? { numericPicture } : {}),
    switches,
  };
}

/** Applies the `\@`, `\#`, `\*`, `\b` and `\f` switches to a merged value. */
export function formatMergeValue(value: string, instr: MergeInstruction): string {
  let s = value;
  if (instr.datePicture !== undefined) {
    const parts = parseIsoDateParts(s);
    if (parts) s = formatDatePicture(parts, instr.datePicture);
  }
  if (instr.numericPicture !== undefined) {
    const trimmed = s.trim();
    const n = trimmed === '' ? NaN : Number(trimmed);
    if (Number.isFinite(n)) s = formatNumericPicture(n, instr.numericPicture);
  }
  for (const f of instr.formats) {
    if (/^(MERGEFORMAT|CHARFORMAT)$/i.test(f)) continue;
    const n = s.trim() === '' ? NaN : Number(s.trim());
    if (isNumberSwitch(f)) {
      if (Number.isInteger(n) && n >= 0) s = formatNumberSwitch(n, f);
    } else s = applyTextSwitch(s, f);
  }
  if (s !== '') s = (instr.before ?? '') + s + (instr.after ?? '');
  return s;
}

/** True when the `\* CHARFORMAT` switch asks for the field code's formatting. */
export function usesCharFormat(instr: MergeInstruction): boolean {
  return instr.formats.some((f) => /^CHARFORMAT$/i.test(f));
}

/** True when the `\* MERGEFORMAT` switch asks to keep the previous result's formatting. */
export function usesMergeFormat(instr: MergeInstruction): boolean {
  return instr.formats.some((f) => /^MERGEFORMAT$/i.test(f));
}
