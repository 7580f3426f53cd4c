import { describe, expect, it } from 'vitest';
import { encodePng, pngChunk, assemblePng } from '../image/png';
import { makeBmp, makeGif } from '../image/test-util';
import { mayBeTransparent } from './picture-frame';

describe('mayBeTransparent', () => {
  const px = new Uint8Array([1, 2, 3, 255]);

  it('finds alpha channels, tRNS chunks and GIFs, and passes opaque PNGs and BMPs', () => {
    expect(mayBeTransparent(encodePng(1, 1, px, true))).toBe(true);
    expect(mayBeTransparent(encodePng(1, 1, px, false))).toBe(false);
    const opaque = encodePng(1, 1, px, false);
    // The same opaque PNG with a tRNS chunk put after IHDR (8-byte signature + 25-byte IHDR chunk).
    const withTrns = assemblePng([opaque.subarray(8, 33), pngChunk('tRNS', new Uint8Array([0, 0, 0, 0, 0, 0])), opaque.subarray(33)]);
    expect(mayBeTransparent(withTrns)).toBe(true);
    expect(mayBeTransparent(makeGif({ width: 1, height: 1, palette: [0, 0, 0, 255, 255, 255], indices: [0] }))).toBe(true);
    expect(mayBeTransparent(makeBmp({ width: 1, height: 1, bpp: 24, bits: [0, 0, 0, 0] }))).toBe(false);
  });

  it('stops on truncated and hostile chunk lengths', () => {
    const opaque = encodePng(1, 1, px, false);
    expect(mayBeTransparent(opaque.subarray(0, 40))).toBe(false);
    const huge = opaque.slice();
    huge.set([0xff, 0xff, 0xff, 0xff], 8); // IHDR length 4 GiB: the walk jumps past the end.
    expect(mayBeTransparent(huge)).toBe(false);
    expect(mayBeTransparent(new Uint8Array(0))).toBe(false);
  });
});
