import { describe, expect, it } from 'vitest';
import type { PathCommand } from '../model';
import { detAtan2 } from '../core/det-math';
import { evaluateVmlFormulas, type VmlSpace } from './vml-formulas';
import { vmlPathGeometry } from './vml-path';

const space = (over: Partial<VmlSpace> = {}): VmlSpace => ({ cw: 21600, ch: 21600, ox: 0, oy: 0, adj: [], ...over });
const round = (v: number) => Math.round(v * 1000) / 1000;
const pts = (path: readonly PathCommand[]) => path.map((c) => (c.op === 'Z' ? 'Z' : `${c.op}${round(c.x)},${round(c.y)}`));
const draw = (path: string, s = space(), formulas: number[] = [], w = 100, h = 50) => {
  const g = vmlPathGeometry(path, w, h, s, formulas);
  if (!g.ok) throw new Error(`unknown ${g.unknown}`);
  return g;
};

describe('VML paths (v:shape/@path)', () => {
  it('scales moves, lines and closes from coordsize to the shape', () => {
    const g = draw('m0,0l21600,0,21600,21600xe');
    expect(g.paths.map(pts)).toEqual([['M0,0', 'L100,0', 'L100,50', 'Z']]);
  });

  it('reads coordorigin, empty arguments as 0 and relative commands', () => {
    const g = draw('m,100r200,,,100e', space({ cw: 400, ch: 200, ox: -200, oy: 0 }));
    // x' = (x + 200) · 100/400, y' = y · 50/200.
    expect(g.paths.map(pts)).toEqual([['M50,25', 'L100,25', 'L100,50']]);
  });

  it('splits subpaths at e with their own nf / ns', () => {
    const g = draw('m0,0l21600,21600enfm0,21600l21600,0ensm0,0l10,10e');
    expect(g.paths).toHaveLength(3);
    expect(g.paints).toEqual([undefined, { fill: 'none' }, { stroke: false }]);
  });

  it('draws quarter ellipses (qx, qy) tangent to x, then y', () => {
    const g = draw('m0,0qx21600,21600e');
    const c = g.paths[0]![1] as Extract<PathCommand, { op: 'C' }>;
    // From (0,0) leaving along x: the first control stays on y = 0, the second on x = 100.
    expect([round(c.y1), round(c.x2), round(c.x), round(c.y)]).toEqual([0, 100, 100, 50]);
  });

  it('draws clockwise and counterclockwise box arcs between two rays', () => {
    // wr: the quarter from the right middle clockwise (y down) to the bottom middle.
    const cw = pts(draw('wr0,0,21600,21600,21600,10800,10800,21600e').paths[0]!);
    expect([cw[0], cw.at(-1)]).toEqual(['M100,25', 'C50,50']);
    expect(cw).toHaveLength(2);
    // ar: the same rays counterclockwise, three quarters round.
    expect(pts(draw('ar0,0,21600,21600,21600,10800,10800,21600e').paths[0]!)).toHaveLength(4);
  });

  it('reads @n formula results and #n adjust values', () => {
    const s = space({ adj: [5400] });
    const f = evaluateVmlFormulas(['sum #0 0 0', 'prod @0 2 1', 'sum width 0 @1', 'if -1 3 4', 'mid 2 4'], s, () => {});
    expect(f).toEqual([5400, 10800, 10800, 4, 3]);
    expect(pts(draw('m@0,0l@1,@2e', s, f).paths[0]!)).toEqual(['M25,0', 'L50,25']);
  });

  it('reports an unknown command, and an unknown formula operator as 0', () => {
    expect(vmlPathGeometry('m0,0k5,5e', 10, 10, space(), [])).toEqual({ ok: false, unknown: 'k' });
    const unknown: string[] = [];
    expect(evaluateVmlFormulas(['frobnicate 1 2'], space(), (op) => unknown.push(op))).toEqual([0]);
    expect(unknown).toEqual(['frobnicate']);
  });

  it('stays finite with hostile numbers and degenerate spaces', () => {
    const g = draw('m1e400,-99999999999l@9,#7ae0,0,0,0,0,99999999qb1,1,2,2,3,3x', space({ cw: 0, ch: 0 }));
    const nums = g.paths.flat().flatMap((c) => Object.values(c).filter((v): v is number => typeof v === 'number'));
    expect(nums.every(Number.isFinite)).toBe(true);
  });
});

describe('detAtan2', () => {
  it('matches the quadrants of atan2', () => {
    expect(detAtan2(0, 1)).toBe(0);
    expect(detAtan2(1, 0)).toBeCloseTo(Math.PI / 2, 14);
    expect(detAtan2(-1, -1)).toBeCloseTo(-3 * Math.PI / 4, 14);
    expect(detAtan2(0, -1)).toBeCloseTo(Math.PI, 14);
    expect(detAtan2(3, 4)).toBeCloseTo(Math.atan2(3, 4), 14);
  });
});
