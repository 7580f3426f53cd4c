/**
 * Emit: a finished line box → page items (glyph runs, run border boxes, rubies, bookmark destinations;
 * its decorations are drawn by decorations.ts, its objects, equations and tab leaders by specials.ts).
 */
import type { GlyphRun, LayoutItem } from '../../model';
import type { FaceResolver } from '../faces';
import type { ObjectInline, ParaContent, Span } from '../inline/itemize';
import type { Fragment, GlyphFragment, LineBox } from '../inline/line-box';
import type { ItemSink } from './sink';
import { decorate, emphasisMarks, isDecorated } from './decorations';
import { emitRubies } from './ruby';
import { emitRunBorders } from './run-borders';
import { emitSpecial } from './specials';
import { emitWithEffects, hasEffects, sameEffects, type EffectBudgets } from './text-effects';
import { isInkSpecial } from '../inline/pieces';
import { drawnHyphens } from '../no-break-hyphen';

/** Draws inline objects (pictures, shapes, charts) at a box. */
export type ObjectEmitter = (inline: ObjectInline, x: number, y: number, sink: ItemSink) => void;

/** What line emission needs besides the line. */
export interface EmitContext extends EffectBudgets {
  readonly faces: FaceResolver;
  readonly drawObject: ObjectEmitter;
  /**
   * Draws a floating object anchored in a paragraph whose box starts at (x, paragraphTop); the box
   * is the paragraph's column, `columnWidth` wide (the page's text width when not given).
   */
  drawFloat(inline: ObjectInline, columnX: number, paragraphTop: number, sink: ItemSink, columnWidth?: number): void;
  /** The document's w:ulTrailSpace: a line's trailing spaces are underlined as well. */
  readonly underlineTrailingSpaces?: boolean;
}

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
      emitSpecial(frag, content, x0, baseline, sink, ctx, f < lastInk);
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
  /** The run's span; none between runs. */
  private span: Span | undefined;
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
    const own = this.span;
    return (
      own !== undefined &&
      span.face === own.face &&
      span.sizePt === own.sizePt &&
      span.color === own.color &&
      (span.props === own.props || sameEffects(span.props, own.props)) &&
      span.props.scalePct === own.props.scalePct &&
      (span.level ?? 0) === (own.level ?? 0) &&
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

  /**
   * Builds the run and adds it to `target`, with the copies its text effects draw behind it. The
   * builder then lets go of the run's span and fragments: it lives as long as the module, and what
   * it held of the last run drawn (the span's face and its document's FontContext, with the
   * document's fonts) stayed alive in a worker until its next document drew text.
   */
  emit(text: string, target: LayoutItem[], ctx: EmitContext): void {
    const run = this.build(text);
    const span = this.span!;
    this.frags.length = 0;
    this.span = undefined;
    if (hasEffects(span.props)) emitWithEffects(run, span.props, span.face, target, ctx);
    else target.push(run);
  }

  build(text: string): GlyphRun {
    const span = this.span!;
    const base = this.start;
    // Extracted as drawn: a non-breaking hyphen as the hyphen-minus whose glyph it shows.
    const runText = drawnHyphens(text.slice(base, this.end));
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
      sizePt: span.sizePt,
      glyphs,
      advances,
      text: runText,
      clusters,
      color: span.color,
    };
    // w:w character scale, times the face's own when it is a stand-in fitted to another's widths.
    if (span.props.scalePct !== 100 || span.face.widthScale !== 1) run.scalePct = span.props.scalePct * span.face.widthScale;
    if (((span.level ?? 0) & 1) === 1) run.rtl = true;
    return run;
  }
}

const runBuilder = new RunBuilder();
