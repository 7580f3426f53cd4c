import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { SoftMask } from '../../model';
import { MAX_RENDER_MASK_PIXELS } from '../../image';
import { draftSoftMask } from './soft-mask';

const mask = (grid: Partial<SoftMask['grid']> = {}): SoftMask => ({
  shapes: [{ commands: [{ op: 'M', x: 20, y: 20 }, { op: 'L', x: 60, y: 20 }, { op: 'L', x: 60, y: 40 }, { op: 'L', x: 20, y: 40 }, { op: 'Z' }], fill: true }],
  grid: { x: 10, y: 10, w: 60, h: 40, cols: 120, rows: 80, ...grid },
  growPt: 0,
  sigmaPt: 2,
});

describe('draftSoftMask', () => {
  it('rasterises the mask on its grid, its box in PDF page space (y up)', () => {
    const d = draftSoftMask(mask(), 800)!;
    expect(d.box).toEqual([10, 800 - 10 - 40, 60, 40]);
    const samples = inflateSync(d.zlib);
    expect(samples).toHaveLength(120 * 80);
    expect(samples[40 * 120 + 60]).toBe(255); // the silhouette's middle
    expect(samples[0]).toBe(0); // the box's corner, beyond the blur
  });

  it('gives the same bytes every time', () => {
    expect(draftSoftMask(mask(), 800)!.zlib).toEqual(draftSoftMask(mask(), 800)!.zlib);
  });

  it('draws no mask for a grid that is not one (the group is drawn unmasked)', () => {
    expect(draftSoftMask(mask({ cols: 0 }), 800)).toBeUndefined();
    expect(draftSoftMask(mask({ cols: 1.5 }), 800)).toBeUndefined();
    expect(draftSoftMask(mask({ w: Number.NaN }), 800)).toBeUndefined();
    expect(draftSoftMask(mask({ cols: MAX_RENDER_MASK_PIXELS, rows: 2 }), 800)).toBeUndefined();
  });
});
