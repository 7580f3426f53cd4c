import { describe, expect, it } from 'vitest';
import { DiagnosticError } from '../core';
import { dataUrl, jpegBytes, pngBytes } from '../../tests/template/helpers';
import { decodeImageDataUrl, isImageDataUrl } from './image';

function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof DiagnosticError) return `${e.diagnostic.code}: ${e.diagnostic.message}`;
    throw e;
  }
  return 'no error';
}

describe('decodeImageDataUrl', () => {
  it('decodes and measures PNG and JPEG', () => {
    const png = decodeImageDataUrl(dataUrl(pngBytes(37, 12)), 'logo');
    expect(png).toMatchObject({ ext: 'png', widthPx: 37, heightPx: 12 });
    const jpg = decodeImageDataUrl(dataUrl(jpegBytes(640, 480), 'image/jpeg'), 'photo');
    expect(jpg).toMatchObject({ ext: 'jpeg', widthPx: 640, heightPx: 480 });
    expect(decodeImageDataUrl(dataUrl(jpegBytes(3, 4), 'image/jpg'), 'x').ext).toBe('jpeg');
  });

  it('gives a clear template/bad-image error for every kind of bad image', () => {
    expect(codeOf(() => decodeImageDataUrl('data:image/gif;base64,R0lGOD', 'a'))).toMatch(/^template\/bad-image: .*'a' is not a base64 PNG or JPEG/);
    expect(codeOf(() => decodeImageDataUrl('data:image/png;base64,@@@@', 'b'))).toMatch(/^template\/bad-image: .*invalid character/);
    expect(codeOf(() => decodeImageDataUrl('data:image/png;base64,AAAAAAAA', 'c'))).toMatch(/^template\/bad-image: .*neither a PNG nor a JPEG/);
    expect(codeOf(() => decodeImageDataUrl(dataUrl(jpegBytes(2, 2), 'image/png'), 'd'))).toMatch(/declared as PNG but is JPEG/);
    expect(codeOf(() => decodeImageDataUrl(dataUrl(pngBytes(2, 2).subarray(0, 20)), 'e'))).toMatch(/damaged/);
    expect(codeOf(() => decodeImageDataUrl(dataUrl(jpegBytes(0, 5), 'image/jpeg'), 'f'))).toMatch(/damaged \(no readable size\)/); // a frame header of zero width is invalid (T.81 §B.2.2)
    expect(codeOf(() => decodeImageDataUrl(dataUrl(jpegBytes(30_000, 5), 'image/jpeg'), 'f'))).toMatch(/unusable size 30000×5 px/);
    expect(codeOf(() => decodeImageDataUrl('data:image/png;base64,' + 'A'.repeat(30 * 1024 * 1024), 'g'))).toMatch(/larger than 20 MB/);
    expect(codeOf(() => decodeImageDataUrl('data:image/png;base64,AAAAA', 'h'))).toMatch(/bad length/);
  });

  it('recognises data URLs cheaply', () => {
    expect(isImageDataUrl('data:image/png;base64,xx')).toBe(true);
    expect(isImageDataUrl('DATA:IMAGE/JPEG;base64,xx')).toBe(true);
    expect(isImageDataUrl('John Smith')).toBe(false);
  });
});
