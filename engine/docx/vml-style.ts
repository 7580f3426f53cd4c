/**
 * VML values (ECMA-376 Part 4 §19/§14.1, the legacy drawing format in w:pict and w:object): CSS-like
 * `style` attributes with lengths, colours such as `#4f81bd [3204]` or `red`, fractions such as
 * `6554f`, and the floating placement they describe.
 */
import type { Color, FloatAnchor } from '../model';
import type { XmlElement } from '../xml';
import { MAX_SIZE_SHARE } from './anchor';
import { hexColor } from './values';

/** Parses `a:b;c:d` into a map (keys lower-cased). */
export function parseStyle(style: string | undefined): Map<string, string> {
  const m = new Map<string, string>();
  if (!style) return m;
  for (const decl of style.split(';')) {
    const i = decl.indexOf(':');
    if (i <= 0) continue;
    m.set(decl.slice(0, i).trim().toLowerCase(), decl.slice(i + 1).trim());
  }
  return m;
}

const UNIT_PT: Record<string, number> = { pt: 1, in: 72, cm: 72 / 2.54, mm: 72 / 25.4, px: 0.75, pc: 12, pi: 12, emu: 1 / 12700 };

/** A CSS length in points; unitless values are in `unitlessPt` points per unit (px by default). */
export function lengthPt(v: string | undefined, unitlessPt = 0.75): number | undefined {
  if (v === undefined) return undefined;
  const m = /^(-?[0-9]*\.?[0-9]+)\s*([a-z]*)$/i.exec(v.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = m[2]!.toLowerCase();
  if (unit === '') return n * unitlessPt;
  const f = UNIT_PT[unit];
  return f === undefined ? undefined : n * f;
}

const NAMED: Record<string, string> = {
  black: '000000', white: 'FFFFFF', red: 'FF0000', green: '008000', blue: '0000FF', yellow: 'FFFF00', gray: '808080', grey: '808080',
  silver: 'C0C0C0', maroon: '800000', navy: '000080', olive: '808000', purple: '800080', teal: '008080', aqua: '00FFFF', lime: '00FF00', fuchsia: 'FF00FF',
};

/** A VML colour (`#RRGGBB`, `#RGB`, a name, optionally followed by ` [index]`). */
export function vmlColor(v: string | undefined): Color | undefined {
  if (!v) return undefined;
  const token = v.trim().split(/\s+/)[0]!.toLowerCase();
  if (token.startsWith('#')) return hexColor(token.slice(1));
  return NAMED[token];
}

/** A VML boolean (`t`, `true`, `f`, `false`). */
export function vmlBool(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined) return dflt;
  const s = v.trim().toLowerCase();
  return s === 't' || s === 'true' || s === 'on' || s === '1';
}

/** A VML fraction (`0.25` or `16384f` = 16384/65536). */
export function vmlFraction(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const s = v.trim();
  const n = s.endsWith('f') ? Number(s.slice(0, -1)) / 65536 : Number(s);
  return Number.isFinite(n) ? n : undefined;
}

const H_REL: Record<string, FloatAnchor['horizontal']['relativeTo']> = {
  margin: 'margin', page: 'page', text: 'column', char: 'character', 'left-margin-area': 'leftMargin', 'right-margin-area': 'rightMargin',
  'inner-margin-area': 'insideMargin', 'outer-margin-area': 'outsideMargin',
};
const V_REL: Record<string, FloatAnchor['vertical']['relativeTo']> = {
  margin: 'margin', page: 'page', text: 'paragraph', line: 'line', 'top-margin-area': 'topMargin', 'bottom-margin-area': 'bottomMargin',
  'inner-margin-area': 'insideMargin', 'outer-margin-area': 'outsideMargin',
};
/** mso-width-relative / mso-height-relative: the page areas a VML shape's percentage size is a share of. */
const SIZE_H_REL: Record<string, NonNullable<NonNullable<FloatAnchor['relativeSize']>['width']>['relativeTo']> = {
  margin: 'margin', page: 'page', 'left-margin-area': 'leftMargin', 'right-margin-area': 'rightMargin', 'inner-margin-area': 'insideMargin', 'outer-margin-area': 'outsideMargin',
};
const SIZE_V_REL: Record<string, NonNullable<NonNullable<FloatAnchor['relativeSize']>['height']>['relativeTo']> = {
  margin: 'margin', page: 'page', 'top-margin-area': 'topMargin', 'bottom-margin-area': 'bottomMargin', 'inner-margin-area': 'insideMargin', 'outer-margin-area': 'outsideMargin',
};
const H_ALIGN = new Set(['left', 'center', 'right', 'inside', 'outside']);
const V_ALIGN = new Set(['top', 'center', 'bottom', 'inside', 'outside']);

/**
 * A VML z-index as the relativeHeight (wp:anchor, §20.4.2.3) Word gives the same shape, so that VML
 * and DrawingML floats stack together. Word writes a shape in front of the text with its
 * relativeHeight as z-index, and one behind it with relativeHeight − 2 × 251658240: the pairs in
 * mc:AlternateContent show it (aspose-Mail_merge_destinations_-_Invoice: 251656704 behind as
 * −251659776, 251657728 as −251658752; aspose-Corrupted_footnotes: 251662336 in front as 251662336).
 * So the higher z-index stacks higher behind the text too (not the larger magnitude).
 */
export function relativeHeightOf(z: number): number {
  return z >= 0 ? z : z + 2 * 251658240;
}

/**
 * The floating placement of an absolutely positioned VML shape, with its w10:wrap element; `origin`
 * is added to the offsets (a v:line's nearer end point, since a line has no margin-left/margin-top).
 */
export function vmlAnchor(style: Map<string, string>, wrapEl: XmlElement | undefined, origin = { xPt: 0, yPt: 0 }): FloatAnchor {
  const hAlign = style.get('mso-position-horizontal');
  const vAlign = style.get('mso-position-vertical');
  const horizontal = {
    relativeTo: H_REL[style.get('mso-position-horizontal-relative') ?? 'text'] ?? 'column',
    ...(hAlign && H_ALIGN.has(hAlign) ? { align: hAlign as 'left' } : positionShare(style, 'mso-left-percent') ?? { offsetPt: origin.xPt + (lengthPt(style.get('margin-left')) ?? 0) + (lengthPt(style.get('left')) ?? 0) }),
  };
  const vertical = {
    relativeTo: V_REL[style.get('mso-position-vertical-relative') ?? 'text'] ?? 'paragraph',
    ...(vAlign && V_ALIGN.has(vAlign) ? { align: vAlign as 'top' } : positionShare(style, 'mso-top-percent') ?? { offsetPt: origin.yPt + (lengthPt(style.get('margin-top')) ?? 0) + (lengthPt(style.get('top')) ?? 0) }),
  };
  const type = wrapEl?.attrs['type'];
  const side = wrapEl?.attrs['side'];
  const wrap: FloatAnchor['wrap'] = type === 'square' ? 'square' : type === 'tight' ? 'tight' : type === 'through' ? 'through' : type === 'topAndBottom' ? 'topAndBottom' : 'none';
  const dist = (k: string, d: number) => lengthPt(style.get(`mso-wrap-distance-${k}`)) ?? d;
  const z = Number(style.get('z-index') ?? '0');
  return {
    horizontal,
    vertical,
    wrap,
    wrapSide: side === 'left' || side === 'right' || side === 'largest' ? side : 'both',
    distancePt: { top: dist('top', 0), bottom: dist('bottom', 0), left: dist('left', 9), right: dist('right', 9) },
    behindText: Number.isFinite(z) && z < 0,
    allowOverlap: true,
    layoutInCell: true,
    zIndex: Number.isFinite(z) ? relativeHeightOf(z) : 0,
    ...vmlRelativeSize(style),
  };
}

/**
 * mso-left-percent / mso-top-percent: the offset as a share of the area the shape is placed from, in
 * tenths of a percent (the VML form of wp14:pctPosHOffset); -10001 and below is Word's "none".
 */
function positionShare(style: Map<string, string>, key: string): { offsetPct: number } | undefined {
  const v = style.get(key);
  const n = v === undefined ? NaN : Number(v);
  return Number.isFinite(n) && n > -10000 && n <= 10000 ? { offsetPct: n / 1000 } : undefined;
}

/**
 * A VML shape's size as a share of a page area (mso-width-percent / mso-height-percent in tenths of
 * a percent, of the area mso-width-relative / mso-height-relative names, the page when absent): the
 * VML form of wp14:sizeRelH / sizeRelV. 0, what Word writes for an absolute size, keeps width/height.
 */
function vmlRelativeSize(style: Map<string, string>): Pick<FloatAnchor, 'relativeSize'> {
  const share = (key: string) => {
    const n = Number(style.get(key) ?? '0');
    return Number.isFinite(n) && n > 0 ? Math.min(n / 1000, MAX_SIZE_SHARE) : undefined;
  };
  const w = share('mso-width-percent');
  const h = share('mso-height-percent');
  if (w === undefined && h === undefined) return {};
  const width = w === undefined ? undefined : { relativeTo: SIZE_H_REL[style.get('mso-width-relative') ?? 'page'] ?? 'page', share: w };
  const height = h === undefined ? undefined : { relativeTo: SIZE_V_REL[style.get('mso-height-relative') ?? 'page'] ?? 'page', share: h };
  return { relativeSize: { ...(width ? { width } : {}), ...(height ? { height } : {}) } };
}
