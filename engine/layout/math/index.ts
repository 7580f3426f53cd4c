/**
 * Math layout: an equation's tree (engine/model/math.ts) → a MathBox of positioned glyph runs and
 * rules, in the math font (the face for Cambria Math: DejaVu Math TeX Gyre unless the host has the
 * real one), with the constants, variants and assemblies of its OpenType MATH table. Emitting
 * turns the box into the page's glyph runs and filled rectangles (drawn by the PDF and canvas
 * renderers like any text, so equations stay selectable and searchable).
 */
import type { LayoutItem, MathInline, MathNode } from '../../model';
import { readMathFont } from '../../text';
import type { FaceResolver } from '../faces';
import type { ItemSink } from '../emit/sink';
import { type MathBox, phantomOf } from './box';
import { EquationTooLarge, MAX_DOCUMENT_PARTS, MAX_EQUATION_PARTS, type MathCtx, type MathEnv, runSizeCtx } from './context';
import { runAtoms } from './glyphs';
import { attachScripts, layoutFraction, layoutLimit, layoutNary, layoutRadical } from './objects';
import { layoutRow, type NodeLayout } from './row';
import { layoutAccent, layoutBar, layoutBox, layoutDelimiter, layoutEqArray, layoutFunction, layoutGroupChar, layoutMatrix, layoutOverstrike, layoutShift } from './structures';

export type { MathBox, MathPart } from './box';
export { inlineMathPieces } from './breaking';

/** One node's atoms. */
const layoutNode: NodeLayout = (node: MathNode, ctx: MathCtx, upright: boolean): MathBox[] => {
  switch (node.kind) {
    case 'run': {
      const atoms = runAtoms(node, runSizeCtx(ctx, node.props?.sizePt), upright);
      // A manual break (m:brk) goes before the run's first atom.
      return node.brk !== undefined && atoms[0] ? [{ ...atoms[0], brk: node.brk }, ...atoms.slice(1)] : atoms;
    }
    case 'frac':
      return [layoutFraction(node, ctx, layoutNode)];
    case 'scripts':
      return [attachScripts(layoutRow(node.base, ctx, layoutNode, upright), node.sub, node.sup, ctx, layoutNode, node.pre)];
    case 'rad':
      return [layoutRadical(node, ctx, layoutNode)];
    case 'nary':
      return [layoutNary(node, ctx, layoutNode)];
    case 'delim':
      return [layoutDelimiter(node, ctx, layoutNode)];
    case 'func':
      return [layoutFunction(node, ctx, layoutNode)];
    case 'acc':
      return [layoutAccent(node, ctx, layoutNode)];
    case 'bar':
      return [layoutBar(node, ctx, layoutNode)];
    case 'groupChr':
      return [layoutGroupChar(node, ctx, layoutNode)];
    case 'limit':
      return [layoutLimit(node, ctx, layoutNode)];
    case 'eqArr':
      return [layoutEqArray(node, ctx, layoutNode)];
    case 'matrix':
      return [layoutMatrix(node, ctx, layoutNode)];
    case 'box':
      return [layoutBox(node, ctx, layoutNode)];
    case 'over':
      return [layoutOverstrike(node, ctx, layoutNode)];
    case 'shift':
      return [layoutShift(node, ctx, layoutNode)];
    case 'phant':
      return [phantomOf(layoutRow(node.body, ctx, layoutNode, upright), node.show, node.zeroWid, node.zeroAsc, node.zeroDesc)];
  }
};

const MATH_FAMILY = 'Cambria Math';

/** Typeset boxes per equation and key; null: too large to typeset (MAX_EQUATION_PARTS). */
const boxes = new WeakMap<MathInline, Map<string, MathBox | null>>();

/**
 * Typesets an equation: display style for display math, text style inline. Undefined when it has
 * no tree or no face for math can be had, or when it would take more than MAX_EQUATION_PARTS glyph
 * parts, or more than the document's equations have left of MAX_DOCUMENT_PARTS (`warn` is told, each
 * time it is asked for): the caller then sets its linear text. An
 * equation whose arrays spread to their container (m:maxDist) is set again so that it is
 * `containerPt` wide, the room shared by those arrays. Cached per equation, face and room.
 */
export function layoutMath(inline: MathInline, faces: FaceResolver, display: boolean, containerPt?: number, warn?: (code: string, message: string) => void): MathBox | undefined {
  const box = layoutMathWith(inline, faces, display, 0, warn);
  const spreads = inline.spreads ?? 0;
  if (!box || spreads <= 0 || containerPt === undefined || !Number.isFinite(containerPt) || box.width >= containerPt) return box;
  return layoutMathWith(inline, faces, display, (containerPt - box.width) / spreads, warn) ?? box;
}

function layoutMathWith(inline: MathInline, faces: FaceResolver, display: boolean, spreadPt: number, warn?: (code: string, message: string) => void): MathBox | undefined {
  if (!inline.tree) return undefined;
  // The run's face when it is a math font, else the face Cambria Math resolves to.
  let face = faces.primary(inline.props);
  let font = readMathFont(face.data);
  if (!font?.hasMathTable && inline.props.font !== MATH_FAMILY) {
    face = faces.primary({ ...inline.props, font: MATH_FAMILY });
    font = readMathFont(face.data);
  }
  if (!font) return undefined;
  const key = `${face.key}|${display ? 1 : 0}|${spreadPt}`;
  let byFace = boxes.get(inline);
  const hit = byFace?.get(key);
  if (hit === null) warn?.('layout/equation-too-large', TOO_LARGE);
  if (hit !== undefined) return hit ?? undefined;
  const color = inline.props.color && inline.props.color !== 'auto' ? inline.props.color : '000000';
  const pool = poolOf(faces);
  const bound = Math.min(MAX_EQUATION_PARTS, pool.left);
  const env: MathEnv = { face, font, basePt: inline.props.sizePt, color, props: inline.props, faces, parts: { left: bound }, ...(spreadPt > 0 ? { spreadPt } : {}) };
  let box: MathBox | null;
  try {
    box = layoutRow(inline.tree, { env, style: display ? 0 : 1, cramped: false }, layoutNode);
  } catch (e) {
    if (!(e instanceof EquationTooLarge)) throw e;
    warn?.('layout/equation-too-large', bound < MAX_EQUATION_PARTS ? TOO_MANY : TOO_LARGE);
    box = null;
  } finally {
    pool.left -= bound - Math.max(0, env.parts.left);
  }
  if (!byFace) boxes.set(inline, (byFace = new Map()));
  byFace.set(key, box);
  return box ?? undefined;
}

/**
 * Glyph parts a document's equations may still be typeset with (MAX_DOCUMENT_PARTS), by the
 * document's face resolver: one per conversion, and what every typesetting of its equations is given
 * (the measuring of table columns as well as the layout).
 */
const pools = new WeakMap<FaceResolver, { left: number }>();

function poolOf(faces: FaceResolver): { left: number } {
  let pool = pools.get(faces);
  if (!pool) pools.set(faces, (pool = { left: MAX_DOCUMENT_PARTS }));
  return pool;
}

/** Layout units of typeset equations (mathUnits), by box. */
const units = new WeakMap<MathBox, number>();

/**
 * What a typeset equation holds, in layout units (engine/layout/budget.ts): each glyph one, each part
 * and box one more. Its boxes live as long as the document (cached per equation), about 30 bytes a
 * glyph: 300 fractions of 99,000 letters in table cells held more than a 1 GB heap (fuzz seed 55).
 */
export function mathUnits(box: MathBox): number {
  let n = units.get(box);
  if (n !== undefined) return n;
  n = 1;
  for (const p of box.parts) n += p.kind === 'box' ? mathUnits(p.box) : p.kind === 'glyphs' ? 1 + p.glyphs.length : 1;
  units.set(box, n);
  return n;
}

const TOO_LARGE = `An equation would be typeset with more than ${MAX_EQUATION_PARTS} glyph parts; it is set as its linear text.`;
const TOO_MANY = `The document's equations would be typeset with more than ${MAX_DOCUMENT_PARTS} glyph parts together; this one and the rest are set as their linear text.`;

/** Draws a math box with its baseline origin at (x, baseline) on the page (y down). */
export function emitMath(box: MathBox, x: number, baseline: number, sink: ItemSink): void {
  emitInto(box, x, baseline, sink, sink.items);
}

function emitInto(box: MathBox, x: number, baseline: number, sink: ItemSink, out: LayoutItem[]): void {
  for (const p of box.parts) {
    if (p.kind === 'box') emitInto(p.box, x + p.x, baseline - p.y, sink, out);
    else if (p.kind === 'rule') out.push({ kind: 'rect', x: x + p.x, y: baseline - p.y - p.h, w: p.w, h: p.h, fill: p.color });
    else {
      out.push({
        kind: 'glyphs', x: x + p.x, y: baseline - p.y, font: sink.resources.font(p.face), sizePt: p.sizePt, glyphs: p.glyphs, advances: p.advances,
        text: p.text, clusters: p.clusters, color: p.color,
      });
    }
  }
}

