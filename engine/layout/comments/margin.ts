/**
 * The comment margin of `comments: 'show'`: like Word's "print with markup" (and LibreOffice's
 * "comments in margin"), each page keeps its paper size and its content is scaled down to make room
 * for a markup area on the right, where the balloons go. Scaling rather than widening the page keeps
 * the output printable on the document's own paper, which is what both Word and LibreOffice do.
 * Links and named destinations move with the scaled content.
 */
import type { DocModel, LayoutItem, LayoutPage, RunProps } from '../../model';
import { emitStory, layoutStory } from '../blocks';
import { blockContext, type DocumentEnv } from '../context';
import { CollectingSink, stackedFloats, type ResourceTables, type SinkPage } from '../emit/sink';
import { revisionColor, tint } from '../revisions';
import { balloonBlocks, balloonTextWidth, drawBalloons, headingProps, type Balloon, type BalloonArea } from './balloons';
import { CommentLayer } from './layer';
import type { CommentRanges } from './ranges';

/** Width of the markup area before scaling: Word's default balloon width, 3.7 in. */
export const MARKUP_AREA_PT = 266.4;

/** A page with its comment margin, and where a point of the unscaled page lands on it. */
export interface FramedPage {
  readonly page: LayoutPage;
  map(x: number, y: number): { x: number; y: number };
}

interface CommentLook {
  readonly color: string;
  readonly highlight: string;
  readonly fill: string;
  readonly label: string;
}

/** Comment highlights, balloons and page scaling for a document whose comments are shown. */
export class CommentMargin {
  private readonly looks = new Map<string, CommentLook>();

  constructor(
    private readonly doc: DocModel,
    private readonly ranges: CommentRanges,
    private readonly env: DocumentEnv,
  ) {
    const authors = [...doc.revisionAuthors];
    ranges.order.forEach((id, n) => {
      const c = doc.comments[id]!;
      let a = authors.indexOf(c.author);
      if (a < 0) a = authors.push(c.author) - 1;
      const color = revisionColor(a);
      this.looks.set(id, { color, highlight: tint(color, 0.75), fill: tint(color, 0.9), label: `${c.initials ?? initialsOf(c.author)}${n + 1}` });
    });
  }

  /** A new comment layer for one page's body. */
  layer(): CommentLayer {
    return new CommentLayer((id) => this.looks.get(id)?.highlight, (id) => this.ranges.referenced.has(id));
  }

  /** The page with its balloons, scaled into its paper (unchanged when the document shows no comment). */
  frame(page: LayoutPage, layer: CommentLayer, resources: ResourceTables, geometry: SinkPage): FramedPage {
    if (this.looks.size === 0) return { page, map: (x, y) => ({ x, y }) };
    const w = page.widthPt;
    const h = page.heightPt;
    const scale = w / (w + MARKUP_AREA_PT);
    // The scaled page leaves the paper's foot free: the markup area runs down to it.
    const area: BalloonArea = { x: w, widthPt: MARKUP_AREA_PT, topPt: geometry.marginTop / 2, bottomPt: h / scale - geometry.marginBottom / 2, textRightPt: w - geometry.marginRight };
    const balloonItems = this.balloons(layer, area, resources, geometry);
    // Top-aligned like Word's print with markup: the freed strip is at the foot of the paper.
    const dy = 0;
    const map = (x: number, y: number) => ({ x: x * scale, y: y * scale + dy });
    const links: LayoutItem[] = [];
    const content: LayoutItem[] = [];
    for (const item of page.items) {
      if (item.kind !== 'link') content.push(item);
      else links.push({ ...item, ...map(item.x, item.y), w: item.w * scale, h: item.h * scale });
    }
    content.push(...balloonItems);
    const group: LayoutItem = { kind: 'group', transform: [scale, 0, 0, scale, 0, dy], items: content };
    return { page: { ...page, items: [group, ...links] }, map };
  }

  private balloons(layer: CommentLayer, area: BalloonArea, resources: ResourceTables, geometry: SinkPage): LayoutItem[] {
    const section = this.doc.sections[0];
    if (!section) return [];
    const ctx = blockContext(this.env, section.props, { fieldText: () => undefined, noteMark: () => '' });
    const width = balloonTextWidth(area);
    const balloons: Balloon[] = [];
    for (const anchor of layer.anchors()) {
      const look = this.looks.get(anchor.id);
      const comment = this.doc.comments[anchor.id];
      if (!look || !comment) continue;
      const blocks = balloonBlocks(comment, look.label, look.color, fallbackProps(this.doc));
      balloons.push({ anchor, story: layoutStory(blocks, width, ctx, false), color: look.color, fill: look.fill });
    }
    const sink = new CollectingSink(resources, geometry);
    const items: LayoutItem[] = [];
    drawBalloons(balloons, area, items, (story, x, y) => emitStory(story, sink, x, y));
    return [...items.filter((i) => i.kind === 'rect'), ...stackedFloats(sink, true), ...sink.background, ...sink.items, ...sink.foreground, ...stackedFloats(sink, false), ...items.filter((i) => i.kind !== 'rect')];
  }
}

/** Initials from an author name, as Word makes them when w:initials is missing ("Jane Doe" → "JD"). */
export function initialsOf(author: string): string {
  const words = author.split(/\s+/).filter((x) => x.length > 0);
  return words.map((x) => x[0]!.toUpperCase()).join('').slice(0, 4);
}

/** The run properties of every comment's balloon heading (their faces are prepared before layout; colour aside). */
export function balloonHeadingFaces(doc: DocModel): RunProps[] {
  const fallback = fallbackProps(doc);
  return Object.values(doc.comments).map((c) => headingProps(c, '000000', fallback));
}

/** Run properties of the first paragraph mark in the body, for comments without paragraphs. */
function fallbackProps(doc: DocModel): RunProps {
  for (const s of doc.sections) for (const b of s.blocks) if (b.kind === 'paragraph') return b.markProps;
  return {
    font: 'Calibri', sizePt: 10, bold: false, italic: false, strike: false, doubleStrike: false, caps: false, smallCaps: false,
    vertAlign: 'baseline', positionPt: 0, spacingPt: 0, scalePct: 100, hidden: false, rtl: false,
  };
}
