import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { SHIPPED_FACES, SHIPPED_FAMILIES, shippedFacesOf, EAST_ASIAN_FALLBACK_FAMILY, EMOJI_FALLBACK_FAMILY, HANGUL_FALLBACK_FAMILY } from './shipped-fonts';
import { loadFontProgram, FontProgram } from './font-program';
import { FONTS_DIR, shippedBytes } from './testing/shipped';

describe('shipped fonts table', () => {
  it('lists every .ttf file of fonts/ exactly once', () => {
    const files = readdirSync(FONTS_DIR).filter((f) => f.endsWith('.ttf')).sort();
    expect(SHIPPED_FACES.map((f) => f.fileName).sort()).toEqual(files);
  });

  for (const face of SHIPPED_FACES) {
    it(`${face.fileName} exists, parses and matches its declared family and style`, () => {
      const bytes = shippedBytes(face.fileName);
      expect(bytes, 'file missing').toBeDefined();
      const p = loadFontProgram(bytes!);
      expect(p).toBeInstanceOf(FontProgram);
      const prog = p as FontProgram;
      expect(prog.names.family).toBe(face.family);
      // OS/2 fsSelection: bit 0 italic, bit 5 bold (the font's own style bits agree with the table).
      expect((prog.metrics.fsSelection & 0x20) !== 0).toBe(face.bold);
      expect((prog.metrics.fsSelection & 0x01) !== 0).toBe(face.italic);
      // The CJK fallback covers Han, kana and Hangul only, the emoji face emoji (Latin comes from the other faces).
      expect(prog.glyphId(face.family === EAST_ASIAN_FALLBACK_FAMILY ? 0x4e2d : face.family === EMOJI_FALLBACK_FAMILY ? 0x1f600 : 0x41)).toBeGreaterThan(0);
    });
  }

  it('has four styles for every family but the math, the East Asian and the emoji fallback fonts', () => {
    for (const fam of SHIPPED_FAMILIES) {
      const single = fam === 'DejaVu Math TeX Gyre' || fam === EAST_ASIAN_FALLBACK_FAMILY || fam === HANGUL_FALLBACK_FAMILY || fam === EMOJI_FALLBACK_FAMILY;
      expect(shippedFacesOf(fam).length).toBe(single ? 1 : 4);
    }
    expect(shippedFacesOf('carlito').map((f) => f.fileName)).toContain('Carlito-BoldItalic.ttf');
  });
});
