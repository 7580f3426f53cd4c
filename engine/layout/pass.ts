/**
 * One layout pass over the document: sections and blocks into pages, page numbers, headers and
 * footers (their stories: chrome-stories.ts), footnotes at page bottoms and endnotes at the end (of
 * each section with w:pos sectEnd).
 * Fields whose value depends on the finished layout (NUMPAGES, SECTIONPAGES, PAGEREF, STYLEREF)
 * read the previous pass's state (PassState); passes.ts runs passes until it is stable, helped by
 * what a pass printed (PrintedFields: whether every such value prints the same under a new state).
 *
 * This file runs the pass (the Pass class: sections, blocks, notes; the pages it opens, with their
 * numbers, headers and footers, are PassPages's in pass-pages.ts, which it extends); what it hands
 * on is typed in pass-state.ts, the page each block starts on is found in block-pages.ts, and the
 * paragraphs that only close a section are told apart in section-marks.ts.
 */
import { checkCancelled, type EngineHost, type InputLimits } from '../core';
import type { FieldInline } from '../model';
import { BlockUnitBuilder, layoutStory, type Story } from './blocks';
import { blockKey, blockPagesOf } from './block-pages';
import { blockContext, type BodyWrap, type DocumentEnv, type StoryFacts } from './context';
import { evaluateField, PAGE_DEPENDENT_FIELDS, type FieldFacts } from './fields';
import { Paginator, type PageState } from './flow/paginate';
import type { NoteCall } from './flow/units';
import { ChromeStories } from './chrome-stories';
import { indexCrossReferences, searchParagraphs, type XrefIndex } from './xref-index';
import { pageGeometry } from './float-position';
import { earlyFloatsOf, type EarlyFloats } from './flow/early-floats';
import { noteCallsIn, type NoteNumbers } from './notes';
import { PassPages } from './pass-pages';
import { PrintedFields, type PageInfo, type PassResult, type PassState } from './pass-state';
import { asSectionMark, isBareSectionMark, isSpacer, withoutSpaceBefore } from './section-marks';

/** Runs one pass. */
export function runPass(env: DocumentEnv, state: PassState, notes: NoteNumbers, host: EngineHost, limits: InputLimits, xref?: XrefIndex): PassResult {
  env.budget.startPass();
  return new Pass(env, state, notes, host, limits, xref ?? indexCrossReferences(env.doc.sections)).run();
}

class Pass extends PassPages {
  private bodyUsesTotals = false;
  private readonly paginator: Paginator;
  protected readonly chrome: ChromeStories;
  private readonly noteCache = new Map<string, Story>();
  private separatorHeight: number | undefined;
  private readonly printed = new PrintedFields();

  constructor(env: DocumentEnv, state: PassState, notes: NoteNumbers, host: EngineHost, limits: InputLimits, xref: XrefIndex) {
    super(env, state, notes, host, limits, xref);
    const pass = this;
    this.chrome = new ChromeStories({
      env,
      xref,
      section: (s) => this.section(s),
      facts: (page, s, state, styleParagraph) => this.facts(page, s, state, styleParagraph),
      noteMark: (t, id) => this.notes.mark(t, id),
      chromePage: () => this.chromePage,
      printed: (f, text, again) => this.printed.note(f, text, again),
    });
    this.paginator = new Paginator({
      openFrame: (section, pageIndex) => this.openFrame(section, pageIndex),
      pageNumber: (pageIndex) => this.info[pageIndex]?.number ?? pageIndex + 1,
      alternatesPages: env.doc.settings.evenAndOddHeaders,
      discardPage: (pageIndex) => {
        this.info.length = Math.min(this.info.length, pageIndex);
        for (const [section, page] of this.sectionBegan) if (page >= pageIndex) this.sectionBegan.delete(section);
      },
      noteHeight: (call, widthPt) => this.noteStory(call, widthPt)?.heightPt,
      noteCuts: (call, widthPt) => storyCuts(this.noteStory(call, widthPt)),
      notesPerColumn: env.doc.settings.compatibilityMode < 15,
      get noteSeparatorPt() {
        return pass.noteSeparatorPt();
      },
    });
  }

  run(): PassResult {
    const doc = this.env.doc;
    const unitBlock = new WeakMap<object, number>();
    const printed = new Set<string>();
    let serial = 0;
    let previous: BlockUnitBuilder | undefined;
    doc.sections.forEach((section, s) => {
      previous = this.openSection(s, previous);
      serial = this.pushSectionBlocks(s, previous, unitBlock, serial);
      // w:endnotePr/w:pos sectEnd (§17.11.22): a section's endnotes close it, before its section break.
      if ((section.props.endnotes ?? doc.settings.endnotes).position === 'sectEnd') {
        const here = new Set(noteCallsIn(section.blocks).flatMap((c) => (c.noteType === 'endnote' ? [c.id] : [])));
        this.pushEndnotes(this.notes.endnoteOrder.filter((id) => here.has(id)), printed, s);
      }
    });
    // docEnd (the default): the rest follow the last paragraph, on its page when they fit (Word starts
    // no new page for them).
    this.pushEndnotes(this.notes.endnoteOrder, printed, doc.sections.length - 1);
    const pages = this.paginator.finish();
    const earlyFloats = earlyFloatsOf(pages, (unit) => unitBlock.get(blockKey(unit)));
    return this.result(pages, blockPagesOf(pages, unitBlock, serial), earlyFloats);
  }

  /**
   * The pass's result. Its functions are made here, not in `run`, whose scope holds the map of
   * every unit to its block: they would keep every unit alive after the pages are drawn.
   */
  private result(pages: PageState[], blockPages: readonly number[], earlyFloats: EarlyFloats | undefined): PassResult {
    return {
      pages,
      info: this.info,
      bodyUsesTotals: this.bodyUsesTotals,
      blockPages,
      ...(earlyFloats ? { earlyFloats } : {}),
      notes: this.notes,
      separatorPt: this.noteSeparatorPt(),
      noteStory: (call, w) => this.noteStory(call, w),
      headerFooter: (part, page, w, state) => this.chrome.story(part, page, w, state),
      printsSameUnder: (state) => this.printed.sameUnder(state),
      clippedRows: this.paginator.clippedRows,
      overflowUnits: this.paginator.overflowUnits,
    };
  }

  /** Starts section `s` on the paginator and makes its unit builder, going on from the previous section's. */
  private openSection(s: number, previous: BlockUnitBuilder | undefined): BlockUnitBuilder {
    const sections = this.env.doc.sections;
    const section = sections[s]!;
    // A section turned another way than the one before it cannot share its page.
    const turned = s > 0 && section.props.textDirection !== sections[s - 1]!.props.textDirection;
    const sharesPage = section.props.type === 'continuous' || section.props.type === 'nextColumn';
    const type = s === 0 || (turned && sharesPage) ? 'nextPage' : section.props.type;
    this.paginator.startSection(s, type);
    const page = this.paginator.page;
    const width = page.frame.columns[0]!.width;
    const builder = new BlockUnitBuilder(width, blockContext(this.env, section.props, this.bodyFacts(s), true, this.bodyWrap()));
    if (previous && type === 'continuous') builder.continueFrom(previous);
    else if (previous && type !== 'nextColumn') builder.afterPageBreak(previous);
    return builder;
  }

  /**
   * Pushes the units of section `s`'s blocks to the paginator, noting each unit's block (serial
   * across sections, from `first`); returns the serial after the section's last block.
   */
  private pushSectionBlocks(s: number, builder: BlockUnitBuilder, unitBlock: WeakMap<object, number>, first: number): number {
    const sections = this.env.doc.sections;
    const blocks = sections[s]!.blocks;
    const nextType = sections[s + 1]?.props.type;
    const closesBeforePage = nextType !== undefined && nextType !== 'continuous' && nextType !== 'nextColumn';
    let serial = first;
    for (let i = 0; i < blocks.length; i++) {
      checkCancelled(this.host);
      const block = blocks[i]!;
      // The empty paragraph holding this section's w:sectPr, when it paints nothing.
      const bareMark = i === blocks.length - 1 && isBareSectionMark(block) && block.kind === 'paragraph' ? block : undefined;
      const continuousMark = nextType === 'continuous' && i > 0 ? bareMark : undefined;
      if (continuousMark && isSpacer(continuousMark)) {
        // Word gives the bare mark of a continuous section break no line and no spacing of its own
        // (its render of Docx4j_GettingStarted: the paragraphs either side of it sit one auto
        // spacing apart); the next section's first paragraph goes on from the one before it. A
        // section that holds nothing but its mark keeps it (no Word evidence; LibreOffice keeps it).
        serial++;
        continue;
      }
      const pushedTo = this.state.pushedBlocks?.[serial];
      if ((block.kind === 'paragraph' && block.props.pageBreakBefore) || (pushedTo !== undefined && this.paginator.page.index < pushedTo)) {
        this.paginator.breakPageIfNotEmpty();
        builder.breakBefore();
      }
      const mark = closesBeforePage && bareMark !== undefined;
      // A bare mark with a space before of its own keeps its line before a continuous break, but
      // not the space (a peer's measurements of Word: yukiyokotani/office-open-xml-viewer #597).
      const laidBlock = continuousMark ? withoutSpaceBefore(continuousMark) : block;
      const laid = builder.units(laidBlock, blocks[i + 1]);
      const units = mark ? laid.map(asSectionMark) : laid;
      for (const u of units) unitBlock.set(blockKey(u), serial);
      this.paginator.pushAll(units);
      serial++;
    }
    return serial;
  }

  /** The body's view of the page being filled, for wrapping text around floats. */
  private bodyWrap(): BodyWrap {
    const geometry = (page: PageState) => pageGeometry(page.frame, this.info[page.index]!.area, this.info[page.index]!.number);
    return {
      at: (gapPt) => {
        const next = this.paginator.nextTop(gapPt);
        if (!next) return undefined;
        return { top: next.top, columnX: next.columnX, columnWidth: next.columnWidth, room: next.room, page: geometry(next.page), exclusions: next.page.exclusions, columnEmpty: next.columnEmpty };
      },
      next: () => {
        const next = this.paginator.nextColumnTop();
        if (!next) return undefined;
        // A new page: its header's floats taken to be this page's, with the floats the pass before
        // placed above their paragraphs there.
        const early = next.newPage ? this.state.earlyFloats?.[next.page.index + 1] : undefined;
        const exclusions = early ? [...next.exclusions, ...early] : next.exclusions;
        // Known for certain there: the next column's floats on this page, or the next page's early
        // floats; not the header's (a guess, and the next page's header may be another).
        const known = next.newPage ? (early ?? []) : next.exclusions;
        return { top: next.top, columnX: next.columnX, columnWidth: next.columnWidth, room: next.room, page: geometry(next.page), exclusions, known, ...(next.newPage ? { newPage: true } : {}) };
      },
      page: () => geometry(this.paginator.page),
    };
  }

  private bodyFacts(s: number): StoryFacts {
    return {
      fieldText: (f) => this.field(f, this.info[this.paginator.page.index] ?? this.info[this.info.length - 1], s, true),
      noteMark: (t, id) => this.notes.mark(t, id ?? ''),
    };
  }

  private field(f: FieldInline, page: PageInfo | undefined, s: number, body: boolean): string | undefined {
    if (body && PAGE_DEPENDENT_FIELDS.has(f.instruction.name)) this.bodyUsesTotals = true;
    const text = (state: PassState) => evaluateField(f, this.facts(page, s, state, body ? bodyStyleParagraph(this.xref) : undefined));
    const printed = text(this.state);
    this.printed.note(f, printed, text);
    return printed;
  }

  /** What fields may print on a page, from a pass state. */
  private facts(page: PageInfo | undefined, s: number, state: PassState, styleParagraph: FieldFacts['styleParagraph']): FieldFacts {
    return {
      pageNumber: page?.number,
      pageIndex: page?.index,
      pageFormat: this.section(s).pageNumbers.format,
      numPages: state.numPages,
      sectionPages: state.sectionPages?.[s],
      bookmarkPage: (name) => state.bookmarkPages?.[name.toLowerCase()],
      xref: this.xref,
      noteMark: (t, id) => this.notes.mark(t, id),
      styleNames: this.env.doc.styleNames,
      ...(styleParagraph ? { styleParagraph } : {}),
    };
  }

  /**
   * The laid-out story of a note at a width, its last paragraph's space after included: Word lays the
   * footnote area out as one story of paragraphs (the separator's, then each note's), so a note
   * text style's w:spacing/@w:after (§17.3.1.33) opens the gap below every note, the page's last
   * included (the usual way to space notes apart is the Footnote Text style's space after).
   * poi-stress011 (3 pt after each note, 4 pt after its separator): with the gaps, each of Word's page
   * starts from its 20th on opens one of ours, where without them we ran up to 8 lines ahead.
   */
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
    story = layoutStory(note.blocks, widthPt, blockContext(this.env, this.section(0), facts));
    this.noteCache.set(key, story);
    return story;
  }

  /** Height of the area holding the footnote separator line: the separator's story, its space after included (see noteStory). */
  noteSeparatorPt(): number {
    if (this.separatorHeight === undefined) {
      const sep = Object.values(this.env.doc.footnotes).find((n) => n.type === 'separator');
      const story = sep ? layoutStory(sep.blocks, 144, blockContext(this.env, this.section(0), { fieldText: () => undefined, noteMark: () => '' })) : undefined;
      this.separatorHeight = story && story.heightPt > 0 ? story.heightPt : 12;
    }
    return this.separatorHeight;
  }

  /** Lays out the endnotes among `all` not printed yet, in that order, under a separator line, as section `s` ends. */
  private pushEndnotes(all: readonly string[], printed: Set<string>, s: number): void {
    const ids = all.filter((id) => !printed.has(id));
    if (ids.length === 0) return;
    for (const id of ids) printed.add(id);
    const page = this.paginator.page;
    const width = page.frame.columns[0]!.width;
    // The separator (w:endnote w:type="separator") is a line in its own paragraph that stays with the
    // first endnote: where the body ends at the foot of a page, both start the next one.
    const sepPt = this.noteSeparatorPt();
    this.paginator.push({
      kind: 'block',
      heightPt: sepPt,
      breakAfter: false,
      emit: (sink, x, y) => sink.items.push({ kind: 'line', x1: x, y1: y + sepPt / 2, x2: x + 144, y2: y + sepPt / 2, width: 0.5, color: '000000' }),
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

/** STYLEREF in the body: the nearest paragraph of the style at or before the field's, else the first after it. */
function bodyStyleParagraph(xref: XrefIndex): FieldFacts['styleParagraph'] {
  return (match, _last, field) => {
    const at = xref.position(field)?.paragraph;
    if (at === undefined) return undefined;
    return searchParagraphs(xref, match, at, at + 1, false);
  };
}

/** Where a note's story may be split across pages: after each unit that allows a break, short of its end. */
export function storyCuts(story: Story | undefined): number[] {
  const cuts: number[] = [];
  if (!story) return cuts;
  for (const { y, unit } of story.units) {
    const end = y + unit.heightPt;
    if (unit.breakAfter && !unit.discardable && end < story.heightPt - 0.01) cuts.push(end);
  }
  return cuts;
}
