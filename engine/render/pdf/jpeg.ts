/**
 * JPEG → PDF image XObject: the file is embedded as it is with /DCTDecode (ISO 32000-1 §7.4.8); only
 * its frame header (SOFn, read by image/sniff) gives the size and the colour components. Adobe CMYK
 * JPEGs (APP14 with transform 0 written by Photoshop) store inverted samples, so they get a /Decode array.
 */
import { abort } from '../../core';
import { jpegHeader, type JpegInfo } from '../../image';

export type { JpegInfo } from '../../image';

/** Reads a JPEG's frame header. Throws a DiagnosticError for damaged files. */
export function readJpegInfo(jpg: Uint8Array): JpegInfo {
  if (jpg.length < 4 || jpg[0] !== 0xff || jpg[1] !== 0xd8) abort('render/bad-image', 'The picture is not a JPEG file.');
  return jpegHeader(jpg) ?? abort('render/bad-image', 'The JPEG picture has no readable frame header.');
}
