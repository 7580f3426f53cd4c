import { describe, expect, it } from 'vitest';
import { wordWidthsOf } from './word-widths';

describe('wordWidthsOf', () => {
  it('has Word\'s widths for the stand-in families, by style', () => {
    expect(wordWidthsOf('cambria', false, false)?.get(0x65)).toBe(488);
    expect(wordWidthsOf('cambria', true, false)?.get(0x65)).toBe(531);
    expect(wordWidthsOf('aptos', false, false)?.get(0x20)).toBe(203);
    expect(wordWidthsOf('aptosdisplay', false, false)?.get(0x48)).toBe(662);
    expect(wordWidthsOf('georgia', false, false)?.get(0x61)).toBe(504);
    expect(wordWidthsOf('verdana', false, false)?.get(0x20)).toBe(352);
  });

  it('adds Verdana\'s Cyrillic without overriding a width Word measured', () => {
    const verdana = wordWidthsOf('verdana', false, false)!;
    expect(verdana.get(0x442)).toBe(496); // т
    expect(verdana.get(0x416)).toBe(973); // Ж
    expect(verdana.get(0x65)).toBe(596); // e: Word's measured Latin stays
    expect(wordWidthsOf('verdana', false, true)?.get(0x442)).toBeUndefined();
  });

  it('has Tahoma\'s and Comic Sans MS\'s printable ASCII in every style, Tahoma\'s italic on its upright widths', () => {
    for (const key of ['tahoma', 'comicsansms']) {
      for (const [b, i] of [[false, false], [true, false], [false, true], [true, true]] as const) {
        expect(wordWidthsOf(key, b, i)?.size, `${key} ${b} ${i}`).toBe(95);
      }
    }
    expect(wordWidthsOf('tahoma', false, false)?.get(0x61)).toBe(520);
    expect(wordWidthsOf('tahoma', true, false)?.get(0x61)).toBe(600);
    expect(wordWidthsOf('tahoma', false, true)).toEqual(wordWidthsOf('tahoma', false, false));
    expect(wordWidthsOf('tahoma', true, true)).toEqual(wordWidthsOf('tahoma', true, false));
    expect(wordWidthsOf('comicsansms', false, false)?.get(0x20)).toBe(300);
    expect(wordWidthsOf('comicsansms', true, false)?.get(0x20)).toBe(480);
  });

  it('has nothing for families whose stand-in shares their widths', () => {
    expect(wordWidthsOf('calibri', false, false)).toBeUndefined();
    expect(wordWidthsOf('arial', false, false)).toBeUndefined();
    expect(wordWidthsOf('cambria', false, true)?.size).toBeGreaterThan(0);
  });

  it('holds plausible widths only (one per character, 100-1200 thousandths of an em: Verdana\'s Љ is 1118)', () => {
    for (const key of ['aptos', 'aptosdisplay', 'cambria', 'georgia', 'verdana', 'tahoma', 'comicsansms']) {
      for (const [b, i] of [[false, false], [true, false], [false, true], [true, true]] as const) {
        const t = wordWidthsOf(key, b, i);
        if (!t) continue;
        for (const [cp, w] of t) {
          expect(cp).toBeGreaterThanOrEqual(0x20);
          expect(w).toBeGreaterThan(100);
          expect(w).toBeLessThanOrEqual(1200);
        }
      }
    }
  });
});
