/**
 * Break: pieces → lines, greedily, the way Word fills lines: a line takes whole words (runs between
 * UAX #14 opportunities) while their ink fits; trailing spaces hang past the edge; a word wider than
 * the whole line is broken at a cluster boundary. Tabs are resolved while filling, because their
 * width depends on where they fall and on what follows a right, centre or decimal stop.
 */
import { splitGlyphPiece, type GlyphPiece, type Piece } from './pieces';
import { nextTabStop, stopPastLimit, type ResolvedStop, type TabContext } from './tabs';

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
}

interface Pending {
  readonly index: number;
  readonly stop: ResolvedStop;
  readonly xAtTab: number;
  segWidth: number;
  segBeforeDecimal: number;
  sawDecimal: boolean;
}

const EPS = 0.01;

/** Fills lines from pieces. `breaks[i]` ≠ 0 marks a break opportunity before text index i. */
export function breakLines(pieces: readonly Piece[], breaks: Uint8Array, text: string, geo: LineGeometry): LineDraft[] {
  const lines: LineDraft[] = [];
  // Copied (once) only when an emergency cut splits a piece in it; the cut's tail then takes the
  // piece's place, so a word cut on every line costs no copy of the queue per line.
  let queue = pieces;
  let owned: Piece[] | undefined;
  let pos = 0;
  let clear: 'left' | 'right' | 'all' | undefined;
  const line = new LineFill(geo.tabs, text);
  const maxLines = geo.maxLines ?? Infinity;
  while (pos < queue.length || lines.length === 0) {
    if (clear) geo.clearBefore?.(lines.length, clear);
    clear = undefined;
    const before = lines[lines.length - 1]?.ending;
    if (before === 'page' || before === 'column') geo.breakBefore?.(lines.length, before);
    const startX = (lines.length === 0 ? geo.firstStartX : geo.otherStartX) + (geo.shiftX?.(lines.length) ?? 0);
    const limit = geo.limitX(lines.length);
    line.begin(startX, limit);
    let ending: LineDraft['ending'] | 'skip' = 'paragraph';
    while (pos < queue.length) {
      const wordEnd = findWordEnd(queue, pos, breaks);
      line.save();
      const wasEmpty = line.isEmpty() || (geo.labelEnd !== undefined && lines.length === 0 && line.onlyBefore(geo.labelEnd) && tooWideForAnyLine(queue, pos, wordEnd, geo));
      for (let k = pos; k < wordEnd; k++) line.add(queue[k]!);
      // The line's spaces are summed only for a word that does not fit as it is.
      const over = line.fitRight() - line.reach() - EPS;
      if (over > 0 && over > line.shrinkable(geo.shrinkSpaces)) {
        line.restore();
        if (!wasEmpty) {
          ending = 'wrap';
          break;
        }
        if (geo.leavesRoom?.(lines.length)) {
          ending = 'skip';
          break;
        }
        // A word wider than the line: break it where it stops fitting.
        const cut = emergencyCut(queue, pos, wordEnd, line, text);
        if (cut.tail) {
          owned ??= queue.slice();
          owned[cut.pos] = cut.tail;
          queue = owned;
        }
        pos = cut.pos;
        ending = 'wrap';
        break;
      }
      pos = wordEnd;
      const last = queue[wordEnd - 1]!;
      if (last.k === 'special' && last.special.kind === 'break') {
        ending = last.special.type;
        if (last.special.type === 'line' && last.special.clear && last.special.clear !== 'none') clear = last.special.clear;
        break;
      }
    }
    if (ending === 'skip') {
      const at = queue[pos]!.start;
      lines.push({ pieces: [], tabs: [], startX, endX: startX, start: at, end: at, ending: 'wrap', afterLastTab: 0 });
      if (lines.length > maxLines) return lines;
      continue;
    }
    lines.push(line.finish(ending, geo.shrinkSpaces));
    if (pos >= queue.length) break;
    if (lines.length > maxLines) return lines;
  }
  // A text-wrapping break as the last thing of a paragraph leaves the paragraph mark on a line of
  // its own below it, as in Word ("text<br/><br/>" is three lines).
  const last = lines[lines.length - 1]!;
  if (last.ending === 'line') {
    if (clear) geo.clearBefore?.(lines.length, clear);
    const startX = geo.otherStartX + (geo.shiftX?.(lines.length) ?? 0);
    lines.push({ pieces: [], tabs: [], startX, endX: startX, start: text.length, end: text.length, ending: 'paragraph', afterLastTab: 0 });
  }
  return lines;
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

/**
 * Where a Word 6/95 label's tab ends: the text stands w:legacyIndent from the label's start (the
 * line's), or w:legacySpace after the label where the label is wider than that.
 */
function legacyLabelStop(startX: number, x: number, legacy: NonNullable<TabContext['legacyLabel']>): ResolvedStop {
  return { positionPt: Math.max(startX + legacy.indentPt, x + legacy.spacePt), alignment: 'left', leader: 'none', custom: false };
}

/** Fills one line after another: `begin` starts the next (one filler per paragraph, not per line). */
class LineFill {
  private placed: Piece[] = [];
  private placedTabs: PlacedTab[] = [];
  private startX = 0;
  private limitX = 0;
  private x = 0;
  private pending: Pending | undefined;
  private afterLastTab = 0;
  /** How far the line's ink may reach: the limit, or a custom tab stop past it. */
  private reachX = 0;
  // One saved state (the line filler never needs more than one level): no allocation per word.
  private sCount = 0;
  private sX = 0;
  private sPending: Pending | undefined;
  private sSeg = 0;
  private sDec = 0;
  private sSaw = false;
  private sLastTab = 0;
  private sReach = 0;

  constructor(
    private readonly tabs: TabContext,
    private readonly text: string,
  ) {}

  /** Starts an empty line (the previous one's arrays went to its draft). */
  begin(startX: number, limitX: number): void {
    this.placed = [];
    this.placedTabs = [];
    this.startX = startX;
    this.limitX = limitX;
    this.x = startX;
    this.pending = undefined;
    this.afterLastTab = 0;
    this.reachX = limitX;
  }

  reach(): number {
    return this.reachX;
  }

  /**
   * How much narrower the line may get by shrinking its spaces by `share`: the spaces between its
   * words after the last tab, the trailing ones excluded (none while a tab's alignment is pending).
   */
  shrinkable(share: number | undefined): number {
    if (!share || this.pending) return 0;
    let w = 0;
    let last = this.placed.length - 1;
    while (last > 0 && isBreak(this.placed[last]!)) last--;
    for (let k = this.afterLastTab; k < last; k++) {
      const p = this.placed[k]!;
      if (p.k !== 'glyphs') continue;
      for (let g = 0; g < p.glyphs.length; g++) if (this.text.charCodeAt(p.start + p.rel[g]!) === 0x20) w += p.advances[g]!;
    }
    return w * share;
  }

  isEmpty(): boolean {
    return this.placed.length === 0;
  }

  /** Whether everything placed lies before text index `end`. */
  onlyBefore(end: number): boolean {
    return this.placed.every((p) => p.end <= end);
  }

  save(): void {
    const p = this.pending;
    this.sCount = this.placed.length;
    this.sX = this.x;
    this.sPending = p;
    this.sSeg = p?.segWidth ?? 0;
    this.sDec = p?.segBeforeDecimal ?? 0;
    this.sSaw = p?.sawDecimal ?? false;
    this.sLastTab = this.afterLastTab;
    this.sReach = this.reachX;
  }

  restore(): void {
    this.placed.length = this.sCount;
    if (this.placedTabs.length > this.sCount) this.placedTabs.length = this.sCount;
    this.x = this.sX;
    this.pending = this.sPending;
    if (this.sPending) {
      this.sPending.segWidth = this.sSeg;
      this.sPending.segBeforeDecimal = this.sDec;
      this.sPending.sawDecimal = this.sSaw;
    }
    this.afterLastTab = this.sLastTab;
    this.reachX = this.sReach;
  }

  add(piece: Piece): void {
    if (piece.k === 'special' && piece.special.kind === 'tab') {
      this.addTab(piece);
      return;
    }
    this.placed.push(piece);
    const w = piece.width;
    const p = this.pending;
    if (p) {
      p.segWidth += w;
      if (!p.sawDecimal && p.stop.alignment === 'decimal' && piece.k === 'glyphs') {
        const dot = decimalOffset(piece, this.text);
        if (dot >= 0) {
          p.segBeforeDecimal += dot;
          p.sawDecimal = true;
        } else p.segBeforeDecimal += w;
      }
      this.x = p.xAtTab + pendingTabWidth(p) + p.segWidth;
    } else {
      this.x += w;
    }
  }

  private addTab(piece: Piece): void {
    this.settlePending();
    const legacy = this.tabs.legacyLabel;
    const next = legacy && piece.start < legacy.end ? legacyLabelStop(this.startX, this.x, legacy) : nextTabStop(this.x, this.tabs);
    const past = stopPastLimit(next, this.limitX, this.tabs);
    const stop = past.stop;
    // A stop past the limit lets the text after it reach past the right indent, not the text before
    // it: text already past the line's reach keeps overrunning it, and the line wraps before it.
    if (past.reachPt > this.reachX && this.fitRight() <= this.reachX + EPS) this.reachX = past.reachPt;
    const index = this.placed.length;
    this.afterLastTab = index + 1;
    if (stop.alignment === 'left') {
      const w = Math.max(0, stop.positionPt - this.x);
      this.placed.push(piece);
      this.placedTabs[index] = { width: w, stop };
      this.x += w;
      return;
    }
    this.placed.push(piece);
    this.placedTabs[index] = { width: 0, stop };
    this.pending = { index, stop, xAtTab: this.x, segWidth: 0, segBeforeDecimal: 0, sawDecimal: false };
    this.x = this.x + pendingTabWidth(this.pending);
  }

  private settlePending(): void {
    const p = this.pending;
    if (!p) return;
    this.placedTabs[p.index] = { width: pendingTabWidth(p), stop: p.stop };
    this.pending = undefined;
  }

  /**
   * Right edge of ink: the pen position minus the trailing spaces of the last glyphs. A break after
   * them (w:br, which UAX #14 keeps with the word before it) takes no room, so the spaces still hang.
   */
  inkRight(): number {
    let k = this.placed.length - 1;
    while (k > 0 && isBreak(this.placed[k]!)) k--;
    const last = this.placed[k];
    return this.x - (last?.trailingSpace ?? 0);
  }

  /**
   * Where the line's ink really ends, for the fit test: its last glyph's right side bearing may
   * hang past the margin. Word keeps "…(see below)." and "…getWmlObjectFactory();" on lines their
   * advances overrun by 0.38 and 0.05 pt (Docx4j_GettingStarted), and no line of its renders fits a
   * word more than the advances allow. Ink beyond the advance does not count.
   */
  fitRight(): number {
    const right = this.inkRight();
    let k = this.placed.length - 1;
    while (k > 0 && isBreak(this.placed[k]!)) k--;
    const last = this.placed[k];
    if (!last || last.k !== 'glyphs' || last.trailingSpace > 0 || last.glyphs.length === 0 || ((last.span.level ?? 0) & 1) === 1) return right;
    const g = last.glyphs.length - 1;
    // Latin evidence only: East Asian characters keep their full advance (they sit on a grid).
    if (this.text.charCodeAt(last.start + last.rel[g]!) >= 0x2e80) return right;
    const face = last.span.face;
    const scale = (last.span.sizePt / face.unitsPerEm) * (last.span.props.scalePct / 100) * face.widthScale;
    const ink = face.glyphInkRight(last.glyphs[g]!) * scale;
    return right - Math.max(0, last.advances[g]! - ink);
  }

  /** The draft of the line; `shrinkShare` marks it shrunk where its ink reaches past the limit only by that. */
  finish(ending: LineDraft['ending'], shrinkShare?: number): LineDraft {
    this.settlePending();
    const first = this.placed[0];
    const last = this.placed[this.placed.length - 1];
    // The draft takes the line's arrays over: `begin` gives the next line new ones.
    return {
      pieces: this.placed,
      tabs: this.placedTabs,
      startX: this.startX,
      endX: this.inkRight(),
      start: first?.start ?? 0,
      end: last?.end ?? 0,
      ending,
      afterLastTab: this.afterLastTab,
      ...(shrinkShare && this.fitRight() > this.reachX + EPS && this.shrinkable(shrinkShare) > 0 ? { shrunk: true } : {}),
    };
  }
}

function isBreak(piece: Piece): boolean {
  return piece.k === 'special' && piece.special.kind === 'break';
}

function pendingTabWidth(p: Pending): number {
  const room = p.stop.positionPt - p.xAtTab;
  switch (p.stop.alignment) {
    case 'right':
      return Math.max(0, room - p.segWidth);
    case 'center':
      return Math.max(0, room - p.segWidth / 2);
    case 'decimal':
      return Math.max(0, room - p.segBeforeDecimal);
    default:
      return Math.max(0, room);
  }
}

function decimalOffset(piece: GlyphPiece, text: string): number {
  let w = 0;
  for (let g = 0; g < piece.glyphs.length; g++) {
    const ch = text.charCodeAt(piece.start + piece.rel[g]!);
    if (ch === 0x2e /* . */ || ch === 0x2c /* , */) return w;
    w += piece.advances[g]!;
  }
  return -1;
}
