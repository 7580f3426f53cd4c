/**
 * VML values (ECMA-376 Part 4 §19/§14.1, the legacy drawing format in w:pict and w:object): CSS-like
 * `style` attributes with lengths, colours such as `#4f81bd [3204]` or `red`, fractions such as
 * `6554f`, and the floating placement they describe.
 */
import type { Color, FloatAnchor } from '../model';
import type { XmlElement } from '../xml';
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
const H_ALIGN = new Set(['left', 'center', 'right', 'inside', 'outside']);
const V_ALIGN = new Set(['top', 'center', 'bottom', 'inside', 'outside']);

/**
 * The floating placement of an absolutely positioned VML shape, with its w10:wrap element; `origin`
 * is added to the offsets (a v:line's nearer end point, since a line has no margin-left/margin-top).
 */
export function vmlAnchor(style: Map<string, string>, wrapEl: XmlElement | undefined, origin = { xPt: 0, yPt: 0 }): FloatAnchor {
  const hAlign = style.get('mso-position-horizontal');
  const vAlign = style.get('mso-position-vertical');
  const horizontal = {
    relativeTo: H_REL[style.get('mso-position-horizontal-relative') ?? 'text'] ?? 'column',
    ...(hAlign && H_ALIGN.has(hAlign) ? { align: hAlign as 'left' } : { offsetPt: origin.xPt + (lengthPt(style.get('margin-left')) ?? 0) + (lengthPt(style.get('left')) ?? 0) }),
  };
  const vertical = {
    relativeTo: V_REL[style.get('mso-position-vertical-relative') ?? 'text'] ?? 'paragraph',
    ...(vAlign && V_ALIGN.has(vAlign) ? { align: vAlign as 'top' } : { offsetPt: origin.yPt + (lengthPt(style.get('margin-top')) ?? 0) + (lengthPt(style.get('top')) ?? 0) }),
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
    // Signed: the higher z-index is drawn over the lower, behind the text as in front of it.
    zIndex: Number.isFinite(z) ? z : 0,
  };
}
