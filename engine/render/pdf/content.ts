/**
 * Content streams (ISO 32000-1 §8–9): page items → PDF operators.
 *
 * Layout coordinates are y-down from the page's top-left; PDF's are y-up from the bottom-left, so
 * every y is flipped here. Text is drawn glyph by glyph with TJ, whose adjustments carry kerning,
 * letter spacing and justification (§9.4.3), so pen positions match the layout exactly.
 */
import { formatPdfNumber } from '../../core';
import type { GlyphRun, LayoutItem, LayoutPage, PathCommand } from '../../model';

/** How a font is addressed in content: its resource name, glyph remapping and widths. */
export interface ContentFont {
  readonly resource: string;
  /** Original glyph id → glyph id in the embedded subset. */
  readonly glyphMap: ReadonlyMap<number, number>;
  /** Advance width of an ORIGINAL glyph id in 1/1000 text space units (what /W says for its CID). */
  width(glyph: number): number;
  readonly syntheticBold: boolean;
  readonly syntheticItalic: boolean;
}

/** Resolvers for fonts and images used by a page. */
export interface ContentResources {
  font(index: number): ContentFont;
  /** Resource name of an image XObject. */
  image(index: number): string | undefined;
}

const n = formatPdfNumber;

/** Writes the content stream of a page. */
export function pageContent(page: LayoutPage, res: ContentResources): string {
  const w = new ContentWriter(page.heightPt, res);
  for (const item of page.items) w.item(item);
  return w.finish();
}

function hexColor(color: string): [number, number, number] {
  const v = parseInt(color, 16);
  if (!Number.isFinite(v) || color.length !== 6) return [0, 0, 0];
  return [((v >> 16) & 255) / 255, ((v >> 8) & 255) / 255, (v & 255) / 255];
}

class ContentWriter {
  private readonly out: string[] = [];
  private fill = '';
  private stroke = '';
  private lineWidth = -1;
  private dash = '';

  constructor(
    private readonly h: number,
    private readonly res: ContentResources,
  ) {}

  finish(): string {
    return this.out.join('\n');
  }

  item(item: LayoutItem): void {
    switch (item.kind) {
      case 'glyphs':
        this.glyphs(item);
        break;
      case 'rect':
        this.rect(item.x, item.y, item.w, item.h, item.fill, item.stroke, item.lineWidth);
        break;
      case 'line':
        this.setStroke(item.color);
        this.setLineWidth(item.width);
        this.setDash(item.dash);
        this.out.push(`${n(item.x1)} ${n(this.h - item.y1)} m ${n(item.x2)} ${n(this.h - item.y2)} l S`);
        break;
      case 'path':
        this.path(item.commands, item.fill, item.stroke, item.lineWidth, item.dash);
        break;
      case 'image':
        this.image(item);
        break;
      case 'group':
        this.group(item);
        break;
      case 'link':
        break;
    }
  }

  private setFill(color: string): void {
    if (color === this.fill) return;
    const [r, g, b] = hexColor(color);
    this.out.push(`${n(r)} ${n(g)} ${n(b)} rg`);
    this.fill = color;
  }

  private setStroke(color: string): void {
    if (color === this.stroke) return;
    const [r, g, b] = hexColor(color);
    this.out.push(`${n(r)} ${n(g)} ${n(b)} RG`);
    this.stroke = color;
  }

  private setLineWidth(width: number): void {
    if (width === this.lineWidth) return;
    this.out.push(`${n(width)} w`);
    this.lineWidth = width;
  }

  private setDash(dash: readonly number[] | undefined): void {
    const d = dash && dash.length > 0 ? `[${dash.map((v) => n(v)).join(' ')}] 0 d` : '[] 0 d';
    if (d === this.dash || (this.dash === '' && d === '[] 0 d')) return;
    this.out.push(d);
    this.dash = d;
  }

  private rect(x: number, y: number, w: number, h: number, fill?: string, stroke?: string, lineWidth?: number): void {
    if (!fill && !stroke) return;
    if (fill) this.setFill(fill);
    if (stroke) {
      this.setStroke(stroke);
      this.setLineWidth(lineWidth ?? 1);
      this.setDash(undefined);
    }
    const op = fill && stroke ? 'B' : fill ? 'f' : 'S';
    this.out.push(`${n(x)} ${n(this.h - y - h)} ${n(w)} ${n(h)} re ${op}`);
  }

  private path(commands: readonly PathCommand[], fill?: string, stroke?: string, lineWidth?: number, dash?: readonly number[]): void {
    if (!fill && !stroke) return;
    const parts: string[] = [];
    for (const c of commands) {
      if (c.op === 'Z') parts.push('h');
      else if (c.op === 'C') parts.push(`${n(c.x1)} ${n(this.h - c.y1)} ${n(c.x2)} ${n(this.h - c.y2)} ${n(c.x)} ${n(this.h - c.y)} c`);
      else parts.push(`${n(c.x)} ${n(this.h - c.y)} ${c.op === 'M' ? 'm' : 'l'}`);
    }
    if (fill) this.setFill(fill);
    if (stroke) {
      this.setStroke(stroke);
      this.setLineWidth(lineWidth ?? 1);
      this.setDash(dash);
    }
    parts.push(fill && stroke ? 'B' : fill ? 'f' : 'S');
    this.out.push(parts.join(' '));
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
    const ops: string[] = ['q'];
    const cx = item.x + item.w / 2;
    const cy = this.h - (item.y + item.h / 2);
    if (item.rotationDeg || item.flipH || item.flipV) {
      const rad = ((item.rotationDeg ?? 0) * Math.PI) / 180;
      const cos = roundTrig(Math.cos(-rad));
      const sin = roundTrig(Math.sin(-rad));
      const sx = item.flipH ? -1 : 1;
      const sy = item.flipV ? -1 : 1;
      ops.push(`1 0 0 1 ${n(cx)} ${n(cy)} cm`, `${n(cos * sx)} ${n(sin * sx)} ${n(-sin * sy)} ${n(cos * sy)} 0 0 cm`, `1 0 0 1 ${n(-cx)} ${n(-cy)} cm`);
    }
    if (c) ops.push(`${n(item.x)} ${n(this.h - item.y - item.h)} ${n(item.w)} ${n(item.h)} re W n`);
    ops.push(`${n(fullW)} 0 0 ${n(fullH)} ${n(x0)} ${n(this.h - yTop - fullH)} cm`, `/${name} Do`, 'Q');
    this.out.push(ops.join('\n'));
  }

  private group(item: Extract<LayoutItem, { kind: 'group' }>): void {
    this.out.push('q');
    const saved = [this.fill, this.stroke, this.lineWidth, this.dash] as const;
    if (item.clip) this.out.push(`${n(item.clip.x)} ${n(this.h - item.clip.y - item.clip.h)} ${n(item.clip.w)} ${n(item.clip.h)} re W n`);
    if (item.transform) {
      // Conjugate the y-down matrix by the page flip: F·M·F with F = [1 0 0 -1 0 h].
      const [a, b, c, d, e, f] = item.transform;
      this.out.push(`${n(a)} ${n(-b)} ${n(-c)} ${n(d)} ${n(e + c * this.h)} ${n(this.h - f - d * this.h)} cm`);
    }
    for (const child of item.items) this.item(child);
    this.out.push('Q');
    [this.fill, this.stroke, this.lineWidth, this.dash] = saved;
  }

  private glyphs(run: GlyphRun): void {
    if (run.glyphs.length === 0) return;
    const font = this.res.font(run.font);
    this.setFill(run.color);
    const th = (run.scalePct ?? 100) / 100;
    const ops: string[] = ['BT', `/${font.resource} ${n(run.sizePt)} Tf`];
    if (th !== 1) ops.push(`${n(th * 100)} Tz`);
    if (font.syntheticBold) {
      this.setStroke(run.color);
      ops.push('2 Tr', `${n(run.sizePt * 0.03)} w`);
      this.lineWidth = -1;
    }
    const y = this.h - run.y;
    ops.push(font.syntheticItalic ? `1 0 0.2126 1 ${n(run.x)} ${n(y)} Tm` : `1 0 0 1 ${n(run.x)} ${n(y)} Tm`);
    ops.push(tjArray(run, font, th) + ' TJ');
    if (font.syntheticBold) ops.push('0 Tr');
    ops.push('ET');
    this.out.push(ops.join(' '));
  }
}

function roundTrig(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

/**
 * Builds `[(..) adj (..)]` placing each glyph at its layout advance. Codes are two raw bytes per glyph
 * in literal strings (§7.3.4.2), half the size of hex strings; the stream is written as Latin-1 bytes.
 */
function tjArray(run: GlyphRun, font: ContentFont, th: number): string {
  let out = '[';
  let str = '';
  const scale = 1000 / (run.sizePt * th);
  const last = run.glyphs.length - 1;
  for (let i = 0; i <= last; i++) {
    const g = run.glyphs[i]!;
    const cid = font.glyphMap.get(g) ?? 0;
    str += byteChar(cid >> 8) + byteChar(cid & 255);
    if (i === last) break;
    const adj = font.width(g) - run.advances[i]! * scale;
    if (adj >= 0.05 || adj <= -0.05) {
      out += '(' + str + ')' + n(adj, 2);
      str = '';
    }
  }
  if (str) out += '(' + str + ')';
  return out + ']';
}

const BYTE_CHARS: string[] = Array.from({ length: 256 }, (_, b) =>
  b === 0x28 ? '\\(' : b === 0x29 ? '\\)' : b === 0x5c ? '\\\\' : b === 0x0d ? '\\r' : b === 0x0a ? '\\n' : String.fromCharCode(b),
);

function byteChar(b: number): string {
  return BYTE_CHARS[b]!;
}
