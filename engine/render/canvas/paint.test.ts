/**
 * The canvas preview's paints: linear, radial and rectangular gradients, text filled with a
 * page-space blend, and picture fills, each drawn as the PDF renderer draws them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../layout';
import type { LayoutDoc, LayoutItem } from '../../model';
import { para } from '../../../tests/helpers/make-docx';
import { encodePng } from '../../image';
import { renderCanvas } from './index';
import { fakePath, layout, recorder, runsOf, type Call } from './test-util';

beforeAll(() => initKernel());

describe('renderCanvas gradients', () => {
  const square = [{ op: 'M', x: 0, y: 0 }, { op: 'L', x: 100, y: 0 }, { op: 'L', x: 100, y: 50 }, { op: 'Z' }] as const;
  const stops = [{ pos: 0, color: 'FF0000' }, { pos: 1, color: '0000FF' }];
  const page = (shading: Extract<LayoutItem, { kind: 'path' }>['shading']): LayoutDoc => ({
    pages: [{ widthPt: 100, heightPt: 100, section: 0, label: '1', items: [{ kind: 'path', commands: square, fill: '0000FF', ...(shading ? { shading } : {}) }] }],
    fonts: [], images: [], destinations: {}, outline: [], info: {},
  });

  it('fills a shaded path with a linear gradient along its axis, its stops in order', async () => {
    const ctx = recorder();
    const made: Call[] = [];
    Object.assign(ctx, {
      createLinearGradient: (...a: number[]) => {
        made.push(['linear', ...a]);
        return { addColorStop: (o: number, c: string) => void made.push(['stop', o, c]) };
      },
    });
    await renderCanvas(page({ kind: 'axial', coords: [0, 25, 100, 25], stops }), 0, ctx, { createPath: fakePath });
    expect(made).toEqual([['linear', 0, 25, 100, 25], ['stop', 0, '#FF0000'], ['stop', 1, '#0000FF']]);
    const style = ctx.calls.filter((c) => c[0] === 'set fillStyle').at(-1)?.[1];
    expect(style).toHaveProperty('addColorStop');
  });

  it('fills one face of a rectangular gradient inside the path and the face, then strokes the path', async () => {
    const ctx = recorder();
    Object.assign(ctx, { createLinearGradient: () => ({ addColorStop: () => undefined }) });
    const face = [{ op: 'M', x: 0, y: 0 }, { op: 'L', x: 50, y: 0 }, { op: 'L', x: 50, y: 50 }, { op: 'Z' }] as const;
    const doc = page({ kind: 'axial', coords: [50, 25, 0, 25], stops, clip: face });
    const item = doc.pages[0]!.items[0]!;
    const shaded: LayoutDoc = { ...doc, pages: [{ ...doc.pages[0]!, items: [{ ...item, stroke: '000000', lineWidth: 1 } as LayoutItem] }] };
    await renderCanvas(shaded, 0, ctx, { createPath: fakePath, background: null });
    const names = ctx.calls.map((c) => c[0]).filter((n) => ['save', 'clip', 'fill', 'restore', 'stroke'].includes(n));
    // The page's own save/restore around everything, the face's inside.
    expect(names).toEqual(['save', 'save', 'clip', 'fill', 'restore', 'stroke', 'restore']);
  });

  it('strokes a glow ring like the PDF (CA, 1 j 1 J): at its stroke opacity with round joins, then back to opaque mitres', async () => {
    const ring: LayoutItem = { kind: 'path', commands: square, stroke: '4472C4', lineWidth: 10, strokeOpacity: 0.1, roundJoins: true };
    const ctx = recorder();
    await renderCanvas({ ...page(undefined), pages: [{ ...page(undefined).pages[0]!, items: [ring] }] }, 0, ctx, { createPath: fakePath, background: null });
    const from = ctx.calls.findIndex((c) => c[0] === 'set strokeStyle');
    const seen = ctx.calls.slice(from).map((c) => (c[0] === 'stroke' ? 'stroke' : `${c[0]} ${String(c[1])}`));
    expect(seen).toEqual([
      'set strokeStyle #4472C4', 'set lineWidth 10', 'setLineDash ', 'set globalAlpha 0.1', 'set lineJoin round', 'set lineCap round', 'stroke',
      'set globalAlpha 1', 'set lineJoin miter', 'set lineCap butt', 'setLineDash ', 'restore undefined',
    ]);
  });

  it('fills a radial shading with a radial gradient, and falls back to the flat colour without gradients', async () => {
    const ctx = recorder();
    const made: Call[] = [];
    Object.assign(ctx, { createRadialGradient: (...a: number[]) => (made.push(['radial', ...a]), { addColorStop: () => undefined }) });
    await renderCanvas(page({ kind: 'radial', coords: [50, 25, 0, 50, 25, 60], stops }), 0, ctx, { createPath: fakePath });
    expect(made).toEqual([['radial', 50, 25, 0, 50, 25, 60]]);
    const flat = recorder();
    await renderCanvas(page({ kind: 'axial', coords: [0, 25, 100, 25], stops }), 0, flat, { createPath: fakePath });
    expect(flat.calls.filter((c) => c[0] === 'set fillStyle').at(-1)?.[1]).toBe('#0000FF');
  });
});

describe('renderCanvas gradient text', () => {
  it('clips to each glyph and fills the page-space blend through it, instead of the flat middle colour', async () => {
    const doc = await layout(para('Hi'));
    const shading = { kind: 'axial' as const, coords: [0, 0, 200, 0], stops: [{ pos: 0, color: 'FF0000' }, { pos: 1, color: '0000FF' }] };
    const page = doc.pages[0]!;
    const items = page.items.map((it) => (it.kind === 'glyphs' ? { ...it, shading } : it));
    const shaded: LayoutDoc = { ...doc, pages: [{ ...page, items }] };
    const run = runsOf(items)[0]!;
    const ctx = recorder();
    const made: Call[] = [];
    const gradient = { addColorStop: () => undefined };
    Object.assign(ctx, { createLinearGradient: (...a: number[]) => (made.push(['linear', ...a]), gradient) });
    const r = await renderCanvas(shaded, 0, ctx, { createPath: fakePath, background: null });
    expect(r.ok && r.value.glyphs).toBe(2);
    // One blend for the run, in page coordinates (not one per glyph).
    expect(made).toEqual([['linear', 0, 0, 200, 0]]);
    const names = ctx.calls.map((c) => c[0]);
    expect(names.filter((n) => n === 'fill')).toEqual([]);
    const clips = ctx.calls.filter((c) => c[0] === 'clip');
    expect(clips).toHaveLength(2);
    expect(clips[0]![1]).toHaveProperty('d');
    // After the clip the glyph transform is undone (scale by the inverse, then back from the pen),
    // and the rectangle is painted with the gradient around the glyph's pen position.
    const firstClip = names.indexOf('clip');
    const scales = ctx.calls.slice(0, firstClip).filter((c) => c[0] === 'scale').at(-1)!;
    const inverse = ctx.calls.slice(firstClip).find((c) => c[0] === 'scale')!;
    expect(inverse[1] as number).toBeCloseTo(1 / (scales[1] as number), 9);
    expect(inverse[2] as number).toBeCloseTo(1 / (scales[2] as number), 9);
    expect(ctx.calls.slice(firstClip).find((c) => c[0] === 'translate')).toEqual(['translate', -run.x, -run.y]);
    const paint = ctx.calls.slice(firstClip).find((c) => c[0] === 'fillRect')!;
    expect(paint[1] as number).toBeLessThan(run.x);
    expect((paint[1] as number) + (paint[3] as number)).toBeGreaterThan(run.x + run.sizePt);
    expect(ctx.calls.slice(firstClip).filter((c) => c[0] === 'set fillStyle')[0]![1]).toBe(gradient);
  });

  it('strokes an outlined blend-filled glyph before the blend, which covers the outline\'s inner half (PDF Tr 5)', async () => {
    const doc = await layout(para('Hi'));
    const shading = { kind: 'axial' as const, coords: [0, 0, 200, 0], stops: [{ pos: 0, color: 'FF0000' }, { pos: 1, color: '0000FF' }] };
    const page = doc.pages[0]!;
    const items = page.items.map((it) => (it.kind === 'glyphs' ? { ...it, shading, outline: { color: '00FF00', widthPt: 2 } } : it));
    const ctx = recorder();
    Object.assign(ctx, { createLinearGradient: () => ({ addColorStop: () => undefined }) });
    const r = await renderCanvas({ ...doc, pages: [{ ...page, items }] }, 0, ctx, { createPath: fakePath, background: null });
    expect(r.ok && r.value.glyphs).toBe(2);
    const order = ctx.calls.map((c) => c[0]).filter((n) => n === 'stroke' || n === 'fillRect');
    expect(order).toEqual(['stroke', 'fillRect', 'stroke', 'fillRect']);
  });
});

describe('renderCanvas picture fills', () => {
  const square = [{ op: 'M', x: 0, y: 0 }, { op: 'L', x: 100, y: 0 }, { op: 'L', x: 100, y: 50 }, { op: 'Z' }] as const;
  const doc = (across?: number): LayoutDoc => ({
    pages: [{ widthPt: 100, heightPt: 100, section: 0, label: '1', items: [{
      kind: 'path', commands: square, fill: 'CCCCCC', stroke: '000000', lineWidth: 1,
      picture: { image: 0, x: -10, y: 0, w: 40, h: 30, ...(across ? { across, down: 2 } : {}) },
    }] }],
    fonts: [], images: [{ contentType: 'image/png', data: encodePng(1, 1, new Uint8Array([255, 0, 0, 255])) }], destinations: {}, outline: [], info: {},
  });

  it('draws a tiled picture as the PDF does: clipped to the path, one drawImage per tile, then the outline', async () => {
    const ctx = recorder();
    const bitmap = { bitmap: true };
    await renderCanvas(doc(3), 0, ctx, { createPath: fakePath, background: null, decodeImage: async () => bitmap });
    const images = ctx.calls.filter((c) => c[0] === 'drawImage');
    expect(images).toEqual([0, 30].flatMap((y) => [-10, 30, 70].map((x) => ['drawImage', bitmap, x, y, 40, 30])));
    const names = ctx.calls.map((c) => c[0]).filter((n) => ['clip', 'drawImage', 'fill', 'stroke'].includes(n));
    expect(names).toEqual(['clip', ...Array(6).fill('drawImage'), 'stroke']);
  });

  it('fills the path with its flat colour when the picture cannot be decoded', async () => {
    const ctx = recorder();
    await renderCanvas(doc(), 0, ctx, { createPath: fakePath, background: null, decodeImage: async () => undefined });
    expect(ctx.calls.map((c) => c[0]).filter((n) => ['clip', 'drawImage', 'fill', 'stroke'].includes(n))).toEqual(['fill', 'stroke']);
  });
});
