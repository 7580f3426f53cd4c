/**
 * Content stream state (ISO 32000-1 §8.4, §9.3): the graphics and text state a page's operators
 * leave behind, written only where a new value differs from it, and the text objects glyph runs are
 * shown in.
 *
 * Colours, line width and dash, font and size, horizontal scaling and render mode are kept as the
 * viewer holds them (q/Q save and restore them: save, restore); a run is placed with Td relative to
 * the previous run only where a viewer's sum of offsets gives exactly its absolute position, else
 * with Tm. ContentWriter (content.ts) draws the page's items on this state.
 */
import { formatPdfNumber as fmt, unitRgb } from '../../core';
import type { GlyphRun } from '../../model';
import type { ByteSink } from './byte-sink';
import type { ContentTarget } from './content';
import type { ContentFace } from './show-text';

/** PDF colour operands `r g b` (0–1, 3 decimals) of a hex colour; black when malformed. */
function rgbOperands(color: string): string {
  return unitRgb(color).map((c) => fmt(c)).join(' ');
}

/** Graphics and text state that q/Q save and restore. */
interface SavedState {
  readonly fill: string;
  readonly stroke: string;
  readonly lineWidth: number;
  readonly dash: string;
  readonly font: string;
  readonly size: number;
  readonly tz: number;
  readonly tr: number;
}

/** The state a content stream has set so far, and the text operators that depend on it. */
export class ContentState {
  private fill = '';
  private stroke = '';
  private lineWidth = -1;
  private dash = '';
  // Text state (§9.3): unknown until set; kept across text objects, restored by Q.
  private font = '';
  private size = -1;
  private tz = 100;
  private tr = 0;
  private inText = false;
  /** The text line matrix is an unskewed translation to (lineX, lineY) thousandths of a point. */
  private lineKnown = false;
  private lineX = 0;
  private lineY = 0;
  /** What a viewer holds: the last Tm's origin and the sum of Td offsets since (as doubles). */
  private originX = 0;
  private originY = 0;
  private relX = 0;
  private relY = 0;
  private readonly colors = new Map<string, string>();
  /** The glyphs being shown only clip (a shaded run). */
  protected clipText = false;

  constructor(
    protected readonly h: number,
    protected readonly res: ContentTarget,
    protected readonly out: ByteSink,
  ) {}

  /** Closes the open text object, if any. */
  endText(): void {
    if (!this.inText) return;
    this.out.ascii('ET\n');
    this.inText = false;
    this.lineKnown = false;
  }

  private operands(color: string): string {
    let s = this.colors.get(color);
    if (s === undefined) {
      s = rgbOperands(color);
      this.colors.set(color, s);
    }
    return s;
  }

  protected setFill(color: string): void {
    if (color === this.fill) return;
    this.out.ascii(this.operands(color));
    this.out.ascii(' rg\n');
    this.fill = color;
  }

  protected setStroke(color: string): void {
    if (color === this.stroke) return;
    this.out.ascii(this.operands(color));
    this.out.ascii(' RG\n');
    this.stroke = color;
  }

  protected setLineWidth(width: number): void {
    if (width === this.lineWidth) return;
    this.out.numSp(width);
    this.out.ascii('w\n');
    this.lineWidth = width;
  }

  protected setDash(dash: readonly number[] | undefined): void {
    const d = dash && dash.length > 0 ? `[${dash.map((v) => fmt(v)).join(' ')}] 0 d` : '[] 0 d';
    if (d === this.dash || (this.dash === '' && d === '[] 0 d')) return;
    this.out.ascii(d);
    this.out.byte(10);
    this.dash = d;
  }

  protected save(): SavedState {
    return { fill: this.fill, stroke: this.stroke, lineWidth: this.lineWidth, dash: this.dash, font: this.font, size: this.size, tz: this.tz, tr: this.tr };
  }

  protected restore(s: SavedState): void {
    this.fill = s.fill;
    this.stroke = s.stroke;
    this.lineWidth = s.lineWidth;
    this.dash = s.dash;
    this.font = s.font;
    this.size = s.size;
    this.tz = s.tz;
    this.tr = s.tr;
  }

  /** Sets the text state a run needs (inside a text object): font and size, scaling, render mode. */
  private textState(run: GlyphRun, font: ContentFace, th: number): void {
    const o = this.out;
    if (font.resource !== this.font || run.sizePt !== this.size) {
      o.ascii(`/${font.resource} `), o.numSp(run.sizePt), o.ascii('Tf\n');
      this.font = font.resource;
      this.size = run.sizePt;
    }
    const tz = th * 100;
    if (tz !== this.tz) {
      o.numSp(tz), o.ascii('Tz\n');
      this.tz = tz;
    }
    // Outlined text (WordArt's stroke) and synthetic bold (a hairline of 3 % of the size in the
    // text's colour): fill, then stroke the glyph outlines (render mode 2, §9.3.6).
    // Hollow letters (unfilled) only stroke their outlines (render mode 1).
    // Invisible text (render mode 3) is only there to be found and selected: warped WordArt is drawn as paths.
    // Glyphs filled with a blend only clip (7), after stroking any outline (5).
    const stroked = run.outline || font.syntheticBold;
    const tr = run.invisible ? 3 : this.clipText ? (stroked ? 5 : 7) : run.outline ? (run.unfilled ? 1 : 2) : font.syntheticBold ? 2 : 0;
    if (tr === 3) {
      // Nothing is painted, so the stroke state is left as it is.
    } else if (run.outline) {
      this.setStroke(run.outline.color);
      this.setLineWidth(run.outline.widthPt + (font.syntheticBold ? run.sizePt * 0.03 : 0));
      this.setDash(run.outline.dash);
    } else if (font.syntheticBold) {
      this.setStroke(run.color);
      this.setLineWidth(run.sizePt * 0.03);
    }
    if (tr !== this.tr) {
      o.ascii(`${tr} Tr\n`);
      this.tr = tr;
    }
  }

  /**
   * Moves to a run's start (x, y in thousandths of a point). Td is relative to the line start and
   * viewers add it in floating point (poppler and pdf.js sum the offsets since the last Tm, then add
   * the Tm origin), so Td is used only when that sum gives exactly the absolute position a Tm would;
   * otherwise Tm. Drawn positions are thus bit-identical to absolute placement.
   */
  private position(x: number, y: number, skewed: boolean): void {
    const o = this.out;
    const xd = x / 1000;
    const yd = y / 1000;
    if (!skewed && this.lineKnown) {
      const dx = (x - this.lineX) / 1000;
      const dy = (y - this.lineY) / 1000;
      const relX = this.relX + dx;
      const relY = this.relY + dy;
      if (relX + this.originX === xd && relY + this.originY === yd) {
        o.numSp(dx), o.numSp(dy), o.ascii('Td\n');
        this.relX = relX;
        this.relY = relY;
        this.lineX = x;
        this.lineY = y;
        return;
      }
    }
    o.ascii(skewed ? '1 0 0.2126 1 ' : '1 0 0 1 '), o.numSp(xd), o.numSp(yd), o.ascii('Tm\n');
    this.lineKnown = !skewed;
    this.originX = xd;
    this.originY = yd;
    this.relX = 0;
    this.relY = 0;
    this.lineX = x;
    this.lineY = y;
  }

  protected glyphs(run: GlyphRun): void {
    if (run.glyphs.length === 0) return;
    const font = this.res.face(run.font);
    const o = this.out;
    this.setFill(run.color);
    if (!this.inText) {
      o.ascii('BT\n');
      this.inText = true;
      // BT sets the text and line matrices to the identity: an unskewed translation to the origin.
      this.lineKnown = true;
      this.lineX = this.lineY = 0;
      this.originX = this.originY = this.relX = this.relY = 0;
    }
    const th = (run.scalePct ?? 100) / 100;
    this.textState(run, font, th);
    this.position(Math.round(run.x * 1000), Math.round((this.h - run.y) * 1000), font.syntheticItalic);
    this.res.show(o, run, th);
  }
}
