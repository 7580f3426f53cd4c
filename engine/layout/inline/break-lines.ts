/**
 * Break: pieces → lines, greedily, the way Word fills lines: a line takes whole words (runs between
 * UAX #14 opportunities) while their ink fits; trailing spaces hang past the edge; a word wider than
 * the whole line is broken at a cluster boundary. Tabs are resolved while filling, because their
 * width depends on where they fall and on what follows a right, centre or decimal stop.
 */
import { splitGlyphPiece, type GlyphPiece, type Piece } from './pieces';
import type { ResolvedStop, TabContext } from './tabs';
import { EPS, LineFill } from './line-fill';

/** A tab placed on a line: its resolved width and stop. */
export interface PlacedTab {
  readonly width: number;
  readonly stop: ResolvedStop;
}

/** A filled line, not yet aligned. */
export interface LineDraft {
  /** The line's pieces, in text order. */
  readonly pieces: readonly Piece[];
  /**
   * The tabs among them, at their index in `pieces` (holes elsewhere): kept apart so that placing a
   * word allocates nothing.
   */
  readonly tabs: readonly (PlacedTab | undefined)[];
  readonly startX: number;
  /** Right edge of the ink, trailing spaces excluded. */
  readonly endX: number;
  readonly start: number;
  readonly end: number;
  /** Why the line ended. */
  readonly ending: 'wrap' | 'line' | 'page' | 'column' | 'paragraph';
  /** Index in `pieces` after the last tab (justification only stretches what follows it). */
  readonly afterLastTab: number;
  /** The line holds its last word only with its spaces shrunk (LineGeometry.shrinkSpaces). */
  readonly shrunk?: boolean;
}

/** Geometry for filling lines. */
export interface LineGeometry {
  /** Start of the first line and of the others (left indent, plus firstLine on the first). */
  readonly firstStartX: number;
  readonly otherStartX: number;
  /** Right limit (box width minus right indent). Lines may differ with floats, so it is a function. */
  readonly limitX: (lineIndex: number) => number;
  /** Moves a line's start right (text wrapping beside a float on the left). */
  readonly shiftX?: (lineIndex: number) => number;
  /**
   * Whether a line is a segment that another segment of the same line follows (text beside a float
   * on both sides): a word too wide for it then moves on to the next segment instead of being cut.
   */
  readonly leavesRoom?: (lineIndex: number) => boolean;
  /** A text-wrapping break with w:clear ended the line before this one: it starts below the floats on that side. */
  readonly clearBefore?: (lineIndex: number, side: 'left' | 'right' | 'all') => void;
  /** A page or column break ended the line before this one: it goes on in the next column or page. */
  readonly breakBefore?: (lineIndex: number, kind: 'page' | 'column') => void;
  /**
   * Text before this index is the list label and its suffix. A line holding only them has no words
   * yet: a word too wide for any line is broken there, after the label, as Word does, instead of
   * leaving the label alone on its line.
   */
  readonly labelEnd?: number;
  readonly tabs: TabContext;
  /**
   * The share of its width a space between words may give up for one more word to fit (Word 2013
   * and later justification, compatibilityMode 15: a justified line may shrink its spaces).
   */
  readonly shrinkSpaces?: number;
  /**
   * Most lines worth breaking (the layout budget's room, LayoutBudget.linesLeft): breaking stops one
   * line past it, and the caller's budget check then ends the layout. A paragraph of 3 million
   * characters broken a character a line held 2.2 GB of drafts before its budget was checked.
   */
  readonly maxLines?: number;
  /**
   * A page break as the last thing of the paragraph leaves the paragraph mark on a line of its own
   * at the top of the next page (w:splitPgBreakAndParaMark); otherwise the paragraph ends with it.
   */
  readonly markAfterPageBreak?: boolean;
}

/** Fills lines from pieces. `breaks[i]` ≠ 0 marks a break opportunity before text index i. */
export function breakLines(pieces: readonly Piece[], breaks: Uint8Array, text: string, geo: LineGeometry): LineDraft[] {
  const lines: LineDraft[] = [];
  const cur: Cursor = { queue: pieces, owned: undefined, pos: 0, clear: undefined };
  const line = new LineFill(geo.tabs, text);
  const maxLines = geo.maxLines ?? Infinity;
  while (cur.pos < cur.queue.length || lines.length === 0) {
    if (cur.clear) geo.clearBefore?.(lines.length, cur.clear);
    cur.clear = undefined;
    const before = lines[lines.length - 1]?.ending;
    if (before === 'page' || before === 'column') geo.breakBefore?.(lines.length, before);
    const startX = (lines.length === 0 ? geo.firstStartX : geo.otherStartX) + (geo.shiftX?.(lines.length) ?? 0);
    line.begin(startX, geo.limitX(lines.length));
    const ending = fillLine(cur, line, lines.length, breaks, text, geo);
    if (ending === 'skip') {
      lines.push(emptyLine(startX, cur.queue[cur.pos]!.start, 'wrap'));
      if (lines.length > maxLines) return lines;
      continue;
    }
    lines.push(line.finish(ending, geo.shrinkSpaces));
    if (cur.pos >= cur.queue.length) break;
    if (lines.length > maxLines) return lines;
  }
  // A text-wrapping break as the last thing of a paragraph leaves the paragraph mark on a line of
  // its own below it, as in Word ("text<br/><br/>" is three lines).
  // So does a page break under w:splitPgBreakAndParaMark (ISO/IEC 29500 1st edition §9.7.3.38): the
  // mark's line opens the next page.
  const last = lines[lines.length - 1]!;
  if (last.ending === 'line' || (last.ending === 'page' && geo.markAfterPageBreak)) {
    if (last.ending === 'page') geo.breakBefore?.(lines.length, 'page');
    if (cur.clear) geo.clearBefore?.(lines.length, cur.clear);
    lines.push(emptyLine(geo.otherStartX + (geo.shiftX?.(lines.length) ?? 0), text.length, 'paragraph'));
  }
  return lines;
}

/** Where breaking has got to in the pieces, and the clear side a text-wrapping break left for the next line. */
interface Cursor {
  /**
   * The pieces, copied (once, into `owned`) only when an emergency cut splits a piece in it; the
   * cut's tail then takes the piece's place, so a word cut on every line costs no copy per line.
   */
  queue: readonly Piece[];
  owned: Piece[] | undefined;
  pos: number;
  clear: 'left' | 'right' | 'all' | undefined;
}

function emptyLine(startX: number, at: number, ending: 'wrap' | 'paragraph'): LineDraft {
  return { pieces: [], tabs: [], startX, endX: startX, start: at, end: at, ending, afterLastTab: 0 };
}

/** Adds whole words to the begun line until one does not fit or a break ends it; returns how it ends. */
function fillLine(cur: Cursor, line: LineFill, lineIndex: number, breaks: Uint8Array, text: string, geo: LineGeometry): LineDraft['ending'] | 'skip' {
  // Queue index of a tab placed as a word of its own just before the word being placed (-1: none).
  let tabWord = -1;
  while (cur.pos < cur.queue.length) {
    const queue = cur.queue;
    const pos = cur.pos;
    const wordEnd = findWordEnd(queue, pos, breaks);
    const loneTab = wordEnd - pos === 1 && isMovableTab(queue[pos]!, line, lineIndex, geo);
    if (loneTab) line.markBeforeTab();
    line.save();
    const wasEmpty = line.isEmpty() || (geo.labelEnd !== undefined && lineIndex === 0 && line.onlyBefore(geo.labelEnd) && tooWideForAnyLine(queue, pos, wordEnd, geo));
    for (let k = pos; k < wordEnd; k++) line.add(queue[k]!);
    // The line's spaces are summed only for a word that does not fit as it is.
    const over = line.fitRight() - line.reach() - EPS;
    if (over > 0 && over > line.shrinkable(geo.shrinkSpaces)) {
      line.restore();
      if (!wasEmpty) {
        // A tab to a left stop goes down with the word it cannot fit (Word: the word starts at the
        // next line's first stop, not at its start, and the line ends before the tab). Not when that
        // word is a tab itself: its stop is out of reach, and it alone goes down.
        if (tabWord === pos - 1 && !loneTab && line.endsWithLeftTab()) {
          line.takeBackTab();
          cur.pos = tabWord;
        }
        return 'wrap';
      }
      if (geo.leavesRoom?.(lineIndex)) return 'skip';
      // A word wider than the line: break it where it stops fitting.
      const cut = emergencyCut(queue, pos, wordEnd, line, text);
      if (cut.tail) {
        cur.owned ??= queue.slice();
        cur.owned[cut.pos] = cut.tail;
        cur.queue = cur.owned;
      }
      cur.pos = cut.pos;
      return 'wrap';
    }
    tabWord = loneTab ? pos : -1;
    cur.pos = wordEnd;
    const last = queue[wordEnd - 1]!;
    if (last.k === 'special' && last.special.kind === 'break') {
      if (last.special.type === 'line' && last.special.clear && last.special.clear !== 'none') cur.clear = last.special.clear;
      return last.special.type;
    }
  }
  return 'paragraph';
}

/**
 * Whether a tab that is a word of its own may go down to the next line with the word after it: not
 * the first thing on its line (it would leave an empty line) nor the tab of a list label.
 */
function isMovableTab(piece: Piece, line: LineFill, lineIndex: number, geo: LineGeometry): boolean {
  if (piece.k !== 'special' || piece.special.kind !== 'tab' || line.isEmpty()) return false;
  return geo.labelEnd === undefined || lineIndex > 0 || piece.start >= geo.labelEnd;
}

/** Whether the glyphs of a word are wider than a whole following line. */
function tooWideForAnyLine(queue: readonly Piece[], pos: number, wordEnd: number, geo: LineGeometry): boolean {
  let w = 0;
  for (let k = pos; k < wordEnd; k++) {
    const piece = queue[k]!;
    if (piece.k === 'glyphs') w += piece.width - (k === wordEnd - 1 ? piece.trailingSpace : 0);
  }
  return w > geo.limitX(1) - geo.otherStartX + EPS;
}

function findWordEnd(pieces: readonly Piece[], pos: number, breaks: Uint8Array): number {
  let k = pos + 1;
  while (k < pieces.length) {
    const prev = pieces[k - 1]!;
    if (prev.k === 'special' && prev.special.kind === 'break') break;
    if (breaks[pieces[k]!.start] !== 0) break;
    k++;
  }
  return k;
}

/**
 * Places what fits of a word wider than the line: whole pieces, then the head of the piece that
 * overflows. Returns where the next line starts, and the overflowing piece's tail that replaces
 * it in the queue there.
 */
function emergencyCut(queue: readonly Piece[], pos: number, wordEnd: number, line: LineFill, text: string): { pos: number; tail?: GlyphPiece } {
  for (let k = pos; k < wordEnd; k++) {
    const piece = queue[k]!;
    line.save();
    line.add(piece);
    if (line.inkRight() <= line.reach() + EPS) continue;
    line.restore();
    if (piece.k !== 'glyphs' || piece.glyphs.length < 2) {
      // Nothing smaller to place: put it alone if the line is empty, otherwise leave it for the next line.
      if (line.isEmpty()) {
        line.add(piece);
        return { pos: k + 1 };
      }
      return { pos: k };
    }
    const g = fitGlyphs(piece, line.reach() - line.inkRight(), line.isEmpty());
    const [head, tail] = splitGlyphPiece(piece, g, text);
    line.add(head);
    return { pos: k, tail };
  }
  return { pos: wordEnd };
}

function fitGlyphs(piece: GlyphPiece, room: number, mustTakeOne: boolean): number {
  let w = 0;
  let g = 0;
  while (g < piece.glyphs.length) {
    // Keep clusters together: advance over glyphs sharing a cluster.
    let h = g + 1;
    while (h < piece.glyphs.length && piece.rel[h] === piece.rel[g]) h++;
    let cw = 0;
    for (let k = g; k < h; k++) cw += piece.advances[k]!;
    if (w + cw > room + EPS) break;
    w += cw;
    g = h;
  }
  if (g === 0 && mustTakeOne) {
    g = 1;
    while (g < piece.glyphs.length && piece.rel[g] === piece.rel[0]) g++;
  }
  return Math.min(Math.max(g, 1), piece.glyphs.length - 1);
}
