/**
 * One layout pass over the document: sections and blocks into pages, page numbers, headers and
 * footers, footnotes at page bottoms and endnotes at the end. Fields whose value depends on the
 * finished layout (NUMPAGES, SECTIONPAGES, PAGEREF) read the previous pass's state; the caller runs
 * another pass when the body used such a value and it changed.
 */
import { abort, checkCancelled, type EngineHost, type InputLimits } from '../core';
import type { Block, FieldInline, Inline, SectionProps, ShapeInline } from '../model';
import { BlockUnitBuilder, layoutStory, type Story } from './blocks';
import { blockContext, type BodyWrap, type DocumentEnv, type StoryFacts } from './context';
import { evaluateField, formatPageNumber } from './fields';
import { Paginator, type PageFrame, type PageState } from './flow/paginate';
import { spaceUnit, type NoteCall } from './flow/units';
import { buildFrame, chooseRef, textArea, type PageStory } from './frame';
import { pageGeometry } from './objects';
import type { NoteNumbers } from './notes';

/** What one pass learns for the next. */
export interface PassState {
  readonly numPages?: number;
  readonly sectionPages?: readonly number[];
  /** Bookmark name → page label. */
  readonly bookmarkPages?: Readonly<Record<string, string>>;
}

/** Per-page facts recorded during a pass. */
export interface PageInfo {
  readonly number: number;
  readonly label: string;
  readonly section: number;
  readonly firstOfSection: boolean;
  header?: PageStory;
  footer?: PageStory;
  readonly area: { left: number; right: number };
}

/** The result of a pass. */
export interface PassResult {
  readonly pages: PageState[];
  readonly info: PageInfo[];
  /** The body used a value that depends on the finished layout. */
  readonly bodyUsesTotals: boolean;
  readonly notes: NoteNumbers;
  /** Height of the footnote separator area. */
  readonly separatorPt: number;
  /** A note's story at a width (cached). */
  noteStory(call: NoteCall, widthPt: number): Story | undefined;
  /** A header or footer laid out for a page with the given totals (cached). */
  headerFooter(part: string, page: PageInfo, widthPt: number, state: PassState): Story;
}

/** Runs one pass. */
export function runPass(env: DocumentEnv, state: PassState, notes: NoteNumbers, host: EngineHost, limits: InputLimits): PassResult {
  return new Pass(env, state, notes, host, limits).run();
}

class Pass {
  readonly info: PageInfo[] = [];
  private bodyUsesTotals = false;
  private readonly paginator: Paginator;
  private readonly hfCache = new Map<string, Story>();
  private readonly noteCache = new Map<string, Story>();
  private separatorHeight: number | undefined;

  constructor(
    private readonly env: DocumentEnv,
    private readonly state: PassState,
    private readonly notes: NoteNumbers,
    private readonly host: EngineHost,
    private readonly limits: InputLimits,
  ) {
    const pass = this;
    this.paginator = new Paginator({
      openFrame: (section, pageIndex) => this.openFrame(section, pageIndex),
      noteHeight: (call, frame) => this.noteStory(call, frame.columns[0]!.width)?.heightPt,
      get noteSeparatorPt() {
        return pass.noteSeparatorPt();
      },
    });
  }

  run(): PassResult {
    const doc = this.env.doc;
    doc.sections.forEach((section, s) => {
      this.paginator.startSection(s, s === 0 ? 'nextPage' : section.props.type);
      const page = this.paginator.page;
      const width = page.frame.columns[0]!.width;
      const builder = new BlockUnitBuilder(width, blockContext(this.env, section.props, this.bodyFacts(s), true, this.bodyWrap()));
      const blocks = section.blocks;
      for (let i = 0; i < blocks.length; i++) {
        checkCancelled(this.host);
        const block = blocks[i]!;
        if (block.kind === 'paragraph' && block.props.pageBreakBefore) this.paginator.breakPageIfNotEmpty();
        for (const unit of builder.units(block, blocks[i + 1])) this.paginator.push(unit);
        if (this.paginator.pages.length > this.limits.maxPages) {
          abort('layout/too-many-pages', `The document lays out to more than ${this.limits.maxPages} pages.`, { hint: 'Raise maxPages if this is expected.' });
        }
      }
    });
    this.pushEndnotes();
    const pages = this.paginator.finish();
    return {
      pages,
      info: this.info,
      bodyUsesTotals: this.bodyUsesTotals,
      notes: this.notes,
      separatorPt: this.noteSeparatorPt(),
      noteStory: (call, w) => this.noteStory(call, w),
      headerFooter: (part, page, w, state) => this.headerFooter(part, page, w, state),
    };
  }

  /** The body's view of the page being filled, for wrapping text around floats. */
  private bodyWrap(): BodyWrap {
    const geometry = (page: PageState) => pageGeometry(page.frame, this.info[page.index]!.area);
    return {
      at: (gapPt) => {
        const next = this.paginator.nextTop(gapPt);
        if (!next) return undefined;
        return { top: next.top, columnX: next.columnX, room: next.room, page: geometry(next.page), exclusions: next.page.exclusions };
      },
      page: () => geometry(this.paginator.page),
    };
  }

  private section(s: number): SectionProps {
    return this.env.doc.sections[Math.min(s, this.env.doc.sections.length - 1)]!.props;
  }

  private bodyFacts(s: number): StoryFacts {
    return {
      fieldText: (f) => this.field(f, this.info[this.paginator.page.index] ?? this.info[this.info.length - 1], s, true),
      noteMark: (t, id) => this.notes.mark(t, id ?? ''),
    };
  }

  private field(f: FieldInline, page: PageInfo | undefined, s: number, body: boolean): string | undefined {
    const name = f.instruction.name;
    if (body && (name === 'NUMPAGES' || name === 'SECTIONPAGES' || name === 'PAGEREF')) this.bodyUsesTotals = true;
    return evaluateField(f, {
      pageNumber: page?.number,
      pageFormat: this.section(s).pageNumbers.format,
      numPages: this.state.numPages,
      sectionPages: this.state.sectionPages?.[s],
      bookmarkPage: (name) => this.state.bookmarkPages?.[name],
    });
  }

  private openFrame(sectionIndex: number, pageIndex: number): PageFrame {
    const s = this.section(sectionIndex);
    const doc = this.env.doc;
    const existing = this.info[pageIndex];
    if (existing) {
      // A continuous section break: same page, header and footer; the new section's columns.
      const area = textArea(s, existing.number % 2 === 0, doc.settings.mirrorMargins, doc.settings.gutterAtTop);
      return buildFrame(s, area, existing.header?.story.heightPt ?? 0, existing.footer?.story.heightPt ?? 0, doc.settings.gutterAtTop);
    }
    const prev = this.info[pageIndex - 1];
    const firstOfSection = !prev || prev.section !== sectionIndex;
    const number = firstOfSection && s.pageNumbers.start !== undefined ? s.pageNumbers.start : (prev?.number ?? 0) + 1;
    const even = number % 2 === 0;
    const area = textArea(s, even, doc.settings.mirrorMargins, doc.settings.gutterAtTop);
    const info: PageInfo = { number, label: formatPageNumber(number, s.pageNumbers.format), section: sectionIndex, firstOfSection, area };
    this.info[pageIndex] = info;
    const evenOdd = doc.settings.evenAndOddHeaders;
    const headerPart = chooseRef(s.headers, firstOfSection, s.titlePage, even, evenOdd);
    const footerPart = chooseRef(s.footers, firstOfSection, s.titlePage, even, evenOdd);
    if (headerPart) info.header = { part: headerPart, story: this.headerFooter(headerPart, info, area.right - area.left, this.state) };
    if (footerPart) info.footer = { part: footerPart, story: this.headerFooter(footerPart, info, area.right - area.left, this.state) };
    this.host.onProgress?.({ stage: 'layout', done: pageIndex + 1 });
    return buildFrame(s, area, info.header?.story.heightPt ?? 0, info.footer?.story.heightPt ?? 0, doc.settings.gutterAtTop);
  }

  /** Lays out a header or footer for a page (cached by what its fields would print). */
  headerFooter(part: string, page: PageInfo, widthPt: number, state: PassState): Story {
    // Parts without page fields look the same on every page: lay them out once per width and section.
    const dynamic = this.partHasPageFields(part);
    const key = dynamic
      ? `${part}|${page.label}|${page.section}|${state.numPages ?? ''}|${state.sectionPages?.[page.section] ?? ''}|${widthPt.toFixed(2)}`
      : `${part}|${page.section}|${widthPt.toFixed(2)}`;
    let story = this.hfCache.get(key);
    if (!story) {
      const hf = this.env.doc.headerFooters[part];
      const facts: StoryFacts = {
        fieldText: (f) =>
          evaluateField(f, {
            pageNumber: page.number,
            pageFormat: this.section(page.section).pageNumbers.format,
            numPages: state.numPages,
            sectionPages: state.sectionPages?.[page.section],
            bookmarkPage: (name) => state.bookmarkPages?.[name],
          }),
        noteMark: (t, id) => this.notes.mark(t, id ?? ''),
      };
      story = layoutStory(hf?.blocks ?? [], widthPt, blockContext(this.env, this.section(page.section), facts), false);
      this.hfCache.set(key, story);
    }
    return story;
  }

  private readonly dynamicParts = new Map<string, boolean>();

  /** Whether a header/footer part holds a field whose text depends on the page (PAGE, NUMPAGES...). */
  private partHasPageFields(part: string): boolean {
    let known = this.dynamicParts.get(part);
    if (known === undefined) {
      known = blocksHaveFields(this.env.doc.headerFooters[part]?.blocks ?? [], PAGE_FIELDS);
      this.dynamicParts.set(part, known);
    }
    return known;
  }

  /** The laid-out story of a note at a width. */
  noteStory(call: NoteCall, widthPt: number): Story | undefined {
    const key = `${call.noteType}|${call.id}|${widthPt.toFixed(2)}`;
    let story = this.noteCache.get(key);
    if (story) return story;
    const note = (call.noteType === 'footnote' ? this.env.doc.footnotes : this.env.doc.endnotes)[call.id];
    if (!note || note.type !== 'normal') return undefined;
    const facts: StoryFacts = {
      fieldText: () => undefined,
      noteMark: (t, id) => this.notes.mark(t, id ?? call.id),
    };
    story = layoutStory(note.blocks, widthPt, blockContext(this.env, this.section(0), facts), false);
    this.noteCache.set(key, story);
    return story;
  }

  /** Height of the area holding the footnote separator line. */
  noteSeparatorPt(): number {
    if (this.separatorHeight === undefined) {
      const sep = Object.values(this.env.doc.footnotes).find((n) => n.type === 'separator');
      const story = sep ? layoutStory(sep.blocks, 144, blockContext(this.env, this.section(0), { fieldText: () => undefined, noteMark: () => '' }), false) : undefined;
      this.separatorHeight = story && story.heightPt > 0 ? story.heightPt : 12;
    }
    return this.separatorHeight;
  }

  private pushEndnotes(): void {
    const ids = this.notes.endnoteOrder;
    if (ids.length === 0) return;
    const s = this.env.doc.sections.length - 1;
    const page = this.paginator.page;
    const width = page.frame.columns[0]!.width;
    this.paginator.push(spaceUnit(this.noteSeparatorPt()));
    this.paginator.push({
      kind: 'block',
      heightPt: 0,
      breakAfter: true,
      emit: (sink, x, y) => sink.items.push({ kind: 'line', x1: x, y1: y - this.noteSeparatorPt() / 2, x2: x + 144, y2: y - this.noteSeparatorPt() / 2, width: 0.5, color: '000000' }),
    });
    for (const id of ids) {
      const note = this.env.doc.endnotes[id];
      if (!note || note.type !== 'normal') continue;
      const facts: StoryFacts = { fieldText: () => undefined, noteMark: (t, nid) => this.notes.mark(t, nid ?? id) };
      const builder = new BlockUnitBuilder(width, blockContext(this.env, this.section(s), facts));
      note.blocks.forEach((b, i) => {
        for (const unit of builder.units(b, note.blocks[i + 1])) this.paginator.push(unit);
      });
    }
  }
}

/** Fields whose result depends on the page a story is drawn on. */
const PAGE_FIELDS = new Set(['PAGE', 'NUMPAGES', 'SECTIONPAGES', 'PAGEREF', 'STYLEREF', 'SECTION']);

function blocksHaveFields(blocks: readonly Block[], names: ReadonlySet<string>): boolean {
  const inShape = (s: ShapeInline): boolean => (!!s.text && blocksHaveFields(s.text.blocks, names)) || (s.children ?? []).some((c) => c.item.kind === 'shape' && inShape(c.item));
  const inInlines = (inlines: readonly Inline[]): boolean =>
    inlines.some((i) => (i.kind === 'field' && (names.has(i.instruction.name) || inInlines(i.result))) || (i.kind === 'shape' && inShape(i)));
  return blocks.some((b) => (b.kind === 'paragraph' ? inInlines(b.inlines) : b.rows.some((r) => r.cells.some((c) => blocksHaveFields(c.blocks, names)))));
}
