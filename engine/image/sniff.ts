/**
 * Picture formats by their signature bytes, and the header facts of the formats embedded as they
 * are (JPEG's frame header, PNG's IHDR). One place for what the parser (media content types), the
 * renderers (which decoder), metafiles (EMF+ bitmaps) and templates (typed image values) sniff.
 * Must not: read past the input or throw.
 */

/** The picture formats the engine tells apart. */
export type ImageKind = 'png' | 'jpeg' | 'gif' | 'bmp' | 'tiff' | 'emf' | 'wmf' | 'svg';

const CONTENT_TYPES: Readonly<Record<ImageKind, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  emf: 'image/x-emf',
  wmf: 'image/x-wmf',
  svg: 'image/svg+xml',
};

/** The format of picture bytes from their signature, or undefined. */
export function sniffImage(b: Uint8Array): ImageKind | undefined {
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 4 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return 'gif';
  if (b.length >= 2 && b[0] === 0x42 && b[1] === 0x4d) return 'bmp';
  if (b.length >= 4 && ((b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a && b[3] === 0) || (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0 && b[3] === 0x2a))) return 'tiff';
  if (b.length >= 44 && b[0] === 1 && b[1] === 0 && b[2] === 0 && b[3] === 0 && b[40] === 0x20 && b[41] === 0x45 && b[42] === 0x4d && b[43] === 0x46) return 'emf';
  if (b.length >= 4 && ((b[0] === 0xd7 && b[1] === 0xcd && b[2] === 0xc6 && b[3] === 0x9a) || (b[0] === 1 && b[1] === 0 && b[2] === 9 && b[3] === 0))) return 'wmf';
  return isSvg(b) ? 'svg' : undefined;
}

/** The MIME type of a picture format. */
export function imageContentType(kind: ImageKind): string {
  return CONTENT_TYPES[kind];
}

/** Markup whose first 256 bytes open an <svg> element (after an XML declaration, doctype or comment). */
function isSvg(b: Uint8Array): boolean {
  let head = '';
  for (let i = 0; i < b.length && i < 256; i++) head += String.fromCharCode(b[i]!);
  return /^\s*</.test(head) && /<svg[\s>]/i.test(head);
}

/** Header facts of a JPEG. */
export interface JpegInfo {
  readonly width: number;
  readonly height: number;
  readonly components: 1 | 3 | 4;
  readonly bitsPerComponent: number;
  /** Adobe-inverted CMYK (APP14 "Adobe" with four components, as Photoshop writes). */
  readonly invertedCmyk: boolean;
  /** The frame's SOFn marker (0xC0 baseline, 0xC1 extended, 0xC2 progressive; 0xC3 and up lossless, hierarchical or arithmetic). */
  readonly frame: number;
}

/** Reads a JPEG's frame header (SOFn) by walking its markers; undefined for a damaged file. */
export function jpegHeader(jpg: Uint8Array): JpegInfo | undefined {
  if (jpg.length < 4 || jpg[0] !== 0xff || jpg[1] !== 0xd8) return undefined;
  let p = 2;
  let adobe = false;
  while (p + 4 <= jpg.length) {
    if (jpg[p] !== 0xff) {
      p++;
      continue;
    }
    const marker = jpg[p + 1]!;
    if (marker === 0xff) {
      p++;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      p += 2;
      continue;
    }
    const len = (jpg[p + 2]! << 8) | jpg[p + 3]!;
    if (len < 2) return undefined;
    if (marker === 0xee && len >= 12 && String.fromCharCode(...jpg.subarray(p + 4, p + 9)) === 'Adobe') adobe = true;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return frameHeader(jpg, p, adobe, marker);
    if (marker === 0xda || marker === 0xd9) return undefined;
    p += 2 + len;
  }
  return undefined;
}

function frameHeader(jpg: Uint8Array, p: number, adobe: boolean, frame: number): JpegInfo | undefined {
  if (p + 10 > jpg.length) return undefined;
  const height = (jpg[p + 5]! << 8) | jpg[p + 6]!;
  const width = (jpg[p + 7]! << 8) | jpg[p + 8]!;
  const comps = jpg[p + 9]!;
  if (!width || !height || (comps !== 1 && comps !== 3 && comps !== 4)) return undefined;
  return { width, height, components: comps, bitsPerComponent: jpg[p + 4]!, invertedCmyk: comps === 4 && adobe, frame };
}

/** A PNG's pixel size from its IHDR chunk, which must come first; undefined if it does not. */
export function pngSize(d: Uint8Array): { width: number; height: number } | undefined {
  if (d.length < 33 || u32(d, 8) !== 13 || String.fromCharCode(d[12]!, d[13]!, d[14]!, d[15]!) !== 'IHDR') return undefined;
  return { width: u32(d, 16), height: u32(d, 20) };
}

function u32(d: Uint8Array, p: number): number {
  return ((d[p]! << 24) | (d[p + 1]! << 16) | (d[p + 2]! << 8) | d[p + 3]!) >>> 0;
}

/** Resolution assumed for a picture that records none (Windows' 96 dpi, as Word assumes). */
const DEFAULT_DPI = 96;

/**
 * A raster picture's own size in points: its pixels at the resolution it records (JPEG's JFIF
 * density, PNG's pHYs, BMP's pixels per metre), else at 96 dpi; GIF at 96 dpi. Undefined for other
 * formats or a header that cannot be read.
 */
export function pictureSizePt(b: Uint8Array): { widthPt: number; heightPt: number } | undefined {
  const kind = sniffImage(b);
  let px: { width: number; height: number } | undefined;
  let dpi: [number, number] | undefined;
  if (kind === 'jpeg') {
    px = jpegHeader(b);
    dpi = jfifDensity(b);
  } else if (kind === 'png') {
    px = pngSize(b);
    dpi = pngDensity(b);
  } else if (kind === 'gif' && b.length >= 10) {
    px = { width: b[6]! | (b[7]! << 8), height: b[8]! | (b[9]! << 8) };
  } else if (kind === 'bmp' && b.length >= 46) {
    px = { width: Math.abs(i32le(b, 18)), height: Math.abs(i32le(b, 22)) };
    const [x, y] = [i32le(b, 38), i32le(b, 42)];
    if (x > 0 && y > 0) dpi = [x * 0.0254, y * 0.0254];
  }
  if (!px || !(px.width > 0) || !(px.height > 0)) return undefined;
  const [dx, dy] = dpi && dpi[0] >= 1 && dpi[1] >= 1 ? dpi : [DEFAULT_DPI, DEFAULT_DPI];
  return { widthPt: (px.width * 72) / dx, heightPt: (px.height * 72) / dy };
}

/** The JFIF APP0 segment's density in dots per inch (units 1: per inch, 2: per cm), when it gives one. */
function jfifDensity(b: Uint8Array): [number, number] | undefined {
  // APP0 (FF E0) right after SOI, identifier "JFIF\0", then version, units, Xdensity, Ydensity.
  if (b.length < 18 || b[2] !== 0xff || b[3] !== 0xe0 || String.fromCharCode(b[6]!, b[7]!, b[8]!, b[9]!) !== 'JFIF') return undefined;
  const units = b[13]!;
  const x = (b[14]! << 8) | b[15]!;
  const y = (b[16]! << 8) | b[17]!;
  if (units === 1) return [x, y];
  if (units === 2) return [x * 2.54, y * 2.54];
  return undefined;
}

/** A PNG's pHYs chunk in dots per inch (unit 1: per metre), looked for before the first IDAT. */
function pngDensity(b: Uint8Array): [number, number] | undefined {
  let p = 8;
  while (p + 12 <= b.length) {
    const len = u32(b, p);
    const type = String.fromCharCode(b[p + 4]!, b[p + 5]!, b[p + 6]!, b[p + 7]!);
    if (type === 'IDAT' || type === 'IEND') return undefined;
    if (type === 'pHYs' && len >= 9 && p + 17 <= b.length) return b[p + 16] === 1 ? [u32(b, p + 8) * 0.0254, u32(b, p + 12) * 0.0254] : undefined;
    p += 12 + len;
  }
  return undefined;
}

function i32le(d: Uint8Array, p: number): number {
  return d[p]! | (d[p + 1]! << 8) | (d[p + 2]! << 16) | (d[p + 3]! << 24);
}
