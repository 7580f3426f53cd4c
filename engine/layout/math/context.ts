/**
 * The state math layout carries down the tree: the font, the style (display, text, script,
 * scriptscript, as TeX and the OpenType MATH table define them), crampedness and colour.
 */
import type { RunProps } from '../../model';
import type { MathConstants, MathFont } from '../../text';
import type { Face, FaceResolver } from '../faces';

/** 0 display, 1 text, 2 script, 3 scriptscript. */
export type MathStyleLevel = 0 | 1 | 2 | 3;

/** What every node's layout needs. */
export interface MathEnv {
  readonly face: Face;
  readonly font: MathFont;
  /** The size of text-style math (the run's w:sz). */
  readonly basePt: number;
  readonly color: string;
  /** Run properties of the equation, for characters the math font lacks. */
  readonly props: RunProps;
  readonly faces: FaceResolver;
  /** The room each maximum-distribution equation array (m:maxDist) takes beyond its natural width. */
  readonly spreadPt?: number;
  /** Glyph parts the equation may still make (MAX_EQUATION_PARTS), shared by every node's context. */
  readonly parts: { left: number };
}

/**
 * Most glyph parts one equation is typeset with. Nested stretched glyphs multiply: an EQ field of
 * 5,000 radicals (its node bound) whose text is 1,638 pt in a 12 pt field grows each surd from 143
 * extenders, 715,000 glyph boxes and 860 MB for one field (fuzz seed 53). The dev corpus's 27
 * equations have at most 29 parts (a page of display math, some hundreds). Past the bound the
 * equation is set as its linear text, with a warning.
 */
export const MAX_EQUATION_PARTS = 20_000;

/**
 * Most glyph parts a document's equations are typeset with together, counting the attempts that pass
 * MAX_EQUATION_PARTS (their work is done before they fail). The bound of one equation alone let a
 * table of 300 rows with two EQ fields a cell (fuzz seed 69) typeset 600 equations of some 10,000
 * parts each while measuring its columns: 6 million glyph boxes, 21 s of the campaign's 20 s (7 s
 * with this bound). The dev corpus's equations have at most some hundreds of parts together; a million is
 * fifty equations at the single bound. Past it the rest of the document's equations are set as their
 * linear text, with a warning.
 */
export const MAX_DOCUMENT_PARTS = 1_000_000;

/** Thrown through the typesetting of an equation past MAX_EQUATION_PARTS (caught by layoutMath). */
export class EquationTooLarge extends Error {}

/** Counts `n` glyph parts made for the equation; throws EquationTooLarge past its bound. */
export function chargeParts(ctx: MathCtx, n = 1): void {
  if ((ctx.env.parts.left -= n) < 0) throw new EquationTooLarge();
}

/** The layout context of one node. */
export interface MathCtx {
  readonly env: MathEnv;
  readonly style: MathStyleLevel;
  readonly cramped: boolean;
}

/** The size of a style: scripts scaled by the font's ScriptPercentScaleDown / ScriptScriptPercentScaleDown. */
export function sizeOf(ctx: MathCtx): number {
  const c = ctx.env.font.constants;
  if (ctx.style === 2) return (ctx.env.basePt * c.scriptPercentScaleDown) / 100;
  if (ctx.style === 3) return (ctx.env.basePt * c.scriptScriptPercentScaleDown) / 100;
  return ctx.env.basePt;
}

/** Font units → points at the context's size. */
export function pt(ctx: MathCtx, units: number): number {
  return (units * sizeOf(ctx)) / ctx.env.font.unitsPerEm;
}

/** A MATH constant in points at the context's size. */
export function k(ctx: MathCtx, name: keyof MathConstants): number {
  return pt(ctx, ctx.env.font.constants[name]);
}

/** The em of the context's size, in points. */
export function em(ctx: MathCtx): number {
  return sizeOf(ctx);
}

/** The style of scripts (TeX: display/text → script, script → scriptscript). */
export function scriptCtx(ctx: MathCtx, cramped = ctx.cramped): MathCtx {
  return { env: ctx.env, style: ctx.style <= 1 ? 2 : 3, cramped };
}

/** The style of a fraction's numerator and denominator (display → text, text → script, ...). */
export function fractionCtx(ctx: MathCtx, cramped: boolean): MathCtx {
  return { env: ctx.env, style: Math.min(3, ctx.style + 1) as MathStyleLevel, cramped };
}

/** The same style, cramped (radicands, denominators, subscripts). */
export function crampedCtx(ctx: MathCtx): MathCtx {
  return ctx.cramped ? ctx : { ...ctx, cramped: true };
}

/** The context of a run with its own size (its w:rPr/w:sz): that size stands for the equation's. */
export function runSizeCtx(ctx: MathCtx, sizePt: number | undefined): MathCtx {
  if (sizePt === undefined || !(sizePt > 0) || sizePt === ctx.env.basePt) return ctx;
  return { ...ctx, env: { ...ctx.env, basePt: sizePt } };
}
