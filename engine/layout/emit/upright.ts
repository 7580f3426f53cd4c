/**
 * Draws a horizontal-in-vertical unit (inline/upright.ts): its text horizontal, centred on the unit's
 * em box, in a group turned back a quarter about that centre, so that once vertical.ts turns the
 * page onto the sheet the text reads across the vertical line, upright.
 */
import type { GlyphRun, RunProps } from '../../model';
import type { UprightBox } from '../inline/upright';
import type { ItemSink } from './sink';

/** Draws the unit whose line position starts at `x` on `baseline`. */
export function emitUpright(box: UprightBox, props: RunProps, x: number, baseline: number, sink: ItemSink): void {
  const cx = x + box.width / 2;
  const cy = baseline - box.centrePt;
  // The text's own em box centre sits on (cx, cy) before the turn.
  let pen = cx - box.acrossPt / 2;
  const runs: GlyphRun[] = [];
  for (const s of box.segments) {
    const advances = s.advances.map((a) => a * box.squeeze);
    const scale = box.squeeze * s.face.widthScale * (props.scalePct / 100);
    runs.push({
      kind: 'glyphs', x: pen, y: cy + box.centrePt, font: sink.resources.font(s.face), sizePt: props.sizePt, glyphs: s.glyphs, advances,
      text: s.text, clusters: s.clusters, color: props.color ?? '000000', ...(scale !== 1 ? { scalePct: scale * 100 } : {}),
    });
    pen += advances.reduce((t, a) => t + a, 0);
  }
  // A quarter turn back about (cx, cy): (x, y) → (cx + (y − cy), cy − (x − cx)).
  sink.items.push({ kind: 'group', transform: [0, -1, 1, 0, cx - cy, cx + cy], items: runs });
}
