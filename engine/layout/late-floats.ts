/**
 * A paragraph's floats anchored in lines that go on in the next column or page (LaidParagraph.late):
 * which they are, found from the room the paragraph's rows have where it starts. blocks.ts lays the
 * paragraph out again with them placed there (BlockUnitBuilder.moveLateFloats).
 */
import type { Unit } from './flow/units';
import type { ObjectInline } from './inline/itemize';
import { isFloat, type LaidParagraph, type LateFloats } from './paragraph';
import { rowStarts } from './paragraph-units';

/**
 * The paragraph's floats (wp:anchor, §20.4.2.3) anchored in line rows that go on in the next column
 * or page, given the room its rows (`units`, one per row) have where it starts; undefined when none
 * is. Word keeps a float on the page of the run that anchors it, positioned from the top of the
 * paragraph's part there: superdoc-image-wrapping anchors a picture 94 pt below its paragraph's top
 * in the run that opens Word's page 3 (its w:lastRenderedPageBreak just before it), and Word's page 2
 * holds that paragraph's first seven lines at full width, not beside the picture.
 */
export function lateFloats(laid: LaidParagraph, units: readonly Unit[], roomPt: number): LateFloats | undefined {
  const starts = rowStarts(laid);
  const props = laid.paragraph.props;
  if (starts.length !== units.length || props.keepLines) return undefined;
  let row = -1;
  let h = 0;
  for (let r = 0; r < units.length; r++) {
    const u = units[r]!;
    if (h + u.heightPt - (u.hangPt ?? 0) > roomPt + 0.05) {
      row = r;
      break;
    }
    if (u.forceBreak) return undefined;
    h += u.heightPt;
  }
  // Widow control moves the next-to-last row with the last, and the whole paragraph for its first.
  if (props.widowControl && units.length >= 2 && row === units.length - 1) row -= 1;
  if (row <= 0 || (props.widowControl && row === 1)) return undefined;
  // The markers are in text order (itemize), so the line and row of each only move forward: one
  // sweep, not a scan of the lines per float.
  const floats: ObjectInline[] = [];
  let line = 0;
  let r = 0;
  for (const m of laid.content.markers) {
    if (!isFloat(m.inline)) continue;
    while (line + 1 < laid.lines.length && laid.lines[line + 1]!.start <= m.at) line++;
    while (r + 1 < starts.length && starts[r + 1]! <= line) r++;
    if (r >= row) floats.push(m.inline);
  }
  return floats.length > 0 ? { floats, row } : undefined;
}
