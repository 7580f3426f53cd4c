/**
 * Comment balloons in the markup area right of the page, as Word prints "All Markup" with comments:
 * one box per comment anchored on the page, headed "Commented [AB1]:" (author initials and the
 * comment's number), holding the comment's own paragraphs laid out by the engine's paragraph layout;
 * stacked top to bottom without overlap, each tied to its anchor by a dashed line in the author's colour.
 */
import type { Block, Comment, LayoutItem, Paragraph, ParagraphProps, RunProps } from '../../model';
import type { Story } from '../blocks';
import type { CommentAnchor } from './layer';

/** One balloon to draw. */
export interface Balloon {
  readonly anchor: CommentAnchor;
  readonly story: Story;
  readonly color: string;
  readonly fill: string;
}

/** Where the balloons go, in unscaled page coordinates. */
export interface BalloonArea {
  /** Left edge of the markup area (the page's right edge). */
  readonly x: number;
  readonly widthPt: number;
  readonly topPt: number;
  readonly bottomPt: number;
  /** Right edge of the page's text area, where the connector turns towards the balloon. */
  readonly textRightPt: number;
}

/** Padding inside a balloon, and gap between balloons. */
export const BALLOON_PAD_PT = 4;
const BALLOON_GAP_PT = 4;
const BALLOON_INSET_PT = 9;

/** A long comment's balloon shows its first lines only, up to this share of the page's height (Word cuts long balloons too). */
const MAX_BALLOON_SHARE = 0.2;
const MIN_BALLOON_TEXT_PT = 48;

/** Height of the story's lines that fit in `maxPt` (at least its first line). */
function shownHeight(story: Story, maxPt: number): number {
  if (story.heightPt <= maxPt) return story.heightPt;
  let h = 0;
  for (const { y, unit } of story.units) {
    if (y + unit.heightPt > maxPt && h > 0) break;
    h = y + unit.heightPt;
  }
  return Math.min(story.heightPt, h);
}

function cutStory(story: Story, heightPt: number): Story {
  return { units: story.units.filter((u) => u.y + u.unit.heightPt <= heightPt + 0.01), heightPt };
}

/** Tops of the balloons: at their anchors' lines where possible, pushed down (then up at the page foot) so none overlap. */
export function stackBalloons(anchorsY: readonly number[], heights: readonly number[], topPt: number, bottomPt: number): number[] {
  const tops: number[] = [];
  let next = topPt;
  for (let i = 0; i < heights.length; i++) {
    const top = Math.max(anchorsY[i]!, next);
    tops.push(top);
    next = top + heights[i]! + BALLOON_GAP_PT;
  }
  let limit = bottomPt;
  for (let i = heights.length - 1; i >= 0; i--) {
    tops[i] = Math.max(topPt, Math.min(tops[i]!, limit - heights[i]!));
    limit = tops[i]! - BALLOON_GAP_PT;
  }
  // More balloons than room: never overlap, let the last ones run off the foot instead.
  next = topPt;
  for (let i = 0; i < heights.length; i++) {
    tops[i] = Math.max(tops[i]!, next);
    next = tops[i]! + heights[i]! + BALLOON_GAP_PT;
  }
  return tops;
}

/** The inner width of a balloon's text. */
export function balloonTextWidth(area: BalloonArea): number {
  return Math.max(24, area.widthPt - 2 * BALLOON_INSET_PT - 2 * BALLOON_PAD_PT);
}

/** Draws the balloons (boxes and connectors); `emit` draws a story into `items` at (x, y). */
export function drawBalloons(
  balloons: readonly Balloon[], area: BalloonArea, items: LayoutItem[], emit: (story: Story, x: number, y: number) => void,
): void {
  const maxText = Math.max(MIN_BALLOON_TEXT_PT, (area.bottomPt - area.topPt) * MAX_BALLOON_SHARE);
  const shown = balloons.map((b) => shownHeight(b.story, maxText));
  const heights = shown.map((h) => h + 2 * BALLOON_PAD_PT);
  const tops = stackBalloons(balloons.map((b) => b.anchor.y - 10), heights, area.topPt, area.bottomPt);
  const boxX = area.x + BALLOON_INSET_PT;
  const boxW = area.widthPt - 2 * BALLOON_INSET_PT;
  balloons.forEach((b, i) => {
    const top = tops[i]!;
    items.push({ kind: 'rect', x: boxX, y: top, w: boxW, h: heights[i]!, fill: b.fill, stroke: b.color, lineWidth: 0.5 });
    const dash = [2, 2];
    const turnX = Math.max(b.anchor.x, area.textRightPt);
    const joinY = top + BALLOON_PAD_PT + 6;
    items.push({ kind: 'line', x1: b.anchor.x, y1: b.anchor.y + 1, x2: turnX, y2: b.anchor.y + 1, width: 0.5, color: b.color, dash });
    items.push({ kind: 'line', x1: turnX, y1: b.anchor.y + 1, x2: boxX, y2: joinY, width: 0.5, color: b.color, dash });
    emit(shown[i]! < b.story.heightPt ? cutStory(b.story, shown[i]!) : b.story, boxX + BALLOON_PAD_PT, top + BALLOON_PAD_PT);
  });
}

/**
 * The comment's blocks with the balloon heading ("Commented [AB1]: ") in bold before the first
 * paragraph's text, in the author's colour; an empty comment gets a paragraph of its own.
 */
export function balloonBlocks(comment: Comment, label: string, color: string, fallback: RunProps): Block[] {
  const blocks = [...comment.blocks];
  const i = blocks.findIndex((b) => b.kind === 'paragraph');
  const first = i >= 0 ? (blocks[i] as Paragraph) : undefined;
  const props = headingProps(comment, color, fallback);
  const heading = { kind: 'text' as const, text: `Commented [${label}]: `, props };
  if (first) {
    const { list: _list, ...rest } = first.props;
    void _list;
    blocks[i] = { ...first, props: rest, inlines: [heading, ...first.inlines] };
  } else blocks.unshift({ kind: 'paragraph', props: PLAIN_PARAGRAPH, inlines: [heading], markProps: fallback, at: 'comments' });
  return blocks;
}

/**
 * The run properties of a balloon's heading: its first paragraph's mark (or `fallback`), bold, in the
 * author's colour. The face they ask for is not in the DocModel, so layout prepares it with the
 * document's own (`balloonHeadingFaces`): a host that loads fonts asynchronously (the browser) could
 * not load it once layout has begun, and would draw the heading in another face than Node does.
 */
export function headingProps(comment: Comment, color: string, fallback: RunProps): RunProps {
  const first = comment.blocks.find((b): b is Paragraph => b.kind === 'paragraph');
  return { ...(first?.markProps ?? fallback), bold: true, color };
}

const PLAIN_PARAGRAPH: ParagraphProps = {
  alignment: 'left',
  indent: { leftPt: 0, rightPt: 0, firstLinePt: 0 },
  spacing: { beforePt: 0, afterPt: 0, beforeAuto: false, afterAuto: false, line: { rule: 'auto', multiple: 1 } },
  contextualSpacing: false, keepNext: false, keepLines: false, widowControl: false, pageBreakBefore: false,
  suppressAutoHyphens: false, tabs: [], bidi: false, snapToGrid: false,
};
