/**
 * Preset shape definitions (ECMA-376 Part 1 §20.1.10.56, presetShapeDefinitions), arcs to callouts, in
 * the compact form of preset-geometry.ts: adjust defaults, guide formulas, paths, text rectangle.
 */
import type { PresetDef } from './preset-geometry';

const BOX = 'M l t L r t L r b L l b Z';
const CALLOUT_GD = 'y1 */ h adj1 100000; x1 */ w adj2 100000; y2 */ h adj3 100000; x2 */ w adj4 100000; y3 */ h adj5 100000; x3 */ w adj6 100000; y4 */ h adj7 100000; x4 */ w adj8 100000';
const AV1 = 'adj1 18750 adj2 -8333 adj3 112500 adj4 -38333';
const AV2 = 'adj1 18750 adj2 -8333 adj3 18750 adj4 -16667 adj5 112500 adj6 -46667';
const AV3 = 'adj1 18750 adj2 -8333 adj3 18750 adj4 -16667 adj5 100000 adj6 -16667 adj7 112963 adj8 -8333';
const LEAD1 = 'nofill M x1 y1 L x2 y2';
const LEAD2 = `${LEAD1} L x3 y3`;
const LEAD3 = `${LEAD2} L x4 y4`;
const ACCENT = 'nofill M x1 t Z L x1 b';

/** A line callout: a box (`box`: stroked or not), an optional accent bar, and a leader of 1–3 segments. */
function callout(av: string, lead: string, box: 'border' | 'plain', accent: boolean): PresetDef {
  const paths = [box === 'border' ? BOX : `nostroke ${BOX}`, ...(accent ? [ACCENT] : []), lead];
  return { av, gd: CALLOUT_GD, paths };
}

export const PRESET_DATA_A: Record<string, PresetDef> = {
  accentBorderCallout1: callout(AV1, LEAD1, 'border', true),
  accentBorderCallout2: callout(AV2, LEAD2, 'border', true),
  accentBorderCallout3: callout(AV3, LEAD3, 'border', true),
  accentCallout1: callout(AV1, LEAD1, 'plain', true),
  accentCallout2: callout(AV2, LEAD2, 'plain', true),
  accentCallout3: callout(AV3, LEAD3, 'plain', true),
  borderCallout1: callout(AV1, LEAD1, 'border', false),
  borderCallout2: callout(AV2, LEAD2, 'border', false),
  borderCallout3: callout(AV3, LEAD3, 'border', false),
  callout1: callout(AV1, LEAD1, 'plain', false),
  callout2: callout(AV2, LEAD2, 'plain', false),
  callout3: callout(AV3, LEAD3, 'plain', false),
  arc: {
    av: 'adj1 16200000 adj2 0',
    gd: `stAng pin 0 adj1 21599999; enAng pin 0 adj2 21599999; sw11 +- enAng 0 stAng; sw12 +- sw11 21600000 0; swAng ?: sw11 sw11 sw12;
      wt1 sin wd2 stAng; ht1 cos hd2 stAng; dx1 cat2 wd2 ht1 wt1; dy1 sat2 hd2 ht1 wt1; x1 +- hc dx1 0; y1 +- vc dy1 0`,
    paths: ['nostroke M x1 y1 A wd2 hd2 stAng swAng L hc vc Z', 'nofill M x1 y1 A wd2 hd2 stAng swAng'],
  },
  bentArrow: {
    av: 'adj1 25000 adj2 25000 adj3 25000 adj4 43750',
    gd: `a2 pin 0 adj2 50000; maxAdj1 */ a2 2 1; a1 pin 0 adj1 maxAdj1; a3 pin 0 adj3 50000; th */ ss a1 100000; aw2 */ ss a2 100000;
      th2 */ th 1 2; dh2 +- aw2 0 th2; ah */ ss a3 100000; bw +- r 0 ah; bh +- b 0 dh2; bs min bw bh; maxAdj4 */ 100000 bs ss;
      a4 pin 0 adj4 maxAdj4; bd */ ss a4 100000; bd3 +- bd 0 th; bd2 max bd3 0; x3 +- th bd2 0; x4 +- r 0 ah; y3 +- dh2 th 0;
      y4 +- y3 dh2 0; y5 +- dh2 bd 0; y6 +- y3 bd2 0`,
    paths: ['M l b L l y5 A bd bd cd2 cd4 L x4 dh2 L x4 t L r aw2 L x4 y4 L x4 y3 L x3 y3 A bd2 bd2 3cd4 -5400000 L th b Z'],
  },
  bentConnector4: {
    av: 'adj1 50000 adj2 50000',
    gd: 'x1 */ w adj1 100000; x2 +/ x1 r 2; y2 */ h adj2 100000; y1 +/ t y2 2',
    paths: ['nofill M l t L x1 t L x1 y2 L r y2 L r b'],
  },
  bentConnector5: {
    av: 'adj1 50000 adj2 50000 adj3 50000',
    gd: 'x1 */ w adj1 100000; x3 */ w adj3 100000; x2 +/ x1 x3 2; y2 */ h adj2 100000; y1 +/ t y2 2; y3 +/ b y2 2',
    paths: ['nofill M l t L x1 t L x1 y2 L x3 y2 L x3 b L r b'],
  },
  bentUpArrow: {
    av: 'adj1 25000 adj2 25000 adj3 25000',
    gd: `a1 pin 0 adj1 50000; a2 pin 0 adj2 50000; a3 pin 0 adj3 50000; y1 */ ss a3 100000; dx1 */ ss a2 50000; x1 +- r 0 dx1;
      dx3 */ ss a2 100000; x3 +- r 0 dx3; dx2 */ ss a1 200000; x2 +- x3 0 dx2; x4 +- x3 dx2 0; dy2 */ ss a1 100000; y2 +- b 0 dy2`,
    paths: ['M l y2 L x2 y2 L x2 y1 L x1 y1 L x3 t L r y1 L x4 y1 L x4 b L l b Z'],
    rect: 'l y2 x4 b',
  },
  bevel: {
    av: 'adj 12500',
    gd: 'a pin 0 adj 50000; x1 */ ss a 100000; x2 +- r 0 x1; y2 +- b 0 x1',
    paths: [
      'nostroke M x1 x1 L x2 x1 L x2 y2 L x1 y2 Z', 'nostroke lightenLess M l t L r t L x2 x1 L x1 x1 Z',
      'nostroke darkenLess M l b L x1 y2 L x2 y2 L r b Z', 'nostroke lighten M l t L x1 x1 L x1 y2 L l b Z',
      'nostroke darken M r t L r b L x2 y2 L x2 x1 Z',
      'nofill M l t L r t L r b L l b Z M x1 x1 L x2 x1 L x2 y2 L x1 y2 Z M l t L x1 x1 M l b L x1 y2 M r t L x2 x1 M r b L x2 y2',
    ],
    rect: 'x1 x1 x2 y2',
  },
};

const ARC_BOUNDS = `sw0 +- 21600000 0 stAng; da1 +- swAng 0 sw0; sw1 +- cd4 0 stAng; sw2 +- 27000000 0 stAng; sw3 ?: sw1 sw1 sw2;
  da2 +- swAng 0 sw3; sw4 +- cd2 0 stAng; sw5 +- 32400000 0 stAng; sw6 ?: sw4 sw4 sw5; da3 +- swAng 0 sw6; sw7 +- 3cd4 0 stAng;
  sw8 +- 37800000 0 stAng; sw9 ?: sw7 sw7 sw8; da4 +- swAng 0 sw9`;
const CLOUD = `w=43200 h=43200 M 3900 14370 A 6753 9190 -11429249 7426832 A 5333 7267 -8646143 5396714 A 4365 5945 -8748475 5983381
  A 4857 6595 -7859164 7034504 A 5333 7273 -4722533 6541615 A 6775 9220 -2776035 7816140 A 5785 7867 37501 6842000
  A 6752 9215 1347096 6910353 A 7720 10543 3974558 4542661 A 4360 5918 -16496525 8804134 A 4345 5945 -14809710 9151131 Z`;
const CLOUD_LINES = `nofill w=43200 h=43200 M 4693 26177 A 4345 5945 5204520 1585770 M 6928 34899 A 4360 5918 4416628 686848
  M 16478 39090 A 6752 9215 8257449 844866 M 28827 34751 A 6752 9215 387196 959901 M 34129 22954 A 5785 7867 -4217541 4255042
  M 41798 15354 A 5333 7273 1819082 1665090 M 38324 5426 A 4857 6595 -824660 891534 M 29078 3952 A 4857 6595 -8950887 1091722
  M 22141 4720 A 4365 5945 -9809656 1061181 M 14000 5192 A 6753 9190 -4002417 739161 M 4127 15789 A 6753 9190 9459261 711490`;
const CLOUD_RECT = 'il */ w 2977 21600; it */ h 3262 21600; ir */ w 17087 21600; ib */ h 17337 21600';
const CHART_BOX = 'nostroke w=10 h=10 M 0 0 L 0 10 L 10 10 L 10 0 Z';

export const PRESET_DATA_A2: Record<string, PresetDef> = {
  blockArc: {
    av: 'adj1 10800000 adj2 0 adj3 25000',
    gd: `stAng pin 0 adj1 21599999; istAng pin 0 adj2 21599999; a3 pin 0 adj3 50000; sw11 +- istAng 0 stAng; sw12 +- sw11 21600000 0;
      swAng ?: sw11 sw11 sw12; iswAng +- 0 0 swAng; wt1 sin wd2 stAng; ht1 cos hd2 stAng; dx1 cat2 wd2 ht1 wt1; dy1 sat2 hd2 ht1 wt1;
      x1 +- hc dx1 0; y1 +- vc dy1 0; dr */ ss a3 100000; iwd2 +- wd2 0 dr; ihd2 +- hd2 0 dr; wt2 sin iwd2 istAng; ht2 cos ihd2 istAng;
      dx2 cat2 iwd2 ht2 wt2; dy2 sat2 ihd2 ht2 wt2; x2 +- hc dx2 0; y2 +- vc dy2 0`,
    paths: ['M x1 y1 A wd2 hd2 stAng swAng L x2 y2 A iwd2 ihd2 istAng iswAng Z'],
  },
  bracePair: {
    av: 'adj 8333',
    gd: `a pin 0 adj 25000; x1 */ ss a 100000; x2 */ ss a 50000; x3 +- r 0 x2; x4 +- r 0 x1; y2 +- vc 0 x1; y3 +- vc x1 0; y4 +- b 0 x1;
      it */ x1 29289 100000; il +- x1 it 0; ir +- r 0 il; ib +- b 0 it`,
    paths: [
      `nostroke M x2 b A x1 x1 cd4 cd4 L x1 y3 A x1 x1 0 -5400000 A x1 x1 cd4 -5400000 L x1 x1 A x1 x1 cd2 cd4 L x3 t A x1 x1 3cd4 cd4
        L x4 y2 A x1 x1 cd2 -5400000 A x1 x1 3cd4 -5400000 L x4 y4 A x1 x1 0 cd4 Z`,
      `nofill M x2 b A x1 x1 cd4 cd4 L x1 y3 A x1 x1 0 -5400000 A x1 x1 cd4 -5400000 L x1 x1 A x1 x1 cd2 cd4 M x3 t A x1 x1 3cd4 cd4
        L x4 y2 A x1 x1 cd2 -5400000 A x1 x1 3cd4 -5400000 L x4 y4 A x1 x1 0 cd4`,
    ],
    rect: 'il il ir ib',
  },
  bracketPair: {
    av: 'adj 16667',
    gd: 'a pin 0 adj 50000; x1 */ ss a 100000; x2 +- r 0 x1; y2 +- b 0 x1; il */ x1 29289 100000; ir +- r 0 il; ib +- b 0 il',
    paths: [
      'nostroke M l x1 A x1 x1 cd2 cd4 L x2 t A x1 x1 3cd4 cd4 L r y2 A x1 x1 0 cd4 L x1 b A x1 x1 cd4 cd4 Z',
      'nofill M x1 b A x1 x1 cd4 cd4 L l x1 A x1 x1 cd2 cd4 M x2 t A x1 x1 3cd4 cd4 L r y2 A x1 x1 0 cd4',
    ],
    rect: 'il il ir ib',
  },
  chartPlus: { paths: ['nofill w=10 h=10 M 5 0 L 5 10 M 0 5 L 10 5', CHART_BOX] },
  chartStar: { paths: ['nofill w=10 h=10 M 0 0 L 10 10 M 0 10 L 10 0 M 5 0 L 5 10', CHART_BOX] },
  chartX: { paths: ['nofill w=10 h=10 M 0 0 L 10 10 M 0 10 L 10 0', CHART_BOX] },
  chord: {
    av: 'adj1 2700000 adj2 16200000',
    gd: `stAng pin 0 adj1 21599999; enAng pin 0 adj2 21599999; sw1 +- enAng 0 stAng; sw2 +- sw1 21600000 0; swAng ?: sw1 sw1 sw2;
      wt1 sin wd2 stAng; ht1 cos hd2 stAng; dx1 cat2 wd2 ht1 wt1; dy1 sat2 hd2 ht1 wt1; x1 +- hc dx1 0; y1 +- vc dy1 0;
      idx cos wd2 2700000; idy sin hd2 2700000; il +- hc 0 idx; ir +- hc idx 0; it +- vc 0 idy; ib +- vc idy 0`,
    paths: ['M x1 y1 A wd2 hd2 stAng swAng Z'],
    rect: 'il it ir ib',
  },
  cloud: { gd: CLOUD_RECT, paths: [CLOUD, CLOUD_LINES], rect: 'il it ir ib' },
  cloudCallout: {
    av: 'adj1 -20833 adj2 62500',
    gd: `dxPos */ w adj1 100000; dyPos */ h adj2 100000; xPos +- hc dxPos 0; yPos +- vc dyPos 0; ht cat2 hd2 dxPos dyPos;
      wt sat2 wd2 dxPos dyPos; g2 cat2 wd2 ht wt; g3 sat2 hd2 ht wt; g4 +- hc g2 0; g5 +- vc g3 0; g6 +- g4 0 xPos; g7 +- g5 0 yPos;
      g8 mod g6 g7 0; g9 */ ss 6600 21600; g10 +- g8 0 g9; g11 */ g10 1 3; g12 */ ss 1800 21600; g13 +- g11 g12 0; g14 */ g13 g6 g8;
      g15 */ g13 g7 g8; g16 +- g14 xPos 0; g17 +- g15 yPos 0; g18 */ ss 4800 21600; g19 */ g11 2 1; g20 +- g18 g19 0;
      g21 */ g20 g6 g8; g22 */ g20 g7 g8; g23 +- g21 xPos 0; g24 +- g22 yPos 0; g25 */ ss 1200 21600; g26 */ ss 600 21600;
      x23 +- xPos g26 0; x24 +- g16 g25 0; x25 +- g23 g12 0; ${CLOUD_RECT}`,
    paths: [CLOUD, 'M x23 yPos A g26 g26 0 21600000 Z', 'M x24 g17 A g25 g25 0 21600000 Z', 'M x25 g24 A g12 g12 0 21600000 Z', CLOUD_LINES],
    rect: 'il it ir ib',
  },
  corner: {
    av: 'adj1 50000 adj2 50000',
    gd: `maxAdj1 */ 100000 h ss; maxAdj2 */ 100000 w ss; a1 pin 0 adj1 maxAdj1; a2 pin 0 adj2 maxAdj2; x1 */ ss a2 100000;
      dy1 */ ss a1 100000; y1 +- b 0 dy1; d +- w 0 h; it ?: d y1 t; ir ?: d r x1`,
    paths: ['M l t L x1 t L x1 y1 L r y1 L r b L l b Z'],
    rect: 'l it ir b',
  },
  cornerTabs: {
    gd: 'md mod w h 0; dx */ 1 md 20; y1 +- 0 b dx; x1 +- 0 r dx',
    paths: ['M l t L dx t L l dx Z', 'M l y1 L dx b L l b Z', 'M x1 t L r t L r dx Z', 'M r y1 L r b L x1 b Z'],
    rect: 'dx dx x1 y1',
  },
  cube: {
    av: 'adj 25000',
    gd: 'a pin 0 adj 100000; y1 */ ss a 100000; y4 +- b 0 y1; x4 +- r 0 y1',
    paths: [
      'nostroke M l y1 L x4 y1 L x4 b L l b Z', 'nostroke darkenLess M x4 y1 L r t L r y4 L x4 b Z',
      'nostroke lightenLess M l y1 L y1 t L r t L x4 y1 Z', 'nofill M l y1 L y1 t L r t L r y4 L x4 b L l b Z M l y1 L x4 y1 L r t M x4 y1 L x4 b',
    ],
    rect: 'l y1 x4 b',
  },
  curvedConnector2: { paths: ['nofill M l t C wd2 t r hd2 r b'] },
};
