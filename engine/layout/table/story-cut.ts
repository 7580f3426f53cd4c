/**
 * Cutting a table cell's story where its row splits across pages. The rest of a cut is a window on
 * the lines laid for the whole cell, not a copy of them: copying every remaining line at each cut
 * made a row split over n pages cost n times its lines (a cell of 64 000 one-line paragraphs over
 * 1 143 pages took 4.2 s and 346 MB of heap). Each cut now costs what its first part places.
 */
import type { Story } from '../blocks';
import type { Unit } from '../flow/units';

type StoryLine = Story['units'][number];

/**
 * `lines[from..]` moved by `shift`, after an optional `head` (the rest of a unit that split itself).
 * `units` builds the lines only when the part is drawn, which a part does once, on its own page.
 */
export class StoryTail implements Story {
  constructor(
    private readonly lines: Story['units'],
    private readonly from: number,
    private readonly shift: number,
    readonly heightPt: number,
    private readonly head?: StoryLine,
  ) {}

  static of(story: Story | undefined): StoryTail {
    return story instanceof StoryTail ? story : new StoryTail(story?.units ?? [], 0, 0, story?.heightPt ?? 0);
  }

  get length(): number {
    return (this.head ? 1 : 0) + this.lines.length - this.from;
  }

  at(k: number): StoryLine {
    if (this.head) {
      if (k === 0) return this.head;
      k--;
    }
    const line = this.lines[this.from + k]!;
    return this.shift === 0 ? line : { y: line.y + this.shift, unit: line.unit };
  }

  /** Lines k from `start` to before `end`, as a part draws them. */
  slice(start: number, end = this.length): StoryLine[] {
    const out: StoryLine[] = [];
    for (let k = start; k < end; k++) out.push(this.at(k));
    return out;
  }

  get units(): StoryLine[] {
    return this.slice(0);
  }

  /**
   * The same lines from line k on, moved by `by`; after `head` when given (k is then past this
   * view's own head), else after this view's head moved with them when k is 0.
   */
  after(k: number, by: number, heightPt: number, head?: StoryLine): StoryTail {
    const own = this.head && k === 0 ? { y: this.head.y + by, unit: this.head.unit } : undefined;
    const from = this.from + Math.max(0, k - (this.head ? 1 : 0));
    return new StoryTail(this.lines, from, this.shift + by, heightPt, head ?? own);
  }

  /** Whether any line from k on is more than discardable spacing. */
  solidFrom(k: number): boolean {
    for (; k < this.length; k++) if (!this.at(k).unit.discardable) return true;
    return false;
  }
}

/**
 * Cuts a cell's story so its first part is at most `limit` tall: after the last unit that fits, or
 * inside the next one when it splits itself (a nested table's row); the rest starts at 0. With
 * `force` (the row opens its page) a first line taller than `limit` goes in the first part all the
 * same, overflowing it, so the row still moves on by a line a page.
 */
export function splitStory(story: Story | undefined, limit: number, force = false): { first: Story; rest: StoryTail } {
  const lines = StoryTail.of(story);
  const n = lines.length;
  const total = lines.heightPt;
  const bottom = (k: number) => lines.at(k).y + lines.at(k).unit.heightPt;
  let i = 0;
  while (i < n && bottom(i) <= limit + 0.01) i++;
  // A cell's last line does not leave its paragraph's space after behind: when only that space would
  // be left over, the last line goes on with it (Docx4j_GettingStarted: Word splits a row of two
  // two-line cells after their first lines where both lines fit but not their 10 pt after).
  if (i > 0 && total > limit + 0.01 && !lines.solidFrom(i)) i--;
  // Nor does any paragraph's last line: where it fits but its space after does not, it goes on with
  // it. Word's saved page starts in docx4j-rFonts: page 3 opens inside a row with the last line of a
  // code paragraph (10 pt after) that fits above the foot of page 2 only without its after, and
  // three more of its pages open as Word's once it does (14 -> 17 of 18 marks).
  else if (i > 0 && i < n && lines.at(i).unit.discardable && !lines.at(i - 1).unit.discardable && lines.at(i).y + (lines.at(i).unit.afterPt ?? 0) > limit + 0.01) i--;
  // Widow control (compatibilityMode 12 and lower, and 15): a paragraph's last line does not open the rest
  // alone; its next-to-last line goes with it (see Unit.holdsWidow), even where that leaves the cell
  // nothing here (a two-line paragraph opening it), which then holds the row back (row-units.ts splitRow).
  if (i > 0 && i < n && lines.at(i - 1).unit.holdsWidow) i--;
  let next = i < n ? lines.at(i) : undefined;
  // Where the row opens its page and nothing but spacing would be placed above `next`, a nested
  // table's row there opens its page too, and splits as one (`atTop`).
  let solid = 0;
  if (force) while (solid < n && lines.at(solid).unit.discardable) solid++;
  const opens = force && solid >= i && solid < n;
  const parts = next?.unit.split && limit - next.y > 1 ? next.unit.split(limit - next.y, opens) : undefined;
  // A line taller than the whole page (a glyph of 1,638 pt, fuzz seed 69) fits on no page: left
  // behind, the row could not split at any page's top, and the flow placed the rest of the row
  // whole there, every line after it drawn below the page's foot. It goes on this page alone,
  // clipped by the page as a line that tall is in the body, and the rest goes on.
  if (opens && !parts) {
    i = solid + 1;
    next = i < n ? lines.at(i) : undefined;
  }
  const cut = i > 0 ? bottom(i - 1) : 0;
  if (!next || !parts) {
    // The spacing that would open the rest vanishes, as it does at the top of a page reached by
    // natural flow in the body (Word's page starts in poi-drawing, whose articles sit in table rows).
    let j = i;
    while (j < n && lines.at(j).unit.discardable) j++;
    const restTop = j < n ? lines.at(j).y : total;
    return { first: { units: lines.slice(0, i), heightPt: cut }, rest: lines.after(j, -restTop, Math.max(0, total - restTop)) };
  }
  return cutInside(lines, i, next, parts);
}

/** The cut inside line i, which split itself into `parts` (a nested table's row). */
function cutInside(lines: StoryTail, i: number, next: StoryLine, parts: readonly [Unit, Unit]): { first: Story; rest: StoryTail } {
  const end = next.y + next.unit.heightPt;
  const shift = parts[1].heightPt - end;
  return {
    first: { units: [...lines.slice(0, i), { y: next.y, unit: parts[0] }], heightPt: next.y + parts[0].heightPt },
    rest: lines.after(i + 1, shift, Math.max(0, lines.heightPt + shift), { y: 0, unit: parts[1] }),
  };
}
