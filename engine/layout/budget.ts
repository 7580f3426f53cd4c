/**
 * The layout's size budget (InputLimits.maxLayoutUnits). The pages of a pass, their headers, footers
 * and notes are held until they are drawn, and what they hold grows with the lines and characters
 * laid out, not with the pages: a page limit alone let a hostile file (margins past the page, a
 * character a line, a 100-line footer laid out again for every page's number) take 196 KB a page
 * and 4 GB before its 20,000th page. Every line laid out in a pass spends LINE_UNITS, each of its
 * characters one unit and each tab, break or object SPECIAL_UNITS; past the limit the layout stops with `layout/too-large`. A pass starts afresh,
 * since the pages of the pass before are let go.
 *
 * Measured on a heap snapshot: about 70-85 bytes held per unit, both for the hostile file above
 * (short lines) and for unstructured-handbook-872p (437 dense pages, about 1.1 million units).
 */
import { abort } from '../core';

/** What a line costs beyond its characters, in units (its box, fragments and drawing closure). */
export const LINE_UNITS = 16;
/**
 * What a tab, break, object or equation piece costs in place of its one character: a header of
 * 3,000 small shapes with a page number, laid out again for each page, held about 900 KB a page
 * (300 bytes a shape) after the passes.
 */
export const SPECIAL_UNITS = 4;

export class LayoutBudget {
  private used = 0;

  constructor(private readonly limit: number) {}

  /** A new pass: the previous pass's pages are no longer held. */
  startPass(): void {
    this.used = 0;
  }

  /**
   * Records a paragraph's lines laid out, with its characters and how many of them are specials
   * (tabs, breaks, objects, equation pieces); stops the layout past the limit.
   */
  spendLines(lines: number, chars: number, specials = 0): void {
    this.used += lines * LINE_UNITS + chars + specials * (SPECIAL_UNITS - 1);
    if (this.used > this.limit) {
      abort('layout/too-large', `The document's layout would hold more than ${this.limit} layout units (each line ${LINE_UNITS}, each character 1, each tab, break or object ${SPECIAL_UNITS}; about ${Math.round((this.limit * 80) / 2 ** 20)} MB of pages).`, {
        hint: 'Raise limits.maxLayoutUnits if this is expected; margins or columns narrower than a word also make a document lay out to very many lines.',
      });
    }
  }

  /** Units spent in the current pass. */
  get spent(): number {
    return this.used;
  }
}
