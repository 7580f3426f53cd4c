/**
 * SmartArt (dgm:relIds, §21.4): Word saves a pre-rendered drawing part (dsp:drawing, related from
 * the document by a diagramDrawing relationship named in the data part) that is read as grouped
 * shapes; without it the data model's node text is kept as paragraphs.
 */
import type { Block, ShapeInline } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, children, textContent } from '../xml';
import { dmlTextBlocks } from './dml-text';
import { spGeometry, type DrawnPreset } from './geometry';
import type { InlineReader } from './inline-reader';
import { shapeEffects } from './effects';
import { shapeLine, shapePaint } from './shape-style';
import { textFrame, textFrameIn, transformOf } from './shapes';
import { drawingColor } from './theme';
import { emuAttr } from './values';

/** The drawn shapes of a SmartArt, or its text. */
export function smartArtText(r: InlineReader, relIds: XmlElement): { children?: ShapeInline['children']; text?: Block[] } {
  const rels = r.ctx.pkg.rels(r.story.part);
  const dataRel = rels.get(attr(relIds, 'r:dm') ?? '');
  const data = dataRel && !dataRel.external ? r.ctx.pkg.xml(dataRel.target) : undefined;
  const drawing = data ? drawingPart(r, data) : undefined;
  if (drawing) return { children: drawingShapes(r, drawing) };
  const text: Block[] = [];
  for (const pt of children(child(data, 'dgm:ptLst'), 'dgm:pt')) {
    const type = attr(pt, 'type') ?? 'node';
    if (type !== 'node') continue;
    text.push(...dmlTextBlocks(r.ctx, child(pt, 'dgm:t'), r.at));
  }
  return { text };
}

/** Finds the dsp:drawing part through the data model's dsp:dataModelExt relId. */
function drawingPart(r: InlineReader, data: XmlElement): XmlElement | undefined {
  let relId: string | undefined;
  const stack: XmlElement[] = [data];
  while (stack.length && !relId) {
    const e = stack.pop()!;
    if (e.name.endsWith(':dataModelExt')) relId = attr(e, 'relId');
    for (const c of e.children) if (c.kind === 'element') stack.push(c);
  }
  const rel = relId ? r.ctx.pkg.rels(r.story.part).get(relId) : undefined;
  return rel && !rel.external ? r.ctx.pkg.xml(rel.target) : undefined;
}

function local(el: XmlElement, name: string): XmlElement | undefined {
  return el.children.find((c): c is XmlElement => c.kind === 'element' && (c.name === name || c.name.endsWith(`:${name}`)));
}

/**
 * A drawing shape's text: its runs in the style's a:fontRef font and colour, placed like a wps
 * shape's text. When its dsp:txXfrm (MS-ODRAWXML 2.3.8.1) turns it otherwise than the shape,
 * the text sits in that box (drawing coordinates, made relative to the shape's) turned by its
 * own rotation, as Word draws the level labels of turned arrows and cycle segments.
 */
function shapeText(
  r: InlineReader, sp: XmlElement, body: XmlElement, style: XmlElement | undefined, geom: DrawnPreset,
  box: { xfrm: XmlElement | undefined; w: number; h: number },
): NonNullable<ShapeInline['text']> {
  const fontRef = style && local(style, 'fontRef');
  const color = drawingColor(r.ctx.env.theme, r.ctx.env.mapping, fontRef);
  const blocks = dmlTextBlocks(r.ctx, body, r.at, color, fontRef);
  const bodyPr = local(body, 'bodyPr');
  const txXfrm = local(sp, 'txXfrm');
  const txRot = degreesOf(txXfrm);
  if (!txXfrm || txRot === degreesOf(box.xfrm)) return { blocks, ...textFrame(bodyPr, geom, box.w, box.h, 'ctr') };
  const shapeOff = child(box.xfrm, 'a:off');
  const left = (emuAttr(child(txXfrm, 'a:off'), 'x') ?? 0) - (emuAttr(shapeOff, 'x') ?? 0);
  const top = (emuAttr(child(txXfrm, 'a:off'), 'y') ?? 0) - (emuAttr(shapeOff, 'y') ?? 0);
  const right = box.w - left - Math.max(0, emuAttr(child(txXfrm, 'a:ext'), 'cx') ?? 0);
  const bottom = box.h - top - Math.max(0, emuAttr(child(txXfrm, 'a:ext'), 'cy') ?? 0);
  return { blocks, ...textFrameIn(bodyPr, { left, top, right, bottom }, 'ctr'), rotationDeg: txRot };
}

/** An a:xfrm's or dsp:txXfrm's rotation in degrees, 0 to 360 (rot in 60000ths of a degree). */
function degreesOf(xfrm: XmlElement | undefined): number {
  return transformOf(xfrm).rotationDeg ?? 0;
}

function drawingShapes(r: InlineReader, drawing: XmlElement): NonNullable<ShapeInline['children']> {
  const tree = local(drawing, 'spTree');
  const out: Array<{ xPt: number; yPt: number; item: ShapeInline }> = [];
  for (const sp of tree?.children ?? []) {
    if (sp.kind !== 'element' || !sp.name.endsWith(':sp') || out.length > 2000) continue;
    const spPr = local(sp, 'spPr');
    const xfrm = child(spPr, 'a:xfrm');
    const w = Math.max(0, emuAttr(child(xfrm, 'a:ext'), 'cx') ?? 0);
    const h = Math.max(0, emuAttr(child(xfrm, 'a:ext'), 'cy') ?? 0);
    const geom = spGeometry(spPr, w, h);
    const style = local(sp, 'style');
    const item: { -readonly [K in keyof ShapeInline]: ShapeInline[K] } = {
      kind: 'shape', widthPt: w, heightPt: h, geometry: geom.name, paths: geom.paths,
      ...(geom.paints ? { pathPaints: geom.paints } : {}), props: r.props(), ...transformOf(xfrm),
    };
    const paint = shapePaint(r.ctx.env, spPr, style);
    if (paint?.color) item.fill = paint.color;
    if (paint?.color && paint.gradient) item.fillGradient = paint.gradient;
    const line = shapeLine(r.ctx.env, spPr, style);
    if (line) item.line = line;
    Object.assign(item, shapeEffects(r.ctx.env, spPr, style, (m) => r.ctx.bag.warn('docx/unsupported-effect', m, { at: r.at })));
    const body = local(sp, 'txBody');
    if (body && textContent(body).trim() !== '') item.text = shapeText(r, sp, body, style, geom, { xfrm, w, h });
    out.push({ xPt: emuAttr(child(xfrm, 'a:off'), 'x') ?? 0, yPt: emuAttr(child(xfrm, 'a:off'), 'y') ?? 0, item });
  }
  return out;
}
