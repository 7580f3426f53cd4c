import { beforeAll, describe, expect, it } from 'vitest';
import { loadFontkit } from './fontkit-loader';
import { glyphOutline } from './glyph-outline';
import { FontProgram } from './font-program';
import { shippedBytes } from './testing/shipped';

beforeAll(async () => {
  await loadFontkit();
});

describe('glyphOutline', () => {
  it('reads a TrueType glyph\'s contours in font units, y up, quadratic curves kept (warped WordArt bends them)', () => {
    const bytes = shippedBytes('LiberationSans-Regular.ttf')!;
    const program = new FontProgram(bytes);
    const h = program.glyphId('H'.codePointAt(0)!);
    const o = glyphOutline(bytes, h)!;
    // H: one contour of straight lines, from the baseline to the cap height (1409 of 2048 units).
    expect(o[0]!.op).toBe('M');
    expect(o[o.length - 1]!.op).toBe('Z');
    expect(o.every((c) => c.op === 'M' || c.op === 'L' || c.op === 'Z')).toBe(true);
    const ys = o.flatMap((c) => ('y' in c ? [c.y] : []));
    expect(Math.min(...ys)).toBe(0);
    expect(Math.max(...ys)).toBe(1409);
    const oGlyph = glyphOutline(bytes, program.glyphId('o'.codePointAt(0)!))!;
    expect(oGlyph.some((c) => c.op === 'Q')).toBe(true);
    expect(glyphOutline(bytes, program.glyphId(' '.codePointAt(0)!))).toEqual([]);
  });

  it('gives undefined for glyphs the font does not have and for bytes that are no font', () => {
    const bytes = shippedBytes('LiberationSans-Regular.ttf')!;
    expect(glyphOutline(bytes, 1e9)).toBeUndefined();
    expect(glyphOutline(bytes, 1.5)).toBeUndefined();
    expect(glyphOutline(new Uint8Array([1, 2, 3, 4]), 3)).toBeUndefined();
  });
});
