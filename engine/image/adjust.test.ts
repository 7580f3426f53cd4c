import { describe, expect, it } from 'vitest';
import { adjustPixels, decodePng, encodePng, levelsMap, narrowToGray } from './index';
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
