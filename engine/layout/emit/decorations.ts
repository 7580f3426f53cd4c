/**
 * Emit, decorations: what a line's glyph fragments draw besides their glyphs: highlight and
 * shading rectangles (behind the text), underlines, strike-through, East Asian emphasis marks and
 * link areas. Lines and marks follow the face's own metrics (post/OS/2 underline and strikeout
 * position and size) at the run's size; a fragment's trailing space is left undecorated after the
 * line's last ink unless the document underlines trailing spaces.
 */
import type { Color, EmphasisMark, LayoutItem, LinkTarget, PathCommand } from '../../model';
import type { Face } from '../faces';
import type { Span, TabLines } from '../inline/itemize';
import type { GlyphFragment } from '../inline/line-box';
import type { ItemSink } from './sink';

/** Whether a span draws anything besides its glyphs: a highlight or shading, lines or a link area. */
export function isDecorated(span: Span): boolean {
  const p = span.props;
  return span.underline || span.strike || span.link !== undefined || !!(p.highlight ?? p.shading?.fill);
}

export function decorate(frag: GlyphFragment, x: number, baseline: number, sink: ItemSink, lastInk: boolean, underlineTrailing: boolean): void {
  const span = frag.span;
  const p = span.props;
  const face = span.face;
  const scale = span.sizePt / face.unitsPerEm;
  const width = frag.width - (lastInk ? frag.trailingSpace : 0);
  // w:ulTrailSpace (ISO/IEC 29500-1 1st edition §17.15.3.8): the line's trailing spaces are underlined too.
  const ulWidth = underlineTrailing ? frag.width : width;
  if (width <= 0) {
    if (span.underline && ulWidth > 0) underline(span, x, baseline, ulWidth, sink);
    return;
  }
  const m = face.lineMetrics(span.sizePt);
  const top = baseline - span.risePt - m.ascentPt;
  const height = m.ascentPt + m.descentPt;
  const fill = p.highlight ?? p.shading?.fill;
  if (fill) sink.background.push({ kind: 'rect', x, y: top, w: frag.width, h: height, fill });
  if (span.underline) underline(span, x, baseline, ulWidth, sink);
  if (span.strike) strike(span, x, baseline, width, sink);
  if (span.link) emitLink(span.link, x, top, frag.width, height, sink);
}

/** What an underline or strike-through is drawn from: a span's, or a tab's run's (TabLines). */
type LineStyle = Pick<Span, 'props' | 'face' | 'sizePt' | 'risePt' | 'color'>;

/**
 * The underline or strike-through of a tab `width` wide at x, drawn as its run's (w:u, w:strike,
 * or an inserted or deleted tab's revision markup), as Word draws them across a tab that text
 * follows on its line (underlined tabs are the blanks of forms); line.ts leaves a line's trailing
 * tabs bare, as it does trailing spaces.
 */
export function decorateTab(lines: TabLines, face: Face, x: number, baseline: number, width: number, sink: ItemSink): void {
  if (!(width > 0)) return;
  const style: LineStyle = { props: lines.props, face, sizePt: lines.props.sizePt, risePt: lines.props.positionPt, color: lines.color };
  // ST_Underline 'words' (§17.18.99) underlines non-space characters only: not a tab.
  if (lines.underline && lines.props.underline?.style !== 'words') underline(style, x, baseline, width, sink);
  if (lines.strike) strike(style, x, baseline, width, sink);
}

function strike(span: LineStyle, x: number, baseline: number, width: number, sink: ItemSink): void {
  const face = span.face;
  const scale = span.sizePt / face.unitsPerEm;
  const thickness = Math.max(0.25, (face.strikeoutSize || face.unitsPerEm / 20) * scale);
  const y = baseline - span.risePt - (face.strikeoutPosition || face.unitsPerEm * 0.26) * scale;
  if (span.props.doubleStrike) {
    sink.items.push(line(x, y - thickness, width, thickness, span.color));
    sink.items.push(line(x, y + thickness, width, thickness, span.color));
  } else sink.items.push(line(x, y, width, thickness, span.color));
}

function underline(span: LineStyle, x: number, baseline: number, width: number, sink: ItemSink): void {
  const p = span.props;
  const face = span.face;
  const scale = span.sizePt / face.unitsPerEm;
  const thickness = Math.max(0.25, (face.underlineThickness || face.unitsPerEm / 20) * scale);
  const offset = (face.underlinePosition || face.unitsPerEm / 10) * scale;
  const color = p.underline?.color ?? span.color;
  const y = baseline - span.risePt + offset;
  const style = p.underline?.style ?? 'single';
  const dash = style.startsWith('dot') ? [thickness, thickness * 2] : style.startsWith('dash') ? [thickness * 4, thickness * 2] : undefined;
  const w = style === 'thick' || style.endsWith('Heavy') ? thickness * 2 : thickness;
  sink.items.push(line(x, y, width, w, color, dash));
  if (style === 'double' || style === 'wavyDouble') sink.items.push(line(x, y + w * 2, width, w, color, dash));
}

/**
 * East Asian emphasis marks (w:em, §17.3.2.12): one per character that is not a space, centred on
 * its advance, sized from the font size, just above the ascent or inside the descent. Where a mark
 * goes depends on the language (ST_Em, ECMA-376 1st edition §2.18.28): a dot is under the
 * characters in Chinese and Japanese and above them otherwise, a ring is under them in Traditional
 * Chinese, a comma is always above and underDot always below.
 */
export function emphasisMarks(frag: GlyphFragment, text: string, x: number, baseline: number, sink: ItemSink): void {
  const span = frag.span;
  const mark = span.props.emphasisMark!;
  const m = span.face.lineMetrics(span.sizePt);
  const r = span.sizePt * 0.08;
  const lang = (span.props.lang ?? '').toLowerCase();
  const below = mark === 'underDot' || (mark === 'dot' && /^(zh|ja)/.test(lang)) || (mark === 'circle' && /^zh-(tw|hk|mo)/.test(lang));
  const y = below ? baseline - span.risePt + m.descentPt - r * 1.5 : baseline - span.risePt - m.ascentPt - r * 0.5;
  const { advances, rel } = frag;
  let pen = x;
  for (let g = 0; g < advances.length; g++) {
    const at = frag.start + rel[g]!;
    const advance = advances[g]!;
    const sameCluster = g > 0 && rel[g] === rel[g - 1];
    if (!sameCluster && !/\s/.test(text[at] ?? ' ')) sink.items.push(markPath(mark, pen + advance / 2, y, r, span.color));
    pen += advance;
  }
}

/** A filled disc (dot, underDot), a ring (circle) or a disc with a tail to the lower left (comma). */
function markPath(mark: EmphasisMark, cx: number, cy: number, r: number, color: Color): LayoutItem {
  const k = r * 0.5523;
  const disc: PathCommand[] = [
    { op: 'M', x: cx + r, y: cy },
    { op: 'C', x1: cx + r, y1: cy + k, x2: cx + k, y2: cy + r, x: cx, y: cy + r },
    { op: 'C', x1: cx - k, y1: cy + r, x2: cx - r, y2: cy + k, x: cx - r, y: cy },
    { op: 'C', x1: cx - r, y1: cy - k, x2: cx - k, y2: cy - r, x: cx, y: cy - r },
    { op: 'C', x1: cx + k, y1: cy - r, x2: cx + r, y2: cy - k, x: cx + r, y: cy },
    { op: 'Z' },
  ];
  if (mark === 'circle') return { kind: 'path', commands: disc, stroke: color, lineWidth: r * 0.4 };
  if (mark === 'comma') {
    const tail: PathCommand[] = [{ op: 'M', x: cx + r, y: cy }, { op: 'C', x1: cx + r, y1: cy + r * 1.6, x2: cx - r * 0.4, y2: cy + r * 2.2, x: cx - r * 1.1, y: cy + r * 2.4 }, { op: 'L', x: cx - r * 0.2, y: cy + r * 0.9 }, { op: 'Z' }];
    return { kind: 'path', commands: [...disc, ...tail], fill: color };
  }
  return { kind: 'path', commands: disc, fill: color };
}

function line(x: number, y: number, width: number, w: number, color: string, dash?: number[]): LayoutItem {
  return dash ? { kind: 'line', x1: x, y1: y, x2: x + width, y2: y, width: w, color, dash } : { kind: 'line', x1: x, y1: y, x2: x + width, y2: y, width: w, color };
}

function emitLink(link: LinkTarget, x: number, y: number, w: number, h: number, sink: ItemSink): void {
  const prev = sink.items[sink.items.length - 1];
  const target = 'url' in link ? { url: link.url } : { dest: link.anchor };
  // Merge with the previous link area on the same line for the same target.
  if (prev && prev.kind === 'link' && Math.abs(prev.y - y) < 0.5 && Math.abs(prev.x + prev.w - x) < 0.5 && prev.url === target.url && prev.dest === target.dest) {
    sink.items[sink.items.length - 1] = { ...prev, w: prev.w + w, h: Math.max(prev.h, h) };
    return;
  }
  sink.items.push({ kind: 'link', x, y, w, h, ...target });
}
