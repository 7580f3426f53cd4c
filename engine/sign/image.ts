/**
 * Image XObjects for signature appearances (ISO 32000-1 §8.9.5): JPEG passed through with
 * DCTDecode, PNG re-encoded with FlateDecode and, when it has alpha, a soft mask (§11.6.5.3).
 * PNG decoding follows the PNG specification (ISO/IEC 15948) §11 chunks and §9 filters.
 */
import { zlibSync } from 'fflate';
import { abort } from '../core';
import { jpegHeader, sniffImage } from '../image';
import type { PdfRef } from '../pdf';
import { applyPredictor, inflateBounded, pdfArray, pdfDict, pdfHexString, pdfName, pdfStream } from '../pdf';
import type { UpdateSet } from './form-update';

/** An image placed into an update. */
export interface EmbeddedImage {
  readonly ref: PdfRef;
  readonly width: number;
  readonly height: number;
}

/** Largest decoded image accepted (pixels × channels). */
const MAX_IMAGE_BYTES = 64 * 1024 * 1024;

/** Adds a PNG or JPEG image to the update; aborts with `sign/unsupported-image` for anything else. */
export function embedImage(set: UpdateSet, bytes: Uint8Array): EmbeddedImage {
  const kind = sniffImage(bytes);
  if (kind === 'jpeg') return embedJpeg(set, bytes);
  if (kind === 'png') return embedPng(set, bytes);
  return abort('sign/unsupported-image', 'The signature image is neither PNG nor JPEG.');
}

function embedJpeg(set: UpdateSet, b: Uint8Array): EmbeddedImage {
  const info = jpegHeader(b) ?? abort('sign/bad-image', 'The JPEG has no readable frame header.');
  const { width, height, components } = info;
  const cs = components === 1 ? 'DeviceGray' : components === 4 ? 'DeviceCMYK' : 'DeviceRGB';
  const dict = pdfDict({ Type: pdfName('XObject'), Subtype: pdfName('Image'), Width: width, Height: height, ColorSpace: pdfName(cs), BitsPerComponent: info.bitsPerComponent, Filter: pdfName('DCTDecode') });
  // Adobe CMYK JPEGs store inverted samples, as the document renderer also reads them.
  if (info.invertedCmyk) dict.entries.set('Decode', pdfArray([1, 0, 1, 0, 1, 0, 1, 0]));
  return { ref: set.add(pdfStream(dict, b)), width, height };
}

interface PngInfo {
  width: number;
  height: number;
  depth: number;
  colorType: number;
  interlace: number;
  palette?: Uint8Array;
  trns?: Uint8Array;
  idat: Uint8Array;
}

function readPng(b: Uint8Array): PngInfo {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const idat: Uint8Array[] = [];
  const info: Partial<PngInfo> = {};
  for (let p = 8; p + 12 <= b.length; ) {
    const len = view.getUint32(p);
    const type = String.fromCharCode(b[p + 4]!, b[p + 5]!, b[p + 6]!, b[p + 7]!);
    if (p + 12 + len > b.length) abort('sign/bad-image', 'A PNG chunk runs past the end of the file.');
    const data = b.subarray(p + 8, p + 8 + len);
    if (type === 'IHDR') Object.assign(info, { width: view.getUint32(p + 8), height: view.getUint32(p + 12), depth: data[8], colorType: data[9], interlace: data[12] });
    else if (type === 'PLTE') info.palette = data;
    else if (type === 'tRNS') info.trns = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    p += 12 + len;
  }
  if (!info.width || !info.height) abort('sign/bad-image', 'The PNG has no IHDR chunk.');
  let n = 0;
  for (const c of idat) n += c.length;
  const all = new Uint8Array(n);
  let o = 0;
  for (const c of idat) {
    all.set(c, o);
    o += c.length;
  }
  return { ...(info as PngInfo), idat: all };
}

function embedPng(set: UpdateSet, bytes: Uint8Array): EmbeddedImage {
  const png = readPng(bytes);
  const { width, height, depth, colorType } = png;
  if (png.interlace !== 0) abort('sign/unsupported-image', 'Interlaced PNG images are not supported for signature appearances.', { hint: 'Save the image without interlacing.' });
  if (depth !== 8 && !(colorType === 3 && depth <= 8) && !(colorType === 0 && depth <= 8)) {
    abort('sign/unsupported-image', `PNG bit depth ${depth} is not supported for signature appearances.`, { hint: 'Save the image with 8 bits per channel.' });
  }
  if (width * height * 4 > MAX_IMAGE_BYTES) abort('sign/image-too-large', 'The signature image is too large.');
  const colors = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colorType as 0 | 2 | 3 | 4 | 6];
  if (!colors) abort('sign/bad-image', `Unknown PNG colour type ${colorType}.`);
  const base = { Type: pdfName('XObject'), Subtype: pdfName('Image'), Width: width, Height: height, BitsPerComponent: depth };
  if ((colorType === 0 || colorType === 2 || colorType === 3) && !png.trns) {
    // Without alpha, the PNG data stream is already valid FlateDecode with a PNG predictor (§7.4.4.4).
    const cs = colorType === 3 ? pdfArray([pdfName('Indexed'), pdfName('DeviceRGB'), png.palette!.length / 3 - 1, pdfHexString(png.palette!)]) : pdfName(colorType === 0 ? 'DeviceGray' : 'DeviceRGB');
    const parms = pdfDict({ Predictor: 15, Colors: colors, BitsPerComponent: depth, Columns: width });
    const ref = set.add(pdfStream(pdfDict({ ...base, ColorSpace: cs, Filter: pdfName('FlateDecode'), DecodeParms: parms }), png.idat));
    return { ref, width, height };
  }
  return embedPngWithAlpha(set, png, colors);
}

function embedPngWithAlpha(set: UpdateSet, png: PngInfo, colors: number): EmbeddedImage {
  const { width, height, colorType } = png;
  if (colorType === 3 || colorType === 0 || colorType === 2) {
    if (png.depth !== 8) abort('sign/unsupported-image', 'Transparent PNGs need 8 bits per channel.');
  }
  const raw = applyPredictor(inflateBounded(png.idat, MAX_IMAGE_BYTES), pdfDict({ Predictor: 15, Colors: colors, BitsPerComponent: 8, Columns: width }));
  const rgb = new Uint8Array(width * height * 3);
  const alpha = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const [r, g, b, a] = pixel(png, raw, i, colors);
    rgb[i * 3] = r;
    rgb[i * 3 + 1] = g;
    rgb[i * 3 + 2] = b;
    alpha[i] = a;
  }
  const smask = set.add(
    pdfStream(pdfDict({ Type: pdfName('XObject'), Subtype: pdfName('Image'), Width: width, Height: height, ColorSpace: pdfName('DeviceGray'), BitsPerComponent: 8, Filter: pdfName('FlateDecode') }), zlibSync(alpha)),
  );
  const ref = set.add(
    pdfStream(
      pdfDict({ Type: pdfName('XObject'), Subtype: pdfName('Image'), Width: width, Height: height, ColorSpace: pdfName('DeviceRGB'), BitsPerComponent: 8, Filter: pdfName('FlateDecode'), SMask: smask }),
      zlibSync(rgb),
    ),
  );
  return { ref, width, height };
}

function pixel(png: PngInfo, raw: Uint8Array, i: number, colors: number): [number, number, number, number] {
  const at = i * colors;
  switch (png.colorType) {
    case 6:
      return [raw[at]!, raw[at + 1]!, raw[at + 2]!, raw[at + 3]!];
    case 4:
      return [raw[at]!, raw[at]!, raw[at]!, raw[at + 1]!];
    case 3: {
      const idx = raw[at]!;
      const pal = png.palette ?? new Uint8Array(0);
      const a = png.trns && idx < png.trns.length ? png.trns[idx]! : 255;
      return [pal[idx * 3] ?? 0, pal[idx * 3 + 1] ?? 0, pal[idx * 3 + 2] ?? 0, a];
    }
    case 2: {
      const t = png.trns;
      const key = t && t.length >= 6 ? [t[1], t[3], t[5]] : undefined;
      const transparent = key && raw[at] === key[0] && raw[at + 1] === key[1] && raw[at + 2] === key[2];
      return [raw[at]!, raw[at + 1]!, raw[at + 2]!, transparent ? 0 : 255];
    }
    default: {
      const t = png.trns;
      const transparent = t && t.length >= 2 && raw[at] === t[1];
      return [raw[at]!, raw[at]!, raw[at]!, transparent ? 0 : 255];
    }
  }
}
