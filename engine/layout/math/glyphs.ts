/**
 * Glyphs of math: runs of text split into atoms (letters and numbers, operators, fences), drawn in
 * the math font with its alphabets; and stretchy glyphs (delimiters, radicals, big operators,
 * braces) grown through the MathVariants table: the smallest variant that is big enough, else an
 * assembly of parts, else the biggest variant.
 */
import type { MathRunNode, RunProps } from '../../model';
import type { GlyphPart } from '../../text';
import { shapePlainText } from '../inline/plain-text';
import { type AtomClass, type MathBox, type MathGlyphPart, type MathPart, boxOf } from './box';
import { chargeParts, type MathCtx, pt, sizeOf } from './context';
import { isItalicByDefault, mathChar, type Weight } from './alphabets';

const REL = new Set([...'=<>≤≥≠≈≡∼≃≅∝→←↔⇒⇐⇔∈∉∋⊂⊃⊆⊇≪≫:≔≺≻⊥∥↦⟶⟹≜≝≐∣']);
const BIN = new Set([...'+−±∓×÷·∗∘∙∩∪⊕⊗⊖∧∨∖⋅*']);
const PUNCT = new Set([...',;']);
const OPEN = new Set([...'([{⟨⌊⌈⟦']);
const CLOSE = new Set([...')]}⟩⌋⌉⟧!']);
const LARGE_OP = new Set([...'∑∏∐∫∬∭∮∯∰⋀⋁⋂⋃⨀⨁⨂⨄⨆']);

/** Hyphen-minus and the minus sign: subtraction, which m:brkBinSub may show as a plus where a line breaks. */
const MINUS = new Set(['-', '\u2212']);

/** Word's substitutions in math runs: hyphen-minus is a minus sign, an apostrophe a prime. */
const SUBSTITUTE: Readonly<Record<string, string>> = { '-': '\u2212', "'": '\u2032', '*': '\u2217' };

/** The class of one character of a math run. */
export function atomOf(ch: string): AtomClass {
  if (REL.has(ch)) return 'rel';
  if (BIN.has(ch) || ch === '-') return 'bin';
  if (PUNCT.has(ch)) return 'punct';
  if (OPEN.has(ch)) return 'open';
  if (CLOSE.has(ch)) return 'close';
  if (LARGE_OP.has(ch)) return 'op';
  return 'ord';
}

/** The weight a run's character is drawn with: m:sty, else bold from w:b, else italic for letters. */
function weightOf(node: MathRunNode, cp: number, upright: boolean): Weight {
  const bold = node.props?.bold === true;
  if (node.sty) return node.sty;
  if (node.normal || upright || !isItalicByDefault(cp)) return bold ? 'b' : 'p';
  return bold ? 'bi' : 'i';
}

/**
 * The atoms of a run: letters and digits together as one ord atom, every other character its own.
 * `upright`: function names (m:fName), which Word sets upright whatever the letters.
 */
export function runAtoms(node: MathRunNode, ctx: MathCtx, upright: boolean): MathBox[] {
  if (node.normal && node.props && node.text) return [plainTextBox(node.text, node.props, ctx)];
  const out: MathBox[] = [];
  const chars = [...node.text];
  let i = 0;
  const plain = node.normal === true || node.literal === true;
  while (i < chars.length) {
    const cls = plain ? 'ord' : atomOf(chars[i]!);
    let j = i + 1;
    if (cls === 'ord') while (j < chars.length && (plain || atomOf(chars[j]!) === 'ord') && chars[j] !== '&') j++;
    if (chars[i] === '&') {
      out.push({ width: 0, ascent: 0, descent: 0, parts: [], marks: [0] });
      i++;
      continue;
    }
    const piece = chars.slice(i, j);
    const box = textBox(piece, node, ctx, upright);
    if (cls === 'ord') out.push(piece.length === 1 ? { ...box, char: true } : box);
    else if (cls === 'bin' && MINUS.has(piece[0]!)) out.push({ ...box, atom: cls, char: true, plus: { ...textBox(['+'], node, ctx, upright), atom: cls, char: true } });
    else out.push({ ...box, atom: cls, char: true });
    i = j;
  }
  return out;
}

/** Characters in the math font (mapped to their alphabet), and any it lacks in a fallback face. */
function textBox(chars: readonly string[], node: MathRunNode, ctx: MathCtx, upright: boolean): MathBox {
  const { font } = ctx.env;
  const size = sizeOf(ctx);
  const color = node.props?.color && node.props.color !== 'auto' ? node.props.color : ctx.env.color;
  const parts: MathPart[] = [];
  let run: { x: number; glyphs: number[]; advances: number[]; clusters: number[]; text: string } | undefined;
  let x = 0;
  let ascent = 0;
  let descent = 0;
  let italic = 0;
  const flush = () => {
    if (run) chargeParts(ctx);
    if (run) parts.push({ kind: 'glyphs', x: run.x, y: 0, face: ctx.env.face, sizePt: size, glyphs: run.glyphs, advances: run.advances, text: run.text, clusters: run.clusters, color });
    run = undefined;
  };
  for (const ch of chars) {
    const cp = (node.normal ? ch : SUBSTITUTE[ch] ?? ch).codePointAt(0)!;
    let g = font.glyphId(mathChar(cp, node.scr, weightOf(node, cp, upright)));
    if (g === 0) g = font.glyphId(cp);
    const fb = g === 0 ? fallbackGlyphs(ch, ctx, x, color) : undefined;
    if (fb) {
      flush();
      chargeParts(ctx);
      parts.push(fb.part);
      x += fb.width;
      ascent = Math.max(ascent, fb.ascent);
      descent = Math.max(descent, fb.descent);
      italic = 0;
      continue;
    }
    run ??= { x, glyphs: [], advances: [], clusters: [], text: '' };
    const b = font.bounds(g);
    const advance = pt(ctx, font.advance(g));
    run.clusters.push(run.text.length);
    run.text += ch;
    run.glyphs.push(g);
    run.advances.push(advance);
    x += advance;
    ascent = Math.max(ascent, pt(ctx, b.yMax));
    descent = Math.max(descent, pt(ctx, -b.yMin));
    italic = pt(ctx, font.italicCorrection(g));
  }
  flush();
  return { width: x, ascent, descent, parts, ...(italic ? { italicPt: italic } : {}) };
}

/**
 * Normal text (m:nor with its run's properties, and the text of EQ fields) in the faces its properties
 * choose, at the style's size: no math alphabet, no operator spacing.
 */
function plainTextBox(text: string, props: RunProps, ctx: MathCtx): MathBox {
  const size = (sizeOf(ctx) * props.sizePt) / ctx.env.basePt;
  const color = props.color && props.color !== 'auto' ? props.color : ctx.env.color;
  // Math sets text at the equation's size and scale: the run's own w:w is not applied.
  const shaped = shapePlainText(text, props.scalePct === 100 ? props : { ...props, scalePct: 100 }, size, ctx.env.faces);
  const parts: MathPart[] = [];
  let x = 0;
  let ascent = 0;
  let descent = 0;
  for (const seg of shaped.segments) {
    chargeParts(ctx);
    parts.push({ kind: 'glyphs', x, y: 0, face: seg.face, sizePt: size, glyphs: seg.glyphs, advances: seg.advances, text: seg.text, clusters: seg.clusters, color });
    for (const a of seg.advances) x += a;
    const lm = seg.face.lineMetrics(size);
    ascent = Math.max(ascent, lm.ascentPt * INK_ASCENT);
    descent = Math.max(descent, lm.descentPt * INK_DESCENT);
  }
  return { width: x, ascent, descent, parts };
}

/** Ink of text in a face without glyph bounds, as a share of its line ascent and descent. */
const INK_ASCENT = 0.8;
const INK_DESCENT = 0.6;

/** A character the math font lacks, shaped in the face the run's properties choose for it. */
function fallbackGlyphs(ch: string, ctx: MathCtx, x: number, color: string): { part: MathGlyphPart; width: number; ascent: number; descent: number } | undefined {
  const seg = ctx.env.faces.segment(ch, ctx.env.props)[0];
  if (!seg) return undefined;
  const size = sizeOf(ctx);
  const shaped = seg.face.shape(ch, false, false, false);
  const scale = size / seg.face.unitsPerEm;
  const advances = Array.from(shaped.advances, (a) => a * scale);
  const width = advances.reduce((s, a) => s + a, 0);
  const lm = seg.face.lineMetrics(size);
  const part: MathGlyphPart = {
    kind: 'glyphs', x, y: 0, face: seg.face, sizePt: size, glyphs: Array.from(shaped.glyphs), advances, text: ch,
    clusters: Array.from(shaped.clusters), color,
  };
  return { part, width, ascent: lm.ascentPt * INK_ASCENT, descent: lm.descentPt * INK_DESCENT };
}

/** A box of one glyph by id, its ascent and descent the glyph's ink (either may be negative). */
export function glyphBox(ctx: MathCtx, glyph: number, text: string, color = ctx.env.color): MathBox {
  chargeParts(ctx);
  const { font } = ctx.env;
  const b = font.bounds(glyph);
  const size = sizeOf(ctx);
  const part: MathGlyphPart = {
    kind: 'glyphs', x: 0, y: 0, face: ctx.env.face, sizePt: size, glyphs: [glyph], advances: [pt(ctx, font.advance(glyph))], text, clusters: [0], color,
  };
  const italic = pt(ctx, font.italicCorrection(glyph));
  return { width: pt(ctx, font.advance(glyph)), ascent: pt(ctx, b.yMax), descent: pt(ctx, -b.yMin), parts: [part], char: true, ...(italic ? { italicPt: italic } : {}) };
}

/** The glyph of a character in the math font (after Word's substitutions), 0 when missing. */
export function mathGlyph(ctx: MathCtx, ch: string): number {
  const cp = (SUBSTITUTE[ch] ?? ch).codePointAt(0);
  return cp === undefined ? 0 : ctx.env.font.glyphId(cp);
}

/**
 * A character grown to at least `targetPt` along its stretch direction (height + depth when
 * vertical, width when horizontal). Vertical results sit where the font draws them (centre them on
 * the axis yourself); horizontal ones keep the glyph's own vertical position.
 */
export function stretchy(ctx: MathCtx, ch: string, targetPt: number, vertical: boolean): MathBox {
  const { font } = ctx.env;
  const base = mathGlyph(ctx, ch);
  if (base === 0) return glyphBox(ctx, 0, ch);
  const construction = vertical ? font.vertical(base) : font.horizontal(base);
  const sizeOfGlyph = (g: number) => {
    const b = font.bounds(g);
    return vertical ? pt(ctx, b.yMax - b.yMin) : pt(ctx, font.advance(g));
  };
  if (sizeOfGlyph(base) >= targetPt || !construction) return glyphBox(ctx, base, ch);
  let biggest = base;
  for (const v of construction.variants) {
    biggest = v.glyph;
    if (sizeOfGlyph(v.glyph) >= targetPt) return glyphBox(ctx, v.glyph, ch);
  }
  if (construction.parts && construction.parts.length > 0) return assembly(ctx, construction.parts, targetPt, vertical, ch) ?? glyphBox(ctx, biggest, ch);
  return glyphBox(ctx, biggest, ch);
}

const MAX_REPEATS = 200;

/**
 * How many times each extender repeats (1 to MAX_REPEATS): the fewest whose assembly, parts less the
 * minimum overlaps, reaches `target` (font units). Its length grows by the same step each repeat, so
 * the count is computed, not searched: building every candidate cost up to 200 assemblies a stretched
 * glyph, seconds for a document of tall EQ brackets (fuzz seed 53). The font's units are integers, so
 * the lengths are exact and the count is the search's.
 */
export function extenderRepeats(parts: readonly GlyphPart[], target: number, minOverlap: number): number {
  let once = minOverlap;
  let step = 0;
  for (const p of parts) {
    once += p.fullAdvance - minOverlap;
    if (p.extender) step += p.fullAdvance - minOverlap;
  }
  if (once >= target || !parts.some((p) => p.extender)) return 1;
  if (step <= 0) return MAX_REPEATS;
  // full(n) = once + (n - 1) * step; the estimate is settled against it, as the search compared.
  let n = Math.min(MAX_REPEATS, Math.max(1, 1 + Math.ceil((target - once) / step)));
  while (n > 1 && once + (n - 2) * step >= target) n--;
  while (n < MAX_REPEATS && once + (n - 1) * step < target) n++;
  return n;
}

/**
 * An assembly (GlyphAssembly): the parts once each, extenders repeated as few times as reach the
 * target, overlaps between neighbours shared out so the whole is the target's size (at least the
 * font's minConnectorOverlap, at most the connectors' lengths).
 */
function assembly(ctx: MathCtx, parts: readonly GlyphPart[], targetPt: number, vertical: boolean, ch: string): MathBox | undefined {
  const target = (targetPt * ctx.env.font.unitsPerEm) / sizeOf(ctx);
  const minOverlap = ctx.env.font.minConnectorOverlap;
  const n = extenderRepeats(parts, target, minOverlap);
  const seq = parts.flatMap((p) => (p.extender ? new Array<GlyphPart>(n).fill(p) : [p]));
  if (seq.length === 0) return undefined;
  const total = seq.reduce((s, p) => s + p.fullAdvance, 0);
  const joins = seq.length - 1;
  let overlap = joins > 0 ? (total - target) / joins : 0;
  const maxOverlap = Math.min(...seq.slice(1).map((p, i) => Math.min(p.startConnector, seq[i]!.endConnector)), Infinity);
  overlap = Math.max(minOverlap, Math.min(overlap, Number.isFinite(maxOverlap) ? Math.max(minOverlap, maxOverlap) : overlap));
  return vertical ? verticalAssembly(ctx, seq, overlap, ch) : horizontalAssembly(ctx, seq, overlap, ch);
}

function verticalAssembly(ctx: MathCtx, seq: readonly GlyphPart[], overlap: number, ch: string): MathBox {
  const { font } = ctx.env;
  // Parts go bottom to top; the first part's ink bottom stays where the font draws it.
  let y = font.bounds(seq[0]!.glyph).yMin;
  const placed = seq.map((p, i) => {
    const b = font.bounds(p.glyph);
    const box = glyphBox(ctx, p.glyph, i === 0 ? ch : '');
    const at = { x: 0, y: pt(ctx, y - b.yMin), box };
    y += p.fullAdvance - overlap;
    return at;
  });
  const width = Math.max(...placed.map((p) => p.box.width));
  const bottom = pt(ctx, font.bounds(seq[0]!.glyph).yMin);
  const top = pt(ctx, y + overlap);
  return { ...boxOf(width, placed), ascent: top, descent: -bottom, char: true };
}

function horizontalAssembly(ctx: MathCtx, seq: readonly GlyphPart[], overlap: number, ch: string): MathBox {
  let x = 0;
  const placed = seq.map((p, i) => {
    const at = { x: pt(ctx, x), y: 0, box: glyphBox(ctx, p.glyph, i === 0 ? ch : '') };
    x += p.fullAdvance - overlap;
    return at;
  });
  const ink = placed.map((p) => p.box);
  const out = boxOf(pt(ctx, x + overlap), placed);
  return { ...out, ascent: Math.max(...ink.map((b) => b.ascent)), descent: Math.max(...ink.map((b) => b.descent)) };
}
