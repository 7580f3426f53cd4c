/**
 * VML shape formulas (ECMA-376 Part 4 §19.1.2.6 v:formulas, §19.1.2.5 v:f/@eqn) and the values a VML
 * path argument may name: a number, `#n` (the shape's n-th adjust value, `adj`), `@n` (the n-th
 * formula's result) or a shape property such as `width` or `xcenter`. Angles are in degrees × 65536.
 */
import { degToRad, detAtan2, detCos, detSin } from '../core/det-math';

/** The coordinate space and adjust values formulas and paths are read in. */
export interface VmlSpace {
  readonly cw: number;
  readonly ch: number;
  readonly ox: number;
  readonly oy: number;
  readonly adj: readonly number[];
}

const FD = 65536;
const MAX_FORMULAS = 512;
const rad = (fd: number) => degToRad(fd / FD);
const fdAtan2 = (y: number, x: number) => (detAtan2(y, x) * 180 * FD) / Math.PI;

function operate(op: string, a: number, b: number, c: number): number {
  switch (op) {
    case 'val': return a;
    case 'sum': return a + b - c;
    case 'prod': return c === 0 ? 0 : (a * b) / c;
    case 'mid': return (a + b) / 2;
    case 'abs': return Math.abs(a);
    case 'min': return Math.min(a, b);
    case 'max': return Math.max(a, b);
    case 'if': return a > 0 ? b : c;
    case 'mod': return Math.sqrt(a * a + b * b + c * c);
    case 'atan2': return fdAtan2(b, a);
    case 'sin': return a * detSin(rad(b));
    case 'cos': return a * detCos(rad(b));
    case 'tan': return detCos(rad(b)) === 0 ? 0 : (a * detSin(rad(b))) / detCos(rad(b));
    case 'cosatan2': return a * detCos(detAtan2(c, b));
    case 'sinatan2': return a * detSin(detAtan2(c, b));
    case 'sqrt': return Math.sqrt(Math.max(0, a));
    case 'sumangle': return a + b * FD - c * FD;
    case 'ellipse': return b === 0 ? 0 : c * Math.sqrt(Math.max(0, 1 - (a / b) * (a / b)));
    default: return Number.NaN;
  }
}

/** Resolves one argument token against the space, the adjust values and the formulas so far. */
export function vmlValue(token: string, space: VmlSpace, results: readonly number[]): number {
  let v: number;
  if (token.startsWith('@')) v = results[Number(token.slice(1))] ?? 0;
  else if (token.startsWith('#')) v = space.adj[Number(token.slice(1))] ?? 0;
  else if (token === 'width') v = space.cw;
  else if (token === 'height') v = space.ch;
  else if (token === 'xcenter') v = space.ox + space.cw / 2;
  else if (token === 'ycenter') v = space.oy + space.ch / 2;
  else if (token === 'hasstroke' || token === 'hasfill' || token === 'lineDrawn') v = 1;
  else if (token === 'pixelLineWidth') v = 1;
  else v = Number(token);
  return Number.isFinite(v) ? v : 0;
}

/**
 * Evaluates the equations (`eqn="prod #0 1 2"`) in order; unknown operators are reported through
 * `unknown` and give 0.
 */
export function evaluateVmlFormulas(eqns: readonly string[], space: VmlSpace, unknown: (op: string) => void): number[] {
  const results: number[] = [];
  for (const eqn of eqns.slice(0, MAX_FORMULAS)) {
    const [op = '', a = '0', b = '0', c = '0'] = eqn.trim().split(/[\s,]+/);
    const v = operate(op, vmlValue(a, space, results), vmlValue(b, space, results), vmlValue(c, space, results));
    if (Number.isNaN(v) && op !== '') unknown(op);
    results.push(Number.isFinite(v) ? v : 0);
  }
  return results;
}
