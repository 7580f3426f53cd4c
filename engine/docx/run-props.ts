/**
 * Raw run properties (CT_RPr, §17.3.2) as read from one w:rPr, before the cascade, and the merge
 * rules of the cascade: plain override within a style chain and for direct formatting, and the
 * toggle rule (§17.7.3) across style levels for b, i, caps... ("true" flips the inherited state).
 */
import type { Border, EastAsianLayout, EmphasisMark, FitText, Shading, TextEffects, UnderlineStyle, VertAlign } from '../model';
import type { XmlElement } from '../xml';
import { readBorder, readShading } from './borders';
import { REFLECTION_BLUR } from './context';
import type { PropsEnv } from './env';
import { readTextFill, readTextGlow, readTextOutline, readTextReflection, readTextShadow, type TextFillRead } from './text-effects';
import { scriptForLang, type ThemeFontSet, wmlColor } from './theme';
import { halfPtAttr, onOff, onOffValue, twipsAttr } from './values';

/** Toggle properties (§17.7.3). */
export const TOGGLES = ['b', 'bCs', 'i', 'iCs', 'caps', 'smallCaps', 'strike', 'dstrike', 'outline', 'shadow', 'emboss', 'imprint', 'vanish'] as const;
type Toggle = (typeof TOGGLES)[number];
const TOGGLE_SET: ReadonlySet<string> = new Set(TOGGLES);

/** Run properties as specified at one level; undefined = not specified there. */
export interface RawRun {
  rStyle?: string;
  ascii?: string;
  hAnsi?: string;
  eastAsia?: string;
  cs?: string;
  hint?: 'default' | 'eastAsia' | 'cs';
  b?: boolean;
  bCs?: boolean;
  i?: boolean;
  iCs?: boolean;
  caps?: boolean;
  smallCaps?: boolean;
  strike?: boolean;
  dstrike?: boolean;
  outline?: boolean;
  shadow?: boolean;
  emboss?: boolean;
  imprint?: boolean;
  vanish?: boolean;
  specVanish?: boolean;
  sz?: number;
  szCs?: number;
  color?: string;
  underline?: { style: UnderlineStyle | 'none'; color?: string };
  highlight?: string;
  em?: EmphasisMark | 'none';
  shd?: Shading | null;
  vertAlign?: VertAlign;
  position?: number;
  spacing?: number;
  scale?: number;
  kern?: number;
  rtl?: boolean;
  complex?: boolean;
  lang?: string;
  langEastAsia?: string;
  langBidi?: string;
  ligatures?: boolean;
  bdr?: Border | null;
  fitText?: FitText | null;
  eastAsianLayout?: EastAsianLayout | null;
  /**
   * w14:textFill, w14:textOutline, w14:shadow ([MS-DOCX] 2.6); a null shadow shows nothing (over a
   * style's). A null textFill: this level sets w:color alone, which replaces a fill it inherits.
   */
  textFill?: TextFillRead | null;
  textOutline?: TextEffects['outline'];
  textShadow?: TextEffects['shadow'] | null;
  /** w14:glow and w14:reflection; null shows none (over a style's). */
  textGlow?: TextEffects['glow'] | null;
  textReflection?: TextEffects['reflection'] | null;
}

/** w:highlight names (ST_HighlightColor, §17.18.40) → RRGGBB. */
const HIGHLIGHT: Record<string, string> = {
  yellow: 'FFFF00', green: '00FF00', cyan: '00FFFF', magenta: 'FF00FF', blue: '0000FF', red: 'FF0000', darkBlue: '000080',
  darkCyan: '008080', darkGreen: '008000', darkMagenta: '800080', darkRed: '800000', darkYellow: '808000', darkGray: '808080',
  lightGray: 'C0C0C0', black: '000000', white: 'FFFFFF',
};

const UNDERLINES = new Set<string>([
  'single', 'words', 'double', 'thick', 'dotted', 'dottedHeavy', 'dash', 'dashedHeavy', 'dashLong', 'dashLongHeavy', 'dotDash',
  'dashDotHeavy', 'dotDotDash', 'dashDotDotHeavy', 'wave', 'wavyHeavy', 'wavyDouble', 'none',
]);

/** Resolves a theme font reference (ST_Theme, §17.18.96) to a typeface. */
export function themeFont(env: PropsEnv, ref: string): string | undefined {
  const set: ThemeFontSet = ref.startsWith('major') ? env.theme.major : env.theme.minor;
  if (ref.endsWith('EastAsia')) return set.scripts.get(scriptForLang(env.themeFontLang.eastAsia) ?? '') || set.ea || undefined;
  if (ref.endsWith('Bidi')) return set.scripts.get(scriptForLang(env.themeFontLang.bidi) ?? '') || set.cs || undefined;
  return set.latin;
}

function readFonts(env: PropsEnv, el: XmlElement, out: RawRun): void {
  const a = el.attrs;
  const slot = (name: 'ascii' | 'hAnsi' | 'eastAsia' | 'cs', themeAttr: string) => {
    const t = a[themeAttr];
    const fromTheme = t ? themeFont(env, t) : undefined;
    const v = fromTheme ?? a[`w:${name}`];
    if (v) out[name] = v;
  };
  slot('ascii', 'w:asciiTheme');
  slot('hAnsi', 'w:hAnsiTheme');
  slot('eastAsia', 'w:eastAsiaTheme');
  slot('cs', 'w:cstheme');
  const hint = a['w:hint'];
  if (hint === 'eastAsia' || hint === 'cs' || hint === 'default') out.hint = hint;
}

type RunReader = (env: PropsEnv, el: XmlElement, out: RawRun) => void;

function toggle(key: Toggle): RunReader {
  return (_env, el, out) => {
    out[key] = onOff(el);
  };
}

/** One small reader per rPr child (CT_RPr content, §17.3.2.x). */
const RUN_READERS: Record<string, RunReader> = {
  'w:rStyle': (_e, el, out) => {
    const v = el.attrs['w:val'];
    if (v) out.rStyle = v;
  },
  'w:rFonts': readFonts,
  'w:b': toggle('b'),
  'w:bCs': toggle('bCs'),
  'w:i': toggle('i'),
  'w:iCs': toggle('iCs'),
  'w:caps': toggle('caps'),
  'w:smallCaps': toggle('smallCaps'),
  'w:strike': toggle('strike'),
  'w:dstrike': toggle('dstrike'),
  'w:outline': toggle('outline'),
  'w:shadow': toggle('shadow'),
  'w:emboss': toggle('emboss'),
  'w:imprint': toggle('imprint'),
  'w:vanish': toggle('vanish'),
  'w:specVanish': (_e, el, out) => {
    out.specVanish = onOff(el);
  },
  'w:sz': (_e, el, out) => {
    const v = halfPtAttr(el);
    if (v !== undefined && v > 0) out.sz = Math.min(v, 1638);
  },
  'w:szCs': (_e, el, out) => {
    const v = halfPtAttr(el);
    if (v !== undefined && v > 0) out.szCs = Math.min(v, 1638);
  },
  'w:color': (env, el, out) => {
    const c = wmlColor(env.theme, env.mapping, el, 'w:val', 'w:themeColor', 'w:themeTint', 'w:themeShade');
    if (c) out.color = c;
  },
  'w:u': (env, el, out) => {
    const v = el.attrs['w:val'] ?? 'single';
    const style = (UNDERLINES.has(v) ? v : 'single') as UnderlineStyle | 'none';
    const c = wmlColor(env.theme, env.mapping, el, 'w:color', 'w:themeColor', 'w:themeTint', 'w:themeShade');
    out.underline = c && c !== 'auto' ? { style, color: c } : { style };
  },
  'w:highlight': (_e, el, out) => {
    const v = el.attrs['w:val'];
    if (v) out.highlight = HIGHLIGHT[v] ?? 'none';
  },
  'w:em': (_e, el, out) => {
    const v = el.attrs['w:val'];
    if (v === 'dot' || v === 'comma' || v === 'circle' || v === 'underDot' || v === 'none') out.em = v;
  },
  'w:shd': (env, el, out) => {
    const s = readShading(env, el);
    if (s !== undefined) out.shd = s;
  },
  'w:vertAlign': (_e, el, out) => {
    const v = el.attrs['w:val'];
    out.vertAlign = v === 'superscript' ? 'superscript' : v === 'subscript' ? 'subscript' : 'baseline';
  },
  'w:position': (_e, el, out) => {
    const v = halfPtAttr(el);
    if (v !== undefined) out.position = Math.max(-1584, Math.min(1584, v));
  },
  'w:spacing': (_e, el, out) => {
    const v = twipsAttr(el);
    if (v !== undefined) out.spacing = Math.max(-1584, Math.min(1584, v));
  },
  // w:w (CT_TextScale, §17.3.2.43): 1-600 percent. A value outside it is read as 100%, as Word draws
  // it, not clamped: a numbering level's rPr that "resets" everything with w:w="0" keeps its label
  // at full width (clamped to 1% it vanished).
  'w:w': (_e, el, out) => {
    const raw = el.attrs['w:val'];
    const v = raw === undefined ? undefined : Number(raw.replace('%', ''));
    if (v !== undefined && Number.isFinite(v)) out.scale = v >= 1 && v <= 600 ? v : 100;
  },
  'w:kern': (_e, el, out) => {
    const v = halfPtAttr(el);
    if (v !== undefined) out.kern = Math.max(0, v);
  },
  'w:rtl': (_e, el, out) => {
    out.rtl = onOff(el);
  },
  'w:cs': (_e, el, out) => {
    out.complex = onOff(el);
  },
  'w:lang': (_e, el, out) => {
    const a = el.attrs;
    if (a['w:val']) out.lang = a['w:val'];
    if (a['w:eastAsia']) out.langEastAsia = a['w:eastAsia'];
    if (a['w:bidi']) out.langBidi = a['w:bidi'];
  },
  'w14:ligatures': (_e, el, out) => {
    const v = el.attrs['w14:val'] ?? el.attrs['w:val'];
    if (v) out.ligatures = v !== 'none';
  },
  // w:fitText (CT_FitText, §17.3.2.14): the run's text fills w:val twips; runs sharing w:id fill it
  // together. Word reads a missing w:id as 0 ([MS-OI29500] 2.1.78), so id-less neighbours share a region.
  'w:fitText': (_e, el, out) => {
    const widthPt = twipsAttr(el);
    out.fitText = widthPt !== undefined && widthPt > 0 ? { widthPt: Math.min(widthPt, 1584), id: fitTextId(el.attrs['w:id']) } : null;
  },
  'w:eastAsianLayout': (_e, el, out) => {
    out.eastAsianLayout = readEastAsianLayout(el);
  },
  'w14:textFill': (env, el, out) => {
    const v = readTextFill(env, el);
    if (v !== undefined) out.textFill = v;
  },
  'w14:textOutline': (env, el, out) => {
    const v = readTextOutline(env, el);
    if (v !== undefined) out.textOutline = v;
  },
  'w14:shadow': (env, el, out) => {
    out.textShadow = readTextShadow(env, el);
  },
  'w14:glow': (env, el, out) => {
    out.textGlow = readTextGlow(env, el);
  },
  'w14:reflection': (_e, el, out) => {
    out.textReflection = readTextReflection(el);
  },
  'w:bdr': (env, el, out) => {
    const b = readBorder(env, el);
    if (b !== undefined) out.bdr = b;
  },
};

const BRACKETS: ReadonlySet<string> = new Set(['round', 'square', 'angle', 'curly']);

/** w:eastAsianLayout (CT_EastAsianLayout, §17.3.2.10); null when it asks for neither two lines in one nor horizontal in vertical. */
function readEastAsianLayout(el: XmlElement): EastAsianLayout | null {
  const a = el.attrs;
  const on = (name: string) => onOffValue(a[name]) === true;
  const combine = on('w:combine');
  const vert = on('w:vert');
  if (!combine && !vert) return null;
  const brackets = a['w:combineBrackets'];
  return {
    ...(a['w:id'] ? { id: a['w:id'] } : {}),
    ...(combine ? { combine } : {}),
    ...(combine && brackets && BRACKETS.has(brackets) ? { brackets: brackets as EastAsianLayout['brackets'] } : {}),
    ...(vert ? { vert } : {}),
    ...(vert && on('w:vertCompress') ? { vertCompress: true } : {}),
  };
}

/**
 * rPr children that have no visual effect in print, read silently. w:effect (§17.3.2.11) is one of
 * Word 97's animations (blinking background, marching ants, shimmer, sparkle), shown only on screen.
 * w14:props3d and w14:scene3d only bevel and light letters in 3-D.
 */
const IGNORED_RUN_PROPS = new Set([
  'w:noProof', 'w:webHidden', 'w:snapToGrid', 'w:effect', 'w:rPrChange', 'w:ins', 'w:del', 'w:moveFrom', 'w:moveTo', 'w:oMath',
  'w14:props3d', 'w14:scene3d', 'w14:numForm', 'w14:numSpacing', 'w14:stylisticSets', 'w14:cntxtAlts',
]);

/** Reads one w:rPr; `unknown` is told about children that are not handled. */
export function readRawRun(env: PropsEnv, rPr: XmlElement | undefined, unknown?: (name: string) => void): RawRun {
  const out: RawRun = {};
  if (!rPr) return out;
  for (const c of rPr.children) {
    if (c.kind !== 'element') continue;
    const reader = RUN_READERS[c.name];
    if (reader) reader(env, c, out);
    else if (unknown && !IGNORED_RUN_PROPS.has(c.name)) unknown(c.name);
  }
  // A reflection is drawn sharp: its blur is reported as not drawn.
  if (unknown && out.textReflection && out.textReflection.blurPt > 0) unknown(REFLECTION_BLUR);
  // Word keeps one text colour: w:color is its form for older readers, w14:textFill its own. A level
  // that sets only w:color recolours the text over a fill a style gave it (as Word's font colour does).
  if (out.color !== undefined && out.textFill === undefined) out.textFill = null;
  return out;
}

/** Copies every specified property of `over` onto `target` (plain override). */
export function overrideRun(target: RawRun, over: RawRun): RawRun {
  for (const k in over) {
    const v = (over as Record<string, unknown>)[k];
    if (v !== undefined) (target as Record<string, unknown>)[k] = v;
  }
  return target;
}

/**
 * Applies a style level's chain-resolved properties onto `target` by the toggle rule (§17.7.3): a
 * toggle property set to true flips the state so far; false leaves it. Other properties override.
 */
export function toggleRun(target: RawRun, level: RawRun): RawRun {
  for (const k in level) {
    const v = (level as Record<string, unknown>)[k];
    if (v === undefined) continue;
    if (TOGGLE_SET.has(k)) {
      if (v === true) (target as Record<string, unknown>)[k] = !(target as Record<string, unknown>)[k];
    } else {
      (target as Record<string, unknown>)[k] = v;
    }
  }
  return target;
}

/** A w:fitText id (ST_DecimalNumber) in one spelling ("07" and "7" link), "0" when omitted. */
function fitTextId(raw: string | undefined): string {
  if (raw === undefined) return '0';
  return /^\s*[-+]?\d{1,15}\s*$/.test(raw) ? String(Number(raw)) : raw;
}
