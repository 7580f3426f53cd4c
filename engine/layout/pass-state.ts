/**
 * What a layout pass hands on: the state one pass learns for the next (page counts, bookmark pages,
 * early floats), the per-page facts it records, its result, and the layout-dependent field values
 * it printed (PrintedFields), which tell passes.ts whether another pass would print the same.
 *
 * Types and the printed-field record only: running a pass is pass.ts's.
 */
import type { FieldInline } from '../model';
import type { Story } from './blocks';
import { PAGE_DEPENDENT_FIELDS, type BookmarkPlace } from './fields';
import type { PageState } from './flow/paginate';
import type { NoteCall } from './flow/units';
import type { PageStory } from './frame';
import type { EarlyFloats, PushedBlocks } from './flow/early-floats';
import type { NoteNumbers } from './notes';

/** What one pass learns for the next. */
export interface PassState {
  readonly numPages?: number;
  readonly sectionPages?: readonly number[];
  /** Lower-case bookmark name → the page its paragraph starts on. */
  readonly bookmarkPages?: Readonly<Record<string, BookmarkPlace>>;
  /** Per page index: the [first, end) range of body paragraphs (XrefIndex.paragraphs) starting on it. */
  readonly pageParagraphs?: ReadonlyArray<readonly [number, number]>;
  /** Per page index: wrapping floats placed above their own paragraph, which all the page's lines wrap around. */
  readonly earlyFloats?: EarlyFloats;
  /** Body blocks the floats above their paragraphs pushed to a later page (early-floats.ts pushedBlocks). */
  readonly pushedBlocks?: PushedBlocks;
}

/** Per-page facts recorded during a pass. */
export interface PageInfo {
  readonly index: number;
  readonly number: number;
  readonly label: string;
  readonly section: number;
  readonly firstOfSection: boolean;
  /**
   * A continuous section that restarts page numbering (w:pgNumType/@w:start) and begins on this
   * page: the page takes the restarted number, and the next page counts on from it.
   */
  readonly restartedBy?: number;
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
  /** Per top-level body block (serial across sections): the index of the first page it is on. */
  readonly blockPages: readonly number[];
  /** Per page index: the wrapping floats placed above their own paragraphs (early-floats.ts). */
  readonly earlyFloats?: EarlyFloats;
  readonly notes: NoteNumbers;
  /** Height of the footnote separator area. */
  readonly separatorPt: number;
  /** A note's story at a width (cached). */
  noteStory(call: NoteCall, widthPt: number): Story | undefined;
  /** A header or footer laid out for a page with the given totals (cached). */
  headerFooter(part: string, page: PageInfo, widthPt: number, state: PassState): Story;
  /** Whether every layout-dependent field this pass printed (body, headers, footers) prints the same under `state`. */
  printsSameUnder(state: PassState): boolean;
  /** Table rows that cannot split placed taller than their page's body (Paginator.clippedRows). */
  readonly clippedRows: number;
  /** Other units placed past their column's foot (Paginator.overflowUnits). */
  readonly overflowUnits: number;
}

/** Layout-dependent field values a pass keeps to compare again before it is kept; beyond it, the next pass runs. */
const MAX_PRINTED_FIELDS = 100_000;

/**
 * The layout-dependent field values (PAGE_DEPENDENT_FIELDS) a pass printed, each with how to compute
 * it under another pass state. A pass depends on its state only through these values, so when all of
 * them print the same under the state the pass leads to, the next pass would repeat it.
 */
export class PrintedFields {
  private readonly entries: Array<{ readonly text: string | undefined; readonly again: (state: PassState) => string | undefined }> = [];
  private overflow = false;

  note(f: FieldInline, text: string | undefined, again: (state: PassState) => string | undefined): void {
    if (!PAGE_DEPENDENT_FIELDS.has(f.instruction.name) || this.overflow) return;
    if (this.entries.length >= MAX_PRINTED_FIELDS) {
      this.overflow = true;
      this.entries.length = 0;
      return;
    }
    this.entries.push({ text, again });
  }

  sameUnder(state: PassState): boolean {
    return !this.overflow && this.entries.every((e) => e.again(state) === e.text);
  }
}
