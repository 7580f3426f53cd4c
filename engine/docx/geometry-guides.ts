/**
 * DrawingML shape guides (ECMA-376 Part 1 §20.1.9.11 a:gd, §20.1.10.56 built-in guides): the
 * formulas a:custGeom's avLst and gdLst define, evaluated in order, so that path points, arc radii
 * and angles may name a guide (`x="hc"`, `wR="wd2"`, `stAng="cd4"`) as well as give a number.
 * Lengths are in the shape's own units (EMU), angles in 60,000ths of a degree.
 */
import type { XmlElement } from '../xml';
import { attr, child, children } from '../xml';
import { degToRad, detAtan2, detCos, detSin } from '../core/det-math';

/** Resolves a coordinate, length or angle attribute: a number, or a guide's value (0 when unknown). */
export type GuideValue = (token: string | undefined) => number;

/** Most guides one shape may define (a hostile gdLst cannot make evaluation unbounded). */
const MAX_GUIDES = 4096;
const ANGLE = 60000;

/** Built-in guides of a shape `w`×`h` (§20.1.10.56: w, h, l, t, r, b, hc, vc, ls, ss and their fractions, cd2…). */
function builtIns(w: number, h: number): Map<string, number> {
  const ss = Math.min(w, h);
  const g = new Map<string, number>([
    ['w', w], ['h', h], ['l', 0], ['t', 0], ['r', w], ['b', h], ['hc', w / 2], ['vc', h / 2],
    ['ls', Math.max(w, h)], ['ss', ss],
    ['cd2', 10800000], ['cd4', 5400000], ['cd8', 2700000], ['3cd4', 16200000], ['3cd8', 8100000], ['5cd8', 13500000], ['7cd8', 18900000],
  ]);
  for (const n of [2, 3, 4, 5, 6, 8, 10, 12, 32]) g.set(`wd${n}`, w / n);
  for (const n of [2, 3, 4, 5, 6, 8]) g.set(`hd${n}`, h / n);
  for (const n of [2, 4, 6, 8, 16, 32]) g.set(`ssd${n}`, ss / n);
  return g;
}

/** atan2 in 60,000ths of a degree. */
const at2 = (x: number, y: number) => (detAtan2(y, x) * 180 * ANGLE) / Math.PI;
const rad = (a: number) => degToRad(a / ANGLE);

/** One formula (§20.1.9.11): an operator and up to three arguments already resolved. */
function evaluate(op: string, x: number, y: number, z: number): number {
  switch (op) {
    case '*/': return z === 0 ? 0 : (x * y) / z;
    case '+-': return x + y - z;
    case '+/': return z === 0 ? 0 : (x + y) / z;
    case '?:': return x > 0 ? y : z;
    case 'abs': return Math.abs(x);
    case 'at2': return at2(x, y);
    case 'cat2': return x * detCos(detAtan2(z, y));
    case 'cos': return x * detCos(rad(y));
    case 'max': return Math.max(x, y);
    case 'min': return Math.min(x, y);
    case 'mod': return Math.sqrt(x * x + y * y + z * z);
    case 'pin': return y < x ? x : y > z ? z : y;
    case 'sat2': return x * detSin(detAtan2(z, y));
    case 'sin': return x * detSin(rad(y));
    case 'sqrt': return Math.sqrt(Math.max(0, x));
    case 'tan': return detCos(rad(y)) === 0 ? 0 : (x * detSin(rad(y))) / detCos(rad(y));
    case 'val': return x;
    default: return 0;
  }
}

/**
 * The guides of `geom` (a:custGeom or a:prstGeom's avLst) for a shape `w`×`h` EMU; `adjust` gives the
 * values a:prstGeom's own avLst sets, which override the defaults of the same name.
 */
export function shapeGuides(geom: XmlElement | undefined, w: number, h: number, adjust?: ReadonlyMap<string, number>): GuideValue {
  const lists = [...children(child(geom, 'a:avLst'), 'a:gd'), ...children(child(geom, 'a:gdLst'), 'a:gd')];
  const formulas: Array<readonly [string, string]> = [];
  for (const gd of lists.slice(0, MAX_GUIDES)) {
    const name = attr(gd, 'name');
    if (name) formulas.push([name, attr(gd, 'fmla') ?? '']);
  }
  return evaluateGuides(formulas, w, h, adjust);
}

/**
 * Evaluates guide formulas (`name`, `fmla` such as "+- r 0 inset") in order for a shape `w`×`h`;
 * `adjust` overrides the guides of the same name (a shape's own avLst values).
 */
export function evaluateGuides(
  formulas: ReadonlyArray<readonly [string, string]>, w: number, h: number, adjust?: ReadonlyMap<string, number>,
): GuideValue {
  const guides = builtIns(w, h);
  const value: GuideValue = (token) => {
    if (token === undefined) return 0;
    const n = Number(token);
    if (token !== '' && Number.isFinite(n)) return n;
    return guides.get(token) ?? 0;
  };
  for (const [name, fmla] of formulas.slice(0, MAX_GUIDES)) {
    const own = adjust?.get(name);
    if (own !== undefined) {
      guides.set(name, Number.isFinite(own) ? own : 0);
      continue;
    }
    const [op = 'val', a, b, c] = fmla.trim().split(/\s+/);
    const v = evaluate(op, value(a), value(b), value(c));
    guides.set(name, Number.isFinite(v) ? v : 0);
  }
  return value;
}
