/**
 * Preset shape definitions (ECMA-376 Part 1 §20.1.10.56, presetShapeDefinitions): curved and
 * circular arrows, in the compact form of preset-geometry.ts.
 */
import type { PresetDef } from './preset-geometry';

/** Guides the circular arrows share (circularArrow, leftCircularArrow): ring radii and the arrow head's end. */
const CIRC_HEAD = `a5 pin 0 adj5 25000; maxAdj1 */ a5 2 1; a1 pin 0 adj1 maxAdj1; enAng pin 1 adj3 21599999; stAng pin 0 adj4 21599999;
      th */ ss a1 100000; thh */ ss a5 100000; th2 */ th 1 2; rw1 +- wd2 th2 thh; rh1 +- hd2 th2 thh; rw2 +- rw1 0 th; rh2 +- rh1 0 th;
      rw3 +- rw2 th2 0; rh3 +- rh2 th2 0; wtH sin rw3 enAng; htH cos rh3 enAng; dxH cat2 rw3 htH wtH; dyH sat2 rh3 htH wtH;
      xH +- hc dxH 0; yH +- vc dyH 0; rI min rw2 rh2; u1 */ dxH dxH 1; u2 */ dyH dyH 1; u3 */ rI rI 1; u4 +- u1 0 u3; u5 +- u2 0 u3;
      u6 */ u4 u5 u1; u7 */ u6 1 u2; u8 +- 1 0 u7; u9 sqrt u8; u10 */ u4 1 dxH; u11 */ u10 1 dyH; u12 +/ 1 u9 u11; u13 at2 1 u12;
      u14 +- u13 21600000 0; u15 ?: u13 u13 u14; u16 +- u15 0 enAng; u17 +- u16 21600000 0; u18 ?: u16 u16 u17; u19 +- u18 0 cd2;
      u20 +- u18 0 21600000; u21 ?: u19 u20 u18;`;
const CIRC_PT = `ptAng +- enAng aAng 0;
      wtA sin rw3 ptAng; htA cos rh3 ptAng; dxA cat2 rw3 htA wtA; dyA sat2 rh3 htA wtA; xA +- hc dxA 0; yA +- vc dyA 0;
      wtE sin rw1 stAng; htE cos rh1 stAng; dxE cat2 rw1 htE wtE; dyE sat2 rh1 htE wtE; xE +- hc dxE 0; yE +- vc dyE 0;`;
const CIRC_TIP = `dxG cos thh ptAng; dyG sin thh ptAng; xG +- xH dxG 0; yG +- yH dyG 0; dxB cos thh ptAng; dyB sin thh ptAng; xB +- xH 0 dxB;
      yB +- yH 0 dyB; sx1 +- xB 0 hc; sy1 +- yB 0 vc; sx2 +- xG 0 hc; sy2 +- yG 0 vc; rO min rw1 rh1; x1O */ sx1 rO rw1;
      y1O */ sy1 rO rh1; x2O */ sx2 rO rw1; y2O */ sy2 rO rh1; dxO +- x2O 0 x1O; dyO +- y2O 0 y1O; dO mod dxO dyO 0;
      q1 */ x1O y2O 1; q2 */ x2O y1O 1; DO +- q1 0 q2; q3 */ rO rO 1; q4 */ dO dO 1; q5 */ q3 q4 1; q6 */ DO DO 1; q7 +- q5 0 q6;
      q8 max q7 0; sdelO sqrt q8; ndyO */ dyO -1 1; sdyO ?: ndyO -1 1; q9 */ sdyO dxO 1; q10 */ q9 sdelO 1; q11 */ DO dyO 1;
      dxF1 +/ q11 q10 q4; q12 +- q11 0 q10; dxF2 */ q12 1 q4; adyO abs dyO; q13 */ adyO sdelO 1; q14 */ DO dxO -1;
      dyF1 +/ q14 q13 q4; q15 +- q14 0 q13; dyF2 */ q15 1 q4; q16 +- x2O 0 dxF1; q17 +- x2O 0 dxF2; q18 +- y2O 0 dyF1;
      q19 +- y2O 0 dyF2; q20 mod q16 q18 0; q21 mod q17 q19 0; q22 +- q21 0 q20; dxF ?: q22 dxF1 dxF2; dyF ?: q22 dyF1 dyF2;
      sdxF */ dxF rw1 rO; sdyF */ dyF rh1 rO; xF +- hc sdxF 0; yF +- vc sdyF 0; x1I */ sx1 rI rw2; y1I */ sy1 rI rh2;
      x2I */ sx2 rI rw2; y2I */ sy2 rI rh2; dxI +- x2I 0 x1I; dyI +- y2I 0 y1I; dI mod dxI dyI 0; v1 */ x1I y2I 1; v2 */ x2I y1I 1;
      DI +- v1 0 v2; v3 */ rI rI 1; v4 */ dI dI 1; v5 */ v3 v4 1; v6 */ DI DI 1; v7 +- v5 0 v6; v8 max v7 0; sdelI sqrt v8;
      v9 */ sdyO dxI 1; v10 */ v9 sdelI 1; v11 */ DI dyI 1; dxC1 +/ v11 v10 v4; v12 +- v11 0 v10; dxC2 */ v12 1 v4; adyI abs dyI;
      v13 */ adyI sdelI 1; v14 */ DI dxI -1; dyC1 +/ v14 v13 v4; v15 +- v14 0 v13; dyC2 */ v15 1 v4; v16 +- x1I 0 dxC1;
      v17 +- x1I 0 dxC2; v18 +- y1I 0 dyC1; v19 +- y1I 0 dyC2; v20 mod v16 v18 0; v21 mod v17 v19 0; v22 +- v21 0 v20;
      dxC ?: v22 dxC1 dxC2; dyC ?: v22 dyC1 dyC2; sdxC */ dxC rw2 rI; sdyC */ dyC rh2 rI; xC +- hc sdxC 0; yC +- vc sdyC 0;`;
const CIRC_POINTS = `p1 +- xF 0 xC; p2 +- yF 0 yC; p3 mod p1 p2 0; p4 */ p3 1 2; p5 +- p4 0 thh; xGp ?: p5 xF xG;
      yGp ?: p5 yF yG; xBp ?: p5 xC xB; yBp ?: p5 yC yB;`;
const CIRC_RECT = `idx cos rw1 2700000; idy sin rh1 2700000; il +- hc 0 idx;
      ir +- hc idx 0; it +- vc 0 idy; ib +- vc idy 0`;
const CIRC_AV = 'adj1 12500 adj2 1142319 adj3 20457681 adj4 10800000 adj5 12500';

export const PRESET_DATA_B: Record<string, PresetDef> = {
  circularArrow: {
    av: CIRC_AV,
    gd: `${CIRC_HEAD} maxAng abs u21; aAng pin 0 adj2 maxAng; ${CIRC_PT} ${CIRC_TIP} ist0 at2 sdxC sdyC; ist1 +- ist0 21600000 0; istAng ?: ist0 ist0 ist1; isw1 +- stAng 0 istAng; isw2 +- isw1 0 21600000;
      iswAng ?: isw1 isw2 isw1; ${CIRC_POINTS} en0 at2 sdxF sdyF; en1 +- en0 21600000 0; en2 ?: en0 en0 en1;
      sw0 +- en2 0 stAng; sw1 +- sw0 21600000 0; swAng ?: sw0 sw0 sw1; ${CIRC_RECT}`,
    paths: ['M xE yE A rw1 rh1 stAng swAng L xGp yGp L xA yA L xBp yBp L xC yC A rw2 rh2 istAng iswAng Z'],
    rect: 'il it ir ib',
  },
  leftCircularArrow: {
    av: 'adj1 12500 adj2 -1142319 adj3 1142319 adj4 10800000 adj5 12500',
    gd: `${CIRC_HEAD} u22 abs u21; minAng */ u22 -1 1; u23 abs adj2; a2 */ u23 -1 1; aAng pin minAng a2 0; ${CIRC_PT}
      wtD sin rw2 stAng; htD cos rh2 stAng; dxD cat2 rw2 htD wtD; dyD sat2 rh2 htD wtD; xD +- hc dxD 0; yD +- vc dyD 0; ${CIRC_TIP}
      ist0 at2 sdxC sdyC; ist1 +- ist0 21600000 0; istAng0 ?: ist0 ist0 ist1; isw1 +- stAng 0 istAng0; isw2 +- isw1 21600000 0;
      iswAng0 ?: isw1 isw1 isw2; istAng +- istAng0 iswAng0 0; iswAng +- 0 0 iswAng0; ${CIRC_POINTS} en0 at2 sdxF sdyF;
      en1 +- en0 21600000 0; en2 ?: en0 en0 en1; sw0 +- en2 0 stAng; sw1 +- sw0 0 21600000; swAng ?: sw0 sw1 sw0;
      stAng0 +- stAng swAng 0; swAng0 +- 0 0 swAng; ${CIRC_RECT}`,
    paths: ['M xE yE L xD yD A rw2 rh2 istAng iswAng L xBp yBp L xA yA L xGp yGp L xF yF A rw1 rh1 stAng0 swAng0 Z'],
    rect: 'il it ir ib',
  },
  leftRightCircularArrow: {
    av: 'adj1 12500 adj2 1142319 adj3 20457681 adj4 11942319 adj5 12500',
    gd: `${CIRC_HEAD} maxAng abs u21; aAng pin 0 adj2 maxAng; ${CIRC_PT} ${CIRC_TIP} wtI sin rw3 stAng; htI cos rh3 stAng;
      dxI cat2 rw3 htI wtI; dyI sat2 rh3 htI wtI; xI +- hc dxI 0; yI +- vc dyI 0; lptAng +- stAng 0 aAng; wtL sin rw3 lptAng;
      htL cos rh3 lptAng; dxL cat2 rw3 htL wtL; dyL sat2 rh3 htL wtL; xL +- hc dxL 0; yL +- vc dyL 0; dxK cos thh lptAng;
      dyK sin thh lptAng; xK +- xI dxK 0; yK +- yI dyK 0; dxJ cos thh lptAng; dyJ sin thh lptAng; xJ +- xI 0 dxJ; yJ +- yI 0 dyJ;
      ${CIRC_POINTS} en0 at2 sdxF sdyF; en1 +- en0 21600000 0; en2 ?: en0 en0 en1; od0 +- en2 0 enAng; od1 +- od0 21600000 0;
      od2 ?: od0 od0 od1; st0 +- stAng 0 od2; st1 +- st0 21600000 0; st2 ?: st0 st0 st1; sw0 +- en2 0 st2; sw1 +- sw0 21600000 0;
      swAng ?: sw0 sw0 sw1; ist0 at2 sdxC sdyC; ist1 +- ist0 21600000 0; istAng ?: ist0 ist0 ist1; id0 +- istAng 0 enAng;
      id1 +- id0 0 21600000; id2 ?: id0 id1 id0; ien0 +- stAng 0 id2; ien1 +- ien0 0 21600000; ien2 ?: ien1 ien1 ien0;
      isw1 +- ien2 0 istAng; isw2 +- isw1 0 21600000; iswAng ?: isw1 isw2 isw1; wtE sin rw1 st2; htE cos rh1 st2;
      dxE cat2 rw1 htE wtE; dyE sat2 rh1 htE wtE; xE +- hc dxE 0; yE +- vc dyE 0; wtD sin rw2 ien2; htD cos rh2 ien2;
      dxD cat2 rw2 htD wtD; dyD sat2 rh2 htD wtD; xD +- hc dxD 0; yD +- vc dyD 0; xKp ?: p5 xE xK; yKp ?: p5 yE yK;
      xJp ?: p5 xD xJ; yJp ?: p5 yD yJ; ${CIRC_RECT}`,
    paths: ['M xL yL L xKp yKp L xE yE A rw1 rh1 st2 swAng L xGp yGp L xA yA L xBp yBp L xC yC A rw2 rh2 istAng iswAng L xJp yJp Z'],
    rect: 'il it ir ib',
  },
};

const CURVED_V = `maxAdj2 */ 50000 w ss; a2 pin 0 adj2 maxAdj2; a1 pin 0 adj1 100000; th */ ss a1 100000; aw */ ss a2 100000;
  q1 +/ th aw 4; wR +- wd2 0 q1; q7 */ wR 2 1; q8 */ q7 q7 1; q9 */ th th 1; q10 +- q8 0 q9; q11 sqrt q10; idy */ q11 h q7;
  maxAdj3 */ 100000 idy ss; a3 pin 0 adj3 maxAdj3; ah */ ss adj3 100000; x3 +- wR th 0; q2 */ h h 1; q3 */ ah ah 1; q4 +- q2 0 q3;
  q5 sqrt q4; dx */ q5 wR h; x5 +- wR dx 0; x7 +- x3 dx 0; q6 +- aw 0 th; dh */ q6 1 2; x4 +- x5 0 dh; x8 +- x7 dh 0; aw2 */ aw 1 2;
  x6 +- r 0 aw2`;
const CURVED_H = `maxAdj2 */ 50000 h ss; a2 pin 0 adj2 maxAdj2; a1 pin 0 adj1 a2; th */ ss a1 100000; aw */ ss a2 100000; q1 +/ th aw 4;
  hR +- hd2 0 q1; q7 */ hR 2 1; q8 */ q7 q7 1; q9 */ th th 1; q10 +- q8 0 q9; q11 sqrt q10; idx */ q11 w q7; maxAdj3 */ 100000 idx ss;
  a3 pin 0 adj3 maxAdj3; ah */ ss a3 100000; y3 +- hR th 0; q2 */ w w 1; q3 */ ah ah 1; q4 +- q2 0 q3; q5 sqrt q4; dy */ q5 hR w;
  y5 +- hR dy 0; y7 +- y3 dy 0; q6 +- aw 0 th; dh */ q6 1 2; y4 +- y5 0 dh; y8 +- y7 dh 0; aw2 */ aw 1 2; y6 +- b 0 aw2`;
const CURVED_AV = 'adj1 25000 adj2 50000 adj3 25000';
const RIBBON_E = `a1 pin 0 adj1 100000; a2 pin 25000 adj2 75000; q10 +- 100000 0 a1; q11 */ q10 1 2; q12 +- a1 0 q11; minAdj3 max 0 q12;
  a3 pin minAdj3 adj3 a1; dx2 */ w a2 200000; x2 +- hc 0 dx2; x3 +- x2 wd8 0; x4 +- r 0 x3; x5 +- r 0 x2; x6 +- r 0 wd8;
  dy1 */ h a3 100000; f1 */ 4 dy1 w; q1 */ x3 x3 w; q2 +- x3 0 q1`;

export const PRESET_DATA_B2: Record<string, PresetDef> = {
  curvedConnector4: {
    av: 'adj1 50000 adj2 50000',
    gd: 'x2 */ w adj1 100000; x1 +/ l x2 2; x3 +/ r x2 2; x4 +/ x2 x3 2; x5 +/ x3 r 2; y4 */ h adj2 100000; y1 +/ t y4 2; y2 +/ t y1 2; y3 +/ y1 y4 2; y5 +/ b y4 2',
    paths: ['nofill M l t C x1 t x2 y2 x2 y1 C x2 y3 x4 y4 x3 y4 C x5 y4 r y5 r b'],
  },
  curvedConnector5: {
    av: 'adj1 50000 adj2 50000 adj3 50000',
    gd: `x3 */ w adj1 100000; x6 */ w adj3 100000; x1 +/ x3 x6 2; x2 +/ l x3 2; x4 +/ x3 x1 2; x5 +/ x6 x1 2; x7 +/ x6 r 2;
      y4 */ h adj2 100000; y1 +/ t y4 2; y2 +/ t y1 2; y3 +/ y1 y4 2; y5 +/ b y4 2; y6 +/ y5 y4 2; y7 +/ y5 b 2`,
    paths: ['nofill M l t C x2 t x3 y2 x3 y1 C x3 y3 x4 y4 x1 y4 C x5 y4 x6 y6 x6 y5 C x6 y7 x7 b r b'],
  },
  curvedDownArrow: {
    av: CURVED_AV,
    gd: `${CURVED_V}; y1 +- b 0 ah; swAng at2 ah dx; mswAng +- 0 0 swAng; iy +- b 0 idy; ix +/ wR x3 2; q12 */ th 1 2;
      dang2 at2 idy q12; stAng +- 3cd4 swAng 0; stAng2 +- 3cd4 0 dang2; swAng2 +- dang2 0 cd4; swAng3 +- cd4 dang2 0`,
    paths: [
      'nostroke M x6 b L x4 y1 L x5 y1 A wR h stAng mswAng L x3 t A wR h 3cd4 swAng L x8 y1 Z',
      'nostroke darkenLess M ix iy A wR h stAng2 swAng2 L l b A wR h cd2 swAng3 Z',
      'nofill M ix iy A wR h stAng2 swAng2 L l b A wR h cd2 cd4 L x3 t A wR h 3cd4 swAng L x8 y1 L x6 b L x4 y1 L x5 y1 A wR h stAng mswAng',
    ],
  },
  curvedLeftArrow: {
    av: CURVED_AV,
    gd: `${CURVED_H}; x1 +- l ah 0; swAng at2 ah dy; mswAng +- 0 0 swAng; ix +- l idx 0; iy +/ hR y3 2; q12 */ th 1 2;
      dang2 at2 idx q12; swAng2 +- dang2 0 swAng; swAng3 +- swAng dang2 0; stAng3 +- 0 0 dang2`,
    paths: [
      'nostroke M l y6 L x1 y4 L x1 y5 A w hR swAng swAng2 A w hR stAng3 swAng3 L x1 y8 Z',
      'nostroke darkenLess M r y3 A w hR 0 -5400000 L l t A w hR 3cd4 cd4 Z',
      'nofill M r y3 A w hR 0 -5400000 L l t A w hR 3cd4 cd4 L r y3 A w hR 0 swAng L x1 y8 L l y6 L x1 y4 L x1 y5 A w hR swAng swAng2',
    ],
  },
  curvedRightArrow: {
    av: CURVED_AV,
    gd: `${CURVED_H}; x1 +- r 0 ah; swAng at2 ah dy; stAng +- cd2 0 swAng; mswAng +- 0 0 swAng; ix +- r 0 idx; iy +/ hR y3 2;
      q12 */ th 1 2; dang2 at2 idx q12; swAng2 +- dang2 0 cd4; swAng3 +- cd4 dang2 0; stAng3 +- cd2 0 dang2`,
    paths: [
      'nostroke M l hR A w hR cd2 mswAng L x1 y4 L r y6 L x1 y8 L x1 y7 A w hR stAng swAng Z',
      'nostroke darkenLess M r th A w hR 3cd4 swAng2 A w hR stAng3 swAng3 Z',
      'nofill M l hR A w hR cd2 mswAng L x1 y4 L r y6 L x1 y8 L x1 y7 A w hR stAng swAng L l hR A w hR cd2 cd4 L r th A w hR 3cd4 swAng2',
    ],
  },
  curvedUpArrow: {
    av: CURVED_AV,
    gd: `${CURVED_V}; y1 +- t ah 0; swAng at2 ah dx; mswAng +- 0 0 swAng; iy +- t idy 0; ix +/ wR x3 2; q12 */ th 1 2;
      dang2 at2 idy q12; swAng2 +- dang2 0 swAng; mswAng2 +- 0 0 swAng2; stAng3 +- cd4 0 swAng; swAng3 +- swAng dang2 0;
      stAng2 +- cd4 0 dang2`,
    paths: [
      'nostroke M x6 t L x8 y1 L x7 y1 A wR h stAng3 swAng3 A wR h stAng2 swAng2 L x4 y1 Z',
      'nostroke darkenLess M wR b A wR h cd4 cd4 L th t A wR h cd2 -5400000 Z',
      'nofill M ix iy A wR h stAng2 swAng2 L x4 y1 L x6 t L x8 y1 L x7 y1 A wR h stAng3 swAng L wR b A wR h cd4 cd4 L th t A wR h cd2 -5400000',
    ],
  },
  diagStripe: {
    av: 'adj 50000',
    gd: 'a pin 0 adj 100000; x2 */ w a 100000; x3 +/ x2 r 2; y2 */ h a 100000; y3 +/ y2 b 2',
    paths: ['M l y2 L x2 t L r t L l b Z'],
    rect: 'l t x3 y3',
  },
  donut: {
    av: 'adj 25000',
    gd: `a pin 0 adj 50000; dr */ ss a 100000; iwd2 +- wd2 0 dr; ihd2 +- hd2 0 dr; idx cos wd2 2700000; idy sin hd2 2700000;
      il +- hc 0 idx; ir +- hc idx 0; it +- vc 0 idy; ib +- vc idy 0`,
    paths: [`M l vc A wd2 hd2 cd2 cd4 A wd2 hd2 3cd4 cd4 A wd2 hd2 0 cd4 A wd2 hd2 cd4 cd4 Z
      M dr vc A iwd2 ihd2 cd2 -5400000 A iwd2 ihd2 cd4 -5400000 A iwd2 ihd2 0 -5400000 A iwd2 ihd2 3cd4 -5400000 Z`],
    rect: 'il it ir ib',
  },
  doubleWave: {
    av: 'adj1 6250 adj2 0',
    gd: `a1 pin 0 adj1 12500; a2 pin -10000 adj2 10000; y1 */ h a1 100000; dy2 */ y1 10 3; y2 +- y1 0 dy2; y3 +- y1 dy2 0;
      y4 +- b 0 y1; y5 +- y4 0 dy2; y6 +- y4 dy2 0; dx1 */ w a2 100000; of2 */ w a2 50000; x1 abs dx1; dx2 ?: of2 0 of2;
      x2 +- l 0 dx2; dx8 ?: of2 of2 0; x8 +- r 0 dx8; dx3 +/ dx2 x8 6; x3 +- x2 dx3 0; dx4 +/ dx2 x8 3; x4 +- x2 dx4 0;
      x5 +/ x2 x8 2; x6 +- x5 dx3 0; x7 +/ x6 x8 2; x9 +- l dx8 0; x15 +- r dx2 0; x10 +- x9 dx3 0; x11 +- x9 dx4 0;
      x12 +/ x9 x15 2; x13 +- x12 dx3 0; x14 +/ x13 x15 2; il max x2 x9; ir min x8 x15; it */ h a1 50000; ib +- b 0 it`,
    paths: ['M x2 y1 C x3 y2 x4 y3 x5 y1 C x6 y2 x7 y3 x8 y1 L x15 y4 C x14 y6 x13 y5 x12 y4 C x11 y6 x10 y5 x9 y4 Z'],
    rect: 'il it ir ib',
  },
  downArrowCallout: {
    av: 'adj1 25000 adj2 25000 adj3 25000 adj4 64977',
    gd: `maxAdj2 */ 50000 w ss; a2 pin 0 adj2 maxAdj2; maxAdj1 */ a2 2 1; a1 pin 0 adj1 maxAdj1; maxAdj3 */ 100000 h ss;
      a3 pin 0 adj3 maxAdj3; q2 */ a3 ss h; maxAdj4 +- 100000 0 q2; a4 pin 0 adj4 maxAdj4; dx1 */ ss a2 100000; dx2 */ ss a1 200000;
      x1 +- hc 0 dx1; x2 +- hc 0 dx2; x3 +- hc dx2 0; x4 +- hc dx1 0; dy3 */ ss a3 100000; y3 +- b 0 dy3; y2 */ h a4 100000`,
    paths: ['M l t L r t L r y2 L x3 y2 L x3 y3 L x4 y3 L hc b L x1 y3 L x2 y3 L x2 y2 L l y2 Z'],
    rect: 'l t r y2',
  },
  ellipseRibbon: {
    av: 'adj1 25000 adj2 50000 adj3 12500',
    gd: `${RIBBON_E}; y1 */ f1 q2 1; cx1 */ x3 1 2; cy1 */ f1 cx1 1; cx2 +- r 0 cx1; q1 */ h a1 100000; dy3 +- q1 0 dy1;
      q3 */ x2 x2 w; q4 +- x2 0 q3; q5 */ f1 q4 1; y3 +- q5 dy3 0; q6 +- dy1 dy3 y3; q7 +- q6 dy1 0; cy3 +- q7 dy3 0; rh +- b 0 q1;
      q8 */ dy1 14 16; y2 +/ q8 rh 2; y5 +- q5 rh 0; y6 +- y3 rh 0; cx4 */ x2 1 2; q9 */ f1 cx4 1; cy4 +- q9 rh 0; cx5 +- r 0 cx4;
      cy6 +- cy3 rh 0; y7 +- y1 dy3 0; cy7 +- q1 q1 y7; y8 +- b 0 dy1`,
    paths: [
      `nostroke M l t Q cx1 cy1 x3 y1 L x2 y3 Q hc cy3 x5 y3 L x4 y1 Q cx2 cy1 r t L x6 y2 L r rh Q cx5 cy4 x5 y5 L x5 y6
        Q hc cy6 x2 y6 L x2 y5 Q cx4 cy4 l rh L wd8 y2 Z`,
      'nostroke darkenLess M x3 y7 L x3 y1 L x2 y3 Q hc cy3 x5 y3 L x4 y1 L x4 y7 Q hc cy7 x3 y7 Z',
      `nofill M l t Q cx1 cy1 x3 y1 L x2 y3 Q hc cy3 x5 y3 L x4 y1 Q cx2 cy1 r t L x6 y2 L r rh Q cx5 cy4 x5 y5 L x5 y6
        Q hc cy6 x2 y6 L x2 y5 Q cx4 cy4 l rh L wd8 y2 Z M x2 y5 L x2 y3 M x5 y3 L x5 y5 M x3 y1 L x3 y7 M x4 y7 L x4 y1`,
    ],
    rect: 'x2 q1 x5 y6',
  },
  ellipseRibbon2: {
    av: 'adj1 25000 adj2 50000 adj3 12500',
    gd: `${RIBBON_E}; u1 */ f1 q2 1; y1 +- b 0 u1; cx1 */ x3 1 2; cu1 */ f1 cx1 1; cy1 +- b 0 cu1; cx2 +- r 0 cx1;
      q1 */ h a1 100000; dy3 +- q1 0 dy1; q3 */ x2 x2 w; q4 +- x2 0 q3; q5 */ f1 q4 1; u3 +- q5 dy3 0; y3 +- b 0 u3;
      q6 +- dy1 dy3 u3; q7 +- q6 dy1 0; cu3 +- q7 dy3 0; cy3 +- b 0 cu3; rh +- b 0 q1; q8 */ dy1 14 16; u2 +/ q8 rh 2; y2 +- b 0 u2;
      u5 +- q5 rh 0; y5 +- b 0 u5; u6 +- u3 rh 0; y6 +- b 0 u6; cx4 */ x2 1 2; q9 */ f1 cx4 1; cu4 +- q9 rh 0; cy4 +- b 0 cu4;
      cx5 +- r 0 cx4; cu6 +- cu3 rh 0; cy6 +- b 0 cu6; u7 +- u1 dy3 0; y7 +- b 0 u7; cu7 +- q1 q1 u7; cy7 +- b 0 cu7`,
    paths: [
      `nostroke M l b Q cx1 cy1 x3 y1 L x2 y3 Q hc cy3 x5 y3 L x4 y1 Q cx2 cy1 r b L x6 y2 L r q1 Q cx5 cy4 x5 y5 L x5 y6
        Q hc cy6 x2 y6 L x2 y5 Q cx4 cy4 l q1 L wd8 y2 Z`,
      'nostroke darkenLess M x3 y7 L x3 y1 L x2 y3 Q hc cy3 x5 y3 L x4 y1 L x4 y7 Q hc cy7 x3 y7 Z',
      `nofill M l b L wd8 y2 L l q1 Q cx4 cy4 x2 y5 L x2 y6 Q hc cy6 x5 y6 L x5 y5 Q cx5 cy4 r q1 L x6 y2 L r b Q cx2 cy1 x4 y1
        L x5 y3 Q hc cy3 x2 y3 L x3 y1 Q cx1 cy1 l b Z M x2 y3 L x2 y5 M x5 y5 L x5 y3 M x3 y7 L x3 y1 M x4 y1 L x4 y7`,
    ],
    rect: 'x2 y6 x5 rh',
  },
  flowChartCollate: { paths: ['w=2 h=2 M 0 0 L 2 0 L 1 1 L 2 2 L 0 2 L 1 1 Z'], rect: 'wd4 hd4 ir ib', gd: 'ir */ w 3 4; ib */ h 3 4' },
  flowChartDelay: {
    gd: 'idx cos wd2 2700000; idy sin hd2 2700000; ir +- hc idx 0; it +- vc 0 idy; ib +- vc idy 0',
    paths: ['M l t L hc t A wd2 hd2 3cd4 cd2 L l b Z'],
    rect: 'l it ir ib',
  },
  flowChartDisplay: { gd: 'x2 */ w 5 6', paths: ['w=6 h=6 M 0 3 L 1 0 L 5 0 A 1 3 3cd4 cd2 L 1 6 Z'], rect: 'wd6 t x2 b' },
};
