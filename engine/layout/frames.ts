/**
 * Text frames (w:pPr/w:framePr that is not a drop cap, CT_FramePr, ECMA-376 Part 1 §17.3.1.11):
 * consecutive paragraphs with the same frame properties form one positioned box, placed like a
 * floating object from hAnchor/vAnchor, x/y or xAlign/yAlign, w and h/hRule, with the body text
 * wrapping around it (w:wrap, at hSpace/vSpace from it).
 *
 * The frame becomes a zero-height unit where its paragraphs stand in the flow: a vAnchor="text"
 * frame is placed from there, and the paragraphs after it wrap around it from there on, the way
 * they wrap around a floating picture. Floating tables (w:tblpPr) are placed the same way, as a
 * frame holding the table.
 */
import type { Block, FloatAnchor, FrameProps, Paragraph, RunProps, ShapeInline, Table } from '../model';
import type { ItemSink } from './emit/sink';
import { dropBelow, type Exclusion } from './flow/exclusions';
import type { Unit } from './flow/units';
import { floatPosition } from './float-position';
import type { ParagraphContext } from './paragraph';
import { naturalWidth } from './paragraph-measure';
import { tableGrid } from './table/table';
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
  return floatingUnit(frameAnchor(frame, ctx.isChrome === true), widthPt, heightPt, columnWidthPt, paras[0]!.markProps, ctx, (sink, x, y) => {
    for (const { y: uy, unit } of story.units) unit.emit(sink, x, y + uy);
  });
}

/**
 * A zero-height unit standing for a positioned box (a text frame, a floating table) where its
 * blocks stand in the flow: the box is placed from its anchor once the unit's page position is
 * known (a paragraph anchor is the unit's own top; a column anchor the column it stands in,
 * `columnWidthPt` wide), and the body text after it wraps around it.
 * `draw` paints the box's content with its top-left corner at (x, y).
 */
function floatingUnit(
  anchor: FloatAnchor,
  widthPt: number,
  heightPt: number,
  columnWidthPt: number,
  props: RunProps,
  ctx: FrameContext,
  draw: (sink: ItemSink, x: number, y: number) => void,
  extra?: Pick<Unit, 'notes' | 'reachPt' | 'inline' | 'excludesRows'>,
  noOverlap = false,
): Unit {
  // The shape stands for the box where float positioning and wrapping expect an object.
  const box: ShapeInline = { kind: 'shape', widthPt, heightPt, geometry: 'rect', paths: [], props, anchor };
  // How far down the box moved to clear earlier floating tables (decided where it is placed).
  let drop = 0;
  return {
    kind: 'block',
    heightPt: 0,
    breakAfter: true,
    ...extra,
    exclusions: (x, y, earlier) => {
      const own = ctx.floatExclusions?.([box], x, y, columnWidthPt) ?? [];
      drop = noOverlap && earlier ? clearOf(own, earlier) : 0;
      return drop > 0 ? own.map((e) => ({ ...e, y0: e.y0 + drop, y1: e.y1 + drop })) : own;
    },
    emit(sink, x, y) {
      const page = sink.page;
      const pos = floatPosition(anchor, widthPt, heightPt, page, { x, width: columnWidthPt }, y);
      draw(sink, pos.x, pos.y + drop);
    },
  };
}

/** How far boxes must move down to overlap none of the earlier floating tables' boxes (tblOverlap never). */
function clearOf(own: readonly Exclusion[], earlier: ReadonlyArray<Exclusion & { readonly owner: Unit }>): number {
  const tables = earlier.filter((e) => e.owner.excludesRows);
  let drop = 0;
  for (let guard = 0; guard < 16; guard++) {
    let moved = false;
    for (const o of own) {
      const d = dropBelow({ x0: o.x0, x1: o.x1, y0: o.y0 + drop, y1: o.y1 + drop }, tables);
      if (d > 0) {
        drop += d;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return drop;
}

/**
 * The unit of a floating table (w:tblPr/w:tblpPr, §17.4.57/58), or undefined when it stays inline
 * (outside the paginated body, or taller than the page body: Word would break it across pages).
 *
 * Like a text frame holding the table: placed from horzAnchor/vertAnchor (text is the column
 * horizontally and, vertically, the top of the paragraph that follows it, i.e. where the table
 * would have started inline) with tblpX/tblpY or tblpXSpec/tblpYSpec, taking no room in the flow;
 * the text after it wraps around it (square, at the from-text distances). Where a text-anchored
 * table would reach below the page body, Word breaks it across pages: its rows go inline there
 * instead, which breaks the same way. As w:tblInd
 * does before Word 2013 (compatibilityMode < 15), tblpX measures to the first cell's text, so the
 * table's edge sits one cell margin left of it.
 */
export function floatingTableUnit(t: Table, rows: readonly Unit[], columnWidthPt: number, ctx: FrameContext): Unit | undefined {
  const fl = t.props.floating;
  if (!fl || !ctx.floatExclusions || ctx.bodyHeightPt === undefined) return undefined;
  let heightPt = 0;
  for (const r of rows) heightPt += r.heightPt;
  const grid = tableGrid(t, columnWidthPt, ctx);
  let widthPt = 0;
  for (const w of grid.columns) widthPt += w;
  const props = firstRunProps(t.rows.flatMap((r) => r.cells.flatMap((c) => c.blocks)));
  if (!props) return undefined;
  if (heightPt > ctx.bodyHeightPt + 0.5) {
    ctx.warn?.('layout/floating-table-inline', `A floating table ${Math.round(heightPt)} pt tall does not fit on a page ${Math.round(ctx.bodyHeightPt)} pt tall; it is laid out inline.`);
    return undefined;
  }
  const rtl = t.props.bidiVisual;
  const first = t.rows[0]?.cells[0]?.props.margins[rtl ? 'right' : 'left'] ?? t.props.cellMargins[rtl ? 'right' : 'left'];
  const anchor = floatingTableAnchor(fl, ctx.compatibilityMode < 15 ? first : 0);
  const reach = anchor.vertical.relativeTo === 'paragraph' ? Math.max(0, anchor.vertical.offsetPt ?? 0) + heightPt : 0;
  const notes = rows.flatMap((r) => r.notes ?? []);
  return floatingUnit(
    anchor,
    widthPt,
    heightPt,
    columnWidthPt,
    props,
    ctx,
    (sink, x, y) => {
      // Rows draw from the column's left edge and add the table's own offset in it (its indent).
      let top = y;
      for (const row of rows) {
        row.emit(sink, x - grid.xPt, top);
        top += row.heightPt;
      }
    },
    // Where it does not fit below its anchor, Word breaks it across pages: its rows go inline instead.
    { excludesRows: true, ...(notes.length > 0 ? { notes } : {}), ...(reach > 0 ? { reachPt: reach, inline: rows } : {}) },
    fl.noOverlap === true,
  );
}

type TableFloating = NonNullable<Table['props']['floating']>;

/** The float anchor of a floating table; `lead` is how far its edge sits left of an offset's point. */
function floatingTableAnchor(fl: TableFloating, lead: number): FloatAnchor {
  const h = fl.horizontal.relativeTo === 'page' ? 'page' : fl.horizontal.relativeTo === 'margin' ? 'margin' : 'column';
  const v = fl.vertical.relativeTo === 'page' ? 'page' : fl.vertical.relativeTo === 'margin' ? 'margin' : 'paragraph';
  const xAlign = H_ALIGN[fl.horizontal.align ?? ''];
  // Against the text, only an offset places the table (it has no height to align in); inline is no offset.
  const yAlign = v === 'paragraph' ? undefined : V_ALIGN[fl.vertical.align ?? ''];
  const yInline = fl.vertical.align === 'inline';
  const d = fl.distancePt;
  return {
    horizontal: { relativeTo: h, ...(xAlign ? { align: xAlign } : { offsetPt: fl.horizontal.offsetPt - lead }) },
    vertical: { relativeTo: yInline ? 'paragraph' : v, ...(yAlign && !yInline ? { align: yAlign } : { offsetPt: yInline ? 0 : fl.vertical.offsetPt }) },
    wrap: 'square',
    wrapSide: 'both',
    distancePt: { top: d.top, bottom: d.bottom, left: d.left, right: d.right },
    behindText: false,
    allowOverlap: true,
    layoutInCell: true,
    zIndex: 0,
  };
}

// ST_XAlign / ST_YAlign (§17.18.108/109).
const H_ALIGN: Record<string, 'left' | 'center' | 'right' | 'inside' | 'outside'> = { left: 'left', center: 'center', right: 'right', inside: 'inside', outside: 'outside' };
const V_ALIGN: Record<string, 'top' | 'center' | 'bottom' | 'inside' | 'outside'> = { top: 'top', center: 'center', bottom: 'bottom', inside: 'inside', outside: 'outside' };

/** The mark properties of the first paragraph among blocks (cells hold tables too). */
function firstRunProps(blocks: readonly Block[]): RunProps | undefined {
  for (const b of blocks) {
    if (b.kind === 'paragraph') return b.markProps;
    const inner = firstRunProps(b.rows.flatMap((r) => r.cells.flatMap((c) => c.blocks)));
    if (inner) return inner;
  }
  return undefined;
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
 * A header's or footer's frame (`inChrome`) with w:wrap="none" lies over the body text and keeps
 * none of it out: oxsdk-complex2010's first-page header holds a 59 pt picture frame 504 pt down
 * page 1, and Word's saved column starts put 9 lines of the two-column section below it on page 1
 * and 2 + 2 on page 2, which lines run under the frame give (10 + 10 and 1 + 1 in ours, one line
 * off), and lines skipping its band do not (5 + 5 and 6 + 6, four lines off).
 */
function frameAnchor(f: FrameProps, inChrome: boolean): FloatAnchor {
  const h = f.hAnchor === 'page' ? 'page' : f.hAnchor === 'margin' ? 'margin' : 'column';
  const v = f.vAnchor === 'page' ? 'page' : f.vAnchor === 'margin' ? 'margin' : 'paragraph';
  const yAlign = f.yAlign === 'inline' ? undefined : f.yAlign;
  const hSpace = f.hSpacePt ?? 0;
  const vSpace = f.vSpacePt ?? 0;
  return {
    horizontal: { relativeTo: h, ...(f.xAlign ? { align: f.xAlign } : { offsetPt: f.xPt ?? 0 }) },
    vertical: { relativeTo: v, ...(yAlign ? { align: yAlign } : { offsetPt: f.yPt ?? 0 }) },
    wrap: inChrome && f.wrap === 'none' ? 'none' : WRAP[f.wrap ?? 'around'],
    wrapSide: 'both',
    distancePt: { top: vSpace, bottom: vSpace, left: hSpace, right: hSpace },
    behindText: false,
    allowOverlap: true,
    layoutInCell: true,
    zIndex: 0,
  };
}
