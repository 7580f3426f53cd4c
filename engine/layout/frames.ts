/**
 * Text frames (w:pPr/w:framePr that is not a drop cap, CT_FramePr, ECMA-376 Part 1 §17.3.1.11):
 * consecutive paragraphs with the same frame properties form one positioned box, placed like a
 * floating object from hAnchor/vAnchor, x/y or xAlign/yAlign, w and h/hRule, with the body text
 * wrapping around it (w:wrap, at hSpace/vSpace from it).
 *
 * The frame becomes a zero-height unit where its paragraphs stand in the flow: a vAnchor="text"
 * frame is placed from there, and the paragraphs after it wrap around it from there on, the way
 * they wrap around a floating picture.
 */
import type { FloatAnchor, FrameProps, Paragraph, ShapeInline } from '../model';
import type { Unit } from './flow/units';
import { floatPosition } from './objects';
import { naturalWidth, type ParagraphContext } from './paragraph';
import type { TableContext } from './table/table';

/** What frame layout needs (the block context, named here to keep blocks.ts → frames.ts one-way). */
type FrameContext = ParagraphContext & TableContext;

/** Whether two paragraphs' frame properties are the same frame (Word joins such paragraphs into one). */
export function sameFrame(a: FrameProps | undefined, b: FrameProps | undefined): boolean {
  if (!a || !b || a.dropCap || b.dropCap) return false;
  const ka = Object.keys(a) as Array<keyof FrameProps>;
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

/** The unit of a text frame holding `paras` (all with the frame properties of the first). */
export function frameUnit(paras: readonly Paragraph[], columnWidthPt: number, ctx: FrameContext): Unit {
  const frame = paras[0]!.props.frame!;
  // The frame's own paragraphs lay out as plain paragraphs inside it.
  const blocks = paras.map((p): Paragraph => {
    const { frame: _frame, ...props } = p.props;
    return { ...p, props };
  });
  const widthPt = frameWidth(frame, blocks, columnWidthPt, ctx);
  const story = ctx.layoutCell(blocks, widthPt);
  const h = Math.min(frame.heightPt ?? 0, MAX_FRAME_PT);
  const rule = frame.heightRule ?? (h > 0 ? 'atLeast' : 'auto');
  const heightPt = rule === 'exact' && h > 0 ? h : rule === 'atLeast' ? Math.max(h, story.heightPt) : story.heightPt;
  const anchor = frameAnchor(frame);
  // The shape stands for the frame's box where float positioning and wrapping expect an object.
  const box: ShapeInline = { kind: 'shape', widthPt, heightPt, geometry: 'rect', paths: [], props: paras[0]!.markProps, anchor };
  return {
    kind: 'block',
    heightPt: 0,
    breakAfter: true,
    exclusions: (x, y) => ctx.floatExclusions?.([box], x, y) ?? [],
    emit(sink, x, y) {
      const page = sink.page;
      const column = { x, width: page.widthPt - page.marginLeft - page.marginRight };
      const pos = floatPosition(anchor, widthPt, heightPt, page, column, y);
      for (const { y: uy, unit } of story.units) unit.emit(sink, pos.x, pos.y + uy);
    },
  };
}

/** w:w, or the widest line of the frame's text when it is omitted (an auto-width frame), within the column. */
function frameWidth(frame: FrameProps, paras: readonly Paragraph[], columnWidthPt: number, ctx: FrameContext): number {
  if (frame.widthPt !== undefined && frame.widthPt > 0) return Math.min(frame.widthPt, MAX_FRAME_PT);
  return Math.max(1, naturalWidth(paras, columnWidthPt, ctx));
}

/** Largest frame side taken from the file (22 in, Word's largest page): a bigger w or h is clamped. */
const MAX_FRAME_PT = 1584;

const WRAP: Record<NonNullable<FrameProps['wrap']>, FloatAnchor['wrap']> = {
  // ST_Wrap (§17.18.104): around/tight/auto let text run beside the frame; notBeside and none keep
  // it above and below; through lets it run over the frame.
  auto: 'square',
  around: 'square',
  tight: 'square',
  notBeside: 'topAndBottom',
  none: 'topAndBottom',
  through: 'none',
};

/**
 * The float anchor of a frame. Omitted anchors are the column and the paragraph (what Word's frame
 * dialog starts from, and what LibreOffice assumes); yAlign="inline" keeps the frame where it stands.
 */
function frameAnchor(f: FrameProps): FloatAnchor {
  const h = f.hAnchor === 'page' ? 'page' : f.hAnchor === 'margin' ? 'margin' : 'column';
  const v = f.vAnchor === 'page' ? 'page' : f.vAnchor === 'margin' ? 'margin' : 'paragraph';
  const yAlign = f.yAlign === 'inline' ? undefined : f.yAlign;
  const hSpace = f.hSpacePt ?? 0;
  const vSpace = f.vSpacePt ?? 0;
  return {
    horizontal: { relativeTo: h, ...(f.xAlign ? { align: f.xAlign } : { offsetPt: f.xPt ?? 0 }) },
    vertical: { relativeTo: v, ...(yAlign ? { align: yAlign } : { offsetPt: f.yPt ?? 0 }) },
    wrap: WRAP[f.wrap ?? 'around'],
    wrapSide: 'both',
    distancePt: { top: vSpace, bottom: vSpace, left: hSpace, right: hSpace },
    behindText: false,
    allowOverlap: true,
    layoutInCell: true,
    zIndex: 0,
  };
}
