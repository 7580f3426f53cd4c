/**
 * Borders (CT_Border, §17.3.4) and shading (CT_Shd, §17.3.5), shared by runs, paragraphs, tables,
 * cells and pages.
 */
import type { Border, BorderStyle, Shading } from '../model';
import type { XmlElement } from '../xml';
import { blendColors } from './color';
import type { PropsEnv } from './env';
import { wmlColor } from './theme';
import { intValue } from './values';

/** ST_Border values (§17.18.2) mapped to the styles a renderer distinguishes; unlisted art borders → `art`. */
const BORDER_STYLES: Record<string, BorderStyle> = {
  single: 'single', thick: 'thick', double: 'double', dotted: 'dotted', dashed: 'dashed', dotDash: 'dotDash',
  dotDotDash: 'dotDotDash', triple: 'triple', wave: 'wave', doubleWave: 'doubleWave', dashSmallGap: 'dashed',
  dashDotStroked: 'dotDash', threeDEmboss: 'threeDEmboss', threeDEngrave: 'threeDEngrave', outset: 'outset', inset: 'inset',
  thinThickSmallGap: 'thinThick', thinThickMediumGap: 'thinThick', thinThickLargeGap: 'thinThick',
  thickThinSmallGap: 'thickThin', thickThinMediumGap: 'thickThin', thickThinLargeGap: 'thickThin',
  thinThickThinSmallGap: 'thinThickThin', thinThickThinMediumGap: 'thinThickThin', thinThickThinLargeGap: 'thinThickThin',
};

/**
 * Reads a border element. Returns `null` for an explicit `none`/`nil` (which removes an inherited
 * border), undefined when absent.
 */
export function readBorder(env: PropsEnv, el: XmlElement | undefined): Border | null | undefined {
  if (!el) return undefined;
  const val = el.attrs['w:val'];
  if (val === undefined || val === 'none' || val === 'nil') return null;
  const style = BORDER_STYLES[val] ?? 'art';
  const sz = intValue(el.attrs['w:sz']);
  // w:sz is in eighths of a point (2–96); art borders give points directly (§17.3.4).
  let widthPt = sz === undefined ? 0.5 : style === 'art' ? sz : sz / 8;
  widthPt = widthPt < 0.25 ? 0.25 : widthPt > 31 ? 31 : widthPt;
  // A 3-D outset or inset border is two lines of the stated width, a light and a dark one, and takes
  // twice the room: with it Word's page starts in poi-bib-chernigovka and poi-bug59058 (rows of sz 6
  // outset cells; poi-bug59058 45 of 48, 30 without) are reproduced.
  if (style === 'outset' || style === 'inset') widthPt *= 2;
  // A double border is two lines of the stated width with as wide a gap between them: it takes three
  // times the room. oxsdk-2007's review table (½ pt double outer borders) ends its page as Word's saved
  // page start says, a line before its last, only with that room.
  if (style === 'double') widthPt *= 3;
  const space = intValue(el.attrs['w:space']);
  const color = wmlColor(env.theme, env.mapping, el, 'w:color', 'w:themeColor', 'w:themeTint', 'w:themeShade');
  const border: { -readonly [K in keyof Border]: Border[K] } = { style, widthPt, spacePt: space === undefined || space < 0 ? 0 : Math.min(space, 31) };
  if (color && color !== 'auto') border.color = color;
  if (el.attrs['w:shadow'] !== undefined && el.attrs['w:shadow'] !== '0' && el.attrs['w:shadow'] !== 'false') border.shadow = true;
  return border;
}

/** Pattern coverage of ST_Shd values (§17.18.78): fraction of the pattern colour over the fill. */
function patternCoverage(val: string): number | undefined {
  if (val === 'clear' || val === 'nil') return 0;
  if (val === 'solid') return 1;
  const m = /^pct(\d+)$/.exec(val);
  if (m) return Math.min(100, Number(m[1])) / 100;
  // Stripes and crosses cover roughly a quarter (thin) or a half of the area.
  if (/^thin/.test(val)) return 0.25;
  if (/Stripe|Cross/.test(val)) return 0.5;
  return undefined;
}

/**
 * Reads shading to one fill colour: the fill, with the pattern colour blended in by coverage.
 * Returns `null` for explicit no shading (w:val="nil" or an auto fill with a clear pattern).
 */
export function readShading(env: PropsEnv, el: XmlElement | undefined): Shading | null | undefined {
  if (!el) return undefined;
  const val = el.attrs['w:val'] ?? 'clear';
  if (val === 'nil') return null;
  const fill = wmlColor(env.theme, env.mapping, el, 'w:fill', 'w:themeFill', 'w:themeFillTint', 'w:themeFillShade');
  const color = wmlColor(env.theme, env.mapping, el, 'w:color', 'w:themeColor', 'w:themeTint', 'w:themeShade');
  const coverage = patternCoverage(val) ?? 0;
  if (coverage === 0) return fill && fill !== 'auto' ? { fill } : null;
  const patternColor = color && color !== 'auto' ? color : '000000';
  const base = fill && fill !== 'auto' ? fill : 'FFFFFF';
  if (coverage === 1) return { fill: patternColor };
  return { fill: blendColors(base, patternColor, coverage) };
}
