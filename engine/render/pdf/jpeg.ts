/**
 * JPEG → PDF image XObject: the file is embedded as it is with /DCTDecode (ISO 32000-1 §7.4.8); only
 * its frame header (SOFn) is read for the size and the colour components. Adobe CMYK JPEGs (APP14
 * with transform 0 written by Photoshop) store inverted samples, so they get a /Decode array.
 */
import { abort } from '../../core';

/** Header facts of a JPEG. */
export interface JpegInfo {
  readonly width: number;
  readonly height: number;
  readonly components: 1 | 3 | 4;
  readonly bitsPerComponent: number;
  /** Adobe-inverted CMYK. */
  readonly invertedCmyk: boolean;
}

/** Reads a JPEG's frame header. Throws a DiagnosticError for damaged files. */
export function readJpegInfo(jpg: Uint8Array): JpegInfo {
  if (jpg.length < 4 || jpg[0] !== 0xff || jpg[1] !== 0xd8) abort('render/bad-image', 'The picture is not a JPEG file.');
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
    if (len < 2) break;
    if (marker === 0xee && len >= 12 && String.fromCharCode(...jpg.subarray(p + 4, p + 9)) === 'Adobe') adobe = true;
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      if (p + 10 > jpg.length) break;
      const bits = jpg[p + 4]!;
      const height = (jpg[p + 5]! << 8) | jpg[p + 6]!;
      const width = (jpg[p + 7]! << 8) | jpg[p + 8]!;
      const comps = jpg[p + 9]!;
      if (!width || !height || (comps !== 1 && comps !== 3 && comps !== 4)) break;
      return { width, height, components: comps as 1 | 3 | 4, bitsPerComponent: bits, invertedCmyk: comps === 4 && adobe };
    }
    if (marker === 0xda || marker === 0xd9) break;
    p += 2 + len;
  }
  abort('render/bad-image', 'The JPEG picture has no readable frame header.');
}
