/**
 * Images: the pictures a layout draws, embedded as image XObjects (§8.9.5). PNG and JPEG are
 * embedded directly (a JPEG recoloured past what /Decode and /Mask can draw is decoded and embedded
 * as Flate samples); GIF, BMP and TIFF are decoded (engine/image) and embedded as Flate-compressed
 * samples with a soft mask (§11.6.5.3) when they have transparency; EMF/WMF and SVG are reported.
 */
import { PDFName, PDFNumber, PDFHexString, type PDFDocument, type PDFRef } from 'pdf-lib';
import { DiagnosticError, unitRgb, type DiagnosticBag } from '../../core';
import { adjustSamples, decodeJpeg, decodePng, decodeRaster, isRasterFormat, JPEG_KEY_TOLERANCE, pngToPdfImage, sniffImage, type DecodedImage, type PdfImageData } from '../../image';
import type { LayoutSource, PictureAdjust } from '../../model';
import { deflateZlib, type InflateRaw } from '../../zip';
import { readJpegInfo } from './jpeg';
import { bytesStream } from './bytes-stream';


/** An embedded image: its reference and resource name. */
export interface EmbeddedImage {
  readonly ref: PDFRef;
  readonly name: string;
}

/** Embeds every image of the layout that the renderer supports. */
export function embedImages(pdf: PDFDocument, layout: Pick<LayoutSource, 'images'>, bag: DiagnosticBag, inflateRaw?: InflateRaw): Map<number, EmbeddedImage> {
  const out = new Map<number, EmbeddedImage>();
  for (let i = 0; i < layout.images.length; i++) {
    const img = layout.images[i]!;
    const kind = sniffImage(img.data) ?? 'unknown';
    try {
      if (img.adjust && kind !== 'jpeg') {
        const adjusted = adjustedImage(kind, img.data, img.adjust, bag, inflateRaw);
        if (adjusted) out.set(i, { ref: writeImage(pdf, decodedToPdfImage(adjusted)), name: `Im${i}` });
        else bag.warn('render/unsupported-image', `A recoloured ${kind.toUpperCase()} picture is not drawn yet (issue #4).`);
      } else if (kind === 'png') out.set(i, { ref: writeImage(pdf, pngToPdfImage(img.data, inflateRaw)), name: `Im${i}` });
      else if (kind === 'jpeg') {
        const decoded = img.adjust ? decodedJpeg(img.data, img.adjust, bag) : undefined;
        out.set(i, { ref: decoded ? writeImage(pdf, decodedToPdfImage(decoded)) : writeJpeg(pdf, img.data, img.adjust, bag), name: `Im${i}` });
      }
      else if (isRasterFormat(kind)) {
        const decoded = decodeRaster(kind, img.data);
        for (const w of decoded.warnings) bag.add(w);
        if (decoded.ok) out.set(i, { ref: writeImage(pdf, decodedToPdfImage(decoded.value)), name: `Im${i}` });
        else for (const e of decoded.errors) bag.add({ ...e, severity: 'warning' });
      } else if (kind === 'svg') bag.warn('render/unsupported-image', 'An SVG picture without a PNG fallback is not drawn; its frame is kept empty.', { hint: 'Insert the picture again in Word, which stores a PNG copy beside the SVG.' });
      else bag.warn('render/unsupported-image', `A ${kind.toUpperCase()} picture is not drawn yet (issue #4).`);
    } catch (e) {
      if (e instanceof DiagnosticError) {
        bag.add({ ...e.diagnostic, severity: 'warning' });
        continue;
      }
      bag.warn('render/bad-image', `A ${kind.toUpperCase()} picture could not be decoded and is not drawn (${e instanceof Error ? e.message : String(e)}).`);
    }
  }
  return out;
}

/** Converts decoded 8-bit samples to image XObject data: Flate-compressed colour, alpha as a soft mask. */
export function decodedToPdfImage(d: DecodedImage): PdfImageData {
  const colorSpace = d.color === 'indexed' ? { palette: d.palette ?? new Uint8Array(768), base: 'DeviceRGB' as const } : d.color === 'rgb' ? 'DeviceRGB' : 'DeviceGray';
  return {
    width: d.width,
    height: d.height,
    colorSpace,
    bitsPerComponent: 8,
    data: deflateZlib(d.samples),
    ...(d.alpha ? { smask: { data: deflateZlib(d.alpha), bitsPerComponent: 8 } } : {}),
  };
}

/** Writes an image XObject (and its /SMask) from PNG-derived data. */
function writeImage(pdf: PDFDocument, img: PdfImageData): PDFRef {
  const ctx = pdf.context;
  const colorSpace =
    typeof img.colorSpace === 'string'
      ? PDFName.of(img.colorSpace)
      : ctx.obj([PDFName.of('Indexed'), PDFName.of(img.colorSpace.base), PDFNumber.of(Math.max(0, img.colorSpace.palette.length / 3 - 1)), PDFHexString.of(hex(img.colorSpace.palette))]);
  const dict: Record<string, unknown> = {
    Type: 'XObject',
    Subtype: 'Image',
    Width: img.width,
    Height: img.height,
    ColorSpace: colorSpace,
    BitsPerComponent: img.bitsPerComponent,
    Filter: 'FlateDecode',
  };
  if (img.decodeParms) dict.DecodeParms = { ...img.decodeParms };
  if (img.colorKey) dict.Mask = [...img.colorKey];
  if (img.smask) {
    dict.SMask = ctx.register(
      bytesStream(ctx, img.smask.data, { Type: 'XObject', Subtype: 'Image', Width: img.width, Height: img.height, ColorSpace: 'DeviceGray', BitsPerComponent: img.smask.bitsPerComponent, Filter: 'FlateDecode' }),
    );
  }
  return ctx.register(bytesStream(ctx, img.data, dict));
}

function hex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += bytes[i]!.toString(16).padStart(2, '0');
  return s;
}

/**
 * A recoloured PNG, GIF, BMP or TIFF: decoded, its pixels changed (engine/image/adjust.ts), as
 * 8-bit RGB with a soft mask; undefined for formats without a decoder here.
 */
function adjustedImage(kind: string, data: Uint8Array, adjust: PictureAdjust, bag: DiagnosticBag, inflateRaw?: InflateRaw): DecodedImage | undefined {
  let decoded: DecodedImage;
  if (kind === 'png') decoded = decodePng(data, inflateRaw);
  else if (isRasterFormat(kind)) {
    const r = decodeRaster(kind, data);
    for (const w of r.warnings) bag.add(w);
    if (!r.ok) {
      for (const e of r.errors) bag.add({ ...e, severity: 'warning' });
      return undefined;
    }
    decoded = r.value;
  } else return undefined;
  return adjustSamples(decoded, adjust);
}

/**
 * A JPEG whose recolouring /Decode and /Mask cannot draw (grey, two-tone, black and white, a colour
 * changed to an opaque one, any change of a CMYK picture), decoded and adjusted pixel by pixel;
 * undefined when the DCT data can be embedded as it is, or when it cannot be decoded (reported).
 */
function decodedJpeg(data: Uint8Array, adjust: PictureAdjust, bag: DiagnosticBag): DecodedImage | undefined {
  const components = readJpegInfo(data).components;
  if (!needsPixels(adjust, components)) return undefined;
  const r = decodeJpeg(data);
  for (const w of r.warnings) bag.add(w);
  if (!r.ok) {
    for (const e of r.errors) bag.add({ ...e, severity: 'warning' });
    return undefined;
  }
  return adjustSamples(r.value, adjust, JPEG_KEY_TOLERANCE);
}

/**
 * A JPEG's recolouring without decoding it, so its DCT data is embedded unchanged: brightness and
 * contrast, linear in each sample, become the image's /Decode array (ISO 32000-1 §8.9.5.2; values
 * past the colour space's range are clipped to it, §8.6.3), and a colour made transparent a
 * colour-key /Mask of that colour ± a tolerance (§8.9.6.4). The rest (grey, two-tone, black and
 * white, an opaque colour change, any change of a CMYK picture) is drawn from decoded pixels
 * (decodedJpeg); it reaches here only when the picture could not be decoded, and is reported.
 */
function jpegAdjust(adjust: PictureAdjust, components: number, bag: DiagnosticBag): { decode?: number[]; mask?: number[] } {
  const out: { decode?: number[]; mask?: number[] } = {};
  if (needsPixels(adjust, components)) {
    bag.warn('render/picture-adjust', 'A JPEG picture\'s recolouring (grey, two-tone, black and white, a colour change, or any change of a CMYK picture) is not drawn: the picture could not be decoded, so it is embedded as stored.');
  }
  if (components === 4) return out;
  if (adjust.brightness || adjust.contrast) {
    // levelsMap's line v ↦ (v + h − 128)·s + 128 + h, at v = 0 and v = 255, over 255.
    const c = Math.max(-1, Math.min(1, adjust.contrast ?? 0));
    const slope = c >= 0 ? 128 / Math.max(1, 128 - 127 * c) : (128 + 127 * c) / 128;
    const half = (Math.max(-1, Math.min(1, adjust.brightness ?? 0)) * 255) / 2;
    const at = (v: number) => Math.round((((v + half - 128) * slope + 128 + half) / 255) * 10000) / 10000;
    out.decode = Array.from({ length: components }, () => [at(0), at(255)]).flat();
  }
  const change = adjust.colorChange;
  if (change && change.toOpacity === 0) {
    const n = /^[0-9A-Fa-f]{6}$/.test(change.from) ? parseInt(change.from, 16) : 0;
    const rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
    const key = components === 1 ? [Math.round((77 * rgb[0]! + 150 * rgb[1]! + 29 * rgb[2]!) / 256)] : rgb;
    out.mask = key.flatMap((v) => [Math.max(0, v - JPEG_KEY_TOLERANCE), Math.min(255, v + JPEG_KEY_TOLERANCE)]);
  }
  return out;
}

/** Writes a JPEG as a DCTDecode image XObject, bytes unchanged (its recolouring in /Decode and /Mask). */
function writeJpeg(pdf: PDFDocument, data: Uint8Array, adjust: PictureAdjust | undefined, bag: DiagnosticBag): PDFRef {
  const info = readJpegInfo(data);
  const colorSpace = info.components === 1 ? 'DeviceGray' : info.components === 3 ? 'DeviceRGB' : 'DeviceCMYK';
  const dict: Record<string, unknown> = {
    Type: 'XObject',
    Subtype: 'Image',
    Width: info.width,
    Height: info.height,
    ColorSpace: colorSpace,
    BitsPerComponent: info.bitsPerComponent,
    Filter: 'DCTDecode',
  };
  if (info.invertedCmyk) dict.Decode = [1, 0, 1, 0, 1, 0, 1, 0];
  if (adjust) {
    const { decode, mask } = jpegAdjust(adjust, info.components, bag);
    if (decode) dict.Decode = decode;
    if (mask) dict.Mask = mask;
    if (greyToned(adjust, info.components) && adjust.duotone) dict.ColorSpace = duotoneSpace(adjust.duotone);
  }
  return pdf.context.register(bytesStream(pdf.context, data, dict));
}

/** A grey JPEG is grey already, and its two-tone is its colour space (duotoneSpace): neither needs its pixels. */
function greyToned(adjust: PictureAdjust, components: number): boolean {
  return components === 1 && adjust.biLevelThreshold === undefined && !adjust.colorChange;
}

/** Whether a JPEG's recolouring can only be drawn from its decoded pixels (not by /Decode, /Mask or a colour space). */
function needsPixels(adjust: PictureAdjust, components: number): boolean {
  if (components === 4 || adjust.biLevelThreshold !== undefined || (adjust.colorChange !== undefined && adjust.colorChange.toOpacity > 0)) return true;
  return (adjust.grayscale === true || adjust.duotone !== undefined) && !greyToned(adjust, components);
}

/**
 * A grey picture's two-tone as its colour space: a Separation (ISO 32000-1 §8.6.6.4) whose tint,
 * the grey sample, goes through a Type 2 function (§7.10.3) from the dark colour at 0 to the light
 * one at 1, the line engine/image's tone map draws for a decoded picture.
 */
function duotoneSpace([dark, light]: readonly [string, string]): unknown[] {
  const rgb = (c: string) => unitRgb(c).map((v) => Math.round(v * 10000) / 10000);
  return ['Separation', 'Duotone', 'DeviceRGB', { FunctionType: 2, Domain: [0, 1], C0: rgb(dark), C1: rgb(light), N: 1 }];
}
