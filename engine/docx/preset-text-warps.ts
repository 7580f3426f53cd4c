/**
 * Preset text warps (a:prstTxWarp, ECMA-376 Part 1 §20.1.9.19; their guide paths in Annex D,
 * presetTextWarpDefinitions), in the compact form of preset-geometry.ts: adjust defaults, guide
 * formulas, and the guide paths. Two paths are the top and bottom curves the text fills the band
 * between; one path (arches, circles) is the curve the text is set along. The presets with more
 * guides (textButton and textButtonPour: three and six; textDeflateInflate and
 * textDeflateInflateDeflate: a pair per line) are not here: their text keeps a plain box.
 */
import type { PresetDef } from './preset-geometry';

/** The arch-up sweep (§D textArchUp): from `adval`, clockwise to the arc's other end. */
const ARCH_UP_SWEEP = `v1 +- 10800000 0 adval; v2 +- 32400000 0 adval; end ?: v1 v1 v2; w1 +- 5400000 0 adval; w2 +- 16200000 0 adval;
  d1 +- end 0 adval; d2 +- 21600000 d1 0; c2 ?: w2 d1 d2; c1 ?: v1 d2 c2; swAng ?: w1 d1 c1`;
/** The arch-down start and sweep (§D textArchDown). */
const ARCH_DOWN_SWEEP = `v1 +- 10800000 0 adval; v2 +- 32400000 0 adval; nv1 +- 0 0 v1; stAng ?: nv1 v2 v1; w1 +- 5400000 0 adval;
  w2 +- 16200000 0 adval; d1 +- adval 0 stAng; d2 +- d1 0 21600000; v3 +- 0 0 10800000; c2 ?: w2 d1 d2; c1 ?: v1 d2 c2;
  c0 ?: w1 d1 c1; swAng ?: stAng c0 v3`;
/** The circle's sweep (§D textCircle): twice the way from `adval` to the opposite side. */
const CIRCLE_SWEEP = `d0 +- adval 0 10800000; d1 +- 10800000 0 adval; d2 +- 21600000 0 adval; d3 ?: d1 d1 10799999; d4 ?: d0 d2 d3;
  swAng */ d4 2 1`;
/** A point (`x`, `y` + suffix) of the ellipse with half axes `wr`, `hr` at angle `ang`. */
const onEllipse = (n: string, wr: string, hr: string, ang: string) =>
  `wt${n} sin ${wr} ${ang}; ht${n} cos ${hr} ${ang}; dx${n} cat2 ${wr} ht${n} wt${n}; dy${n} sat2 ${hr} ht${n} wt${n};
  x${n} +- hc dx${n} 0; y${n} +- vc dy${n} 0`;
/** The inner ellipse of the "pour" presets: `adj2` percent of the outer one. */
const INNER = 'adval2 pin 0 adj2 99000; ratio */ adval2 1 100000; iwd2 */ wd2 ratio 1; ihd2 */ hd2 ratio 1';
const CAN = (lo: number, hi: number) => `a pin ${lo} adj ${hi}`;
const CURVE = `a pin 0 adj 56338; dy */ a h 100000; gd1 */ dy 3 4; gd2 */ dy 5 4; gd3 */ dy 3 8; gd4 */ dy 1 8; gd5 +- h 0 gd3;
  gd6 +- gd4 h 0; y0 +- t dy 0; y1 +- t gd1 0; y2 +- t gd2 0; y3 +- t gd3 0; y4 +- t gd4 0; y5 +- t gd5 0; y6 +- t gd6 0;
  x1 +- l wd3 0; x2 +- r 0 wd3`;
const CASCADE = 'a pin 28570 adj 100000; dy */ a h 100000; y1 +- t dy 0; dy2 +- h 0 dy; dy3 */ dy2 1 4; y2 +- t dy3 0';
const FADE_X = 'a pin 0 adj 49999; dx */ a w 100000; x1 +- l dx 0; x2 +- r 0 dx';
const FADE_Y = 'a pin 0 adj 49999; dy */ a h 100000; y1 +- t dy 0; y2 +- b 0 dy';
const WAVE_Y = `y1 */ h a1 100000; dy2 */ y1 10 3; y2 +- y1 0 dy2; y3 +- y1 dy2 0; y4 +- b 0 y1; y5 +- y4 0 dy2; y6 +- y4 dy2 0;
  of */ w a2 100000; of2 */ w a2 50000; x1 abs of; dx2 ?: of2 0 of2; x2 +- l 0 dx2`;
const WAVE = `a1 pin 0 adj1 20000; a2 pin -10000 adj2 10000; ${WAVE_Y}; dx5 ?: of2 of2 0; x5 +- r 0 dx5; dx3 +/ dx2 x5 3;
  x3 +- x2 dx3 0; x4 +/ x3 x5 2; x6 +- l dx5 0; x10 +- r dx2 0; x7 +- x6 dx3 0; x8 +/ x7 x10 2; x9 +- r 0 x1`;
const DOUBLE_WAVE = `a1 pin 0 adj1 12500; a2 pin -10000 adj2 10000; ${WAVE_Y}; dx8 ?: of2 of2 0; x8 +- r 0 dx8;
  dx3 +/ dx2 x8 6; x3 +- x2 dx3 0; dx4 +/ dx2 x8 3; x4 +- x2 dx4 0; x5 +/ x2 x8 2; x6 +- x5 dx3 0; x7 +/ x6 x8 2;
  x9 +- l dx8 0; x15 +- r dx2 0; x10 +- x9 dx3 0; x11 +- x9 dx4 0; x12 +/ x9 x15 2; x13 +- x12 dx3 0; x14 +/ x13 x15 2`;
const RING = 'a pin 50000 adj 99000; dy */ a h 100000; y +- t dy 0; r */ dy 1 2; y1 +- t r 0; y2 +- b 0 r';
const SLANT = (lo: number, hi: number) => `a pin ${lo} adj ${hi}; dy */ a h 100000; y1 +- t dy 0; y2 +- b 0 dy`;
const TRIANGLE = 'a pin 0 adj 100000; y */ a h 100000';

export const PRESET_TEXT_WARPS: Record<string, PresetDef> = {
  textArchUp: {
    av: 'adj 10800000',
    gd: `adval pin 0 adj 21599999; ${ARCH_UP_SWEEP}; ${onEllipse('1', 'wd2', 'hd2', 'adj')}`,
    paths: ['M x1 y1 A wd2 hd2 adval swAng'],
  },
  textArchDown: {
    av: 'adj 0',
    gd: `adval pin 0 adj 21599999; ${ARCH_DOWN_SWEEP}; ${onEllipse('2', 'wd2', 'hd2', 'stAng')}`,
    paths: ['M x2 y2 A wd2 hd2 stAng swAng'],
  },
  textCircle: {
    av: 'adj 10800000',
    gd: `adval pin 0 adj 21599999; ${CIRCLE_SWEEP}; ${onEllipse('1', 'wd2', 'hd2', 'adj')}`,
    paths: ['M x1 y1 A wd2 hd2 adval swAng'],
  },
  textArchUpPour: {
    av: 'adj1 10800000 adj2 50000',
    gd: `adval pin 0 adj1 21599999; ${ARCH_UP_SWEEP}; ${onEllipse('1', 'wd2', 'hd2', 'adval')}; ${INNER}; ${onEllipse('2', 'iwd2', 'ihd2', 'adval')}`,
    paths: ['M x1 y1 A wd2 hd2 adval swAng', 'M x2 y2 A iwd2 ihd2 adval swAng'],
  },
  textArchDownPour: {
    av: 'adj1 0 adj2 25000',
    gd: `adval pin 0 adj1 21599999; ${ARCH_DOWN_SWEEP}; ${onEllipse('1', 'wd2', 'hd2', 'stAng')}; ${INNER}; ${onEllipse('3', 'iwd2', 'ihd2', 'stAng')}`,
    paths: ['M x3 y3 A iwd2 ihd2 stAng swAng', 'M x1 y1 A wd2 hd2 stAng swAng'],
  },
  textCirclePour: {
    av: 'adj1 10800000 adj2 50000',
    gd: `adval pin 0 adj1 21599999; ${CIRCLE_SWEEP}; ${onEllipse('1', 'wd2', 'hd2', 'adval')}; ${INNER}; ${onEllipse('2', 'iwd2', 'ihd2', 'adval')}`,
    paths: ['M x1 y1 A wd2 hd2 adval swAng', 'M x2 y2 A iwd2 ihd2 adval swAng'],
  },
  textCanDown: {
    av: 'adj 14286',
    gd: `${CAN(0, 33333)}; dy */ a h 100000; y0 +- t dy 0; y1 +- b 0 dy; ncd2 */ cd2 -1 1`,
    paths: ['M l t A wd2 dy cd2 ncd2', 'M l y1 A wd2 dy cd2 ncd2'],
  },
  textCanUp: {
    av: 'adj 85714',
    gd: `${CAN(66667, 100000)}; dy1 */ a h 100000; dy +- h 0 dy1; y0 +- t dy1 0; y1 +- t dy 0`,
    paths: ['M l y1 A wd2 dy cd2 cd2', 'M l b A wd2 dy cd2 cd2'],
  },
  textCascadeDown: { av: 'adj 44444', gd: CASCADE, paths: ['M l t L r y2', 'M l y1 L r b'] },
  textCascadeUp: { av: 'adj 44444', gd: CASCADE, paths: ['M l y2 L r t', 'M l b L r y1'] },
  textChevron: {
    av: 'adj 25000',
    gd: 'a pin 0 adj 50000; y */ a h 100000; y1 +- t b y',
    paths: ['M l y L hc t L r y', 'M l b L hc y1 L r b'],
  },
  textChevronInverted: {
    av: 'adj 75000',
    gd: 'a pin 50000 adj 100000; y */ a h 100000; y1 +- b 0 y',
    paths: ['M l t L hc y1 L r t', 'M l y L hc b L r y'],
  },
  textCurveDown: { av: 'adj 45977', gd: CURVE, paths: ['M l t C x1 y1 x2 y2 r y0', 'M l y5 C x1 y6 x2 y6 r y5'] },
  textCurveUp: { av: 'adj 45977', gd: CURVE, paths: ['M l y0 C x1 y2 x2 y1 r t', 'M l y5 C x1 y6 x2 y6 r y5'] },
  textDeflate: {
    av: 'adj 18750',
    gd: 'a pin 0 adj 37500; dy */ a ss 100000; gd0 */ dy 4 3; gd1 +- h 0 gd0; y0 +- t gd0 0; y1 +- t gd1 0; x0 +- l wd3 0; x1 +- r 0 wd3',
    paths: ['M l t C x0 y0 x1 y0 r t', 'M l b C x0 y1 x1 y1 r b'],
  },
  textDeflateBottom: {
    av: 'adj 50000',
    gd: 'a pin 6250 adj 100000; dy */ a ss 100000; dy2 +- h 0 dy; y1 +- t dy 0; cp +- y1 0 dy2',
    paths: ['M l t L r t', 'M l b Q hc cp r b'],
  },
  textDeflateTop: {
    av: 'adj 50000',
    gd: 'a pin 0 adj 93750; dy */ a h 100000; y1 +- t dy 0; cp +- y1 dy 0',
    paths: ['M l t Q hc cp r t', 'M l b L r b'],
  },
  textDoubleWave1: {
    av: 'adj1 6250 adj2 0',
    gd: DOUBLE_WAVE,
    paths: ['M x2 y1 C x3 y2 x4 y3 x5 y1 C x6 y2 x7 y3 x8 y1', 'M x9 y4 C x10 y5 x11 y6 x12 y4 C x13 y5 x14 y6 x15 y4'],
  },
  textWave4: {
    av: 'adj1 6250 adj2 0',
    gd: DOUBLE_WAVE,
    paths: ['M x2 y1 C x3 y3 x4 y2 x5 y1 C x6 y3 x7 y2 x8 y1', 'M x9 y4 C x10 y6 x11 y5 x12 y4 C x13 y6 x14 y5 x15 y4'],
  },
  textWave1: { av: 'adj1 12500 adj2 0', gd: WAVE, paths: ['M x2 y1 C x3 y2 x4 y3 x5 y1', 'M x6 y4 C x7 y5 x8 y6 x10 y4'] },
  textWave2: { av: 'adj1 12500 adj2 0', gd: WAVE, paths: ['M x2 y1 C x3 y3 x4 y2 x5 y1', 'M x6 y4 C x7 y6 x8 y5 x10 y4'] },
  textFadeDown: { av: 'adj 33333', gd: FADE_X, paths: ['M l t L r t', 'M x1 b L x2 b'] },
  textFadeUp: { av: 'adj 33333', gd: FADE_X, paths: ['M x1 t L x2 t', 'M l b L r b'] },
  textFadeLeft: { av: 'adj 33333', gd: FADE_Y, paths: ['M l y1 L r t', 'M l y2 L r b'] },
  textFadeRight: { av: 'adj 33333', gd: FADE_Y, paths: ['M l t L r y1', 'M l b L r y2'] },
  textInflate: {
    av: 'adj 18750',
    gd: `a pin 0 adj 20000; dy */ a h 100000; gd */ dy 1 3; gd0 +- 0 0 gd; gd1 +- h 0 gd0; ty +- t dy 0; by +- b 0 dy;
      y0 +- t gd0 0; y1 +- t gd1 0; x0 +- l wd3 0; x1 +- r 0 wd3`,
    paths: ['M l ty C x0 y0 x1 y0 r ty', 'M l by C x0 y1 x1 y1 r by'],
  },
  textInflateBottom: {
    av: 'adj 60000',
    gd: 'a pin 60000 adj 100000; dy */ a h 100000; ty +- t dy 0',
    paths: ['M l t L r t', 'M l ty Q hc b r ty'],
  },
  textInflateTop: {
    av: 'adj 40000',
    gd: 'a pin 0 adj 50000; dy */ a h 100000; ty +- t dy 0',
    paths: ['M l ty Q hc t r ty', 'M l b L r b'],
  },
  textPlain: {
    av: 'adj 50000',
    gd: `a pin 30000 adj 70000; mid */ a w 100000; midDir +- mid 0 hc; dl +- mid 0 l; dr +- r 0 mid; dl2 */ dl 2 1; dr2 */ dr 2 1;
      dx ?: midDir dr2 dl2; xr +- l dx 0; xl +- r 0 dx; tlx ?: midDir l xl; trx ?: midDir xr r; blx ?: midDir xl l; brx ?: midDir r xr`,
    paths: ['M tlx t L trx t', 'M blx b L brx b'],
  },
  textRingInside: { av: 'adj 60000', gd: RING, paths: ['M l y1 A wd2 r 10800000 21599999', 'M l y2 A wd2 r 10800000 21599999'] },
  textRingOutside: { av: 'adj 60000', gd: RING, paths: ['M l y1 A wd2 r 10800000 -21599999', 'M l y2 A wd2 r 10800000 -21599999'] },
  textSlantDown: { av: 'adj 44445', gd: SLANT(28569, 100000), paths: ['M l t L r y2', 'M l y1 L r b'] },
  textSlantUp: { av: 'adj 55555', gd: SLANT(0, 71431), paths: ['M l y1 L r t', 'M l b L r y2'] },
  textStop: {
    av: 'adj 25000',
    gd: 'a pin 14286 adj 50000; dx */ w 1 3; dy */ a h 100000; x1 +- l dx 0; x2 +- r 0 dx; y1 +- t dy 0; y2 +- b 0 dy',
    paths: ['M l y1 L x1 t L x2 t L r y1', 'M l y2 L x1 b L x2 b L r y2'],
  },
  textTriangle: { av: 'adj 50000', gd: TRIANGLE, paths: ['M l y L hc t L r y', 'M l b L r b'] },
  textTriangleInverted: { av: 'adj 50000', gd: TRIANGLE, paths: ['M l t L r t', 'M l y L hc b L r y'] },
};
