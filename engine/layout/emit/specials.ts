/**
 * Emit, specials: the pieces of a line that are not text runs: inline objects (drawn through the
 * context's ObjectEmitter at their box), equations, a form checkbox's box and cross, combined and
 * upright characters, and the leader of a tab (dots, hyphens, rules up to the tab's stop).
 * A special draws only inside its fragment's advance; the text runs around it are emitted by
 * line.ts, which ends the current run before a special.
 */
import type { Face, FaceResolver } from '../faces';
import type { ParaContent, Special } from '../inline/itemize';
import type { Fragment } from '../inline/line-box';
import type { EmitContext } from './line';
import type { ItemSink } from './sink';
import { emitMath } from '../math';
import { emitUpright } from './upright';
import { decorateTab } from './decorations';
import { CHECKBOX_LINE_PT, checkBoxTopPt } from '../inline/check-box';

const LEADER_CHAR: Record<string, string> = { dot: '.', hyphen: '-', underscore: '_', heavy: '_', middleDot: '\u00B7' };

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

/** Draws a special fragment; `inkAfter`: the line has ink after it (a tab's underline is then drawn). */
export function emitSpecial(
  frag: Extract<Fragment, { k: 'special' }>, content: ParaContent, x0: number, baseline: number, sink: ItemSink, ctx: EmitContext, inkAfter = false,
): void {
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
  if (s.kind === 'tab' && s.lines && inkAfter) decorateTab(s.lines, ctx.faces.primary(s.props), x0 + frag.x, baseline, frag.width, sink);
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
