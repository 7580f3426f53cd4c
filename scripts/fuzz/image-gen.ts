/**
 * Structured hostile pictures: PNG, GIF and JPEG files built field by field, with valid chunk CRCs, zlib
 * streams and LZW codes, so that a case reaches the decoders' work past those layers (PNG unfiltering,
 * the alpha split, palette alpha from tRNS, Adam7 de-interlacing; GIF frame composition and LZW tables)
 * instead of stopping at a checksum. Each field is picked from the values that break size arithmetic or
 * the format's rules: sizes of 1 and odd sizes, every colour type and bit depth (allowed or not),
 * interlaced images smaller than an Adam7 block, short, long or truncated image data, tRNS longer or
 * shorter than the palette, GIF frames past the screen or at offsets with the sign bit set, zero-size
 * frames and code streams that overflow the LZW table.
 */
import { zlibSync } from 'fflate';
import { assemblePng, pngChunk } from '../../engine/image';
import { encodeLzw } from '../../engine/image/test-util';
import type { Rng } from './rng';

const SIZES = [1, 1, 2, 3, 5, 7, 8, 9, 17, 33, 255, 1000];
const HUGE = [0, 65535, 65536, 100_000, 0x7fffffff, 0xffffffff];

/** A side of a picture: mostly small and odd, now and then hostile. */
function side(r: Rng): number {
  return r.chance(0.9) ? r.pick(SIZES) : r.pick(HUGE);
}

function bytes(r: Rng, n: number, spread = 256): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = r.int(spread);
  return out;
}

const PASSES = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;

/**
 * The filtered rows a PNG of this header needs (PNG §7.2, §8.2), each with a filter byte, or 0 when
 * too large to build: a width of 0 still needs a filter byte per row, so 0 × 2^31 is 2 GB of rows.
 */
function rawLength(w: number, h: number, colors: number, depth: number, interlace: number): number {
  const rowBytes = (x: number) => Math.ceil((x * colors * depth) / 8) + 1;
  if (w * h > 4_000_000 || h > 4_000_000) return 0;
  if (interlace !== 1) return rowBytes(w) * h;
  let n = 0;
  for (const [x0, y0, dx, dy] of PASSES) {
    const pw = Math.ceil((w - x0) / dx);
    const ph = Math.ceil((h - y0) / dy);
    if (pw > 0 && ph > 0) n += rowBytes(pw) * ph;
  }
  return n;
}

/** Fills filtered rows: random samples and filter bytes (mostly 0-4, sometimes unknown ones). */
function filteredRows(r: Rng, length: number, w: number, colors: number, depth: number): Uint8Array {
  const raw = bytes(r, length, r.chance(0.3) ? 2 : 256);
  const row = Math.ceil((w * colors * depth) / 8) + 1;
  for (let p = 0; p < raw.length; p += row) raw[p] = r.chance(0.95) ? r.int(5) : r.pick([5, 6, 255]);
  return raw;
}

/** The zlib stream of the image data: whole, cut short, with data past the image, or damaged. */
function idatStream(r: Rng, raw: Uint8Array): { stream: Uint8Array; op: string } {
  const form = r.pick(['whole', 'whole', 'whole', 'short', 'long', 'truncated', 'noTrailer', 'flipped', 'empty']);
  if (form === 'short') return { stream: zlibSync(raw.subarray(0, r.int(raw.length + 1))), op: 'idat-short' };
  if (form === 'long') return { stream: zlibSync(Uint8Array.from([...raw, ...bytes(r, 1 + r.int(4096))])), op: 'idat-long' };
  const z = zlibSync(raw, { level: r.pick([0, 1, 9] as const) });
  if (form === 'truncated') return { stream: z.subarray(0, r.int(z.length)), op: 'idat-truncated' };
  if (form === 'noTrailer') return { stream: z.subarray(0, Math.max(0, z.length - 4)), op: 'idat-no-adler' };
  if (form === 'flipped' && z.length > 2) {
    const out = z.slice();
    const at = 2 + r.int(out.length - 2);
    out[at] = out[at]! ^ (1 << r.int(8));
    return { stream: out, op: 'idat-flipped' };
  }
  if (form === 'empty') return { stream: new Uint8Array(0), op: 'idat-empty' };
  return { stream: z, op: 'idat' };
}

/** Splits a stream into IDAT chunks: one, many small ones, or with empty ones between. */
function idatChunks(r: Rng, stream: Uint8Array): Uint8Array[] {
  if (r.chance(0.6) || stream.length < 2) return [pngChunk('IDAT', stream)];
  const out: Uint8Array[] = [];
  for (let p = 0; p < stream.length;) {
    const n = 1 + r.int(r.chance(0.5) ? 16 : 4096);
    out.push(pngChunk('IDAT', stream.subarray(p, p + n)));
    if (r.chance(0.2)) out.push(pngChunk('IDAT', new Uint8Array(0)));
    p += n;
  }
  return out;
}

/** A PNG with hostile header fields, palette, transparency and image data; valid CRCs throughout. */
export function hostilePng(r: Rng): { bytes: Uint8Array; ops: string[] } {
  const colorType = r.chance(0.9) ? r.pick([0, 2, 3, 4, 6, 6, 3]) : r.pick([1, 5, 7, 255]);
  const depth = r.chance(0.9) ? r.pick([1, 2, 4, 8, 16, 8]) : r.pick([0, 3, 5, 32]);
  const interlace = r.chance(0.4) ? 1 : r.chance(0.95) ? 0 : r.pick([2, 255]);
  const w = side(r);
  const h = r.chance(0.3) ? w : side(r);
  const colors = colorType === 2 ? 3 : colorType === 6 ? 4 : colorType === 4 ? 2 : 1;
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, w >>> 0);
  v.setUint32(4, h >>> 0);
  ihdr[8] = depth;
  ihdr[9] = colorType;
  ihdr[12] = interlace;
  const ops = [`png ${w}x${h} ct${colorType} d${depth} i${interlace}`];
  const chunks: Uint8Array[] = [pngChunk('IHDR', r.chance(0.97) ? ihdr : ihdr.subarray(0, r.int(13)))];
  const paletteEntries = r.pick([0, 1, 2, 4, 16, 256, 300]);
  if (colorType === 3 || r.chance(0.2)) chunks.push(pngChunk('PLTE', bytes(r, paletteEntries * 3 + (r.chance(0.1) ? 1 : 0))));
  if (r.chance(colorType === 3 ? 0.6 : 0.3)) {
    const n = r.pick([0, 1, 2, 3, 6, paletteEntries, paletteEntries + 1, 256, 300, 1000]);
    chunks.push(pngChunk('tRNS', bytes(r, n)));
    ops.push(`trns ${n}`);
  }
  // Chunks out of order: tRNS before PLTE, PLTE after IDAT (readers take them wherever they are).
  if (r.chance(0.15)) chunks.splice(1, 0, ...chunks.splice(1).reverse());
  const length = rawLength(w, h, colors, Math.max(1, depth), interlace);
  const raw = length > 0 ? filteredRows(r, length, interlace === 1 ? Math.ceil(w / 8) : w, colors, Math.max(1, depth)) : bytes(r, r.pick([0, 1, 100, 10_000]));
  const idat = idatStream(r, raw);
  ops.push(idat.op);
  chunks.push(...idatChunks(r, idat.stream));
  if (r.chance(0.9)) chunks.push(pngChunk('IEND', new Uint8Array(0)));
  return { bytes: assemblePng(chunks), ops };
}

/** GIF helpers: little-endian fields and data sub-blocks. */
const le16 = (n: number): number[] => [n & 255, (n >> 8) & 255];

/** Appends data sub-blocks (GIF89a §15) to `out`: mostly full ones, a terminator nearly always. */
function pushSubBlocks(out: number[], d: Uint8Array, r: Rng): void {
  for (let p = 0; p < d.length;) {
    const n = Math.min(d.length - p, r.chance(0.9) ? 255 : 1 + r.int(255));
    out.push(n);
    for (let i = p; i < p + n; i++) out.push(d[i]!);
    p += n;
  }
  if (r.chance(0.95)) out.push(0);
}

/** A colour table of 2^(bits+1) entries (the size its flags declare), sometimes cut short. */
function colorTable(r: Rng, bits: number): number[] {
  const n = 3 << (bits + 1);
  return [...bytes(r, r.chance(0.9) ? n : r.int(n))];
}

/** LZW code streams: valid ones for random indices, random codes, or codes that grow the table past 4096 without a clear. */
function lzwStream(r: Rng, minCode: number, pixels: number): { data: Uint8Array; op: string } {
  const root = Math.max(2, Math.min(8, minCode));
  const form = r.pick(['valid', 'valid', 'valid', 'random', 'overflow', 'truncated']);
  if (form === 'random') return { data: bytes(r, r.pick([1, 10, 1000, 20_000])), op: 'lzw-random' };
  if (form === 'overflow') {
    // Literal codes at full width with no clear: the table fills at 4096 and later codes refer past it.
    const out: number[] = [];
    let acc = 0;
    let bits = 0;
    for (let i = 0; i < 6000; i++) {
      acc |= ((i < 5000 ? r.int(1 << root) : 4095 - r.int(8)) & 4095) << bits;
      bits += 12;
      while (bits >= 8) {
        out.push(acc & 255);
        acc >>>= 8;
        bits -= 8;
      }
    }
    return { data: Uint8Array.from(out), op: 'lzw-overflow' };
  }
  const n = Math.min(pixels, 200_000) + r.pick([0, 0, -1, 1, 1000]);
  const encoded = encodeLzw(bytes(r, Math.max(0, n), 1 << root), { rootBits: root, lsbFirst: true, earlyChange: 0, ...(r.chance(0.2) ? { clearEvery: 1 + r.int(100) } : {}) });
  if (form === 'truncated') return { data: encoded.subarray(0, r.int(encoded.length)), op: 'lzw-truncated' };
  return { data: encoded, op: 'lzw' };
}

/** A GIF whose screen, frames, palettes, transparency and LZW data are hostile; one to three frames. */
export function hostileGif(r: Rng): { bytes: Uint8Array; ops: string[] } {
  const screenW = r.chance(0.8) ? r.pick(SIZES) : r.pick([0, 65535, 32768]);
  const screenH = r.chance(0.8) ? r.pick(SIZES) : r.pick([0, 65535, 32768]);
  const globalBits = r.int(8);
  const hasGlobal = r.chance(0.7);
  const out: number[] = [...'GIF89a'].map((c) => c.charCodeAt(0));
  out.push(...le16(screenW), ...le16(screenH), (hasGlobal ? 0x80 : 0) | 0x70 | globalBits, r.int(256), 0);
  if (hasGlobal) out.push(...colorTable(r, globalBits));
  const ops = [`gif ${screenW}x${screenH}`];
  for (let f = 0, frames = 1 + r.int(3); f < frames; f++) {
    if (r.chance(0.6)) out.push(0x21, 0xf9, r.pick([4, 4, 3, 0]), r.int(2), 0, 0, r.pick([0, 1, 255, r.int(256)]), 0);
    if (r.chance(0.1)) {
      out.push(0x21, 0xfe);
      pushSubBlocks(out, bytes(r, r.int(600)), r);
    }
    // Offsets with the sign bit set (32768+) look negative to a signed reader; frames past the screen grow it.
    const left = r.chance(0.7) ? r.pick([0, 0, 1, 3]) : r.pick([32768, 65535, 65000, screenW]);
    const top = r.chance(0.7) ? r.pick([0, 0, 1, 3]) : r.pick([32768, 65535, 65000, screenH]);
    const fw = r.chance(0.8) ? r.pick([screenW, screenW, ...SIZES]) : r.pick([0, 65535, screenW + 1]);
    const fh = r.chance(0.8) ? r.pick([screenH, screenH, ...SIZES]) : r.pick([0, 65535, screenH + 1]);
    const localBits = r.int(8);
    const hasLocal = r.chance(0.3);
    out.push(0x2c, ...le16(left), ...le16(top), ...le16(fw), ...le16(fh), (hasLocal ? 0x80 : 0) | (r.chance(0.3) ? 0x40 : 0) | localBits);
    if (hasLocal) out.push(...colorTable(r, localBits));
    const minCode = r.chance(0.9) ? Math.max(2, (hasLocal ? localBits : globalBits) + 1) : r.pick([0, 1, 9, 12, 255]);
    const lzw = lzwStream(r, minCode, fw * fh);
    out.push(minCode);
    pushSubBlocks(out, lzw.data, r);
    ops.push(`frame ${left},${top} ${fw}x${fh} min${minCode} ${lzw.op}`);
  }
  if (r.chance(0.9)) out.push(0x3b);
  return { bytes: Uint8Array.from(out), ops };
}

/** JPEG helpers: a marker segment (ITU-T T.81 §B.1.1.4) with its big-endian length, sometimes a lying one. */
function jpegSegment(r: Rng, marker: number, body: readonly number[]): number[] {
  const len = r.chance(0.99) ? body.length + 2 : r.pick([0, 1, body.length + 1, body.length + 3, 0xffff]);
  return [0xff, marker, (len >> 8) & 255, len & 255, ...body];
}

/** Annex K.3's luminance DC and AC tables (code counts by length, then values), the ones most encoders write. */
const DC_COUNTS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const AC_COUNTS = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d];
const AC_VALUES = [
  0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xa1, 0x08,
  0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28,
  0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59,
  0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89,
  0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6,
  0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2,
  0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
];

/** A DHT body for class tc, index th: the standard tables, or over-full, cut or random ones. */
function huffmanTable(r: Rng, tc: number, th: number): { body: number[]; op?: string } {
  const counts = tc === 0 ? DC_COUNTS : AC_COUNTS;
  const values = tc === 0 ? [...Array(12).keys()] : AC_VALUES;
  const form = r.chance(0.96) ? 'standard' : r.pick(['overfull', 'short', 'random', 'oneCode']);
  if (form === 'overfull') return { body: [(tc << 4) | th, 3, ...counts.slice(1), ...values, 0], op: 'dht-overfull' };
  if (form === 'short') return { body: [(tc << 4) | th, ...counts, ...values].slice(0, 1 + r.int(17 + values.length)), op: 'dht-short' };
  if (form === 'random') {
    const c = Array.from({ length: 16 }, () => r.int(r.chance(0.5) ? 4 : 256));
    return { body: [(tc << 4) | th, ...c, ...bytes(r, c.reduce((a, b) => a + b, 0))], op: 'dht-random' };
  }
  if (form === 'oneCode') return { body: [(tc << 4) | th, 1, ...Array(15).fill(0), r.int(256)], op: 'dht-one-code' };
  return { body: [(tc << 4) | th, ...counts, ...values] };
}

/** Entropy-coded data appended to out: random bytes, 0xFF stuffed (§F.1.2.3), with restart markers or stray markers now and then. */
function entropyData(r: Rng, n: number, restarts: boolean, out: number[]): void {
  let rst = 0;
  for (let i = 0; i < n; i++) {
    const b = r.int(256);
    out.push(b);
    if (b === 0xff) out.push(r.chance(0.97) ? 0 : r.pick([0xd9, 0xc4, 0xff, 0xd0]));
    if (restarts && r.chance(0.02)) out.push(0xff, 0xd0 + (r.chance(0.9) ? rst++ & 7 : r.int(8)));
  }
}

/** A progressive scan script's spectral bands and bit positions (§G.1.1.1), sometimes invalid. */
function progressiveScans(r: Rng, n: number): Array<{ comps: number[]; ss: number; se: number; ah: number; al: number }> {
  const all = [...Array(n).keys()];
  const scans = [{ comps: all, ss: 0, se: 0, ah: 0, al: 1 }];
  for (const c of all) scans.push({ comps: [c], ss: 1, se: 5, ah: 0, al: 2 }, { comps: [c], ss: 6, se: 63, ah: 0, al: 2 });
  scans.push({ comps: all, ss: 0, se: 0, ah: 1, al: 0 });
  for (const c of all) scans.push({ comps: [c], ss: 1, se: 63, ah: 2, al: 1 }, { comps: [c], ss: 1, se: 63, ah: 1, al: 0 });
  const picked = r.chance(0.7) ? scans : scans.filter(() => r.chance(0.5));
  if (r.chance(0.15)) picked.push({ comps: r.chance(0.5) ? all : [r.int(n + 2)], ss: r.int(70), se: r.int(70), ah: r.int(16), al: r.int(16) });
  return picked;
}

/**
 * A JPEG built segment by segment: JFIF or Adobe markers (every transform flag), quantization tables
 * of 8 or 16 bits, a frame of every kind (baseline, extended, progressive; lossless, hierarchical and
 * arithmetic ones refused), 1 to 4 components (and counts the decoder refuses) with sampling factors
 * 1–4 or invalid ones, hostile sizes, standard or broken Huffman tables, restart intervals, scans of
 * random entropy data (stuffed, with RSTn and stray markers) that are short, long or cut.
 */
export function hostileJpeg(r: Rng): { bytes: Uint8Array; ops: string[] } {
  const frame = r.chance(0.9) ? r.pick([0xc0, 0xc0, 0xc1, 0xc2, 0xc2]) : r.pick([0xc3, 0xc5, 0xc9, 0xca, 0xcd, 0xcf]);
  const n = r.chance(0.93) ? r.pick([1, 3, 3, 4]) : r.pick([0, 2, 5, 255]);
  const w = side(r);
  const h = r.chance(0.03) ? 0 : r.chance(0.3) ? w : side(r);
  const precision = r.chance(0.95) ? 8 : r.pick([12, 16, 0]);
  const ops = [`jpeg sof${(frame - 0xc0).toString(16)} ${w & 0xffff}x${h & 0xffff} n${n} p${precision}`];
  const out: number[] = [0xff, 0xd8];
  if (r.chance(0.5)) out.push(...jpegSegment(r, 0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]));
  if (r.chance(0.3)) out.push(...jpegSegment(r, 0xee, [0x41, 0x64, 0x6f, 0x62, 0x65, 0, 100, 0, 0, 0, 0, r.pick([0, 1, 2, 7])]));
  for (let t = 0; t < 2; t++) {
    const pq = r.chance(0.9) ? 0 : 1;
    if (r.chance(0.95)) out.push(...jpegSegment(r, 0xdb, [(pq << 4) | t, ...bytes(r, pq ? 128 : 64, r.chance(0.8) ? 40 : 256).map((v) => (r.chance(0.02) ? 0 : v))]));
  }
  const factors = Array.from({ length: Math.min(n, 8) }, (_, i) => (r.chance(0.95) ? (i === 0 ? r.pick([0x11, 0x22, 0x21, 0x12, 0x41, 0x44, 0x31, 0x13]) : 0x11) : r.pick([0x00, 0x05, 0x50, 0xff, 0x24])));
  const sof = [precision, (h >> 8) & 255, h & 255, (w >> 8) & 255, w & 255, n];
  for (let i = 0; i < Math.min(n, 8); i++) sof.push(i + 1, factors[i]!, r.chance(0.95) ? (i === 0 ? 0 : 1) : r.int(8));
  ops.push(`factors ${factors.map((f) => f.toString(16)).join(',')}`);
  const tables = () => {
    for (const [tc, th] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
      const t = huffmanTable(r, tc, th);
      if (t.op) ops.push(t.op);
      if (r.chance(0.97)) out.push(...jpegSegment(r, 0xc4, t.body));
    }
  };
  if (r.chance(0.9)) tables();
  const dri = r.chance(0.3) ? r.pick([0, 1, 2, 5, 255, 65535]) : -1;
  if (dri >= 0) out.push(...jpegSegment(r, 0xdd, [dri >> 8, dri & 255]));
  if (r.chance(0.97)) out.push(...jpegSegment(r, frame, sof));
  if (r.chance(0.1)) tables();
  const scans = frame === 0xc2 ? progressiveScans(r, Math.max(1, Math.min(n, 4))) : [{ comps: [...Array(Math.max(1, Math.min(n, 4))).keys()], ss: 0, se: 63, ah: 0, al: 0 }];
  const pixels = Math.min(w * Math.max(h, 1), 4_000_000);
  for (const s of scans) {
    const head = [s.comps.length];
    for (const c of s.comps) head.push(c + 1, c === 0 ? 0x00 : r.chance(0.95) ? 0x11 : r.pick([0x22, 0x44, 0xff]));
    head.push(s.ss, s.se, (s.ah << 4) | s.al);
    out.push(...jpegSegment(r, 0xda, head));
    // Around a bit per sample: short, about right or long for the picture, or nothing at all.
    const size = r.pick([0, 1, 16, 300, Math.ceil(pixels / 16), Math.ceil(pixels / 2), 20_000]);
    entropyData(r, Math.min(size, 300_000), dri > 0, out);
  }
  ops.push(`scans ${scans.length} dri ${dri}`);
  if (r.chance(0.85)) out.push(0xff, 0xd9);
  const all = Uint8Array.from(out);
  return { bytes: r.chance(0.1) ? all.subarray(0, r.int(all.length)) : all, ops };
}

let big: Uint8Array | undefined;

/**
 * The campaign's large picture (recoloured snippets' BIG_IMG): 2,500 × 2,500 RGBA in bands of a few
 * colours, red among them (the snippets' colour changes key it out), some translucent. It compresses
 * to a few kilobytes, but each recoloured use decodes all its 6.25 million pixels.
 */
export function bigPng(): Uint8Array {
  if (big) return big;
  const w = 2500;
  const h = 2500;
  const row = w * 4 + 1;
  const raw = new Uint8Array(row * h);
  const colors = [[255, 0, 0, 255], [0, 0, 0, 255], [255, 255, 255, 128], [68, 114, 196, 255]] as const;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) raw.set(colors[((x >> 6) + (y >> 5)) & 3]!, y * row + 1 + x * 4);
  }
  const ihdr = new Uint8Array(13);
  const dv = new DataView(ihdr.buffer);
  dv.setUint32(0, w);
  dv.setUint32(4, h);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return (big = assemblePng([pngChunk('IHDR', ihdr), pngChunk('IDAT', zlibSync(raw, { level: 9 })), pngChunk('IEND', new Uint8Array(0))]));
}
