/**
 * Fields computed from the layout and the document order (§17.16.5): PAGE, NUMPAGES, SECTIONPAGES,
 * PAGEREF, REF (and bare bookmark names), NOTEREF, SEQ and STYLEREF, with the `\*` format switches
 * and `\#` numeric pictures. Other fields show the result the reader gave them.
 */
import { applyTextSwitch, formatNumber, formatNumberSwitch, formatNumericPicture, isNumberSwitch } from '../format';
import type { FieldInline, Inline, NumberFormat } from '../model';
import type { BookmarkFacts, ParaFacts, StyleMatch, XrefIndex } from './xref-index';

/** Where a bookmark landed in the previous pass. */
export interface BookmarkPlace {
  readonly index: number;
  readonly label: string;
}

/** Facts a field may print. Undefined totals mean "not known yet": the cached result is used. */
export interface FieldFacts {
  readonly pageNumber?: number;
  /** Index of the page the field is drawn on (for PAGEREF \p). */
  readonly pageIndex?: number;
  readonly pageFormat: NumberFormat;
  readonly numPages?: number;
  readonly sectionPages?: number;
  bookmarkPage(name: string): BookmarkPlace | undefined;
  /** The document-order index; absent in stories it does not cover. */
  readonly xref?: XrefIndex;
  /** The printed mark of a note. */
  noteMark?(noteType: 'footnote' | 'endnote', id: string): string;
  /**
   * The paragraph a STYLEREF shows: in a header or footer the first (or, `last`, the last) paragraph
   * of the style on the page, else the nearest before it; in the body the nearest before the field.
   */
  styleParagraph?(match: StyleMatch, last: boolean, field: FieldInline): ParaFacts | undefined;
  /** Display names of paragraph styles by id (DocModel.styleNames). */
  readonly styleNames?: Readonly<Record<string, string>>;
}

/** Fields whose text depends on where things land on pages. */
export const PAGE_DEPENDENT_FIELDS: ReadonlySet<string> = new Set(['NUMPAGES', 'SECTIONPAGES', 'PAGEREF', 'STYLEREF']);

/** The text of a layout-dependent field, or undefined to show its cached result. */
export function evaluateField(f: FieldInline, facts: FieldFacts): string | undefined {
  const name = f.instruction.name;
  switch (name) {
    case 'PAGE':
      return facts.pageNumber === undefined ? undefined : formatted(facts.pageNumber, f, facts.pageFormat);
    case 'NUMPAGES':
      return facts.numPages === undefined ? undefined : formatted(facts.numPages, f, 'decimal');
    case 'SECTIONPAGES':
      return facts.sectionPages === undefined ? undefined : formatted(facts.sectionPages, f, 'decimal');
    case 'PAGEREF':
      return unlessCached(pageRef(f, facts), f);
    case 'REF':
      return unlessCached(ref(f, f.instruction.args[0], facts), f);
    case 'NOTEREF':
      return unlessCached(noteRef(f, facts), f);
    case 'SEQ': {
      const v = facts.xref?.seqValue(f);
      if (v === undefined) return undefined;
      return f.instruction.switches.some(([s]) => s === '\\h') ? '' : unlessCached(formatted(v, f, 'decimal'), f);
    }
    case 'STYLEREF':
      return unlessCached(styleRef(f, facts), f);
    default:
      // A field whose name is a bookmark is a REF to it (§17.16.5.55: "REF" may be omitted).
      if (f.instruction.args.length === 0 || f.instruction.args[0]!.startsWith('\\')) {
        const raw = f.rawInstruction.split(/\s+/)[0] ?? '';
        if (raw && facts.xref?.bookmark(raw)) return unlessCached(ref(f, raw, facts), f);
      }
      return undefined;
  }
}

/** Formats a page number in a section's page-number format (w:pgNumType/@w:fmt). */
export function formatPageNumber(n: number, format: NumberFormat): string {
  return formatNumber(n, format);
}

/** PAGEREF bookmark [\h] [\p] (§17.16.5.46). */
function pageRef(f: FieldInline, facts: FieldFacts): string | undefined {
  const target = f.instruction.args[0];
  const place = target ? facts.bookmarkPage(target) : undefined;
  if (!place) return undefined;
  if (has(f, '\\p') && facts.pageIndex !== undefined) {
    if (place.index !== facts.pageIndex) return `on page ${place.label}`;
    return relative(f, target!, facts) ?? `on page ${place.label}`;
  }
  const n = Number(place.label);
  const numeric = Number.isInteger(n) && String(n) === place.label;
  return numeric && f.instruction.switches.some(([s, a]) => s === '\\#' || (s === '\\*' && !!a && isNumberSwitch(a))) ? formatted(n, f, 'decimal') : applySwitches(place.label, f);
}

/** REF bookmark [\f] [\h] [\n | \r | \w] [\p] [\t] [\d sep] (§17.16.5.55). */
function ref(f: FieldInline, target: string | undefined, facts: FieldFacts): string | undefined {
  const bm = target && facts.xref?.bookmark(target);
  if (!bm) return undefined;
  const numbered = has(f, '\\n') || has(f, '\\r') || has(f, '\\w');
  let text: string | undefined = bm.text;
  if (numbered) {
    const para = facts.xref!.paragraphs[bm.paragraph];
    text = para ? paragraphNumber(para, f) : undefined;
    if (text === undefined) return undefined;
  }
  if (has(f, '\\p')) {
    // \p alone prints only "above"/"below"; after a paragraph number it follows it.
    const where = relative(f, bm.name, facts);
    if (where) text = numbered ? `${text} ${where}` : where;
  }
  return applySwitches(text, f);
}

/** NOTEREF bookmark [\f] [\h] [\p] (§17.16.5.45): the mark of the first note in the bookmark. */
function noteRef(f: FieldInline, facts: FieldFacts): string | undefined {
  const target = f.instruction.args[0];
  const bm = target ? facts.xref?.bookmark(target) : undefined;
  const note = bm?.notes[0];
  if (!note || !facts.noteMark) return undefined;
  let text = facts.noteMark(note.noteType, note.id);
  if (has(f, '\\p')) {
    const where = relative(f, bm!.name, facts);
    if (where) text = where;
  }
  return applySwitches(text, f);
}

/**
 * STYLEREF "style" [\l] [\n | \r | \w] [\p] [\t] (§17.16.5.66), and Word's undocumented `\s`,
 * which its captions use for a chapter number ("Table { STYLEREF 1 \s }.1"): the heading's number
 * without its trailing period, as `\n` gives it (Word's saved result in oxpt-HC061 is "1" for "1.").
 */
function styleRef(f: FieldInline, facts: FieldFacts): string | undefined {
  const wanted = f.instruction.args[0];
  if (!wanted || !facts.styleParagraph) return undefined;
  const match = styleMatcher(wanted, facts.styleNames ?? {});
  const para = facts.styleParagraph(match, has(f, '\\l'), f);
  if (!para) return undefined;
  const text = has(f, '\\n') || has(f, '\\r') || has(f, '\\w') || has(f, '\\s') ? paragraphNumber(para, f) : para.text;
  return text === undefined ? undefined : applySwitches(text, f);
}

/**
 * Matches a STYLEREF style argument: a style name or id (case-insensitive; Word's built-in
 * names are lower case, `heading 1`), or a digit 1–9 meaning `heading N`.
 */
export function styleMatcher(wanted: string, names: Readonly<Record<string, string>>): StyleMatch {
  const w = /^[1-9]$/.test(wanted) ? `heading ${wanted}` : wanted.toLowerCase();
  const squash = (s: string) => s.toLowerCase().replace(/\s+/g, '');
  const squashed = squash(w);
  // The names are the document's, so the wanted style alone keys the test.
  return {
    key: w,
    matches: (p) => {
      if (!p.styleId) return false;
      const name = names[p.styleId];
      return p.styleId.toLowerCase() === w || squash(p.styleId) === squashed || (name !== undefined && name.toLowerCase() === w);
    },
  };
}

/** A paragraph's number for `\n` (as printed, no trailing period), `\r` (same) or `\w` (full context). */
function paragraphNumber(p: ParaFacts, f: FieldInline): string | undefined {
  if (!p.label) return undefined;
  const trim = (s: string) => s.replace(/[.\s]+$/, '');
  let out = trim(p.label);
  if (has(f, '\\w')) {
    // Labels that already repeat the outer levels (`1.2.`) are full context on their own.
    const outer = p.context.map(trim).filter((c) => c && !out.startsWith(c));
    if (outer.length > 0) out = [...outer, out].join('.');
  }
  if (has(f, '\\t')) out = out.replace(/[^0-9A-Za-z.\-:]/g, '');
  const sep = switchArg(f, '\\d');
  if (sep !== undefined) out = out.replace(/[.]/g, sep);
  return out;
}

/** "above" or "below" for `\p`: where the bookmark is relative to the field, in document order. */
function relative(f: FieldInline, target: string, facts: FieldFacts): string | undefined {
  const bm: BookmarkFacts | undefined = facts.xref?.bookmark(target);
  const at = facts.xref?.position(f);
  if (!bm || !at) return undefined;
  return bm.order < at.order ? 'above' : 'below';
}

function has(f: FieldInline, sw: string): boolean {
  return f.instruction.switches.some(([s]) => s === sw);
}

function switchArg(f: FieldInline, sw: string): string | undefined {
  for (const [s, a] of f.instruction.switches) if (s === sw) return a;
  return undefined;
}

/** Keeps the cached result (and its run formatting) when the computed text is the same. */
function unlessCached(text: string | undefined, f: FieldInline): string | undefined {
  if (text === undefined) return undefined;
  return text === plainText(f.result) ? undefined : text;
}

function plainText(inlines: readonly Inline[]): string {
  let s = '';
  for (const i of inlines) {
    if (i.kind === 'text' && !i.props.hidden) s += i.text;
    else if (i.kind === 'tab') s += '\t';
    else if (i.kind === 'field') s += plainText(i.result);
  }
  return s;
}

function formatted(n: number, f: FieldInline, base: NumberFormat): string {
  let text: string | undefined;
  for (const [sw, arg] of f.instruction.switches) {
    if (sw === '\\*' && arg && isNumberSwitch(arg)) text = formatNumberSwitch(n, arg);
    else if (sw === '\\#' && arg) text = formatNumericPicture(n, arg);
  }
  return applySwitches(text ?? formatNumber(n, base), f);
}

function applySwitches(text: string, f: FieldInline): string {
  let out = text;
  for (const [sw, arg] of f.instruction.switches) if (sw === '\\*' && arg && !isNumberSwitch(arg)) out = applyTextSwitch(out, arg);
  return out;
}
