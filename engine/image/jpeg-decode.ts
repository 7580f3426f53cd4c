/**
 * JPEG → decoded 8-bit pixels (DecodedImage), for pictures whose pixels must change before they are
 * embedded (a recoloured photo, engine/image/adjust.ts); unchanged JPEGs are embedded as they are.
 * Reads the marker segments of ITU-T T.81 Annex B (SOF0/SOF1/SOF2 Huffman frames of 8-bit samples;
 * DQT, DHT, DRI, SOS, APP14 "Adobe"), decodes each scan (jpeg-scan.ts), then turns coefficients into
 * samples and colours (jpeg-pixels.ts). Arithmetic coding, lossless, hierarchical and 12-bit frames
 * are refused with `render/unsupported-jpeg`. The EXIF orientation is not applied: Word draws a
 * JPEG's pixels as stored (a rotation it makes on insertion goes into a:xfrm), as the embedded DCT
 * image is drawn. Bad input ends in a DiagnosticError (caught by runDecoder), never another throw.
 */
import type { Diagnostic, Result } from '../core';
import { abort, warning } from '../core';
import { buildHuffman, type HuffmanTable } from './jpeg-huffman';
import { decodeScan, ZIGZAG, type JpegComponent, type JpegScan } from './jpeg-scan';
import { jpegPixels, type JpegColour } from './jpeg-pixels';
import { badImage, checkDimensions, runDecoder, type DecodedImage, type ImageLimits, DEFAULT_IMAGE_LIMITS } from './types';

interface Frame {
  readonly width: number;
  readonly height: number;
  readonly progressive: boolean;
  readonly components: JpegComponent[];
  readonly maxH: number;
  readonly maxV: number;
  readonly mcusWide: number;
  readonly mcusHigh: number;
}

/** What the marker walk collects. */
interface Tables {
  readonly quant: (Uint16Array | undefined)[];
  readonly dc: (HuffmanTable | undefined)[];
  readonly ac: (HuffmanTable | undefined)[];
  restartInterval: number;
  /** APP14 "Adobe" transform flag (0 none, 1 YCbCr, 2 YCCK); undefined without the segment. */
  adobeTransform?: number;
  /** Whether a JFIF APP0 segment was seen (its samples are YCbCr, T.871). */
  jfif: boolean;
}

/** Decodes JPEG bytes to 8-bit grey or RGB samples (CMYK converted to RGB). */
export function decodeJpeg(jpg: Uint8Array, limits: ImageLimits = DEFAULT_IMAGE_LIMITS): Result<DecodedImage> {
  return runDecoder('JPEG', (warnings) => readJpeg(jpg, limits, warnings));
}

function readJpeg(d: Uint8Array, limits: ImageLimits, warnings: Diagnostic[]): DecodedImage {
  if (d.length < 4 || d[0] !== 0xff || d[1] !== 0xd8) badImage('The picture is not a JPEG file (no SOI marker).');
  const tables: Tables = { quant: [], dc: [], ac: [], restartInterval: 0, jfif: false };
  let frame: Frame | undefined;
  let scans = 0;
  let p = 2;
  let ended = false;
  const truncated = () => warnings.push(warning('render/jpeg-truncated', 'A JPEG picture\'s data ends before its last scan is complete; it is drawn as far as its data goes.'));
  while (p < d.length) {
    if (d[p] !== 0xff) {
      p++; // bytes between segments are skipped (each step consumes one)
      continue;
    }
    const marker = d[p + 1];
    if (marker === undefined) break;
    if (marker === 0xff) {
      p++; // fill byte (§B.1.1.2)
      continue;
    }
    if (marker === 0xd9) {
      ended = true; // EOI
      break;
    }
    if (marker === 0xd8 || marker === 0x01 || marker === 0x00 || (marker >= 0xd0 && marker <= 0xd7)) {
      p += 2;
      continue;
    }
    if (p + 4 > d.length) break;
    const len = (d[p + 2]! << 8) | d[p + 3]!;
    if (len < 2 || p + 2 + len > d.length) {
      if (frame && scans > 0) {
        truncated();
        ended = true;
        break;
      }
      badImage(`A JPEG marker segment (0xFF${marker.toString(16).toUpperCase()}) runs past the end of the file.`);
    }
    const seg = d.subarray(p + 4, p + 2 + len);
    p += 2 + len;
    if (marker === 0xda) {
      if (!frame) badImage('A JPEG scan comes before its frame header.');
      const scan = readScanHeader(seg, frame, tables);
      const outcome = decodeScan(d, p, scan);
      scans++;
      p = outcome.end;
      if (outcome.truncated) {
        truncated();
        ended = true;
        break;
      }
    } else if (isFrameMarker(marker)) {
      if (frame) break; // a second frame (hierarchical files) is not read
      frame = readFrame(marker, seg, d.length - p, limits);
    } else if (marker === 0xc4) readHuffmanTables(seg, tables);
    else if (marker === 0xdb) readQuantTables(seg, tables);
    else if (marker === 0xdd) tables.restartInterval = seg.length >= 2 ? (seg[0]! << 8) | seg[1]! : 0;
    else if (marker === 0xee && seg.length >= 12 && ascii(seg, 0, 5) === 'Adobe') tables.adobeTransform = seg[11]!;
    else if (marker === 0xe0 && seg.length >= 5 && ascii(seg, 0, 4) === 'JFIF') tables.jfif = true;
  }
  if (!frame) badImage('The JPEG picture has no frame header.');
  if (scans === 0) badImage('The JPEG picture has no image data (no scan).');
  // A progressive picture cut between scans ends without EOI: its later refinements are missing.
  if (!ended && frame.progressive) truncated();
  for (const c of frame.components) c.quant ??= tables.quant[c.tq] ?? badImage('A JPEG component refers to a quantization table that is not defined.');
  return jpegPixels(frame, colourTransform(frame, tables), tables.adobeTransform !== undefined);
}

function ascii(b: Uint8Array, from: number, n: number): string {
  return String.fromCharCode(...b.subarray(from, from + n));
}

/** SOFn markers: C0–CF except DHT (C4), JPG (C8) and DAC (CC). */
function isFrameMarker(m: number): boolean {
  return m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
}

function unsupported(message: string): never {
  return abort('render/unsupported-jpeg', message);
}

/** The frame header (§B.2.2): size, components and their sampling factors; coefficient stores allocated after the limits are checked. */
function readFrame(marker: number, seg: Uint8Array, dataLeft: number, limits: ImageLimits): Frame {
  if (marker >= 0xc9) unsupported('The JPEG picture uses arithmetic coding, which is not decoded here.');
  if (marker === 0xc3 || marker >= 0xc5) unsupported('The JPEG picture is lossless or hierarchical, which is not decoded here.');
  if (seg.length < 6) badImage('The JPEG frame header is cut short.');
  if (seg[0] !== 8) unsupported(`The JPEG picture has ${seg[0]}-bit samples; only 8-bit ones are decoded here.`);
  const height = (seg[1]! << 8) | seg[2]!;
  const width = (seg[3]! << 8) | seg[4]!;
  const n = seg[5]!;
  if (height === 0) unsupported('The JPEG picture gives its height in a DNL marker, which is not read here.');
  if (n !== 1 && n !== 3 && n !== 4) unsupported(`The JPEG picture has ${n} colour components; 1, 3 or 4 are decoded here.`);
  if (seg.length < 6 + 3 * n) badImage('The JPEG frame header is cut short.');
  checkDimensions('JPEG', width, height, limits);
  const specs = Array.from({ length: n }, (_, i) => ({ id: seg[6 + 3 * i]!, h: seg[7 + 3 * i]! >> 4, v: seg[7 + 3 * i]! & 15, tq: seg[8 + 3 * i]! }));
  for (const s of specs) if (s.h < 1 || s.h > 4 || s.v < 1 || s.v > 4 || s.tq > 3) badImage('A JPEG component has sampling factors or a table outside 1–4 / 0–3.');
  const maxH = Math.max(...specs.map((s) => s.h));
  const maxV = Math.max(...specs.map((s) => s.v));
  const mcusWide = Math.ceil(width / (8 * maxH));
  const mcusHigh = Math.ceil(height / (8 * maxV));
  // Every block of a scan costs at least one bit (a DC code): a few bytes cannot fill a huge frame.
  const blockPixels = 64 * Math.max(...specs.map((s) => (maxH / s.h) * (maxV / s.v)));
  const samples = specs.reduce((sum, s) => sum + mcusWide * s.h * mcusHigh * s.v * 64, 0);
  if (samples > limits.maxPixels * n * 2) unsupported(`A ${width}×${height} JPEG picture's sampling needs more memory than its size allows.`);
  if (width * height > 1 << 20 && dataLeft * 8 * blockPixels < width * height) {
    abort('render/image-too-large', `A ${width}×${height} JPEG picture holds data for a small part of its pixels; it is not drawn.`);
  }
  const components: JpegComponent[] = specs.map((s) => ({
    ...s,
    blocksWide: Math.ceil(Math.ceil((width * s.h) / maxH) / 8),
    blocksHigh: Math.ceil(Math.ceil((height * s.v) / maxV) / 8),
    strideBlocks: mcusWide * s.h,
    rowsBlocks: mcusHigh * s.v,
    coeffs: new Int16Array(mcusWide * s.h * mcusHigh * s.v * 64),
  }));
  return { width, height, progressive: marker === 0xc2, components, maxH, maxV, mcusWide, mcusHigh };
}

/** DHT (§B.2.4.2): one or more tables, each class/index, 16 counts and the values. */
function readHuffmanTables(seg: Uint8Array, t: Tables): void {
  for (let p = 0; p < seg.length;) {
    if (p + 17 > seg.length) badImage('A JPEG Huffman table is cut short.');
    const tc = seg[p]! >> 4;
    const th = seg[p]! & 15;
    const counts = seg.subarray(p + 1, p + 17);
    const total = counts.reduce((a, b) => a + b, 0);
    if (tc > 1 || th > 3 || total > 256 || p + 17 + total > seg.length) badImage('A JPEG Huffman table is malformed.');
    const table = buildHuffman(counts, seg.slice(p + 17, p + 17 + total));
    (tc === 0 ? t.dc : t.ac)[th] = table;
    p += 17 + total;
  }
}

/** DQT (§B.2.4.1): 8- or 16-bit tables in zig-zag order, stored in natural order. */
function readQuantTables(seg: Uint8Array, t: Tables): void {
  for (let p = 0; p < seg.length;) {
    const pq = seg[p]! >> 4;
    const tq = seg[p]! & 15;
    const size = pq === 0 ? 64 : 128;
    if (pq > 1 || tq > 3 || p + 1 + size > seg.length) badImage('A JPEG quantization table is malformed.');
    const q = new Uint16Array(64);
    for (let k = 0; k < 64; k++) q[ZIGZAG[k]!] = pq === 0 ? seg[p + 1 + k]! : (seg[p + 1 + 2 * k]! << 8) | seg[p + 2 + 2 * k]!;
    t.quant[tq] = q;
    p += 1 + size;
  }
}

/** The scan header (§B.2.3) checked against the frame and the tables in force. */
function readScanHeader(seg: Uint8Array, frame: Frame, t: Tables): JpegScan {
  const ns = seg[0] ?? 0;
  if (ns < 1 || ns > 4 || seg.length < 4 + 2 * ns) badImage('A JPEG scan header is malformed.');
  const components: JpegComponent[] = [];
  const dc: (HuffmanTable | undefined)[] = [];
  const ac: (HuffmanTable | undefined)[] = [];
  for (let i = 0; i < ns; i++) {
    const c = frame.components.find((x) => x.id === seg[1 + 2 * i]);
    if (!c || components.includes(c)) badImage('A JPEG scan names a component its frame does not have.');
    components.push(c);
    dc.push(t.dc[seg[2 + 2 * i]! >> 4]);
    ac.push(t.ac[seg[2 + 2 * i]! & 15]);
  }
  const ss = seg[1 + 2 * ns]!;
  const se = seg[2 + 2 * ns]!;
  const ah = seg[3 + 2 * ns]! >> 4;
  const al = seg[3 + 2 * ns]! & 15;
  const { progressive } = frame;
  if (ns > 1 && components.reduce((sum, c) => sum + c.h * c.v, 0) > 10) badImage('A JPEG scan\'s MCU has more than 10 blocks.');
  if (progressive) {
    if (ss > se || se > 63 || (ss === 0 && se !== 0) || (ss > 0 && ns !== 1) || al > 13 || ah > 13) badImage('A progressive JPEG scan has an invalid spectral band or bit position.');
    if (ss === 0 && ah === 0 && dc.some((x) => !x)) badImage('A JPEG scan uses a DC Huffman table that is not defined.');
    if (ss > 0 && ac.some((x) => !x)) badImage('A JPEG scan uses an AC Huffman table that is not defined.');
  } else if (dc.some((x) => !x) || ac.some((x) => !x)) badImage('A JPEG scan uses a Huffman table that is not defined.');
  for (const c of components) c.quant ??= t.quant[c.tq];
  return {
    components, dc, ac, ss, se, ah, al, progressive,
    restartInterval: t.restartInterval, mcusWide: frame.mcusWide, mcusHigh: frame.mcusHigh,
  };
}

/** How the samples map to colours: by the Adobe transform flag, else JFIF's YCbCr, else by component names. */
function colourTransform(frame: Frame, t: Tables): JpegColour {
  const n = frame.components.length;
  if (n === 1) return 'gray';
  if (n === 4) return t.adobeTransform === 2 ? 'ycck' : 'cmyk';
  if (t.adobeTransform !== undefined) return t.adobeTransform === 0 ? 'rgb' : 'ycc';
  if (t.jfif) return 'ycc';
  // Without JFIF or Adobe markers, components named 'R', 'G', 'B' hold RGB (libjpeg's reading of such files too).
  const ids = frame.components.map((c) => c.id);
  return ids[0] === 0x52 && ids[1] === 0x47 && ids[2] === 0x42 ? 'rgb' : 'ycc';
}
