/**
 * Preset shape definitions (ECMA-376 Part 1 §20.1.10.56, presetShapeDefinitions) that geometry.ts
 * used to approximate by hand: the stars, the polygons of 5, 7, 10 and 12 sides, the terminator, frame,
 * can and curved connector, in the compact form of preset-geometry.ts.
 */
import type { PresetDef } from './preset-geometry';

const INNER = 'a pin 0 adj 50000; iwd2 */ wd2 a 50000; ihd2 */ hd2 a 50000';
const SCALED = 'a pin 0 adj 50000; swd2 */ wd2 hf 100000; shd2 */ hd2 vf 100000; svc */ vc vf 100000';
const ROUND_RECT = 'idx cos iwd2 2700000; idy sin ihd2 2700000; il +- hc 0 idx; it +- vc 0 idy; ir +- hc idx 0; ib +- vc idy 0';

/** Mirrored guide pairs: `x{i}` = hc − d, `x{n+1−i}` = hc + d (likewise y about vc). */
function mirrored(prefix: string, centre: string, n: number, d: (i: number) => string): string {
  const out: string[] = [];
  for (let i = 1; i <= n; i++) out.push(`${prefix}${i} +- ${centre} 0 ${d(i)}`, `${prefix}${2 * n + 1 - i} +- ${centre} ${d(i)} 0`);
  return out.join('; ');
}

/**
 * Stars of 4m points (star8, 16, 24, 32): outer points at multiples of 90°/m from the axes, inner
 * ones half way between at adj/50000 of the radii; the outline walks the quarters from the left.
 */
function starOf(m: number, rect: string): PresetDef {
  const step = 5400000 / m;
  const d: string[] = [];
  for (let j = 1; j < m; j++) d.push(`dx${j} cos wd2 ${j * step}; dy${j} cos hd2 ${j * step}`);
  for (let i = 1; i <= m; i++) d.push(`sdx${i} cos iwd2 ${(i - 0.5) * step}; sdy${i} cos ihd2 ${(i - 0.5) * step}`);
  const gd = [INNER, ...d, mirrored('x', 'hc', m - 1, (j) => `dx${j}`), mirrored('y', 'vc', m - 1, (j) => `dy${j}`),
    mirrored('sx', 'hc', m, (i) => `sdx${i}`), mirrored('sy', 'vc', m, (i) => `sdy${i}`), ROUND_RECT].join('; ');
  const pts: string[] = ['M l vc'];
  const quarter = (inner: (i: number) => string, outer: (i: number) => string, end: string) => {
    for (let i = 1; i <= m; i++) pts.push(`L ${inner(i)}`, i < m ? `L ${outer(i)}` : `L ${end}`);
  };
  quarter((i) => `sx${i} sy${m + 1 - i}`, (i) => `x${i} y${m - i}`, 'hc t');
  quarter((i) => `sx${m + i} sy${i}`, (i) => `x${m - 1 + i} y${i}`, 'r vc');
  quarter((i) => `sx${2 * m + 1 - i} sy${m + i}`, (i) => `x${2 * m - 1 - i} y${m - 1 + i}`, 'hc b');
  quarter((i) => `sx${m + 1 - i} sy${2 * m + 1 - i}`, (i) => `x${m - i} y${2 * m - 1 - i}`, 'Z');
  return { av: 'adj 37500', gd, paths: [pts.join(' ').replace('L Z', 'Z')], rect };
}

export const PRESET_DATA_I: Record<string, PresetDef> = {
  star4: {
    av: 'adj 12500',
    gd: `${INNER}; sdx cos iwd2 2700000; sdy sin ihd2 2700000; sx1 +- hc 0 sdx; sx2 +- hc sdx 0; sy1 +- vc 0 sdy; sy2 +- vc sdy 0`,
    paths: ['M l vc L sx1 sy1 L hc t L sx2 sy1 L r vc L sx2 sy2 L hc b L sx1 sy2 Z'],
    rect: 'sx1 sy1 sx2 sy2',
  },
  star5: {
    av: 'adj 19098 hf 105146 vf 110557',
    gd: `${SCALED}; dx1 cos swd2 1080000; dx2 cos swd2 18360000; dy1 sin shd2 1080000; dy2 sin shd2 18360000; x1 +- hc 0 dx1;
      x2 +- hc 0 dx2; x3 +- hc dx2 0; x4 +- hc dx1 0; y1 +- svc 0 dy1; y2 +- svc 0 dy2; iwd2 */ swd2 a 50000; ihd2 */ shd2 a 50000;
      sdx1 cos iwd2 20520000; sdx2 cos iwd2 3240000; sdy1 sin ihd2 3240000; sdy2 sin ihd2 20520000; sx1 +- hc 0 sdx1;
      sx2 +- hc 0 sdx2; sx3 +- hc sdx2 0; sx4 +- hc sdx1 0; sy1 +- svc 0 sdy1; sy2 +- svc 0 sdy2; sy3 +- svc ihd2 0`,
    paths: ['M x1 y1 L sx2 sy1 L hc t L sx3 sy1 L x4 y1 L sx4 sy2 L x3 y2 L hc sy3 L x2 y2 L sx1 sy2 Z'],
    rect: 'sx1 sy1 sx4 sy3',
  },
  star6: {
    av: 'adj 28868 hf 115470',
    gd: `a pin 0 adj 50000; swd2 */ wd2 hf 100000; dx1 cos swd2 1800000; x1 +- hc 0 dx1; x2 +- hc dx1 0; y2 +- vc hd4 0;
      iwd2 */ swd2 a 50000; ihd2 */ hd2 a 50000; sdx2 */ iwd2 1 2; sx1 +- hc 0 iwd2; sx2 +- hc 0 sdx2; sx3 +- hc sdx2 0;
      sx4 +- hc iwd2 0; sdy1 sin ihd2 3600000; sy1 +- vc 0 sdy1; sy2 +- vc sdy1 0`,
    paths: ['M x1 hd4 L sx2 sy1 L hc t L sx3 sy1 L x2 hd4 L sx4 vc L x2 y2 L sx3 sy2 L hc b L sx2 sy2 L x1 y2 L sx1 vc Z'],
    rect: 'sx1 sy1 sx4 sy2',
  },
  star7: {
    av: 'adj 34601 hf 102572 vf 105210',
    gd: `${SCALED}; dx1 */ swd2 97493 100000; dx2 */ swd2 78183 100000; dx3 */ swd2 43388 100000; dy1 */ shd2 62349 100000;
      dy2 */ shd2 22252 100000; dy3 */ shd2 90097 100000; ${mirrored('x', 'hc', 3, (i) => `dx${i}`)}; y1 +- svc 0 dy1;
      y2 +- svc dy2 0; y3 +- svc dy3 0; iwd2 */ swd2 a 50000; ihd2 */ shd2 a 50000; sdx1 */ iwd2 97493 100000;
      sdx2 */ iwd2 78183 100000; sdx3 */ iwd2 43388 100000; ${mirrored('sx', 'hc', 3, (i) => `sdx${i}`)};
      sdy1 */ ihd2 90097 100000; sdy2 */ ihd2 22252 100000; sdy3 */ ihd2 62349 100000; sy1 +- svc 0 sdy1; sy2 +- svc 0 sdy2;
      sy3 +- svc sdy3 0; sy4 +- svc ihd2 0`,
    paths: ['M x1 y2 L sx1 sy2 L x2 y1 L sx3 sy1 L hc t L sx4 sy1 L x5 y1 L sx6 sy2 L x6 y2 L sx5 sy3 L x4 y3 L hc sy4 L x3 y3 L sx2 sy3 Z'],
    rect: 'sx2 sy1 sx5 sy3',
  },
  star8: starOf(2, 'sx1 sy1 sx4 sy4'),
  star10: {
    av: 'adj 42533 hf 105146',
    gd: `a pin 0 adj 50000; swd2 */ wd2 hf 100000; dx1 */ swd2 95106 100000; dx2 */ swd2 58779 100000;
      ${mirrored('x', 'hc', 2, (i) => `dx${i}`)}; dy1 */ hd2 80902 100000; dy2 */ hd2 30902 100000; ${mirrored('y', 'vc', 2, (i) => `dy${i}`)};
      iwd2 */ swd2 a 50000; ihd2 */ hd2 a 50000; sdx1 */ iwd2 80902 100000; sdx2 */ iwd2 30902 100000; sdy1 */ ihd2 95106 100000;
      sdy2 */ ihd2 58779 100000; sx1 +- hc 0 iwd2; sx2 +- hc 0 sdx1; sx3 +- hc 0 sdx2; sx4 +- hc sdx2 0; sx5 +- hc sdx1 0;
      sx6 +- hc iwd2 0; ${mirrored('sy', 'vc', 2, (i) => `sdy${i}`)}`,
    paths: [`M x1 y2 L sx2 sy2 L x2 y1 L sx3 sy1 L hc t L sx4 sy1 L x3 y1 L sx5 sy2 L x4 y2 L sx6 vc L x4 y3 L sx5 sy3 L x3 y4 L sx4 sy4
      L hc b L sx3 sy4 L x2 y4 L sx2 sy3 L x1 y3 L sx1 vc Z`],
    rect: 'sx2 sy2 sx5 sy3',
  },
  star12: {
    av: 'adj 37500',
    gd: `${INNER}; dx1 cos wd2 1800000; dy1 sin hd2 3600000; x1 +- hc 0 dx1; x3 */ w 3 4; x4 +- hc dx1 0; y1 +- vc 0 dy1; y3 */ h 3 4;
      y4 +- vc dy1 0; sdx1 cos iwd2 900000; sdx2 cos iwd2 2700000; sdx3 cos iwd2 4500000; sdy1 sin ihd2 4500000;
      sdy2 sin ihd2 2700000; sdy3 sin ihd2 900000; ${mirrored('sx', 'hc', 3, (i) => `sdx${i}`)}; ${mirrored('sy', 'vc', 3, (i) => `sdy${i}`)}`,
    paths: [`M l vc L sx1 sy3 L x1 hd4 L sx2 sy2 L wd4 y1 L sx3 sy1 L hc t L sx4 sy1 L x3 y1 L sx5 sy2 L x4 hd4 L sx6 sy3 L r vc L sx6 sy4
      L x4 y3 L sx5 sy5 L x3 y4 L sx4 sy6 L hc b L sx3 sy6 L wd4 y4 L sx2 sy5 L x1 y3 L sx1 sy4 Z`],
    rect: 'sx2 sy2 sx5 sy5',
  },
  star16: starOf(4, 'il it ir ib'),
  star24: starOf(6, 'il it ir ib'),
  star32: starOf(8, 'il it ir ib'),
  pentagon: {
    av: 'hf 105146 vf 110557',
    gd: `swd2 */ wd2 hf 100000; shd2 */ hd2 vf 100000; svc */ vc vf 100000; dx1 cos swd2 1080000; dx2 cos swd2 18360000;
      dy1 sin shd2 1080000; dy2 sin shd2 18360000; ${mirrored('x', 'hc', 2, (i) => `dx${i}`)}; y1 +- svc 0 dy1; y2 +- svc 0 dy2;
      it */ y1 dx2 dx1`,
    paths: ['M x1 y1 L hc t L x4 y1 L x3 y2 L x2 y2 Z'],
    rect: 'x2 it x3 y2',
  },
  heptagon: {
    av: 'hf 102572 vf 105210',
    gd: `swd2 */ wd2 hf 100000; shd2 */ hd2 vf 100000; svc */ vc vf 100000; dx1 */ swd2 97493 100000; dx2 */ swd2 78183 100000;
      dx3 */ swd2 43388 100000; dy1 */ shd2 62349 100000; dy2 */ shd2 22252 100000; dy3 */ shd2 90097 100000;
      ${mirrored('x', 'hc', 3, (i) => `dx${i}`)}; y1 +- svc 0 dy1; y2 +- svc dy2 0; y3 +- svc dy3 0; ib +- b 0 y1`,
    paths: ['M x1 y2 L x2 y1 L hc t L x5 y1 L x6 y2 L x4 y3 L x3 y3 Z'],
    rect: 'x2 y1 x5 ib',
  },
  decagon: {
    av: 'vf 105146',
    gd: `shd2 */ hd2 vf 100000; dx1 cos wd2 2160000; dx2 cos wd2 4320000; ${mirrored('x', 'hc', 2, (i) => `dx${i}`)};
      dy1 sin shd2 4320000; dy2 sin shd2 2160000; ${mirrored('y', 'vc', 2, (i) => `dy${i}`)}`,
    paths: ['M l vc L x1 y2 L x2 y1 L x3 y1 L x4 y2 L r vc L x4 y3 L x3 y4 L x2 y4 L x1 y3 Z'],
    rect: 'x1 y2 x4 y3',
  },
  dodecagon: {
    gd: 'x1 */ w 2894 21600; x2 */ w 7906 21600; x3 */ w 13694 21600; x4 */ w 18706 21600; y1 */ h 2894 21600; y2 */ h 7906 21600; y3 */ h 13694 21600; y4 */ h 18706 21600',
    paths: ['M l y2 L x1 y1 L x2 t L x3 t L x4 y1 L r y2 L r y3 L x4 y4 L x3 b L x2 b L x1 y4 L l y3 Z'],
    rect: 'x1 y1 x4 y4',
  },
  flowChartTerminator: {
    gd: 'il */ w 1018 21600; ir */ w 20582 21600; it */ h 3163 21600; ib */ h 18437 21600',
    paths: ['w=21600 h=21600 M 3475 0 L 18125 0 A 3475 10800 3cd4 cd2 L 3475 21600 A 3475 10800 cd4 cd2 Z'],
    rect: 'il it ir ib',
  },
  frame: {
    av: 'adj1 12500',
    gd: 'a1 pin 0 adj1 50000; x1 */ ss a1 100000; x4 +- r 0 x1; y4 +- b 0 x1',
    paths: ['M l t L r t L r b L l b Z M x1 x1 L x1 y4 L x4 y4 L x4 x1 Z'],
    rect: 'x1 x1 x4 y4',
  },
  can: {
    av: 'adj 25000',
    gd: 'maxAdj */ 50000 h ss; a pin 0 adj maxAdj; y1 */ ss a 200000; y2 +- y1 y1 0; y3 +- b 0 y1',
    paths: [
      'nostroke M l y1 A wd2 y1 cd2 -10800000 L r y3 A wd2 y1 0 cd2 Z', 'nostroke lighten M l y1 A wd2 y1 cd2 cd2 A wd2 y1 0 cd2 Z',
      'nofill M r y1 A wd2 y1 0 cd2 A wd2 y1 cd2 cd2 L r y3 A wd2 y1 0 cd2 L l y1',
    ],
    rect: 'l y2 r y3',
  },
  curvedConnector3: {
    av: 'adj1 50000',
    gd: 'x2 */ w adj1 100000; x1 +/ l x2 2; x3 +/ r x2 2; y3 */ h 3 4',
    paths: ['nofill M l t C x1 t x2 hd4 x2 vc C x2 y3 x3 b r b'],
  },
};
