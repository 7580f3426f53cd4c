/**
 * DrawingML objects in runs (w:drawing → wp:inline / wp:anchor, §20.4): pictures (pic:pic), shapes
 * and text boxes (wps:wsp), groups (wpg:wgp) and canvases, charts (c:chart) and SmartArt (its
 * fallback drawing, else its text). Unknown graphics keep their text in an invisible box.
 */
import type { FloatAnchor, ImageInline, Inline, ShapeInline } from '../model';
import type { XmlElement } from '../xml';
import { attr, child } from '../xml';
import { chooseAlternate, flattenAlternates } from './alternate';
import { readAnchor } from './anchor';
import { readChartPart } from './chart';
import { unsupported } from './context';
import type { InlineReader } from './inline-reader';
import { mediaFor } from './media';
import { groupChildren, readShape, textBoxesOf, transformOf } from './shapes';
import { smartArtText } from './smartart';
import { readDrawingEffects } from './effects';
import { readBlipLook } from './picture-adjust';
import { outerShadow, shapeLine } from './shape-style';
import { emuAttr } from './values';
import { isKnownPreset, spGeometry } from './geometry';

/** Size, placement and description shared by every drawing object. */
export interface DrawingFrame {
  readonly widthPt: number;
  readonly heightPt: number;
  readonly anchor?: FloatAnchor;
  readonly alt?: string;
  readonly title?: string;
}

/** Reads the objects of a w:drawing. */
export function readDrawing(r: InlineReader, el: XmlElement): Inline[] {
  const out: Inline[] = [];
  for (const c of el.children) {
    if (c.kind !== 'element') continue;
    if (c.name === 'wp:inline' || c.name === 'wp:anchor') {
      const item = readObject(r, flattenAlternates(c));
      const effect = c.name === 'wp:inline' ? effectExtent(child(c, 'wp:effectExtent')) : undefined;
      if (item) out.push(effect && (item.kind === 'image' || item.kind === 'shape' || item.kind === 'chart') ? { ...item, effectPt: effect } : item);
    } else if (c.name === 'mc:AlternateContent') {
      const chosen = chooseAlternate(c);
      if (chosen) out.push(...readDrawing(r, chosen));
    }
  }
  return out;
}

/** Most room an effect may add on one side (22 inches, the largest page). */
const MAX_EFFECT_PT = 1584;

/** An inline object's effect extent in points, or undefined when it adds nothing. */
function effectExtent(el: XmlElement | undefined): NonNullable<ImageInline['effectPt']> | undefined {
  if (!el) return undefined;
  const side = (n: string) => Math.max(0, Math.min(MAX_EFFECT_PT, emuAttr(el, n) ?? 0));
  const e = { left: side('l'), top: side('t'), right: side('r'), bottom: side('b') };
  return e.left + e.top + e.right + e.bottom > 0 ? e : undefined;
}

function frameOf(el: XmlElement): DrawingFrame {
  const extent = child(el, 'wp:extent');
  const docPr = child(el, 'wp:docPr');
  const f: { -readonly [K in keyof DrawingFrame]: DrawingFrame[K] } = {
    widthPt: Math.max(0, emuAttr(extent, 'cx') ?? 0),
    heightPt: Math.max(0, emuAttr(extent, 'cy') ?? 0),
  };
  if (el.name === 'wp:anchor') f.anchor = readAnchor(el);
  const descr = attr(docPr, 'descr');
  const title = attr(docPr, 'title');
  if (descr) f.alt = descr;
  if (title) f.title = title;
  return f;
}

function readObject(r: InlineReader, el: XmlElement): Inline | undefined {
  const frame = frameOf(el);
  const data = child(child(el, 'a:graphic'), 'a:graphicData');
  const g = data?.children.find((c): c is XmlElement => c.kind === 'element');
  if (!g) return undefined;
  if (attr(child(el, 'wp:docPr'), 'hidden') === '1') return undefined;
  switch (g.name) {
    case 'pic:pic':
      return readPicture(r, g, frame);
    case 'wps:wsp':
      return readShape(r, g, frame);
    case 'wpg:wgp':
    case 'wpc:wpc':
    case 'lc:lockedCanvas':
      return readGroupObject(r, g, frame);
    case 'c:chart':
      return readChartRef(r, g, frame);
    case 'dgm:relIds':
      return readSmartArt(r, g, frame);
    default:
      unsupported(r.ctx, g, r.at);
      return textOnlyBox(r, g, frame);
  }
}

/**
 * A picture (pic:pic, §20.2.2.5): a:blip r:embed → media, a:srcRect crop, a:xfrm rotation and flips,
 * and its frame: the a:ln outline and a:effectLst outer shadow, glow and reflection of pic:spPr.
 */
export function readPicture(r: InlineReader, pic: XmlElement, frame: DrawingFrame): ImageInline | undefined {
  const blipFill = child(pic, 'pic:blipFill');
  const blip = child(blipFill, 'a:blip');
  const spPr = child(pic, 'pic:spPr');
  const media = mediaFor(r.ctx, r.story.part, attr(blip, 'r:embed') ?? attr(blip, 'r:link'), r.at);
  if (!media) return undefined;
  const img: { -readonly [K in keyof ImageInline]: ImageInline[K] } = {
    kind: 'image',
    media,
    widthPt: frame.widthPt,
    heightPt: frame.heightPt,
    props: r.props(),
    ...transformOf(child(spPr, 'a:xfrm')),
  };
  // A picture shaped other than a rectangle (a:prstGeom other than rect, or a:custGeom) is clipped to
  // its geometry, and its line follows it. Unknown presets stay rectangles.
  const geom = child(spPr, 'a:prstGeom') || child(spPr, 'a:custGeom') ? spGeometry(spPr, frame.widthPt, frame.heightPt) : undefined;
  if (geom && geom.name !== 'rect' && (geom.name === 'custom' || isKnownPreset(geom.name))) {
    const paths = geom.paths.filter((p) => p.length > 0);
    if (paths.length > 0) img.shapePaths = paths;
  }
  // pic:spPr/a:ln (over a pic:style lnRef) and the outer shadow of a:effectLst (Word's picture styles).
  const outline = shapeLine(r.ctx.env, spPr, child(pic, 'pic:style'));
  if (outline) img.outline = outline;
  const sp3d = child(spPr, 'a:sp3d');
  if (outline && (child(sp3d, 'a:bevelT') || child(sp3d, 'a:bevelB'))) img.outlineOutside = true;
  const shadow = outerShadow(r.ctx.env, spPr);
  if (shadow) img.shadow = shadow;
  Object.assign(img, readDrawingEffects(r.ctx.env, spPr, (m) => r.ctx.bag.warn('docx/unsupported-effect', m, { at: r.at })));
  const src = child(blipFill, 'a:srcRect');
  if (src) {
    const f = (n: string) => Math.max(-1, Math.min(1, (Number(attr(src, n) ?? 0) || 0) / 100000));
    const crop = { left: f('l'), top: f('t'), right: f('r'), bottom: f('b') };
    if (crop.left || crop.top || crop.right || crop.bottom) img.crop = crop;
  }
  Object.assign(img, readBlipLook(r.ctx.env, blip));
  if (frame.anchor) img.anchor = frame.anchor;
  if (frame.alt) img.alt = frame.alt;
  if (frame.title) img.title = frame.title;
  return img;
}

function readGroupObject(r: InlineReader, g: XmlElement, frame: DrawingFrame): ShapeInline {
  const shape: { -readonly [K in keyof ShapeInline]: ShapeInline[K] } = {
    kind: 'shape',
    widthPt: frame.widthPt,
    heightPt: frame.heightPt,
    geometry: 'group',
    paths: [],
    props: r.props(),
    children: groupChildren(r, g, frame.widthPt, frame.heightPt),
    ...transformOf(child(child(g, 'wpg:grpSpPr'), 'a:xfrm')),
  };
  if (frame.anchor) shape.anchor = frame.anchor;
  return shape;
}

function readChartRef(r: InlineReader, g: XmlElement, frame: DrawingFrame): Inline | undefined {
  const id = attr(g, 'r:id');
  const rel = id ? r.ctx.pkg.rels(r.story.part).get(id) : undefined;
  if (!rel || rel.external) {
    r.ctx.bag.warn('docx/missing-chart', 'A chart refers to a part that is missing.', { at: r.at });
    return undefined;
  }
  const key = r.ctx.pkg.zip.find(rel.target)?.name ?? rel.target;
  if (!r.ctx.charts[key]) {
    const chart = readChartPart(r.ctx, key);
    if (!chart) return undefined;
    r.ctx.charts[key] = chart;
  }
  return { kind: 'chart', chart: key, widthPt: frame.widthPt, heightPt: frame.heightPt, props: r.props(), ...(frame.anchor ? { anchor: frame.anchor } : {}) };
}

/** SmartArt (dgm:relIds, §21.4): its pre-rendered drawing part when present, else its text in a box. */
function readSmartArt(r: InlineReader, g: XmlElement, frame: DrawingFrame): Inline | undefined {
  r.ctx.bag.warn('docx/smartart', 'SmartArt is drawn from its saved drawing when present, else shown as its text.', { at: r.at });
  const blocks = smartArtText(r, g);
  return {
    kind: 'shape',
    widthPt: frame.widthPt,
    heightPt: frame.heightPt,
    geometry: 'rect',
    paths: [],
    props: r.props(),
    ...(blocks.children ? { children: blocks.children } : {}),
    ...(blocks.text ? { text: { blocks: blocks.text, insetsPt: { top: 0, bottom: 0, left: 0, right: 0 }, verticalAlign: 'top' as const, autoFit: false } } : {}),
    ...(frame.anchor ? { anchor: frame.anchor } : {}),
  };
}

/** An unknown graphic: an undrawn box holding any text boxes it contains, so their text is not lost. */
function textOnlyBox(r: InlineReader, g: XmlElement, frame: DrawingFrame): ShapeInline | undefined {
  const blocks = textBoxesOf(r, g);
  if (blocks.length === 0) return undefined;
  return {
    kind: 'shape', widthPt: frame.widthPt, heightPt: frame.heightPt, geometry: 'rect', paths: [], props: r.props(),
    text: { blocks, insetsPt: { top: 0, bottom: 0, left: 0, right: 0 }, verticalAlign: 'top', autoFit: true },
    ...(frame.anchor ? { anchor: frame.anchor } : {}),
  };
}
