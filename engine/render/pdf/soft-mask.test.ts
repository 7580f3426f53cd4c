import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { SoftMask } from '../../model';
import { MAX_RENDER_MASK_PIXELS } from '../../image';
import { draftSoftMask, maskKey, type MaskImages } from './soft-mask';

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

describe('maskKey', () => {
  const moved = (m: SoftMask, dx: number, dy: number): SoftMask => ({
    ...m,
    shapes: m.shapes.map((s) => ({ ...s, commands: s.commands.map((c) => (c.op === 'Z' ? c : c.op === 'C' ? c : { ...c, x: c.x + dx, y: c.y + dy })) })),
    grid: { ...m.grid, x: Math.round((m.grid.x + dx) * 1000) / 1000, y: Math.round((m.grid.y + dy) * 1000) / 1000 },
  });

  it('is the same for a silhouette moved on the page, its grid with it', () => {
    expect(maskKey(moved(mask(), 123.456789, 0.1))).toBe(maskKey(mask()));
  });

  it('tells apart another blur, another grid, a grid placed otherwise on the silhouette and another silhouette', () => {
    const key = maskKey(mask());
    expect(maskKey({ ...mask(), sigmaPt: 3 })).not.toBe(key);
    expect(maskKey(mask({ cols: 121 }))).not.toBe(key);
    expect(maskKey(mask({ x: 11 }))).not.toBe(key);
    expect(maskKey({ ...mask(), shapes: [{ ...mask().shapes[0]!, fill: false, lineWidth: 1 }] })).not.toBe(key);
    expect(maskKey({ ...mask(), shapes: [] })).toBeUndefined();
  });

  it('drafts a moved silhouette with the samples drafted first, at its own box', () => {
    const images: MaskImages = new Map();
    const first = draftSoftMask(mask(), 800, images)!;
    const again = draftSoftMask(moved(mask(), 50.3, 0), 800, images)!;
    expect(again.zlib).toBe(first.zlib);
    expect(again.box).toEqual([60.3, 750, 60, 40]);
    expect(inflateSync(again.zlib)).toEqual(inflateSync(draftSoftMask(moved(mask(), 50.3, 0), 800)!.zlib));
  });
});
