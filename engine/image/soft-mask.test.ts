import { describe, expect, it } from 'vitest';
import { boxRadii, rasterizeSoftMask, softMaskGrid, type MaskShape } from './soft-mask';

const square = (x: number, y: number, s: number): MaskShape => ({
  commands: [{ op: 'M', x, y }, { op: 'L', x: x + s, y }, { op: 'L', x: x + s, y: y + s }, { op: 'L', x, y: y + s }, { op: 'Z' }],
  fill: true,
});

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26, within 1.5e-7). */
function phi(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf = 1 - t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** The mask's row through the middle of the grid. */
function middleRow(mask: Uint8Array, cols: number, rows: number): number[] {
  const r = Math.floor(rows / 2);
  return [...mask.subarray(r * cols, (r + 1) * cols)];
}

describe('softMaskGrid', () => {
  it('takes about three pixels a sigma, at most four a point', () => {
    const g = softMaskGrid({ x: 10, y: 20, w: 100, h: 50 }, 6, 2);
    expect(g).toMatchObject({ x: 4, y: 14, w: 112, h: 62, cols: 168, rows: 93 });
    expect(softMaskGrid({ x: 0, y: 0, w: 10, h: 10 }, 0, 0.1).cols).toBe(40);
  });

  it('lowers the scale so a mask never has more than its pixel cap', () => {
    const g = softMaskGrid({ x: 0, y: 0, w: 600, h: 800 }, 10, 0.5, 100_000);
    expect(g.cols * g.rows).toBeLessThanOrEqual(100_000);
    expect(g.cols).toBeGreaterThan(250);
    // Hostile boxes: a 1e9-point box still gets a bounded grid.
    const huge = softMaskGrid({ x: 0, y: 0, w: 1e9, h: 1 }, 0, 1, 1_000_000);
    expect(huge.cols * huge.rows).toBeLessThanOrEqual(1_000_000);
  });
});

describe('rasterizeSoftMask', () => {
  const grid = softMaskGrid({ x: 0, y: 0, w: 40, h: 40 }, 12, 2, 1_000_000);

  it('fills a silhouette opaque inside, empty outside, without a blur', () => {
    const g = { x: 0, y: 0, w: 10, h: 10, cols: 10, rows: 10 };
    const mask = rasterizeSoftMask([square(2, 2, 6)], g, 0, 0);
    expect(mask[5 * 10 + 5]).toBe(255);
    expect(mask[0]).toBe(0);
    expect(middleRow(mask, 10, 10)).toEqual([0, 0, 255, 255, 255, 255, 255, 255, 0, 0]);
    // Half a pixel covered across: half the coverage.
    const half = rasterizeSoftMask([square(2.5, 2, 5)], g, 0, 0);
    expect(half[5 * 10 + 2]).toBe(128);
  });

  it('blurs the edge into a ramp that falls monotonically from inside to outside', () => {
    const mask = rasterizeSoftMask([square(12, 12, 40)], softMaskGrid({ x: 12, y: 12, w: 40, h: 40 }, 12, 2, 1_000_000), 0, 2);
    const g = softMaskGrid({ x: 12, y: 12, w: 40, h: 40 }, 12, 2, 1_000_000);
    const row = middleRow(mask, g.cols, g.rows);
    const edge = Math.round((12 / g.w) * g.cols); // the silhouette's left edge, in pixels
    expect(row[0]).toBe(0);
    expect(row[Math.floor(g.cols / 2)]).toBe(255);
    for (let i = 1; i <= Math.floor(g.cols / 2); i++) expect(row[i]!).toBeGreaterThanOrEqual(row[i - 1]!);
    // Each pixel's centre as a Gaussian blur of the edge puts it: Φ(d / sigma), d its distance inside.
    const sigmaPx = (2 * g.cols) / g.w;
    for (let i = edge - 6; i < edge + 6; i++) expect(Math.abs(row[i]! - 255 * phi((i + 0.5 - edge) / sigmaPx))).toBeLessThan(10);
  });

  it('grows and shrinks the silhouette before blurring', () => {
    const plain = rasterizeSoftMask([square(12, 12, 16)], grid, 0, 0);
    const grown = rasterizeSoftMask([square(12, 12, 16)], grid, 2, 0);
    const shrunk = rasterizeSoftMask([square(12, 12, 16)], grid, -2, 0);
    const sum = (m: Uint8Array) => m.reduce((a, b) => a + b, 0);
    expect(sum(grown)).toBeGreaterThan(sum(plain));
    expect(sum(shrunk)).toBeLessThan(sum(plain));
    // 2 pt at 3 px a point (a sigma of 2 pt at three pixels a sigma would be 1.5 px a point: here 4 a point).
    const scale = grid.cols / grid.w;
    const side = (m: Uint8Array) => middleRow(m, grid.cols, grid.rows).filter((v) => v === 255).length / scale;
    expect(side(plain)).toBeCloseTo(16, 0);
    expect(side(grown)).toBeCloseTo(20, 0);
    expect(side(shrunk)).toBeCloseTo(12, 0);
  });

  it('draws a stroked outline as its line, and curves', () => {
    const g = { x: 0, y: 0, w: 20, h: 20, cols: 20, rows: 20 };
    const line: MaskShape = { commands: [{ op: 'M', x: 2, y: 10 }, { op: 'L', x: 18, y: 10 }], lineWidth: 4 };
    const m = rasterizeSoftMask([line], g, 0, 0);
    expect(m[10 * 20 + 10]).toBe(255);
    expect(m[9 * 20 + 10]).toBe(255);
    expect(m[4 * 20 + 10]).toBe(0);
    const circle: MaskShape = {
      commands: [
        { op: 'M', x: 10, y: 2 },
        { op: 'C', x1: 14.4, y1: 2, x2: 18, y2: 5.6, x: 18, y: 10 },
        { op: 'C', x1: 18, y1: 14.4, x2: 14.4, y2: 18, x: 10, y: 18 },
        { op: 'C', x1: 5.6, y1: 18, x2: 2, y2: 14.4, x: 2, y: 10 },
        { op: 'C', x1: 2, y1: 5.6, x2: 5.6, y2: 2, x: 10, y: 2 },
        { op: 'Z' },
      ],
      fill: true,
    };
    const c = rasterizeSoftMask([circle], g, 0, 0);
    expect(c[10 * 20 + 10]).toBe(255);
    expect(c[3 * 20 + 3]).toBe(0); // the corner of the box is outside the circle
  });

  it('bounds a hostile growth and blur: linear time, a finite mask', () => {
    const g = { x: 0, y: 0, w: 100, h: 100, cols: 200, rows: 200 };
    const grown = rasterizeSoftMask([square(40, 40, 20)], g, 1e9, 1e9);
    expect(grown).toHaveLength(40_000);
    expect(rasterizeSoftMask([square(40, 40, 20)], g, Number.NaN, Number.NaN)[100 * 200 + 100]).toBe(255);
  });

  it('fills an outline of 100,000 points on a megapixel in time linear in its crossings', () => {
    // A comb: 25,000 teeth, each 4 points, across a 1000 × 1000 grid (every row crosses 50,000 edges
    // in its middle half only, the teeth being short): the edges a sub-row visits are those it crosses.
    const commands: MaskShape['commands'][number][] = [{ op: 'M', x: 0, y: 1000 }];
    for (let t = 0; t < 25_000; t++) {
      const x = (t / 25_000) * 1000;
      commands.push({ op: 'L', x, y: 900 }, { op: 'L', x: x + 0.02, y: 900 }, { op: 'L', x: x + 0.02, y: 1000 }, { op: 'L', x: x + 0.04, y: 1000 });
    }
    commands.push({ op: 'Z' });
    const g = { x: 0, y: 0, w: 1000, h: 1000, cols: 1000, rows: 1000 };
    const t0 = performance.now();
    const m = rasterizeSoftMask([{ commands, fill: true }], g, 0, 0);
    expect(performance.now() - t0).toBeLessThan(20_000);
    expect(m[500 * 1000 + 500]).toBe(0);
    expect(m[950 * 1000 + 500]).toBeGreaterThan(0);
  }, 30_000);

  it('gives the same bytes every time', () => {
    const shapes = [square(12, 12, 16), { commands: [{ op: 'M' as const, x: 12, y: 40 }, { op: 'L' as const, x: 50, y: 20 }], lineWidth: 3 }];
    const a = rasterizeSoftMask(shapes, grid, 1.5, 1.7);
    const b = rasterizeSoftMask(shapes, grid, 1.5, 1.7);
    expect(a).toEqual(b);
  });

  it('approximates a Gaussian with three box passes', () => {
    // Three boxes of radii r have variance 3 · ((2r + 1)² − 1) / 12.
    for (const sigma of [1, 2.5, 6, 15]) {
      const variance = boxRadii(sigma).reduce((v, r) => v + ((2 * r + 1) ** 2 - 1) / 12, 0);
      // Whole-pixel boxes: coarse below two pixels, close above.
      expect(Math.abs(Math.sqrt(variance) - sigma) / sigma).toBeLessThan(sigma < 2 ? 0.2 : 0.1);
    }
    expect(boxRadii(0)).toEqual([0, 0, 0]);
  });
});
