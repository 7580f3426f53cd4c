/**
 * Chart text through the engine's text stack: the document's FaceResolver picks faces (symbol
 * mapping and per-character fallback included) and shapes the text, and each face segment becomes
 * a GlyphRun, so chart titles, tick labels and legend entries are real, searchable PDF text.
 */
import type { Color, GlyphRun, LayoutItem, RunProps } from '../../model';
import type { FaceResolver } from '../faces';
import type { ItemSink } from '../emit/sink';

/** A chart text style resolved to concrete values. */
export interface TextStyle {
  readonly sizePt: number;
  readonly bold: boolean;
  readonly italic: boolean;
  readonly color: Color;
}

/** A shaped line of chart text, ready to place. */
export interface ShapedText {
  readonly text: string;
  readonly width: number;
  readonly ascent: number;
  readonly descent: number;
  /** Height of one line (ascent + descent + gap). */
  readonly lineHeight: number;
  readonly style: TextStyle;
  /** Emits the text with its baseline starting at (x, y). */
  place(x: number, y: number): LayoutItem[];
  /**
   * How far the glyphs' ink reaches above the baseline (`top`) and below it (`bottom`, positive
   * down), in points; undefined when no glyph's outline box is known (CFF faces, only spaces).
   */
  ink(): { readonly top: number; readonly bottom: number } | undefined;
}

/** Measures and draws chart text in one font family. */
export interface ChartText {
  shape(text: string, style: TextStyle): ShapedText;
}

const MAX_TEXT = 1000;

/** Creates the chart text helper over a face resolver, for a font family. */
export function createChartText(faces: FaceResolver, family: string, sink: ItemSink): ChartText {
  const propsCache = new Map<string, RunProps>();
  const propsOf = (style: TextStyle): RunProps => {
    const key = `${style.sizePt}|${style.bold ? 1 : 0}${style.italic ? 1 : 0}`;
    let p = propsCache.get(key);
    if (!p) {
      p = runProps(family, style);
      propsCache.set(key, p);
    }
    return p;
  };
  return {
    shape(text: string, style: TextStyle): ShapedText {
      const props = propsOf(style);
      const clean = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
      const mapped = faces.mapText(clean.replace(/[\u0000-\u001f]/g, ' '), props);
      const primary = faces.primary(props);
      const m = primary.chartMetrics(style.sizePt);
      const parts = faces.segment(mapped, props).map((seg) => shapeSegment(mapped, seg.start, seg.end, seg.face, style));
      let width = 0;
      for (const p of parts) width += p.width;
      return {
        text: mapped,
        width,
        ascent: m.ascentPt,
        descent: m.descentPt,
        lineHeight: m.lineHeightPt,
        style,
        place(x: number, y: number): LayoutItem[] {
          const out: LayoutItem[] = [];
          let pen = x;
          for (const p of parts) {
            if (p.glyphs.length > 0) {
              const run: GlyphRun = {
                kind: 'glyphs', x: pen, y, font: sink.resources.font(p.face), sizePt: style.sizePt, glyphs: p.glyphs, advances: p.advances,
                text: p.text, clusters: p.clusters, color: style.color,
                ...(p.face.widthScale !== 1 ? { scalePct: 100 * p.face.widthScale } : {}),
              };
              out.push(run);
            }
            pen += p.width;
          }
          return out;
        },
        ink: () => inkOf(parts, style.sizePt),
      };
    },
  };
}

/** The ink extent of shaped parts at a size (see ShapedText.ink). */
function inkOf(parts: readonly ShapedPart[], sizePt: number): { top: number; bottom: number } | undefined {
  let top = -Infinity;
  let bottom = -Infinity;
  for (const p of parts) {
    const k = sizePt / p.face.unitsPerEm;
    for (const g of p.glyphs) {
      const box = p.face.glyphInkBox?.(g);
      if (!box || box[3] <= box[1]) continue;
      top = Math.max(top, box[3] * k);
      bottom = Math.max(bottom, -box[1] * k);
    }
  }
  return top > -Infinity ? { top, bottom } : undefined;
}

interface ShapedPart {
  readonly face: Parameters<ItemSink['resources']['font']>[0];
  readonly text: string;
  readonly glyphs: number[];
  readonly advances: number[];
  readonly clusters: number[];
  readonly width: number;
}

function shapeSegment(text: string, start: number, end: number, face: ShapedPart['face'], style: TextStyle): ShapedPart {
  const str = text.slice(start, end);
  const shaped = face.shape(str, true, false, false);
  const scale = style.sizePt / face.unitsPerEm;
  const glyphs: number[] = [];
  const advances: number[] = [];
  const clusters: number[] = [];
  let width = 0;
  for (let g = 0; g < shaped.glyphs.length; g++) {
    glyphs.push(shaped.glyphs[g]!);
    const a = shaped.advances[g]! * scale;
    advances.push(a);
    clusters.push(shaped.clusters[g]!);
    width += a;
  }
  return { face, text: str, glyphs, advances, clusters, width };
}

/** Run properties for chart text (the chart's font; no decoration). */
export function runProps(family: string, style: TextStyle): RunProps {
  return {
    font: family, sizePt: style.sizePt, bold: style.bold, italic: style.italic, strike: false, doubleStrike: false, color: style.color,
    caps: false, smallCaps: false, vertAlign: 'baseline', positionPt: 0, spacingPt: 0, scalePct: 100, hidden: false, rtl: false,
  };
}
