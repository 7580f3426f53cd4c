import { describe, expect, it } from 'vitest';
import { adjustPixels, adjustSamples, decodePng, encodePng, levelsMap, type PixelAdjust } from './index';
import { narrowToGray, rgbaToDecoded } from './test-util';
import type { DecodedImage } from './types';

/** Two pixels: pure red and mid grey, opaque RGB. */
const RED_GREY: DecodedImage = { width: 2, height: 1, color: 'rgb', samples: new Uint8Array([255, 0, 0, 128, 128, 128]) };

describe('adjustPixels (blip effects on decoded pixels)', () => {
  it('makes the clrChange colour transparent and leaves the others (Set Transparent Color)', () => {
    const px = adjustPixels(RED_GREY, { colorChange: { from: 'FF0000', to: 'FF0000', toOpacity: 0 } });
    expect([...px]).toEqual([255, 0, 0, 0, 128, 128, 128, 255]);
  });

  it('keys out colours within a tolerance when asked (a decoded JPEG), each sample apart', () => {
    const near: DecodedImage = { width: 3, height: 1, color: 'rgb', samples: new Uint8Array([250, 6, 3, 246, 0, 0, 255, 9, 0]) };
    const key = { colorChange: { from: 'FF0000', to: 'FF0000', toOpacity: 0 } };
    expect([...adjustPixels(near, key, 8)].filter((_, i) => i % 4 === 3)).toEqual([0, 255, 255]);
    expect([...adjustPixels(near, key)].filter((_, i) => i % 4 === 3)).toEqual([255, 255, 255]);
  });

  it('narrows an all-grey RGB picture to one grey channel and leaves a coloured one', () => {
    const grey = narrowToGray({ width: 2, height: 1, color: 'rgb', samples: new Uint8Array([7, 7, 7, 200, 200, 200]) });
    expect(grey).toMatchObject({ color: 'gray', samples: new Uint8Array([7, 200]) });
    expect(narrowToGray(RED_GREY)).toBe(RED_GREY);
  });

  it('greys by luminance, maps a duotone between its colours and cuts black and white at the threshold', () => {
    expect([...adjustPixels(RED_GREY, { grayscale: true })]).toEqual([76, 76, 76, 255, 128, 128, 128, 255]);
    // Red's luminance 76/255 of the way from dark blue to white.
    expect([...adjustPixels(RED_GREY, { duotone: ['000080', 'FFFFFF'] })].slice(0, 3)).toEqual([76, 76, 166]);
    expect([...adjustPixels(RED_GREY, { biLevelThreshold: 0.5 })]).toEqual([0, 0, 0, 255, 255, 255, 255, 255]);
  });

  it('washes out with brightness 70 % and contrast −70 %: black to a light grey, white stays white', () => {
    const map = levelsMap(0.7, -0.7);
    expect(map[0]).toBeGreaterThan(190);
    expect(map[255]).toBe(255);
    expect(levelsMap(0, 0)[77]).toBe(77);
    expect([...adjustPixels(RED_GREY, { brightness: 0.7, contrast: -0.7 })].slice(0, 3)).toEqual([map[255], map[0], map[0]]);
  });
});

describe('decodePng', () => {
  it('reads RGBA samples and alpha back from an encoded PNG', () => {
    const rgba = new Uint8Array([10, 20, 30, 255, 40, 50, 60, 0]);
    const d = decodePng(encodePng(2, 1, rgba));
    expect(d).toMatchObject({ width: 2, height: 1, color: 'rgb' });
    expect([...d.samples]).toEqual([10, 20, 30, 40, 50, 60]);
    expect([...d.alpha!]).toEqual([255, 0]);
  });
});

describe('adjustSamples (a recoloured picture as it is embedded)', () => {
  /** Deterministic pictures of every colour kind, with and without alpha, some of their pixels red or grey. */
  function pictures(): DecodedImage[] {
    let seed = 5;
    const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
    const out: DecodedImage[] = [];
    const [width, height] = [7, 5];
    const n = width * height;
    const bytes = (len: number, pick: () => number) => Uint8Array.from({ length: len }, pick);
    for (const alpha of [false, true]) {
      const a = alpha ? { alpha: bytes(n, () => (next() > 128 ? 255 : next())) } : {};
      out.push({ width, height, color: 'rgb', samples: bytes(n * 3, () => (next() > 170 ? 255 : next() > 128 ? 0 : next())), ...a });
      out.push({ width, height, color: 'gray', samples: bytes(n, next), ...a });
      out.push({ width, height, color: 'indexed', palette: Uint8Array.from({ length: 768 }, (_, i) => (i < 3 ? [255, 0, 0][i]! : next())), samples: bytes(n, () => next() & 3), ...a });
    }
    return out;
  }
  const ADJUSTS: PixelAdjust[] = [
    { grayscale: true },
    { duotone: ['000080', 'FFFF00'] },
    { biLevelThreshold: 0.4 },
    { brightness: 0.7, contrast: -0.7 },
    { colorChange: { from: 'FF0000', to: 'FF0000', toOpacity: 0 } },
    { colorChange: { from: 'FF0000', to: '00FF00', toOpacity: 1 }, contrast: 0.3 },
    { colorChange: { from: 'FF0000', to: 'FF0000', toOpacity: 0.5 }, grayscale: true },
  ];
  const copy = (d: DecodedImage): DecodedImage => ({ ...d, samples: d.samples.slice(), ...(d.alpha ? { alpha: d.alpha.slice() } : {}) });

  it('gives the samples and alpha of the RGBA path (adjustPixels, rgbaToDecoded, narrowToGray)', () => {
    for (const img of pictures()) for (const adjust of ADJUSTS) for (const tolerance of [0, 8]) {
      const want = narrowToGray(rgbaToDecoded(img.width, img.height, adjustPixels(img, adjust, tolerance)));
      const got = adjustSamples(copy(img), adjust, tolerance);
      expect({ ...got, samples: [...got.samples], alpha: got.alpha && [...got.alpha] }).toEqual({ ...want, samples: [...want.samples], alpha: want.alpha && [...want.alpha] });
    }
  });

  it('recolours an RGB picture in its own samples, without an RGBA copy (100 megapixels took some 1.2 GB)', () => {
    const img = pictures()[0]!;
    const greyed = adjustSamples(img, { grayscale: true });
    expect(greyed.color).toBe('gray');
    expect(greyed.samples.buffer).toBe(img.samples.buffer);
    const toned = adjustSamples(pictures()[0]!, { duotone: ['000080', 'FFFF00'] });
    expect(toned.color).toBe('rgb');
    expect(toned.samples.buffer.byteLength).toBe(7 * 5 * 3);
  });
});
