/**
 * Content streams (ISO 32000-1 §8–9): page items → PDF operators, written as bytes.
 *
 * Layout coordinates are y-down from the page's top-left; PDF's are y-up from the bottom-left, so
 * every y is flipped here. Text is drawn glyph by glyph with TJ, whose adjustments carry kerning,
 * letter spacing and justification (§9.4.3), so pen positions match the layout exactly.
 *
 * Size matters because every byte is deflated afterwards: consecutive glyph runs share one text
 * object, the text state (Tf, Tz, Tr: §9.3, kept across text objects) is only written when it
 * changes, and runs after the first are placed with Td relative to the previous run's start, in
 * whole thousandths of a point so relative moves never drift from the absolute positions.
 *
 * That state and the text objects are content-state.ts's (ContentState); this file draws the page's
 * items on it: paths, pictures, groups, translucent and shaded paint.
 */
import type { GlyphRun, GroupItem, LayoutItem, LayoutPage, PathCommand, PathItem, PathPicture, PathShading, SoftMask } from '../../model';
import type { ByteSink } from './byte-sink';
import { ContentState } from './content-state';
import type { ContentFace } from './show-text';

export type { ContentFace, ContentFont } from './show-text';

/**
 * What a content writer asks about things that depend on the whole document: a page draft
 * (page-draft.ts) answers before the fonts are subset and the images embedded, and fills in later.
 */
export interface ContentTarget {
  /** How the page names font `index`. */
  face(index: number): ContentFace;
  /** Writes (or leaves a hole for) a run's glyph codes and adjustments: `[(..) n (..)]TJ` or `(..)Tj`. */
  show(out: ByteSink, run: GlyphRun, th: number): void;
  /** Resource name of an image XObject; undefined when it is not drawn. */
  image(index: number): string | undefined;
  /** The bytes from `from` to the sink's end draw image `index` (a draft drops them if the image cannot be embedded). */
  imageWritten(index: number, from: number): void;
  /** Resource name of a graphics state whose fill alpha (`/ca`) is `alpha` (0–1, three decimals). */
  fillAlpha(alpha: number): string;
  /** Resource name of a graphics state whose stroke alpha (`/CA`) is `alpha` (0–1, three decimals). */
  strokeAlpha(alpha: number): string;
  /** Resource name of a shading dictionary (§8.7.4.3) painting `shading`. */
  shading(shading: PathShading): string;
  /**
   * Resource name of a graphics state whose soft mask (§11.6.5.2, luminosity) is `mask` on a page
   * `pageHeight` high; undefined when it cannot be drawn (the group is then drawn unmasked).
   */
  softMask?(mask: SoftMask, pageHeight: number): string | undefined;
}

/** Writes the content stream of a page into `sink` (which is reset first), asking `target` what depends on other pages. */
export function writeContent(page: LayoutPage, target: ContentTarget, sink: ByteSink): void {
  sink.reset();
  const w = new ContentWriter(page.heightPt, target, sink);
  for (const item of page.items) w.item(item);
  w.endText();
}

/** Writes a page's items as operators, on the state ContentState keeps. */
class ContentWriter extends ContentState {
  item(item: LayoutItem): void {
    if (item.kind === 'glyphs') {
      if (item.shading && !item.invisible && !item.unfilled && item.shading.coords.every(Number.isFinite)) {
        this.shadedGlyphs(item, item.shading);
        return;
      }
      if (item.fillOpacity !== undefined && item.fillOpacity >= 0 && item.fillOpacity < 1) this.translucent(item.fillOpacity, () => this.glyphs(item));
      else this.glyphs(item);
      return;
    }
    if (item.kind === 'link') return;
    this.endText();
    const o = this.out;
    switch (item.kind) {
      case 'rect':
        this.rect(item.x, item.y, item.w, item.h, item.fill, item.stroke, item.lineWidth);
        break;
      case 'line':
        this.setStroke(item.color);
        this.setLineWidth(item.width);
        this.setDash(item.dash);
        o.numSp(item.x1), o.numSp(this.h - item.y1), o.ascii('m '), o.numSp(item.x2), o.numSp(this.h - item.y2), o.ascii('l S\n');
        break;
      case 'path': {
        const fillAlpha = item.fill && isPartial(item.fillOpacity) ? item.fillOpacity : undefined;
        const strokeAlpha = item.stroke && isPartial(item.strokeOpacity) ? item.strokeOpacity : undefined;
        if (strokeAlpha !== undefined || (item.stroke && item.roundJoins)) this.strokeStyled(item, fillAlpha, strokeAlpha);
        else if (fillAlpha !== undefined) this.translucent(fillAlpha, () => this.pathItem(item));
        else this.pathItem(item);
        break;
      }
      case 'image':
        this.image(item);
        break;
      case 'group':
        this.group(item);
        break;
    }
  }

  private rect(x: number, y: number, w: number, h: number, fill?: string, stroke?: string, lineWidth?: number): void {
    if (!fill && !stroke) return;
    if (fill) this.setFill(fill);
    if (stroke) {
      this.setStroke(stroke);
      this.setLineWidth(lineWidth ?? 1);
      this.setDash(undefined);
    }
    const o = this.out;
    o.numSp(x), o.numSp(this.h - y - h), o.numSp(w), o.numSp(h);
    o.ascii(fill && stroke ? 're B\n' : fill ? 're f\n' : 're S\n');
  }

  /**
   * A path item: a shaded one is clipped to its outline (and its shading's own clip) and painted
   * with its shading (`sh`, §8.7.4.2) inside q/Q, then stroked on its own; others are filled and
   * stroked in one go.
   */
  private pathItem(item: PathItem): void {
    if (item.picture) {
      this.picturePath(item, item.picture);
      return;
    }
    if (!item.shading || !item.fill || !item.shading.coords.every(Number.isFinite)) {
      this.path(item.commands, item.fill, item.stroke, item.lineWidth, item.dash);
      return;
    }
    const o = this.out;
    o.ascii('q\n');
    this.pathOps(item.commands);
    const { kind, coords: c, stops, clip } = item.shading;
    if (clip) o.ascii('W n\n'), this.pathOps(clip);
    const coords = kind === 'axial' ? [c[0]!, this.h - c[1]!, c[2]!, this.h - c[3]!] : [c[0]!, this.h - c[1]!, c[2]!, c[3]!, this.h - c[4]!, c[5]!];
    o.ascii(`W n\n/${this.res.shading({ kind, coords, stops })} sh\nQ\n`);
    this.path(item.commands, undefined, item.stroke, item.lineWidth, item.dash);
  }

  /**
   * A path painted with a picture: inside q/Q it clips to its outline and draws the image XObject
   * in each cell (once when stretched, across × down times when tiled: one image, many `Do`), then
   * it is stroked on its own. Without the image (not embeddable) its flat fill is painted instead.
   */
  private picturePath(item: PathItem, p: PathPicture): void {
    const name = this.res.image(p.image);
    const across = Math.max(1, Math.floor(p.across ?? 1));
    const down = Math.max(1, Math.floor(p.down ?? 1));
    if (!name || !(p.w > 0) || !(p.h > 0) || ![p.x, p.y, p.w, p.h].every(Number.isFinite)) {
      this.path(item.commands, item.fill, item.stroke, item.lineWidth, item.dash);
      return;
    }
    const o = this.out;
    const from = o.len;
    o.ascii('q\n');
    this.pathOps(item.commands);
    o.ascii('W n\n');
    for (let j = 0; j < down; j++) {
      for (let i = 0; i < across; i++) {
        o.ascii('q '), o.numSp(p.w), o.ascii('0 0 '), o.numSp(p.h), o.numSp(p.x + i * p.w), o.numSp(this.h - (p.y + j * p.h) - p.h), o.ascii(`cm /${name} Do Q\n`);
      }
    }
    o.ascii('Q\n');
    this.res.imageWritten(p.image, from);
    this.path(item.commands, undefined, item.stroke, item.lineWidth, item.dash);
  }

  private path(commands: readonly PathCommand[], fill?: string, stroke?: string, lineWidth?: number, dash?: readonly number[]): void {
    if (!fill && !stroke) return;
    if (fill) this.setFill(fill);
    if (stroke) {
      this.setStroke(stroke);
      this.setLineWidth(lineWidth ?? 1);
      this.setDash(dash);
    }
    this.pathOps(commands);
    this.out.ascii(fill && stroke ? 'B\n' : fill ? 'f\n' : 'S\n');
  }

  /** The path construction operators of `commands` (m, l, c, h), y flipped. */
  private pathOps(commands: readonly PathCommand[]): void {
    const o = this.out;
    const h = this.h;
    for (const c of commands) {
      if (c.op === 'Z') o.ascii('h ');
      else if (c.op === 'C') {
        o.numSp(c.x1), o.numSp(h - c.y1), o.numSp(c.x2), o.numSp(h - c.y2), o.numSp(c.x), o.numSp(h - c.y), o.ascii('c ');
      } else {
        o.numSp(c.x), o.numSp(h - c.y), o.ascii(c.op === 'M' ? 'm ' : 'l ');
      }
    }
  }

  /**
   * Glyphs filled with a blend: inside q/Q, the text adds its glyphs to the clip (render mode 7, or 5
   * stroking the outline first; §9.3.6), which takes effect at ET, and the shading is painted in it
   * (`sh`), with the fill's opacity if it has one. The run is shown once, so its text is found once.
   */
  private shadedGlyphs(run: GlyphRun, shading: PathShading): void {
    const o = this.out;
    this.endText();
    o.ascii('q\n');
    const saved = this.save();
    if (run.fillOpacity !== undefined && run.fillOpacity >= 0 && run.fillOpacity < 1) {
      o.ascii(`/${this.res.fillAlpha(Math.round(run.fillOpacity * 1000) / 1000)} gs\n`);
    }
    this.clipText = true;
    this.glyphs(run);
    this.clipText = false;
    this.endText();
    const { kind, coords: c, stops } = shading;
    const coords = kind === 'axial' ? [c[0]!, this.h - c[1]!, c[2]!, this.h - c[3]!] : [c[0]!, this.h - c[1]!, c[2]!, c[3]!, this.h - c[4]!, c[5]!];
    o.ascii(`/${this.res.shading({ kind, coords, stops })} sh\nQ\n`);
    this.restore(saved);
  }

  /** Paints (a path, a glyph run) whose fill lets what is under it show through: its own graphics state (§11.6.4.4). */
  private translucent(fillOpacity: number, draw: () => void): void {
    const o = this.out;
    this.endText();
    o.ascii('q\n');
    const saved = this.save();
    const alpha = Math.round(Math.max(0, fillOpacity) * 1000) / 1000;
    o.ascii(`/${this.res.fillAlpha(alpha)} gs\n`);
    draw();
    this.endText();
    o.ascii('Q\n');
    this.restore(saved);
  }

  /**
   * A path whose stroke lets what is under it show through (§11.6.4.4, CA) or has round joins and
   * caps (§8.4.3.3, 8.4.3.4): a glow's rings. Its own graphics state, inside q/Q.
   */
  private strokeStyled(item: PathItem, fillAlpha: number | undefined, strokeAlpha: number | undefined): void {
    const o = this.out;
    this.endText();
    o.ascii('q\n');
    const saved = this.save();
    if (fillAlpha !== undefined) o.ascii(`/${this.res.fillAlpha(Math.round(Math.max(0, fillAlpha) * 1000) / 1000)} gs\n`);
    if (strokeAlpha !== undefined) o.ascii(`/${this.res.strokeAlpha(Math.round(Math.max(0, strokeAlpha) * 1000) / 1000)} gs\n`);
    if (item.roundJoins) o.ascii('1 j 1 J\n');
    this.pathItem(item);
    o.ascii('Q\n');
    this.restore(saved);
  }

  private image(item: Extract<LayoutItem, { kind: 'image' }>): void {
    const name = this.res.image(item.image);
    if (!name || item.w <= 0 || item.h <= 0) return;
    const c = item.crop;
    // Cropping: draw the whole image scaled so the kept part fills the box, clipped to the box.
    const kw = c ? 1 - c.left - c.right : 1;
    const kh = c ? 1 - c.top - c.bottom : 1;
    const fullW = kw > 0.001 ? item.w / kw : item.w;
    const fullH = kh > 0.001 ? item.h / kh : item.h;
    const x0 = item.x - (c ? c.left * fullW : 0);
    const yTop = item.y - (c ? c.top * fullH : 0);
    const o = this.out;
    const from = o.len;
    o.ascii('q\n');
    // A translucent picture (a reflection's band): images paint with the fill alpha (§11.6.4.4).
    if (isPartial(item.opacity)) o.ascii(`/${this.res.fillAlpha(Math.round(item.opacity * 1000) / 1000)} gs\n`);
    const cx = item.x + item.w / 2;
    const cy = this.h - (item.y + item.h / 2);
    if (item.rotationDeg || item.flipH || item.flipV) {
      const rad = ((item.rotationDeg ?? 0) * Math.PI) / 180;
      const cos = roundTrig(Math.cos(-rad));
      const sin = roundTrig(Math.sin(-rad));
      const sx = item.flipH ? -1 : 1;
      const sy = item.flipV ? -1 : 1;
      o.ascii('1 0 0 1 '), o.numSp(cx), o.numSp(cy), o.ascii('cm\n');
      o.numSp(cos * sx), o.numSp(sin * sx), o.numSp(-sin * sy), o.numSp(cos * sy), o.ascii('0 0 cm\n');
      o.ascii('1 0 0 1 '), o.numSp(-cx), o.numSp(-cy), o.ascii('cm\n');
    }
    if (c) o.numSp(item.x), o.numSp(this.h - item.y - item.h), o.numSp(item.w), o.numSp(item.h), o.ascii('re W n\n');
    o.numSp(fullW), o.ascii('0 0 '), o.numSp(fullH), o.numSp(x0), o.numSp(this.h - yTop - fullH), o.ascii('cm\n');
    o.ascii(`/${name} Do\nQ\n`);
    this.res.imageWritten(item.image, from);
  }

  private group(item: GroupItem): void {
    const o = this.out;
    o.ascii('q\n');
    const saved = this.save();
    if (item.clip) o.numSp(item.clip.x), o.numSp(this.h - item.clip.y - item.clip.h), o.numSp(item.clip.w), o.numSp(item.clip.h), o.ascii('re W n\n');
    // Each cut-out: a rectangle around everything with the cut-out inside it, clipped even-odd.
    for (const r of item.clipOut ?? []) {
      o.ascii(CUT_OUT_FRAME), o.numSp(r.x), o.numSp(this.h - r.y - r.h), o.numSp(r.w), o.numSp(r.h), o.ascii('re W* n\n');
    }
    if (item.transform) {
      // Conjugate the y-down matrix by the page flip: F·M·F with F = [1 0 0 -1 0 h].
      const [a, b, c, d, e, f] = item.transform;
      o.numSp(a), o.numSp(-b), o.numSp(-c), o.numSp(d), o.numSp(e + c * this.h), o.numSp(this.h - f - d * this.h), o.ascii('cm\n');
    }
    // The mask is set after the transform: its form is drawn in the group's coordinates (§11.6.5.2).
    const mask = item.softMask ? this.res.softMask?.(item.softMask, this.h) : undefined;
    if (mask) o.ascii(`/${mask} gs\n`);
    for (const child of item.items) this.item(child);
    this.endText();
    o.ascii('Q\n');
    this.restore(saved);
  }

}

/** Whether an opacity lets what is under it show through (0 ≤ v < 1). */
function isPartial(v: number | undefined): v is number {
  return v !== undefined && v >= 0 && v < 1;
}

function roundTrig(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

/** The outer rectangle of a cut-out clip: far beyond any page (PDF's largest page is 14,400 units). */
const CUT_OUT_FRAME = '-100000 -100000 200000 200000 re ';
