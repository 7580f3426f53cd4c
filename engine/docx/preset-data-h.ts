/**
 * Preset shape definitions (ECMA-376 Part 1 §20.1.10.56, presetShapeDefinitions): the action buttons,
 * a box with an icon drawn in darker and lighter shades of the fill, in the compact form of
 * preset-geometry.ts.
 */
import type { PresetDef } from './preset-geometry';

const BOX = 'M l t L r t L r b L l b Z';
const G = 'dx2 */ ss 3 8; g9 +- vc 0 dx2; g10 +- vc dx2 0; g11 +- hc 0 dx2; g12 +- hc dx2 0; g13 */ ss 3 4';
/** Guides `g{from}`… as fractions of g13 (`n/d` pairs). */
const fractions = (from: number, parts: ReadonlyArray<readonly [number, number]>) =>
  parts.map(([n, d], i) => `g${from + i} */ g13 ${n} ${d}`).join('; ');
/** Guides `name +- base gN 0` for each N. */
const offsets = (names: readonly number[], base: string, of: readonly number[]) =>
  names.map((n, i) => `g${n} +- ${base} g${of[i]} 0`).join('; ');

/** An action button: the box and icon filled, the icon's shaded parts, the icon's outline, the box's outline. */
function button(gd: string, icon: string, shades: readonly string[], outline: string = icon): PresetDef {
  return { gd, paths: [`nostroke ${BOX} ${icon}`, ...shades.map((s) => `nostroke ${s}`), `nofill ${outline}`, `nofill ${BOX}`] };
}

const HELP_ICON = `M g33 g27 A g16 g16 cd2 cd2 A g14 g15 0 cd4 A g41 g42 3cd4 -5400000 L g37 g30 L g36 g30 L g36 g29 A g14 g15 cd2 cd4
  A g41 g42 cd4 -5400000 A g14 g14 0 -10800000 Z M hc g31 A g42 g42 3cd4 21600000 Z`;
const INFO_DOT = 'M hc g25 A g38 g38 3cd4 21600000';
const INFO_I = 'M g32 g28 L g35 g28 L g35 g30 L g37 g30 L g37 g31 L g32 g31 L g32 g30 L g34 g30 L g34 g29 L g32 g29 Z';
const INFO_CIRCLE = 'M hc g9 A dx2 dx2 3cd4 21600000 Z';
const MOVIE_ICON = `M g11 g39 L g11 g44 L g31 g44 L g32 g43 L g33 g43 L g33 g47 L g35 g47 L g35 g45 L g36 g45 L g38 g46 L g12 g46 L g12 g41
  L g38 g41 L g37 g42 L g35 g42 L g35 g41 L g34 g40 L g32 g40 L g31 g39 Z`;
const RETURN_ICON = `M g12 g21 L g23 g9 L hc g21 L g24 g21 L g24 g20 A g27 g27 0 cd4 L g25 g19 A g27 g27 cd4 cd4 L g26 g21 L g11 g21 L g11 g20
  A g17 g17 cd2 -5400000 L hc g10 A g17 g17 cd4 -5400000 L g22 g21 Z`;
const HOME_ICON = 'M hc g9 L g11 vc L g28 vc L g28 g10 L g33 g10 L g33 vc L g12 vc L g32 g26 L g32 g24 L g31 g24 L g31 g25 Z';

export const PRESET_DATA_H: Record<string, PresetDef> = {
  actionButtonBlank: { paths: [BOX] },
  actionButtonBackPrevious: button(G, 'M g11 vc L g12 g9 L g12 g10 Z', ['darken M g11 vc L g12 g9 L g12 g10 Z']),
  actionButtonForwardNext: button(G, 'M g12 vc L g11 g9 L g11 g10 Z', ['darken M g12 vc L g11 g9 L g11 g10 Z'], 'M g12 vc L g11 g10 L g11 g9 Z'),
  actionButtonBeginning: button(
    `${G}; g14 */ g13 1 8; g15 */ g13 1 4; g16 +- g11 g14 0; g17 +- g11 g15 0`,
    'M g17 vc L g12 g9 L g12 g10 Z M g16 g9 L g11 g9 L g11 g10 L g16 g10 Z',
    ['darken M g17 vc L g12 g9 L g12 g10 Z M g16 g9 L g11 g9 L g11 g10 L g16 g10 Z'],
    'M g17 vc L g12 g9 L g12 g10 Z M g16 g9 L g16 g10 L g11 g10 L g11 g9 Z',
  ),
  actionButtonEnd: button(
    `${G}; g14 */ g13 3 4; g15 */ g13 7 8; g16 +- g11 g14 0; g17 +- g11 g15 0`,
    'M g16 vc L g11 g9 L g11 g10 Z M g17 g9 L g12 g9 L g12 g10 L g17 g10 Z',
    ['darken M g16 vc L g11 g9 L g11 g10 Z M g17 g9 L g12 g9 L g12 g10 L g17 g10 Z'],
    'M g16 vc L g11 g10 L g11 g9 Z M g17 g9 L g12 g9 L g12 g10 L g17 g10 Z',
  ),
  actionButtonDocument: button(
    'dx2 */ ss 3 8; g9 +- vc 0 dx2; g10 +- vc dx2 0; dx1 */ ss 9 32; g11 +- hc 0 dx1; g12 +- hc dx1 0; g13 */ ss 3 16; g14 +- g12 0 g13; g15 +- g9 g13 0',
    'M g11 g9 L g14 g9 L g12 g15 L g12 g10 L g11 g10 Z',
    ['darkenLess M g11 g9 L g14 g9 L g14 g15 L g12 g15 L g12 g10 L g11 g10 Z', 'darken M g14 g9 L g14 g15 L g12 g15 Z'],
    'M g11 g9 L g14 g9 L g12 g15 L g12 g10 L g11 g10 Z M g12 g15 L g14 g15 L g14 g9',
  ),
  actionButtonHelp: button(
    `${G}; ${fractions(14, [[1, 7], [3, 14], [2, 7]])}; g19 */ g13 3 7; g20 */ g13 4 7; g21 */ g13 17 28; g23 */ g13 21 28;
      g24 */ g13 11 14; ${offsets([27, 29, 30, 31], 'g9', [16, 21, 23, 24])}; ${offsets([33, 36, 37], 'g11', [15, 19, 20])};
      g41 */ g13 1 14; g42 */ g13 3 28`,
    HELP_ICON, [`darken ${HELP_ICON}`],
  ),
  actionButtonHome: button(
    `${G}; ${fractions(14, [[1, 16], [1, 8], [3, 16], [5, 16], [7, 16], [9, 16], [11, 16], [3, 4], [13, 16], [7, 8]])};
      ${offsets([24, 25, 26, 27], 'g9', [14, 16, 17, 21])}; ${offsets([28, 29, 30, 31, 32, 33], 'g11', [15, 18, 19, 20, 22, 23])}`,
    HOME_ICON,
    [
      'darkenLess M g32 g26 L g32 g24 L g31 g24 L g31 g25 Z M g28 vc L g28 g10 L g29 g10 L g29 g27 L g30 g27 L g30 g10 L g33 g10 L g33 vc Z',
      'darken M hc g9 L g11 vc L g12 vc Z M g29 g27 L g30 g27 L g30 g10 L g29 g10 Z',
    ],
    `M hc g9 L g31 g25 L g31 g24 L g32 g24 L g32 g26 L g12 vc L g33 vc L g33 g10 L g28 g10 L g28 vc L g11 vc Z M g31 g25 L g32 g26
      M g33 vc L g28 vc M g29 g10 L g29 g27 L g30 g27 L g30 g10`,
  ),
  actionButtonInformation: button(
    `${G}; g14 */ g13 1 32; g17 */ g13 5 16; g18 */ g13 3 8; g19 */ g13 13 32; g20 */ g13 19 32; g22 */ g13 11 16;
      g23 */ g13 13 16; g24 */ g13 7 8; ${offsets([25, 28, 29, 30, 31], 'g9', [14, 17, 18, 23, 24])};
      ${offsets([32, 34, 35, 37], 'g11', [17, 19, 20, 22])}; g38 */ g13 3 32`,
    INFO_CIRCLE,
    [`darken ${INFO_CIRCLE} ${INFO_DOT} ${INFO_I}`, `lighten ${INFO_DOT} ${INFO_I}`],
    `${INFO_CIRCLE} ${INFO_DOT} ${INFO_I}`,
  ),
  actionButtonMovie: button(
    `${G}; ${fractions(14, [[1455, 21600], [1905, 21600], [2325, 21600], [16155, 21600], [17010, 21600], [19335, 21600], [19725, 21600],
      [20595, 21600], [5280, 21600], [5730, 21600], [6630, 21600], [7492, 21600], [9067, 21600], [9555, 21600], [13342, 21600],
      [14580, 21600], [15592, 21600]])}; ${offsets([31, 32, 33, 34, 35, 36, 37, 38], 'g11', [14, 15, 16, 17, 18, 19, 20, 21])};
      ${offsets([39, 40, 41, 42, 43, 44, 45, 46, 47], 'g9', [22, 23, 24, 25, 26, 27, 28, 29, 30])}`,
    MOVIE_ICON, [`darken ${MOVIE_ICON}`],
  ),
  actionButtonReturn: button(
    `${G}; ${fractions(14, [[7, 8], [3, 4], [5, 8], [3, 8], [1, 4]])}; ${offsets([19, 20, 21], 'g9', [15, 16, 18])};
      ${offsets([22, 23, 24, 25, 26], 'g11', [14, 15, 16, 17, 18])}; g27 */ g13 1 8`,
    RETURN_ICON, [`darken ${RETURN_ICON}`],
    `M g12 g21 L g22 g21 L g22 g20 A g17 g17 0 cd4 L g25 g10 A g17 g17 cd4 cd4 L g11 g21 L g26 g21 L g26 g20 A g27 g27 cd2 -5400000
      L hc g19 A g27 g27 cd4 -5400000 L g24 g21 L hc g21 L g23 g9 Z`,
  ),
  actionButtonSound: button(
    `${G}; ${fractions(14, [[1, 8], [5, 16], [5, 8], [11, 16], [3, 4], [7, 8]])}; ${offsets([20, 21, 22, 23], 'g9', [14, 15, 17, 19])};
      ${offsets([24, 25, 26], 'g11', [15, 16, 18])}`,
    'M g11 g21 L g11 g22 L g24 g22 L g25 g10 L g25 g9 L g24 g21 Z', ['darken M g11 g21 L g11 g22 L g24 g22 L g25 g10 L g25 g9 L g24 g21 Z'],
    'M g11 g21 L g24 g21 L g25 g9 L g25 g10 L g24 g22 L g11 g22 Z M g26 g21 L g12 g20 M g26 vc L g12 vc M g26 g22 L g12 g23',
  ),
};
