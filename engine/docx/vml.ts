/**
 * VML drawings in runs (w:pict, w:object; ECMA-376 Part 4 §19): v:shape, v:rect, v:roundrect,
 * v:oval, v:line, v:group, text boxes (v:textbox → w:txbxContent), pictures (v:imagedata), OLE
 * objects as their preview picture, and header watermarks (PowerPlusWaterMarkObject, v:textpath).
 */
import type { ImageInline, Inline, PathCommand, PathPaint, ShapeInline, ShapeLine, WordArt } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, children } from '../xml';
import { blendColors } from './color';
import { unsupported } from './context';
import { presetPaths, textRectInsets, type DrawnPreset } from './geometry';
import type { InlineReader } from './inline-reader';
import { readVmlGradient } from './gradient';
import { mediaFor } from './media';
import { vmlPictureFill } from './picture-fill';
import { readTextBoxBlocks } from './shapes';
import { evaluateVmlFormulas, type VmlSpace } from './vml-formulas';
import { vmlPathGeometry, vmlTextRect } from './vml-path';
import { lengthPt, parseStyle, vmlAnchor, vmlBool, vmlColor, vmlFraction } from './vml-style';
import { readVmlImageAdjust } from './picture-adjust';

const SHAPES = new Set(['v:shape', 'v:rect', 'v:roundrect', 'v:oval', 'v:line', 'v:group', 'v:image', 'v:polyline', 'v:arc', 'v:curve']);
const IGNORED = new Set(['v:shapetype', 'o:OLEObject', 'w10:wrap', 'o:lock', 'w:control', 'w:objectEmbed', 'w:objectLink', 'v:fill', 'v:stroke', 'v:shadow']);

/** o:spt shape types (MSO_SPT) that map onto a preset outline. */
const SPT_PRESET: Record<string, string> = {
  '1': 'rect', '2': 'roundRect', '3': 'ellipse', '4': 'diamond', '5': 'triangle', '6': 'rtTriangle', '7': 'parallelogram', '8': 'trapezoid',
  '9': 'hexagon', '10': 'octagon', '11': 'plus', '12': 'star5', '13': 'rightArrow', '15': 'homePlate', '20': 'line', '32': 'straightConnector1',
  '55': 'chevron', '56': 'pentagon', '61': 'wedgeRectCallout', '62': 'wedgeRoundRectCallout', '63': 'wedgeEllipseCallout', '66': 'leftArrow',
  '67': 'downArrow', '68': 'upArrow', '75': 'rect', '109': 'flowChartProcess', '110': 'flowChartDecision', '116': 'flowChartTerminator', '202': 'rect',
  '34': 'bentConnector3', '38': 'curvedConnector3', '119': 'flowChartManualOperation', '120': 'flowChartConnector',
};

/** Reads the shapes in a w:pict or w:object. */
export function readVml(r: InlineReader, el: XmlElement): Inline[] {
  const out: Inline[] = [];
  const isObject = el.name === 'w:object';
  for (const c of el.children) {
    if (c.kind !== 'element') continue;
    if (SHAPES.has(c.name)) {
      const item = readVmlShape(r, c, true);
      if (item) out.push(item);
    } else if (c.name === 'v:shapetype') {
      rememberShapeType(r, c);
    } else if (!IGNORED.has(c.name)) {
      unsupported(r.ctx, c, r.at);
    }
  }
  if (isObject && out.length > 0) r.ctx.bag.warn('docx/ole-object', 'Embedded objects (OLE) are shown as their preview picture.', { at: r.at });
  return out;
}

/** A v:line's end points (`from`, `to`: CT_Line, ECMA-376 Part 4 §19.1.2.12) in points, finite. */
function lineEnds(el: XmlElement): { x1: number; y1: number; x2: number; y2: number } {
  const point = (name: string) => {
    const [x, y] = (attr(el, name) ?? '0,0').split(',').map((v) => lengthPt(v) ?? 0);
    return [Number.isFinite(x) ? x! : 0, Number.isFinite(y) ? y! : 0] as const;
  };
  const [x1, y1] = point('from');
  const [x2, y2] = point('to');
  return { x1, y1, x2, y2 };
}

function sizeOf(style: Map<string, string>, el: XmlElement): { w: number; h: number } {
  if (el.name === 'v:line') {
    const { x1, y1, x2, y2 } = lineEnds(el);
    return { w: Math.abs(x2 - x1), h: Math.abs(y2 - y1) };
  }
  return { w: Math.max(0, lengthPt(style.get('width')) ?? 0), h: Math.max(0, lengthPt(style.get('height')) ?? 0) };
}

/**
 * Where a shape's box starts inside its anchor frame beyond margin-left/margin-top: a floating
 * v:line has no box of its own, its end points are measured from the anchor (the column's left edge
 * and the paragraph's top by default), so its box starts at the nearer end point on each axis.
 */
function boxOrigin(el: XmlElement): { xPt: number; yPt: number } {
  if (el.name !== 'v:line') return { xPt: 0, yPt: 0 };
  const { x1, y1, x2, y2 } = lineEnds(el);
  return { xPt: Math.min(x1, x2), yPt: Math.min(y1, y2) };
}

/** Reads one VML shape; `top` shapes may float (position:absolute), group children are placed by the group. */
function readVmlShape(r: InlineReader, el: XmlElement, top: boolean, size?: { w: number; h: number }): ImageInline | ShapeInline | undefined {
  const style = parseStyle(attr(el, 'style'));
  if (style.get('visibility') === 'hidden' || style.get('display') === 'none') return undefined;
  const { w, h } = size ?? sizeOf(style, el);
  const floating = top && style.get('position') === 'absolute';
  const anchor = floating ? vmlAnchor(style, child(el, 'w10:wrap'), boxOrigin(el)) : undefined;
  const transform = {
    ...(Number(style.get('rotation')) ? { rotationDeg: Number(style.get('rotation')) % 360 } : {}),
    ...((style.get('flip') ?? '').includes('x') ? { flipH: true } : {}),
    ...((style.get('flip') ?? '').includes('y') ? { flipV: true } : {}),
  };
  if (el.name === 'v:group') return readGroup(r, el, w, h, anchor, transform);
  const id = `${attr(el, 'id') ?? ''} ${attr(el, 'o:spid') ?? ''}`;
  const textpath = child(el, 'v:textpath');
  const watermark = id.includes('PowerPlusWaterMarkObject') || id.includes('WordPictureWatermark');
  const imagedata = child(el, 'v:imagedata');
  const textbox = child(el, 'v:textbox');
  if (imagedata && !textbox && !textpath) return readVmlPicture(r, el, imagedata, { w, h }, transform, anchor);
  const outline = geometryOf(r, el, w, h);
  const geometry = outline.name;
  const shape: Mutable<ShapeInline> = {
    kind: 'shape', widthPt: w, heightPt: h, geometry, paths: outline.drawn?.paths ?? presetPaths(geometry, w, h, roundAdj(el)), props: r.props(), ...transform,
  };
  if (outline.drawn?.paints.some((p) => p)) shape.pathPaints = outline.drawn.paints;
  const fill = readVmlFill(r, el, shape, textpath !== undefined);
  const stroked = vmlBool(typedAttr(r, el, 'stroked'), true) && vmlBool(attr(child(el, 'v:stroke'), 'on'), true);
  if (stroked && !textpath) shape.line = vmlStroke(el);
  if (textbox) {
    const content = child(textbox, 'w:txbxContent');
    if (content) shape.text = textboxOf(r, textbox, content, style, textRectInsets(outline.drawn?.textRect, w, h));
  } else if (textpath) {
    shape.wordArt = wordArtOf(r, el, textpath, fill, outline.drawn?.paths ?? []);
  }
  if (watermark) shape.watermark = true;
  const share = ruleShare(el, w, anchor !== undefined);
  if (share !== undefined) shape.ruleShare = share;
  if (anchor) shape.anchor = anchor;
  return shape;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A VML shape that is a picture (v:imagedata, §19.1.2.11): cropped, outlined and adjusted as its attributes say. */
function readVmlPicture(
  r: InlineReader, el: XmlElement, imagedata: XmlElement, size: { w: number; h: number },
  transform: Pick<ImageInline, 'rotationDeg' | 'flipH' | 'flipV'>, anchor: ImageInline['anchor'],
): ImageInline | undefined {
  const media = mediaFor(r.ctx, r.story.part, attr(imagedata, 'r:id') ?? attr(imagedata, 'r:pict') ?? attr(imagedata, 'o:relid'), r.at);
  if (!media) return undefined;
  const img: Mutable<ImageInline> = { kind: 'image', media, widthPt: size.w, heightPt: size.h, props: r.props(), ...transform };
  const crop = { left: vmlFraction(attr(imagedata, 'cropleft')) ?? 0, top: vmlFraction(attr(imagedata, 'croptop')) ?? 0, right: vmlFraction(attr(imagedata, 'cropright')) ?? 0, bottom: vmlFraction(attr(imagedata, 'cropbottom')) ?? 0 };
  if (crop.left || crop.top || crop.right || crop.bottom) img.crop = crop;
  if (anchor) img.anchor = anchor;
  const alt = attr(el, 'alt') ?? attr(imagedata, 'o:title');
  if (alt) img.alt = alt;
  const outline = pictureStroke(el);
  if (outline) img.outline = outline;
  const adjust = readVmlImageAdjust(imagedata);
  if (adjust) img.adjust = adjust;
  return img;
}

/**
 * A VML shape's fill (v:fill, §19.1.2.5, and the shape's fillcolor/filled): colour, gradient,
 * opacity or picture onto `shape`; returns the fill colour (WordArt paints its glyphs with it).
 */
function readVmlFill(r: InlineReader, el: XmlElement, shape: Mutable<ShapeInline>, isTextPath: boolean): string | undefined {
  const fillEl = child(el, 'v:fill');
  const filled = vmlBool(typedAttr(r, el, 'filled'), true) && vmlBool(attr(fillEl, 'on'), true);
  const fill = vmlColor(attr(fillEl, 'color') ?? attr(el, 'fillcolor')) ?? (attr(el, 'fillcolor') === undefined && !isTextPath ? 'FFFFFF' : undefined);
  // A WordArt text path (type 136) fills and strokes its glyphs, not its box (see wordArtOf).
  if (filled && fill && shape.geometry !== 'line' && !isTextPath) {
    const gradient = readVmlGradient(fillEl, fill);
    shape.fill = gradient?.color ?? fill;
    if (gradient?.gradient) shape.fillGradient = gradient.gradient;
    // v:fill/@opacity (a fraction, or 16.16 fixed point with an f: "31457f" is 0.48).
    const opacity = gradient?.gradient ? undefined : vmlFraction(attr(fillEl, 'opacity'));
    if (opacity !== undefined && opacity < 1) shape.fillOpacity = Math.max(0, opacity);
  }
  const fillImageId = attr(fillEl, 'r:id');
  if (filled && fillImageId) {
    const media = mediaFor(r.ctx, r.story.part, fillImageId, r.at);
    const type = attr(fillEl, 'type');
    if (media) shape.fillImage = vmlPictureFill(media, type, fill, vmlColor(attr(fillEl, 'color2')));
  }
  return fill;
}

/**
 * The width of a horizontal rule (o:hr="t", an HTML <hr> in Word, ECMA-376 Part 4 §19.2.2 o:hr,
 * o:hrpct) that has none of its own (width:0): o:hrpct tenths of a per cent of its line, the whole
 * line when absent or 0 (oxsdk-Hyperlink_-_internal's grey rules under its headings; LibreOffice
 * draws them across the text, we drew nothing).
 */
function ruleShare(el: XmlElement, widthPt: number, floating: boolean): number | undefined {
  if (floating || widthPt > 0 || !vmlBool(attr(el, 'o:hr'), false)) return undefined;
  const pct = Number(attr(el, 'o:hrpct') ?? '0');
  return Number.isFinite(pct) && pct > 0 && pct < 1000 ? pct / 1000 : 1;
}

/** A VML outline (v:shape strokeweight / strokecolor, or its v:stroke weight / color), width bounded. */
function vmlStroke(el: XmlElement): ShapeLine {
  const strokeEl = child(el, 'v:stroke');
  const read = lengthPt(attr(strokeEl, 'weight') ?? attr(el, 'strokeweight'), 1);
  const weight = read !== undefined && Number.isFinite(read) ? read : 0.75;
  return { widthPt: Math.max(0.25, Math.min(100, weight)), color: vmlColor(attr(strokeEl, 'color') ?? attr(el, 'strokecolor')) ?? '000000' };
}

/**
 * An attribute of a shape, or else of the v:shapetype it names (type="#id"): a shape takes its
 * type's attributes where it sets none (ECMA-376 Part 4 §19.1.2.20 shapetype). Word's picture frame
 * type _x0000_t75 says filled="f" stroked="f", so a drawing canvas's background shape of that type
 * (v:group editas="canvas") has no outline (poi-WordWithAttachments drew a box around its canvas).
 */
function typedAttr(r: InlineReader, el: XmlElement, name: string): string | undefined {
  return attr(el, name) ?? attr(r.ctx.vmlShapeTypes.get((attr(el, 'type') ?? '').replace(/^#/, '')), name);
}

/** A VML picture's border: only when the shape says stroked="t" (Word's picture type _x0000_t75 is not stroked). */
function pictureStroke(el: XmlElement): ShapeLine | undefined {
  const on = vmlBool(attr(el, 'stroked'), false) && vmlBool(attr(child(el, 'v:stroke'), 'on'), true);
  return on ? vmlStroke(el) : undefined;
}

/** A VML shape's outline: a preset's name, or its own path (v:shape/@path or its v:shapetype's) drawn. */
interface VmlOutline {
  readonly name: string;
  readonly drawn?: { readonly paths: PathCommand[][]; readonly paints: Array<PathPaint | undefined>; readonly textRect?: DrawnPreset['textRect'] };
}

const SIMPLE_GEOMETRY: Record<string, string> = { 'v:rect': 'rect', 'v:roundrect': 'roundRect', 'v:oval': 'ellipse', 'v:line': 'line' };
const MAX_SHAPE_TYPES = 1000;
/** Elements looked into per unread alternate branch when collecting its shape types. */
const MAX_SHAPE_TYPE_SEARCH = 10_000;

/** Remembers a v:shapetype (in a w:pict, w:object or v:group) by id for the shapes after it that name it (type="#id"). */
function rememberShapeType(r: InlineReader, el: XmlElement): void {
  const id = attr(el, 'id');
  if (id && r.ctx.vmlShapeTypes.size < MAX_SHAPE_TYPES) r.ctx.vmlShapeTypes.set(id, el);
}

/**
 * Remembers the v:shapetypes in the branches of an mc:AlternateContent that are not read: Word
 * writes a type's definition once, with its first shape, and when that shape is DrawingML with a
 * VML fallback the definition sits only in the mc:Fallback, while later plain VML shapes name it.
 */
export function rememberUnreadShapeTypes(r: InlineReader, alternate: XmlElement, chosen: XmlElement | undefined): void {
  for (const branch of alternate.children) {
    if (branch.kind !== 'element' || branch === chosen) continue;
    const stack: XmlElement[] = [branch];
    for (let visited = 0; stack.length > 0 && visited < MAX_SHAPE_TYPE_SEARCH; visited++) {
      for (const c of stack.pop()!.children) {
        if (c.kind !== 'element') continue;
        if (c.name === 'v:shapetype') rememberShapeType(r, c);
        else stack.push(c);
      }
    }
  }
}

function geometryOf(r: InlineReader, el: XmlElement, w: number, h: number): VmlOutline {
  const simple = SIMPLE_GEOMETRY[el.name];
  if (simple) return { name: simple };
  const typeRef = (attr(el, 'type') ?? '').replace(/^#/, '');
  const shapeType = r.ctx.vmlShapeTypes.get(typeRef);
  const type = typeRef.replace(/^_x0000_t/, '');
  const spt = attr(el, 'o:spt') ?? type;
  const preset = SPT_PRESET[spt];
  if (preset) return { name: preset };
  const path = pathOf(el) ?? pathOf(shapeType);
  if (path) {
    const drawn = drawVmlPath(r, el, shapeType, path, w, h);
    if (drawn) return { name: 'custom', drawn };
    return { name: 'rect' };
  }
  if (spt !== '' && spt !== '136') r.ctx.bag.warn('docx/unsupported-geometry', `VML shape type ${spt} is drawn as its bounding rectangle.`, { at: r.at });
  return { name: 'rect' };
}

function pathOf(el: XmlElement | undefined): string | undefined {
  return attr(el, 'path') ?? attr(child(el, 'v:path'), 'v');
}

/** Numbers of a comma list ("21600,21600"); empty items take `fallback`'s. */
function numberList(text: string | undefined, fallback: readonly number[]): number[] {
  const parts = (text ?? '').split(',');
  return fallback.map((d, i) => {
    const v = Number(parts[i]?.trim() || Number.NaN);
    return Number.isFinite(v) ? v : d;
  });
}

/** Draws a VML path in the shape's coordinate space, with its adjust values and formulas (v:formulas). */
function drawVmlPath(r: InlineReader, el: XmlElement, shapeType: XmlElement | undefined, path: string, w: number, h: number): VmlOutline['drawn'] {
  const [cw = 1000, ch = 1000] = numberList(attr(el, 'coordsize'), numberList(attr(shapeType, 'coordsize'), [1000, 1000]));
  const [ox = 0, oy = 0] = numberList(attr(el, 'coordorigin'), numberList(attr(shapeType, 'coordorigin'), [0, 0]));
  const typeAdj = numberList(attr(shapeType, 'adj'), new Array<number>(10).fill(0));
  const space: VmlSpace = { cw, ch, ox, oy, adj: numberList(attr(el, 'adj'), typeAdj) };
  const eqns = children(child(el, 'v:formulas') ?? child(shapeType, 'v:formulas'), 'v:f').map((f) => attr(f, 'eqn') ?? '');
  const unknownOps = new Set<string>();
  const formulas = evaluateVmlFormulas(eqns, space, (op) => unknownOps.add(op));
  for (const op of unknownOps) r.ctx.bag.warn('docx/unsupported-geometry', `VML formula operator "${op}" is read as 0.`, { at: r.at });
  const drawn = vmlPathGeometry(path, w, h, space, formulas);
  const rectText = attr(child(el, 'v:path'), 'textboxrect') ?? attr(child(shapeType, 'v:path'), 'textboxrect');
  const textRect = rectText ? vmlTextRect(rectText, w, h, space, formulas) : undefined;
  if (drawn.ok) return { paths: drawn.paths, paints: drawn.paints, ...(textRect ? { textRect } : {}) };
  r.ctx.bag.warn('docx/unsupported-geometry', `A VML path command "${drawn.unknown}" is not drawn; the shape is drawn as its bounding rectangle.`, { at: r.at });
  return undefined;
}

function roundAdj(el: XmlElement) {
  const arc = vmlFraction(attr(el, 'arcsize'));
  return (name: string, d: number) => (name === 'adj' && arc !== undefined ? arc * 100000 : d);
}

/** A VML text box: v:textbox/@inset inside the path's text box rectangle (v:path/@textboxrect), when it has one. */
function textboxOf(
  r: InlineReader, textbox: XmlElement, content: XmlElement, shapeStyle: Map<string, string>, rect: ReturnType<typeof textRectInsets>,
): NonNullable<ShapeInline['text']> {
  const inset = (attr(textbox, 'inset') ?? '').split(',');
  const side = (i: number, d: number) => lengthPt(inset[i]?.trim() || undefined) ?? d;
  const tbStyle = parseStyle(attr(textbox, 'style'));
  const anchorV = shapeStyle.get('v-text-anchor') ?? '';
  return {
    blocks: readTextBoxBlocks(r, content),
    insetsPt: { left: rect.left + side(0, 7.2), top: rect.top + side(1, 3.6), right: rect.right + side(2, 7.2), bottom: rect.bottom + side(3, 3.6) },
    verticalAlign: anchorV.startsWith('middle') ? 'center' : anchorV.startsWith('bottom') ? 'bottom' : 'top',
    autoFit: tbStyle.get('mso-fit-shape-to-text') === 't' || shapeStyle.get('mso-fit-shape-to-text') === 't',
    upright: true,
  };
}

/** v-text-align values (the style of v:textpath) other than the centred default. */
const TEXT_ALIGN: Record<string, WordArt['align']> = { left: 'left', right: 'right', 'stretch-justify': 'stretch' };

/**
 * A WordArt text path (v:textpath, ECMA-376 Part 4 §19.1.2.22): its string, font (the style's
 * font-family, font-weight, font-style), the shape's fill colour and opacity as the glyphs' paint,
 * and its stroke as their outline. Word stretches it to the box (fitshape), which layout does.
 */
function wordArtOf(r: InlineReader, el: XmlElement, textpath: XmlElement, fill: string | undefined, paths: ReadonlyArray<readonly PathCommand[]>): WordArt {
  const tpStyle = parseStyle(attr(textpath, 'style'));
  const family = (tpStyle.get('font-family') ?? '').replace(/["']|&quot;/g, '').trim();
  const base = r.props();
  const fillEl = child(el, 'v:fill');
  // VML's default fillcolor is white; a gradient (v:fill type gradient / gradientRadial) is reduced
  // to the colour halfway to its color2, as DrawingML gradients are to their middle stop.
  const color2 = (attr(fillEl, 'type') ?? '').startsWith('gradient') ? vmlColor(attr(fillEl, 'color2')) : undefined;
  const props = {
    ...base,
    font: family || base.font,
    bold: /^(bold|bolder|[6-9]00)$/.test(tpStyle.get('font-weight') ?? ''),
    italic: /^(italic|oblique)$/.test(tpStyle.get('font-style') ?? ''),
    color: color2 ? blendColors(fill ?? 'FFFFFF', color2, 0.5) : fill ?? 'FFFFFF',
  };
  // An unfilled text path (filled="f", v:fill on="f") shows only its outline: no fill is fill opacity 0.
  const filled = vmlBool(attr(el, 'filled'), true) && vmlBool(attr(fillEl, 'on'), true);
  const opacity = filled ? vmlFraction(attr(fillEl, 'opacity')) : 0;
  const stroked = vmlBool(attr(el, 'stroked'), true) && vmlBool(attr(child(el, 'v:stroke'), 'on'), true);
  const align = TEXT_ALIGN[tpStyle.get('v-text-align') ?? ''];
  // Types 137-175 (MSO_SPT text chevrons, arches, waves…) bend the text between their guide paths:
  // the shape type's path, whose subpaths are the guides (top and bottom, or one to set the text along).
  const kind = attr(el, 'o:spt') ?? (attr(el, 'type') ?? '').replace(/^#?_x0000_t/, '');
  const guides = kind === '136' ? [] : paths.flatMap(subpaths);
  const warped = guides.length === 1 || guides.length === 2;
  if (/^\d+$/.test(kind) && kind !== '136' && !warped) {
    r.ctx.bag.warn('docx/unsupported-text-warp', `The WordArt shape type ${kind} bends its text along ${guides.length} guide paths; it is drawn as plain text stretched over the box.`, { at: r.at });
  }
  return {
    ...(warped ? { warp: { guides } } : {}),
    text: attr(textpath, 'string') ?? '',
    props,
    trim: vmlBool(attr(textpath, 'trim'), false),
    ...(align ? { align } : {}),
    ...(opacity !== undefined && opacity < 1 ? { opacity: Math.max(0, opacity) } : {}),
    ...(stroked ? { outline: vmlStroke(el) } : {}),
  };
}

/** v:group: children in the group's coordinate space (coordsize/coordorigin) scaled to its size. */
function readGroup(
  r: InlineReader, el: XmlElement, w: number, h: number, anchor: ShapeInline['anchor'], transform: object,
): ShapeInline {
  const [cw, ch] = (attr(el, 'coordsize') ?? '1000,1000').split(',').map((v) => Number(v) || 1000);
  const [ox, oy] = (attr(el, 'coordorigin') ?? '0,0').split(',').map((v) => Number(v) || 0);
  const sx = w / (cw ?? 1000);
  const sy = h / (ch ?? 1000);
  const kids: Array<{ xPt: number; yPt: number; item: ImageInline | ShapeInline }> = [];
  for (const c of el.children) {
    if (c.kind === 'element' && c.name === 'v:shapetype') rememberShapeType(r, c);
    if (c.kind !== 'element' || !SHAPES.has(c.name) || kids.length > 5000) continue;
    const st = parseStyle(attr(c, 'style'));
    const cx = Number(st.get('left') ?? 0) || 0;
    const cy = Number(st.get('top') ?? 0) || 0;
    const size = { w: Math.max(0, (Number(st.get('width') ?? 0) || 0) * sx), h: Math.max(0, (Number(st.get('height') ?? 0) || 0) * sy) };
    const item = readVmlShape(r, c, false, size);
    if (item) kids.push({ xPt: (cx - (ox ?? 0)) * sx, yPt: (cy - (oy ?? 0)) * sy, item });
  }
  return { kind: 'shape', widthPt: w, heightPt: h, geometry: 'group', paths: [], props: r.props(), children: kids, ...transform, ...(anchor ? { anchor } : {}) };
}

/** A path's subpaths, each from one of its moves (a WordArt shape type's guides are its subpaths). */
function subpaths(path: readonly PathCommand[]): PathCommand[][] {
  const out: PathCommand[][] = [];
  for (const c of path) {
    if (c.op === 'M' || out.length === 0) out.push([]);
    out[out.length - 1]!.push(c);
  }
  return out.filter((p) => p.some((c) => c.op !== 'M' && c.op !== 'Z'));
}
