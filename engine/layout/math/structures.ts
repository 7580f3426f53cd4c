/**
 * Delimiters, accents, bars, group characters, equation arrays, matrices, boxes and functions.
 */
import type { MathAccent, MathBar, MathBoxNode, MathDelimiter, MathEqArray, MathFunction, MathGroupChar, MathMatrix, MathOverstrike, MathRow, MathShift } from '../../model';
import { type MathBox, type MathPart, boxOf, emptyBox, hbox, raised } from './box';
import { type MathCtx, crampedCtx, em, k } from './context';
import { glyphBox, mathGlyph, stretchy } from './glyphs';
import { layoutRow, type NodeLayout } from './row';

/**
 * The height a fence must cover for content: twice its reach from the axis, at least 90 % of it
 * and at most 0.1 em short (TeX's \delimiterfactor 901 and \delimitershortfall).
 */
function fenceTarget(content: MathBox, ctx: MathCtx): number {
  const axis = k(ctx, 'axisHeight');
  const reach = Math.max(content.ascent - axis, content.descent + axis);
  const full = 2 * reach;
  if (full < k(ctx, 'delimitedSubFormulaMinHeight') * 0.75) return 0;
  return Math.max(full * 0.901, full - 0.1 * em(ctx));
}

/** A fence character grown to `target` and centred on the axis; none for an empty character. */
function fence(ch: string, target: number, ctx: MathCtx, atom: 'open' | 'close' | 'punct'): MathBox | undefined {
  if (!ch) return undefined;
  const g = stretchy(ctx, ch, target, true);
  if (target === 0) return { ...g, atom };
  const shift = (g.ascent - g.descent) / 2 - k(ctx, 'axisHeight');
  return { ...raised(g, -shift), atom };
}

/** m:d: its arguments between separators, inside fences that grow with them (m:grow, default on). */
export function layoutDelimiter(n: MathDelimiter, ctx: MathCtx, node: NodeLayout): MathBox {
  const items = n.items.map((row) => layoutRow(row, ctx, node));
  const inner = boxOf(0, items.map((box) => ({ x: 0, y: 0, box })));
  const target = n.grow ? fenceTarget(inner, ctx) : 0;
  const parts: MathBox[] = [];
  const open = fence(n.beg, target, ctx, 'open');
  if (open) parts.push(open);
  items.forEach((box, i) => {
    if (i > 0) {
      const sep = fence(n.sep, target, ctx, 'punct');
      if (sep) parts.push(sep);
    }
    parts.push(box);
  });
  const close = fence(n.end, target, ctx, 'close');
  if (close) parts.push(close);
  return hbox(parts, 'inner');
}

/** m:func: the function name upright, a thin space, the argument. */
export function layoutFunction(n: MathFunction, ctx: MathCtx, node: NodeLayout): MathBox {
  const name = layoutRow(n.name, ctx, node, true);
  const body = layoutRow(n.body, ctx, node);
  if (body.width === 0) return { ...name, atom: 'op' };
  const thin = (3 / 18) * em(ctx);
  return boxOf(name.width + thin + body.width, [{ x: 0, y: 0, box: name }, { x: name.width + thin, y: 0, box: body }], [], 'op');
}

/**
 * m:acc: the accent centred over the base (on its top accent attachment for one glyph), raised by
 * how much the base exceeds the AccentBaseHeight; the widest variant that fits a wide base.
 */
export function layoutAccent(n: MathAccent, ctx: MathCtx, node: NodeLayout): MathBox {
  const base = layoutRow(n.body, crampedCtx(ctx), node);
  const { font } = ctx.env;
  let glyph = mathGlyph(ctx, n.chr);
  const wider = font.horizontal(glyph);
  const inkWidth = (g: number) => font.bounds(g).xMax - font.bounds(g).xMin;
  const scale = font.unitsPerEm / Math.max(1e-6, em(ctx));
  // A wider variant only over more than one character (one letter keeps the font's own accent).
  if (wider && !base.char) for (const v of wider.variants) if (inkWidth(v.glyph) <= base.width * scale * 1.05) glyph = v.glyph;
  const accent = glyphBox(ctx, glyph, n.chr);
  const b = font.bounds(glyph);
  const toPt = (u: number) => u / scale;
  const inkLeft = toPt(b.xMin);
  const inkW = toPt(b.xMax - b.xMin);
  const x = (base.width - inkW) / 2 - inkLeft + (base.italicPt ?? 0) / 2;
  const shift = Math.max(0, base.ascent - k(ctx, 'accentBaseHeight'));
  const out = boxOf(base.width, [{ x: 0, y: 0, box: base }, { x, y: shift, box: { ...accent, width: 0 } }]);
  return base.char ? { ...out, char: true } : out;
}

/** m:bar: a rule over (pos top) or under the base (Overbar / Underbar constants). */
export function layoutBar(n: MathBar, ctx: MathCtx, node: NodeLayout): MathBox {
  const base = layoutRow(n.body, n.pos === 'top' ? crampedCtx(ctx) : ctx, node);
  const color = ctx.env.color;
  if (n.pos === 'top') {
    const t = k(ctx, 'overbarRuleThickness');
    const y = base.ascent + k(ctx, 'overbarVerticalGap');
    const out = boxOf(base.width, [{ x: 0, y: 0, box: base }], [{ kind: 'rule', x: 0, y, w: base.width, h: t, color }]);
    return { ...out, ascent: y + t + k(ctx, 'overbarExtraAscender') };
  }
  const t = k(ctx, 'underbarRuleThickness');
  const y = -(base.descent + k(ctx, 'underbarVerticalGap') + t);
  const out = boxOf(base.width, [{ x: 0, y: 0, box: base }], [{ kind: 'rule', x: 0, y, w: base.width, h: t, color }]);
  return { ...out, descent: -y + k(ctx, 'underbarExtraDescender') };
}

/** m:groupChr: a brace (or other character) stretched along the base, under or over it. */
export function layoutGroupChar(n: MathGroupChar, ctx: MathCtx, node: NodeLayout): MathBox {
  const base = layoutRow(n.body, ctx, node);
  const brace = stretchy(ctx, n.chr, base.width, false);
  const x = (base.width - brace.width) / 2;
  const width = Math.max(base.width, brace.width);
  const bx = Math.max(0, -x);
  let y: number;
  if (n.pos === 'bot') y = -(base.descent + k(ctx, 'stretchStackGapBelowMin')) - brace.ascent;
  else y = base.ascent + k(ctx, 'stretchStackGapAboveMin') + brace.descent;
  const out = boxOf(width, [{ x: bx, y: 0, box: base }, { x: bx + x, y, box: brace }]);
  // m:vertJc: the upper of the two (top) or the lower (bot) on the baseline: the base on it, or the
  // character standing on it (the base then over or under it).
  const charOnBaseline = (n.pos === 'top') === (n.vertJc === 'top');
  return charOnBaseline ? raised(out, brace.descent - y) : out;
}

/** Rows stacked with at least 1.2 em between baselines, each row's alignment mark (&) on one x. */
function stack(rows: readonly MathBox[][], ctx: MathCtx, colGap: number): MathBox {
  const cols = Math.max(0, ...rows.map((r) => r.length));
  const colW = Array.from({ length: cols }, (_, c) => Math.max(0, ...rows.map((r) => r[c]?.width ?? 0)));
  const gap = 0.2 * em(ctx);
  const minSkip = 1.2 * em(ctx);
  const placed: { x: number; y: number; box: MathBox }[] = [];
  let y = 0;
  rows.forEach((row, i) => {
    const asc = Math.max(0, ...row.map((b) => b.ascent));
    if (i > 0) {
      const prevDesc = Math.max(0, ...rows[i - 1]!.map((b) => b.descent));
      y -= Math.max(minSkip, prevDesc + gap + asc);
    }
    let x = 0;
    row.forEach((box, c) => {
      placed.push({ x: x + (colW[c]! - box.width) / 2, y, box });
      x += colW[c]! + colGap;
    });
  });
  const width = colW.reduce((s, w) => s + w, 0) + colGap * Math.max(0, cols - 1);
  const box = boxOf(width, placed);
  // The whole is centred on the math axis.
  return raised(box, (box.ascent + box.descent) / 2 - box.ascent + k(ctx, 'axisHeight'));
}

/**
 * m:eqArr (§22.1.2.34): equations one per row (centred when none has an '&'). The '&'s of a row
 * alternate between alignment points (odd ones) and spacers (even ones, the row's start an implied
 * spacer), as Word and AmSTeX do: the stretches between marks form columns, the first and every
 * other one right-aligned (ending at an alignment point), the others left-aligned (starting at one).
 * A spread array (m:maxDist) takes the environment's spread room between its columns (see `spreadGaps`).
 */
export function layoutEqArray(n: MathEqArray, ctx: MathCtx, node: NodeLayout): MathBox {
  const rows = n.rows.map((r) => layoutRow(r, ctx, node));
  if (!rows.some((r) => r.marks)) return stack(rows.map((r) => [r]), ctx, 0);
  const bounds = rows.map((r) => [0, ...(r.marks ?? []), r.width]);
  const cols = Math.max(...bounds.map((b) => b.length - 1));
  const colW = Array.from({ length: cols }, (_, j) => Math.max(...bounds.map((b) => (j + 1 < b.length ? b[j + 1]! - b[j]! : 0))));
  const gaps = spreadGaps(n, cols, ctx.env.spreadPt ?? 0);
  const starts: number[] = [];
  colW.reduce((x, w, j) => (starts.push(x + gaps[j]!), x + gaps[j]! + w), 0);
  // Each stretch's shift: right-aligned in an even column, left-aligned in an odd one.
  const shifts = bounds.map((b) => b.slice(1).map((end, j) => starts[j]! + (j % 2 === 0 ? colW[j]! - (end - b[j]!) : 0) - b[j]!));
  const width = Math.max(...rows.map((r, i) => shifts[i]![shifts[i]!.length - 1]! + r.width)) + gaps[cols]!;
  return stack(rows.map((r, i) => [boxOf(width, [{ x: 0, y: 0, box: alignedRow(r, bounds[i]!, shifts[i]!) }])]), ctx, 0);
}

/**
 * The room before each of an array's `cols` columns and after the last, when it is spread by `room`
 * (m:maxDist, §22.1.2.63): the spec says only that the array is "spaced to the maximum width" of its
 * container, and Word spreads only arrays with alignment points (MS-OI29500 2.1.1678), so the room
 * goes where the marks say: shared by the spacers, the row's start and end counting as spacers (the
 * column pairs spread evenly across the width, as amsmath's align spreads them); with m:objDist
 * (§22.1.2.76, which Word follows only with maxDist: MS-OI29500 2.1.1686) by every boundary between
 * columns, the contents filling the array from edge to edge.
 */
function spreadGaps(n: MathEqArray, cols: number, room: number): number[] {
  const gaps = new Array<number>(cols + 1).fill(0);
  if (!n.maxDist || !(room > 0) || !Number.isFinite(room)) return gaps;
  const at: number[] = [];
  if (n.objDist && cols > 1) for (let j = 1; j < cols; j++) at.push(j);
  else {
    at.push(0, cols);
    for (let j = 2; j < cols; j += 2) at.push(j);
  }
  for (const j of at) gaps[j] = room / at.length;
  return gaps;
}

/** A row with the stretches between its marks moved by their shifts (one box moved when they agree). */
function alignedRow(r: MathBox, bounds: readonly number[], shifts: readonly number[]): MathBox {
  const first = shifts[0]!;
  if (shifts.every((s) => s === first)) return boxOf(first + r.width, [{ x: first, y: 0, box: r }]);
  let j = 0;
  const placed = r.parts.flatMap((p) => {
    while (j + 1 < shifts.length && p.x >= bounds[j + 1]!) j++;
    return p.kind === 'box' ? [{ x: p.x + shifts[j]!, y: p.y, box: p.box }] : [];
  });
  return boxOf(shifts[shifts.length - 1]! + r.width, placed);
}

/** m:m: cells centred in their columns, one em between columns. */
export function layoutMatrix(n: MathMatrix, ctx: MathCtx, node: NodeLayout): MathBox {
  const rows = n.rows.map((r: readonly MathRow[]) => r.map((cell) => layoutRow(cell, ctx, node)));
  if (rows.length === 0) return emptyBox();
  return { ...stack(rows, ctx, em(ctx)), atom: 'inner' };
}

/** EQ \\o: the arguments over one another in the width of the widest, aligned as asked. */
export function layoutOverstrike(n: MathOverstrike, ctx: MathCtx, node: NodeLayout): MathBox {
  const items = n.items.map((row) => layoutRow(row, ctx, node));
  const width = Math.max(0, ...items.map((b) => b.width));
  const share = n.align === 'left' ? 0 : n.align === 'right' ? 1 : 0.5;
  return boxOf(width, items.map((box) => ({ x: (width - box.width) * share, y: 0, box })));
}

/** m:box (no mark) and m:borderBox (a frame around the content). */
export function layoutBox(n: MathBoxNode, ctx: MathCtx, node: NodeLayout): MathBox {
  const body = layoutRow(n.body, ctx, node);
  if (!n.border) return n.brk !== undefined ? { ...body, brk: n.brk } : body;
  const t = k(ctx, 'fractionRuleThickness');
  const pad = 0.15 * em(ctx);
  const w = body.width + 2 * pad + 2 * t;
  const top = body.ascent + pad + t;
  const bottom = -(body.descent + pad + t);
  const color = ctx.env.color;
  return boxOf(w, [{ x: pad + t, y: 0, box: body }], [
    { kind: 'rule', x: 0, y: top - t, w, h: t, color },
    { kind: 'rule', x: 0, y: bottom, w, h: t, color },
    { kind: 'rule', x: 0, y: bottom, w: t, h: top - bottom, color },
    { kind: 'rule', x: w - t, y: bottom, w: t, h: top - bottom, color },
  ]);
}

/**
 * EQ fields' displacements: the body raised by `risePt` (its size kept), then `advancePt` of room
 * (negative: what follows moves back over it), \li drawing a line along it where the underbar goes.
 */
export function layoutShift(n: MathShift, ctx: MathCtx, node: NodeLayout): MathBox {
  const body = raised(layoutRow(n.body, ctx, node), n.risePt);
  const width = body.width + n.advancePt;
  const parts: MathPart[] = body.parts.length ? [{ kind: 'box', x: 0, y: 0, box: body }] : [];
  let descent = body.descent;
  if (n.line && n.advancePt !== 0) {
    const t = k(ctx, 'underbarRuleThickness');
    const y = -(k(ctx, 'underbarVerticalGap') + t);
    parts.push({ kind: 'rule', x: Math.min(body.width, width), y, w: Math.abs(n.advancePt), h: t, color: ctx.env.color });
    descent = Math.max(descent, -y);
  }
  return { width, ascent: body.ascent, descent, parts };
}
