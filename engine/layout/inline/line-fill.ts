/**
 * Line filling: the state of the line being filled (its pieces, its pen position, the tab waiting
 * for what follows a right, centre or decimal stop, one saved state to take a word back) and where
 * its ink and its fit end. breakLines decides where lines end; this places pieces on one.
 */
import type { GlyphPiece, Piece } from './pieces';
import { nextTabStop, stopPastLimit, type ResolvedStop, type TabContext } from './tabs';
import type { LineDraft, PlacedTab } from './break-lines';

interface Pending {
  readonly index: number;
  readonly stop: ResolvedStop;
  readonly xAtTab: number;
  segWidth: number;
  segBeforeDecimal: number;
  sawDecimal: boolean;
}

/** The line's state before a tab (LineFill.markBeforeTab). */
interface TabMark {
  readonly count: number;
  readonly x: number;
  readonly pending: Pending | undefined;
  readonly seg: number;
  readonly dec: number;
  readonly saw: boolean;
  readonly lastTab: number;
  readonly reach: number;
}

/** Slack of a line's fit, in points (ink this far past the limit still fits). */
export const EPS = 0.01;

/**
 * Where a Word 6/95 label's tab ends: the text stands w:legacyIndent from the label's start (the
 * line's), or w:legacySpace after the label where the label is wider than that.
 */
function legacyLabelStop(startX: number, x: number, legacy: NonNullable<TabContext['legacyLabel']>): ResolvedStop {
  return { positionPt: Math.max(startX + legacy.indentPt, x + legacy.spacePt), alignment: 'left', leader: 'none', custom: false };
}

/** Fills one line after another: `begin` starts the next (one filler per paragraph, not per line). */
export class LineFill {
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
  private tabMark: TabMark | undefined;

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
    this.tabMark = undefined;
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

  /**
   * Marks the state before a tab placed as a word of its own, so that `takeBackTab` can end the line
   * before it. Kept apart from `save` (which the word after the tab uses); allocated only for such tabs.
   */
  markBeforeTab(): void {
    const p = this.pending;
    this.tabMark = { count: this.placed.length, x: this.x, pending: p, seg: p?.segWidth ?? 0, dec: p?.segBeforeDecimal ?? 0, saw: p?.sawDecimal ?? false, lastTab: this.afterLastTab, reach: this.reachX };
  }

  /** Whether the last piece placed is a tab to a left stop. */
  endsWithLeftTab(): boolean {
    const k = this.placed.length - 1;
    const last = this.placed[k];
    return last !== undefined && last.k === 'special' && last.special.kind === 'tab' && this.placedTabs[k]?.stop.alignment === 'left';
  }

  /** Takes back the tab marked by `markBeforeTab` (and whatever follows it). */
  takeBackTab(): void {
    const m = this.tabMark;
    if (!m) return;
    this.rewind(m.count, m.x, m.pending, m.seg, m.dec, m.saw, m.lastTab, m.reach);
    this.tabMark = undefined;
  }

  restore(): void {
    this.rewind(this.sCount, this.sX, this.sPending, this.sSeg, this.sDec, this.sSaw, this.sLastTab, this.sReach);
  }

  /** Puts the fill back as it was with `count` pieces placed (restore's and takeBackTab's one step). */
  private rewind(count: number, x: number, pending: Pending | undefined, seg: number, dec: number, saw: boolean, lastTab: number, reach: number): void {
    this.placed.length = count;
    if (this.placedTabs.length > count) this.placedTabs.length = count;
    this.x = x;
    this.pending = pending;
    if (pending) {
      pending.segWidth = seg;
      pending.segBeforeDecimal = dec;
      pending.sawDecimal = saw;
    }
    this.afterLastTab = lastTab;
    this.reachX = reach;
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
      // The paragraph's last character is a tab whose stop lies past what the line may reach: Word
      // keeps it on the line (it ends there) instead of starting an empty line for it, as
      // LibreOffice's Word tab compatibility (TAB_COMPAT) does too. A tab with text after it still wraps.
      const end = piece.end >= this.text.length && stop.positionPt > this.reachX + EPS ? this.reachX : stop.positionPt;
      const w = Math.max(0, end - this.x);
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
