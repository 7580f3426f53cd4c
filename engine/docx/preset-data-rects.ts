/**
 * Text rectangles (ECMA-376 Part 1 §20.1.10.56, presetShapeDefinitions a:rect) of the presets whose
 * outlines geometry.ts draws by hand: the guides they need and the rectangle, without paths.
 */
import type { PresetDef } from './preset-geometry';

const INSCRIBED = 'idx cos wd2 2700000; idy sin hd2 2700000; il +- hc 0 idx; ir +- hc idx 0; it +- vc 0 idy; ib +- vc idy 0';
const DIAMOND: PresetDef = { gd: 'ir */ w 3 4; ib */ h 3 4', paths: [], rect: 'wd4 hd4 ir ib' };
const ROUND: PresetDef = { gd: INSCRIBED, paths: [], rect: 'il it ir ib' };
const AV_ARROW = 'adj1 50000 adj2 50000';

export const PRESET_TEXT_RECTS: Record<string, PresetDef> = {
  ellipse: ROUND,
  flowChartConnector: ROUND,
  diamond: DIAMOND,
  flowChartDecision: DIAMOND,
  roundRect: {
    av: 'adj 16667', gd: 'a pin 0 adj 50000; x1 */ ss a 100000; il */ x1 29289 100000; ir +- r 0 il; ib +- b 0 il', paths: [], rect: 'il il ir ib',
  },
  flowChartAlternateProcess: { gd: 'il */ ssd6 29289 100000; ir +- r 0 il; ib +- b 0 il', paths: [], rect: 'il il ir ib' },
  flowChartManualOperation: { gd: 'x3 */ w 4 5', paths: [], rect: 'wd5 t x3 b' },
  triangle: { av: 'adj 50000', gd: 'a pin 0 adj 100000; x1 */ w a 200000; x3 +- x1 wd2 0', paths: [], rect: 'x1 vc x3 b' },
  rtTriangle: { gd: 'it */ h 7 12; ir */ w 7 12; ib */ h 11 12', paths: [], rect: 'wd12 it ir ib' },
  parallelogram: {
    av: 'adj 25000',
    gd: 'maxAdj */ 100000 w ss; a pin 0 adj maxAdj; q1 */ 5 a maxAdj; q2 +/ 1 q1 12; il */ q2 w 1; it */ q2 h 1; ir +- r 0 il; ib +- b 0 it',
    paths: [], rect: 'il it ir ib',
  },
  trapezoid: {
    av: 'adj 25000', gd: 'maxAdj */ 50000 w ss; a pin 0 adj maxAdj; il */ wd3 a maxAdj; it */ hd3 a maxAdj; ir +- r 0 il', paths: [], rect: 'il it ir b',
  },
  hexagon: {
    av: 'adj 25000 vf 115470',
    gd: `maxAdj */ 50000 w ss; a pin 0 adj maxAdj; q1 */ maxAdj -1 2; q2 +- a q1 0; q3 ?: q2 4 2; q4 ?: q2 3 2; q5 ?: q2 q1 0;
      q6 +/ a q5 q1; q7 */ q6 q4 -1; q8 +- q3 q7 0; il */ w q8 24; it */ h q8 24; ir +- r 0 il; ib +- b 0 it`,
    paths: [], rect: 'il it ir ib',
  },
  octagon: { av: 'adj 29289', gd: 'a pin 0 adj 50000; x1 */ ss a 100000; il */ x1 1 2; ir +- r 0 il; ib +- b 0 il', paths: [], rect: 'il il ir ib' },
  mathPlus: {
    av: 'adj1 23520',
    gd: 'a1 pin 0 adj1 73490; dx1 */ w 73490 200000; dx2 */ ss a1 200000; x1 +- hc 0 dx1; x4 +- hc dx1 0; y2 +- vc 0 dx2; y3 +- vc dx2 0',
    paths: [], rect: 'x1 y2 x4 y3',
  },
  mathMinus: {
    av: 'adj1 23520',
    gd: 'a1 pin 0 adj1 100000; dy1 */ h a1 200000; dx1 */ w 73490 200000; y1 +- vc 0 dy1; y2 +- vc dy1 0; x1 +- hc 0 dx1; x2 +- hc dx1 0',
    paths: [], rect: 'x1 y1 x2 y2',
  },
  plus: {
    av: 'adj 25000',
    gd: 'a pin 0 adj 50000; x1 */ ss a 100000; x2 +- r 0 x1; y2 +- b 0 x1; d +- w 0 h; il ?: d l x1; ir ?: d r x2; it ?: d x1 t; ib ?: d y2 b',
    paths: [], rect: 'il it ir ib',
  },
  rightArrow: {
    av: AV_ARROW,
    gd: `maxAdj2 */ 100000 w ss; a1 pin 0 adj1 100000; a2 pin 0 adj2 maxAdj2; dx1 */ ss a2 100000; x1 +- r 0 dx1; dy1 */ h a1 200000;
      y1 +- vc 0 dy1; y2 +- vc dy1 0; dx2 */ y1 dx1 hd2; x2 +- x1 dx2 0`,
    paths: [], rect: 'l y1 x2 y2',
  },
  leftArrow: {
    av: AV_ARROW,
    gd: `maxAdj2 */ 100000 w ss; a1 pin 0 adj1 100000; a2 pin 0 adj2 maxAdj2; dx2 */ ss a2 100000; x2 +- l dx2 0; dy1 */ h a1 200000;
      y1 +- vc 0 dy1; y2 +- vc dy1 0; dx1 */ y1 dx2 hd2; x1 +- x2 0 dx1`,
    paths: [], rect: 'x1 y1 r y2',
  },
  downArrow: {
    av: AV_ARROW,
    gd: `maxAdj2 */ 100000 h ss; a1 pin 0 adj1 100000; a2 pin 0 adj2 maxAdj2; dy1 */ ss a2 100000; y1 +- b 0 dy1; dx1 */ w a1 200000;
      x1 +- hc 0 dx1; x2 +- hc dx1 0; dy2 */ x1 dy1 wd2; y2 +- y1 dy2 0`,
    paths: [], rect: 'x1 t x2 y2',
  },
  upArrow: {
    av: AV_ARROW,
    gd: `maxAdj2 */ 100000 h ss; a1 pin 0 adj1 100000; a2 pin 0 adj2 maxAdj2; dy2 */ ss a2 100000; y2 +- t dy2 0; dx1 */ w a1 200000;
      x1 +- hc 0 dx1; x2 +- hc dx1 0; dy1 */ x1 dy2 wd2; y1 +- y2 0 dy1`,
    paths: [], rect: 'x1 y1 x2 b',
  },
  chevron: {
    av: 'adj 50000',
    gd: 'maxAdj */ 100000 w ss; a pin 0 adj maxAdj; x1 */ ss a 100000; x2 +- r 0 x1; dx +- x2 0 x1; il ?: dx x1 l; ir ?: dx x2 r',
    paths: [], rect: 'il t ir b',
  },
  homePlate: {
    av: 'adj 50000', gd: 'maxAdj */ 100000 w ss; a pin 0 adj maxAdj; dx1 */ ss a 100000; x1 +- r 0 dx1; ir +/ x1 r 2', paths: [], rect: 'l t ir b',
  },
};
