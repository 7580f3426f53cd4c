/**
 * SmartArt (dgm:relIds, §21.4): Word saves a pre-rendered drawing part (dsp:drawing, related from
 * the document by a diagramDrawing relationship named in the data part) that is read as grouped
 * shapes; without it the data model's node text is kept as paragraphs.
 */
import type { Block, ShapeInline } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, children, textContent } from '../xml';
import { dmlTextBlocks } from './dml-text';
import { spGeometry } from './geometry';
import type { InlineReader } from './inline-reader';
import { shapeFill, shapeLine } from './shape-style';
import { textFrame, transformOf } from './shapes';
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
    const fill = shapeFill(r.ctx.env, spPr, style);
    if (fill) item.fill = fill;
    const line = shapeLine(r.ctx.env, spPr, style);
    if (line) item.line = line;
    const body = local(sp, 'txBody');
    if (body && textContent(body).trim() !== '') {
      const color = drawingColor(r.ctx.env.theme, r.ctx.env.mapping, style && local(style, 'fontRef'));
      item.text = { blocks: dmlTextBlocks(r.ctx, body, r.at, color), ...textFrame(local(body, 'bodyPr'), geom, w, h, 'ctr') };
    }
    out.push({ xPt: emuAttr(child(xfrm, 'a:off'), 'x') ?? 0, yPt: emuAttr(child(xfrm, 'a:off'), 'y') ?? 0, item });
  }
  return out;
}
