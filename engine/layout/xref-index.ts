/**
 * The cross-reference index: one walk over the body in document order that records what REF,
 * NOTEREF, SEQ and STYLEREF fields (§17.16.5.55, .45, .60, .66) read — each bookmark's text,
 * paragraph number and notes, each SEQ field's value, and each paragraph's style, text and number.
 * Pages are not known here: the pass maps top-level blocks to pages (see block-pages.ts).
 */
import type { Block, FieldInline, FieldInstruction, Inline, Paragraph } from '../model';

/** A paragraph of the body in document order. */
export interface ParaFacts {
  readonly styleId?: string;
  /** Text without the list label, hidden and deleted text. */
  readonly text: string;
  /** The list label as printed (e.g. `2.1.`), when the paragraph is numbered. */
  readonly label?: string;
  /** Labels of the enclosing list levels, outermost first (for `\w` full context). */
  readonly context: readonly string[];
  /** Serial of the top-level body block holding it. */
  readonly block: number;
}

/** What a bookmark (w:bookmarkStart … w:bookmarkEnd) covers. */
export interface BookmarkFacts {
  readonly name: string;
  readonly text: string;
  /** Index of the paragraph holding its start. */
  readonly paragraph: number;
  /** Document-order position of its start, comparable with field positions. */
  readonly order: number;
  /** Note references inside it, in order. */
  readonly notes: ReadonlyArray<{ readonly noteType: 'footnote' | 'endnote'; readonly id: string }>;
}

/** The index built by indexCrossReferences. */
export interface XrefIndex {
  readonly paragraphs: readonly ParaFacts[];
  /** Bookmark facts by lower-case name (bookmark names are case-insensitive, §17.13.6.2). */
  bookmark(name: string): BookmarkFacts | undefined;
  /** Every bookmark, keyed by lower-case name. */
  bookmarks(): Iterable<readonly [string, BookmarkFacts]>;
  /** Value of a SEQ field after its switches (\n, \c, \r, \s), or undefined when not in the body. */
  seqValue(field: FieldInline): number | undefined;
  /** Document-order position of a body field, and the paragraph holding it. */
  position(field: FieldInline): { readonly order: number; readonly paragraph: number } | undefined;
  /** Indexes (ascending) of the paragraphs a STYLEREF style matches (kept per match key, see styleHits). */
  styleHits(match: StyleMatch): readonly number[];
}

/** A STYLEREF style test (fields.ts styleMatcher) and a key naming it, the same for the same test. */
export interface StyleMatch {
  readonly key: string;
  readonly matches: (p: ParaFacts) => boolean;
}

/**
 * Most STYLEREF styles whose paragraphs a document keeps indexed; past them a style's paragraphs are
 * found again at each search (a hostile document could name a style in many spellings).
 */
export const MAX_STYLE_KEYS = 256;

const MAX_TEXT = 4096;

/** Walks the body once and indexes bookmarks, SEQ values and paragraphs. */
export function indexCrossReferences(sections: ReadonlyArray<{ readonly blocks: readonly Block[] }>): XrefIndex {
  const w = new Walker();
  let serial = 0;
  for (const s of sections) for (const b of s.blocks) w.block(b, serial++);
  w.finish();
  return {
    paragraphs: w.paragraphs,
    bookmark: (name) => w.bookmarks.get(name.toLowerCase()),
    bookmarks: () => w.bookmarks.entries(),
    seqValue: (f) => w.seq.get(f),
    position: (f) => w.positions.get(f),
    styleHits: styleHitsOf(w.paragraphs),
  };
}

/**
 * The paragraphs each STYLEREF style matches, found once per style: a header's STYLEREF is evaluated
 * for every page, and its search read every paragraph before the page when the style was missing or
 * rare (fuzz seed 75: 3,000 empty pages of a header STYLEREF over 50,000 paragraphs took 17 s).
 */
function styleHitsOf(paragraphs: readonly ParaFacts[]): (match: StyleMatch) => readonly number[] {
  const byKey = new Map<string, readonly number[]>();
  return (match) => {
    const known = byKey.get(match.key);
    if (known) return known;
    const hits: number[] = [];
    for (let i = 0; i < paragraphs.length; i++) if (match.matches(paragraphs[i]!)) hits.push(i);
    if (byKey.size < MAX_STYLE_KEYS) byKey.set(match.key, hits);
    return hits;
  };
}

interface OpenBookmark {
  name: string;
  text: string;
  paragraph: number;
  order: number;
  notes: Array<{ noteType: 'footnote' | 'endnote'; id: string }>;
}

class Walker {
  readonly paragraphs: ParaFacts[] = [];
  readonly bookmarks = new Map<string, BookmarkFacts>();
  readonly seq = new Map<FieldInline, number>();
  readonly positions = new Map<FieldInline, { order: number; paragraph: number }>();
  private readonly open = new Map<string, OpenBookmark>();
  private readonly counters = new Map<string, { value: number; stamp: number }>();
  /** Serial of the last heading seen at each outline level, for SEQ \s. */
  private readonly headingStamp: number[] = [];
  private headings = 0;
  private order = 0;
  /** Last label seen at each list level of each list, for full-context numbers. */
  private readonly listLabels = new Map<string, string[]>();

  block(b: Block, serial: number): void {
    if (b.kind === 'table') {
      for (const r of b.rows) for (const c of r.cells) for (const inner of c.blocks) this.block(inner, serial);
      return;
    }
    this.paragraph(b, serial);
  }

  private paragraph(p: Paragraph, serial: number): void {
    const level = p.props.outlineLevel;
    if (level !== undefined && level >= 0 && level < 9) this.headingStamp[level] = ++this.headings;
    const index = this.paragraphs.length;
    this.inlines(p.inlines, index, 0);
    // A bookmark that spans paragraphs reads them joined by a space.
    if (this.open.size > 0) for (const o of this.open.values()) if (o.text.length > 0 && o.text.length < MAX_TEXT) o.text += ' ';
    const list = p.props.list;
    let context: readonly string[] = NO_CONTEXT;
    if (list) {
      const labels = this.listLabels.get(list.numId) ?? [];
      labels.length = Math.min(labels.length, list.level);
      context = labels.slice(0, list.level).filter((l) => l !== undefined);
      labels[list.level] = list.text;
      this.listLabels.set(list.numId, labels);
    }
    this.paragraphs.push(new IndexedParagraph(p, serial, context, this.seq));
  }

  private inlines(list: readonly Inline[], paragraph: number, depth: number): void {
    for (const i of list) {
      this.order++;
      switch (i.kind) {
        case 'text':
        case 'tab':
          if (this.open.size > 0) this.append(textOf(i));
          break;
        case 'bookmark':
          this.bookmark(i.edge, i.id, i.name, paragraph);
          break;
        case 'noteRef':
          for (const o of this.open.values()) o.notes.push({ noteType: i.noteType, id: i.id });
          break;
        case 'field':
          this.field(i, paragraph, depth);
          break;
        default:
          break;
      }
    }
  }

  private field(f: FieldInline, paragraph: number, depth: number): void {
    this.positions.set(f, { order: this.order, paragraph });
    if (f.instruction.name === 'SEQ') {
      const value = this.seqStep(f.instruction);
      if (value !== undefined) {
        this.seq.set(f, value);
        if (this.open.size > 0) this.append(seqText(f, value));
        return;
      }
    }
    if (depth < 16) this.inlines(f.result, paragraph, depth + 1);
  }

  /** SEQ identifier [\c | \n | \r N | \s L | \h] (§17.16.5.60). */
  private seqStep(instr: FieldInstruction): number | undefined {
    const id = instr.args[0]?.toLowerCase();
    if (!id) return undefined;
    const c = this.counters.get(id) ?? { value: 0, stamp: 0 };
    let reset: number | undefined;
    let repeat = false;
    for (const [sw, arg] of instr.switches) {
      // `\r 10`: the reader takes a bare number after \r as an argument of the field, not the switch.
      if (sw === '\\r') reset = parseSeqNumber(arg) ?? parseSeqNumber(instr.args[1]);
      else if (sw === '\\c') repeat = true;
      else if (sw === '\\s') {
        const lvl = parseSeqNumber(arg);
        if (lvl !== undefined && lvl >= 1 && lvl <= 9) {
          let stamp = 0;
          for (let l = 0; l < lvl; l++) stamp = Math.max(stamp, this.headingStamp[l] ?? 0);
          if (stamp !== c.stamp) {
            c.value = 0;
            c.stamp = stamp;
          }
        }
      }
    }
    if (reset !== undefined) c.value = reset;
    else if (!repeat) c.value++;
    this.counters.set(id, c);
    return c.value;
  }

  private bookmark(edge: 'start' | 'end', id: string, name: string | undefined, paragraph: number): void {
    if (edge === 'start') {
      if (name && !this.bookmarks.has(name.toLowerCase())) this.open.set(id, { name, text: '', paragraph, order: this.order, notes: [] });
      return;
    }
    const o = this.open.get(id);
    if (!o) return;
    this.open.delete(id);
    this.bookmarks.set(o.name.toLowerCase(), { name: o.name, text: o.text.trim(), paragraph: o.paragraph, order: o.order, notes: o.notes });
  }

  /** Bookmarks never closed end with the document. */
  finish(): void {
    for (const id of [...this.open.keys()]) this.bookmark('end', id, undefined, 0);
  }

  /** Adds text to the bookmarks open here (a paragraph's own text is read when asked for: IndexedParagraph). */
  private append(s: string): void {
    for (const o of this.open.values()) if (o.text.length < MAX_TEXT) o.text += s;
  }
}

const NO_CONTEXT: readonly string[] = [];

/**
 * A paragraph's facts, its text read from its inlines only when a field asks for it (STYLEREF):
 * most documents never do, and joining every paragraph's text was a tenth of a long document's layout
 * passes (most of what the index cost).
 */
class IndexedParagraph implements ParaFacts {
  readonly styleId?: string;
  readonly label?: string;
  private joined: string | undefined;

  constructor(
    private readonly p: Paragraph,
    readonly block: number,
    readonly context: readonly string[],
    private readonly seq: ReadonlyMap<FieldInline, number>,
  ) {
    if (p.props.styleId) this.styleId = p.props.styleId;
    const label = p.props.list?.text.trim();
    if (label) this.label = label;
  }

  get text(): string {
    if (this.joined === undefined) {
      const out = { s: '' };
      joinText(this.p.inlines, this.seq, out, 0);
      this.joined = out.s.trim();
    }
    return this.joined;
  }
}

/**
 * Appends what `list` prints to `out.s` (as the index walk meets it: field results, SEQ values)
 * until it holds MAX_TEXT characters.
 */
function joinText(list: readonly Inline[], seq: ReadonlyMap<FieldInline, number>, out: { s: string }, depth: number): void {
  for (const i of list) {
    if (out.s.length >= MAX_TEXT) return;
    if (i.kind === 'text' || i.kind === 'tab') out.s += textOf(i);
    else if (i.kind === 'field') {
      const value = seq.get(i);
      if (value !== undefined) out.s += seqText(i, value);
      else if (depth < 16) joinText(i.result, seq, out, depth + 1);
    }
  }
}

/** What a text run or tab adds to the text around it: nothing for hidden or deleted text. */
function textOf(i: Extract<Inline, { kind: 'text' | 'tab' }>): string {
  if (i.kind === 'tab') return '\t';
  return i.props.hidden || i.revision?.type === 'delete' || i.revision?.type === 'moveFrom' ? '' : i.text;
}

/** What a SEQ field prints in the text around it: its value, unless `\\h` hides it. */
function seqText(f: FieldInline, value: number): string {
  return f.instruction.switches.some(([s]) => s === '\\h') ? '' : String(value);
}

function parseSeqNumber(arg: string | undefined): number | undefined {
  if (arg === undefined || !/^-?\d{1,9}$/.test(arg)) return undefined;
  return Number(arg);
}

/**
 * The first paragraph in [start, end) that matches (the last with `last`), else the nearest one
 * before `start`, else the first from `end` on: found by binary search in the style's paragraphs.
 */
export function searchParagraphs(xref: XrefIndex, match: StyleMatch, start: number, end: number, last: boolean): ParaFacts | undefined {
  const hits = xref.styleHits(match);
  // The first hit at or after `start`, and the first at or after `end`.
  const from = firstAtOrAfter(hits, start);
  const to = firstAtOrAfter(hits, end);
  let k: number | undefined;
  if (to > from) k = last ? to - 1 : from;
  else if (from > 0) k = from - 1;
  else if (to < hits.length) k = to;
  return k === undefined ? undefined : xref.paragraphs[hits[k]!];
}

/** The index of the first value of ascending `values` at or above `x` (`values.length` if none). */
function firstAtOrAfter(values: readonly number[], x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
