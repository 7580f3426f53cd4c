/**
 * Office Math (m:oMath / m:oMathPara, ECMA-376 Part 1 §22.1): each equation becomes a MathInline with
 * its tree (math-tree.ts, typeset by engine/layout/math) and its linear text, close to Word's linear
 * format (a^2+b^2=c^2, (a)/(b), √(x), ∑_(i=1)^n x_i), for text extraction and as the fallback.
 */
import type { MathInline, RunProps } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, children, textContent } from '../xml';
import { cascadeRun } from './cascade';
import type { InlineReader } from './inline-reader';
import { Slot } from './font-slots';
import { resolveRun } from './resolve-run';
import { internRun } from './intern';
import { readMathTree, type MathTreeContext } from './math-tree';

const MAX_MATH_DEPTH = 64;

/** Wraps an operand in parentheses unless it is one token. */
function group(s: string): string {
  return /^[\p{L}\p{N}.]+$/u.test(s) || (s.startsWith('(') && s.endsWith(')') && balanced(s.slice(1, -1))) ? s : `(${s})`;
}

function balanced(s: string): boolean {
  let d = 0;
  for (const c of s) {
    if (c === '(') d++;
    else if (c === ')' && --d < 0) return false;
  }
  return d === 0;
}

function chr(el: XmlElement | undefined, prName: string, name: string, dflt: string): string {
  const pr = child(el, prName);
  const v = attr(child(pr, name), 'm:val');
  return v === undefined ? dflt : v;
}

type MathReader = (el: XmlElement, depth: number) => string;

function arg(el: XmlElement | undefined, depth: number): string {
  return el ? linear(el, depth + 1) : '';
}

const READERS: Record<string, MathReader> = {
  'm:r': (el) => children(el, 'm:t').map((t) => textContent(t)).join('') + children(el, 'w:t').map((t) => textContent(t)).join(''),
  'w:r': (el) => children(el, 'w:t').map((t) => textContent(t)).join(''),
  'm:f': (el, d) => {
    const type = attr(child(child(el, 'm:fPr'), 'm:type'), 'm:val');
    const num = arg(child(el, 'm:num'), d);
    const den = arg(child(el, 'm:den'), d);
    return type === 'lin' ? `${num}/${den}` : `${group(num)}/${group(den)}`;
  },
  'm:sSup': (el, d) => `${arg(child(el, 'm:e'), d)}^${group(arg(child(el, 'm:sup'), d))}`,
  'm:sSub': (el, d) => `${arg(child(el, 'm:e'), d)}_${group(arg(child(el, 'm:sub'), d))}`,
  'm:sSubSup': (el, d) => `${arg(child(el, 'm:e'), d)}_${group(arg(child(el, 'm:sub'), d))}^${group(arg(child(el, 'm:sup'), d))}`,
  'm:sPre': (el, d) => `_${group(arg(child(el, 'm:sub'), d))}^${group(arg(child(el, 'm:sup'), d))}${arg(child(el, 'm:e'), d)}`,
  'm:rad': (el, d) => {
    const deg = arg(child(el, 'm:deg'), d);
    const e = group(arg(child(el, 'm:e'), d));
    if (deg === '' || deg === '2') return `√${e}`;
    if (deg === '3') return `∛${e}`;
    if (deg === '4') return `∜${e}`;
    return `√(${deg}&${e})`;
  },
  'm:nary': (el, d) => {
    const op = chr(el, 'm:naryPr', 'm:chr', '∫');
    const sub = arg(child(el, 'm:sub'), d);
    const sup = arg(child(el, 'm:sup'), d);
    return `${op}${sub ? `_${group(sub)}` : ''}${sup ? `^${group(sup)}` : ''} ${arg(child(el, 'm:e'), d)}`;
  },
  'm:d': (el, d) => {
    const beg = chr(el, 'm:dPr', 'm:begChr', '(');
    const end = chr(el, 'm:dPr', 'm:endChr', ')');
    const sep = chr(el, 'm:dPr', 'm:sepChr', '|');
    return beg + children(el, 'm:e').map((e) => linear(e, d + 1)).join(sep) + end;
  },
  'm:func': (el, d) => `${arg(child(el, 'm:fName'), d)} ${arg(child(el, 'm:e'), d)}`,
  'm:acc': (el, d) => arg(child(el, 'm:e'), d) + chr(el, 'm:accPr', 'm:chr', '\u0302'),
  'm:bar': (el, d) => `${group(arg(child(el, 'm:e'), d))}\u0305`,
  'm:groupChr': (el, d) => `${group(arg(child(el, 'm:e'), d))}${chr(el, 'm:groupChrPr', 'm:chr', '\u23df')}`,
  'm:limLow': (el, d) => `${arg(child(el, 'm:e'), d)}_${group(arg(child(el, 'm:lim'), d))}`,
  'm:limUpp': (el, d) => `${arg(child(el, 'm:e'), d)}^${group(arg(child(el, 'm:lim'), d))}`,
  'm:eqArr': (el, d) => children(el, 'm:e').map((e) => linear(e, d + 1)).join('; '),
  'm:m': (el, d) => `[${children(el, 'm:mr').map((r) => children(r, 'm:e').map((e) => linear(e, d + 1)).join(', ')).join('; ')}]`,
  'm:phant': (el, d) => (attr(child(child(el, 'm:phantPr'), 'm:show'), 'm:val') === '0' ? '' : arg(child(el, 'm:e'), d)),
};

/** Property elements of math objects: not text. */
const MATH_PROPS = /Pr$/;

/** The linear text of a math element. */
export function linear(el: XmlElement, depth = 0): string {
  if (depth > MAX_MATH_DEPTH) return textContent(el);
  const reader = READERS[el.name];
  if (reader) return reader(el, depth);
  let s = '';
  for (const c of el.children) {
    if (c.kind !== 'element' || MATH_PROPS.test(c.name) || c.name === 'w:rPr') continue;
    s += linear(c, depth + 1);
  }
  return s;
}

/** Reads m:oMath / m:oMathPara into MathInlines: one per equation, display ones for an m:oMathPara. */
export function readMath(r: InlineReader, el: XmlElement, display: boolean): void {
  const maths = el.name === 'm:oMathPara' ? children(el, 'm:oMath') : [el];
  const jc = display ? paraJc(r, el) : undefined;
  const math = r.ctx.settings.math;
  const group = maths.length > 1 ? { size: maths.length } : undefined;
  const ctx: MathTreeContext = {
    runProps: (rPr) => resolveRun(cascadeRun(r.ctx, r.cascade.runBase, internRun(r.ctx, rPr, r.at)), Slot.Ascii, r.declared),
    intLim: math?.intLim ?? 'subSup',
    naryLim: math?.naryLim ?? 'undOvr',
    ...(math?.smallFrac ? { smallFrac: true } : {}),
  };
  for (const m of maths) {
    const inline: { -readonly [K in keyof MathInline]: MathInline[K] } = { kind: 'math', linearText: linear(m), display, props: mathProps(r, m) };
    const { tree, unknown, spreads } = readMathTree(m, ctx);
    if (spreads > 0) inline.spreads = spreads;
    if (tree.length) inline.tree = tree;
    else if (inline.linearText) r.ctx.bag.warn('docx/math-linear', 'An equation that could not be read as math is shown as its linear text.', { at: r.at });
    for (const name of unknown) {
      r.ctx.bag.warn('docx/math-unsupported', `<${name}> in an equation is not typeset; its content is set in line.`, { at: r.at });
    }
    if (jc) inline.jc = jc;
    if (math?.wrap) inline.wrap = math.wrap;
    if (group) inline.group = group;
    r.emit(inline);
  }
}

const JC = new Set(['left', 'right', 'center', 'centerGroup']);

/** m:oMathParaPr/m:jc (§22.1.2.75), else the document's m:defJc. */
function paraJc(r: InlineReader, el: XmlElement): MathInline['jc'] {
  const v = attr(child(child(el, 'm:oMathParaPr'), 'm:jc'), 'm:val');
  if (v && JC.has(v)) return v as MathInline['jc'];
  return r.ctx.settings.math?.defJc;
}

function mathProps(r: InlineReader, el: XmlElement): RunProps {
  let firstRun: XmlElement | undefined;
  const stack: XmlElement[] = [el];
  while (stack.length && !firstRun) {
    const e = stack.pop()!;
    if (e.name === 'm:r') firstRun = e;
    else for (let i = e.children.length - 1; i >= 0; i--) {
      const c = e.children[i]!;
      if (c.kind === 'element') stack.push(c);
    }
  }
  const rPr = child(firstRun, 'w:rPr');
  const raw = cascadeRun(r.ctx, r.cascade.runBase, internRun(r.ctx, rPr, r.at));
  const props = resolveRun(raw, Slot.Ascii, r.declared);
  return rPr && child(rPr, 'w:rFonts') ? props : { ...props, font: 'Cambria Math' };
}
