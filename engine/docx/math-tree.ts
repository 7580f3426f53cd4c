/**
 * Office Math (m:oMath, ECMA-376 Part 1 §22.1) as a tree for typesetting (engine/model/math.ts). Each
 * math object has a small reader; unknown elements contribute their children's nodes, property
 * elements nothing. Depth and node count are bounded: past them the content becomes its text.
 */
import type { MathNode, MathRow, MathRunNode, MathScript, MathStyle, RunProps } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, children, textContent } from '../xml';

const MAX_DEPTH = 48;
const MAX_NODES = 20_000;

/** What a tree reader needs from the paragraph around it. */
export interface MathTreeContext {
  /** Resolved properties of a run's w:rPr (absent: the run has none). */
  runProps(rPr: XmlElement): RunProps;
  /** Default limit location of n-ary operators: integrals (m:intLim) and the others (m:naryLim). */
  readonly intLim: 'undOvr' | 'subSup';
  readonly naryLim: 'undOvr' | 'subSup';
  /** m:smallFrac (§22.1.2.98): fractions at script size. */
  readonly smallFrac?: boolean;
}

/** Argument and container elements: their content is read as a row. */
const CONTAINERS = new Set([
  'm:oMath', 'm:e', 'm:num', 'm:den', 'm:sub', 'm:sup', 'm:deg', 'm:lim', 'm:fName', 'm:mr', 'm:t', 'w:t',
  'w:bookmarkStart', 'w:bookmarkEnd', 'w:proofErr', 'w:ins', 'w:del', 'w:moveTo', 'w:moveFrom', 'w:commentRangeStart', 'w:commentRangeEnd',
  'w:permStart', 'w:permEnd', 'w:sdt', 'w:sdtContent', 'w:customXml', 'w:smartTag', 'w:hyperlink', 'm:argPr',
]);

class TreeReader {
  nodes = 0;
  /** Equation arrays spread to the container's width (m:maxDist). */
  spreads = 0;
  /** Elements read as plain rows although they are not containers: what is not typeset. */
  readonly unknown = new Set<string>();
  constructor(readonly ctx: MathTreeContext) {}

  /** The row of an argument element's children (m:e, m:num, ...); empty when absent. */
  row(el: XmlElement | undefined, depth: number): MathNode[] {
    const out: MathNode[] = [];
    if (!el) return out;
    for (const c of el.children) {
      if (c.kind !== 'element' || PROPS.test(c.name) || c.name === 'w:rPr') continue;
      this.node(c, depth + 1, out);
    }
    return out;
  }

  node(el: XmlElement, depth: number, out: MathNode[]): void {
    if (++this.nodes > MAX_NODES || depth > MAX_DEPTH) {
      const text = textContent(el);
      if (text) out.push({ kind: 'run', text });
      return;
    }
    const reader = READERS[el.name];
    if (reader) out.push(reader(el, depth, this));
    else {
      if (!CONTAINERS.has(el.name) && this.unknown.size < 16) this.unknown.add(el.name);
      out.push(...this.row(el, depth));
    }
  }
}

/** Property elements of math objects (m:fPr, m:ctrlPr, ...): not content. */
const PROPS = /Pr$/;

type Reader = (el: XmlElement, depth: number, r: TreeReader) => MathNode;

/** m:val of a property child (m:chr, m:type, ...) of an object's property element. */
function prop(el: XmlElement, prName: string, name: string): string | undefined {
  return attr(child(child(el, prName), name), 'm:val');
}

/** A character property: absent → default, present without m:val → none (§22.1.2.20: empty). */
function chrProp(el: XmlElement, prName: string, name: string, dflt: string): string {
  const c = child(child(el, prName), name);
  if (!c) return dflt;
  return attr(c, 'm:val') ?? '';
}

/** An on/off property (CT_OnOff): present and not 0/off/false. */
function flag(el: XmlElement, prName: string, name: string): boolean | undefined {
  const c = child(child(el, prName), name);
  if (!c) return undefined;
  const v = attr(c, 'm:val');
  return v === undefined || !(v === '0' || v === 'off' || v === 'false');
}

const STY = new Set(['p', 'b', 'i', 'bi']);
const SCR = new Set(['roman', 'script', 'fraktur', 'double-struck', 'sans-serif', 'monospace']);

function readRun(el: XmlElement, _depth: number, r: TreeReader): MathRunNode {
  let text = '';
  for (const c of el.children) {
    if (c.kind !== 'element') continue;
    if (c.name === 'm:t' || c.name === 'w:t') text += textContent(c);
    else if (c.name === 'w:tab') text += ' ';
  }
  const mPr = child(el, 'm:rPr');
  const sty = attr(child(mPr, 'm:sty'), 'm:val');
  const scr = attr(child(mPr, 'm:scr'), 'm:val');
  const rPr = child(el, 'w:rPr');
  const node: { -readonly [K in keyof MathRunNode]: MathRunNode[K] } = { kind: 'run', text };
  if (sty && STY.has(sty)) node.sty = sty as MathStyle;
  if (scr && SCR.has(scr)) node.scr = scr as MathScript;
  if (flag(el, 'm:rPr', 'm:nor')) node.normal = true;
  if (flag(el, 'm:rPr', 'm:lit')) node.literal = true;
  if (rPr) node.props = r.ctx.runProps(rPr);
  const brk = manualBreak(child(mPr, 'm:brk'));
  if (brk !== undefined) node.brk = brk;
  return node;
}

/** m:brk (§22.1.2.15): its m:alnAt (1-255: the operator of the line before to align at), 0 without one. */
function manualBreak(el: XmlElement | undefined): number | undefined {
  if (!el) return undefined;
  const n = Number(attr(el, 'm:alnAt') ?? '0');
  return Number.isInteger(n) && n >= 0 && n <= 255 ? n : 0;
}

function readBox(el: XmlElement, d: number, r: TreeReader): MathNode {
  const brk = manualBreak(child(child(el, 'm:boxPr'), 'm:brk'));
  return { kind: 'box', border: el.name === 'm:borderBox', body: r.row(child(el, 'm:e'), d), ...(brk !== undefined ? { brk } : {}) };
}

/** The optional argument: absent when its element is missing or hidden, or holds nothing. */
function optional(r: TreeReader, el: XmlElement | undefined, depth: number, hidden: boolean | undefined): MathRow | undefined {
  if (!el || hidden) return undefined;
  const row = r.row(el, depth);
  return row.length ? row : undefined;
}

const INTEGRALS = /[\u222B-\u2233\u2A0B-\u2A1C]/u;

function readNary(el: XmlElement, d: number, r: TreeReader): MathNode {
  const chr = chrProp(el, 'm:naryPr', 'm:chr', '\u222B') || '\u222B';
  const loc = prop(el, 'm:naryPr', 'm:limLoc');
  const dflt = INTEGRALS.test(chr) ? r.ctx.intLim : r.ctx.naryLim;
  const sub = optional(r, child(el, 'm:sub'), d, flag(el, 'm:naryPr', 'm:subHide'));
  const sup = optional(r, child(el, 'm:sup'), d, flag(el, 'm:naryPr', 'm:supHide'));
  return {
    kind: 'nary', chr, limLoc: loc === 'undOvr' || loc === 'subSup' ? loc : dflt,
    ...(sub ? { sub } : {}), ...(sup ? { sup } : {}),
    body: r.row(child(el, 'm:e'), d), grow: flag(el, 'm:naryPr', 'm:grow') === true,
  };
}

function readScripts(el: XmlElement, d: number, r: TreeReader): MathNode {
  const sub = optional(r, child(el, 'm:sub'), d, false);
  const sup = optional(r, child(el, 'm:sup'), d, false);
  return { kind: 'scripts', base: r.row(child(el, 'm:e'), d), ...(sub ? { sub } : {}), ...(sup ? { sup } : {}), ...(el.name === 'm:sPre' ? { pre: true } : {}) };
}

function readFraction(el: XmlElement, d: number, r: TreeReader): MathNode {
  const t = prop(el, 'm:fPr', 'm:type');
  const type = t === 'skw' || t === 'lin' || t === 'noBar' ? t : 'bar';
  return { kind: 'frac', type, num: r.row(child(el, 'm:num'), d), den: r.row(child(el, 'm:den'), d), ...(r.ctx.smallFrac ? { small: true } : {}) };
}

function readDelimiter(el: XmlElement, d: number, r: TreeReader): MathNode {
  return {
    kind: 'delim',
    beg: chrProp(el, 'm:dPr', 'm:begChr', '('),
    end: chrProp(el, 'm:dPr', 'm:endChr', ')'),
    sep: chrProp(el, 'm:dPr', 'm:sepChr', '|'),
    grow: flag(el, 'm:dPr', 'm:grow') !== false,
    items: children(el, 'm:e').map((e) => r.row(e, d)),
  };
}

function readPhantom(el: XmlElement, d: number, r: TreeReader): MathNode {
  const f = (n: string) => flag(el, 'm:phantPr', n) === true;
  return { kind: 'phant', show: flag(el, 'm:phantPr', 'm:show') !== false, zeroWid: f('m:zeroWid'), zeroAsc: f('m:zeroAsc'), zeroDesc: f('m:zeroDesc'), body: r.row(child(el, 'm:e'), d) };
}

/** m:eqArr (§22.1.2.34) with its distribution flags, m:maxDist and m:objDist (CT_OnOff, off when absent). */
function readEqArray(el: XmlElement, d: number, r: TreeReader): MathNode {
  const maxDist = flag(el, 'm:eqArrPr', 'm:maxDist') === true;
  if (maxDist) r.spreads++;
  const objDist = maxDist && flag(el, 'm:eqArrPr', 'm:objDist') === true;
  return { kind: 'eqArr', rows: children(el, 'm:e').map((e) => r.row(e, d)), ...(maxDist ? { maxDist } : {}), ...(objDist ? { objDist } : {}) };
}

const READERS: Record<string, Reader> = {
  'm:r': readRun,
  'w:r': readRun,
  'm:f': readFraction,
  'm:sSup': readScripts,
  'm:sSub': readScripts,
  'm:sSubSup': readScripts,
  'm:sPre': readScripts,
  'm:rad': (el, d, r) => {
    const deg = optional(r, child(el, 'm:deg'), d, flag(el, 'm:radPr', 'm:degHide'));
    return { kind: 'rad', ...(deg ? { deg } : {}), body: r.row(child(el, 'm:e'), d) };
  },
  'm:nary': readNary,
  'm:d': readDelimiter,
  'm:func': (el, d, r) => ({ kind: 'func', name: r.row(child(el, 'm:fName'), d), body: r.row(child(el, 'm:e'), d) }),
  'm:acc': (el, d, r) => ({ kind: 'acc', chr: chrProp(el, 'm:accPr', 'm:chr', '\u0302') || '\u0302', body: r.row(child(el, 'm:e'), d) }),
  'm:bar': (el, d, r) => ({ kind: 'bar', pos: prop(el, 'm:barPr', 'm:pos') === 'top' ? 'top' : 'bot', body: r.row(child(el, 'm:e'), d) }),
  'm:groupChr': (el, d, r) => ({
    kind: 'groupChr',
    chr: chrProp(el, 'm:groupChrPr', 'm:chr', '\u23DF') || '\u23DF',
    pos: prop(el, 'm:groupChrPr', 'm:pos') === 'top' ? 'top' : 'bot',
    // m:vertJc (§22.1.2.119): absent, top; present without m:val, bot.
    vertJc: (child(child(el, 'm:groupChrPr'), 'm:vertJc') ? prop(el, 'm:groupChrPr', 'm:vertJc') ?? 'bot' : 'top') === 'bot' ? 'bot' : 'top',
    body: r.row(child(el, 'm:e'), d),
  }),
  'm:limLow': (el, d, r) => ({ kind: 'limit', pos: 'low', body: r.row(child(el, 'm:e'), d), lim: r.row(child(el, 'm:lim'), d) }),
  'm:limUpp': (el, d, r) => ({ kind: 'limit', pos: 'upp', body: r.row(child(el, 'm:e'), d), lim: r.row(child(el, 'm:lim'), d) }),
  'm:eqArr': readEqArray,
  'm:m': (el, d, r) => ({ kind: 'matrix', rows: children(el, 'm:mr').map((mr) => children(mr, 'm:e').map((e) => r.row(e, d))) }),
  'm:box': readBox,
  'm:borderBox': (el, d, r) => ({ kind: 'box', border: true, body: r.row(child(el, 'm:e'), d) }),
  'm:phant': readPhantom,
};

/**
 * Reads an m:oMath into its tree, the names of elements read only as plain rows (not typeset) and
 * the number of its equation arrays spread to the container's width (m:maxDist).
 * Never throws on well-formed XML; limits keep it bounded.
 */
export function readMathTree(oMath: XmlElement, ctx: MathTreeContext): { readonly tree: MathRow; readonly unknown: readonly string[]; readonly spreads: number } {
  const r = new TreeReader(ctx);
  const tree = r.row(oMath, 0);
  return { tree, unknown: [...r.unknown], spreads: r.spreads };
}
