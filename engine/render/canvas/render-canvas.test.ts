import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initKernel } from '../../layout';
import type { GlyphRun, LayoutDoc } from '../../model';
import { para } from '../../../tests/helpers/make-docx';
import { makeGif, makeTiff, tiffBasics } from '../../image/test-util';
import { adjustPixels, decodeJpeg, encodePng } from '../../image';
import { JPEG_FIXTURES } from '../../image/jpeg-fixtures';
import { createCanvasCache, renderCanvas } from './index';
import { fakePath, layout, recorder, runsOf, type Call } from './test-util';
import { transformPathData } from './draw-glyphs';

type Matrix = [number, number, number, number, number, number];

/** The transform in force at each `fill` call, from the recorded save/restore/translate/scale/transform calls. */
function matricesAtFills(calls: readonly Call[], which = 'fill'): Matrix[] {
  let m: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  const out: Matrix[] = [];
  const mul = (a: Matrix, b: Matrix): Matrix => [
    a[0] * b[0] + a[2] * b[1], a[1] * b[0] + a[3] * b[1], a[0] * b[2] + a[2] * b[3], a[1] * b[2] + a[3] * b[3],
    a[0] * b[4] + a[2] * b[5] + a[4], a[1] * b[4] + a[3] * b[5] + a[5],
  ];
  for (const [name, ...a] of calls) {
    const n = a as number[];
    if (name === 'save') stack.push(m);
    else if (name === 'restore') m = stack.pop()!;
    else if (name === 'translate') m = mul(m, [1, 0, 0, 1, n[0]!, n[1]!]);
    else if (name === 'scale') m = mul(m, [n[0]!, 0, 0, n[1]!, 0, 0]);
    else if (name === 'transform') m = mul(m, n.slice(0, 6) as Matrix);
    else if (name === which) out.push(m);
  }
  return out;
}

/** The transform in force at each `stroke` call. */
function matricesAtStrokes(calls: readonly Call[]): Matrix[] {
  return matricesAtFills(calls, 'stroke');
}

const apply = (m: Matrix, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
beforeAll(() => initKernel());

describe('renderCanvas', () => {
  it('fills each visible glyph at its layout pen position, from the font outline, at the given scale', async () => {
    const doc = await layout(para('Hello canvas'));
    const ctx = recorder();
    const r = await renderCanvas(doc, 0, ctx, { scale: 2, createPath: fakePath });
    expect(r.ok).toBe(true);
    const runs = runsOf(doc.pages[0]!.items);
    const run = runs[0]!;
    // 'Hello canvas' has one space (an empty outline): 11 glyphs filled.
    expect(r.ok && r.value.glyphs).toBe(11);
    expect(ctx.calls[1]).toEqual(['scale', 2, 2]);
    const translates = ctx.calls.filter((c) => c[0] === 'translate');
    expect(translates[0]).toEqual(['translate', run.x, run.y]);
    // The second glyph sits at x + first advance.
    expect(translates[1]![1]).toBeCloseTo(run.x + run.advances[0]!, 9);
    const fills = ctx.calls.filter((c) => c[0] === 'fill');
    expect((fills[0]![1] as { d: string }).d).toMatch(/^M/);
    // The y axis is flipped for font units: scale(k, -k) with k = size / unitsPerEm.
    const font = doc.fonts[run.font]!;
    const glyphScale = ctx.calls.find((c) => c[0] === 'scale' && c[2] !== 2)!;
    expect(glyphScale[1]).toBeCloseTo(run.sizePt / font.unitsPerEm, 12);
    expect(glyphScale[2]).toBeCloseTo(-run.sizePt / font.unitsPerEm, 12);
  });

  it('strokes an unfilled run\'s glyphs with its outline and dash and never fills them (PDF render mode 1)', async () => {
    const doc = await layout(para('Hollow'));
    const run = runsOf(doc.pages[0]!.items)[0]!;
    const hollow: GlyphRun = { ...run, unfilled: true, outline: { color: '00FF00', widthPt: 1, dash: [2, 1] } };
    const ctx = recorder();
    const r = await renderCanvas({ ...doc, pages: [{ ...doc.pages[0]!, items: [hollow] }] }, 0, ctx, { createPath: fakePath });
    expect(r.ok).toBe(true);
    const names = ctx.calls.map((c) => c[0]);
    // The page's white is a fillRect: no glyph is filled, each is stroked.
    expect(names.filter((n) => n === 'fill')).toHaveLength(0);
    expect(names.filter((n) => n === 'stroke')).toHaveLength(6);
    expect(ctx.calls).toContainEqual(['set strokeStyle', '#00FF00']);
    const k = run.sizePt / doc.fonts[run.font]!.unitsPerEm;
    const dash = ctx.calls.find((c) => c[0] === 'setLineDash')![1] as number[];
    expect(dash[0]).toBeCloseTo(2 / k, 6);
  });

  it('draws a zero-width line one pixel wide, as the PDF\'s thinnest line, not at the last width set', async () => {
    const doc: LayoutDoc = {
      pages: [{ widthPt: 100, heightPt: 50, section: 0, label: '1', items: [
        { kind: 'line', x1: 0, y1: 10, x2: 50, y2: 10, width: 3, color: '0000FF' },
        { kind: 'line', x1: 0, y1: 20, x2: 50, y2: 20, width: 0, color: 'FF0000' },
      ] }],
      fonts: [], images: [], destinations: {}, outline: [], info: {},
    };
    const ctx = recorder();
    await renderCanvas(doc, 0, ctx, { createPath: fakePath, scale: 2 });
    // A canvas ignores lineWidth = 0 and would stroke the second line 3 pt wide.
    expect(ctx.calls.filter((c) => c[0] === 'set lineWidth').map((c) => c[1])).toEqual([3, 0.5]);
  });

  it('paints the page white first and draws rectangles and lines with their colours', async () => {
    const doc: LayoutDoc = {
      pages: [{ widthPt: 100, heightPt: 50, section: 0, label: '1', items: [
        { kind: 'rect', x: 1, y: 2, w: 3, h: 4, fill: 'FF0000', stroke: '00FF00', lineWidth: 0.5 },
        { kind: 'line', x1: 0, y1: 10, x2: 50, y2: 10, width: 2, color: '0000FF', dash: [3, 1] },
        { kind: 'path', commands: [{ op: 'M', x: 0, y: 0 }, { op: 'C', x1: 1, y1: 1, x2: 2, y2: 2, x: 3, y: 0 }, { op: 'Z' }], fill: '123456', fillOpacity: 0.5 },
        { kind: 'link', x: 0, y: 0, w: 10, h: 10, url: 'https://example.com/' },
      ] }],
      fonts: [], images: [], destinations: {}, outline: [], info: {},
    };
    const ctx = recorder();
    const r = await renderCanvas(doc, 0, ctx, { createPath: fakePath });
    expect(r.ok && r.value.shapes).toBe(3);
    const names = ctx.calls.map((c) => c[0]);
    expect(ctx.calls.slice(2, 4)).toEqual([['set fillStyle', '#FFFFFF'], ['fillRect', 0, 0, 100, 50]]);
    expect(ctx.calls).toContainEqual(['rect', 1, 2, 3, 4]);
    expect(ctx.calls).toContainEqual(['set fillStyle', '#FF0000']);
    expect(ctx.calls).toContainEqual(['set strokeStyle', '#00FF00']);
    expect(ctx.calls).toContainEqual(['setLineDash', [3, 1]]);
    expect(ctx.calls).toContainEqual(['bezierCurveTo', 1, 1, 2, 2, 3, 0]);
    expect(ctx.calls).toContainEqual(['set globalAlpha', 0.5]);
    expect(names.filter((n) => n === 'drawImage')).toHaveLength(0);
  });

  it('draws images through the decoder, once per image bytes, with crop and rotation', async () => {
    const data = new Uint8Array([1, 2, 3]);
    const doc: LayoutDoc = {
      pages: [
        { widthPt: 100, heightPt: 100, section: 0, label: '1', items: [{ kind: 'image', x: 10, y: 20, w: 30, h: 40, image: 0, crop: { left: 0.5, top: 0, right: 0, bottom: 0 } }] },
        { widthPt: 100, heightPt: 100, section: 0, label: '2', items: [{ kind: 'group', items: [{ kind: 'image', x: 0, y: 0, w: 10, h: 10, image: 0, rotationDeg: 90 }] }] },
      ],
      fonts: [], images: [{ contentType: 'image/png', data }], destinations: {}, outline: [], info: {},
    };
    let decodes = 0;
    const bitmap = { bitmap: true };
    const cache = createCanvasCache();
    const options = { createPath: fakePath, cache, decodeImage: async () => { decodes++; return bitmap; } };
    const ctx = recorder();
    const first = await renderCanvas(doc, 0, ctx, options);
    expect(first.ok && first.value.images).toBe(1);
    // Half the width cropped on the left: the full image is 60 wide and starts 30 to the left, clipped to the box.
    expect(ctx.calls).toContainEqual(['drawImage', bitmap, -20, 20, 60, 40]);
    expect(ctx.calls).toContainEqual(['clip']);
    const ctx2 = recorder();
    await renderCanvas(doc, 1, ctx2, options);
    expect(decodes).toBe(1);
    const t = ctx2.calls.find((c) => c[0] === 'transform')!;
    expect(t[1]).toBeCloseTo(0, 12);
    expect(t[2]).toBeCloseTo(1, 12);
  });

  it('clips a group with cut-outs even-odd, one frame-and-hole path each', async () => {
    const doc: LayoutDoc = {
      pages: [{ widthPt: 100, heightPt: 100, section: 0, label: '1', items: [{ kind: 'group', clipOut: [{ x: 10, y: 20, w: 30, h: 40 }], items: [{ kind: 'rect', x: 0, y: 0, w: 100, h: 100, fill: '00ff00' }] }] }],
      fonts: [], images: [], destinations: {}, outline: [], info: {},
    };
    const ctx = recorder();
    await renderCanvas(doc, 0, ctx, { createPath: fakePath, cache: createCanvasCache() });
    const at = ctx.calls.findIndex((c) => c[0] === 'clip');
    expect(ctx.calls.slice(at - 3, at + 1)).toEqual([['beginPath'], ['rect', -100000, -100000, 200000, 200000], ['rect', 10, 20, 30, 40], ['clip', 'evenodd']]);
  });

  describe('default decoder', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    /** Stubs createImageBitmap and ImageData; returns what createImageBitmap was given. */
    function stubBitmaps(): unknown[] {
      const seen: unknown[] = [];
      vi.stubGlobal('ImageData', class {
        constructor(readonly data: Uint8ClampedArray, readonly width: number, readonly height: number) {}
      });
      vi.stubGlobal('createImageBitmap', async (source: unknown) => {
        seen.push(source);
        return { bitmapOf: source };
      });
      return seen;
    }

    const docWith = (images: LayoutDoc['images']): LayoutDoc => ({
      pages: [{ widthPt: 100, heightPt: 100, section: 0, label: '1', items: images.map((_, i) => ({ kind: 'image' as const, x: 0, y: 0, w: 10, h: 10, image: i })) }],
      fonts: [], images, destinations: {}, outline: [], info: {},
    });

    it('draws GIF and TIFF through engine/image as ImageData with the PDF\'s pixels, PNG as a Blob', async () => {
      const seen = stubBitmaps();
      const gif = makeGif({ width: 2, height: 1, palette: [255, 0, 0, 0, 0, 255], indices: [0, 1], transparent: 1 });
      const tiff = makeTiff({ entries: tiffBasics(1, 1, { spp: 3, photometric: 2 }), strips: [Uint8Array.from([1, 2, 3])] });
      const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const ctx = recorder();
      const r = await renderCanvas(docWith([{ contentType: 'image/gif', data: gif }, { contentType: 'image/tiff', data: tiff }, { contentType: 'image/png', data: png }]), 0, ctx, { createPath: fakePath });
      expect(r.ok && r.value.images).toBe(3);
      expect(r.warnings).toEqual([]);
      const [g, t, p] = seen as [{ data: Uint8ClampedArray; width: number; height: number }, { data: Uint8ClampedArray }, unknown];
      expect([g.width, g.height, ...g.data]).toEqual([2, 1, 255, 0, 0, 255, 0, 0, 255, 0]);
      expect([...t.data]).toEqual([1, 2, 3, 255]);
      expect(p).toBeInstanceOf(Blob);
    });

    it('draws a recoloured PNG as ImageData with the adjusted pixels, the plain use as stored', async () => {
      const seen = stubBitmaps();
      const png = encodePng(2, 1, Uint8Array.from([255, 0, 0, 255, 128, 128, 128, 255]));
      const keyed = { contentType: 'image/png', data: png, adjust: { colorChange: { from: 'FF0000', to: 'FF0000', toOpacity: 0 } } };
      const grey = { contentType: 'image/png', data: png, adjust: { grayscale: true } };
      const r = await renderCanvas(docWith([keyed, grey, { contentType: 'image/png', data: png }]), 0, recorder(), { createPath: fakePath });
      expect(r.ok && r.value.images).toBe(3);
      const [k, g, plain] = seen as [{ data: Uint8ClampedArray }, { data: Uint8ClampedArray }, unknown];
      expect([...k.data]).toEqual([255, 0, 0, 0, 128, 128, 128, 255]);
      expect([...g.data]).toEqual([76, 76, 76, 255, 128, 128, 128, 255]);
      expect(plain).toBeInstanceOf(Blob);
    });

    it('draws a recoloured JPEG as ImageData with the PDF\'s pixels: grey, and the transparent colour within the JPEG tolerance', async () => {
      const seen = stubBitmaps();
      const f = JPEG_FIXTURES.b444!;
      const jpeg = new Uint8Array(Buffer.from(f.jpeg, 'base64'));
      const pdfLike = decodeJpeg(jpeg);
      if (!pdfLike.ok) throw new Error('fixture');
      const grey = { contentType: 'image/jpeg', data: jpeg, adjust: { grayscale: true } };
      const [r0, g0, b0] = pdfLike.value.samples;
      const key = [r0, g0, b0].map((v) => Math.min(255, v! + 5).toString(16).padStart(2, '0')).join('');
      const keyed = { contentType: 'image/jpeg', data: jpeg, adjust: { colorChange: { from: key, to: key, toOpacity: 0 } } };
      const r = await renderCanvas(docWith([grey, keyed]), 0, recorder(), { createPath: fakePath });
      expect(r.ok && r.value.images).toBe(2);
      expect(r.warnings).toEqual([]);
      const [g, k] = seen as { data: Uint8ClampedArray; width: number }[];
      expect(g!.width).toBe(f.width);
      expect([...g!.data.subarray(0, 8)]).toEqual([...adjustPixels(pdfLike.value, { grayscale: true }).subarray(0, 8)]);
      expect(g!.data[0]).toBe(g!.data[1]);
      expect(k!.data[3]).toBe(0);
    });

    it('draws a recoloured JPEG it cannot decode as stored, with a render/picture-adjust warning', async () => {
      const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]);
      const doc = docWith([{ contentType: 'image/jpeg', data: jpeg, adjust: { grayscale: true } }]);
      const r = await renderCanvas(doc, 0, recorder(), { createPath: fakePath, decodeImage: async () => ({}) });
      expect(r.ok && r.value.images).toBe(1);
      expect(r.warnings.map((w) => w.code)).toEqual(['render/picture-adjust']);
      // An arithmetic-coded frame (SOF9) of 8-bit samples: readable header, but not a frame the decoder takes.
      const arithmetic = Uint8Array.from([0xff, 0xd8, 0xff, 0xc9, 0, 11, 8, 0, 2, 0, 2, 1, 1, 0x11, 0, 0xff, 0xd9]);
      const r2 = await renderCanvas(docWith([{ contentType: 'image/jpeg', data: arithmetic, adjust: { grayscale: true } }]), 0, recorder(), { createPath: fakePath, decodeImage: async () => ({}) });
      expect(r2.warnings.map((w) => w.code)).toEqual(['render/picture-adjust']);
    });

    it('draws pictures with high-quality resampling (a downscaled screenshot kept only scattered pixels of its text at \'low\')', async () => {
      stubBitmaps();
      const png = encodePng(1, 1, Uint8Array.from([1, 2, 3, 255]));
      const ctx = recorder();
      await renderCanvas(docWith([{ contentType: 'image/png', data: png }]), 0, ctx, { createPath: fakePath });
      const names = ctx.calls.map((c) => (c[0] === 'set imageSmoothingQuality' ? `quality ${c[1]}` : c[0]));
      expect(names.indexOf('quality high')).toBeGreaterThan(-1);
      expect(names.indexOf('quality high')).toBeLessThan(names.indexOf('drawImage'));
    });

    it('decodes pictures without colour conversion: the PDF ignores their ICC profiles and gamma', async () => {
      const options: unknown[] = [];
      vi.stubGlobal('createImageBitmap', async (_source: unknown, o: unknown) => {
        options.push(o);
        return {};
      });
      const png = encodePng(1, 1, Uint8Array.from([1, 2, 3, 255]));
      const r = await renderCanvas(docWith([{ contentType: 'image/png', data: png }]), 0, recorder(), { createPath: fakePath });
      expect(r.ok && r.value.images).toBe(1);
      expect(options).toEqual([{ colorSpaceConversion: 'none' }]);
    });

    it('reports a raster picture its decoder rejects as undecodable', async () => {
      stubBitmaps();
      const broken = makeGif({ width: 1, height: 1, indices: [0], minCodeSize: 12, lzw: Uint8Array.from([0]) });
      const r = await renderCanvas(docWith([{ contentType: 'image/gif', data: broken }]), 0, recorder(), { createPath: fakePath });
      expect(r.ok && r.value.images).toBe(0);
      expect(r.warnings.map((w) => w.code)).toEqual(['render/image-undecodable']);
    });
  });

  it('reports undecodable images and unreadable glyph outlines as warnings, not failures', async () => {
    const doc: LayoutDoc = {
      pages: [{ widthPt: 100, heightPt: 100, section: 0, label: '1', items: [
        { kind: 'image', x: 0, y: 0, w: 10, h: 10, image: 0 },
        { kind: 'glyphs', x: 0, y: 50, font: 0, sizePt: 12, glyphs: [1, 2, 3], advances: [5, 5, 5], text: 'abc', clusters: [0, 1, 2], color: '000000' },
      ] }],
      fonts: [{ key: 'bad', postscriptName: 'Bad', family: 'Bad', data: new Uint8Array(40), unitsPerEm: 1000, syntheticBold: false, syntheticItalic: false }],
      images: [{ contentType: 'image/x-emf', data: new Uint8Array(8) }], destinations: {}, outline: [], info: {},
    };
    const r = await renderCanvas(doc, 0, recorder(), { createPath: fakePath, decodeImage: async () => undefined });
    expect(r.ok).toBe(true);
    const codes = r.warnings.map((w) => [w.code, w.count ?? 1]);
    expect(codes).toContainEqual(['render/image-undecodable', 1]);
    expect(codes).toContainEqual(['render/glyph-outline', 3]);
  });

  it('strokes synthetic bold and shears synthetic italic like the PDF text matrix', async () => {
    const base = await layout(para('Ab'));
    const run = runsOf(base.pages[0]!.items)[0]!;
    const fonts = base.fonts.map((f, i) => (i === run.font ? { ...f, syntheticBold: true, syntheticItalic: true } : f));
    const ctx = recorder();
    await renderCanvas({ ...base, fonts }, 0, ctx, { createPath: fakePath });
    // A glyph's top (0, unitsPerEm) leans 0.2126 of the size to the right, as the PDF's 1 0 0.2126 1 Tm.
    const m = matricesAtFills(ctx.calls)[0]!;
    const upem = fonts[run.font]!.unitsPerEm;
    expect(apply(m, 0, upem)[0] - apply(m, 0, 0)[0]).toBeCloseTo(0.2126 * run.sizePt, 9);
    expect(ctx.calls.filter((c) => c[0] === 'stroke')).toHaveLength(2);
  });

  it('slants synthetic italic by the glyph\'s height, not scaled by its width (regression: condensed italic leaned half as far)', async () => {
    const base = await layout(para('Ab'));
    const run = runsOf(base.pages[0]!.items)[0]!;
    const fonts = base.fonts.map((f, i) => (i === run.font ? { ...f, syntheticItalic: true } : f));
    const condensed: GlyphRun = { ...run, scalePct: 50 };
    const ctx = recorder();
    await renderCanvas({ ...base, fonts, pages: [{ ...base.pages[0]!, items: [condensed] }] }, 0, ctx, { createPath: fakePath });
    const m = matricesAtFills(ctx.calls)[0]!;
    const upem = fonts[run.font]!.unitsPerEm;
    const [x0, y0] = apply(m, 0, 0);
    // PDF text rendering matrix [size·Tz 0 0 size]·[1 0 0.2126 1 x y]: width halved, slant whole.
    expect(apply(m, upem, 0)[0] - x0).toBeCloseTo(0.5 * run.sizePt, 9);
    expect(apply(m, 0, upem)[0] - x0).toBeCloseTo(0.2126 * run.sizePt, 9);
    expect(apply(m, 0, upem)[1] - y0).toBeCloseTo(-run.sizePt, 9);
  });

  it('draws translucent and outlined glyphs (WordArt) like the PDF: alpha for the run, then fill and stroke', async () => {
    const base = await layout(para('Ab'));
    const run = runsOf(base.pages[0]!.items)[0]!;
    const art: GlyphRun = { ...run, fillOpacity: 0.25, outline: { color: '0000FF', widthPt: 2 } };
    const ctx = recorder();
    await renderCanvas({ ...base, pages: [{ ...base.pages[0]!, items: [art] }] }, 0, ctx, { createPath: fakePath });
    expect(ctx.calls).toContainEqual(['set globalAlpha', 0.25]);
    expect(ctx.calls).toContainEqual(['set strokeStyle', '#0000FF']);
    // The alpha covers each fill only; the strokes after it are opaque.
    const sequence = ctx.calls.filter((c) => c[0] === 'fill' || c[0] === 'stroke' || c[0] === 'set globalAlpha').map((c) => (c[0] === 'set globalAlpha' ? `alpha ${c[1]}` : c[0]));
    expect(sequence).toEqual(['alpha 0.25', 'fill', 'alpha 1', 'stroke', 'alpha 0.25', 'fill', 'alpha 1', 'stroke']);
  });

  it('strokes the outline of condensed text in page space, its width and dash in points (PDF: user space, ISO 32000-1 §9.3.6)', async () => {
    const base = await layout(para('Ab'));
    const run = runsOf(base.pages[0]!.items)[0]!;
    const art: GlyphRun = { ...run, scalePct: 50, outline: { color: '0000FF', widthPt: 2, dash: [3, 1] } };
    const ctx = recorder();
    await renderCanvas({ ...base, pages: [{ ...base.pages[0]!, items: [art] }] }, 0, ctx, { createPath: fakePath });
    expect(ctx.calls).toContainEqual(['set lineWidth', 2]);
    expect(ctx.calls).toContainEqual(['setLineDash', [3, 1]]);
    const fills = ctx.calls.filter((c) => c[0] === 'fill').map((c) => (c[1] as { d: string }).d);
    const strokes = ctx.calls.filter((c) => c[0] === 'stroke');
    expect(strokes).toHaveLength(2);
    // The stroked path is the filled outline placed on the page, and it is stroked in page space.
    const k = run.sizePt / base.fonts[run.font]!.unitsPerEm;
    expect((strokes[0]![1] as { d: string }).d).toBe(transformPathData(fills[0]!, [k * 0.5, 0, 0, -k, run.x, run.y]));
    const m = matricesAtStrokes(ctx.calls)[0]!;
    expect(m.map((v) => Math.round(v * 1e9) / 1e9)).toEqual([1, 0, 0, 1, 0, 0]);
  });

  it('maps SVG path data through a matrix', () => {
    expect(transformPathData('M1 2L3 4Q5 6 7 8C1 1 2 2 3 3Z', [2, 0, 0, -1, 10, 20])).toBe('M12 18L16 16Q20 14 24 12C12 19 14 18 16 17Z');
  });

  it('draws nothing for invisible text (PDF render mode 3: warped WordArt\'s searchable text over its paths)', async () => {
    const base = await layout(para('Ab'));
    const run = runsOf(base.pages[0]!.items)[0]!;
    const ctx = recorder();
    const r = await renderCanvas({ ...base, pages: [{ ...base.pages[0]!, items: [{ ...run, invisible: true }] }] }, 0, ctx, { createPath: fakePath });
    expect(r.ok && r.value.glyphs).toBe(0);
    expect(ctx.calls.filter((c) => c[0] === 'fill' || c[0] === 'stroke')).toHaveLength(0);
  });

  it('fails with render/no-page for a page that does not exist', async () => {
    const doc = await layout(para('x'));
    const r = await renderCanvas(doc, 5, recorder(), { createPath: fakePath });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors[0]!.code).toBe('render/no-page');
  });
});
