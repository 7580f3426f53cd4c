/**
 * Raw paragraph properties (CT_PPr, §17.3.1) as read from one w:pPr, and how levels of the cascade
 * combine: sub-properties of w:ind, w:spacing, w:pBdr and w:numPr override one by one; tab stops
 * accumulate (a later w:val="clear" removes an earlier stop at the same position).
 */
import type { Border, FrameProps, Shading, TabStop } from '../model';
import type { XmlElement } from '../xml';
import { readBorder, readShading } from './borders';
import type { PropsEnv } from './env';
import { intAttr, intValue, measureValue, onOff, oneOf, twipsAttr } from './values';

/** A tab stop as written (w:tab in w:tabs), possibly a clearing one. */
export interface RawTab {
  readonly positionPt: number;
  readonly alignment: TabStop['alignment'] | 'clear';
  readonly leader: TabStop['leader'];
}

/** Paragraph properties as specified at one level; undefined = not specified there. */
export interface RawPara {
  pStyle?: string;
  jc?: string;
  ind?: { left?: number; right?: number; firstLine?: number; leftChars?: number; rightChars?: number; firstLineChars?: number };
  spacing?: {
    before?: number; after?: number; line?: number; lineRule?: 'auto' | 'exact' | 'atLeast';
    beforeAuto?: boolean; afterAuto?: boolean; beforeLines?: number; afterLines?: number;
  };
  contextualSpacing?: boolean;
  keepNext?: boolean;
  keepLines?: boolean;
  widowControl?: boolean;
  pageBreakBefore?: boolean;
  suppressAutoHyphens?: boolean;
  bidi?: boolean;
  snapToGrid?: boolean;
  autoSpaceDE?: boolean;
  autoSpaceDN?: boolean;
  mirrorIndents?: boolean;
  pBdr?: { top?: Border | null; bottom?: Border | null; left?: Border | null; right?: Border | null; between?: Border | null; bar?: Border | null };
  shd?: Shading | null;
  tabs?: RawTab[];
  outlineLvl?: number;
  framePr?: FrameProps;
  suppressLineNumbers?: boolean;
  numPr?: { numId?: string; ilvl?: number };
}

const TAB_ALIGN: Record<string, RawTab['alignment']> = {
  left: 'left', start: 'left', center: 'center', right: 'right', end: 'right', decimal: 'decimal', bar: 'bar', num: 'left', clear: 'clear',
};
const LEADERS = ['none', 'dot', 'hyphen', 'underscore', 'heavy', 'middleDot'] as const;

function readTabs(el: XmlElement): RawTab[] {
  const out: RawTab[] = [];
  for (const t of el.children) {
    if (t.kind !== 'element' || t.name !== 'w:tab') continue;
    const pos = twipsAttr(t, 'w:pos');
    const alignment = TAB_ALIGN[t.attrs['w:val'] ?? 'left'];
    if (pos === undefined || !alignment) continue;
    out.push({ positionPt: pos, alignment, leader: oneOf(t.attrs['w:leader'], LEADERS) ?? 'none' });
    if (out.length >= 256) break;
  }
  return out;
}

function readInd(el: XmlElement, out: RawPara): void {
  const a = el.attrs;
  const ind = (out.ind ??= {});
  const left = measureValue(a['w:start'] ?? a['w:left'], 20);
  const right = measureValue(a['w:end'] ?? a['w:right'], 20);
  if (left !== undefined) ind.left = left;
  if (right !== undefined) ind.right = right;
  // w:hanging wins over w:firstLine when both are present (§17.3.1.12).
  const hanging = measureValue(a['w:hanging'], 20);
  const first = measureValue(a['w:firstLine'], 20);
  if (hanging !== undefined) ind.firstLine = -hanging;
  else if (first !== undefined) ind.firstLine = first;
  const lc = intValue(a['w:startChars'] ?? a['w:leftChars']);
  const rc = intValue(a['w:endChars'] ?? a['w:rightChars']);
  const hc = intValue(a['w:hangingChars']);
  const fc = intValue(a['w:firstLineChars']);
  if (lc !== undefined) ind.leftChars = lc;
  if (rc !== undefined) ind.rightChars = rc;
  if (hc !== undefined) ind.firstLineChars = -hc;
  else if (fc !== undefined) ind.firstLineChars = fc;
}

function readSpacing(el: XmlElement, out: RawPara): void {
  const a = el.attrs;
  const sp = (out.spacing ??= {});
  const before = measureValue(a['w:before'], 20);
  const after = measureValue(a['w:after'], 20);
  if (before !== undefined) sp.before = Math.max(0, before);
  if (after !== undefined) sp.after = Math.max(0, after);
  const line = intValue(a['w:line']);
  if (line !== undefined) sp.line = line;
  const rule = a['w:lineRule'];
  if (rule === 'auto' || rule === 'exact' || rule === 'atLeast') sp.lineRule = rule;
  else if (line !== undefined) sp.lineRule = 'auto';
  // A level that states w:before without w:beforeAutospacing sets the space itself: an auto flag
  // inherited from an outer level (a Normal (Web) style) no longer applies. Word's own pagination
  // of oxsdk-BackgroundReport shows it: its w:lastRenderedPageBreak marks start annex pages at
  // "Raúl Echeberría" and "Khalilullah Qazi", which holds only with its 128 Normal (Web)
  // paragraphs of w:before="0" w:after="0" set flush (14 pt each put those names mid-page).
  if (a['w:beforeAutospacing'] !== undefined) sp.beforeAuto = onOff(el, 'w:beforeAutospacing');
  else if (before !== undefined) sp.beforeAuto = false;
  if (a['w:afterAutospacing'] !== undefined) sp.afterAuto = onOff(el, 'w:afterAutospacing');
  else if (after !== undefined) sp.afterAuto = false;
  const bl = intValue(a['w:beforeLines']);
  const al = intValue(a['w:afterLines']);
  if (bl !== undefined) sp.beforeLines = bl;
  if (al !== undefined) sp.afterLines = al;
}

function readFrame(el: XmlElement): FrameProps {
  const a = el.attrs;
  const f: { -readonly [K in keyof FrameProps]: FrameProps[K] } = {};
  const dc = a['w:dropCap'];
  if (dc === 'drop' || dc === 'margin') f.dropCap = dc;
  const lines = intValue(a['w:lines']);
  if (lines !== undefined) f.lines = Math.max(1, Math.min(10, lines));
  const num = (name: string) => measureValue(a[name], 20);
  f.widthPt = num('w:w');
  f.heightPt = num('w:h');
  f.heightRule = oneOf(a['w:hRule'], ['auto', 'atLeast', 'exact'] as const);
  // An exact height of zero would hide the frame's text; it means "no height given".
  if (f.heightRule === 'exact' && !(f.heightPt! > 0)) {
    f.heightRule = undefined;
    f.heightPt = undefined;
  }
  f.xPt = num('w:x');
  f.yPt = num('w:y');
  f.xAlign = oneOf(a['w:xAlign'], ['left', 'center', 'right', 'inside', 'outside'] as const);
  f.yAlign = oneOf(a['w:yAlign'], ['top', 'center', 'bottom', 'inside', 'outside', 'inline'] as const);
  f.hAnchor = oneOf(a['w:hAnchor'], ['text', 'margin', 'page'] as const);
  f.vAnchor = oneOf(a['w:vAnchor'], ['text', 'margin', 'page'] as const);
  f.hSpacePt = num('w:hSpace');
  f.vSpacePt = num('w:vSpace');
  f.wrap = oneOf(a['w:wrap'], ['auto', 'notBeside', 'around', 'tight', 'through', 'none'] as const);
  for (const k of Object.keys(f) as Array<keyof FrameProps>) if (f[k] === undefined) delete f[k];
  return f;
}

type ParaReader = (env: PropsEnv, el: XmlElement, out: RawPara) => void;

function flag(key: 'contextualSpacing' | 'keepNext' | 'keepLines' | 'widowControl' | 'pageBreakBefore' | 'suppressAutoHyphens' | 'bidi' | 'snapToGrid' | 'autoSpaceDE' | 'autoSpaceDN' | 'mirrorIndents' | 'suppressLineNumbers'): ParaReader {
  return (_e, el, out) => {
    out[key] = onOff(el);
  };
}

const BORDER_SIDES = { 'w:top': 'top', 'w:bottom': 'bottom', 'w:left': 'left', 'w:start': 'left', 'w:right': 'right', 'w:end': 'right', 'w:between': 'between', 'w:bar': 'bar' } as const;

/** One small reader per pPr child (CT_PPrBase, §17.3.1.x). */
const PARA_READERS: Record<string, ParaReader> = {
  'w:pStyle': (_e, el, out) => {
    const v = el.attrs['w:val'];
    if (v) out.pStyle = v;
  },
  'w:jc': (_e, el, out) => {
    const v = el.attrs['w:val'];
    if (v) out.jc = v;
  },
  'w:ind': (_e, el, out) => readInd(el, out),
  'w:spacing': (_e, el, out) => readSpacing(el, out),
  'w:contextualSpacing': flag('contextualSpacing'),
  'w:keepNext': flag('keepNext'),
  'w:keepLines': flag('keepLines'),
  'w:widowControl': flag('widowControl'),
  'w:pageBreakBefore': flag('pageBreakBefore'),
  'w:suppressAutoHyphens': flag('suppressAutoHyphens'),
  'w:bidi': flag('bidi'),
  'w:snapToGrid': flag('snapToGrid'),
  'w:autoSpaceDE': flag('autoSpaceDE'),
  'w:autoSpaceDN': flag('autoSpaceDN'),
  'w:mirrorIndents': flag('mirrorIndents'),
  // w:suppressLineNumbers (§17.3.1.34): the paragraph's lines get no line numbers and are not counted.
  'w:suppressLineNumbers': flag('suppressLineNumbers'),
  'w:pBdr': (env, el, out) => {
    const b = (out.pBdr ??= {});
    for (const c of el.children) {
      if (c.kind !== 'element') continue;
      const side = BORDER_SIDES[c.name as keyof typeof BORDER_SIDES];
      const v = side ? readBorder(env, c) : undefined;
      if (side && v !== undefined) b[side] = v;
    }
  },
  'w:shd': (env, el, out) => {
    const s = readShading(env, el);
    if (s !== undefined) out.shd = s;
  },
  'w:tabs': (_e, el, out) => {
    out.tabs = (out.tabs ?? []).concat(readTabs(el));
  },
  'w:outlineLvl': (_e, el, out) => {
    const v = intAttr(el);
    if (v !== undefined) out.outlineLvl = Math.max(0, Math.min(9, v));
  },
  'w:framePr': (_e, el, out) => {
    out.framePr = readFrame(el);
  },
  'w:numPr': (_e, el, out) => {
    const np = (out.numPr ??= {});
    for (const c of el.children) {
      if (c.kind !== 'element') continue;
      if (c.name === 'w:numId' && c.attrs['w:val'] !== undefined) np.numId = c.attrs['w:val'];
      else if (c.name === 'w:ilvl') {
        const l = intAttr(c);
        if (l !== undefined) np.ilvl = Math.max(0, Math.min(8, l));
      }
    }
  },
};

/** pPr children handled elsewhere (sections, revisions, mark run props) or without print effect. */
const IGNORED_PARA_PROPS = new Set([
  'w:rPr', 'w:sectPr', 'w:pPrChange', 'w:kinsoku', 'w:wordWrap', 'w:overflowPunct', 'w:topLinePunct',
  'w:adjustRightInd', 'w:textAlignment', 'w:textDirection', 'w:textboxTightWrap',
  'w:divId', 'w:cnfStyle', 'w:suppressOverlap', 'w14:paraId', 'w:collapsed',
]);

/** Reads one w:pPr; `unknown` is told about children that are not handled. */
export function readRawPara(env: PropsEnv, pPr: XmlElement | undefined, unknown?: (name: string) => void): RawPara {
  const out: RawPara = {};
  if (!pPr) return out;
  for (const c of pPr.children) {
    if (c.kind !== 'element') continue;
    const reader = PARA_READERS[c.name];
    if (reader) reader(env, c, out);
    else if (unknown && !IGNORED_PARA_PROPS.has(c.name)) unknown(c.name);
  }
  return out;
}

/** Applies `over` onto `target`: sub-properties one by one, tabs accumulated. */
export function overridePara(target: RawPara, over: RawPara): RawPara {
  for (const k in over) {
    const v = (over as Record<string, unknown>)[k];
    if (v === undefined) continue;
    if (k === 'ind' || k === 'spacing' || k === 'pBdr' || k === 'numPr') {
      const prev = (target as Record<string, object | undefined>)[k];
      (target as Record<string, unknown>)[k] = prev ? { ...prev, ...definedOnly(v as object) } : { ...(v as object) };
    } else if (k === 'tabs') {
      target.tabs = (target.tabs ?? []).concat(over.tabs!);
    } else {
      (target as Record<string, unknown>)[k] = v;
    }
  }
  return target;
}

function definedOnly(o: object): object {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out;
}

/** Copies a raw paragraph deeply enough that overriding it does not touch the original. */
export function cloneRawPara(p: RawPara): RawPara {
  return overridePara({}, p);
}

/** Resolves accumulated tab stops: applies clears in order and sorts (§17.3.1.38). */
export function resolveTabs(raw: readonly RawTab[] | undefined): TabStop[] {
  if (!raw || raw.length === 0) return [];
  const byPos = new Map<number, TabStop>();
  for (const t of raw) {
    const key = Math.round(t.positionPt * 20);
    if (t.alignment === 'clear') byPos.delete(key);
    else byPos.set(key, { positionPt: t.positionPt, alignment: t.alignment, leader: t.leader });
  }
  return [...byPos.values()].sort((a, b) => a.positionPt - b.positionPt);
}
