import { describe, expect, it } from 'vitest';
import { unzlibSync } from 'fflate';
import { crc32 } from '../core';
import { createNodeHost } from '../../node/host';
import { encodePng } from '../image';
import { loadSignatureFonts, parseHexColor, renderTypedSignature } from './typed-signature';

const host = createNodeHost();

/** Decodes our own PNG output (RGBA, filter 0) and checks every chunk CRC. */
function decodePng(png: Uint8Array): { w: number; h: number; rgba: Uint8Array } {
  const v = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let p = 8;
  let w = 0;
  let h = 0;
  const idat: Uint8Array[] = [];
  while (p < png.length) {
    const len = v.getUint32(p);
    const type = String.fromCharCode(...png.subarray(p + 4, p + 8));
    expect(v.getUint32(p + 8 + len)).toBe(crc32(png.subarray(p + 4, p + 8 + len)));
    if (type === 'IHDR') {
      w = v.getUint32(p + 8);
      h = v.getUint32(p + 12);
    }
    if (type === 'IDAT') idat.push(png.subarray(p + 8, p + 8 + len));
    p += 12 + len;
  }
  const raw = unzlibSync(idat[0]!);
  const rgba = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    expect(raw[y * (w * 4 + 1)]).toBe(0);
    rgba.set(raw.subarray(y * (w * 4 + 1) + 1, (y + 1) * (w * 4 + 1)), y * w * 4);
  }
  return { w, h, rgba };
}

describe('encodePng', () => {
  it('writes a valid RGBA PNG that decodes to the same pixels', () => {
    const px = new Uint8Array(3 * 2 * 4).map((_, i) => (i * 37) & 255);
    const out = decodePng(encodePng(3, 2, px));
    expect(out).toEqual({ w: 3, h: 2, rgba: px });
  });
});

describe('renderTypedSignature', () => {
  it('draws the name in ink on a transparent background, the same bytes every time', async () => {
    const fonts = (await loadSignatureFonts(host))!;
    expect(fonts).toBeDefined();
    const a = renderTypedSignature('Jane Doe', fonts, '#112233', host);
    const b = renderTypedSignature('Jane Doe', fonts, '#112233', host);
    expect(Buffer.from(a.data).equals(Buffer.from(b.data))).toBe(true);
    const { w, h, rgba } = decodePng(a.data);
    expect(a.widthPx).toBe(Math.round(w / 2));
    expect(a.heightPx).toBe(Math.round(h / 2));
    expect(w).toBeGreaterThan(3 * h);
    let ink = 0;
    let clear = 0;
    for (let i = 0; i < w * h; i++) {
      if (rgba[i * 4 + 3] === 255) ink++;
      if (rgba[i * 4 + 3] === 0) clear++;
      expect([rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2]]).toEqual([0x11, 0x22, 0x33]);
    }
    expect(ink).toBeGreaterThan(w * h * 0.03);
    expect(clear).toBeGreaterThan(w * h * 0.5);
    // Antialiased edges: partial coverage exists.
    expect(rgba.some((v, i) => i % 4 === 3 && v > 0 && v < 255)).toBe(true);
  });

  it('uses the fallback face for characters the script font lacks, and a wider name gives a wider image', async () => {
    const fonts = (await loadSignatureFonts(host))!;
    const latin = renderTypedSignature('Anna', fonts, undefined, host);
    const cyr = renderTypedSignature('Анна', fonts, undefined, host);
    expect(cyr.widthPx).toBeGreaterThan(10);
    expect(Buffer.from(cyr.data).equals(Buffer.from(latin.data))).toBe(false);
    expect(renderTypedSignature('Anna Maria Smith', fonts, undefined, host).widthPx).toBeGreaterThan(latin.widthPx * 2);
  });

  it('refuses empty and over-long names with template/bad-signature', async () => {
    const fonts = (await loadSignatureFonts(host))!;
    expect(() => renderTypedSignature('   ', fonts, undefined, host)).toThrow(/template\/bad-signature/);
    expect(() => renderTypedSignature('x'.repeat(500), fonts, undefined, host)).toThrow(/at most 120/);
  });

  it('parses colours', () => {
    expect(parseHexColor('#FF0080')).toEqual([255, 0, 128]);
    expect(parseHexColor('00ff00')).toEqual([0, 255, 0]);
    expect(parseHexColor('red')).toBeUndefined();
  });

  it('reports no font when the host has none', async () => {
    expect(await loadSignatureFonts({})).toBeUndefined();
  });
});
