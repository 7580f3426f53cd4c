/**
 * Preset shape definitions (ECMA-376 Part 1 §20.1.10.56, presetShapeDefinitions): the flowChart*
 * family and a few shapes after it, in the compact form of preset-geometry.ts.
 */
import type { PresetDef } from './preset-geometry';

const INSCRIBED = 'idx cos wd2 2700000; idy sin hd2 2700000; il +- hc 0 idx; ir +- hc idx 0; it +- vc 0 idy; ib +- vc idy 0';
const CIRCLE = 'M l vc A wd2 hd2 cd2 cd4 A wd2 hd2 3cd4 cd4 A wd2 hd2 0 cd4 A wd2 hd2 cd4 cd4 Z';
const UNIT_BOX = 'w=1 h=1 M 0 0 L 1 0 L 1 1 L 0 1 Z';

export const PRESET_DATA_C: Record<string, PresetDef> = {
  flowChartDocument: {
    gd: 'y1 */ h 17322 21600; y2 */ h 20172 21600',
    paths: ['w=21600 h=21600 M 0 0 L 21600 0 L 21600 17322 C 10800 17322 10800 23922 0 20172 Z'],
    rect: 'l t r y1',
  },
  flowChartExtract: { gd: 'x2 */ w 3 4', paths: ['w=2 h=2 M 0 2 L 1 0 L 2 2 Z'], rect: 'wd4 vc x2 b' },
  flowChartInputOutput: { gd: 'x5 */ w 4 5', paths: ['w=5 h=5 M 0 5 L 1 0 L 5 0 L 4 5 Z'], rect: 'wd5 t x5 b' },
  flowChartInternalStorage: {
    paths: [`nostroke ${UNIT_BOX}`, 'nofill w=8 h=8 M 1 0 L 1 8 M 0 1 L 8 1', `nofill ${UNIT_BOX}`],
    rect: 'wd8 hd8 r b',
  },
  flowChartMagneticDisk: {
    gd: 'y3 */ h 5 6',
    paths: [
      'nostroke w=6 h=6 M 0 1 A 3 1 cd2 cd2 L 6 5 A 3 1 0 cd2 Z', 'nofill w=6 h=6 M 6 1 A 3 1 0 cd2',
      'nofill w=6 h=6 M 0 1 A 3 1 cd2 cd2 L 6 5 A 3 1 0 cd2 Z',
    ],
    rect: 'l hd3 r y3',
  },
  flowChartMagneticDrum: {
    gd: 'x2 */ w 2 3',
    paths: [
      'nostroke w=6 h=6 M 1 0 L 5 0 A 1 3 3cd4 cd2 L 1 6 A 1 3 cd4 cd2 Z', 'nofill w=6 h=6 M 5 6 A 1 3 cd4 cd2',
      'nofill w=6 h=6 M 1 0 L 5 0 A 1 3 3cd4 cd2 L 1 6 A 1 3 cd4 cd2 Z',
    ],
    rect: 'wd6 t x2 b',
  },
  flowChartMagneticTape: {
    gd: `${INSCRIBED}; ang1 at2 w h`,
    paths: ['M hc b A wd2 hd2 cd4 cd4 A wd2 hd2 cd2 cd4 A wd2 hd2 3cd4 cd4 A wd2 hd2 0 ang1 L r ib L r b Z'],
    rect: 'il it ir ib',
  },
  flowChartManualInput: { paths: ['w=5 h=5 M 0 1 L 5 0 L 5 5 L 0 5 Z'], rect: 'l hd5 r b' },
  flowChartMerge: { gd: 'x2 */ w 3 4', paths: ['w=2 h=2 M 0 0 L 2 0 L 1 2 Z'], rect: 'wd4 t x2 vc' },
  flowChartMultidocument: {
    gd: 'y2 */ h 3675 21600; y8 */ h 20782 21600; x5 */ w 18595 21600',
    paths: [
      `nostroke w=21600 h=21600 M 0 20782 C 9298 23542 9298 18022 18595 18022 L 18595 3675 L 0 3675 Z M 1532 3675 L 1532 1815
        L 20000 1815 L 20000 16252 C 19298 16252 18595 16352 18595 16352 L 18595 3675 Z M 2972 1815 L 2972 0 L 21600 0 L 21600 14392
        C 20800 14392 20000 14467 20000 14467 L 20000 1815 Z`,
      `nofill w=21600 h=21600 M 0 3675 L 18595 3675 L 18595 18022 C 9298 18022 9298 23542 0 20782 Z M 1532 3675 L 1532 1815 L 20000 1815
        L 20000 16252 C 19298 16252 18595 16352 18595 16352 M 2972 1815 L 2972 0 L 21600 0 L 21600 14392 C 20800 14392 20000 14467 20000 14467`,
    ],
    rect: 'l y2 x5 y8',
  },
  flowChartOfflineStorage: {
    gd: 'x4 */ w 3 4',
    paths: ['nostroke w=2 h=2 M 0 0 L 2 0 L 1 2 Z', 'nofill w=5 h=5 M 2 4 L 3 4', 'nofill w=2 h=2 M 0 0 L 2 0 L 1 2 Z'],
    rect: 'wd4 t x4 vc',
  },
  flowChartOffpageConnector: { gd: 'y1 */ h 4 5', paths: ['w=10 h=10 M 0 0 L 10 0 L 10 8 L 5 10 L 0 8 Z'], rect: 'l t r y1' },
  flowChartOnlineStorage: {
    gd: 'x2 */ w 5 6',
    paths: ['w=6 h=6 M 1 0 L 6 0 A 1 3 3cd4 -10800000 L 1 6 A 1 3 cd4 cd2 Z'],
    rect: 'wd6 t x2 b',
  },
  flowChartOr: {
    gd: INSCRIBED,
    paths: [`nostroke ${CIRCLE}`, 'nofill M hc t L hc b M l vc L r vc', `nofill ${CIRCLE}`],
    rect: 'il it ir ib',
  },
  flowChartPredefinedProcess: {
    gd: 'x2 */ w 7 8',
    paths: [`nostroke ${UNIT_BOX}`, 'nofill w=8 h=8 M 1 0 L 1 8 M 7 0 L 7 8', `nofill ${UNIT_BOX}`],
    rect: 'wd8 t x2 b',
  },
  flowChartPreparation: { gd: 'x2 */ w 4 5', paths: ['w=10 h=10 M 0 5 L 2 0 L 8 0 L 10 5 L 8 10 L 2 10 Z'], rect: 'wd5 t x2 b' },
  flowChartPunchedCard: { paths: ['w=5 h=5 M 0 1 L 1 0 L 5 0 L 5 5 L 0 5 Z'], rect: 'l hd5 r b' },
  flowChartPunchedTape: {
    gd: 'ib */ h 4 5',
    paths: ['w=20 h=20 M 0 2 A 5 2 cd2 -10800000 A 5 2 cd2 cd2 L 20 18 A 5 2 0 -10800000 A 5 2 0 cd2 Z'],
    rect: 'l hd5 r ib',
  },
  flowChartSort: {
    gd: 'ir */ w 3 4; ib */ h 3 4',
    paths: ['nostroke w=2 h=2 M 0 1 L 1 0 L 2 1 L 1 2 Z', 'nofill w=2 h=2 M 0 1 L 2 1', 'nofill w=2 h=2 M 0 1 L 1 0 L 2 1 L 1 2 Z'],
    rect: 'wd4 hd4 ir ib',
  },
  flowChartSummingJunction: {
    gd: INSCRIBED,
    paths: [`nostroke ${CIRCLE}`, 'nofill M il it L ir ib M ir it L il ib', `nofill ${CIRCLE}`],
    rect: 'il it ir ib',
  },
  foldedCorner: {
    av: 'adj 16667',
    gd: 'a pin 0 adj 50000; dy2 */ ss a 100000; dy1 */ dy2 1 5; x1 +- r 0 dy2; x2 +- x1 dy1 0; y2 +- b 0 dy2; y1 +- y2 dy1 0',
    paths: [
      'nostroke M l t L r t L r y2 L x1 b L l b Z', 'nostroke darkenLess M x1 b L x2 y1 L r y2 Z',
      'nofill M x1 b L x2 y1 L r y2 L x1 b L l b L l t L r t L r y2',
    ],
    rect: 'l t r y2',
  },
  funnel: {
    gd: `d */ ss 1 20; rw2 +- wd2 0 d; rh2 +- hd4 0 d; t1 cos wd2 480000; t2 sin hd4 480000; da at2 t1 t2; 2da */ da 2 1;
      stAng1 +- cd2 0 da; swAng1 +- cd2 2da 0; swAng3 +- cd2 0 2da; rw3 */ wd2 1 4; rh3 */ hd4 1 4; ct1 cos hd4 stAng1;
      st1 sin wd2 stAng1; m1 mod ct1 st1 0; n1 */ wd2 hd4 m1; dx1 cos n1 stAng1; dy1 sin n1 stAng1; x1 +- hc dx1 0; y1 +- hd4 dy1 0;
      ct3 cos rh3 da; st3 sin rw3 da; m3 mod ct3 st3 0; n3 */ rw3 rh3 m3; dx3 cos n3 da; dy3 sin n3 da; x3 +- hc dx3 0;
      vc3 +- b 0 rh3; y2 +- vc3 dy3 0; x2 +- wd2 0 rw2`,
    paths: ['M x1 y1 A wd2 hd4 stAng1 swAng1 L x3 y2 A rw3 rh3 da swAng3 Z M x2 hd4 A rw2 rh2 cd2 -21600000 Z'],
  },
};
