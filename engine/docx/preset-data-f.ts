/**
 * Preset shape definitions (ECMA-376 Part 1 §20.1.10.56, presetShapeDefinitions): plaques, quad
 * arrows, ribbons, right braces, rounded and snipped rectangles, smiley face, tabs, in the compact
 * form of preset-geometry.ts.
 */
import type { PresetDef } from './preset-geometry';

const TABS = 'md mod w h 0; dx */ 1 md 20; y1 +- 0 b dx; x1 +- 0 r dx';
const RIBBON = `a1 pin 0 adj1 33333; a2 pin 25000 adj2 75000; x10 +- r 0 wd8; dx2 */ w a2 200000; x2 +- hc 0 dx2; x9 +- hc dx2 0;
  x3 +- x2 wd32 0; x8 +- x9 0 wd32; x5 +- x2 wd8 0; x6 +- x9 0 wd8; x4 +- x5 0 wd32; x7 +- x6 wd32 0; hR */ h a1 400000`;
const RIBBON_OUTLINE = `M l t L x4 t A wd32 hR 3cd4 cd2 L x3 y1 A wd32 hR 3cd4 -10800000 L x8 y2 A wd32 hR cd4 -10800000 L x7 y1
  A wd32 hR cd4 cd2 L r t L x10 y3 L r y4 L x9 y4 L x9 y5 A wd32 hR 0 cd4 L x3 b A wd32 hR cd4 cd4 L x2 y4 L l y4 L wd8 y3 Z`;
const RIBBON2_OUTLINE = `M l b L x4 b A wd32 hR cd4 -10800000 L x3 y1 A wd32 hR cd4 cd2 L x8 y2 A wd32 hR 3cd4 cd2 L x7 y1
  A wd32 hR 3cd4 -10800000 L r b L x10 y3 L r y4 L x9 y4 L x9 hR A wd32 hR 0 -5400000 L x3 t A wd32 hR 3cd4 -5400000 L x2 y4
  L l y4 L wd8 y3 Z`;
const ARROW_CALLOUT = `a1 pin 0 adj1 maxAdj1; maxAdj3 */ 100000 w ss; a3 pin 0 adj3 maxAdj3; q2 */ a3 ss w; maxAdj4 +- 100000 0 q2;
  a4 pin 0 adj4 maxAdj4; dy1 */ ss a2 100000; dy2 */ ss a1 200000; y1 +- vc 0 dy1; y2 +- vc 0 dy2; y3 +- vc dy2 0; y4 +- vc dy1 0`;

export const PRESET_DATA_F: Record<string, PresetDef> = {
  plaque: {
    av: 'adj 16667',
    gd: 'a pin 0 adj 50000; x1 */ ss a 100000; x2 +- r 0 x1; y2 +- b 0 x1; il */ x1 70711 100000; ir +- r 0 il; ib +- b 0 il',
    paths: ['M l x1 A x1 x1 cd4 -5400000 L x2 t A x1 x1 cd2 -5400000 L r y2 A x1 x1 3cd4 -5400000 L x1 b A x1 x1 0 -5400000 Z'],
    rect: 'il il ir ib',
  },
  plaqueTabs: {
    gd: TABS,
    paths: ['M l t L dx t A dx dx 0 cd4 Z', 'M l y1 A dx dx 3cd4 cd4 L l b Z', 'M r t L r dx A dx dx cd4 cd4 Z', 'M x1 b A dx dx cd2 cd4 L r b Z'],
    rect: 'dx dx x1 y1',
  },
  quadArrow: {
    av: 'adj1 22500 adj2 22500 adj3 22500',
    gd: `a2 pin 0 adj2 50000; maxAdj1 */ a2 2 1; a1 pin 0 adj1 maxAdj1; q1 +- 100000 0 maxAdj1; maxAdj3 */ q1 1 2;
      a3 pin 0 adj3 maxAdj3; x1 */ ss a3 100000; dx2 */ ss a2 100000; x2 +- hc 0 dx2; x5 +- hc dx2 0; dx3 */ ss a1 200000;
      x3 +- hc 0 dx3; x4 +- hc dx3 0; x6 +- r 0 x1; y2 +- vc 0 dx2; y5 +- vc dx2 0; y3 +- vc 0 dx3; y4 +- vc dx3 0; y6 +- b 0 x1;
      il */ dx3 x1 dx2; ir +- r 0 il`,
    paths: [`M l vc L x1 y2 L x1 y3 L x3 y3 L x3 x1 L x2 x1 L hc t L x5 x1 L x4 x1 L x4 y3 L x6 y3 L x6 y2 L r vc L x6 y5 L x6 y4
      L x4 y4 L x4 y6 L x5 y6 L hc b L x2 y6 L x3 y6 L x3 y4 L x1 y4 L x1 y5 Z`],
    rect: 'il y3 ir y4',
  },
  quadArrowCallout: {
    av: 'adj1 18515 adj2 18515 adj3 18515 adj4 48123',
    gd: `a2 pin 0 adj2 50000; maxAdj1 */ a2 2 1; a1 pin 0 adj1 maxAdj1; maxAdj3 +- 50000 0 a2; a3 pin 0 adj3 maxAdj3; q2 */ a3 2 1;
      maxAdj4 +- 100000 0 q2; a4 pin a1 adj4 maxAdj4; dx2 */ ss a2 100000; dx3 */ ss a1 200000; ah */ ss a3 100000;
      dx1 */ w a4 200000; dy1 */ h a4 200000; x8 +- r 0 ah; x2 +- hc 0 dx1; x7 +- hc dx1 0; x3 +- hc 0 dx2; x6 +- hc dx2 0;
      x4 +- hc 0 dx3; x5 +- hc dx3 0; y8 +- b 0 ah; y2 +- vc 0 dy1; y7 +- vc dy1 0; y3 +- vc 0 dx2; y6 +- vc dx2 0; y4 +- vc 0 dx3;
      y5 +- vc dx3 0`,
    paths: [`M l vc L ah y3 L ah y4 L x2 y4 L x2 y2 L x4 y2 L x4 ah L x3 ah L hc t L x6 ah L x5 ah L x5 y2 L x7 y2 L x7 y4 L x8 y4
      L x8 y3 L r vc L x8 y6 L x8 y5 L x7 y5 L x7 y7 L x5 y7 L x5 y8 L x6 y8 L hc b L x3 y8 L x4 y8 L x4 y7 L x2 y7 L x2 y5 L ah y5
      L ah y6 Z`],
    rect: 'x2 y2 x7 y7',
  },
  ribbon: {
    av: 'adj1 16667 adj2 50000',
    gd: `${RIBBON}; y1 */ h a1 200000; y2 */ h a1 100000; y4 +- b 0 y2; y3 */ y4 1 2; y5 +- b 0 hR; y6 +- y2 0 hR`,
    paths: [
      `nostroke ${RIBBON_OUTLINE}`,
      `nostroke darkenLess M x5 hR A wd32 hR 0 cd4 L x3 y1 A wd32 hR 3cd4 -10800000 L x5 y2 Z M x6 hR A wd32 hR cd2 -5400000 L x8 y1
        A wd32 hR 3cd4 cd2 L x6 y2 Z`,
      `nofill ${RIBBON_OUTLINE} M x5 hR L x5 y2 M x6 y2 L x6 hR M x2 y4 L x2 y6 M x9 y6 L x9 y4`,
    ],
    rect: 'x2 y2 x9 b',
  },
  ribbon2: {
    av: 'adj1 16667 adj2 50000',
    gd: `${RIBBON}; dy1 */ h a1 200000; y1 +- b 0 dy1; dy2 */ h a1 100000; y2 +- b 0 dy2; y4 +- t dy2 0; y3 +/ y4 b 2;
      y6 +- b 0 hR; y7 +- y1 0 hR`,
    paths: [
      `nostroke ${RIBBON2_OUTLINE}`,
      `nostroke darkenLess M x5 y6 A wd32 hR 0 -5400000 L x3 y1 A wd32 hR cd4 cd2 L x5 y2 Z M x6 y6 A wd32 hR cd2 cd4 L x8 y1
        A wd32 hR cd4 -10800000 L x6 y2 Z`,
      `nofill M l b L wd8 y3 L l y4 L x2 y4 L x2 hR A wd32 hR cd2 cd4 L x8 t A wd32 hR 3cd4 cd4 L x9 y4 L x9 y4 L r y4 L x10 y3
        L r b L x7 b A wd32 hR cd4 cd2 L x8 y1 A wd32 hR cd4 -10800000 L x3 y2 A wd32 hR 3cd4 -10800000 L x4 y1 A wd32 hR 3cd4 cd2 Z
        M x5 y2 L x5 y6 M x6 y6 L x6 y2 M x2 y7 L x2 y4 M x9 y4 L x9 y7`,
    ],
    rect: 'x2 t x9 y2',
  },
  rightArrowCallout: {
    av: 'adj1 25000 adj2 25000 adj3 25000 adj4 64977',
    gd: `maxAdj2 */ 50000 h ss; a2 pin 0 adj2 maxAdj2; maxAdj1 */ a2 2 1; ${ARROW_CALLOUT}; dx3 */ ss a3 100000; x3 +- r 0 dx3;
      x2 */ w a4 100000`,
    paths: ['M l t L x2 t L x2 y2 L x3 y2 L x3 y1 L r vc L x3 y4 L x3 y3 L x2 y3 L x2 b L l b Z'],
    rect: 'l t x2 b',
  },
  rightBrace: {
    av: 'adj1 8333 adj2 50000',
    gd: `a2 pin 0 adj2 100000; q1 +- 100000 0 a2; q2 min q1 a2; q3 */ q2 1 2; maxAdj1 */ q3 h ss; a1 pin 0 adj1 maxAdj1;
      y1 */ ss a1 100000; y3 */ h a2 100000; y2 +- y3 0 y1; y4 +- b 0 y1; dx1 cos wd2 2700000; dy1 sin y1 2700000; ir +- l dx1 0;
      it +- y1 0 dy1; ib +- b dy1 y1`,
    paths: [
      'nostroke M l t A wd2 y1 3cd4 cd4 L hc y2 A wd2 y1 cd2 -5400000 A wd2 y1 3cd4 -5400000 L hc y4 A wd2 y1 0 cd4 Z',
      'nofill M l t A wd2 y1 3cd4 cd4 L hc y2 A wd2 y1 cd2 -5400000 A wd2 y1 3cd4 -5400000 L hc y4 A wd2 y1 0 cd4',
    ],
    rect: 'l it ir ib',
  },
  rightBracket: {
    av: 'adj 8333',
    gd: `maxAdj */ 50000 h ss; a pin 0 adj maxAdj; y1 */ ss a 100000; y2 +- b 0 y1; dx1 cos w 2700000; dy1 sin y1 2700000;
      ir +- l dx1 0; it +- y1 0 dy1; ib +- b dy1 y1`,
    paths: ['nostroke M l t A w y1 3cd4 cd4 L r y2 A w y1 0 cd4 Z', 'nofill M l t A w y1 3cd4 cd4 L r y2 A w y1 0 cd4'],
    rect: 'l it ir ib',
  },
  round1Rect: {
    av: 'adj 16667',
    gd: 'a pin 0 adj 50000; dx1 */ ss a 100000; x1 +- r 0 dx1; idx */ dx1 29289 100000; ir +- r 0 idx',
    paths: ['M l t L x1 t A dx1 dx1 3cd4 cd4 L r b L l b Z'],
    rect: 'l t ir b',
  },
  round2DiagRect: {
    av: 'adj1 16667 adj2 0',
    gd: `a1 pin 0 adj1 50000; a2 pin 0 adj2 50000; x1 */ ss a1 100000; y1 +- b 0 x1; a */ ss a2 100000; x2 +- r 0 a; y2 +- b 0 a;
      dx1 */ x1 29289 100000; dx2 */ a 29289 100000; d +- dx1 0 dx2; dx ?: d dx1 dx2; ir +- r 0 dx; ib +- b 0 dx`,
    paths: ['M x1 t L x2 t A a a 3cd4 cd4 L r y1 A x1 x1 0 cd4 L a b A a a cd4 cd4 L l x1 A x1 x1 cd2 cd4 Z'],
    rect: 'dx dx ir ib',
  },
  round2SameRect: {
    av: 'adj1 16667 adj2 0',
    gd: `a1 pin 0 adj1 50000; a2 pin 0 adj2 50000; tx1 */ ss a1 100000; tx2 +- r 0 tx1; bx1 */ ss a2 100000; by1 +- b 0 bx1;
      d +- tx1 0 bx1; tdx */ tx1 29289 100000; bdx */ bx1 29289 100000; il ?: d tdx bdx; ir +- r 0 il; ib +- b 0 bdx`,
    paths: ['M tx1 t L tx2 t A tx1 tx1 3cd4 cd4 L r by1 A bx1 bx1 0 cd4 L bx1 b A bx1 bx1 cd4 cd4 L l tx1 A tx1 tx1 cd2 cd4 Z'],
    rect: 'il tdx ir ib',
  },
  smileyFace: {
    av: 'adj 4653',
    gd: `a pin -4653 adj 4653; x1 */ w 4969 21699; x2 */ w 6215 21600; x3 */ w 13135 21600; x4 */ w 16640 21600; y1 */ h 7570 21600;
      y3 */ h 16515 21600; dy2 */ h a 100000; y2 +- y3 0 dy2; y4 +- y3 dy2 0; dy3 */ h a 50000; y5 +- y4 dy3 0;
      idx cos wd2 2700000; idy sin hd2 2700000; il +- hc 0 idx; ir +- hc idx 0; it +- vc 0 idy; ib +- vc idy 0; wR */ w 1125 21600;
      hR */ h 1125 21600`,
    paths: [
      'nostroke M l vc A wd2 hd2 cd2 21600000 Z', 'darkenLess M x2 y1 A wR hR cd2 21600000 M x3 y1 A wR hR cd2 21600000',
      'nofill M x1 y2 Q hc y5 x4 y2', 'nofill M l vc A wd2 hd2 cd2 21600000 Z',
    ],
    rect: 'il it ir ib',
  },
  snip1Rect: {
    av: 'adj 16667',
    gd: 'a pin 0 adj 50000; dx1 */ ss a 100000; x1 +- r 0 dx1; it */ dx1 1 2; ir +/ x1 r 2',
    paths: ['M l t L x1 t L r dx1 L r b L l b Z'],
    rect: 'l it ir b',
  },
  snip2DiagRect: {
    av: 'adj1 0 adj2 16667',
    gd: `a1 pin 0 adj1 50000; a2 pin 0 adj2 50000; lx1 */ ss a1 100000; lx2 +- r 0 lx1; ly1 +- b 0 lx1; rx1 */ ss a2 100000;
      rx2 +- r 0 rx1; ry1 +- b 0 rx1; d +- lx1 0 rx1; dx ?: d lx1 rx1; il */ dx 1 2; ir +- r 0 il; ib +- b 0 il`,
    paths: ['M lx1 t L rx2 t L r rx1 L r ly1 L lx2 b L rx1 b L l ry1 L l lx1 Z'],
    rect: 'il il ir ib',
  },
  snip2SameRect: {
    av: 'adj1 16667 adj2 0',
    gd: `a1 pin 0 adj1 50000; a2 pin 0 adj2 50000; tx1 */ ss a1 100000; tx2 +- r 0 tx1; bx1 */ ss a2 100000; bx2 +- r 0 bx1;
      by1 +- b 0 bx1; d +- tx1 0 bx1; dx ?: d tx1 bx1; il */ dx 1 2; ir +- r 0 il; it */ tx1 1 2; ib +/ by1 b 2`,
    paths: ['M tx1 t L tx2 t L r tx1 L r by1 L bx2 b L bx1 b L l by1 L l tx1 Z'],
    rect: 'il it ir ib',
  },
  snipRoundRect: {
    av: 'adj1 16667 adj2 16667',
    gd: 'a1 pin 0 adj1 50000; a2 pin 0 adj2 50000; x1 */ ss a1 100000; dx2 */ ss a2 100000; x2 +- r 0 dx2; il */ x1 29289 100000; ir +/ x2 r 2',
    paths: ['M x1 t L x2 t L r dx2 L r b L l b L l x1 A x1 x1 cd2 cd4 Z'],
    rect: 'il il ir b',
  },
  squareTabs: {
    gd: TABS,
    paths: ['M l t L dx t L dx dx L l dx Z', 'M l y1 L dx y1 L dx b L l b Z', 'M x1 t L r t L r dx L x1 dx Z', 'M x1 y1 L r y1 L r b L x1 b Z'],
    rect: 'dx dx x1 y1',
  },
};
