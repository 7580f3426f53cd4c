/**
 * Fractions, scripts, radicals, n-ary operators and limits, placed with the OpenType MATH constants
 * (the MATH table spec's descriptions of each constant, which follow TeX's Appendix G rules).
 */
import type { MathFraction, MathLimit, MathNary, MathRadical, MathRow } from '../../model';
import { type MathBox, boxOf, hbox, raised } from './box';
import { type MathCtx, crampedCtx, em, fractionCtx, k, scriptCtx } from './context';
import { glyphBox, mathGlyph, stretchy } from './glyphs';
import { layoutRow, type NodeLayout } from './row';

/** A fraction (m:f): numerator over a rule over denominator, centred; noBar stacks, lin and skw set in line. */
export function layoutFraction(n: MathFraction, outer: MathCtx, node: NodeLayout): MathBox {
  // A small fraction (m:smallFrac) is set as in text style: its parts at script size.
  const ctx = n.small && outer.style === 0 ? { ...outer, style: 1 as const } : outer;
  if (n.type === 'lin' || n.type === 'skw') return inlineFraction(n, ctx, node);
  // An EQ field's fraction keeps its parts at its own size: EQ text is set as text, never at script size.
  const num = layoutRow(n.num, n.textSize ? ctx : fractionCtx(ctx, ctx.cramped), node);
  const den = layoutRow(n.den, n.textSize ? crampedCtx(ctx) : fractionCtx(ctx, true), node);
  const display = ctx.style === 0;
  const axis = k(ctx, 'axisHeight');
  let up: number;
  let down: number;
  let rule = 0;
  if (n.type === 'noBar') {
    up = k(ctx, display ? 'stackTopDisplayStyleShiftUp' : 'stackTopShiftUp');
    down = k(ctx, display ? 'stackBottomDisplayStyleShiftDown' : 'stackBottomShiftDown');
    const gap = k(ctx, display ? 'stackDisplayStyleGapMin' : 'stackGapMin');
    const short = gap - (up - num.descent - (den.ascent - down));
    if (short > 0) {
      up += short / 2;
      down += short / 2;
    }
  } else {
    rule = k(ctx, 'fractionRuleThickness');
    up = Math.max(k(ctx, display ? 'fractionNumeratorDisplayStyleShiftUp' : 'fractionNumeratorShiftUp'),
      axis + rule / 2 + k(ctx, display ? 'fractionNumDisplayStyleGapMin' : 'fractionNumeratorGapMin') + num.descent);
    down = Math.max(k(ctx, display ? 'fractionDenominatorDisplayStyleShiftDown' : 'fractionDenominatorShiftDown'),
      den.ascent + k(ctx, display ? 'fractionDenomDisplayStyleGapMin' : 'fractionDenominatorGapMin') - axis + rule / 2);
  }
  // The rule reaches a little past the wider of the two (TeX's \nulldelimiterspace, 0.12 em).
  const pad = 0.12 * em(ctx);
  const width = Math.max(num.width, den.width) + 2 * pad;
  const placed = [
    { x: (width - num.width) / 2, y: up, box: num },
    { x: (width - den.width) / 2, y: -down, box: den },
  ];
  const color = ctx.env.color;
  const bar = rule > 0 ? [{ kind: 'rule' as const, x: pad / 2, y: axis - rule / 2, w: width - pad, h: rule, color }] : [];
  return boxOf(width, placed, bar, 'inner');
}

/** m:type lin (num/den on the line) and skw (numerator raised, denominator lowered, around a slash). */
function inlineFraction(n: MathFraction, ctx: MathCtx, node: NodeLayout): MathBox {
  const slash = glyphBox(ctx, mathGlyph(ctx, '/'), '/');
  if (n.type === 'lin') return hbox([layoutRow(n.num, ctx, node), slash, layoutRow(n.den, ctx, node)], 'inner');
  const s = scriptCtx(ctx);
  const num = layoutRow(n.num, s, node);
  const den = layoutRow(n.den, crampedCtx(s), node);
  const gap = k(ctx, 'skewedFractionHorizontalGap') / 2;
  const shift = k(ctx, 'skewedFractionVerticalGap') + k(ctx, 'axisHeight');
  const x1 = num.width + gap / 2;
  const x2 = x1 + slash.width + gap / 2;
  return boxOf(x2 + den.width, [{ x: 0, y: shift, box: num }, { x: x1, y: 0, box: slash }, { x: x2, y: -shift / 2, box: den }], [], 'inner');
}

/** Scripts attached to a base (m:sSup, m:sSub, m:sSubSup), or before it (m:sPre). */
export function attachScripts(base: MathBox, sub: MathRow | undefined, sup: MathRow | undefined, ctx: MathCtx, node: NodeLayout, pre = false): MathBox {
  const supBox = sup ? layoutRow(sup, scriptCtx(ctx), node) : undefined;
  const subBox = sub ? layoutRow(sub, scriptCtx(ctx, true), node) : undefined;
  const char = base.char === true;
  let supShift = 0;
  let subShift = 0;
  if (supBox) {
    supShift = Math.max(k(ctx, ctx.cramped ? 'superscriptShiftUpCramped' : 'superscriptShiftUp'),
      char ? 0 : base.ascent - k(ctx, 'superscriptBaselineDropMax'), supBox.descent + k(ctx, 'superscriptBottomMin'));
  }
  if (subBox) {
    subShift = Math.max(k(ctx, 'subscriptShiftDown'), char ? 0 : base.descent + k(ctx, 'subscriptBaselineDropMin'), subBox.ascent - k(ctx, 'subscriptTopMax'));
  }
  if (supBox && subBox) {
    const gap = supShift - supBox.descent - (subBox.ascent - subShift);
    const need = k(ctx, 'subSuperscriptGapMin') - gap;
    if (need > 0) {
      const up = Math.max(0, Math.min(need, k(ctx, 'superscriptBottomMaxWithSubscript') - (supShift - supBox.descent)));
      supShift += up;
      subShift += need - up;
    }
  }
  const after = k(ctx, 'spaceAfterScript');
  const italic = base.italicPt ?? 0;
  const scriptsWidth = Math.max(supBox ? supBox.width + (pre ? 0 : italic) : 0, subBox?.width ?? 0);
  const placed: { x: number; y: number; box: MathBox }[] = [];
  const baseX = pre ? scriptsWidth + after : 0;
  const sx = pre ? 0 : base.width;
  placed.push({ x: baseX, y: 0, box: base });
  if (supBox) placed.push({ x: pre ? scriptsWidth - supBox.width : sx + italic, y: supShift, box: supBox });
  if (subBox) placed.push({ x: pre ? scriptsWidth - subBox.width : sx, y: -subShift, box: subBox });
  const width = pre ? baseX + base.width : sx + scriptsWidth + after;
  const out = boxOf(width, placed, [], base.atom);
  return out;
}

/** A radical (m:rad): the surd grown to the radicand, its rule over it, the degree in the surd's crook. */
export function layoutRadical(n: MathRadical, ctx: MathCtx, node: NodeLayout): MathBox {
  const body = layoutRow(n.body, crampedCtx(ctx), node);
  let gap = k(ctx, ctx.style === 0 ? 'radicalDisplayStyleVerticalGap' : 'radicalVerticalGap');
  const rule = k(ctx, 'radicalRuleThickness');
  const surd = stretchy(ctx, '\u221A', body.ascent + body.descent + gap + rule, true);
  const surdHeight = surd.ascent + surd.descent;
  const extra = surdHeight - (body.ascent + body.descent + gap + rule);
  if (extra > 0) gap += extra / 2;
  const ruleTop = body.ascent + gap + rule;
  const surdY = ruleTop - surd.ascent;
  let x = 0;
  const placed: { x: number; y: number; box: MathBox }[] = [];
  if (n.deg) {
    const deg = layoutRow(n.deg, { env: ctx.env, style: 3, cramped: true }, node);
    const before = k(ctx, 'radicalKernBeforeDegree');
    const raise = (surdHeight * ctx.env.font.constants.radicalDegreeBottomRaisePercent) / 100;
    placed.push({ x: before, y: surdY - surd.descent + raise + deg.descent, box: deg });
    x = Math.max(0, before + deg.width + k(ctx, 'radicalKernAfterDegree'));
  }
  placed.push({ x, y: surdY, box: surd });
  const bodyX = x + surd.width;
  placed.push({ x: bodyX, y: 0, box: body });
  const bar = { kind: 'rule' as const, x: bodyX, y: ruleTop - rule, w: body.width, h: rule, color: ctx.env.color };
  const out = boxOf(bodyX + body.width, placed, [bar]);
  return { ...out, ascent: Math.max(out.ascent, ruleTop + k(ctx, 'radicalExtraAscender')) };
}

/** The operator of an m:nary: the display variant in display style, grown to the body with m:grow. */
function naryOperator(n: MathNary, body: MathBox, ctx: MathCtx): MathBox {
  let target = ctx.style === 0 ? k(ctx, 'displayOperatorMinHeight') : 0;
  if (n.grow) target = Math.max(target, (body.ascent + body.descent) * 1.1);
  const op = stretchy(ctx, n.chr, target, true);
  // Centred on the math axis.
  const shift = (op.ascent - op.descent) / 2 - k(ctx, 'axisHeight');
  return { ...raised(op, -shift), atom: 'op', char: false, ...(op.italicPt ? { italicPt: op.italicPt } : {}) };
}

/** An n-ary operator with its limits above and below (display, undOvr) or as scripts, then its body. */
export function layoutNary(n: MathNary, ctx: MathCtx, node: NodeLayout): MathBox {
  const body = layoutRow(n.body, ctx, node);
  const op = naryOperator(n, body, ctx);
  const over = n.limLoc === 'undOvr' && (ctx.style === 0 || (n.limitsInline === true && ctx.style === 1));
  const withLimits = over ? limitsAround(op, n.sub, n.sup, ctx, node) : n.sub || n.sup ? attachScripts(op, n.sub, n.sup, ctx, node) : op;
  const thin = (3 / 18) * em(ctx);
  const width = withLimits.width + (body.width > 0 ? thin : 0);
  return { ...boxOf(width + body.width, [{ x: 0, y: 0, box: withLimits }, { x: width, y: 0, box: body }]), atom: 'op' };
}

/** Limits centred over and under a base (MATH UpperLimit* / LowerLimit* constants). */
export function limitsAround(base: MathBox, sub: MathRow | undefined, sup: MathRow | undefined, ctx: MathCtx, node: NodeLayout): MathBox {
  const s = scriptCtx(ctx);
  const supBox = sup ? layoutRow(sup, s, node) : undefined;
  const subBox = sub ? layoutRow(sub, crampedCtx(s), node) : undefined;
  const width = Math.max(base.width, supBox?.width ?? 0, subBox?.width ?? 0);
  const placed = [{ x: (width - base.width) / 2, y: 0, box: base }];
  if (supBox) {
    const rise = Math.max(k(ctx, 'upperLimitBaselineRiseMin'), k(ctx, 'upperLimitGapMin') + supBox.descent);
    placed.push({ x: (width - supBox.width) / 2, y: base.ascent + rise, box: supBox });
  }
  if (subBox) {
    const drop = Math.max(k(ctx, 'lowerLimitBaselineDropMin'), k(ctx, 'lowerLimitGapMin') + subBox.ascent);
    placed.push({ x: (width - subBox.width) / 2, y: -(base.descent + drop), box: subBox });
  }
  return boxOf(width, placed, [], base.atom);
}

/** m:limLow / m:limUpp: the limit under or over its base, in script size. */
export function layoutLimit(n: MathLimit, ctx: MathCtx, node: NodeLayout): MathBox {
  const base = layoutRow(n.body, ctx, node);
  const out = n.pos === 'low' ? limitsAround(base, n.lim, undefined, ctx, node) : limitsAround(base, undefined, n.lim, ctx, node);
  return { ...out, atom: 'op' };
}
