import { describe, expect, it } from 'vitest';
import { fontkitInput, loadFontkit } from './fontkit-loader';
import { FontProgram } from './font-program';
import { shippedBytes } from './testing/shipped';

describe('fontkitInput', () => {
  it('hands fontkit the font\'s own ArrayBuffer when the bytes cover all of it (no byte-by-byte copy)', () => {
    const bytes = new Uint8Array([1, 2, 3, 4]);
    expect(fontkitInput(bytes)).toBe(bytes.buffer);
  });

  it('copies exactly the viewed range of a larger buffer', () => {
    const whole = new Uint8Array([9, 1, 2, 3, 9]);
    const view = whole.subarray(1, 4);
    const input = fontkitInput(view);
    expect(input).not.toBe(whole.buffer);
    expect([...new Uint8Array(input)]).toEqual([1, 2, 3]);
  });

  it('gives fontkit the same font either way: a font read from a view of a larger buffer', async () => {
    const fontkit = await loadFontkit();
    const bytes = shippedBytes('LiberationSans-Regular.ttf')!;
    const padded = new Uint8Array(bytes.length + 8);
    padded.set(bytes, 4);
    const view = padded.subarray(4, 4 + bytes.length);
    const gid = new FontProgram(bytes).glyphId('H'.codePointAt(0)!);
    const a = fontkit.create(bytes) as { numGlyphs: number; getGlyph(id: number): { advanceWidth: number } };
    const b = fontkit.create(view) as typeof a;
    expect(b.numGlyphs).toBe(a.numGlyphs);
    expect(b.getGlyph(gid).advanceWidth).toBe(a.getGlyph(gid).advanceWidth);
  });
});
