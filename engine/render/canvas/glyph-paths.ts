/**
 * Glyph outlines for the canvas renderer, read with fontkit from the font programs the LayoutDoc
 * carries (TrueType `glyf` quadratic outlines, ISO/IEC 14496-22 §5.3.4; CFF cubic outlines, §5.4),
 * in font units with y up, turned into one path object per glyph and cached.
 */
import { requireFontkit } from '../../text';
import type { GlyphPathCache, PathHandle } from './types';

interface FkPath {
  toSVG(): string;
}

interface FkFont {
  readonly unitsPerEm: number;
  readonly numGlyphs: number;
  getGlyph(id: number): { readonly path: FkPath };
}

/** Makes the glyph path cache of one font program; unreadable fonts give a cache that draws nothing. */
export function createGlyphPaths(data: Uint8Array, unitsPerEm: number, createPath: (d: string) => PathHandle): GlyphPathCache {
  // renderCanvas loads fontkit before it draws; asking here keeps an unloaded fontkit from passing as an unreadable font.
  const fontkit = requireFontkit();
  let font: FkFont | undefined;
  try {
    font = fontkit.create(data) as FkFont;
  } catch {
    font = undefined;
  }
  const paths = new Map<number, PathHandle | undefined>();
  const outlines = new Map<number, string>();
  const failures = new Set<number>();
  return {
    unitsPerEm: font?.unitsPerEm || unitsPerEm || 1000,
    failures,
    path(glyphId: number): PathHandle | undefined {
      if (paths.has(glyphId)) return paths.get(glyphId);
      let made: PathHandle | undefined;
      if (!font || !Number.isInteger(glyphId) || glyphId < 0 || glyphId >= font.numGlyphs) {
        failures.add(glyphId);
      } else {
        try {
          const d = font.getGlyph(glyphId).path.toSVG();
          made = d === '' ? undefined : createPath(d);
          if (made) outlines.set(glyphId, d);
        } catch {
          failures.add(glyphId);
        }
      }
      paths.set(glyphId, made);
      return made;
    },
    outline(glyphId: number): string | undefined {
      return outlines.get(glyphId);
    },
  };
}
