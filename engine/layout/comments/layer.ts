/**
 * The comment layer of one page: while lines are drawn, it shades the stretches inside comment ranges
 * in the comment author's pale colour and records where each comment is anchored (its reference mark,
 * w:commentReference §17.13.4.5, or failing that the end of its range), for the balloons.
 */
import type { LineBox } from '../inline/line-box';
import type { ParaContent } from '../inline/itemize';
import { xAt } from '../emit/line';
import type { ItemSink } from '../emit/sink';

/** Where a comment is anchored on the page. */
export interface CommentAnchor {
  readonly id: string;
  readonly x: number;
  /** Baseline of the anchor's line. */
  readonly y: number;
}

/** Collects a page's comment highlights and anchors; ids the fill function does not know are ignored. */
export class CommentLayer {
  private readonly refs = new Map<string, CommentAnchor>();
  private readonly ends = new Map<string, CommentAnchor>();

  constructor(
    private readonly fillOf: (id: string) => string | undefined,
    /** Whether the comment has a reference mark somewhere (then only the mark anchors it). */
    private readonly hasReference: (id: string) => boolean,
  ) {}

  /** Shades one line's commented stretches (under the text) and records anchors on it. */
  line(content: ParaContent, line: LineBox, x0: number, yTop: number, isLast: boolean, sink: ItemSink): void {
    const open: string[] = [];
    let cursor = line.start;
    const shade = (to: number) => {
      if (to <= cursor) return;
      const xa = xAt(line, cursor);
      const xb = to >= line.end ? lineRight(line) : xAt(line, to);
      for (const id of open) {
        const fill = this.fillOf(id);
        if (fill && xb > xa) sink.background.push({ kind: 'rect', x: x0 + xa, y: yTop, w: xb - xa, h: line.heightPt, fill });
      }
    };
    for (const m of content.markers) {
      if (m.inline.kind !== 'comment') continue;
      const at = m.at;
      const onLine = at >= line.start && (at < line.end || (isLast && at === line.end));
      if (!onLine && at >= line.start) break;
      const { id, edge } = m.inline;
      if (onLine) {
        shade(at);
        cursor = Math.max(cursor, at);
        if (edge !== 'start' && this.fillOf(id)) {
          const anchor = { id, x: x0 + (at >= line.end ? lineRight(line) : xAt(line, at)), y: yTop + line.baselinePt };
          if (edge === 'reference') { if (!this.refs.has(id)) this.refs.set(id, anchor); }
          else this.ends.set(id, anchor);
        }
      }
      if (edge === 'start' && !open.includes(id)) open.push(id);
      else if (edge === 'end') open.splice(0, open.length, ...open.filter((o) => o !== id));
    }
    shade(line.end);
  }

  /** The page's anchors, one per comment (its reference mark if on this page), top to bottom. */
  anchors(): CommentAnchor[] {
    const out = new Map<string, CommentAnchor>(this.ends);
    for (const id of [...out.keys()]) if (this.hasReference(id)) out.delete(id);
    for (const [id, a] of this.refs) out.set(id, a);
    return [...out.values()].sort((a, b) => a.y - b.y || a.x - b.x);
  }
}

/** Right edge of the line's ink (trailing spaces left out). */
function lineRight(line: LineBox): number {
  let right = 0;
  for (const f of line.fragments) {
    const trailing = f.k === 'glyphs' ? f.trailingSpace : 0;
    right = Math.max(right, f.x + f.width - trailing);
  }
  return right;
}
