/**
 * JPEG coefficients → pixels: dequantization and the inverse DCT of ITU-T T.81 §A.3.3 (separable,
 * in double precision from a constant cosine table, so every host computes the same values and
 * they lie within a step of libjpeg's accurate integer IDCT), upsampling of subsampled components
 * (the triangle filter libjpeg calls "fancy" for 2:1 factors, as Word's and most viewers' decoders
 * smooth chroma; replication otherwise), and colour conversion: JFIF YCbCr (T.871 §7), Adobe RGB,
 * CMYK and YCCK (Adobe TN 5116; Adobe's CMYK is stored inverted) to 8-bit grey or RGB.
 */
import type { JpegComponent } from './jpeg-scan';
import type { DecodedImage } from './types';

/** How the samples map to colours (T.871 YCbCr, Adobe TN 5116 RGB, CMYK and YCCK, or grey). */
export type JpegColour = 'gray' | 'ycc' | 'rgb' | 'cmyk' | 'ycck';

interface FrameShape {
  readonly width: number;
  readonly height: number;
  readonly components: readonly JpegComponent[];
  readonly maxH: number;
  readonly maxV: number;
}

/** cos(kπ/16) for k = 0…8: literals, not Math.cos, so the table is the same on every host. */
const COS16 = [1, 0.9807852804032304, 0.9238795325112867, 0.8314696123025452, 0.7071067811865476, 0.5555702330196023, 0.38268343236508984, 0.19509032201612833, 0];

/** IDCT_TABLE[x * 8 + u] = C(u)/2 · cos((2x + 1)uπ/16), C(0) = 1/√2, C(u) = 1 otherwise (§A.3.3). */
const IDCT_TABLE = (() => {
  const t = new Float64Array(64);
  for (let x = 0; x < 8; x++) {
    for (let u = 0; u < 8; u++) {
      let m = ((2 * x + 1) * u) % 32;
      let sign = 1;
      if (m > 16) m = 32 - m; // cos(2π − θ) = cos θ
      if (m > 8) {
        m = 16 - m; // cos(π − θ) = −cos θ
        sign = -1;
      }
      t[x * 8 + u] = (sign * COS16[m]! * (u === 0 ? COS16[4]! : 1)) / 2;
    }
  }
  return t;
})();

/** Turns a component's coefficients into its samples (blocksWide·8 × blocksHigh·8). */
function componentPlane(c: JpegComponent): Uint8Array {
  const w = c.blocksWide * 8;
  const plane = new Uint8Array(w * c.blocksHigh * 8);
  const q = c.quant!;
  const f = new Float64Array(64);
  const tmp = new Float64Array(64);
  const mid = new Float64Array(64);
  for (let by = 0; by < c.blocksHigh; by++) {
    for (let bx = 0; bx < c.blocksWide; bx++) {
      const at = (by * c.strideBlocks + bx) * 64;
      let acZero = true;
      for (let k = 0; k < 64; k++) {
        f[k] = c.coeffs[at + k]! * q[k]!;
        if (k > 0 && f[k] !== 0) acZero = false;
      }
      const out = (by * 8) * w + bx * 8;
      if (acZero) {
        // A flat block: every sample is DC/8 (C(0)² / 4 · 8 · … reduces to F(0,0)/8).
        const v = clampSample(f[0]! / 8);
        for (let y = 0; y < 8; y++) plane.fill(v, out + y * w, out + y * w + 8);
        continue;
      }
      idctBlock(f, tmp, mid);
      for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) plane[out + y * w + x] = clampSample(tmp[y * 8 + x]!);
    }
  }
  return plane;
}

/** Level shift (+128, §A.3.1) and rounding to 0…255. */
function clampSample(v: number): number {
  const s = Math.floor(v + 128.5);
  return s < 0 ? 0 : s > 255 ? 255 : s;
}

/** Separable 2-D IDCT of f (natural order, row v = vertical frequency) into out (row y). */
function idctBlock(f: Float64Array, out: Float64Array, mid: Float64Array): void {
  // Rows: for each vertical frequency v, the horizontal transform over u (a row of zeros, the
  // common case at high frequencies, transforms to zeros).
  for (let v = 0; v < 8; v++) {
    let any = false;
    for (let u = 0; u < 8; u++) if (f[v * 8 + u] !== 0) any = true;
    if (!any) {
      mid.fill(0, v * 8, v * 8 + 8);
      continue;
    }
    for (let x = 0; x < 8; x++) {
      let s = 0;
      for (let u = 0; u < 8; u++) s += IDCT_TABLE[x * 8 + u]! * f[v * 8 + u]!;
      mid[v * 8 + x] = s;
    }
  }
  for (let x = 0; x < 8; x++) {
    for (let y = 0; y < 8; y++) {
      let s = 0;
      for (let v = 0; v < 8; v++) s += IDCT_TABLE[y * 8 + v]! * mid[v * 8 + x]!;
      out[y * 8 + x] = s;
    }
  }
}

/** One component's samples at full resolution for output row y, into `row` (width entries). */
type RowSampler = (y: number, row: Uint8Array) => void;

function rowSampler(c: JpegComponent, f: FrameShape): RowSampler {
  const plane = componentPlane(c);
  const stride = c.blocksWide * 8;
  // The component's own size (§A.1.1): its samples past these are padding.
  const cw = Math.ceil((f.width * c.h) / f.maxH);
  const ch = Math.ceil((f.height * c.v) / f.maxV);
  const rx = f.maxH / c.h;
  const ry = f.maxV / c.v;
  const W = f.width;
  if (rx === 1 && ry === 1) return (y, row) => row.set(plane.subarray(y * stride, y * stride + W));
  if ((rx === 2 || rx === 1) && (ry === 2 || ry === 1)) {
    const col = new Int32Array(cw);
    return (y, row) => {
      // Vertical: ¾ of the nearer source row, ¼ of the next one away (times 4, or 1× when not subsampled).
      const near = ry === 2 ? y >> 1 : y;
      if (ry === 2) {
        const far = Math.max(0, Math.min(ch - 1, y & 1 ? near + 1 : near - 1));
        for (let i = 0; i < cw; i++) col[i] = 3 * plane[near * stride + i]! + plane[far * stride + i]!;
      } else for (let i = 0; i < cw; i++) col[i] = 4 * plane[near * stride + i]!;
      if (rx === 1) {
        const bias = ry === 2 ? (y & 1 ? 2 : 1) : 2;
        for (let x = 0; x < W; x++) row[x] = (col[x]! + bias) >> 2;
        return;
      }
      // Horizontal: the same ¾ / ¼ weights; libjpeg's alternating rounding biases.
      const shift = ry === 2 ? 4 : 2;
      const div = ry === 2 ? 1 : 4;
      const even = ry === 2 ? 8 : 1;
      const odd = ry === 2 ? 7 : 2;
      for (let x = 0; x < W; x++) {
        const i = x >> 1;
        const other = x & 1 ? Math.min(cw - 1, i + 1) : Math.max(0, i - 1);
        row[x] = ((3 * col[i]! + col[other]!) / div + (x & 1 ? odd : even)) >> shift;
      }
    };
  }
  // Other factors (3:1, 4:1, 4:3 …): each output sample takes the source sample it falls in.
  return (y, row) => {
    const sy = Math.min(ch - 1, Math.floor((y * c.v) / f.maxV));
    for (let x = 0; x < W; x++) row[x] = plane[sy * stride + Math.min(cw - 1, Math.floor((x * c.h) / f.maxH))]!;
  };
}

/** x·y/255 rounded, as an integer (exact for 0…255 operands). */
function mul255(a: number, b: number): number {
  const t = a * b + 128;
  return (t + (t >> 8)) >> 8;
}

/** JFIF YCbCr → RGB with 16-bit fixed-point factors (T.871 §7: 1.402, 0.344136, 0.714136, 1.772). */
function yccToRgb(y: number, cb: number, cr: number, out: Uint8Array, at: number): void {
  const b = cb - 128;
  const r = cr - 128;
  out[at] = clamp255(y + ((91881 * r + 32768) >> 16));
  out[at + 1] = clamp255(y + ((-22554 * b - 46802 * r + 32768) >> 16));
  out[at + 2] = clamp255(y + ((116130 * b + 32768) >> 16));
}

function clamp255(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}

const NO_COEFFS = new Int16Array(0);

/** Builds the output picture: grey, or RGB (CMYK and YCCK converted with the multiplicative formula). */
export function jpegPixels(f: FrameShape, colour: JpegColour, adobe: boolean): DecodedImage {
  const W = f.width;
  const n = f.components.length;
  // Each component's coefficients (2 bytes a sample) are let go once its plane is built, before the
  // next one's and the output samples are allocated.
  const samplers = f.components.map((c) => {
    const sampler = rowSampler(c, f);
    c.coeffs = NO_COEFFS;
    return sampler;
  });
  const rows = f.components.map(() => new Uint8Array(W));
  const gray = colour === 'gray';
  const samples = new Uint8Array(W * f.height * (gray ? 1 : 3));
  const rgb = new Uint8Array(3);
  for (let y = 0; y < f.height; y++) {
    for (let k = 0; k < n; k++) samplers[k]!(y, rows[k]!);
    if (gray) {
      samples.set(rows[0]!, y * W);
      continue;
    }
    const [r0, r1, r2, r3] = rows as [Uint8Array, Uint8Array, Uint8Array, Uint8Array?];
    for (let x = 0, at = y * W * 3; x < W; x++, at += 3) {
      if (colour === 'ycc') yccToRgb(r0[x]!, r1[x]!, r2[x]!, samples, at);
      else if (colour === 'rgb') {
        samples[at] = r0[x]!;
        samples[at + 1] = r1[x]!;
        samples[at + 2] = r2[x]!;
      } else {
        // CMYK: YCCK's colour part is YCbCr of the inverted C, M, Y (Adobe TN 5116).
        let c = r0[x]!;
        let m = r1[x]!;
        let yy = r2[x]!;
        if (colour === 'ycck') {
          yccToRgb(c, m, yy, rgb, 0);
          c = 255 - rgb[0]!;
          m = 255 - rgb[1]!;
          yy = 255 - rgb[2]!;
        }
        // Adobe writes inverted CMYK (255 is no ink); others store ink amounts.
        const kk = r3![x]!;
        const white = adobe ? kk : 255 - kk;
        samples[at] = mul255(adobe ? c : 255 - c, white);
        samples[at + 1] = mul255(adobe ? m : 255 - m, white);
        samples[at + 2] = mul255(adobe ? yy : 255 - yy, white);
      }
    }
  }
  return { width: W, height: f.height, color: gray ? 'gray' : 'rgb', samples };
}
