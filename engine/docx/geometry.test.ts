import { describe, expect, it } from 'vitest';
import { parseXml } from '../xml';
import { customPaths, isKnownPreset, presetPaths } from './geometry';

const points = (name: string, w = 200, h = 100) => presetPaths(name, w, h).flat().filter((c) => c.op !== 'Z') as Array<{ x: number; y: number }>;

describe('preset geometry', () => {
  it.each(['star7', 'star8', 'star10', 'star12', 'star16', 'star24', 'star32', 'mathPlus', 'mathMinus', 'heptagon', 'decagon', 'dodecagon', 'flowChartManualOperation'])(
    '%s stays inside its box',
    (name) => {
      expect(isKnownPreset(name)).toBe(true);
      for (const p of points(name)) {
        expect(p.x).toBeGreaterThanOrEqual(-0.001);
        expect(p.x).toBeLessThanOrEqual(200.001);
        expect(p.y).toBeGreaterThanOrEqual(-0.001);
        expect(p.y).toBeLessThanOrEqual(100.001);
      }
    },
  );

  it('draws n-pointed stars with 2n corners and a plus with 12', () => {
    expect(points('star7')).toHaveLength(14);
    expect(points('star12')).toHaveLength(24);
    const plus = points('mathPlus', 100, 100);
    expect(plus).toHaveLength(12);
    // The arms reach 73490/200000 of the box from the centre and are 23.52% of it thick.
    expect(Math.min(...plus.map((p) => p.x))).toBeCloseTo(50 - 36.745, 2);
    expect(Math.max(...plus.map((p) => p.y)) - Math.min(...plus.filter((p) => p.x < 20).map((p) => p.y))).toBeGreaterThan(0);
  });

  it('falls back to the bounding rectangle for unknown presets', () => {
    expect(isKnownPreset('noSuchShape')).toBe(false);
    expect(points('noSuchShape', 10, 5)).toEqual([{ op: 'M', x: 0, y: 0 }, { op: 'L', x: 10, y: 0 }, { op: 'L', x: 10, y: 5 }, { op: 'L', x: 0, y: 5 }]);
  });
});

describe('custom geometry with guides (§20.1.9.11)', () => {
  const NS = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';
  const cust = (inner: string) => {
    const doc = parseXml(`<a:custGeom ${NS}>${inner}</a:custGeom>`);
    if (!doc.ok) throw new Error('bad xml');
    return doc.value.root;
  };
  const pts = (paths: ReturnType<typeof customPaths>) => paths.flat().filter((c) => c.op === 'M' || c.op === 'L').map((c) => [Math.round((c as { x: number }).x * 1000) / 1000, Math.round((c as { y: number }).y * 1000) / 1000]);

  it('places points named by built-in and defined guides', () => {
    // A diamond on the built-ins (hc, vc, r, b) and an inset square from gdLst formulas.
    const geom = cust(
      '<a:avLst><a:gd name="adj" fmla="val 25000"/></a:avLst>' +
      '<a:gdLst><a:gd name="inset" fmla="*/ ss adj 100000"/><a:gd name="far" fmla="+- r 0 inset"/><a:gd name="low" fmla="+- b 0 inset"/></a:gdLst>' +
      '<a:pathLst><a:path><a:moveTo><a:pt x="hc" y="t"/></a:moveTo><a:lnTo><a:pt x="r" y="vc"/></a:lnTo><a:lnTo><a:pt x="hc" y="b"/></a:lnTo><a:lnTo><a:pt x="l" y="vc"/></a:lnTo><a:close/></a:path>' +
      '<a:path><a:moveTo><a:pt x="inset" y="inset"/></a:moveTo><a:lnTo><a:pt x="far" y="inset"/></a:lnTo><a:lnTo><a:pt x="far" y="low"/></a:lnTo><a:close/></a:path></a:pathLst>',
    );
    // 200 × 100 pt: ss = 100 pt, inset = 25 pt.
    expect(pts(customPaths(geom, 200, 100))).toEqual([[100, 0], [200, 50], [100, 100], [0, 50], [25, 25], [175, 25], [175, 75]]);
  });

  it('evaluates every operator, and names an arc by guides', () => {
    const g = (fmla: string) => {
      const geom = cust(`<a:gdLst><a:gd name="v" fmla="${fmla}"/></a:gdLst><a:pathLst><a:path w="1000" h="1000"><a:moveTo><a:pt x="v" y="0"/></a:moveTo></a:path></a:pathLst>`);
      return (customPaths(geom, 1000, 1000)[0]![0] as { x: number }).x;
    };
    expect(g('+/ 10 20 3')).toBe(10);
    expect(g('?: -1 5 7')).toBe(7);
    expect(g('abs -4')).toBe(4);
    expect(g('at2 1 1')).toBeCloseTo(45 * 60000, 3);
    expect(g('cos 100 5400000')).toBeCloseTo(0, 6);
    expect(g('sin 100 5400000')).toBeCloseTo(100, 6);
    expect(g('mod 3 4 0')).toBe(5);
    expect(g('pin 0 150 100')).toBe(100);
    expect(g('max 3 9')).toBe(9);
    expect(g('sqrt 81')).toBe(9);
    expect(g('cat2 10 1 0')).toBeCloseTo(10, 9);
    expect(g('sat2 10 0 1')).toBeCloseTo(10, 9);
    expect(g('*/ 1 2 0')).toBe(0);
    const arc = customPaths(cust('<a:pathLst><a:path><a:moveTo><a:pt x="r" y="vc"/></a:moveTo><a:arcTo wR="wd2" hR="hd2" stAng="0" swAng="cd2"/></a:path></a:pathLst>'), 200, 100);
    const end = arc[0]!.at(-1) as { x: number; y: number };
    // Half an ellipse from the right edge's middle through the bottom to the left edge's middle.
    expect(end.x).toBeCloseTo(0, 6);
    expect(end.y).toBeCloseTo(50, 6);
  });
});
