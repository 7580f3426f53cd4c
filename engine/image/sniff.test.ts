import { describe, expect, it } from 'vitest';
import { imageContentType, jpegHeader, pngSize, sniffImage } from './sniff';

const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => new TextEncoder().encode(s);

describe('sniffImage', () => {
  it('tells the formats apart by their signatures', () => {
    expect(sniffImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffImage(ascii('GIF89a'))).toBe('gif');
    expect(sniffImage(ascii('BM\0\0'))).toBe('bmp');
    expect(sniffImage(bytes(0x49, 0x49, 0x2a, 0))).toBe('tiff');
    expect(sniffImage(bytes(0x4d, 0x4d, 0, 0x2a))).toBe('tiff');
    expect(sniffImage(bytes(0xd7, 0xcd, 0xc6, 0x9a))).toBe('wmf');
    const emf = new Uint8Array(44);
    emf.set([1, 0, 0, 0]);
    emf.set(ascii(' EMF'), 40);
    expect(sniffImage(emf)).toBe('emf');
  });

  it('finds SVG markup after a declaration or a comment, and only markup', () => {
    expect(sniffImage(ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
    expect(sniffImage(ascii('<?xml version="1.0"?>\n<!-- drawn by hand -->\n<svg width="1">'))).toBe('svg');
    expect(sniffImage(ascii('text that mentions <svg> later'))).toBeUndefined();
    expect(sniffImage(ascii('<svgfoo/>'))).toBeUndefined();
  });

  it('gives undefined for short or unknown bytes, and MIME types for every format', () => {
    expect(sniffImage(bytes())).toBeUndefined();
    expect(sniffImage(bytes(0xff, 0xd8))).toBeUndefined();
    expect(sniffImage(bytes(0x49, 0x49, 0x2b, 0))).toBeUndefined(); // BigTIFF is not read
    expect(imageContentType('emf')).toBe('image/x-emf');
    expect(imageContentType('svg')).toBe('image/svg+xml');
  });
});

describe('jpegHeader and pngSize', () => {
  const sof = [0xff, 0xc0, 0, 11, 8, 0, 20, 0, 30, 3];
  it('walks fill bytes and segments to the frame header', () => {
    const app0 = [0xff, 0xe0, 0, 4, 0, 0];
    expect(jpegHeader(bytes(0xff, 0xd8, ...app0, 0xff, ...sof))).toEqual({ width: 30, height: 20, components: 3, bitsPerComponent: 8, invertedCmyk: false, frame: 0xc0 });
  });

  it('gives undefined for a scan before any frame, a zero size or a truncated header', () => {
    expect(jpegHeader(bytes(0xff, 0xd8, 0xff, 0xda, 0, 2))).toBeUndefined();
    expect(jpegHeader(bytes(0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, 0, 0, 0, 30, 3))).toBeUndefined();
    expect(jpegHeader(bytes(0xff, 0xd8, 0xff, 0xc0, 0, 11, 8))).toBeUndefined();
    expect(jpegHeader(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 1))).toBeUndefined();
  });

  it('reads a PNG size only from a leading IHDR', () => {
    const png = new Uint8Array(33);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    png.set(ascii('IHDR'), 12);
    png.set([0, 0, 1, 0, 0, 0, 0, 7], 16);
    expect(pngSize(png)).toEqual({ width: 256, height: 7 });
    png.set(ascii('IDAT'), 12);
    expect(pngSize(png)).toBeUndefined();
  });
});
