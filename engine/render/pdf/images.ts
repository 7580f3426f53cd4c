/**
 * Images: the pictures a layout draws, embedded as image XObjects (§8.9.5). PNG and JPEG are
 * embedded directly; GIF, BMP and TIFF are decoded (engine/image) and embedded as Flate-compressed
 * samples with a soft mask (§11.6.5.3) when they have transparency; EMF/WMF and SVG are reported.
 */
import { PDFName, PDFNumber, PDFHexString, type PDFDocument, type PDFRef } from 'pdf-lib';
import { DiagnosticError, type DiagnosticBag } from '../../core';
import { decodeRaster, isRasterFormat, pngToPdfImage, sniffImage, type DecodedImage, type PdfImageData } from '../../image';
import type { LayoutSource } from '../../model';
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
      if (kind === 'png') out.set(i, { ref: writeImage(pdf, pngToPdfImage(img.data, inflateRaw)), name: `Im${i}` });
      else if (kind === 'jpeg') out.set(i, { ref: writeJpeg(pdf, img.data), name: `Im${i}` });
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

/** Writes a JPEG as a DCTDecode image XObject, bytes unchanged. */
function writeJpeg(pdf: PDFDocument, data: Uint8Array): PDFRef {
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
  return pdf.context.register(bytesStream(pdf.context, data, dict));
}
