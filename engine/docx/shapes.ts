/**
 * Shapes and text boxes (wps:wsp, §20.4 / MS-ODRAWXML 2.3) and group children (wpg:wgp with
 * a:xfrm chOff/chExt mapping child coordinates onto the group's extent, §20.1.7.5).
 */
import type { Block, ImageInline, ShapeInline, Transform2D } from '../model';
import type { XmlElement } from '../xml';
import { attr, child } from '../xml';
import { chooseAlternate } from './alternate';
import { readBlocks } from './blocks';
import type { CellFormat } from './cascade';
import { unsupported, type DocxContext, type StoryState } from './context';
import type { DrawingFrame } from './drawing';
import { readPicture } from './drawing';
import { isKnownPreset, spGeometry, textRectInsets, type DrawnPreset } from './geometry';
import type { InlineReader } from './inline-reader';
import { shapeEffects } from './effects';
import { pictureFill, styleFillImage } from './picture-fill';
import { readFill, shapeLine, shapePaint } from './shape-style';
import { drawingColor } from './theme';
import { isTextWarpPreset } from './preset-geometry';
import { warpedWordArt } from './text-warp';
import { emuAttr, intValue } from './values';

/** Rotation and flips of an a:xfrm (rot in 60000ths of a degree). */
export function transformOf(xfrm: XmlElement | undefined): Transform2D {
  if (!xfrm) return {};
  const t: { -readonly [K in keyof Transform2D]: Transform2D[K] } = {};
  const rot = intValue(attr(xfrm, 'rot'));
  if (rot) t.rotationDeg = (rot / 60000) % 360;
  if (attr(xfrm, 'flipH') === '1' || attr(xfrm, 'flipH') === 'true') t.flipH = true;
  if (attr(xfrm, 'flipV') === '1' || attr(xfrm, 'flipV') === 'true') t.flipV = true;
  return t;
}

/**
 * Reads the blocks of a text box's w:txbxContent as their own story (lists continue the parent's).
 * `textColor`, a wps shape's style colour (a:fontRef), is its text's colour where no style or
 * direct formatting gives one.
 */
export function readTextBoxBlocks(r: InlineReader, content: XmlElement, textColor?: string): Block[] {
  const story: StoryState = { part: r.story.part, kind: 'textbox', counters: r.story.counters, fields: [], paragraphs: 0, pendingMarks: [] };
  return readBlocks(r.ctx, story, content, textColor ? shapeTextFormat(r.ctx, textColor) : undefined);
}

/** One layer per colour and document, so the cascade's caches (keyed by the layer) are shared. */
const shapeTextFormats = new WeakMap<DocxContext, Map<string, CellFormat>>();

/**
 * A shape style's text colour as a layer of its text's cascade, over the document defaults and under
 * the paragraph style, character style and direct formatting (as a table style's is): Word draws a
 * shape's text in its wps:style/a:fontRef colour (§20.1.4.1.17) when nothing else colours it, white
 * for the lt1 of the shapes Word 2013 and later insert. Tables in the text box restart the cascade.
 */
function shapeTextFormat(ctx: DocxContext, color: string): CellFormat {
  let m = shapeTextFormats.get(ctx);
  if (!m) {
    m = new Map();
    shapeTextFormats.set(ctx, m);
  }
  let f = m.get(color);
  if (!f) {
    f = { key: `\u0001fontRef ${color}`, rPr: { color, textFill: null }, pPr: {} };
    m.set(color, f);
  }
  return f;
}

/** All text box contents inside an element (for objects drawn only as their text). */
export function textBoxesOf(r: InlineReader, el: XmlElement): Block[] {
  const out: Block[] = [];
  const stack: XmlElement[] = [el];
  while (stack.length) {
    const e = stack.pop()!;
    if (e.name === 'w:txbxContent') {
      out.push(...readTextBoxBlocks(r, e));
      continue;
    }
    for (let i = e.children.length - 1; i >= 0; i--) {
      const c = e.children[i]!;
      if (c.kind === 'element') stack.push(c);
    }
  }
  return out;
}

const VERTICAL: Record<string, 'top' | 'center' | 'bottom'> = { t: 'top', ctr: 'center', b: 'bottom', just: 'center', dist: 'center' };

/** Reads a wps:wsp into a ShapeInline of the given frame. */
export function readShape(r: InlineReader, wsp: XmlElement, frame: DrawingFrame, groupFill?: string): ShapeInline {
  const spPr = child(wsp, 'wps:spPr');
  const style = child(wsp, 'wps:style');
  const w = frame.widthPt;
  const h = frame.heightPt;
  const geom = spGeometry(spPr, w, h);
  const name = geom.name;
  if (child(spPr, 'a:prstGeom') && !isKnownPreset(name)) {
    r.ctx.bag.warn('docx/unsupported-geometry', `Preset shape "${name}" is drawn as its bounding rectangle.`, { at: r.at });
  }
  const shape: { -readonly [K in keyof ShapeInline]: ShapeInline[K] } = {
    kind: 'shape',
    widthPt: w,
    heightPt: h,
    geometry: name,
    paths: geom.paths,
    ...(geom.paints ? { pathPaints: geom.paints } : {}),
    props: r.props(),
    ...transformOf(child(spPr, 'a:xfrm')),
  };
  const paint = shapePaint(r.ctx.env, spPr, style, groupFill);
  if (paint?.color && name !== 'line' && name !== 'straightConnector1') {
    shape.fill = paint.seeThrough?.color ?? paint.color;
    if (paint.seeThrough) shape.fillOpacity = paint.seeThrough.opacity;
    if (paint.gradient) shape.fillGradient = paint.gradient;
  }
  const image = pictureFill(r, child(spPr, 'a:blipFill'), r.story.part) ?? styleFillImage(r, spPr, style);
  if (image) shape.fillImage = image;
  const line = shapeLine(r.ctx.env, spPr, style);
  if (line) shape.line = line;
  Object.assign(shape, shapeEffects(r.ctx.env, spPr, style, (m) => r.ctx.bag.warn('docx/unsupported-effect', m, { at: r.at })));
  const content = child(child(wsp, 'wps:txbx'), 'w:txbxContent');
  if (child(wsp, 'wps:linkedTxbx')) {
    r.ctx.bag.warn('docx/linked-textbox', 'Text flowing between linked text boxes is shown in the first box only.', { at: r.at });
  }
  if (content) shape.text = textOf(r, content, child(wsp, 'wps:bodyPr'), geom, w, h, drawingColor(r.ctx.env.theme, r.ctx.env.mapping, child(style, 'a:fontRef')));
  // WordArt transforms (a:prstTxWarp, §20.1.9.19) bend or stretch the text along guide paths;
  // textNoShape, which Word writes in every text box, is none.
  const warpEl = child(child(wsp, 'wps:bodyPr'), 'a:prstTxWarp');
  const warp = attr(warpEl, 'prst');
  if (shape.text && warpEl && warp && warp !== 'textNoShape') {
    const art = warpedWordArt(warpEl, shape.text, w, h);
    if (art) {
      shape.wordArt = art;
      delete shape.text;
    } else if (!isTextWarpPreset(warp)) {
      r.ctx.bag.warn('docx/unsupported-text-warp', `The WordArt transform "${warp}" (a:prstTxWarp) is not applied; the text is drawn as in a plain text box.`, { at: r.at });
    }
  }
  if (frame.anchor) shape.anchor = frame.anchor;
  return shape;
}

/** A shape's text box: its text (blocks) placed by textFrame. */
function textOf(
  r: InlineReader, content: XmlElement, bodyPr: XmlElement | undefined, geom: DrawnPreset, w: number, h: number, textColor?: string,
): NonNullable<ShapeInline['text']> {
  return { blocks: readTextBoxBlocks(r, content, textColor), ...textFrame(bodyPr, geom, w, h) };
}

/**
 * Where a DrawingML shape's text goes (wps:wsp, SmartArt's dsp:sp): bodyPr's insets (lIns…,
 * §21.1.2.1.1) inside the geometry's text rectangle (a:rect of the preset or custom geometry), as
 * Word places it, and bodyPr's anchor (`anchor` when it names none).
 */
export function textFrame(
  bodyPr: XmlElement | undefined, geom: DrawnPreset, w: number, h: number, anchor = 't',
): Omit<NonNullable<ShapeInline['text']>, 'blocks'> {
  return textFrameIn(bodyPr, textRectInsets(geom.textRect, w, h), anchor);
}

/** textFrame inside a text rectangle given as its distances from the shape box's sides (negative: beyond it). */
export function textFrameIn(
  bodyPr: XmlElement | undefined, rect: { left: number; top: number; right: number; bottom: number }, anchor = 't',
): Omit<NonNullable<ShapeInline['text']>, 'blocks'> {
  const inset = (n: string, d: number) => Math.max(0, emuAttr(bodyPr, n) ?? d);
  return {
    insetsPt: { left: rect.left + inset('lIns', 7.2), top: rect.top + inset('tIns', 3.6), right: rect.right + inset('rIns', 7.2), bottom: rect.bottom + inset('bIns', 3.6) },
    verticalAlign: VERTICAL[attr(bodyPr, 'anchor') ?? anchor] ?? 'top',
    autoFit: child(bodyPr, 'a:spAutoFit') !== undefined,
    ...(attr(bodyPr, 'upright') === '1' || attr(bodyPr, 'upright') === 'true' ? { upright: true } : {}),
  };
}

/** The child coordinate mapping of a group's a:xfrm: child point → points in the group's box. */
interface GroupMap {
  readonly sx: number;
  readonly sy: number;
  readonly chOffX: number;
  readonly chOffY: number;
}

function groupMap(xfrm: XmlElement | undefined, widthPt: number, heightPt: number): GroupMap {
  const chOff = child(xfrm, 'a:chOff');
  const chExt = child(xfrm, 'a:chExt');
  const cx = emuAttr(chExt, 'cx') ?? 0;
  const cy = emuAttr(chExt, 'cy') ?? 0;
  return {
    sx: cx > 0 ? widthPt / cx : 1,
    sy: cy > 0 ? heightPt / cy : 1,
    chOffX: emuAttr(chOff, 'x') ?? 0,
    chOffY: emuAttr(chOff, 'y') ?? 0,
  };
}

const MAX_GROUP_DEPTH = 16;
/** Group children that describe the group itself. */
const GROUP_NON_SHAPES = new Set(['wpg:grpSpPr', 'wpg:cNvGrpSpPr', 'wpg:cNvPr', 'wpc:bg', 'wpc:whole', 'a:grpSpPr', 'a:nvGrpSpPr', 'a:extLst']);

/**
 * Positions and reads the children of a group (or canvas) of `widthPt`×`heightPt`. A child whose fill
 * is a:grpFill (§20.1.8.35) takes its group's fill, which may itself be its own group's (`outerFill`).
 */
export function groupChildren(
  r: InlineReader, g: XmlElement, widthPt: number, heightPt: number, depth = 0, outerFill?: string,
): NonNullable<ShapeInline['children']> {
  const grpSpPr = child(g, 'wpg:grpSpPr') ?? child(g, 'a:grpSpPr');
  const map = groupMap(child(grpSpPr, 'a:xfrm'), widthPt, heightPt);
  const groupFill = readFill(r.ctx.env, grpSpPr, undefined, outerFill)?.color ?? outerFill;
  const out: Array<{ xPt: number; yPt: number; item: ImageInline | ShapeInline }> = [];
  if (depth > MAX_GROUP_DEPTH) return out;
  for (const c of g.children) {
    if (c.kind !== 'element') continue;
    const el = c.name === 'mc:AlternateContent' ? chooseAlternate(c)?.children.find((x): x is XmlElement => x.kind === 'element') : c;
    if (!el) continue;
    const spPr = child(el, 'wps:spPr') ?? child(el, 'pic:spPr') ?? child(el, 'wpg:grpSpPr');
    const xfrm = child(spPr, 'a:xfrm');
    const off = child(xfrm, 'a:off');
    const ext = child(xfrm, 'a:ext');
    const xPt = ((emuAttr(off, 'x') ?? 0) - map.chOffX) * map.sx;
    const yPt = ((emuAttr(off, 'y') ?? 0) - map.chOffY) * map.sy;
    const frame: DrawingFrame = { widthPt: Math.max(0, (emuAttr(ext, 'cx') ?? 0) * map.sx), heightPt: Math.max(0, (emuAttr(ext, 'cy') ?? 0) * map.sy) };
    let item: ImageInline | ShapeInline | undefined;
    if (el.name === 'wps:wsp') item = readShape(r, el, frame, groupFill);
    else if (el.name === 'pic:pic') item = readPicture(r, el, frame);
    else if (el.name === 'wpg:grpSp') {
      item = {
        kind: 'shape', widthPt: frame.widthPt, heightPt: frame.heightPt, geometry: 'group', paths: [], props: r.props(),
        children: groupChildren(r, el, frame.widthPt, frame.heightPt, depth + 1, groupFill), ...transformOf(xfrm),
      };
    } else if (!GROUP_NON_SHAPES.has(el.name)) {
      unsupported(r.ctx, el, r.at);
      continue;
    }
    if (item && out.length < 10_000) out.push({ xPt, yPt, item });
  }
  return out;
}
