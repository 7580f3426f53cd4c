/**
 * Preset shape definitions (ECMA-376 Part 1 §20.1.10.56, presetShapeDefinitions): gears, frames,
 * heart, scrolls, seals, left/right arrows and braces, in the compact form of preset-geometry.ts.
 */
import type { PresetDef } from './preset-geometry';

/** The point where gear tooth `n`'s side `s` (A or D) meets the rim at angle `ang` ± ha. */
const toothAngle = (s: string, n: number) =>
  `t${s}${n}1 cos rw a${s}${n}; t${s}${n}2 sin rh a${s}${n}; b${s}${n} at2 t${s}${n}1 t${s}${n}2`;
const rimPoint = (s: string, n: number) => {
  const l = s.toLowerCase();
  return `ct${l}${n} cos rh b${s}${n}; st${l}${n} sin rw b${s}${n}; m${l}${n} mod ct${l}${n} st${l}${n} 0; n${l}${n} */ rw rh m${l}${n};
    dx${l}${n} cos n${l}${n} b${s}${n}; dy${l}${n} sin n${l}${n} b${s}${n}; x${s}${n} +- hc dx${l}${n} 0; y${s}${n} +- vc dy${l}${n} 0`;
};
/** A whole gear tooth at angle `ang` (60000ths of a degree): its rim points A, D and its tip points B, C. */
const tooth = (n: number, ang: number) => `aA${n} +- ${ang} 0 ha; aD${n} +- ${ang} ha 0; ${toothAngle('A', n)}; ${rimPoint('A', n)};
  ${toothAngle('D', n)}; ${rimPoint('D', n)}; xAD${n} +- xA${n} 0 xD${n}; yAD${n} +- yA${n} 0 yD${n}; a${n} at2 yAD${n} xAD${n};
  dxF${n} sin lFD a${n}; dyF${n} cos lFD a${n}; xF${n} +- xD${n} dxF${n} 0; yF${n} +- yD${n} dyF${n} 0; xE${n} +- xA${n} 0 dxF${n};
  yE${n} +- yA${n} 0 dyF${n}; yC${n}t sin th a${n}; xC${n}t cos th a${n}; yC${n} +- yF${n} yC${n}t 0; xC${n} +- xF${n} 0 xC${n}t;
  yB${n} +- yE${n} yC${n}t 0; xB${n} +- xE${n} 0 xC${n}t`;
const aD = (n: number, ang: number) => `aD${n} +- ${ang} ha 0; ${toothAngle('D', n)}`;
const GEAR_HEAD = (maxA2: number) => `a1 pin 0 adj1 20000; a2 pin 0 adj2 ${maxA2}; th */ ss a1 100000; lFD */ ss a2 100000; th2 */ th 1 2;
  l2 */ lFD 1 2; l3 +- th2 l2 0; rh +- hd2 0 th; rw +- wd2 0 th; dr +- rw 0 rh; maxr ?: dr rh rw; ha at2 maxr l3`;
/** The top tooth (straight up), whose points mirror about the centre line. */
const topTooth = (n: number) => `aA${n} +- 3cd4 0 ha; aD${n} +- 3cd4 ha 0; ${toothAngle('D', n)}; ${rimPoint('D', n)}; ${toothAngle('A', n)};
  xA${n} +- hc 0 dxd${n}; xF${n} +- xD${n} 0 lFD; xE${n} +- xA${n} lFD 0; yC${n} +- yD${n} 0 th`;

export const PRESET_DATA_D: Record<string, PresetDef> = {
  gear6: {
    av: 'adj1 15000 adj2 3526',
    gd: `${GEAR_HEAD(5358)}; ${tooth(1, 19800000)}; ${topTooth(6)}; swAng1 +- bA1 0 bD6; aA2 +- 1800000 0 ha; ${aD(2, 1800000)};
      ${toothAngle('A', 2)}; yA2 +- h 0 yD1; yD2 +- h 0 yA1; yC2 +- h 0 yB1; yB2 +- h 0 yC1; swAng2 +- bA2 0 bD1; ${aD(3, 5400000)};
      yD3 +- h 0 yD6; yB3 +- h 0 yC6; ${aD(4, 9000000)}; xD4 +- w 0 xD1; xC4 +- w 0 xC1; xB4 +- w 0 xB1; ${aD(5, 12600000)};
      xD5 +- w 0 xA1; xC5 +- w 0 xB1; xB5 +- w 0 xC1`,
    paths: [`M xA1 yA1 L xB1 yB1 L xC1 yC1 L xD1 yD1 A rw rh bD1 swAng2 L xC1 yB2 L xB1 yC2 L xA1 yD2 A rw rh bD2 swAng1
      L xF6 yB3 L xE6 yB3 L xA6 yD3 A rw rh bD3 swAng1 L xB4 yC2 L xC4 yB2 L xD4 yA2 A rw rh bD4 swAng2 L xB5 yC1 L xC5 yB1
      L xD5 yA1 A rw rh bD5 swAng1 L xE6 yC6 L xF6 yC6 L xD6 yD6 A rw rh bD6 swAng1 Z`],
    rect: 'xD5 yA1 xA1 yD2',
  },
  gear9: {
    av: 'adj1 10000 adj2 1763',
    gd: `${GEAR_HEAD(2679)}; ${tooth(1, 18600000)}; ${tooth(2, 21000000)}; swAng1 +- bA2 0 bD1; ${tooth(3, 1800000)};
      swAng2 +- bA3 0 bD2; ${tooth(4, 4200000)}; swAng3 +- bA4 0 bD3; aA5 +- 6600000 0 ha; ${toothAngle('A', 5)}; ${aD(5, 6600000)};
      xD5 +- w 0 xA4; xC5 +- w 0 xB4; xB5 +- w 0 xC4; swAng4 +- bA5 0 bD4; ${aD(6, 9000000)}; xD6 +- w 0 xA3; xC6 +- w 0 xB3;
      xB6 +- w 0 xC3; ${aD(7, 11400000)}; xD7 +- w 0 xA2; xC7 +- w 0 xB2; xB7 +- w 0 xC2; ${aD(8, 13800000)}; xA8 +- w 0 xD1;
      xD8 +- w 0 xA1; xC8 +- w 0 xB1; xB8 +- w 0 xC1; ${topTooth(9)}; swAng5 +- bA9 0 bD8`,
    paths: [`M xA1 yA1 L xB1 yB1 L xC1 yC1 L xD1 yD1 A rw rh bD1 swAng1 L xB2 yB2 L xC2 yC2 L xD2 yD2 A rw rh bD2 swAng2
      L xB3 yB3 L xC3 yC3 L xD3 yD3 A rw rh bD3 swAng3 L xB4 yB4 L xC4 yC4 L xD4 yD4 A rw rh bD4 swAng4 L xB5 yC4 L xC5 yB4
      L xD5 yA4 A rw rh bD5 swAng3 L xB6 yC3 L xC6 yB3 L xD6 yA3 A rw rh bD6 swAng2 L xB7 yC2 L xC7 yB2 L xD7 yA2
      A rw rh bD7 swAng1 L xB8 yC1 L xC8 yB1 L xD8 yA1 A rw rh bD8 swAng5 L xE9 yC9 L xF9 yC9 L xD9 yD9 A rw rh bD9 swAng5 Z`],
    rect: 'xA8 yD1 xD1 yD3',
  },
  halfFrame: {
    av: 'adj1 33333 adj2 33333',
    gd: `maxAdj2 */ 100000 w ss; a2 pin 0 adj2 maxAdj2; x1 */ ss a2 100000; g1 */ h x1 w; g2 +- h 0 g1; maxAdj1 */ 100000 g2 ss;
      a1 pin 0 adj1 maxAdj1; y1 */ ss a1 100000; dx2 */ y1 w h; x2 +- r 0 dx2; dy2 */ x1 h w; y2 +- b 0 dy2`,
    paths: ['M l t L r t L x2 y1 L x1 y1 L x1 y2 L l b Z'],
  },
  heart: {
    gd: 'dx1 */ w 49 48; dx2 */ w 10 48; x1 +- hc 0 dx1; x2 +- hc 0 dx2; x3 +- hc dx2 0; x4 +- hc dx1 0; y1 +- t 0 hd3; il */ w 1 6; ir */ w 5 6; ib */ h 2 3',
    paths: ['M hc hd4 C x3 y1 x4 hd4 hc b C x1 hd4 x2 y1 hc hd4 Z'],
    rect: 'il hd4 ir ib',
  },
  horizontalScroll: {
    av: 'adj 12500',
    gd: 'a pin 0 adj 25000; ch */ ss a 100000; ch2 */ ch 1 2; ch4 */ ch 1 4; y3 +- ch ch2 0; y4 +- ch ch 0; y6 +- b 0 ch; y7 +- b 0 ch2; y5 +- y6 0 ch2; x3 +- r 0 ch; x4 +- r 0 ch2',
    paths: [
      `nostroke M r ch2 A ch2 ch2 0 cd4 L x4 ch2 A ch4 ch4 0 cd2 L x3 ch L ch2 ch A ch2 ch2 3cd4 -5400000 L l y7 A ch2 ch2 cd2 -10800000
        L ch y6 L x4 y6 A ch2 ch2 cd4 -5400000 Z M ch2 y4 A ch2 ch2 cd4 -5400000 A ch4 ch4 0 -10800000 Z`,
      'nostroke darkenLess M ch2 y4 A ch2 ch2 cd4 -5400000 A ch4 ch4 0 -10800000 Z M x4 ch A ch2 ch2 cd4 -16200000 A ch4 ch4 cd2 -10800000 Z',
      `nofill M l y3 A ch2 ch2 cd2 cd4 L x3 ch L x3 ch2 A ch2 ch2 cd2 cd2 L r y5 A ch2 ch2 0 cd4 L ch y6 L ch y7 A ch2 ch2 0 cd2 Z
        M x3 ch L x4 ch A ch2 ch2 cd4 -5400000 M x4 ch L x4 ch2 A ch4 ch4 0 cd2 M ch2 y4 L ch2 y3 A ch4 ch4 cd2 cd2 A ch2 ch2 0 cd2
        M ch y3 L ch y6`,
    ],
    rect: 'ch ch x4 y6',
  },
  irregularSeal1: {
    gd: 'x5 */ w 4627 21600; x12 */ w 8485 21600; x21 */ w 16702 21600; x24 */ w 14522 21600; y3 */ h 6320 21600; y6 */ h 8615 21600; y9 */ h 13937 21600',
    paths: [`w=21600 h=21600 M 10800 5800 L 14522 0 L 14155 5325 L 18380 4457 L 16702 7315 L 21097 8137 L 17607 10475 L 21600 13290
      L 16837 12942 L 18145 18095 L 14020 14457 L 13247 19737 L 10532 14935 L 8485 21600 L 7715 15627 L 4762 17617 L 5667 13937
      L 135 14587 L 3722 11775 L 0 8615 L 4627 7617 L 370 2295 L 7312 6320 L 8352 2295 Z`],
    rect: 'x5 y3 x21 y9',
  },
  irregularSeal2: {
    gd: 'x5 */ w 5372 21600; x19 */ w 14640 21600; y3 */ h 6382 21600; y17 */ h 15935 21600',
    paths: [`w=21600 h=21600 M 11462 4342 L 14790 0 L 14525 5777 L 18007 3172 L 16380 6532 L 21600 6645 L 16985 9402 L 18270 11290
      L 16380 12310 L 18877 15632 L 14640 14350 L 14942 17370 L 12180 15935 L 11612 18842 L 9872 17370 L 8700 19712 L 7527 18125
      L 4917 21600 L 4805 18240 L 1285 17825 L 3330 15370 L 0 12877 L 3935 11592 L 1172 8270 L 5372 7817 L 4502 3625 L 8550 6382
      L 9722 1887 Z`],
    rect: 'x5 y3 x19 y17',
  },
  leftArrowCallout: {
    av: 'adj1 25000 adj2 25000 adj3 25000 adj4 64977',
    gd: `maxAdj2 */ 50000 h ss; a2 pin 0 adj2 maxAdj2; maxAdj1 */ a2 2 1; a1 pin 0 adj1 maxAdj1; maxAdj3 */ 100000 w ss;
      a3 pin 0 adj3 maxAdj3; q2 */ a3 ss w; maxAdj4 +- 100000 0 q2; a4 pin 0 adj4 maxAdj4; dy1 */ ss a2 100000; dy2 */ ss a1 200000;
      y1 +- vc 0 dy1; y2 +- vc 0 dy2; y3 +- vc dy2 0; y4 +- vc dy1 0; x1 */ ss a3 100000; dx2 */ w a4 100000; x2 +- r 0 dx2`,
    paths: ['M l vc L x1 y1 L x1 y2 L x2 y2 L x2 t L r t L r b L x2 b L x2 y3 L x1 y3 L x1 y4 Z'],
    rect: 'x2 t r b',
  },
  leftBrace: {
    av: 'adj1 8333 adj2 50000',
    gd: `a2 pin 0 adj2 100000; q1 +- 100000 0 a2; q2 min q1 a2; q3 */ q2 1 2; maxAdj1 */ q3 h ss; a1 pin 0 adj1 maxAdj1;
      y1 */ ss a1 100000; y3 */ h a2 100000; y4 +- y3 y1 0; dx1 cos wd2 2700000; dy1 sin y1 2700000; il +- r 0 dx1; it +- y1 0 dy1;
      ib +- b dy1 y1`,
    paths: [
      'nostroke M r b A wd2 y1 cd4 cd4 L hc y4 A wd2 y1 0 -5400000 A wd2 y1 cd4 -5400000 L hc y1 A wd2 y1 cd2 cd4 Z',
      'nofill M r b A wd2 y1 cd4 cd4 L hc y4 A wd2 y1 0 -5400000 A wd2 y1 cd4 -5400000 L hc y1 A wd2 y1 cd2 cd4',
    ],
    rect: 'il it r ib',
  },
  leftBracket: {
    av: 'adj 8333',
    gd: `maxAdj */ 50000 h ss; a pin 0 adj maxAdj; y1 */ ss a 100000; dx1 cos w 2700000; dy1 sin y1 2700000; il +- r 0 dx1;
      it +- y1 0 dy1; ib +- b dy1 y1`,
    paths: ['nostroke M r b A w y1 cd4 cd4 L l y1 A w y1 cd2 cd4 Z', 'nofill M r b A w y1 cd4 cd4 L l y1 A w y1 cd2 cd4'],
    rect: 'il it r ib',
  },
  leftRightArrow: {
    av: 'adj1 50000 adj2 50000',
    gd: `maxAdj2 */ 50000 w ss; a1 pin 0 adj1 100000; a2 pin 0 adj2 maxAdj2; x2 */ ss a2 100000; x3 +- r 0 x2; dy */ h a1 200000;
      y1 +- vc 0 dy; y2 +- vc dy 0; dx1 */ y1 x2 hd2; x1 +- x2 0 dx1; x4 +- x3 dx1 0`,
    paths: ['M l vc L x2 t L x2 y1 L x3 y1 L x3 t L r vc L x3 b L x3 y2 L x2 y2 L x2 b Z'],
    rect: 'x1 y1 x4 y2',
  },
  leftRightArrowCallout: {
    av: 'adj1 25000 adj2 25000 adj3 25000 adj4 48123',
    gd: `maxAdj2 */ 50000 h ss; a2 pin 0 adj2 maxAdj2; maxAdj1 */ a2 2 1; a1 pin 0 adj1 maxAdj1; maxAdj3 */ 50000 w ss;
      a3 pin 0 adj3 maxAdj3; q2 */ a3 ss wd2; maxAdj4 +- 100000 0 q2; a4 pin 0 adj4 maxAdj4; dy1 */ ss a2 100000; dy2 */ ss a1 200000;
      y1 +- vc 0 dy1; y2 +- vc 0 dy2; y3 +- vc dy2 0; y4 +- vc dy1 0; x1 */ ss a3 100000; x4 +- r 0 x1; dx2 */ w a4 200000;
      x2 +- hc 0 dx2; x3 +- hc dx2 0`,
    paths: ['M l vc L x1 y1 L x1 y2 L x2 y2 L x2 t L x3 t L x3 y2 L x4 y2 L x4 y1 L r vc L x4 y4 L x4 y3 L x3 y3 L x3 b L x2 b L x2 y3 L x1 y3 L x1 y4 Z'],
    rect: 'x2 t x3 b',
  },
};
