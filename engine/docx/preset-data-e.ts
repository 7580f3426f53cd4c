/**
 * Preset shape definitions (ECMA-376 Part 1 §20.1.10.56, presetShapeDefinitions): ribbons, arrows,
 * lightning bolt, math signs, moon, no-smoking sign, pie, in the compact form of preset-geometry.ts.
 */
import type { PresetDef } from './preset-geometry';

const INSCRIBED = 'idx cos wd2 2700000; idy sin hd2 2700000; il +- hc 0 idx; ir +- hc idx 0; it +- vc 0 idy; ib +- vc idy 0';
const MATH_W = 'dx1 */ w 73490 200000; x1 +- hc 0 dx1';

export const PRESET_DATA_E: Record<string, PresetDef> = {
  leftRightRibbon: {
    av: 'adj1 50000 adj2 50000 adj3 16667',
    gd: `a3 pin 0 adj3 33333; maxAdj1 +- 100000 0 a3; a1 pin 0 adj1 maxAdj1; w1 +- wd2 0 wd32; maxAdj2 */ 100000 w1 ss;
      a2 pin 0 adj2 maxAdj2; x1 */ ss a2 100000; x4 +- r 0 x1; dy1 */ h a1 200000; dy2 */ h a3 -200000; ly1 +- vc dy2 dy1;
      ry4 +- vc dy1 dy2; ly2 +- ly1 dy1 0; ry3 +- b 0 ly2; ly4 */ ly2 2 1; ry1 +- b 0 ly4; ly3 +- ly4 0 ly1; ry2 +- b 0 ly3;
      hR */ a3 ss 400000; x2 +- hc 0 wd32; x3 +- hc wd32 0; y1 +- ly1 hR 0; y2 +- ry2 0 hR`,
    paths: [
      `nostroke M l ly2 L x1 t L x1 ly1 L hc ly1 A wd32 hR 3cd4 cd2 A wd32 hR 3cd4 -10800000 L x4 ry2 L x4 ry1 L r ry3 L x4 b L x4 ry4
        L hc ry4 A wd32 hR cd4 cd4 L x2 ly3 L x1 ly3 L x1 ly4 Z`,
      'nostroke darkenLess M x3 y1 A wd32 hR 0 cd4 A wd32 hR 3cd4 -10800000 L x3 ry2 Z',
      `nofill M l ly2 L x1 t L x1 ly1 L hc ly1 A wd32 hR 3cd4 cd2 A wd32 hR 3cd4 -10800000 L x4 ry2 L x4 ry1 L r ry3 L x4 b L x4 ry4
        L hc ry4 A wd32 hR cd4 cd4 L x2 ly3 L x1 ly3 L x1 ly4 Z M x3 y1 L x3 ry2 M x2 y2 L x2 ly3`,
    ],
    rect: 'x1 ly1 x4 ry4',
  },
  leftRightUpArrow: {
    av: 'adj1 25000 adj2 25000 adj3 25000',
    gd: `a2 pin 0 adj2 50000; maxAdj1 */ a2 2 1; a1 pin 0 adj1 maxAdj1; q1 +- 100000 0 maxAdj1; maxAdj3 */ q1 1 2;
      a3 pin 0 adj3 maxAdj3; x1 */ ss a3 100000; dx2 */ ss a2 100000; x2 +- hc 0 dx2; x5 +- hc dx2 0; dx3 */ ss a1 200000;
      x3 +- hc 0 dx3; x4 +- hc dx3 0; x6 +- r 0 x1; dy2 */ ss a2 50000; y2 +- b 0 dy2; y4 +- b 0 dx2; y3 +- y4 0 dx3; y5 +- y4 dx3 0;
      il */ dx3 x1 dx2; ir +- r 0 il`,
    paths: ['M l y4 L x1 y2 L x1 y3 L x3 y3 L x3 x1 L x2 x1 L hc t L x5 x1 L x4 x1 L x4 y3 L x6 y3 L x6 y2 L r y4 L x6 b L x6 y5 L x1 y5 L x1 b Z'],
    rect: 'il y3 ir y5',
  },
  leftUpArrow: {
    av: 'adj1 25000 adj2 25000 adj3 25000',
    gd: `a2 pin 0 adj2 50000; maxAdj1 */ a2 2 1; a1 pin 0 adj1 maxAdj1; maxAdj3 +- 100000 0 maxAdj1; a3 pin 0 adj3 maxAdj3;
      x1 */ ss a3 100000; dx2 */ ss a2 50000; x2 +- r 0 dx2; y2 +- b 0 dx2; dx4 */ ss a2 100000; x4 +- r 0 dx4; y4 +- b 0 dx4;
      dx3 */ ss a1 200000; x3 +- x4 0 dx3; x5 +- x4 dx3 0; y3 +- y4 0 dx3; y5 +- y4 dx3 0; il */ dx3 x1 dx4`,
    paths: ['M l y4 L x1 y2 L x1 y3 L x3 y3 L x3 x1 L x2 x1 L x4 t L r x1 L x5 x1 L x5 y5 L x1 y5 L x1 b Z'],
    rect: 'il y3 x4 y5',
  },
  lightningBolt: {
    gd: 'x4 */ w 8757 21600; x9 */ w 13917 21600; y4 */ h 7437 21600; y10 */ h 14277 21600',
    paths: [`w=21600 h=21600 M 8472 0 L 12860 6080 L 11050 6797 L 16577 12007 L 14767 12877 L 21600 21600 L 10012 14915 L 12222 13987
      L 5022 9705 L 7602 8382 L 0 3890 Z`],
    rect: 'x4 y4 x9 y10',
  },
  lineInv: { paths: ['M l b L r t'] },
  mathDivide: {
    av: 'adj1 23520 adj2 5880 adj3 11760',
    gd: `a1 pin 1000 adj1 36745; ma1 +- 0 0 a1; ma3h +/ 73490 ma1 4; ma3w */ 36745 w h; maxAdj3 min ma3h ma3w; a3 pin 1000 adj3 maxAdj3;
      m4a3 */ -4 a3 1; maxAdj2 +- 73490 m4a3 a1; a2 pin 0 adj2 maxAdj2; dy1 */ h a1 200000; yg */ h a2 100000; rad */ h a3 100000;
      ${MATH_W}; y3 +- vc 0 dy1; y4 +- vc dy1 0; a +- yg rad 0; y2 +- y3 0 a; y1 +- y2 0 rad; y5 +- b 0 y1; x3 +- hc dx1 0`,
    paths: ['M hc y1 A rad rad 3cd4 21600000 Z M hc y5 A rad rad cd4 21600000 Z M x1 y3 L x3 y3 L x3 y4 L x1 y4 Z'],
    rect: 'x1 y3 x3 y4',
  },
  mathEqual: {
    av: 'adj1 23520 adj2 11760',
    gd: `a1 pin 0 adj1 36745; 2a1 */ a1 2 1; mAdj2 +- 100000 0 2a1; a2 pin 0 adj2 mAdj2; dy1 */ h a1 100000; dy2 */ h a2 200000;
      ${MATH_W}; y2 +- vc 0 dy2; y3 +- vc dy2 0; y1 +- y2 0 dy1; y4 +- y3 dy1 0; x2 +- hc dx1 0`,
    paths: ['M x1 y1 L x2 y1 L x2 y2 L x1 y2 Z M x1 y3 L x2 y3 L x2 y4 L x1 y4 Z'],
    rect: 'x1 y1 x2 y4',
  },
  mathMultiply: {
    av: 'adj1 23520',
    gd: `a1 pin 0 adj1 51965; th */ ss a1 100000; a at2 w h; sa sin 1 a; ca cos 1 a; ta tan 1 a; dl mod w h 0; rw */ dl 51965 100000;
      lM +- dl 0 rw; xM */ ca lM 2; yM */ sa lM 2; dxAM */ sa th 2; dyAM */ ca th 2; xA +- xM 0 dxAM; yA +- yM dyAM 0;
      xB +- xM dxAM 0; yB +- yM 0 dyAM; xBC +- hc 0 xB; yBC */ xBC ta 1; yC +- yBC yB 0; xD +- r 0 xB; xE +- r 0 xA;
      yFE +- vc 0 yA; xFE */ yFE 1 ta; xF +- xE 0 xFE; xL +- xA xFE 0; yG +- b 0 yA; yH +- b 0 yB; yI +- b 0 yC`,
    paths: ['M xA yA L xB yB L hc yC L xD yB L xE yA L xF vc L xE yG L xD yH L hc yI L xB yH L xA yG L xL vc Z'],
    rect: 'xA yB xE yH',
  },
  mathNotEqual: {
    av: 'adj1 23520 adj2 6600000 adj3 11760',
    gd: `a1 pin 0 adj1 50000; crAng pin 4200000 adj2 6600000; 2a1 */ a1 2 1; maxAdj3 +- 100000 0 2a1; a3 pin 0 adj3 maxAdj3;
      dy1 */ h a1 100000; dy2 */ h a3 200000; ${MATH_W}; x8 +- hc dx1 0; y2 +- vc 0 dy2; y3 +- vc dy2 0; y1 +- y2 0 dy1;
      y4 +- y3 dy1 0; cadj2 +- crAng 0 cd4; xadj2 tan hd2 cadj2; len mod xadj2 hd2 0; bhw */ len dy1 hd2; bhw2 */ bhw 1 2;
      x7 +- hc xadj2 bhw2; dx67 */ xadj2 y1 hd2; x6 +- x7 0 dx67; dx57 */ xadj2 y2 hd2; x5 +- x7 0 dx57; dx47 */ xadj2 y3 hd2;
      x4 +- x7 0 dx47; dx37 */ xadj2 y4 hd2; x3 +- x7 0 dx37; rx7 +- x7 bhw 0; rx6 +- x6 bhw 0; rx5 +- x5 bhw 0; rx4 +- x4 bhw 0;
      rx3 +- x3 bhw 0; dx7 */ dy1 hd2 len; rxt +- x7 dx7 0; lxt +- rx7 0 dx7; rx ?: cadj2 rxt rx7; lx ?: cadj2 x7 lxt;
      dy3 */ dy1 xadj2 len; dy4 +- 0 0 dy3; ry ?: cadj2 dy3 t; ly ?: cadj2 t dy4; dlx +- w 0 rx; drx +- w 0 lx; dly +- h 0 ry;
      dry +- h 0 ly`,
    paths: [`M x1 y1 L x6 y1 L lx ly L rx ry L rx6 y1 L x8 y1 L x8 y2 L rx5 y2 L rx4 y3 L x8 y3 L x8 y4 L rx3 y4 L drx dry L dlx dly
      L x3 y4 L x1 y4 L x1 y3 L x4 y3 L x5 y2 L x1 y2 Z`],
    rect: 'x1 y1 x8 y4',
  },
  moon: {
    av: 'adj 50000',
    gd: `a pin 0 adj 87500; g0 */ ss a 100000; g0w */ g0 w ss; g1 +- ss 0 g0; g2 */ g0 g0 g1; g3 */ ss ss g1; g4 */ g3 2 1;
      g5 +- g4 0 g2; g6 +- g5 0 g0; g6w */ g6 w ss; g7 */ g5 1 2; g8 +- g7 0 g0; dy1 */ g8 hd2 ss; g12 */ g0 9598 32768;
      g12w */ g12 w ss; g13 +- ss 0 g12; q1 */ ss ss 1; q2 */ g13 g13 1; q3 +- q1 0 q2; q4 sqrt q3; dy4 */ q4 hd2 ss;
      g15h +- vc 0 dy4; g16h +- vc dy4 0; g17w +- g6w 0 g0w; g18w */ g17w 1 2; dx2p +- g0w g18w w; dx2 */ dx2p -1 1;
      dy2 */ hd2 -1 1; stAng1 at2 dx2 dy2; enAngp1 at2 dx2 hd2; enAng1 +- enAngp1 0 21600000; swAng1 +- enAng1 0 stAng1`,
    paths: ['M r b A w hd2 cd4 cd2 A g18w dy1 stAng1 swAng1 Z'],
    rect: 'g12w g15h g0w g16h',
  },
  nonIsoscelesTrapezoid: {
    av: 'adj1 25000 adj2 25000',
    gd: `maxAdj */ 50000 w ss; a1 pin 0 adj1 maxAdj; a2 pin 0 adj2 maxAdj; x2 */ ss a1 100000; dx3 */ ss a2 100000; x3 +- r 0 dx3;
      il */ wd3 a1 maxAdj; adjm max a1 a2; it */ hd3 adjm maxAdj; irt */ wd3 a2 maxAdj; ir +- r 0 irt`,
    paths: ['M l b L x2 t L x3 t L r b Z'],
    rect: 'il it ir b',
  },
  noSmoking: {
    av: 'adj 18750',
    gd: `a pin 0 adj 50000; dr */ ss a 100000; iwd2 +- wd2 0 dr; ihd2 +- hd2 0 dr; ang at2 w h; ct cos ihd2 ang; st sin iwd2 ang;
      m mod ct st 0; n */ iwd2 ihd2 m; drd2 */ dr 1 2; dang at2 n drd2; dang2 */ dang 2 1; swAng +- -10800000 dang2 0; t3 at2 w h;
      stAng1 +- t3 0 dang; stAng2 +- stAng1 0 cd2; ct1 cos ihd2 stAng1; st1 sin iwd2 stAng1; m1 mod ct1 st1 0; n1 */ iwd2 ihd2 m1;
      dx1 cos n1 stAng1; dy1 sin n1 stAng1; x1 +- hc dx1 0; y1 +- vc dy1 0; x2 +- hc 0 dx1; y2 +- vc 0 dy1; ${INSCRIBED}`,
    paths: [`M l vc A wd2 hd2 cd2 cd4 A wd2 hd2 3cd4 cd4 A wd2 hd2 0 cd4 A wd2 hd2 cd4 cd4 Z M x1 y1 A iwd2 ihd2 stAng1 swAng Z
      M x2 y2 A iwd2 ihd2 stAng2 swAng Z`],
    rect: 'il it ir ib',
  },
  notchedRightArrow: {
    av: 'adj1 50000 adj2 50000',
    gd: `maxAdj2 */ 100000 w ss; a1 pin 0 adj1 100000; a2 pin 0 adj2 maxAdj2; dx2 */ ss a2 100000; x2 +- r 0 dx2;
      dy1 */ h a1 200000; y1 +- vc 0 dy1; y2 +- vc dy1 0; x1 */ dy1 dx2 hd2; x3 +- r 0 x1`,
    paths: ['M l y1 L x2 y1 L x2 t L r vc L x2 b L x2 y2 L l y2 L x1 vc Z'],
    rect: 'x1 y1 x3 y2',
  },
  pie: {
    av: 'adj1 0 adj2 16200000',
    gd: `stAng pin 0 adj1 21599999; enAng pin 0 adj2 21599999; sw1 +- enAng 0 stAng; sw2 +- sw1 21600000 0; swAng ?: sw1 sw1 sw2;
      wt1 sin wd2 stAng; ht1 cos hd2 stAng; dx1 cat2 wd2 ht1 wt1; dy1 sat2 hd2 ht1 wt1; x1 +- hc dx1 0; y1 +- vc dy1 0; ${INSCRIBED}`,
    paths: ['M x1 y1 A wd2 hd2 stAng swAng L hc vc Z'],
    // The spec's rect for pie reads l=il t=ir r=it b=ib, a slip; the inscribed square is meant.
    rect: 'il it ir ib',
  },
  pieWedge: {
    gd: 'g1 cos w 13500000; g2 sin h 13500000; x1 +- r g1 0; y1 +- b g2 0',
    paths: ['M l b A w h cd2 cd4 L r b Z'],
    rect: 'x1 y1 r b',
  },
};
