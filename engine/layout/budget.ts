/**
 * The layout's size budgets (InputLimits.maxLayoutUnits, maxDrawnUnits and maxEffectUnits), which bound the memory
 * and time a hostile file can ask for where the page limit does not.
 *
 * Layout units. The pages of a pass, their headers, footers and notes are held until they are drawn,
 * and what they hold grows with the lines and characters laid out, not with the pages: a page limit
 * alone let a hostile file (margins past the page, a character a line, a 100-line footer laid out
 * again for every page's number) take 196 KB a page and 4 GB before its 20,000th page. Every line
 * laid out in a pass spends LINE_UNITS, each of its characters one unit, each tab, break or object
 * SPECIAL_UNITS and each shaped piece PIECE_UNITS; past the limit the layout stops with
 * `layout/too-large`. A pass starts afresh, since the pages of the pass before are let go. Measured
 * on heap snapshots: about 70-85 bytes held per unit, both for the hostile file above (short lines)
 * and for unstructured-handbook-872p (437 dense pages, about 1.2 million units before pieces were
 * counted, 1.76 million since). Pieces: counted by lines and characters alone, a cell of runs in 20
 * faces (1.7 pieces a line of 3 characters, fuzz seed 69) held 200 bytes a unit and 1.1 GB within the
 * limit; with its 390,000 pieces counted it stops at the limit under 600 MB of heap.
 *
 * Drawn units. What the pages draw is not bounded by what was laid out: a header laid out once is
 * drawn on every page, and a picture placed a thousand times plays its metafile a thousand times (50
 * placements of a 100,000-point picture made an 18 MB PDF and 730 MB of memory). Each glyph drawn,
 * path command and other item counts one unit, over the whole document; a page's objects are counted
 * as they are drawn, so that one page of many pictures stops before it is whole.
 *
 * Effect units. Glowing and reflected text draws each glyph's outline again for every ring of its
 * glow and band of its reflection (up to 14 times, some 30 curves a glyph): within the drawn budget
 * such text took 17 s to write 5.7 million units (fuzz seed 66). The glows and reflections of text
 * have a bound of their own (limits.maxEffectUnits, counted as drawn units are); past it they are left out,
 * the text itself still drawn, with a counted `layout/effects-budget` warning.
 */
import { abort, DEFAULT_LIMITS, type DiagnosticBag } from '../core';
import type { LayoutItem, PathCommand } from '../model';
import { needsFullShaping } from '../text';
import { firstOutsidePrintableAscii } from './printable-ascii';

/** What a line costs beyond its characters, in units (its box, fragments and drawing closure). */
export const LINE_UNITS = 16;
/**
 * What a tab, break, object or equation piece costs in place of its one character: a header of
 * 3,000 small shapes with a page number, laid out again for each page, held about 900 KB a page
 * (300 bytes a shape) after the passes.
 */
export const SPECIAL_UNITS = 4;
/**
 * What each shaped piece of a paragraph (a word, or the part of one in one face: pieces.ts) costs
 * beyond its characters: its glyphs, advances and the fragment a line places it in.
 */
export const PIECE_UNITS = 4;
/**
 * What each character off the fast shaping path costs beyond its one unit (text needsFullShaping:
 * scripts other than Latin, Greek, Cyrillic and Han/kana, marks, astral characters): such text is
 * split by face character by character and shaped by fontkit's full OpenType path, and it holds more
 * than the budget assumes. Uncharged, fuzz seed 69 docx-82 (runs of far-off scripts in 20 faces)
 * spent 10.2-10.6 s of CPU and peaked at 790-810 MB RSS before its 6 million units: about 14 µs of
 * shaping and fallback per such character (306,000 in the pass) against 1.7 µs a unit for the rest,
 * and 110 bytes a unit held where the budget assumes 80. Both measures put a character at about 8
 * units; charged so, the case stops at 7.0-7.4 s and 600-640 MB (80 bytes a unit). But that case
 * splits its text by face character by character, pieces already charged PIECE_UNITS each, where a
 * real book in Arabic or Devanagari shapes whole words in one face: at 8 a pass held about 650,000
 * such characters, some 300 dense pages, and a longer real book failed by default. At 4 it holds
 * about 1.2 million (600 dense pages) and the fuzz case still stops at 7.9-8.3 s and 655 MB, under
 * the 768 MB bound. The dev corpus's most (poi-stress011, 51,846 such characters) stays far below.
 */
export const FULL_SHAPING_UNITS = 4;

/**
 * Most pixels the soft masks of a document's blurred shadows, glows and soft edges may have (each
 * at most layout/soft-mask MAX_MASK_PIXELS), a mask's pixels counted once for each scan of its
 * silhouette (layout/soft-mask maskScans: a filled and stroked shape is scanned twice): a mask is
 * rasterised and blurred in time linear in those, and held deflated until its page is written.
 * Past it the effects are drawn with vector items instead.
 */
export const MASK_PIXELS = 16_000_000;

/**
 * How many characters of a paragraph's text take the full shaping path (FULL_SHAPING_UNITS), its
 * specials (tabs, breaks, objects: never shaped) left out. Read from the text itself, not from what
 * the shaping caches already hold, so a document's units do not depend on what was converted before.
 */
export function fullShapedChars(text: string, specials: ReadonlyMap<number, unknown>): number {
  // Most paragraphs are printable ASCII only, all on the fast path: one native scan settles them.
  const first = firstOutsidePrintableAscii(text);
  if (first < 0) return 0;
  let n = 0;
  for (let i = first; i < text.length; i++) if (needsFullShaping(text, i) && !specials.has(i)) n++;
  return n;
}


export class LayoutBudget {
  private used = 0;
  private maskPixels = 0;
  private masksOut = 0;
  private drawn = 0;
  private effects = 0;
  private effectsOut = false;
  /** Units of the objects drawn so far on the page being drawn (counted again with the whole page). */
  private pageObjects = 0;

  constructor(
    private readonly limit: number,
    private readonly drawLimit = Infinity,
    private readonly effectLimit = DEFAULT_LIMITS.maxEffectUnits,
  ) {}

  /** A new pass: the previous pass's pages are no longer held. */
  startPass(): void {
    this.used = 0;
  }

  /**
   * Records a paragraph's lines laid out, with its characters, how many of them are specials (tabs,
   * breaks, objects, equation pieces), its shaped pieces and how many characters took the full
   * shaping path; stops the layout past the limit.
   */
  spendLines(lines: number, chars: number, specials = 0, pieces = 0, fullShaped = 0): void {
    this.used += lines * LINE_UNITS + chars + specials * (SPECIAL_UNITS - 1) + pieces * PIECE_UNITS + fullShaped * FULL_SHAPING_UNITS;
    if (this.used > this.limit) {
      abort('layout/too-large', `The document's layout would hold more than ${this.limit} layout units (each line ${LINE_UNITS}, each character 1, each tab, break or object ${SPECIAL_UNITS}, each shaped piece ${PIECE_UNITS} more, each character of full shaping ${FULL_SHAPING_UNITS} more; about ${Math.round((this.limit * 80) / 2 ** 20)} MB of pages).`, {
        hint: 'Raise limits.maxLayoutUnits if this is expected; margins or columns narrower than a word also make a document lay out to very many lines.',
      });
    }
  }

  /**
   * Records the units of an object laid out with a paragraph that it holds beyond its one character:
   * a typeset equation's glyphs and parts (math/index.ts mathUnits), counted as it is itemized, so a
   * paragraph of many large equations stops before they are all typeset. Stops past the limit.
   */
  spendObjects(units: number): void {
    this.spendLines(0, units);
  }

  /**
   * How many lines a paragraph of `chars` characters (`specials` of them tabs, breaks or objects,
   * `fullShaped` of them off the fast shaping path) in `pieces` shaped pieces may still break into
   * before the limit (BreakLines' LineGeometry.maxLines).
   */
  linesLeft(chars: number, specials = 0, pieces = 0, fullShaped = 0): number {
    return Math.max(0, Math.floor((this.limit - this.used - chars - specials * (SPECIAL_UNITS - 1) - pieces * PIECE_UNITS - fullShaped * FULL_SHAPING_UNITS) / LINE_UNITS));
  }

  /** Records the items an object just drew on the current page: those of `items` from `from` on. */
  objectDrawn(items: readonly LayoutItem[], from: number): void {
    this.pageObjects += drawnUnits(items, from);
    this.checkDrawn(this.drawn + this.pageObjects);
  }

  /** Records a whole page's items once it is drawn (its objects included). */
  pageDrawn(items: readonly LayoutItem[]): void {
    this.pageObjects = 0;
    this.drawn += drawnUnits(items);
    this.checkDrawn(this.drawn);
  }

  /**
   * Whether a text's glows and reflections, `items`, may be drawn: records their drawn units, or,
   * past the effect budget, refuses them and every later text effect of the document.
   */
  effectsDrawn(items: readonly LayoutItem[]): boolean {
    if (this.effectsOut) return false;
    const units = drawnUnits(items);
    if (this.effects + units > this.effectLimit) {
      this.effectsOut = true;
      return false;
    }
    this.effects += units;
    return true;
  }

  /**
   * Whether a soft mask of `pixels` may be drawn: records them, or refuses past MASK_PIXELS (and
   * counts the refusal, for reportMasks).
   */
  masksDrawn(pixels: number): boolean {
    if (!(pixels > 0)) return false;
    if (this.maskPixels + pixels > MASK_PIXELS) {
      this.masksOut++;
      return false;
    }
    this.maskPixels += pixels;
    return true;
  }

  /**
   * Warns once, when the pages are drawn, of the soft masks refused past MASK_PIXELS, with their
   * count: a document of a thousand blurred shapes had a warning folded from 2,846 (one a refusal).
   */
  reportMasks(bag: DiagnosticBag): void {
    if (this.masksOut === 0) return;
    bag.warn('layout/effects-budget', `${this.masksOut} blurred shadows, glows and soft edges are drawn with stepped vector edges: their soft masks would rasterise more than the document's ${MASK_PIXELS} mask pixels.`);
  }

  /** How many soft masks were refused past MASK_PIXELS so far. */
  get refusedMasks(): number {
    return this.masksOut;
  }

  /** Pixels of the soft masks drawn so far. */
  get spentMaskPixels(): number {
    return this.maskPixels;
  }

  /** Whether text effects are left out from now on (the effect budget is spent). */
  get effectsSpent(): boolean {
    return this.effectsOut;
  }

  /** The most drawn units text effects may add. */
  get effectLimitUnits(): number {
    return this.effectLimit;
  }

  /** Drawn units of the text effects drawn so far. */
  get spentEffects(): number {
    return this.effects;
  }

  private checkDrawn(units: number): void {
    if (units > this.drawLimit) {
      abort('layout/too-large', `The document's pages would draw more than ${this.drawLimit} items, glyphs and path points.`, {
        hint: 'Raise limits.maxDrawnUnits if this is expected; a picture or header repeated on very many pages draws its content each time.',
      });
    }
  }

  /** Layout units spent in the current pass. */
  get spent(): number {
    return this.used;
  }

  /** Drawn units of the pages drawn so far. */
  get spentDrawing(): number {
    return this.drawn;
  }
}

/**
 * Drawn units of items: a glyph run counts its glyphs, a path its commands with a curve three (its two
 * control points and its end, each written as two numbers, where a glyph is one code), a group itself
 * and its items, anything else one. Counted by commands, a curve cost as much as a glyph: text glowing
 * and reflected (each glyph's outline drawn 14 times, some 30 curves each) reached 6.4 million units
 * in 3,000 pages, within the limit, and took 20-46 s to write (fuzz seed 64).
 */
export function drawnUnits(items: readonly LayoutItem[], from = 0): number {
  let n = 0;
  for (let i = from; i < items.length; i++) {
    const item = items[i]!;
    if (item.kind === 'glyphs') n += Math.max(1, item.glyphs.length);
    else if (item.kind === 'path') n += Math.max(1, pathPoints(item.commands));
    else if (item.kind === 'group') n += 1 + drawnUnits(item.items);
    else n += 1;
  }
  return n;
}

/** The units of a path's commands: a curve three (its points), a move, line or close one. */
function pathPoints(commands: readonly PathCommand[]): number {
  let n = commands.length;
  for (const c of commands) if (c.op === 'C') n += 2;
  return n;
}
