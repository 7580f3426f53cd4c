/**
 * Phonetic guides (w:ruby, ECMA-376 Part 1 §17.3.3.25): the guide text is drawn at its size (w:hps)
 * with its baseline w:hpsRaise above the base's, over the base text's extent on the line, placed by
 * w:rubyAlign (ST_RubyAlign, §17.18.80). A guide wider than its base is centred on it.
 */
import type { GlyphRun, RubyGuide } from '../../model';
import type { FaceResolver } from '../faces';
import type { ParaContent } from '../inline/itemize';
import type { LineBox } from '../inline/line-box';
import type { ItemSink } from './sink';

/** Draws the guides whose base starts on the line (a base never breaks: paragraph.ts). */
export function emitRubies(line: LineBox, content: ParaContent, x0: number, baseline: number, sink: ItemSink, faces: FaceResolver): void {
  for (const r of content.rubies ?? []) {
    if (r.start < line.start || r.start >= Math.max(line.end, line.start + 1)) continue;
    const extent = baseExtent(line, r.start, r.end);
    if (extent) emitGuide(r.guide, x0 + extent.left, extent.right - extent.left, baseline - r.guide.raisePt, sink, faces);
  }
}

/** Left and right of the base text's glyphs on the line (their advances, as laid out). */
function baseExtent(line: LineBox, start: number, end: number): { left: number; right: number } | undefined {
  let left = Infinity;
  let right = -Infinity;
  for (const frag of line.fragments) {
    if (frag.k !== 'glyphs' || frag.piece.end <= start || frag.piece.start >= end) continue;
    let x = frag.x;
    frag.advances.forEach((a, g) => {
      const at = frag.piece.start + frag.piece.rel[g]!;
      if (at >= start && at < end) {
        left = Math.min(left, x, x + a);
        right = Math.max(right, x, x + a);
      }
      x += a;
    });
  }
  return left <= right ? { left, right } : undefined;
}

interface Shaped {
  readonly runs: Array<Omit<GlyphRun, 'x' | 'y'> & { readonly width: number }>;
  readonly width: number;
  readonly clusters: number;
}

/** The guide shaped in its faces (per-character fallback), one glyph run per face. */
function shapeGuide(guide: RubyGuide, sink: ItemSink, faces: FaceResolver): Shaped {
  const { props } = guide;
  const text = faces.mapText(guide.text, props);
  const runs: Shaped['runs'] = [];
  let width = 0;
  let clusters = 0;
  for (const seg of faces.segment(text, props)) {
    const part = text.slice(seg.start, seg.end);
    const s = seg.face.shape(part, false, false, false);
    const scale = (props.sizePt / seg.face.unitsPerEm) * (props.scalePct / 100);
    const advances = Array.from(s.advances, (a) => a * scale);
    const w = advances.reduce((t, a) => t + a, 0);
    clusters += new Set(Array.from(s.clusters)).size;
    const run = {
      kind: 'glyphs' as const, font: sink.resources.font(seg.face), sizePt: props.sizePt, glyphs: Array.from(s.glyphs), advances, text: part,
      clusters: Array.from(s.clusters), color: props.color ?? '000000', width: w,
      ...(props.scalePct !== 100 || seg.face.widthScale !== 1 ? { scalePct: props.scalePct * seg.face.widthScale } : {}),
    };
    runs.push(run);
    width += w;
  }
  return { runs, width, clusters };
}

/** Where the guide starts in the base's width and the extra space after each of its characters. */
function placement(guide: RubyGuide, baseWidth: number, width: number, clusters: number): { start: number; gap: number } {
  const free = baseWidth - width;
  if (free <= 0) return { start: free / 2, gap: 0 };
  switch (guide.align) {
    case 'left':
      return { start: 0, gap: 0 };
    case 'right':
      return { start: free, gap: 0 };
    case 'distributeLetter':
      return clusters > 1 ? { start: 0, gap: free / (clusters - 1) } : { start: free / 2, gap: 0 };
    case 'distributeSpace':
      // Equal space between the characters and half of it at either end.
      return { start: free / clusters / 2, gap: free / clusters };
    default:
      return { start: free / 2, gap: 0 };
  }
}

function emitGuide(guide: RubyGuide, left: number, baseWidth: number, y: number, sink: ItemSink, faces: FaceResolver): void {
  const shaped = shapeGuide(guide, sink, faces);
  if (shaped.clusters === 0) return;
  const { start, gap } = placement(guide, baseWidth, shaped.width, shaped.clusters);
  let x = left + start;
  let seen = 0;
  for (const { width: _w, ...run } of shaped.runs) {
    // The gap goes after each cluster but the guide's last one.
    const advances = run.advances.map((a, g) => {
      if (run.clusters[g + 1] === run.clusters[g]) return a;
      seen++;
      return seen < shaped.clusters ? a + gap : a;
    });
    const item: GlyphRun = { ...run, x, y, advances };
    sink.items.push(item);
    x += advances.reduce((t, a) => t + a, 0);
  }
}
