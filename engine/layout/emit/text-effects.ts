/**
 * Text effects of a glyph run: hollow letters (w:outline, §17.3.2.23), shadows (w:shadow §17.3.2.31,
 * w14:shadow), relief (w:emboss §17.3.2.13, w:imprint §17.3.2.18) and the w14 fill and outline
 * ([MS-DOCX] 2.6), with its glow and reflection (w14:glow, w14:reflection). The run itself stays the one
 * extractable copy of the text; shadow, relief, glow and reflection copies are drawn as paths from the
 * glyph outlines, so text extraction gives the text once.
 */
import type { Color, GlyphRun, LayoutItem, PathCommand, PathItem, RunProps, TextEffects } from '../../model';
import { glyphOutline } from '../../text';
import { glowRings, reflectionItems } from '../effects';
import { gradientShading } from '../gradient';
import { outlinePlacer } from '../glyph-place';
import type { Face } from '../faces';
import { blurredPaint, shadowSigma } from '../soft-mask';

type MutableRun = { -readonly [K in keyof GlyphRun]: GlyphRun[K] };

/** Whether two spans paint their glyphs alike (one glyph run may hold both). */
export function sameEffects(a: RunProps, b: RunProps): boolean {
  return a.textEffects === b.textEffects && !a.outline === !b.outline && !a.shadow === !b.shadow && !a.emboss === !b.emboss && !a.imprint === !b.imprint;
}

/** Whether a run's props ask for anything besides plain filled glyphs. */
export function hasEffects(p: RunProps): boolean {
  return p.textEffects !== undefined || p.outline === true || p.shadow === true || p.emboss === true || p.imprint === true;
}

/**
 * Hollow letters (w:outline) as LibreOffice prints Word's: filled white and stroked in the text
 * colour with a quarter-point line (its aspose-Rendering reference: `1 1 1 rg`, `2 Tr 0.25 w`), so
 * they stay hollow over a shaded background too.
 */
const HOLLOW_STROKE_PT = 0.25;
const HOLLOW_FILL = 'FFFFFF';

/**
 * Paints a run by its effects: hollow letters are filled white and stroked in the text colour; a w14
 * fill of no paint leaves the glyphs unfilled (invisible without an outline), a translucent one
 * sets the fill opacity; a w14 outline strokes the glyphs (over the fill, or alone).
 */
export function paintRun(run: GlyphRun, p: RunProps, face?: Face): GlyphRun {
  const out: MutableRun = { ...run };
  if (reliefWhitens(run, p)) out.color = 'FFFFFF';
  if (p.outline) {
    out.color = HOLLOW_FILL;
    out.outline = { color: run.color, widthPt: HOLLOW_STROKE_PT };
  }
  const fx = p.textEffects;
  if (fx?.fill === 'none') out.unfilled = true;
  else if (fx?.fill) {
    if (fx.fill.alpha !== undefined && fx.fill.alpha < 1) out.fillOpacity = fx.fill.alpha;
    // A gradient spans the run's box: its advance by the face's line (ascent over descent).
    if (fx.fill.gradient && face) {
      const shading = gradientShading(fx.fill.gradient, runBox(run, face), 0);
      if (shading) out.shading = shading;
    }
  }
  if (fx?.outline === 'none') delete out.outline;
  else if (fx?.outline) out.outline = { color: fx.outline.color, widthPt: fx.outline.widthPt, ...(fx.outline.dash ? { dash: fx.outline.dash } : {}) };
  if (out.unfilled && !out.outline) {
    // Neither filled nor stroked: nothing shows, but the text is still there to find.
    delete out.unfilled;
    delete out.fillOpacity;
    delete out.shading;
    out.invisible = true;
  }
  return out;
}

/** A copy of the glyphs drawn under (or over) the run: its offset, colour, opacity and blur. */
interface GlyphCopy {
  readonly dxPt: number;
  readonly dyPt: number;
  readonly color: Color;
  readonly alpha?: number;
  /** A shadow's blur radius (w14:shadow blurRad): its edge ramps from blurPt outside the letters to blurPt inside. */
  readonly blurPt?: number;
}

/**
 * Word's legacy shadow (w:shadow) as Word 2010 and later draw it: its font dialog writes the same
 * shadow as w14:shadow (the "offset diagonal bottom right" preset: 1.5 pt at 45°, the text's dark
 * colour at 60 % opacity, blurred 3 pt).
 */
const LEGACY_SHADOW: GlyphCopy = { dxPt: 1.061, dyPt: 1.061, color: '000000', alpha: 0.6, blurPt: 3 };

/**
 * Relief (emboss, imprint), as LibreOffice draws Word's: black letters turn white over a black copy,
 * others keep their colour over a light grey one; the copy lies up and left of raised (embossed)
 * letters, down and right of sunk (imprinted) ones. Its offset is a twenty-fourth of the size, at
 * least a quarter point (0.5 pt at 12 pt; LibreOffice moves it one or two device pixels).
 */
const RELIEF_OFFSET = 1 / 24;
const RELIEF_GREY = 'C0C0C0';

/** Whether a run's relief turns its black letters white. */
function reliefWhitens(run: GlyphRun, p: RunProps): boolean {
  return (p.emboss === true || p.imprint === true) && run.color === '000000';
}

/** The copies a run's effects draw behind it. */
function copiesOf(run: GlyphRun, p: RunProps): GlyphCopy[] {
  const out: GlyphCopy[] = [];
  const s = p.textEffects?.shadow;
  if (s) out.push({ dxPt: s.dxPt, dyPt: s.dyPt, color: s.color, ...(s.alpha !== undefined ? { alpha: s.alpha } : {}), ...(s.blurPt > 0 ? { blurPt: s.blurPt } : {}) });
  else if (p.shadow) out.push(LEGACY_SHADOW);
  const off = Math.max(0.25, p.sizePt * RELIEF_OFFSET);
  const relief = reliefWhitens(run, p) ? '000000' : RELIEF_GREY;
  if (p.emboss) out.push({ dxPt: -off, dyPt: -off, color: relief });
  else if (p.imprint) out.push({ dxPt: off, dyPt: off, color: relief });
  return out;
}

/** The document's budgets a run's effects answer to (LayoutBudget); an absent hook lets everything be drawn. */
export interface EffectBudgets {
  /**
   * Whether a text's glows and reflections, `items`, may be drawn (the document's effect budget,
   * LayoutBudget.effectsDrawn); all are drawn when not given.
   */
  textEffectsDrawn?(items: readonly LayoutItem[]): boolean;
  /** Whether textEffectsDrawn refuses every text effect from now on (LayoutBudget.effectsSpent). */
  textEffectsSpent?(): boolean;
  /** Whether a text shadow's soft mask of `pixels` may be drawn (LayoutBudget.masksDrawn); all are when not given. */
  textMasksDrawn?(pixels: number): boolean;
}

/** A path of one command: stands in for a run's outline where only whether effects draw anything matters. */
const STUB_OUTLINE: readonly PathCommand[] = [{ op: 'Z' }];

/**
 * Draws a run with its effects: its reflection, the shadow and relief copies, as filled paths of the
 * glyph outlines, and its glow first, then the run, painted by its effects. A shadow with a blur
 * radius is its colour through a soft mask of the moved outlines, blurred as a shape's shadow is
 * (soft-mask.ts): Word blurs it, and a sharp copy at 60 % read as the text printed twice
 * (aspose-Formatted_elements). Past the document's mask budget (`textMasksDrawn`) it is the sharp copy.
 * Copies are left out when the font's outlines cannot be read, the glow and
 * reflection when `textEffectsDrawn` refuses them (each glyph's outline drawn up to 14 times). Once `textEffectsSpent` says
 * the budget refuses every later effect, they are not built at all: text glowing and reflected past
 * the budget (fuzz seed 77 docx-28, 11,902 runs refused) placed and mirrored every outline only to
 * drop it, half of its conversion's time.
 */
export function emitWithEffects(run: GlyphRun, p: RunProps, face: Face, target: LayoutItem[], budgets: EffectBudgets = {}): void {
  const painted = paintRun(run, p, face);
  // Glyphs that paint nothing (w14:noFill without an outline) cast no glow and no reflection.
  const { glow, reflection } = painted.invisible ? {} : (p.textEffects ?? {});
  let mirrored: LayoutItem[] = [];
  let rings: LayoutItem[] = [];
  const gated = budgets.textEffectsDrawn !== undefined;
  if (gated && (glow || reflection) && budgets.textEffectsSpent?.()) {
    // Refused whatever they hold; the gate still counts the run when it would have drawn any.
    const inked = run.glyphs.some((g) => (glyphOutline(face.data, g)?.length ?? 0) > 0);
    const own = inked ? STUB_OUTLINE : [];
    if (effectItems(run, face, painted, own, glow, reflection).some((list) => list.length > 0)) budgets.textEffectsDrawn!([]);
  } else if (glow || reflection) {
    [mirrored, rings] = effectItems(run, face, painted, outlinePath(run, face, 0, 0), glow, reflection);
    if (gated && (mirrored.length > 0 || rings.length > 0) && !budgets.textEffectsDrawn!(mirrored.concat(rings))) mirrored = rings = [];
  }
  for (const item of mirrored) target.push(item);
  for (const c of copiesOf(run, p)) {
    const commands = outlinePath(run, face, c.dxPt, c.dyPt);
    if (commands.length === 0) continue;
    const blurred = c.blurPt ? blurredPaint([{ commands, fill: true }], c.color, c.alpha ?? 1, 0, shadowSigma(c.blurPt), budgets.textMasksDrawn && ((pixels) => budgets.textMasksDrawn!(pixels))) : undefined;
    if (blurred) target.push(blurred);
    else target.push({ kind: 'path', commands, fill: c.color, ...(c.alpha !== undefined && c.alpha < 1 ? { fillOpacity: c.alpha } : {}) });
  }
  for (const item of rings) target.push(item);
  target.push(painted);
}

/** A run's reflection items and glow rings over its outline `own` (page coordinates). */
function effectItems(run: GlyphRun, face: Face, painted: GlyphRun, own: readonly PathCommand[], glow: TextEffects['glow'], reflection: TextEffects['reflection']): [LayoutItem[], LayoutItem[]] {
  const path = reflection && own.length > 0 ? asPath(painted, own) : undefined;
  const mirrored: LayoutItem[] = path && reflection ? reflectionItems([path], runBox(run, face), reflection) : [];
  const rings: LayoutItem[] = glow ? glowRings(own, glow) : [];
  return [mirrored, rings];
}

/** The box a run's effects are placed by: its advance by the face's line (ascent over descent). */
function runBox(run: GlyphRun, face: Face): { x: number; y: number; w: number; h: number } {
  const m = face.lineMetrics(run.sizePt);
  let w = 0;
  for (const a of run.advances) w += a;
  return { x: run.x, y: run.y - m.ascentPt, w, h: m.ascentPt + m.descentPt };
}

/** A painted run as a path of its glyph outlines, painted alike (none when it shows nothing). */
function asPath(run: GlyphRun, commands: readonly PathCommand[]): PathItem | undefined {
  if (run.invisible) return undefined;
  const fill = run.unfilled ? undefined : run.color;
  const o = run.outline;
  if (!fill && !o) return undefined;
  return {
    kind: 'path',
    commands,
    ...(fill ? { fill } : {}),
    ...(fill && run.shading ? { shading: run.shading } : {}),
    ...(fill && run.fillOpacity !== undefined && run.fillOpacity < 1 ? { fillOpacity: run.fillOpacity } : {}),
    ...(o ? { stroke: o.color, lineWidth: o.widthPt, ...(o.dash ? { dash: o.dash } : {}) } : {}),
  };
}

/** The glyph outlines of a run as one path in page coordinates, moved by (dx, dy). */
function outlinePath(run: GlyphRun, face: Face, dx: number, dy: number): PathCommand[] {
  const out: PathCommand[] = [];
  const place = outlinePlacer(run.sizePt, run.scalePct, face);
  let pen = run.x + dx;
  const y0 = run.y + dy;
  for (let i = 0; i < run.glyphs.length; i++) {
    const outline = glyphOutline(face.data, run.glyphs[i]!);
    let cx = 0;
    let cy = 0;
    let sx = 0;
    let sy = 0;
    for (const c of outline ?? []) {
      if (c.op === 'Z') {
        out.push({ op: 'Z' });
        cx = sx, cy = sy;
        continue;
      }
      const [x, y] = place(pen, y0, c.x, c.y);
      if (c.op === 'M' || c.op === 'L') out.push({ op: c.op, x, y });
      else if (c.op === 'C') {
        const [x1, y1] = place(pen, y0, c.x1, c.y1);
        const [x2, y2] = place(pen, y0, c.x2, c.y2);
        out.push({ op: 'C', x1, y1, x2, y2, x, y });
      } else if (c.op === 'Q') {
        // A quadratic curve as the cubic that draws it: both controls two thirds of the way to its control point.
        const [qx, qy] = place(pen, y0, c.x1, c.y1);
        out.push({ op: 'C', x1: cx + ((qx - cx) * 2) / 3, y1: cy + ((qy - cy) * 2) / 3, x2: x + ((qx - x) * 2) / 3, y2: y + ((qy - y) * 2) / 3, x, y });
      }
      if (c.op === 'M') sx = x, sy = y;
      cx = x, cy = y;
    }
    pen += run.advances[i] ?? 0;
  }
  return out;
}
