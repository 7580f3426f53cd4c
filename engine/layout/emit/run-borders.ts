/**
 * Run borders (w:rPr/w:bdr, ECMA-376 Part 1 §17.3.2.4) drawn: one box around each stretch of a line
 * whose adjacent fragments have identical borders ("rendered within the same set of borders"), with
 * no border between runs of one group. Each line's part of a group is a closed box of its own.
 *
 * Geometry follows LibreOffice's renders (no Word render in the corpus has a run border): the box's
 * inside reaches from the top of the fonts' lines (ascent and leading) to the bottom of their
 * descent, w:space further out on every side, and the border lies outside that; sideways, the room
 * the group keeps at its ends (inline/run-borders.ts) holds the padding and the border. In
 * aspose-Rendering, 12 pt Liberation Serif with a 1 pt border: box from 12.2 pt above the baseline
 * to 3.55 below, its left edge 1.1 pt before the first letter. A shadowed border (w:shadow) casts
 * its right and bottom sides again, moved right and down by their width, as paragraph borders do.
 */
import type { Border } from '../../model';
import { borderLines, shadowLines } from '../border-lines';
import type { Fragment } from '../inline/line-box';
import { groupBorderOf, runBorderPad, sameRunBorder } from '../inline/run-borders';
import type { ItemSink } from './sink';

/** One line's part of a run border group, in page coordinates: its outer edges left and right, its text's top and bottom. */
interface Stretch {
  border: Border;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * Draws the run border boxes of a line's fragments (visual order), behind the text. A fragment at
 * or after `lastInk` (the line's last ink) does not draw its trailing spaces inside the box.
 */
export function emitRunBorders(frags: readonly Fragment[], x0: number, baseline: number, lastInk: number, sink: ItemSink): void {
  let open: Stretch | undefined;
  for (let f = 0; f < frags.length; f++) {
    const frag = frags[f]!;
    const border = fragmentBorder(frag);
    if (!border) {
      if (open) drawBox(open, sink);
      open = undefined;
      continue;
    }
    const part = stretchOf(frag, border, x0, baseline, f >= lastInk);
    if (open && sameRunBorder(open.border, border) && part.left <= open.right + 0.01) {
      open.right = Math.max(open.right, part.right);
      open.top = Math.min(open.top, part.top);
      open.bottom = Math.max(open.bottom, part.bottom);
      continue;
    }
    if (open) drawBox(open, sink);
    open = part;
  }
  if (open) drawBox(open, sink);
}

function fragmentBorder(frag: Fragment): Border | undefined {
  return frag.k === 'glyphs' ? frag.span.props.border : groupBorderOf(frag.piece);
}

function stretchOf(frag: Fragment, border: Border, x0: number, baseline: number, atLineEnd: boolean): Stretch {
  const pad = runBorderPad(border);
  const x = x0 + frag.x;
  if (frag.k === 'special' && frag.piece.special.kind === 'tab') {
    // A tab carries the box across its width; the text around it sets the box's height.
    return { border, left: x, right: x + frag.width, top: Infinity, bottom: -Infinity };
  }
  if (frag.k === 'special') {
    // An inline object: its box (with the room of its effects) stands on the baseline; its width holds the group's room.
    return { border, left: x, right: x + frag.width, top: baseline - frag.piece.ascent, bottom: baseline };
  }
  const span = frag.span;
  const m = span.face.lineMetrics(span.sizePt);
  const base = baseline - span.risePt;
  // The group's room is the lead before its first piece and the last advance of its last; a line that
  // starts or ends inside a group closes its box just as far out. Trailing spaces at a line's end hang.
  const trailing = atLineEnd ? frag.trailingSpace : 0;
  const right = trailing > 0 ? x + frag.width - trailing + pad : x + frag.width;
  return { border, left: x - pad, right, top: base - (m.lineHeightPt - m.descentPt), bottom: base + m.descentPt };
}

/** The four sides of a stretch, each along its middle, and the shadow of its right and bottom sides. */
function drawBox(s: Stretch, sink: ItemSink): void {
  const b = s.border;
  const w = b.widthPt;
  const top = s.top - b.spacePt - w / 2;
  const bottom = s.bottom + b.spacePt + w / 2;
  const left = s.left + w / 2;
  const right = s.right - w / 2;
  if (!(right > left) || !(s.bottom > s.top)) return;
  const out = sink.background;
  out.push(...borderLines(s.left, top, s.right, top, b));
  out.push(...borderLines(s.left, bottom, s.right, bottom, b));
  out.push(...borderLines(left, top - w / 2, left, bottom + w / 2, b));
  out.push(...borderLines(right, top - w / 2, right, bottom + w / 2, b));
  out.push(...shadowLines(right, top - w / 2, right, bottom + w / 2, b));
  out.push(...shadowLines(s.left, bottom, s.right, bottom, b));
}
