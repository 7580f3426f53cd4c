import { describe, expect, it } from 'vitest';
import { decodeJpeg } from './jpeg-decode';
import { jpegPixels } from './jpeg-pixels';
import type { JpegComponent } from './jpeg-scan';
import { JPEG_FIXTURES } from './jpeg-fixtures';
import type { DecodedImage } from './types';

const bytesOf = (b64: string) => new Uint8Array(Buffer.from(b64, 'base64'));
const fixture = (name: string) => bytesOf(JPEG_FIXTURES[name]!.jpeg);

function decoded(bytes: Uint8Array): DecodedImage {
  const r = decodeJpeg(bytes);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

/** Where a marker's 0xFF sits (the first one), walking segments from SOI; -1 when absent. */
function markerAt(jpg: Uint8Array, marker: number): number {
  for (let p = 2; p + 4 <= jpg.length;) {
    if (jpg[p + 1] === marker) return p;
    if (jpg[p + 1] === 0xda) return -1;
    p += 2 + ((jpg[p + 2]! << 8) | jpg[p + 3]!);
  }
  return -1;
}

/** A copy with bytes changed at offsets. */
function patched(jpg: Uint8Array, at: number, ...values: number[]): Uint8Array {
  const out = jpg.slice();
  values.forEach((v, i) => (out[at + i] = v));
  return out;
}

const codeOf = (bytes: Uint8Array) => {
  const r = decodeJpeg(bytes);
  return r.ok ? 'ok' : r.errors[0]!.code;
};

describe('decodeJpeg against PIL (libjpeg-turbo)', () => {
  // Measured: 4:4:4 and greyscale within 2 of libjpeg's accurate integer IDCT on every sample,
  // subsampled pictures too on these fixtures (within 3 on larger 4:2:0 and progressive ones).
  for (const [name, f] of Object.entries(JPEG_FIXTURES)) {
    it(`decodes ${f.what} within ±2 per sample`, () => {
      const img = decoded(bytesOf(f.jpeg));
      const want = bytesOf(f.pixels);
      expect([img.width, img.height, img.samples.length]).toEqual([f.width, f.height, want.length]);
      expect(img.color).toBe(want.length === f.width * f.height ? 'gray' : 'rgb');
      let max = 0;
      let sum = 0;
      for (let i = 0; i < want.length; i++) {
        const d = Math.abs(img.samples[i]! - want[i]!);
        max = Math.max(max, d);
        sum += d;
      }
      expect(max, name).toBeLessThanOrEqual(2);
      expect(sum / want.length, name).toBeLessThan(0.1);
    });
  }

  it('does not apply an EXIF orientation: the pixels come as stored, as Word draws them', () => {
    const plain = fixture('b444');
    // APP1 "Exif" with a little-endian TIFF header and one IFD entry: Orientation (274) = 6.
    const tiff = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0];
    const app1 = [0xff, 0xe1, 0, 2 + 6 + tiff.length, 0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
    const withExif = Uint8Array.from([0xff, 0xd8, ...app1, ...plain.subarray(2)]);
    expect(decoded(withExif)).toEqual(decoded(plain));
  });
});

describe('decodeJpeg refuses what it does not decode, with a code', () => {
  const sof = () => {
    const jpg = fixture('b444');
    return { jpg, at: markerAt(jpg, 0xc0) };
  };

  it('refuses arithmetic coding, lossless and hierarchical frames (render/unsupported-jpeg)', () => {
    const { jpg, at } = sof();
    for (const m of [0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf, 0xc3, 0xc5, 0xc6, 0xc7]) expect(codeOf(patched(jpg, at + 1, m)), m.toString(16)).toBe('render/unsupported-jpeg');
  });

  it('refuses 12-bit samples, a height left to a DNL marker and two-component frames', () => {
    const { jpg, at } = sof();
    expect(codeOf(patched(jpg, at + 4, 12))).toBe('render/unsupported-jpeg');
    expect(codeOf(patched(jpg, at + 5, 0, 0))).toBe('render/unsupported-jpeg');
    expect(codeOf(patched(jpg, at + 9, 2))).toBe('render/unsupported-jpeg');
  });

  it('refuses a size past the limits before allocating, and a huge frame with a few bytes of data', () => {
    const jpg = fixture('grey');
    expect(decodeJpeg(jpg, { maxPixels: 100 })).toMatchObject({ ok: false, errors: [{ code: 'render/image-too-large' }] });
    const at = markerAt(jpg, 0xc0);
    // 65535 × 65535 is past the default limit; 9000 × 9000 is within it but a few hundred bytes cannot fill it.
    expect(codeOf(patched(jpg, at + 5, 0xff, 0xff, 0xff, 0xff))).toBe('render/image-too-large');
    expect(codeOf(patched(jpg, at + 5, 0x23, 0x28, 0x23, 0x28))).toBe('render/image-too-large');
  });

  it('refuses a Huffman table with more codes than its lengths allow, and a scan using an undefined table', () => {
    const jpg = fixture('grey');
    const dht = markerAt(jpg, 0xc4);
    // Three codes of length 1 cannot exist.
    expect(codeOf(patched(jpg, dht + 5, 3))).toBe('render/bad-image');
    const sos = markerAt(jpg, 0xda);
    expect(codeOf(patched(jpg, sos + 6, 0x33))).toBe('render/bad-image');
  });

  it('refuses a segment that runs past the end, files without a frame or a scan, and non-JPEG bytes', () => {
    const jpg = fixture('grey');
    expect(codeOf(jpg.subarray(0, markerAt(jpg, 0xc0) + 5))).toBe('render/bad-image');
    expect(codeOf(jpg.subarray(0, markerAt(jpg, 0xda)))).toBe('render/bad-image');
    expect(codeOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]))).toBe('render/bad-image');
    expect(codeOf(Uint8Array.from([0x89, 0x50]))).toBe('render/bad-image');
  });
});

describe('decodeJpeg on damaged data', () => {
  it('draws a truncated scan as far as its data goes, with render/jpeg-truncated', () => {
    const jpg = fixture('rstGrey');
    const whole = decoded(jpg);
    const r = decodeJpeg(jpg.subarray(0, jpg.length - 60));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.warnings.map((w) => w.code)).toEqual(['render/jpeg-truncated']);
    // The first row of blocks is complete and equal; later rows are left grey-filled or partial.
    expect(r.value.samples.subarray(0, 27 * 8)).toEqual(whole.samples.subarray(0, 27 * 8));
  });

  it('stops a progressive picture at its last complete scan with a warning', () => {
    const jpg = fixture('prog420');
    const r = decodeJpeg(jpg.subarray(0, Math.floor(jpg.length * 0.6)));
    expect(r.ok && r.warnings.map((w) => w.code)).toEqual(['render/jpeg-truncated']);
  });

  it('never throws and ends quickly on every truncation and on flipped bytes', () => {
    const started = performance.now();
    for (const name of ['b420', 'prog420', 'rstRgb', 'ycck']) {
      const jpg = fixture(name);
      for (let n = 0; n < jpg.length; n += 7) expect(() => decodeJpeg(jpg.subarray(0, n))).not.toThrow();
      for (let i = 2; i < jpg.length; i += 3) {
        const bad = patched(jpg, i, jpg[i]! ^ (1 << (i % 8)));
        const r = decodeJpeg(bad);
        if (!r.ok) expect(r.errors[0]!.code).toMatch(/^render\//);
      }
    }
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});

describe('jpegPixels', () => {
  it('lets each component\'s coefficients go once its samples are built (a large photo held both, 2 bytes a sample more)', () => {
    const component = (id: number, h: number, v: number): JpegComponent => ({
      id, h, v, tq: 0, blocksWide: h, blocksHigh: v, strideBlocks: h, rowsBlocks: v,
      coeffs: Int16Array.from({ length: h * v * 64 }, (_, i) => (i % 64 === 0 ? 80 : 0)),
      quant: new Uint16Array(64).fill(1),
    });
    const components = [component(1, 2, 2), component(2, 1, 1), component(3, 1, 1)];
    const img = jpegPixels({ width: 16, height: 16, components, maxH: 2, maxV: 2 }, 'ycc', false);
    expect(img).toMatchObject({ width: 16, height: 16, color: 'rgb' });
    // DC 80 in each: Y = Cb = Cr = 128 + 10 all over, RGB (138 + 1.402·10, 138 − 1.058·10, 138 + 1.772·10).
    expect([...img.samples.subarray(0, 3)]).toEqual([152, 127, 156]);
    expect(components.map((c) => c.coeffs.length)).toEqual([0, 0, 0]);
  });
});
