/**
 * The canvas preview's soft masks: a flat-colour group drawn as its colour with the PDF mask's
 * samples as alpha, a sharp fallback where no mask image can be made, and other groups drawn into a
 * layer the mask cuts.
 */
import { describe, expect, it } from 'vitest';
import type { LayoutDoc, LayoutItem } from '../../model';
import { encodePng, rasterizeSoftMask } from '../../image';
import { renderCanvas } from './index';
import { fakePath, recorder } from './test-util';

describe('renderCanvas soft masks', () => {
  const silhouette = [{ op: 'M', x: 20, y: 20 }, { op: 'L', x: 60, y: 20 }, { op: 'L', x: 60, y: 40 }, { op: 'L', x: 20, y: 40 }, { op: 'Z' }] as const;
  const softMask = { shapes: [{ commands: silhouette, fill: true }], grid: { x: 10, y: 10, w: 60, h: 40, cols: 90, rows: 60 }, growPt: 0, sigmaPt: 2 };
  const box = [{ op: 'M', x: 10, y: 10 }, { op: 'L', x: 70, y: 10 }, { op: 'L', x: 70, y: 50 }, { op: 'L', x: 10, y: 50 }, { op: 'Z' }] as const;
  const docOf = (items: LayoutItem[]): LayoutDoc => ({
    pages: [{ widthPt: 100, heightPt: 100, section: 0, label: '1', items }],
    fonts: [], images: [{ contentType: 'image/png', data: encodePng(1, 1, new Uint8Array([255, 0, 0, 255])) }], destinations: {}, outline: [], info: {},
  });
  const shadow: LayoutItem = { kind: 'group', softMask, items: [{ kind: 'path', commands: box, fill: '336699', fillOpacity: 0.4 }] };

  it('draws a blurred shadow as its colour with the PDF mask\'s samples as alpha, over the mask\'s box', async () => {
    const made: Array<{ rgba: Uint8ClampedArray; width: number; height: number }> = [];
    const ctx = recorder();
    await renderCanvas(docOf([shadow]), 0, ctx, {
      createPath: fakePath, background: null,
      createMaskImage: async (rgba, width, height) => (made.push({ rgba, width, height }), { mask: made.length }),
    });
    expect(made).toHaveLength(1);
    const { rgba, width, height } = made[0]!;
    expect([width, height]).toEqual([90, 60]);
    const samples = rasterizeSoftMask(softMask.shapes, softMask.grid, 0, 2);
    for (let i = 0; i < samples.length; i += 97) expect([...rgba.subarray(4 * i, 4 * i + 4)]).toEqual([0x33, 0x66, 0x99, samples[i]]);
    const draws = ctx.calls.filter((c) => c[0] === 'drawImage');
    expect(draws).toEqual([['drawImage', { mask: 1 }, 10, 10, 60, 40]]);
    // At the fill's opacity, nothing filled as a box.
    expect(ctx.calls.filter((c) => c[0] === 'fill')).toHaveLength(0);
    expect(ctx.calls).toContainEqual(['set globalAlpha', 0.4]);
  });

  it('draws the shadow sharp, with a warning, where no mask image can be made', async () => {
    const ctx = recorder();
    const r = await renderCanvas(docOf([shadow]), 0, ctx, { createPath: fakePath, background: null, createMaskImage: async () => undefined });
    expect(ctx.calls.filter((c) => c[0] === 'fill')).toHaveLength(1);
    // The silhouette, not the mask's box.
    expect(ctx.calls.filter((c) => c[0] === 'moveTo')).toEqual([['moveTo', 20, 20]]);
    expect(r.ok && r.warnings.map((w) => w.code)).toContain('render/soft-mask');
  });

  it('draws a soft-edged picture into a layer cut by the mask, then the layer over the box', async () => {
    const layerCtx = recorder();
    (layerCtx as { globalCompositeOperation?: string }).globalCompositeOperation = 'source-over';
    const layerImage = { layer: true };
    const sizes: number[][] = [];
    const ctx = recorder();
    const soft: LayoutItem = { kind: 'group', softMask, items: [{ kind: 'image', x: 20, y: 20, w: 40, h: 20, image: 0 }] };
    const picture = { picture: true };
    await renderCanvas(docOf([soft]), 0, ctx, {
      createPath: fakePath, background: null, scale: 2, decodeImage: async () => picture,
      createMaskImage: async () => ({ alpha: true }),
      createLayer: (w, h) => (sizes.push([w, h]), { ctx: layerCtx, image: layerImage }),
    });
    expect(sizes).toEqual([[120, 80]]); // the 60 × 40 pt box at 2 px a point
    const layerDraws = layerCtx.calls.filter((c) => c[0] === 'drawImage');
    expect(layerDraws).toEqual([['drawImage', picture, 20, 20, 40, 20], ['drawImage', { alpha: true }, 10, 10, 60, 40]]);
    expect((layerCtx as { globalCompositeOperation?: string }).globalCompositeOperation).toBe('source-over');
    expect(ctx.calls.filter((c) => c[0] === 'drawImage')).toEqual([['drawImage', layerImage, 10, 10, 60, 40]]);
  });
});
