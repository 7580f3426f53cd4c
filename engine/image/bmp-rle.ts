/**
 * BI_RLE8 and BI_RLE4 decoding ([MS-WMF] §3.1.6, "Bitmap Compression"): runs, absolute runs, end of
 * line, delta and end of bitmap. Runs that overrun a row are clipped; pixels no run reaches are
 * transparent (as Windows and browsers leave them). Every step consumes input, so work is bounded.
 */

/** Indices (top-down rows), their coverage as alpha, and whether the stream was damaged or short. */
export interface RleResult {
  readonly indices: Uint8Array;
  readonly alpha: Uint8Array;
  readonly damaged: boolean;
}

/** Decodes RLE8 (bpp 8) or RLE4 (bpp 4) data of a bottom-up bitmap. */
export function decodeRle(d: Uint8Array, width: number, height: number, bpp: 4 | 8 | number): RleResult {
  const indices = new Uint8Array(width * height);
  const alpha = new Uint8Array(width * height);
  let x = 0;
  let row = 0;
  let p = 0;
  let damaged = false;
  const put = (v: number): void => {
    if (x < width && row < height) {
      const at = (height - 1 - row) * width + x;
      indices[at] = v;
      alpha[at] = 255;
    } else damaged = true;
    x++;
  };
  for (;;) {
    if (p + 2 > d.length || row >= height) {
      damaged = damaged || row < height;
      break;
    }
    const n = d[p]!;
    const v = d[p + 1]!;
    p += 2;
    if (n > 0) {
      // Encoded run: n pixels of v (RLE4 alternates its two nibbles).
      for (let i = 0; i < n; i++) {
        if (x >= width) {
          damaged = true;
          break;
        }
        put(bpp === 8 ? v : i & 1 ? v & 15 : v >> 4);
      }
      continue;
    }
    if (v === 0) {
      x = 0;
      row++;
    } else if (v === 1) break;
    else if (v === 2) {
      if (p + 2 > d.length) {
        damaged = true;
        break;
      }
      x += d[p]!;
      row += d[p + 1]!;
      p += 2;
    } else {
      // Absolute run of v pixels, padded to a 16-bit boundary.
      const bytes = bpp === 8 ? v : (v + 1) >> 1;
      if (p + bytes > d.length) damaged = true;
      for (let i = 0; i < v; i++) {
        const byte = d[p + (bpp === 8 ? i : i >> 1)];
        if (byte === undefined) break;
        if (x >= width) {
          damaged = true;
          break;
        }
        put(bpp === 8 ? byte : i & 1 ? byte & 15 : byte >> 4);
      }
      p += bytes + (bytes & 1);
    }
  }
  return { indices, alpha, damaged };
}
