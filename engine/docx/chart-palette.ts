/**
 * The automatic series colours of Office 2007–2010 chart styles (c:style 1–48, or c14:style 101–148
 * inside mc:AlternateContent). The 48 styles are six rows of eight colour columns; the column picks
 * the colours: column 1 six shades of grey (dk1 tinted), column 2 the theme accents (Office's
 * defaults, see autoSeriesColor), columns 3–8 one accent each (accent1–accent6) faded from dark to
 * light across the series. Past a pattern's length, each repeat of the pattern is faded likewise.
 * The fade is a shade (leading series) or tint (trailing ones) in linear light over a range of
 * −70 % to +70 % in (count + 1) steps, the rule LibreOffice follows when it draws such charts.
 */
import type { Color } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, children } from '../xml';
import { mapChannels } from '../core';
import { detPow } from '../core/det-math';
import { autoSeriesColor } from './chart-style';
import type { DocxContext } from './context';
import { themeColor } from './theme';
import { intValue } from './values';

/** The chart style and the number of series whose automatic colours it spreads over. */
export interface ChartPalette {
  readonly style: number;
  readonly count: number;
}

/** dk1 tints of the grey column (style 1 and its rows; style 41, on a dark background, starts lighter). */
const GREYS = [0.885, 0.55, 0.78, 0.925, 0.7, 0.3];
const GREYS_DARK = [0.05, 0.55, 0.78, 0.15, 0.7, 0.3];
const GAMMA = 2.3;

/** The chart style of a chart space: c14:style (minus 100) where chosen, else c:style; undefined when none or out of range. */
export function chartStyleOf(space: XmlElement | undefined): number | undefined {
  let style = intValue(attr(child(space, 'c:style'), 'val'));
  for (const alt of children(space, 'mc:AlternateContent')) {
    const c14 = intValue(attr(child(child(alt, 'mc:Choice'), 'c14:style'), 'val'));
    const fallback = intValue(attr(child(child(alt, 'mc:Fallback'), 'c:style'), 'val'));
    style = c14 !== undefined ? c14 - 100 : fallback ?? style;
  }
  return style !== undefined && style >= 1 && style <= 48 ? style : undefined;
}

/** The automatic colour of series `index` under a chart style (the accents when there is none). */
export function paletteColor(ctx: DocxContext, palette: ChartPalette | undefined, index: number): Color | undefined {
  const column = palette ? (palette.style - 1) % 8 : 1;
  if (!palette || column === 1) return autoSeriesColor(ctx, index);
  const i = Math.max(0, Math.floor(index));
  const last = Math.max(palette.count, i + 1) - 1;
  if (column === 0) {
    const dark = themeColor(ctx.env.theme, ctx.env.mapping, 'dk1') ?? '000000';
    const greys = palette.style === 41 ? GREYS_DARK : GREYS;
    const base = fadeLinear(dark, 1 - greys[i % greys.length]!);
    return fade(base, Math.floor(i / greys.length), Math.floor(last / greys.length));
  }
  const accent = themeColor(ctx.env.theme, ctx.env.mapping, `accent${column - 1}`);
  return accent ? fade(accent, i, last) : undefined;
}

/** Step `k` of `last + 1`: −70 % (shade) to +70 % (tint) in even steps, 0 for a lone step. */
function fade(hex: string, k: number, last: number): string {
  const amount = ((k + 1) / (last + 2)) * 1.4 - 0.7;
  return Math.abs(amount) < 1e-9 ? hex : fadeLinear(hex, amount);
}

/** A shade (amount < 0: towards black) or tint (> 0: towards white) by |amount|, in linear light. */
function fadeLinear(hex: string, amount: number): string {
  const keep = 1 - Math.min(1, Math.abs(amount));
  return mapChannels(hex, (c) => {
    const linear = detPow(c / 255, GAMMA);
    return 255 * detPow(amount < 0 ? linear * keep : 1 - (1 - linear) * keep, 1 / GAMMA);
  });
}
