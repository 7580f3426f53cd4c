import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FontProgram, loadFontProgram } from './font-program';
import { FontFormatError } from './sfnt-reader';
import { buildTrueTypeFont } from './font-builder';
import { shaperFor } from './shaper';
import { shippedBytes } from './testing/shipped';

describe('loadFontProgram', () => {
  it('caches the parse per bytes object', () => {
    const bytes = shippedBytes('DejaVuSerif.ttf')!;
    expect(loadFontProgram(bytes)).toBe(loadFontProgram(bytes));
    expect(loadFontProgram(bytes.slice())).not.toBe(loadFontProgram(bytes));
  });

  it('returns an error, never throws, for random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (b) => {
        const r = loadFontProgram(b);
        expect(r).toBeInstanceOf(FontFormatError);
      }),
      { numRuns: 300, seed: 3 },
    );
  });

  it('never throws for corrupted or truncated real fonts, and corrupted fonts that parse still shape', () => {
    const good = shippedBytes('LiberationSans-Regular.ttf')!;
    fc.assert(
      fc.property(fc.integer({ min: 12, max: good.length - 1 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: good.length }), (at, value, cut) => {
        const b = good.slice(0, Math.max(cut, 12));
        if (at < b.length) b[at] = value;
        const r = loadFontProgram(b);
        if (r instanceof FontProgram) {
          const s = shaperFor(r).shape('Wave fi', { kern: true, liga: true });
          expect(s.glyphs.length).toBeGreaterThan(0);
          expect(Number.isFinite(s.totalAdvance)).toBe(true);
        } else {
          expect(r).toBeInstanceOf(FontFormatError);
        }
      }),
      { numRuns: 60, seed: 11 },
    );
  });

  it('explains why a font is unusable', () => {
    const r = loadFontProgram(new Uint8Array([0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    expect(r).toBeInstanceOf(FontFormatError);
    expect((r as Error).message).toMatch(/missing required 'head' table/);
  });
});

describe('FontProgram', () => {
  it('reads names, metrics and glyphs of a shipped font', () => {
    const p = new FontProgram(shippedBytes('LiberationMono-Bold.ttf')!);
    expect(p.names).toEqual({ family: 'Liberation Mono', subfamily: 'Bold', postscriptName: 'LiberationMono-Bold' });
    expect(p.metrics.isFixedPitch).toBe(true);
    expect(p.advanceWidth(p.glyphId(0x69))).toBe(p.advanceWidth(p.glyphId(0x57)));
    expect(p.glyphId(0x10ffff)).toBe(0);
    expect(p.isCff).toBe(false);
  });

  it('looks up astral characters through a format 12 cmap', () => {
    const p = new FontProgram(shippedBytes('DejaVuMathTeXGyre.ttf')!);
    expect(p.glyphId(0x1d400)).toBeGreaterThan(0); // MATHEMATICAL BOLD CAPITAL A
    expect(p.glyphId(0x1d400)).toBe(p.glyphId(0x1d400));
  });

  it('measures cap height and x-height from glyphs when OS/2 lacks them', () => {
    const bytes = buildTrueTypeFont({ family: 'Boxes', glyphs: [{ codePoint: 0x48, advance: 600, height: 690 }, { codePoint: 0x78, advance: 500, height: 480 }] });
    const p = new FontProgram(bytes);
    expect(p.capHeight).toBe(700); // OS/2 v4 written by the builder (0.7 em)
    const v1 = bytes.slice();
    const os2 = p.dir.tables.get('OS/2')!;
    v1[os2.offset + 1] = 1; // pretend OS/2 version 1: no sCapHeight / sxHeight
    const q = new FontProgram(v1);
    expect(q.metrics.capHeight).toBeUndefined();
    expect(q.capHeight).toBe(690);
    expect(q.xHeight).toBe(480);
  });
});
