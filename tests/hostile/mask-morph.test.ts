/**
 * A soft mask's growth (image/soft-mask.ts morph) in time linear in its pixels, whatever the growth.
 * Found by scripts/fuzz.ts (seed 80 docx-75, 151 glows of grouped shapes, 6 s of CPU within the mask
 * budget): each sample compared its whole window, 2|g| + 1 samples, so a 4-megapixel mask grown by
 * MAX_GROW_PX (32 px, what a renderer allows a LayoutDoc it did not lay out) took 5.4 s for what the
 * budget counts as its pixels. The van Herk / Gil-Werman filter must give exactly what the window
 * scan gave: checked against that scan, kept here as the reference.
 */
import { describe, expect, it } from 'vitest';
import { lineExtreme, morph } from '../../engine/image/soft-mask';

/** The window scan morph replaced: each sample the extreme of its 2|g| + 1 neighbours, 0 past the ends. */
function reference(src: Uint8Array, cols: number, rows: number, g: number): Uint8Array {
  const r = Math.abs(g);
  if (r === 0) return src;
  const grow = g > 0;
  const tmp = new Uint8Array(src.length);
  const out = new Uint8Array(src.length);
  const pass = (a: Uint8Array, b: Uint8Array, horizontal: boolean) => {
    const n = horizontal ? cols : rows;
    const lines = horizontal ? rows : cols;
    const step = horizontal ? 1 : cols;
    for (let l = 0; l < lines; l++) {
      const start = horizontal ? l * cols : l;
      for (let i = 0; i < n; i++) {
        let v = grow ? 0 : 255;
        for (let k = i - r; k <= i + r; k++) {
          const s = k < 0 || k >= n ? 0 : a[start + k * step]!;
          v = grow ? Math.max(v, s) : Math.min(v, s);
        }
        b[start + i * step] = v;
      }
    }
  };
  pass(src, tmp, true);
  pass(tmp, out, false);
  return out;
}

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('soft mask growth', () => {
  it('grows and shrinks exactly as the window scan did, for every growth, grid and coverage', () => {
    const next = rng(80);
    for (let c = 0; c < 400; c++) {
      const cols = 1 + Math.floor(next() * 40);
      const rows = 1 + Math.floor(next() * 40);
      const g = Math.round((next() * 2 - 1) * 45);
      const src = new Uint8Array(cols * rows);
      // Blobs of full coverage with soft edges, or noise.
      const noisy = next() < 0.3;
      for (let i = 0; i < src.length; i++) src[i] = noisy ? Math.floor(next() * 256) : next() < 0.5 ? 255 : next() < 0.5 ? 0 : Math.floor(next() * 256);
      expect(morph(src, cols, rows, g), `case ${c}: ${cols}x${rows}, g ${g}`).toEqual(reference(src, cols, rows, g));
    }
  });

  it('reads no sample outside its line buffers', () => {
    // A read past a typed array's end (pre[-1], suf[len]) gives undefined, unused here, but TurboFan's
    // code bails out at it ("out of bounds"): lineExtreme deoptimised 30 times in the dev corpus's first
    // round and ran unoptimised meanwhile.
    const strays: number[] = [];
    const watched = (a: Uint8Array) =>
      new Proxy(a, {
        get(target, key) {
          if (typeof key === 'string' && /^-?\d+$/.test(key) && (Number(key) < 0 || Number(key) >= target.length)) strays.push(Number(key));
          const v = Reflect.get(target, key, target);
          return typeof v === 'function' ? v.bind(target) : v;
        },
      });
    const n = 7;
    for (const r of [1, 2, 3]) {
      const len = n + 2 * r;
      const buf = { pad: new Uint8Array(len), pre: watched(new Uint8Array(len)), suf: watched(new Uint8Array(len)) };
      const src = Uint8Array.from({ length: n }, (_, i) => (i * 37) % 256);
      const out = new Uint8Array(n);
      lineExtreme(src, out, 0, 1, n, r, true, buf);
      expect(out).toEqual(reference(src, n, 1, r));
    }
    expect(strays).toEqual([]);
  });
});
