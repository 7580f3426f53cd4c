/**
 * Phonetic guides (w:ruby, ECMA-376 Part 1 §17.3.3.25): the guide text is drawn at its size (w:hps)
 * with its baseline w:hpsRaise above the base's, over the base text's extent on the line, placed by
 * w:rubyAlign (ST_RubyAlign, §17.18.80). A guide wider than its base was given the base's width
 * when the base was shaped (inline/advances.ts), the room before the base included here.
 */
import type { GlyphRun, RubyGuide } from '../../model';
import type { FaceResolver } from '../faces';
import type { ParaContent } from '../inline/itemize';
import type { LineBox } from '../inline/line-box';
import { rubyShare } from '../inline/advances';
import { clusterCount, shapePlainText } from '../inline/plain-text';
import type { ItemSink } from './sink';

/** Draws the guides whose base starts on the line (a base never breaks: paragraph.ts). */
export function emitRubies(line: LineBox, content: ParaContent, x0: number, baseline: number, sink: ItemSink, faces: FaceResolver): void {
  for (const r of content.rubies ?? []) {
    if (r.start < line.start || r.start >= Math.max(line.end, line.start + 1)) continue;
    const extent = baseExtent(line, r.start, r.end);
    if (extent) emitGuide(r.guide, x0 + extent.left, extent.right - extent.left, baseline - r.guide.raisePt, sink, faces);
  }
}

/** Left and right of the base text's glyphs on the line (their advances, as laid out, and the lead before them). */
function baseExtent(line: LineBox, start: number, end: number): { left: number; right: number } | undefined {
  let left = Infinity;
  let right = -Infinity;
  for (const frag of line.fragments) {
    if (frag.k !== 'glyphs' || frag.end <= start || frag.start >= end) continue;
    let x = frag.x;
    if (frag.leadPt && frag.start >= start) left = Math.min(left, x - frag.leadPt);
    frag.advances.forEach((a, g) => {
      const at = frag.start + frag.rel[g]!;
      if (at >= start && at < end) {
        left = Math.min(left, x, x + a);
        right = Math.max(right, x, x + a);
      }
      x += a;
    });
  }
  return left <= right ? { left, right } : undefined;
}

/** Where the guide starts in the base's width and the extra space after each of its characters. */
function placement(guide: RubyGuide, baseWidth: number, width: number, clusters: number): { start: number; gap: number } {
  const free = baseWidth - width;
  // A wider guide has had its base set across it: what is left is rounding (or a base on two lines).
  if (free <= 0) return { start: free / 2, gap: 0 };
  const { lead, gap } = rubyShare(guide.align, free, clusters);
  return { start: lead, gap };
}

function emitGuide(guide: RubyGuide, left: number, baseWidth: number, y: number, sink: ItemSink, faces: FaceResolver): void {
  const { props } = guide;
  const shaped = shapePlainText(guide.text, props, props.sizePt, faces);
  const clusters = clusterCount(shaped.segments);
  if (clusters === 0) return;
  const { start, gap } = placement(guide, baseWidth, shaped.width, clusters);
  let x = left + start;
  let seen = 0;
  for (const seg of shaped.segments) {
    // The gap goes after each cluster but the guide's last one.
    const advances = seg.advances.map((a, g) => {
      if (seg.clusters[g + 1] === seg.clusters[g]) return a;
      seen++;
      return seen < clusters ? a + gap : a;
    });
    const run: GlyphRun = {
      kind: 'glyphs', x, y, font: sink.resources.font(seg.face), sizePt: props.sizePt, glyphs: seg.glyphs, advances, text: seg.text,
      clusters: seg.clusters, color: props.color ?? '000000',
      ...(props.scalePct !== 100 || seg.face.widthScale !== 1 ? { scalePct: props.scalePct * seg.face.widthScale } : {}),
    };
    sink.items.push(run);
    x += advances.reduce((t, a) => t + a, 0);
  }
}
