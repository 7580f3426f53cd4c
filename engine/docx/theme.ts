/**
 * The document theme (word/theme/theme1.xml, DrawingML a:theme, ECMA-376 Part 1 §20.1.6): scheme
 * colours, major/minor fonts with per-script faces, and the line/fill style lists shapes refer to.
 */
import { attr, child, children, type XmlElement } from '../xml';
import { applyDrawingTransforms, applyThemeShade, applyThemeTint, type ColorTransform } from './color';
import { hexColor, intValue } from './values';

/** A font collection of the theme (a:majorFont / a:minorFont, CT_FontCollection). */
export interface ThemeFontSet {
  readonly latin?: string;
  readonly ea?: string;
  readonly cs?: string;
  /** Script tag (`Jpan`, `Arab`...) → typeface, from a:font elements. */
  readonly scripts: ReadonlyMap<string, string>;
}

/** The parsed theme. */
export interface Theme {
  /** Scheme colour name (`dk1`, `lt1`, `accent1`...) → RRGGBB. */
  readonly colors: ReadonlyMap<string, string>;
  readonly major: ThemeFontSet;
  readonly minor: ThemeFontSet;
  /** a:fmtScheme/a:lnStyleLst children (for wps:style lnRef idx). */
  readonly lineStyles: readonly XmlElement[];
  /** a:fmtScheme/a:fillStyleLst children (for fillRef idx 1..n). */
  readonly fillStyles: readonly XmlElement[];
  /** a:fmtScheme/a:bgFillStyleLst children (for fillRef idx 1001..n). */
  readonly backgroundFillStyles: readonly XmlElement[];
  /** a:fmtScheme/a:effectStyleLst's a:effectStyle children (for effectRef idx 1..n). */
  readonly effectStyles?: readonly XmlElement[];
  /** The theme part's name (its pictures are related from it). */
  readonly part?: string;
}

/** Word's mapping from WordprocessingML/abstract colour names to scheme slots (w:clrSchemeMapping defaults). */
export type ColorMapping = ReadonlyMap<string, string>;

const DEFAULT_MAPPING: Record<string, string> = {
  bg1: 'lt1', tx1: 'dk1', bg2: 'lt2', tx2: 'dk2',
  background1: 'lt1', text1: 'dk1', background2: 'lt2', text2: 'dk2',
  dark1: 'dk1', light1: 'lt1', dark2: 'dk2', light2: 'lt2',
  hyperlink: 'hlink', followedHyperlink: 'folHlink',
};

/** The Office 2013+ default palette, used when a document has no theme part. */
const FALLBACK_COLORS: Record<string, string> = {
  dk1: '000000', lt1: 'FFFFFF', dk2: '44546A', lt2: 'E7E6E6', accent1: '4472C4', accent2: 'ED7D31', accent3: 'A5A5A5',
  accent4: 'FFC000', accent5: '5B9BD5', accent6: '70AD47', hlink: '0563C1', folHlink: '954F72',
};

/** Named preset colours (a:prstClr, ST_PresetColorVal) that documents actually use; others fall back to black. */
const PRESET_COLORS: Record<string, string> = {
  black: '000000', white: 'FFFFFF', red: 'FF0000', green: '008000', blue: '0000FF', yellow: 'FFFF00', cyan: '00FFFF',
  magenta: 'FF00FF', gray: '808080', grey: '808080', darkGray: 'A9A9A9', lightGray: 'D3D3D3', orange: 'FFA500',
  purple: '800080', brown: 'A52A2A', navy: '000080', lime: '00FF00', darkBlue: '00008B', darkRed: '8B0000',
  darkGreen: '006400', silver: 'C0C0C0', gold: 'FFD700', pink: 'FFC0CB', maroon: '800000', olive: '808000', teal: '008080',
};

/** An empty theme (document without theme1.xml). */
export const EMPTY_THEME: Theme = {
  colors: new Map(Object.entries(FALLBACK_COLORS)),
  major: { scripts: new Map() },
  minor: { scripts: new Map() },
  lineStyles: [],
  fillStyles: [],
  backgroundFillStyles: [],
};

/** Reads a:theme (from `part`, whose relationships its picture fills use). */
export function readTheme(root: XmlElement | undefined, part?: string): Theme {
  const elements = child(root, 'a:themeElements');
  if (!elements) return EMPTY_THEME;
  const colors = new Map(Object.entries(FALLBACK_COLORS));
  for (const c of child(elements, 'a:clrScheme')?.children ?? []) {
    if (c.kind !== 'element') continue;
    const name = c.name.slice(c.name.indexOf(':') + 1);
    const hex = simpleColor(c);
    if (hex) colors.set(name, hex);
  }
  const fonts = child(elements, 'a:fontScheme');
  const fmt = child(elements, 'a:fmtScheme');
  return {
    colors,
    major: readFontSet(child(fonts, 'a:majorFont')),
    minor: readFontSet(child(fonts, 'a:minorFont')),
    lineStyles: children(child(fmt, 'a:lnStyleLst')),
    fillStyles: children(child(fmt, 'a:fillStyleLst')),
    backgroundFillStyles: children(child(fmt, 'a:bgFillStyleLst')),
    effectStyles: children(child(fmt, 'a:effectStyleLst')),
    ...(part ? { part } : {}),
  };
}

function readFontSet(el: XmlElement | undefined): ThemeFontSet {
  const typeface = (name: string) => attr(child(el, name), 'typeface') || undefined;
  const scripts = new Map<string, string>();
  for (const f of children(el, 'a:font')) {
    const s = attr(f, 'script');
    const t = attr(f, 'typeface');
    if (s && t) scripts.set(s, t);
  }
  return { latin: typeface('a:latin'), ea: typeface('a:ea'), cs: typeface('a:cs'), scripts };
}

/** The colour of a clrScheme slot child: a:srgbClr or a:sysClr (its lastClr). */
function simpleColor(slot: XmlElement): string | undefined {
  const s = child(slot, 'a:srgbClr');
  if (s) return hexColor(attr(s, 'val'));
  const sys = child(slot, 'a:sysClr');
  if (sys) return hexColor(attr(sys, 'lastClr')) ?? (attr(sys, 'val') === 'window' ? 'FFFFFF' : '000000');
  return undefined;
}

/** Reads w:clrSchemeMapping (settings, §17.15.1.20) over the defaults. */
export function readColorMapping(el: XmlElement | undefined): ColorMapping {
  const m = new Map(Object.entries(DEFAULT_MAPPING));
  if (!el) return m;
  const wml: Record<string, string> = { 'w:bg1': 'bg1', 'w:t1': 'tx1', 'w:bg2': 'bg2', 'w:t2': 'tx2' };
  for (const [a, key] of Object.entries(wml)) {
    const v = el.attrs[a];
    if (!v) continue;
    const slot = v.replace(/^dark/, 'dk').replace(/^light/, 'lt').replace(/^hyperlink$/, 'hlink').replace(/^followedHyperlink$/, 'folHlink');
    m.set(key, slot);
    m.set(key === 'tx1' ? 'text1' : key === 'tx2' ? 'text2' : key === 'bg1' ? 'background1' : 'background2', slot);
  }
  return m;
}

/** Resolves a theme colour name (WordprocessingML ST_ThemeColor or DrawingML ST_SchemeColorVal) to RRGGBB. */
export function themeColor(theme: Theme, mapping: ColorMapping, name: string): string | undefined {
  const slot = mapping.get(name) ?? name;
  return theme.colors.get(slot);
}

/**
 * Resolves a WordprocessingML colour with theme attributes (w:color, w:shd, borders: w:themeColor,
 * w:themeTint, w:themeShade; §17.3.2.6): the theme colour wins over the literal value when it resolves.
 */
export function wmlColor(
  theme: Theme,
  mapping: ColorMapping,
  el: XmlElement,
  valAttr: string,
  themeAttr: string,
  tintAttr: string,
  shadeAttr: string,
): string | 'auto' | undefined {
  const tc = el.attrs[themeAttr];
  let hex = tc && tc !== 'none' ? themeColor(theme, mapping, tc) : undefined;
  if (hex) {
    const tint = el.attrs[tintAttr];
    const shade = el.attrs[shadeAttr];
    if (tint) {
      const t = parseInt(tint, 16);
      if (Number.isFinite(t) && t >= 0 && t <= 255) hex = applyThemeTint(hex, t);
    }
    if (shade) {
      const s = parseInt(shade, 16);
      if (Number.isFinite(s) && s >= 0 && s <= 255) hex = applyThemeShade(hex, s);
    }
    return hex;
  }
  const v = el.attrs[valAttr];
  if (v === 'auto') return 'auto';
  return hexColor(v);
}

const COLOR_ELEMENTS = new Set(['a:srgbClr', 'a:schemeClr', 'a:sysClr', 'a:prstClr', 'a:scrgbClr', 'a:hslClr']);

/**
 * Reads a DrawingML colour choice (EG_ColorChoice, §20.1.2.3) inside `parent` (e.g. a:solidFill),
 * applying its transforms. `placeholder` is the colour a:schemeClr val="phClr" stands for (style refs).
 */
export function drawingColor(theme: Theme, mapping: ColorMapping, parent: XmlElement | undefined, placeholder?: string): string | undefined {
  if (!parent) return undefined;
  let el: XmlElement | undefined;
  for (const c of parent.children) if (c.kind === 'element' && COLOR_ELEMENTS.has(c.name)) el = el ?? c;
  if (!el) return undefined;
  let base: string | undefined;
  switch (el.name) {
    case 'a:srgbClr':
      base = hexColor(attr(el, 'val'));
      break;
    case 'a:schemeClr': {
      const v = attr(el, 'val') ?? '';
      base = v === 'phClr' ? placeholder : themeColor(theme, mapping, v);
      break;
    }
    case 'a:sysClr':
      base = hexColor(attr(el, 'lastClr')) ?? (attr(el, 'val') === 'window' ? 'FFFFFF' : '000000');
      break;
    case 'a:prstClr':
      base = PRESET_COLORS[attr(el, 'val') ?? ''] ?? '000000';
      break;
    case 'a:scrgbClr': {
      const pct = (n: string) => Math.round(Math.min(100000, Math.max(0, intValue(attr(el, n)) ?? 0)) * 255 / 100000);
      base = [pct('r'), pct('g'), pct('b')].map((v) => v.toString(16).padStart(2, '0')).join('').toUpperCase();
      break;
    }
    default:
      base = undefined;
  }
  if (!base) return undefined;
  const transforms: ColorTransform[] = [];
  for (const t of el.children) {
    if (t.kind !== 'element') continue;
    const v = intValue(attr(t, 'val'));
    transforms.push({ name: t.name.slice(t.name.indexOf(':') + 1), value: v === undefined ? 0 : v / 100000 });
  }
  return transforms.length ? applyDrawingTransforms(base, transforms) : base;
}

/** The opacity (a:alpha, 0–1) of the colour choice inside `parent`; 1 when not given. */
export function drawingAlpha(parent: XmlElement | undefined): number {
  if (!parent) return 1;
  for (const c of parent.children) {
    if (c.kind !== 'element' || !COLOR_ELEMENTS.has(c.name)) continue;
    const a = child(c, 'a:alpha');
    const v = a ? intValue(attr(a, 'val')) : undefined;
    return v === undefined ? 1 : Math.max(0, Math.min(1, v / 100000));
  }
  return 1;
}

/** Script tag of the theme's per-script fonts for a language (w:themeFontLang eastAsia/bidi, §17.15.1.88). */
export function scriptForLang(lang: string | undefined): string | undefined {
  if (!lang) return undefined;
  const l = lang.toLowerCase();
  if (l.startsWith('ja')) return 'Jpan';
  if (l === 'zh-tw' || l === 'zh-hk' || l === 'zh-mo') return 'Hant';
  if (l.startsWith('zh')) return 'Hans';
  if (l.startsWith('ko')) return 'Hang';
  if (l.startsWith('ar') || l.startsWith('fa') || l.startsWith('ur')) return 'Arab';
  if (l.startsWith('he') || l.startsWith('yi')) return 'Hebr';
  if (l.startsWith('th')) return 'Thai';
  if (l.startsWith('hi') || l.startsWith('mr') || l.startsWith('ne')) return 'Deva';
  if (l.startsWith('bn')) return 'Beng';
  if (l.startsWith('ta')) return 'Taml';
  if (l.startsWith('vi')) return 'Viet';
  return undefined;
}
