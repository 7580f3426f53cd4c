/**
 * Image XObjects for signature appearances (ISO 32000-1 §8.9.5): JPEG passed through with
 * DCTDecode, PNG as the document renderer reads it (image/png-pdf: IDAT copied through with a PNG
 * predictor, or unfiltered with its alpha as a soft mask, §11.6.5.3).
 */
import { abort, DiagnosticError } from '../core';
import { jpegHeader, pngSize, pngToPdfImage, sniffImage, type PdfImageData } from '../image';
import type { PdfObject, PdfRef } from '../pdf';
import { pdfArray, pdfDict, pdfHexString, pdfName, pdfStream } from '../pdf';
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

/** Writes PNG bytes as an image XObject (with its soft mask or colour-key mask). */
function embedPng(set: UpdateSet, bytes: Uint8Array): EmbeddedImage {
  const size = pngSize(bytes);
  if (size && size.width * size.height * 4 > MAX_IMAGE_BYTES) abort('sign/image-too-large', 'The signature image is too large.');
  let img: PdfImageData;
  try {
    img = pngToPdfImage(bytes);
  } catch (e) {
    if (e instanceof DiagnosticError) abort('sign/bad-image', e.diagnostic.message);
    throw e;
  }
  const { width, height } = img;
  const image = (colorSpace: PdfObject, bpc: number) => ({ Type: pdfName('XObject'), Subtype: pdfName('Image'), Width: width, Height: height, ColorSpace: colorSpace, BitsPerComponent: bpc, Filter: pdfName('FlateDecode') });
  const cs = img.colorSpace;
  const dict = pdfDict(image(typeof cs === 'string' ? pdfName(cs) : pdfArray([pdfName('Indexed'), pdfName(cs.base), cs.palette.length / 3 - 1, pdfHexString(cs.palette)]), img.bitsPerComponent));
  if (img.decodeParms) dict.entries.set('DecodeParms', pdfDict({ ...img.decodeParms }));
  if (img.colorKey) dict.entries.set('Mask', pdfArray([...img.colorKey]));
  if (img.smask) dict.entries.set('SMask', set.add(pdfStream(pdfDict(image(pdfName('DeviceGray'), img.smask.bitsPerComponent)), img.smask.data)));
  return { ref: set.add(pdfStream(dict, img.data)), width, height };
}
