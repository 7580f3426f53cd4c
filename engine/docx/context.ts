/**
 * The parse context: everything a story reader needs (package, styles, numbering, settings, options)
 * and the document-wide collections it fills (media, charts, revision authors, diagnostics).
 */
import type { DiagnosticBag, EngineHost } from '../core';
import type { FontLookup } from './resolve-run';
import type { ChartModel, DocProperties, DocSettings, Inline, LinkTarget, MediaItem, Revision, RunProps } from '../model';
import type { XmlElement } from '../xml';
import type { PropsEnv } from './env';
import type { ListCounters } from './list-counters';
import type { Numbering } from './numbering';
import type { ListNumParagraph } from './listnum-field';
import type { AutoNumState } from './autonum-field';
import type { ParseCaches } from './intern';
import type { DocxPackage } from './package';
import type { StyleSheet } from './styles';

/** Which view of tracked changes to produce. */
export type TrackedChangesView = 'markup' | 'final' | 'original';

/** Document-wide state of one parseDocx call. */
export interface DocxContext {
  readonly pkg: DocxPackage;
  readonly bag: DiagnosticBag;
  readonly host: EngineHost;
  readonly view: TrackedChangesView;
  readonly fileName?: string;
  readonly env: PropsEnv;
  readonly styles: StyleSheet;
  readonly numbering: Numbering;
  readonly settings: DocSettings;
  readonly properties: DocProperties;
  readonly media: Record<string, MediaItem>;
  readonly charts: Record<string, ChartModel>;
  readonly authors: string[];
  readonly authorIndex: Map<string, number>;
  /** Nesting depth of stories (text boxes in tables in text boxes...), bounded. */
  depth: number;
  /** A font's declaration in the font table (w:family, w:altName), for RunProps.fontGeneric / fontAlt. */
  readonly declared: FontLookup;
  /** Interned property records (see intern.ts). */
  readonly caches: ParseCaches;
  /** VML shape types (v:shapetype) met so far, by id: later v:shape type="#id" take their path and formulas. */
  readonly vmlShapeTypes: Map<string, XmlElement>;
  /** Commands the document's EQ fields may still build (eq-field.ts MAX_EQ_NODES). */
  eqNodesLeft: number;
}

/** Where the reader is: the part being read and its own list counters and open fields. */
export interface StoryState {
  readonly part: string;
  readonly kind: 'body' | 'header' | 'footer' | 'footnote' | 'endnote' | 'comment' | 'textbox';
  readonly counters: ListCounters;
  /** Complex fields still open (they may span paragraphs, as a TOC does). */
  readonly fields: FieldFrame[];
  /** Paragraph counter, for diagnostics locations. */
  paragraphs: number;
  /** Bookmark marks met between blocks, waiting for the next paragraph. */
  pendingMarks: Inline[];
  /** The paragraph being read, as its LISTNUM and AUTONUM fields need it (its numbering and outline level, their last level). */
  listNum?: ListNumParagraph;
  /** AUTONUM, AUTONUMLGL and AUTONUMOUT counts of body text and the last heading's number, by field name (autonum-field.ts). */
  autoNum?: Map<string, AutoNumState>;
}

/** A complex field being assembled (fldChar begin … separate … end, §17.16.18). */
export interface FieldFrame {
  instruction: string;
  /** Where the instruction's runs change properties (offset into `instruction`): EQ text keeps each run's. */
  instructionProps?: { readonly at: number; readonly props: RunProps }[];
  state: 'instruction' | 'result';
  result: Inline[];
  readonly props: RunProps;
  readonly revision?: Revision;
  /** Part of the result was already flushed into an earlier paragraph (the field spans paragraphs). */
  flushed: boolean;
  /** Link target the result's runs take (HYPERLINK fields), set at `separate`. */
  link?: LinkTarget;
  /** The field began while its parent was still in its instruction (IF { MERGEFIELD } ...). */
  readonly inParentInstruction: boolean;
  /** w:fldLock: the cached result must not be recomputed. */
  readonly locked?: boolean;
  /** Instruction text past MAX_INSTRUCTION_CHARS was dropped (field-state.ts appendInstruction). */
  instructionCut?: boolean;
}

/** Largest nesting of stories (tables, text boxes, notes) followed; deeper content is flattened with a warning. */
export const MAX_STORY_DEPTH = 24;

/** Records an element the reader does not handle (counted per element name). */
export function unsupported(ctx: DocxContext, el: XmlElement | string, at: string): void {
  warnUnsupported(ctx.bag, typeof el === 'string' ? el : el.name, at);
}

/**
 * The name a run reader reports for a w14:reflection whose blur it cannot draw ([MS-DOCX] 2.6.1.x,
 * w14:blurRad): the reflection is drawn sharp.
 */
export const REFLECTION_BLUR = 'w14:reflection/@w14:blurRad';

/** Text effects Word prints that are drawn only in part, with what is left out. */
const PARTLY_DRAWN_TEXT_EFFECTS: ReadonlyMap<string, string> = new Map([
  [REFLECTION_BLUR, 'The blur of a text reflection (w14:reflection w14:blurRad) is not drawn; the reflection is drawn sharp.'],
]);

/** Warns of an element the reader does not handle: a text effect drawn only in part, or any other element. */
export function warnUnsupported(bag: DiagnosticBag, name: string, at: string): void {
  const partly = PARTLY_DRAWN_TEXT_EFFECTS.get(name);
  if (partly !== undefined) bag.warn('docx/unsupported-text-effect', partly, { at });
  else bag.warn('docx/unsupported-element', `<${name}> is not supported; its text (if any) is kept.`, { at });
}

/** A Revision for a tracked-change element (w:ins, w:del, w:moveFrom, w:moveTo, w:rPrChange...). */
export function revisionOf(ctx: DocxContext, type: Revision['type'], el: XmlElement): Revision {
  const author = el.attrs['w:author'] ?? '';
  let idx = ctx.authorIndex.get(author);
  if (idx === undefined) {
    idx = ctx.authors.length;
    ctx.authors.push(author);
    ctx.authorIndex.set(author, idx);
  }
  const date = el.attrs['w:date'];
  return date ? { type, author, authorIndex: idx, date } : { type, author, authorIndex: idx };
}
