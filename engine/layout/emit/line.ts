/**
 * Emit: a finished line box → page items (glyph runs, highlights, underlines, strike-through,
 * run border boxes, tab leaders, inline objects, links, bookmark destinations).
 */
import type { Color, EmphasisMark, GlyphRun, LayoutItem, LinkTarget, PathCommand } from '../../model';
import type { Face, FaceResolver } from '../faces';
import type { ObjectInline, ParaContent, Span, Special } from '../inline/itemize';
import type { Fragment, GlyphFragment, LineBox } from '../inline/line-box';
import type { ItemSink } from './sink';
import { emitMath } from '../math';
import { emitRubies } from './ruby';
import { emitRunBorders } from './run-borders';
import { emitWithEffects, hasEffects, sameEffects } from './text-effects';
import { emitUpright } from './upright';
import { CHECKBOX_LINE_PT, checkBoxTopPt } from '../inline/check-box';
import { isInkSpecial } from '../inline/pieces';

/** Draws inline objects (pictures, shapes, charts) at a box. */
export type ObjectEmitter = (inline: ObjectInline, x: number, y: number, sink: ItemSink) => void;

/** What line emission needs besides the line. */
export interface EmitContext {
  readonly faces: FaceResolver;
  readonly drawObject: ObjectEmitter;
  /**
   * Draws a floating object anchored in a paragraph whose box starts at (x, paragraphTop); the box
   * is the paragraph's column, `columnWidth` wide (the page's text width when not given).
   */
  drawFloat(inline: ObjectInline, columnX: number, paragraphTop: number, sink: ItemSink, columnWidth?: number): void;
  /** The document's w:ulTrailSpace: a line's trailing spaces are underlined as well. */
  readonly underlineTrailingSpaces?: boolean;
  /**
   * Whether a text's glows and reflections, `items`, may be drawn (the document's effect budget,
   * LayoutBudget.effectsDrawn); all are drawn when not given.
   */
  textEffectsDrawn?(items: readonly LayoutItem[]): boolean;
  /** Whether textEffectsDrawn refuses every text effect from now on (LayoutBudget.effectsSpent). */
  textEffectsSpent?(): boolean;
}

const LEADER_CHAR: Record<string, string> = { dot: '.', hyphen: '-', underscore: '_', heavy: '_', middleDot: '\u00B7' };

/** Emits a line whose box starts at `x0` (paragraph box left) and `yTop`. */
export function emitLine(line: LineBox, content: ParaContent, x0: number, yTop: number, sink: ItemSink, ctx: EmitContext): void {
  const baseline = yTop + line.baselinePt;
  let run: RunBuilder | undefined;
  const builder = runBuilder;
  const frags = line.fragments;
  const lastInk = lastInkIndex(frags);
  for (let f = 0; f < frags.length; f++) {
    const frag = frags[f]!;
    if (frag.k === 'special') {
      if (run) run.emit(content.text, sink.items, ctx);
      run = undefined;
      emitSpecial(frag, content, x0, baseline, sink, ctx);
      continue;
    }
    const span = frag.span;
    const x = x0 + frag.x;
    const y = baseline - span.risePt;
    if (run && run.accepts(span, x, y)) run.append(frag);
    else if (run && run.acceptsBefore(span, x, y, frag.width)) run.prepend(frag);
    else {
      if (run) run.emit(content.text, sink.items, ctx);
      run = builder.begin(span, x, y, sink.resources.font(span.face));
      run.append(frag);
    }
    if (isDecorated(span)) decorate(frag, x, baseline, sink, f >= lastInk, ctx.underlineTrailingSpaces === true);
    if (span.props.emphasisMark) emphasisMarks(frag, content.text, x, baseline, sink);
  }
  if (run) run.emit(content.text, sink.items, ctx);
  if (content.runBorders) emitRunBorders(frags, x0, baseline, lastInk, sink);
  if (content.rubies) emitRubies(line, content, x0, baseline, sink, ctx.faces);
  for (const m of content.markers) {
    if (m.at < line.start || m.at >= Math.max(line.end, line.start + 1)) continue;
    if (m.inline.kind === 'bookmark' && m.inline.edge === 'start' && m.inline.name) {
      sink.destination(m.inline.name, x0 + xAt(line, m.at), yTop);
    }
  }
}

/**
 * Index of the last fragment with ink (glyphs wider than their trailing space, or an object); −1
 * when none. A fragment at or after it has no ink after it, so its trailing space is not decorated.
 */
function lastInkIndex(frags: readonly Fragment[]): number {
  for (let k = frags.length - 1; k >= 0; k--) {
    const o = frags[k]!;
    if (o.k === 'glyphs' && o.width - o.trailingSpace > 0) return k;
    if (o.k === 'special' && isInkSpecial(o.piece.special)) return k;
  }
  return -1;
}

/** x of a text index on the line, relative to the paragraph box. */
export function xAt(line: LineBox, index: number): number {
  for (const frag of line.fragments) {
    if (frag.k === 'special') {
      if (index >= frag.piece.start && index < frag.piece.end) return frag.x;
      continue;
    }
    if (index < frag.start || index >= frag.end) continue;
    let x = frag.x;
    for (let g = 0; g < frag.advances.length && frag.start + frag.rel[g]! < index; g++) x += frag.advances[g]!;
    return x;
  }
  return line.fragments.length > 0 ? line.fragments[0]!.x : 0;
}

/**
 * Collects the fragments of one glyph run; the glyph, advance and cluster arrays are allocated at
 * their final size when the run is built (growing them glyph by glyph was a tenth of layout time,
 * most of it in garbage collection). One builder serves every run, begun again for each: a run is
 * built before anything else is drawn (an inline object may lay out and emit text of its own).
 */
class RunBuilder {
  private readonly frags: GlyphFragment[] = [];
  private glyphCount = 0;
  private start = -1;
  private end = -1;
  private span!: Span;
  private x = 0;
  private y = 0;
  private font = 0;
  private xEnd = 0;

  begin(span: Span, x: number, y: number, font: number): this {
    this.frags.length = 0;
    this.glyphCount = 0;
    this.start = -1;
    this.end = -1;
    this.span = span;
    this.x = x;
    this.y = y;
    this.font = font;
    this.xEnd = x;
    return this;
  }

  accepts(span: Span, x: number, y: number): boolean {
    return this.sameStyle(span, y) && Math.abs(x - this.xEnd) < 0.01;
  }

  /**
   * Whether a right-to-left fragment continues the run leftwards: fragments come in logical order,
   * so the next piece of right-to-left text ends where the run starts. One run per direction
   * stretch keeps a word and its punctuation together for text extraction.
   */
  acceptsBefore(span: Span, x: number, y: number, width: number): boolean {
    return ((span.level ?? 0) & 1) === 1 && this.sameStyle(span, y) && Math.abs(x + width - this.x) < 0.01;
  }

  private sameStyle(span: Span, y: number): boolean {
    return (
      span.face === this.span.face &&
      span.sizePt === this.span.sizePt &&
      span.color === this.span.color &&
      (span.props === this.span.props || sameEffects(span.props, this.span.props)) &&
      span.props.scalePct === this.span.props.scalePct &&
      (span.level ?? 0) === (this.span.level ?? 0) &&
      Math.abs(y - this.y) < 0.001
    );
  }

  prepend(frag: GlyphFragment): void {
    this.start = Math.min(this.start, frag.start);
    this.end = Math.max(this.end, frag.end);
    this.frags.unshift(frag);
    this.glyphCount += frag.glyphs.length;
    this.x -= frag.width;
  }

  append(frag: GlyphFragment): void {
    if (this.start < 0 || frag.start < this.start) this.start = frag.start;
    this.frags.push(frag);
    this.glyphCount += frag.glyphs.length;
    this.end = Math.max(this.end, frag.end);
    this.xEnd += frag.width;
  }

  /** Builds the run and adds it to `target`, with the copies its text effects draw behind it. */
  emit(text: string, target: LayoutItem[], ctx: EmitContext): void {
    const run = this.build(text);
    if (hasEffects(this.span.props)) emitWithEffects(run, this.span.props, this.span.face, target, ctx.textEffectsDrawn && ((items) => ctx.textEffectsDrawn!(items)), ctx.textEffectsSpent && (() => ctx.textEffectsSpent!()));
    else target.push(run);
  }

  build(text: string): GlyphRun {
    const base = this.start;
    const runText = text.slice(base, this.end);
    const n = this.glyphCount;
    const glyphs = new Array<number>(n);
    const advances = new Array<number>(n);
    const clusters = new Array<number>(n);
    let k = 0;
    for (const frag of this.frags) {
      const offset = frag.start - base;
      for (let g = 0; g < frag.glyphs.length; g++, k++) {
        glyphs[k] = frag.glyphs[g]!;
        advances[k] = frag.advances[g]!;
        clusters[k] = offset + frag.rel[g]!;
      }
    }
    const run: { -readonly [K in keyof GlyphRun]: GlyphRun[K] } = {
      kind: 'glyphs',
      x: this.x,
      y: this.y,
      font: this.font,
      sizePt: this.span.sizePt,
      glyphs,
      advances,
      text: runText,
      clusters,
      color: this.span.color,
    };
    // w:w character scale, times the face's own when it is a stand-in fitted to another's widths.
    if (this.span.props.scalePct !== 100 || this.span.face.widthScale !== 1) run.scalePct = this.span.props.scalePct * this.span.face.widthScale;
    if (((this.span.level ?? 0) & 1) === 1) run.rtl = true;
    return run;
  }
}

const runBuilder = new RunBuilder();

/** Whether a span draws anything besides its glyphs: a highlight or shading, lines or a link area. */
function isDecorated(span: Span): boolean {
  const p = span.props;
  return span.underline || span.strike || span.link !== undefined || !!(p.highlight ?? p.shading?.fill);
}

function decorate(frag: GlyphFragment, x: number, baseline: number, sink: ItemSink, lastInk: boolean, underlineTrailing: boolean): void {
  const span = frag.span;
  const p = span.props;
  const face = span.face;
  const scale = span.sizePt / face.unitsPerEm;
  const width = frag.width - (lastInk ? frag.trailingSpace : 0);
  // w:ulTrailSpace (ISO/IEC 29500-1 1st edition §17.15.3.8): the line's trailing spaces are underlined too.
  const ulWidth = underlineTrailing ? frag.width : width;
  if (width <= 0) {
    if (span.underline && ulWidth > 0) underline(frag, x, baseline, ulWidth, sink);
    return;
  }
  const m = face.lineMetrics(span.sizePt);
  const top = baseline - span.risePt - m.ascentPt;
  const height = m.ascentPt + m.descentPt;
  const fill = p.highlight ?? p.shading?.fill;
  if (fill) sink.background.push({ kind: 'rect', x, y: top, w: frag.width, h: height, fill });
  if (span.underline) underline(frag, x, baseline, ulWidth, sink);
  if (span.strike) {
    const thickness = Math.max(0.25, (face.strikeoutSize || face.unitsPerEm / 20) * scale);
    const y = baseline - span.risePt - (face.strikeoutPosition || face.unitsPerEm * 0.26) * scale;
    if (p.doubleStrike) {
      sink.items.push(line(x, y - thickness, width, thickness, span.color));
      sink.items.push(line(x, y + thickness, width, thickness, span.color));
    } else sink.items.push(line(x, y, width, thickness, span.color));
  }
  if (span.link) emitLink(span.link, x, top, frag.width, height, sink);
}

function underline(frag: GlyphFragment, x: number, baseline: number, width: number, sink: ItemSink): void {
  const span = frag.span;
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
function emphasisMarks(frag: GlyphFragment, text: string, x: number, baseline: number, sink: ItemSink): void {
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

/**
 * Where display math starts in its line (m:jc): left, right, centred, or, for the equations of an
 * m:oMathPara aligned as a group (centerGroup), left-aligned in their widest one, which is centred.
 */
function mathOffset(s: Extract<Special, { kind: 'math' }>, lineWidth: number): number {
  if (!s.display || s.inline.jc === 'left') return 0;
  const free = lineWidth - s.box.width;
  if (s.inline.jc === 'right') return free;
  if (s.groupWidth === undefined) return free / 2;
  return Math.max(0, Math.min(free, (lineWidth - s.groupWidth) / 2));
}

function emitSpecial(frag: Extract<Fragment, { k: 'special' }>, content: ParaContent, x0: number, baseline: number, sink: ItemSink, ctx: EmitContext): void {
  const s = frag.piece.special;
  if (s.kind === 'object') {
    const inset = frag.piece.inset;
    ctx.drawObject(s.inline, x0 + frag.x + (inset?.left ?? 0), baseline - frag.piece.ascent + (inset?.top ?? 0), sink);
    return;
  }
  if (s.kind === 'math') {
    emitMath(s.box, x0 + frag.x + mathOffset(s, frag.piece.width), baseline, sink);
    return;
  }
  if (s.kind === 'checkBox') {
    emitCheckBox(s, x0 + frag.x, baseline, sink, ctx.faces);
    return;
  }
  if (s.kind === 'combined') {
    emitMath(s.box, x0 + frag.x, baseline, sink);
    return;
  }
  if (s.kind === 'upright') {
    emitUpright(s.box, s.props, x0 + frag.x, baseline, sink);
    return;
  }
  if (s.kind === 'tab' && frag.leader && frag.width > 0) {
    const ch = LEADER_CHAR[frag.leader];
    if (!ch) return;
    const face = ctx.faces.primary(s.props);
    emitLeader(face, ch, s.props.sizePt, s.props.color ?? '000000', x0 + frag.x, frag.width, baseline, sink);
  }
  void content;
}

/**
 * A legacy form checkbox: a square of its side, centred on the band between its font's ascent and
 * descent (where a character of the run would sit), outlined in the run's colour and crossed when
 * checked, as Word draws the box of a FORMCHECKBOX field (its state is the field's whole result).
 */
function emitCheckBox(s: Extract<Special, { kind: 'checkBox' }>, x: number, baseline: number, sink: ItemSink, faces: FaceResolver): void {
  const side = s.sidePt;
  if (!(side > 0)) return;
  const top = baseline + checkBoxTopPt(s, faces);
  const color = s.props.color ?? '000000';
  const w = CHECKBOX_LINE_PT;
  const half = w / 2;
  sink.items.push({ kind: 'rect', x: x + half, y: top + half, w: side - w, h: side - w, stroke: color, lineWidth: w });
  if (!s.inline.checked) return;
  sink.items.push({ kind: 'line', x1: x + half, y1: top + half, x2: x + side - half, y2: top + side - half, width: w, color });
  sink.items.push({ kind: 'line', x1: x + half, y1: top + side - half, x2: x + side - half, y2: top + half, width: w, color });
}

function emitLeader(face: Face, ch: string, sizePt: number, color: string, x: number, width: number, baseline: number, sink: ItemSink): void {
  const shaped = face.shape(ch, false, false, false);
  if (shaped.glyphs.length !== 1) return;
  const adv = (shaped.advances[0]! * sizePt) / face.unitsPerEm;
  if (adv <= 0.1) return;
  // Aligned to the stop: Word ends the leader about 0.44 of a leader character before the text at
  // the stop and starts it where a whole character still fits (measured on the TOC leaders of
  // Docx4j_GettingStarted's Word render: 11 pt Calibri dots end 1.18-1.21 pt before the page number,
  // and begin 0.04-2.45 pt after the entry's text, always less than one dot).
  const end = x + width - adv * 0.44;
  const count = Math.floor((end - x) / adv + 1e-6);
  if (count < 1) return;
  const startX = end - count * adv;
  sink.items.push({
    kind: 'glyphs',
    x: startX,
    y: baseline,
    font: sink.resources.font(face),
    sizePt,
    glyphs: new Array<number>(count).fill(shaped.glyphs[0]!),
    advances: new Array<number>(count).fill(adv),
    text: ch.repeat(count),
    clusters: Array.from({ length: count }, (_, i) => i),
    color,
    ...(face.widthScale !== 1 ? { scalePct: 100 * face.widthScale } : {}),
  });
}
