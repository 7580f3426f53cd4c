/**
 * Header and footer stories (§17.10): each part laid out at a page's width with what its fields print
 * there. A part without page fields is laid out once per section and width; one with page fields once
 * per value they print (the page's number only where it prints PAGE; PAGEREF and STYLEREF by what
 * they print on the page under the pass state, up to MAX_KEYED_XREFS of them, else per page and
 * state; the page totals only where the part prints NUMPAGES or SECTIONPAGES, so a PAGE footer laid
 * out by the pass is drawn as it is). A part of more than MAX_CHROME_CHARS characters is laid out
 * once, with a warning.
 */
import type { Block, FieldInline, Inline, SectionProps, ShapeInline } from '../model';
import { layoutStory, type Story } from './blocks';
import { chromeContext, type DocumentEnv, type StoryFacts } from './context';
import { evaluateField, type FieldFacts } from './fields';
import type { PageGeometry } from './float-position';
import type { PageInfo, PassState } from './pass-state';
import { searchParagraphs, type XrefIndex } from './xref-index';

/** What header and footer stories need from the pass that places them. */
export interface ChromeHost {
  readonly env: DocumentEnv;
  readonly xref: XrefIndex;
  section(s: number): SectionProps;
  /** What fields may print on a page, from a pass state. */
  facts(page: PageInfo, s: number, state: PassState, styleParagraph: FieldFacts['styleParagraph']): FieldFacts;
  noteMark(noteType: 'footnote' | 'endnote', id: string): string;
  /** The page whose header and footer floats are being placed. */
  chromePage(): PageGeometry | undefined;
  /** Told each field value a story printed, with how to compute it under another pass state. */
  printed(f: FieldInline, text: string | undefined, again: (state: PassState) => string | undefined): void;
}

/** The header and footer stories of one pass, cached. */
export class ChromeStories {
  private readonly cache = new Map<string, Story>();

  constructor(private readonly host: ChromeHost) {}

  /** Lays out a header or footer for a page (cached by what its fields would print). */
  story(part: string, page: PageInfo, widthPt: number, state: PassState): Story {
    const text = (f: FieldInline, st: PassState) => evaluateField(f, this.host.facts(page, page.section, st, pageStyleParagraph(this.host.xref, st, page.index)));
    const key = this.keyOf(part, page, widthPt, state, text);
    let story = this.cache.get(key);
    if (story) {
      this.replayPrinted(story, part, page, widthPt, state, text);
      return story;
    }
    const hf = this.host.env.doc.headerFooters[part];
    const visited: FieldInline[] = [];
    const facts: StoryFacts = {
      fieldText: (f) => {
        const printed = text(f, state);
        this.host.printed(f, printed, (st) => text(f, st));
        visited.push(f);
        return printed;
      },
      noteMark: (t, id) => this.host.noteMark(t, id ?? ''),
    };
    // A header or footer is laid out only as far as its page's height: no more of it shows, and the
    // body gives it at most half the page. A header of 300,000 one-letter lines was laid out again
    // at each pass and drawn whole on every page (10 s and 1.4 GB for five pages); one of 400,000
    // took seconds to reach layout/too-large.
    const section = this.host.section(page.section);
    let clipped = false;
    const ctx = { ...chromeContext(this.host.env, section, facts, this.host.chromePage), maxLines: Math.ceil(section.pageHeightPt), clipped: () => void (clipped = true) };
    // The last paragraph keeps its space after: it is part of a header's height, which pushes the
    // body down when it passes the top margin, and lifts a footer's text (as LibreOffice and Word do;
    // measured on 60 header/footer documents: 0.712 → 0.737).
    story = layoutStory(hf?.blocks ?? [], widthPt, ctx, true, false, section.pageHeightPt);
    if (clipped) this.warnClipped(part, section.pageHeightPt);
    this.cache.set(key, story);
    if (this.xrefFieldsOf(part)) {
      this.visitedFields.set(story, visited);
      this.laidFor.add(this.pageStateKey(part, page, widthPt, state));
    }
    return story;
  }

  /** Fields each cross-referencing story's layout asked for, in order, to tell the pass again for another page. */
  private readonly visitedFields = new WeakMap<Story, readonly FieldInline[]>();
  /** The pages and pass states a cross-referencing part was asked for (what was keyed per page before). */
  private readonly laidFor = new Set<string>();

  private pageStateKey(part: string, page: PageInfo, widthPt: number, state: PassState): string {
    return `${part}|${page.index}|${page.label}|${widthPt.toFixed(2)}|${this.stateTag(state)}`;
  }

  /**
   * A cross-referencing story reused on another page, or under another state, tells the pass what
   * its fields print there, as laying it out again would have: the pass's fixed point still sees every
   * page's values (PrintedFields).
   */
  private replayPrinted(story: Story, part: string, page: PageInfo, widthPt: number, state: PassState, text: (f: FieldInline, st: PassState) => string | undefined): void {
    const visited = this.visitedFields.get(story);
    if (!visited) return;
    const at = this.pageStateKey(part, page, widthPt, state);
    if (this.laidFor.has(at)) return;
    this.laidFor.add(at);
    for (const f of visited) this.host.printed(f, text(f, state), (st) => text(f, st));
  }

  private readonly clippedParts = new Set<string>();

  /** Says once per part that a header or footer was cut at its page's height. */
  private warnClipped(part: string, pageHeightPt: number): void {
    if (this.clippedParts.has(part)) return;
    this.clippedParts.add(part);
    this.host.env.bag.warn('layout/header-clipped', `The header or footer ${part} is taller than its page (${Math.round(pageHeightPt)} pt); it is laid out and drawn only as far as the page's height.`, {
      hint: 'Move the long text into the body.',
    });
  }

  private readonly dynamicParts = new Map<string, boolean>();
  private readonly largeParts = new Map<string, boolean>();

  /**
   * Whether a header or footer holds more text than any real one (MAX_CHROME_CHARS): it is then laid
   * out once per section and width, not once per page for its page fields, which bounds the work a
   * hostile document can ask for (a 130,000-character footer took about a second per page).
   */
  private partTooLarge(part: string): boolean {
    let large = this.largeParts.get(part);
    if (large === undefined) {
      large = textLength(this.host.env.doc.headerFooters[part]?.blocks ?? [], MAX_CHROME_CHARS) > MAX_CHROME_CHARS;
      this.largeParts.set(part, large);
      if (large) {
        this.host.env.bag.warn('layout/header-too-large', `The header or footer ${part} holds more than ${MAX_CHROME_CHARS} characters; it is laid out once, and its page fields show the same value on every page.`, {
          hint: 'Move the long text into the body.',
        });
      }
    }
    return large;
  }

  private readonly stateTags = new Map<PassState, number>();

  /**
   * The cache key of a part's story on a page: what its fields print there. A part without page fields
   * looks the same on every page (one story per width and section); one with them, per page label, and
   * per pass state only through the fields that read it. A part whose only page field is PAGE is laid
   * out once per page, not again when the page is drawn under the final state (the pass laid it out
   * under the state it started from).
   */
  private keyOf(part: string, page: PageInfo, widthPt: number, state: PassState, text: (f: FieldInline, st: PassState) => string | undefined): string {
    const width = widthPt.toFixed(2);
    if (!this.partHasFields(part, PAGE_FIELDS) || this.partTooLarge(part)) return `${part}|${page.section}|${width}`;
    const numPages = this.partHasFields(part, NUMPAGES_FIELD) ? (state.numPages ?? '') : '';
    const sectionPages = this.partHasFields(part, SECTIONPAGES_FIELD) ? (state.sectionPages?.[page.section] ?? '') : '';
    // Only PAGE prints the page's number (a part with NUMPAGES or PAGEREF alone looks the same on pages that share their values).
    const label = this.partHasFields(part, PAGE_FIELD) ? page.label : '';
    return `${part}|${label}|${page.section}|${numPages}|${sectionPages}|${width}${this.xrefKey(part, page, state, text)}`;
  }

  private readonly xrefFieldLists = new Map<string, readonly FieldInline[] | null>();

  /** A part's cross-reference fields (PAGEREF, STYLEREF, nested ones too), or null when it has none or more than MAX_KEYED_XREFS. */
  private xrefFieldsOf(part: string): readonly FieldInline[] | null {
    let list = this.xrefFieldLists.get(part);
    if (list === undefined) {
      const found: FieldInline[] = [];
      if (this.partHasFields(part, XREF_FIELDS) && !this.partTooLarge(part)) {
        someInline(this.host.env.doc.headerFooters[part]?.blocks ?? [], (i) => i.kind === 'field' && XREF_FIELDS.names.has(i.instruction.name) && found.push(i) > MAX_KEYED_XREFS);
      }
      list = found.length > 0 && found.length <= MAX_KEYED_XREFS ? found : null;
      this.xrefFieldLists.set(part, list);
    }
    return list;
  }

  /**
   * Cross-references (STYLEREF, PAGEREF) may print differently on each page and under each state:
   * a part holding them is keyed by what they print there, so the pages where they print the same
   * share one story. Keyed by page and state instead, a header with a PAGEREF was laid out twice for
   * each of 5,000 pages (the pass's state, then the final one) and every story held until drawn:
   * 730 MB (fuzz seed 1, docx-22). A part with more than MAX_KEYED_XREFS of them is still keyed so.
   */
  private xrefKey(part: string, page: PageInfo, state: PassState, text: (f: FieldInline, st: PassState) => string | undefined): string {
    if (!this.partHasFields(part, XREF_FIELDS)) return '';
    const fields = this.xrefFieldsOf(part);
    if (!fields) return `|${page.index}|${this.stateTag(state)}`;
    return `|${JSON.stringify(fields.map((f) => text(f, state) ?? null))}`;
  }

  /** Whether a header/footer part holds a field of the set (looking into cells, field results and text boxes). */
  private partHasFields(part: string, fields: FieldSet): boolean {
    const key = `${part}|${fields.tag}`;
    let known = this.dynamicParts.get(key);
    if (known === undefined) {
      known = blocksHaveFields(this.host.env.doc.headerFooters[part]?.blocks ?? [], fields.names);
      this.dynamicParts.set(key, known);
    }
    return known;
  }

  private stateTag(state: PassState): number {
    let tag = this.stateTags.get(state);
    if (tag === undefined) this.stateTags.set(state, (tag = this.stateTags.size));
    return tag;
  }
}

/** Field names a part is searched for, with a tag for the cache of answers. */
interface FieldSet {
  readonly tag: string;
  readonly names: ReadonlySet<string>;
}

/** Fields whose result depends on the page a story is drawn on. */
const PAGE_FIELDS: FieldSet = { tag: 'p', names: new Set(['PAGE', 'NUMPAGES', 'SECTIONPAGES', 'PAGEREF', 'STYLEREF', 'SECTION']) };
/** Fields whose result depends on what else is on the page. */
const XREF_FIELDS: FieldSet = { tag: 'x', names: new Set(['PAGEREF', 'STYLEREF']) };
/** The field that prints the page's own number. */
const PAGE_FIELD: FieldSet = { tag: 'P', names: new Set(['PAGE']) };
/** Fields that print a pass's page totals. */
const NUMPAGES_FIELD: FieldSet = { tag: 'n', names: new Set(['NUMPAGES']) };
const SECTIONPAGES_FIELD: FieldSet = { tag: 's', names: new Set(['SECTIONPAGES']) };

/**
 * STYLEREF in a header or footer (§17.16.5.66): the first paragraph of the style on the page (the
 * last with `\l`), else the nearest one before the page, else the first after it.
 */
function pageStyleParagraph(xref: XrefIndex, state: PassState, pageIndex: number): FieldFacts['styleParagraph'] {
  const range = state.pageParagraphs?.[pageIndex];
  if (!range) return undefined;
  return (match, last) => searchParagraphs(xref, match, range[0], range[1], last);
}

/** Cross-reference fields a part may hold and still be keyed by what they print (each evaluated for every page it is asked for). */
const MAX_KEYED_XREFS = 32;

/** Characters a header or footer may hold and still be laid out again for each page's fields. */
const MAX_CHROME_CHARS = 20_000;

/**
 * Whether `test` holds for an inline of the blocks, looking into table cells, field results and text
 * boxes (grouped ones too); stops at the first that does.
 */
function someInline(blocks: readonly Block[], test: (i: Inline) => boolean): boolean {
  const inShape = (s: ShapeInline): boolean => (!!s.text && someInline(s.text.blocks, test)) || (s.children ?? []).some((c) => c.item.kind === 'shape' && inShape(c.item));
  const inInlines = (list: readonly Inline[]): boolean => list.some((i) => test(i) || (i.kind === 'field' && inInlines(i.result)) || (i.kind === 'shape' && inShape(i)));
  return blocks.some((b) => (b.kind === 'paragraph' ? inInlines(b.inlines) : b.rows.some((r) => r.cells.some((c) => someInline(c.blocks, test)))));
}

/** The length of the text in blocks (tables, fields, text boxes and equations included), counted up to past `limit`. */
function textLength(blocks: readonly Block[], limit: number): number {
  let n = 0;
  someInline(blocks, (i) => {
    if (i.kind === 'text') n += i.text.length;
    else if (i.kind === 'math') n += i.linearText.length;
    return n > limit;
  });
  return n;
}

function blocksHaveFields(blocks: readonly Block[], names: ReadonlySet<string>): boolean {
  return someInline(blocks, (i) => i.kind === 'field' && names.has(i.instruction.name));
}
