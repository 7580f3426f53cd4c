import { describe, expect, it } from 'vitest';
import type { MathInline, MathNode, MathRow } from '../../model';
import { layoutMath, type MathBox } from './index';
import { breakDisplayMath, inlineMathPieces } from './breaking';
import { MAX_EQUATION_PARTS } from './context';
import { extenderRepeats } from './glyphs';
import { MATH_TEST_FACES as faces, MATH_TEST_PROPS as props } from './test-util';

const r = (text: string): MathNode => ({ kind: 'run', text });
const typeset = (tree: MathRow, display = true): MathBox => layoutMath({ kind: 'math', linearText: '', display, props, tree } as MathInline, faces, display)!;

interface Flat {
  readonly kind: 'glyphs' | 'rule';
  readonly text: string;
  readonly x: number;
  /** Baseline (glyphs) or bottom edge (rules), up from the equation's baseline. */
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly sizePt: number;
}

/** Every glyph run and rule of a box, at its position in the box. */
function flat(box: MathBox, x = 0, y = 0, out: Flat[] = []): Flat[] {
  for (const p of box.parts) {
    if (p.kind === 'box') flat(p.box, x + p.x, y + p.y, out);
    else if (p.kind === 'rule') out.push({ kind: 'rule', text: '', x: x + p.x, y: y + p.y, w: p.w, h: p.h, sizePt: 0 });
    else out.push({ kind: 'glyphs', text: p.text, x: x + p.x, y: y + p.y, w: p.advances.reduce((s, a) => s + a, 0), h: 0, sizePt: p.sizePt });
  }
  return out;
}

const find = (items: Flat[], text: string) => items.find((i) => i.text === text)!;
const rule = (items: Flat[]) => items.find((i) => i.kind === 'rule')!;

describe('math layout', () => {
  it('sets a fraction\'s numerator above the rule above the denominator, both centred on it', () => {
    const items = flat(typeset([{ kind: 'frac', type: 'bar', num: [r('a')], den: [r('bcd')] }]));
    const [num, den, bar] = [find(items, 'a'), find(items, 'bcd'), rule(items)];
    expect(num.y).toBeGreaterThan(bar.y + bar.h);
    expect(den.y).toBeLessThan(bar.y);
    // The rule sits on the math axis (AxisHeight 275/1000 em at 20 pt = 5.5 pt).
    expect(bar.y + bar.h / 2).toBeCloseTo(5.5, 5);
    expect(num.x + num.w / 2).toBeCloseTo(bar.x + bar.w / 2, 5);
    expect(den.x + den.w / 2).toBeCloseTo(bar.x + bar.w / 2, 5);
    expect(bar.w).toBeGreaterThan(den.w);
  });

  it('raises a superscript and sets it smaller (ScriptPercentScaleDown 80 %), after the base', () => {
    const items = flat(typeset([{ kind: 'scripts', base: [r('x')], sup: [r('2')] }]));
    const [base, sup] = [find(items, 'x'), find(items, '2')];
    expect(sup.sizePt).toBeCloseTo(16, 5);
    expect(base.sizePt).toBe(20);
    expect(sup.y).toBeGreaterThanOrEqual(0.381 * 20 - 1e-9);
    expect(sup.x).toBeGreaterThanOrEqual(base.x + base.w - 1e-9);
  });

  it('draws the radical sign before the radicand and its rule over it', () => {
    const items = flat(typeset([{ kind: 'rad', body: [r('x')] }]));
    const [surd, body, bar] = [find(items, '√'), find(items, 'x'), rule(items)];
    expect(surd.x + surd.w).toBeLessThanOrEqual(body.x + 1e-9);
    expect(bar.x).toBeCloseTo(body.x, 5);
    expect(bar.w).toBeCloseTo(body.w, 5);
    expect(bar.y).toBeGreaterThan(0.5 * 20);
  });

  it('puts ∑ limits above and below in display math and beside it inline', () => {
    const sum: MathNode = { kind: 'nary', chr: '∑', limLoc: 'undOvr', sub: [r('i')], sup: [r('n')], body: [r('a')], grow: false };
    const shown = flat(typeset([sum], true));
    const [op, lo, hi] = [find(shown, '∑'), find(shown, 'i'), find(shown, 'n')];
    expect(hi.y).toBeGreaterThan(op.y + 10);
    expect(lo.y).toBeLessThan(op.y - 5);
    expect(lo.x).toBeGreaterThan(op.x);
    expect(lo.x + lo.w).toBeLessThan(op.x + op.w);
    const inline = flat(typeset([sum], false));
    const [op2, lo2, hi2] = [find(inline, '∑'), find(inline, 'i'), find(inline, 'n')];
    expect(lo2.x).toBeGreaterThanOrEqual(op2.x + op2.w - 1e-9);
    expect(hi2.x).toBeGreaterThanOrEqual(op2.x + op2.w - 1e-9);
    // The display operator is the font's bigger variant.
    expect(typeset([sum], true).ascent).toBeGreaterThan(typeset([sum], false).ascent);
  });

  it('grows delimiters around a fraction taller than around a letter', () => {
    const paren = (row: MathRow) => typeset([{ kind: 'delim', beg: '(', end: ')', sep: '|', grow: true, items: [row] }]);
    const letter = paren([r('x')]);
    const fraction = paren([{ kind: 'frac', type: 'bar', num: [r('a')], den: [r('b')] }]);
    expect(fraction.ascent + fraction.descent).toBeGreaterThan(1.5 * (letter.ascent + letter.descent));
    const fixed = typeset([{ kind: 'delim', beg: '(', end: ')', sep: '|', grow: false, items: [[{ kind: 'frac', type: 'bar', num: [r('a')], den: [r('b')] }]] }]);
    const [open] = flat(fixed).filter((i) => i.text === '(');
    expect(open).toBeDefined();
  });

  it('sets matrix cells in rows and columns', () => {
    const items = flat(typeset([{ kind: 'matrix', rows: [[[r('a')], [r('b')]], [[r('c')], [r('d')]]] }]));
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((t) => find(items, t));
    expect(a!.y).toBeCloseTo(b!.y, 5);
    expect(c!.y).toBeCloseTo(d!.y, 5);
    expect(a!.y).toBeGreaterThan(c!.y + 15);
    expect(b!.x).toBeGreaterThan(a!.x + a!.w + 10);
    expect(Math.abs(a!.x + a!.w / 2 - (c!.x + c!.w / 2))).toBeLessThan(1e-6);
  });

  it('nests: a fraction in a superscript is set at script size, smaller again inside', () => {
    const items = flat(typeset([{ kind: 'scripts', base: [r('e')], sup: [{ kind: 'frac', type: 'bar', num: [r('1')], den: [r('2')] }] }], false));
    expect(find(items, 'e').sizePt).toBe(20);
    // Script (80 %) of text, then the fraction's parts one style down: scriptscript (65 %).
    expect(find(items, '1').sizePt).toBeCloseTo(13, 5);
    expect(find(items, '1').y).toBeGreaterThan(find(items, '2').y);
  });

  it('keeps the characters of math italic letters and sets them with the math alphabet', () => {
    const box = typeset([r('x=1')]);
    const runs = box.parts.flatMap((p) => (p.kind === 'box' ? p.box.parts : [p])).filter((p) => p.kind === 'glyphs');
    expect(runs.map((p) => (p.kind === 'glyphs' ? p.text : '')).join('')).toBe('x=1');
    // Thick spaces around the relation: 5/18 em each side.
    const items = flat(box);
    expect(find(items, '=').x - (find(items, 'x').x + find(items, 'x').w)).toBeCloseTo((5 / 18) * 20, 5);
  });

  it('sets each run in its own w:sz, scaled down in scripts like the rest', () => {
    const big = { ...props, sizePt: 30 };
    const items = flat(typeset([r('x'), { kind: 'run', text: 'y', props: big }, { kind: 'scripts', base: [r('z')], sup: [{ kind: 'run', text: 'w', props: big }] }]));
    expect(find(items, 'x').sizePt).toBe(20);
    expect(find(items, 'y').sizePt).toBe(30);
    expect(find(items, 'z').sizePt).toBe(20);
    // DejaVu Math TeX Gyre's ScriptPercentScaleDown (80) of the run's 30 pt.
    expect(find(items, 'w').sizePt).toBeCloseTo(24, 5);
  });

  it('sets an EQ \\f fraction\'s numerator and denominator at its own size (Word sets EQ text as text), an m:f one\'s at script size', () => {
    const eq = flat(typeset([r('x'), { kind: 'frac', type: 'bar', num: [r('1')], den: [r('2')], textSize: true }], false));
    expect(find(eq, '1').sizePt).toBe(20);
    expect(find(eq, '2').sizePt).toBe(20);
    // Still a stacked fraction: the numerator above the rule, the denominator below it.
    expect(find(eq, '1').y).toBeGreaterThan(rule(eq).y + rule(eq).h);
    expect(find(eq, '2').y).toBeLessThan(rule(eq).y);
    const office = flat(typeset([r('x'), { kind: 'frac', type: 'bar', num: [r('1')], den: [r('2')] }], false));
    // DejaVu Math TeX Gyre's ScriptPercentScaleDown (80) of 20 pt in inline (text-style) math.
    expect(find(office, '1').sizePt).toBeCloseTo(16, 5);
  });

  it('raises EQ \\s\\up n content by n points at its own size, and moves what follows by \\d\\fo n / \\d\\ba n', () => {
    const up = flat(typeset([r('e'), { kind: 'shift', risePt: 8, advancePt: 0, body: [r('n')] }, { kind: 'shift', risePt: -4, advancePt: 0, body: [r('k')] }], false));
    expect(find(up, 'n').y).toBeCloseTo(8, 5);
    expect(find(up, 'n').sizePt).toBe(20);
    expect(find(up, 'k').y).toBeCloseTo(-4, 5);
    const fo = flat(typeset([r('a'), { kind: 'shift', risePt: 0, advancePt: 10, line: true, body: [] }, r('b')], false));
    const a = find(fo, 'a');
    expect(find(fo, 'b').x).toBeCloseTo(a.x + a.w + 10, 5);
    // \li: a line along the 10 pt moved over, below the baseline.
    expect(rule(fo).x).toBeCloseTo(a.x + a.w, 5);
    expect(rule(fo).w).toBeCloseTo(10, 5);
    expect(rule(fo).y).toBeLessThan(0);
    const ba = flat(typeset([r('a'), { kind: 'shift', risePt: 0, advancePt: -3, body: [] }, r('b')], false));
    expect(find(ba, 'b').x).toBeCloseTo(find(ba, 'a').w - 3, 5);
  });

  it('breaks an equation too wide for any line at every opportunity, before each operator', () => {
    const box = typeset([r('a'), r('+'), r('b'), r('='), r('c')]);
    const items = flat(breakDisplayMath(box, 1, 20, undefined));
    const ys = [...new Set(items.map((i) => i.y))];
    expect(ys.length).toBe(3);
    expect(find(items, '+').y).toBe(find(items, 'b').y);
    expect(find(items, '=').y).toBe(find(items, 'c').y);
    expect(find(items, 'a').y).toBe(0);
    // Unbroken when it fits.
    expect(breakDisplayMath(box, box.width, 20, undefined)).toBe(box);
  });

  it('aligns an equation array at every alignment point, the stretches between marks alternately right- and left-aligned', () => {
    // Marks 1 and 3 are alignment points, mark 2 a spacer: the second '=' of each row lines up too.
    const items = flat(typeset([{ kind: 'eqArr', rows: [[r('x&=1&y&=2')], [r('xx&=111&yyy&=3')]] }]));
    const rows = [...new Set(items.map((i) => i.y))].sort((a, b) => b - a);
    const eqs = (y: number) => items.filter((i) => i.text === '=' && i.y === y).map((i) => i.x);
    const [top, bottom] = [eqs(rows[0]!), eqs(rows[1]!)];
    expect(top[0]).toBeCloseTo(bottom[0]!, 5);
    expect(top[1]).toBeCloseTo(bottom[1]!, 5);
    // The stretch before an alignment point ends at it: 'y' ends where 'yyy' ends; '=1' starts at its column's start.
    const y = items.find((i) => i.text === 'y')!;
    const yyy = items.find((i) => i.text === 'yyy')!;
    expect(y.x + y.w).toBeCloseTo(yyy.x + yyy.w, 5);
    expect(y.x).toBeGreaterThan(yyy.x + 1);
  });

  it('spreads an equation array to its container (m:maxDist): the room between column pairs and at both ends, or between all columns with m:objDist', () => {
    const rows = [[r('x&=1&y&=2')], [r('xx&=111&yyy&=3')]];
    const set = (flags: { maxDist?: boolean; objDist?: boolean }, containerPt?: number) =>
      layoutMath({ kind: 'math', linearText: '', display: true, props, tree: [{ kind: 'eqArr', rows, ...flags }], spreads: 1 } as MathInline, faces, true, containerPt)!;
    const natural = set({});
    const at = (box: MathBox) => {
      const items = flat(box);
      const top = Math.max(...items.map((i) => i.y));
      const row = items.filter((i) => i.y === top);
      const eq = row.filter((i) => i.text === '=').map((i) => i.x);
      return { x: row.find((i) => i.text === 'x')!.x, y: row.find((i) => i.text === 'y')!.x, eq1: eq[0]!, eq2: eq[1]!, width: box.width };
    };
    const plain = at(natural);
    // Without m:maxDist, or without a width to spread to, nothing moves.
    expect(at(set({}, natural.width + 60))).toEqual(plain);
    expect(at(set({ maxDist: true }))).toEqual(plain);
    // maxDist: 60 pt shared by the row start, the spacer between the pairs and the row end.
    const spread = at(set({ maxDist: true }, natural.width + 60));
    expect(spread.width).toBeCloseTo(natural.width + 60, 6);
    expect(spread.x - plain.x).toBeCloseTo(20, 6);
    expect(spread.eq1 - plain.eq1).toBeCloseTo(20, 6);
    expect(spread.y - plain.y).toBeCloseTo(40, 6);
    expect(spread.eq2 - plain.eq2).toBeCloseTo(40, 6);
    // objDist: shared by the three boundaries between the four columns; the ends stay flush.
    const objects = at(set({ maxDist: true, objDist: true }, natural.width + 60));
    expect(objects.width).toBeCloseTo(natural.width + 60, 6);
    expect([objects.x - plain.x, objects.eq1 - plain.eq1, objects.y - plain.y, objects.eq2 - plain.eq2].map((d) => Math.round(d * 1e6) / 1e6)).toEqual([0, 20, 40, 60]);
    // An array without alignment points is not spread (Word adds room only where marks say).
    const bare = (c?: number) => layoutMath({ kind: 'math', linearText: '', display: true, props, tree: [{ kind: 'eqArr', rows: [[r('a')], [r('bb')]], maxDist: true }], spreads: 1 } as MathInline, faces, true, c)!.width;
    expect(bare(bare() + 60)).toBeCloseTo(bare(), 6);
  });

  it('puts the base or the group character on the baseline as m:vertJc says', () => {
    const under = (vertJc: 'top' | 'bot') => flat(typeset([{ kind: 'groupChr', chr: '\u23DF', pos: 'bot', vertJc, body: [r('abc')] }]));
    // top (the default under a brace): the base stays on the baseline, the brace below it.
    expect(find(under('top'), 'abc').y).toBe(0);
    // bot: the brace (the lower one) stands on the baseline, the base above it.
    const bot = under('bot');
    const brace = bot.find((i) => i.text !== 'abc')!;
    expect(brace.y).toBeGreaterThan(0);
    expect(find(bot, 'abc').y).toBeGreaterThan(5);
    const over = flat(typeset([{ kind: 'groupChr', chr: '\u23DE', pos: 'top', vertJc: 'top', body: [r('abc')] }]));
    expect(find(over, 'abc').y).toBeLessThan(-5);
  });

  it('sets a small fraction (m:smallFrac) at script size in display math', () => {
    const frac = (small: boolean) => flat(typeset([{ kind: 'frac', type: 'bar', num: [r('a')], den: [r('b')], ...(small ? { small } : {}) }]));
    expect(find(frac(false), 'a').sizePt).toBe(20);
    expect(find(frac(true), 'a').sizePt).toBeCloseTo(16, 5);
    expect(find(frac(true), 'b').sizePt).toBeCloseTo(16, 5);
  });

  it('does not break between the relations of := (a run of relations is one operator)', () => {
    const box = typeset([r('a'), r(':'), r('='), r('b')]);
    const items = flat(breakDisplayMath(box, 1, 20, undefined));
    expect(new Set(items.map((i) => i.y)).size).toBe(2);
    expect(find(items, ':').y).toBe(find(items, '=').y);
  });

  it('cuts inline math before its operators into pieces that side by side are the equation', () => {
    const box = typeset([r('a'), r('+'), r('b'), r('='), r('c')], false);
    const pieces = inlineMathPieces(box, undefined);
    expect(pieces.map((p) => flat(p.box).map((i) => i.text).join(''))).toEqual(['a', '+b', '=c']);
    let x = 0;
    const joined = pieces.flatMap((p) => {
      const items = flat(p.box, x);
      x += p.box.width;
      return items;
    });
    expect(x).toBeCloseTo(box.width, 9);
    flat(box).forEach((item, i) => expect(joined[i]!.x).toBeCloseTo(item.x, 9));
    // The room before the next operator is the piece's hanging space: a medium space before '+', a thick one before '='.
    expect(pieces[0]!.spacePt).toBeCloseTo((4 / 18) * 20, 5);
    expect(pieces[1]!.spacePt).toBeCloseTo((5 / 18) * 20, 5);
    // A manual break (m:brk) cuts there too, on any atom, and marks the piece it starts.
    const manual = inlineMathPieces(typeset([r('a'), r('+'), r('b'), { kind: 'run', text: 'c', brk: 0 }], false), undefined);
    expect(manual.map((p) => [flat(p.box).map((i) => i.text).join(''), p.brk ?? false])).toEqual([['a', false], ['+b', false], ['c', true]]);
    // m:brkBin after moves the binary operator's break after it; relations still break before.
    expect(inlineMathPieces(box, 'after').map((p) => flat(p.box).map((i) => i.text).join(''))).toEqual(['a+', 'b', '=c']);
  });
});

describe('math layout on hostile equations (fuzz seed 53)', () => {
  it('repeats an assembly\'s extenders the fewest times that reach the target, as a search over 1 to 200 would', () => {
    const search = (parts: { fullAdvance: number; extender: boolean }[], target: number, overlap: number): number => {
      let n = 1;
      for (; n <= 200; n++) {
        const count = parts.reduce((s, p) => s + (p.extender ? n : 1), 0);
        const full = parts.reduce((s, p) => s + p.fullAdvance * (p.extender ? n : 1), 0) - (count - 1) * overlap;
        if (full >= target || !parts.some((p) => p.extender)) break;
      }
      return Math.min(n, 200);
    };
    let seed = 7;
    const rnd = (k: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % k;
    for (let i = 0; i < 5_000; i++) {
      const parts = Array.from({ length: 1 + rnd(5) }, () => ({ glyph: 1, startConnector: 0, endConnector: 0, fullAdvance: rnd(2_000), extender: rnd(5) < 2 }));
      const overlap = rnd(300);
      const target = [rnd(20_000), rnd(1_000_000) + 0.5, 1e9][rnd(3)]!;
      expect(extenderRepeats(parts, target, overlap)).toBe(search(parts, target, overlap));
    }
  });

  it('sets an equation past MAX_EQUATION_PARTS glyph parts as its linear text, with a warning, and stops typesetting it there', () => {
    // 5,000 radicals over 400 pt text in a 20 pt equation: each surd an assembly of many extenders.
    const tall = { ...props, sizePt: 400 };
    const tree: MathRow = Array.from({ length: 5_000 }, () => ({ kind: 'rad', body: [{ kind: 'run', text: 'x', props: tall }] }) as MathNode);
    const warnings: string[] = [];
    const t = performance.now();
    const inline = { kind: 'math', linearText: 'x', display: false, props, tree } as MathInline;
    expect(layoutMath(inline, faces, false, undefined, (code) => warnings.push(code))).toBeUndefined();
    expect(warnings).toEqual(['layout/equation-too-large']);
    expect(performance.now() - t).toBeLessThan(2_000);
    // Asked again (a header on every page), it is not typeset again but still reported.
    expect(layoutMath(inline, faces, false, undefined, (code) => warnings.push(code))).toBeUndefined();
    expect(warnings).toHaveLength(2);
    // The same radicals at the equation's own size stay well within the bound.
    const small = typeset(Array.from({ length: 5_000 }, () => ({ kind: 'rad', body: [r('x')] }) as MathNode), false);
    expect(flat(small).length).toBeLessThan(MAX_EQUATION_PARTS);
  });
});

