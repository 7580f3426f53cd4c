/**
 * Run borders (w:rPr/w:bdr, CT_Border, ECMA-376 Part 1 §17.3.2.4): the room a box around text takes
 * on the line. Adjacent runs whose borders are identical make one "run border group", drawn as one
 * box (emit/run-borders.ts), so the room is kept only at the group's two ends: the border's width
 * plus its w:space, before its first character and after its last. LibreOffice's render of
 * aspose-Rendering sets "borders, and it is supported" (two runs, a 1 pt border, no space) 1 pt
 * right of where it would start without the border, and the full stop after it 1 pt further on.
 */
import type { Border } from '../../model';
import { withAdvances } from './advances';
import { makeSpecialPiece, type Piece } from './pieces';

/** The run border of a piece: text, or an inline object (a picture in a bordered run). */
export function runBorderOf(p: Piece): Border | undefined {
  if (p.k === 'glyphs') return p.span.props.border;
  return p.special.kind === 'object' ? p.special.props.border : undefined;
}

/**
 * The run border a piece belongs to as a member of a group: also a tab in a bordered run, which
 * keeps the box going across it (its width comes from the tab stop, so it takes no room of its own).
 */
export function groupBorderOf(p: Piece): Border | undefined {
  if (p.k === 'special' && p.special.kind === 'tab') return p.special.props.border;
  return runBorderOf(p);
}

/** Whether two run borders are one group: the spec compares the attributes (style, size, space, colour, shadow). */
export function sameRunBorder(a: Border | undefined, b: Border | undefined): boolean {
  if (!a || !b) return false;
  if (a === b) return true;
  return a.style === b.style && a.widthPt === b.widthPt && a.spacePt === b.spacePt && a.color === b.color && a.shadow === b.shadow;
}

/** Room a run border keeps at each end of its group: its width and its padding (w:space). */
export function runBorderPad(b: Border): number {
  return b.widthPt + b.spacePt;
}

/**
 * Gives each run border group its room: a lead before the first piece and a wider last advance
 * (glyphs), or a wider box with the object moved right (inline objects). Pieces are in text order.
 */
export function padRunBorders(pieces: Piece[], text: string): void {
  for (let k = 0; k < pieces.length; ) {
    const b = groupBorderOf(pieces[k]!);
    if (!b) {
      k++;
      continue;
    }
    let end = k + 1;
    while (end < pieces.length && pieces[end]!.start === pieces[end - 1]!.end && sameRunBorder(b, groupBorderOf(pieces[end]!))) end++;
    const pad = runBorderPad(b);
    if (pad > 0) {
      padPiece(pieces, k, pad, 0, text);
      padPiece(pieces, end - 1, 0, pad, text);
    }
    k = end;
  }
}

function padPiece(pieces: Piece[], k: number, before: number, after: number, text: string): void {
  const p = pieces[k]!;
  if (p.k === 'glyphs') {
    const advances = [...p.advances];
    if (after > 0 && advances.length > 0) advances[advances.length - 1] = advances[advances.length - 1]! + after;
    pieces[k] = withAdvances(p, advances, text, (p.leadPt ?? 0) + before);
    return;
  }
  if (p.special.kind !== 'object') return;
  const inset = { left: (p.inset?.left ?? 0) + before, top: p.inset?.top ?? 0 };
  pieces[k] = makeSpecialPiece(p.start, p.special, p.width + before + after, p.ascent, p.descent, inset, p.trailingSpace);
}
