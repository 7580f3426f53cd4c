/**
 * The built-in last-resort font: used only when the host gives no fonts at all and the document
 * embeds none, so `resolve` can still return a face. Every character maps to a hollow-looking box
 * of half an em (printable ASCII and Latin-1 have their own glyph ids, so text extraction via the
 * ToUnicode map still works). Built once per process from code, deterministic.
 */
import { buildTrueTypeFont, type BuiltGlyph } from './font-builder';

let cached: Uint8Array | undefined;

/** The last-resort font's bytes (the same object on every call, so its parse is cached). */
export function lastResortFontBytes(): Uint8Array {
  if (!cached) {
    const glyphs: BuiltGlyph[] = [];
    for (let cp = 0x20; cp <= 0xff; cp++) {
      if (cp >= 0x7f && cp < 0xa0) continue;
      const space = cp === 0x20 || cp === 0xa0;
      glyphs.push({ codePoint: cp, advance: space ? 250 : 500, height: space ? 0 : 700 });
    }
    cached = buildTrueTypeFont({ family: 'Colophon Last Resort', glyphs });
  }
  return cached;
}

/** The family name of the last-resort font. */
export const LAST_RESORT_FAMILY = 'Colophon Last Resort';
