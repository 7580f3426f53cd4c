/**
 * Text rectangles (ECMA-376 Part 1 §20.1.10.56, presetShapeDefinitions a:rect) of the presets whose
 * outlines geometry.ts draws by hand: the guides they need and the rectangle, without paths.
 */
import type { PresetDef } from './preset-geometry';

const INSCRIBED = 'idx cos wd2 2700000; idy sin hd2 2700000; il +- hc 0 idx; ir +- hc idx 0; it +- vc 0 idy; ib +- vc idy 0';
const STAR_INNER = 'a pin 0 adj 50000; iwd2 */ wd2 a 50000; ihd2 */ hd2 a 50000';
const STAR_ROUND = `${STAR_INNER}; idx cos iwd2 2700000; idy sin ihd2 2700000; il +- hc 0 idx; it +- vc 0 idy; ir +- hc idx 0; ib +- vc idy 0`;
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
  flowChartTerminator: { gd: 'il */ w 1018 21600; ir */ w 20582 21600; it */ h 3163 21600; ib */ h 18437 21600', paths: [], rect: 'il it ir ib' },
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
  pentagon: {
    av: 'hf 105146 vf 110557',
    gd: `swd2 */ wd2 hf 100000; shd2 */ hd2 vf 100000; svc */ vc vf 100000; dx1 cos swd2 1080000; dx2 cos swd2 18360000;
      dy1 sin shd2 1080000; dy2 sin shd2 18360000; x2 +- hc 0 dx2; x3 +- hc dx2 0; y1 +- svc 0 dy1; y2 +- svc 0 dy2; it */ y1 dx2 dx1`,
    paths: [], rect: 'x2 it x3 y2',
  },
  heptagon: {
    av: 'hf 102572 vf 105210',
    gd: `swd2 */ wd2 hf 100000; shd2 */ hd2 vf 100000; svc */ vc vf 100000; dx2 */ swd2 78183 100000; dy1 */ shd2 62349 100000;
      x2 +- hc 0 dx2; x5 +- hc dx2 0; y1 +- svc 0 dy1; ib +- b 0 y1`,
    paths: [], rect: 'x2 y1 x5 ib',
  },
  decagon: {
    av: 'vf 105146',
    gd: 'shd2 */ hd2 vf 100000; dx1 cos wd2 2160000; x1 +- hc 0 dx1; x4 +- hc dx1 0; dy2 sin shd2 2160000; y2 +- vc 0 dy2; y3 +- vc dy2 0',
    paths: [], rect: 'x1 y2 x4 y3',
  },
  dodecagon: { gd: 'x1 */ w 2894 21600; x4 */ w 18706 21600; y1 */ h 2894 21600; y4 */ h 18706 21600', paths: [], rect: 'x1 y1 x4 y4' },
  star4: {
    av: 'adj 12500',
    gd: `${STAR_INNER}; sdx cos iwd2 2700000; sdy sin ihd2 2700000; sx1 +- hc 0 sdx; sx2 +- hc sdx 0; sy1 +- vc 0 sdy; sy2 +- vc sdy 0`,
    paths: [], rect: 'sx1 sy1 sx2 sy2',
  },
  star5: {
    av: 'adj 19098 hf 105146 vf 110557',
    gd: `a pin 0 adj 50000; swd2 */ wd2 hf 100000; shd2 */ hd2 vf 100000; svc */ vc vf 100000; iwd2 */ swd2 a 50000;
      ihd2 */ shd2 a 50000; sdx1 cos iwd2 20520000; sdy1 sin ihd2 3240000; sx1 +- hc 0 sdx1; sx4 +- hc sdx1 0; sy1 +- svc 0 sdy1;
      sy3 +- svc ihd2 0`,
    paths: [], rect: 'sx1 sy1 sx4 sy3',
  },
  star6: {
    av: 'adj 28868 hf 115470',
    gd: `a pin 0 adj 50000; swd2 */ wd2 hf 100000; iwd2 */ swd2 a 50000; ihd2 */ hd2 a 50000; sx1 +- hc 0 iwd2; sx4 +- hc iwd2 0;
      sdy1 sin ihd2 3600000; sy1 +- vc 0 sdy1; sy2 +- vc sdy1 0`,
    paths: [], rect: 'sx1 sy1 sx4 sy2',
  },
  star7: {
    av: 'adj 34601 hf 102572 vf 105210',
    gd: `a pin 0 adj 50000; swd2 */ wd2 hf 100000; shd2 */ hd2 vf 100000; svc */ vc vf 100000; iwd2 */ swd2 a 50000;
      ihd2 */ shd2 a 50000; sdx2 */ iwd2 78183 100000; sx2 +- hc 0 sdx2; sx5 +- hc sdx2 0; sdy1 */ ihd2 90097 100000;
      sdy3 */ ihd2 62349 100000; sy1 +- svc 0 sdy1; sy3 +- svc sdy3 0`,
    paths: [], rect: 'sx2 sy1 sx5 sy3',
  },
  star8: {
    av: 'adj 37500',
    gd: `${STAR_INNER}; sdx1 */ iwd2 92388 100000; sdy1 */ ihd2 92388 100000; sx1 +- hc 0 sdx1; sx4 +- hc sdx1 0; sy1 +- vc 0 sdy1;
      sy4 +- vc sdy1 0`,
    paths: [], rect: 'sx1 sy1 sx4 sy4',
  },
  star10: {
    av: 'adj 42533 hf 105146',
    gd: `a pin 0 adj 50000; swd2 */ wd2 hf 100000; iwd2 */ swd2 a 50000; ihd2 */ hd2 a 50000; sdx1 */ iwd2 80902 100000;
      sdy2 */ ihd2 58779 100000; sx2 +- hc 0 sdx1; sx5 +- hc sdx1 0; sy2 +- vc 0 sdy2; sy3 +- vc sdy2 0`,
    paths: [], rect: 'sx2 sy2 sx5 sy3',
  },
  star12: {
    av: 'adj 37500',
    gd: `${STAR_INNER}; sdx2 cos iwd2 2700000; sdy2 sin ihd2 2700000; sx2 +- hc 0 sdx2; sx5 +- hc sdx2 0; sy2 +- vc 0 sdy2; sy5 +- vc sdy2 0`,
    paths: [], rect: 'sx2 sy2 sx5 sy5',
  },
  star16: { av: 'adj 37500', gd: STAR_ROUND, paths: [], rect: 'il it ir ib' },
  star24: { av: 'adj 37500', gd: STAR_ROUND, paths: [], rect: 'il it ir ib' },
  star32: { av: 'adj 37500', gd: STAR_ROUND, paths: [], rect: 'il it ir ib' },
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
  frame: { av: 'adj1 12500', gd: 'a1 pin 0 adj1 50000; x1 */ ss a1 100000; x4 +- r 0 x1; y4 +- b 0 x1', paths: [], rect: 'x1 x1 x4 y4' },
  can: {
    av: 'adj 25000', gd: 'maxAdj */ 50000 h ss; a pin 0 adj maxAdj; y1 */ ss a 200000; y2 +- y1 y1 0; y3 +- b 0 y1', paths: [], rect: 'l y2 r y3',
  },
};
