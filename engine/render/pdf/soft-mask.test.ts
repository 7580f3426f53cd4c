import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { SoftMask } from '../../model';
import { MAX_RENDER_MASK_PIXELS, renderMaskSamples } from '../../image';
import { unfilter } from '../../image/png-pdf';
import { deflateZlib } from '../../zip';
import { draftSoftMask, maskKey, upFiltered, type MaskImages } from './soft-mask';

/** A draft's samples: inflated, its PNG rows unfiltered as the image's /DecodeParms ask. */
const samplesOf = (zlib: Uint8Array, cols: number, rows: number) => unfilter(new Uint8Array(inflateSync(zlib)), cols, rows, 1, 8);

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
    const samples = samplesOf(d.zlib, 120, 80);
    expect(samples).toHaveLength(120 * 80);
    expect(samples[40 * 120 + 60]).toBe(255); // the silhouette's middle
    expect(samples[0]).toBe(0); // the box's corner, beyond the blur
  });

  it('deflates the samples as PNG rows of filter Up, which decode to the samples themselves', () => {
    const d = draftSoftMask(mask(), 800)!;
    const raw = inflateSync(d.zlib);
    expect(raw).toHaveLength(80 * 121);
    for (let r = 0; r < 80; r++) expect(raw[r * 121]).toBe(2);
    expect(samplesOf(d.zlib, 120, 80)).toEqual(renderMaskSamples(mask()));
    // A slanted blurred edge changes little from row to row: its filtered rows deflate smaller.
    const slanted: SoftMask = { ...mask(), shapes: [{ commands: [{ op: 'M', x: 20, y: 20 }, { op: 'L', x: 60, y: 25 }, { op: 'L', x: 30, y: 45 }, { op: 'Z' }], fill: true }] };
    expect(draftSoftMask(slanted, 800)!.zlib.length).toBeLessThan(0.8 * deflateZlib(renderMaskSamples(slanted)!).length);
    expect(upFiltered(new Uint8Array([1, 2, 3, 5, 1, 9]), 3, 2)).toEqual(new Uint8Array([2, 1, 2, 3, 2, 4, 255, 6]));
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
    expect(samplesOf(again.zlib, 120, 80)).toEqual(samplesOf(draftSoftMask(moved(mask(), 50.3, 0), 800)!.zlib, 120, 80));
  });
});
