import { describe, expect, it } from 'vitest';
import { zlibSync } from 'fflate';
import { DiagnosticError } from '../core';
import { assemblePng, pngChunk } from '../image';
import { pdfRef, type PdfObject, type PdfStream } from '../pdf';
import type { UpdateSet } from './form-update';
import { embedImage } from './image';

/** An update set that keeps what is added (embedImage only adds objects). */
function capture(): { set: UpdateSet; added: PdfObject[] } {
  const added: PdfObject[] = [];
  const set = { add: (v: PdfObject) => (added.push(v), pdfRef(added.length)) } as unknown as UpdateSet;
  return { set, added };
}

function jpeg(w: number, h: number, comps: number, adobe = false): Uint8Array {
  const app14 = adobe ? [0xff, 0xee, 0, 14, 0x41, 0x64, 0x6f, 0x62, 0x65, 0, 100, 0, 0, 0, 0, 0] : [];
  // A fill byte before the frame marker, as T.81 §B.1.1.2 allows.
  return new Uint8Array([0xff, 0xd8, ...app14, 0xff, 0xff, 0xc0, 0, 8 + 3 * comps, 8, h >> 8, h & 255, w >> 8, w & 255, comps, ...new Array(3 * comps).fill(1), 0xff, 0xd9]);
}

/** A 2×1 8-bit PNG of one colour type, unfiltered rows, with extra chunks before IDAT. */
function png(colorType: number, samples: number[], interlace = 0, extra: Array<[string, Uint8Array]> = []): Uint8Array {
  const ihdr = new Uint8Array([0, 0, 0, 2, 0, 0, 0, 1, 8, colorType, 0, 0, interlace]);
  // Adam7 puts pixel 0 of a 2×1 image in pass 1 and pixel 1 in pass 6: two one-pixel rows.
  const per = samples.length / 2;
  const raw = interlace ? [0, ...samples.slice(0, per), 0, ...samples.slice(per)] : [0, ...samples];
  return assemblePng([pngChunk('IHDR', ihdr), ...extra.map(([t, d]) => pngChunk(t, d)), pngChunk('IDAT', zlibSync(new Uint8Array(raw))), pngChunk('IEND', new Uint8Array(0))]);
}

describe('embedImage (signature appearances)', () => {
  it('writes an RGB PNG with a tRNS key colour as a colour-key mask, and RGBA with a soft mask', () => {
    const keyed = capture();
    embedImage(keyed.set, png(2, [1, 2, 3, 4, 5, 6], 0, [['tRNS', new Uint8Array([0, 1, 0, 2, 0, 3])]]));
    const mask = (keyed.added[0] as PdfStream).dict.entries.get('Mask');
    expect(mask).toMatchObject({ items: [1, 1, 2, 2, 3, 3] });
    const rgba = capture();
    expect(embedImage(rgba.set, png(6, [255, 0, 0, 128, 0, 255, 0, 255]))).toMatchObject({ width: 2, height: 1 });
    expect(rgba.added).toHaveLength(2); // the soft mask, then the image
  });

  it('reads interlaced PNGs', () => {
    const { set, added } = capture();
    expect(embedImage(set, png(2, [1, 2, 3, 4, 5, 6], 1))).toMatchObject({ width: 2, height: 1 });
    expect((added[0] as PdfStream).dict.entries.get('BitsPerComponent')).toBe(8);
  });

  it('passes a JPEG through with its frame size and colour space', () => {
    const { set, added } = capture();
    expect(embedImage(set, jpeg(300, 20, 3))).toMatchObject({ width: 300, height: 20 });
    const dict = (added[0] as PdfStream).dict.entries;
    expect(dict.get('Width')).toBe(300);
    expect(dict.get('ColorSpace')).toMatchObject({ value: 'DeviceRGB' });
    expect(dict.has('Decode')).toBe(false);
  });

  it('inverts CMYK samples only for Adobe JPEGs', () => {
    const plain = capture();
    embedImage(plain.set, jpeg(4, 4, 4));
    expect((plain.added[0] as PdfStream).dict.entries.has('Decode')).toBe(false);
    const adobe = capture();
    embedImage(adobe.set, jpeg(4, 4, 4, true));
    expect((adobe.added[0] as PdfStream).dict.entries.has('Decode')).toBe(true);
  });

  it('rejects a JPEG without a usable frame header with sign/bad-image', () => {
    const { set } = capture();
    const err = (() => {
      try {
        embedImage(set, jpeg(0, 20, 3));
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(DiagnosticError);
    expect((err as DiagnosticError).diagnostic.code).toBe('sign/bad-image');
  });
});
