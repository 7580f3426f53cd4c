import { describe, expect, it } from 'vitest';
import { lowerSymbolCodes, mapSymbolChar, mapSymbolText, symbolCodeToUnicode, SYMBOL_FALLBACK_FAMILY } from './symbol-fonts';
import { SYMBOL_TABLE, WEBDINGS_TABLE, WINGDINGS2_TABLE, WINGDINGS3_TABLE, WINGDINGS_TABLE } from './symbol-tables';
import { FontProgram } from './font-program';
import { SHIPPED_FACES } from './shipped-fonts';
import { shippedBytes } from './testing/shipped';

const text = (family: string, cp: number) => mapSymbolChar(family, cp)?.text;

describe('mapSymbolChar', () => {
  it('maps the usual bullets, boxes, checks and arrows', () => {
    expect(text('Symbol', 0xf0b7)).toBe('•');
    expect(text('Wingdings', 0xf0a7)).toBe('▪');
    expect(text('Wingdings', 0xf0d8)).toBe('➢');
    expect(text('Wingdings', 0xf0fc)).toBe('✓');
    expect(text('Wingdings', 0xf076)).toBe('❖');
    expect(text('Wingdings', 0xf06e)).toBe('■');
    expect(text('Wingdings', 0xf06c)).toBe('●');
    expect(text('Wingdings', 0xf0e0)).toBe('→');
    expect(text('Wingdings', 0xf0fe)).toBe('☑');
    expect(text('Wingdings', 0xf06f)).toBe('□');
    expect(text('Wingdings 2', 0xf050)).toBe('✓');
    expect(text('Wingdings 2', 0xf0a3)).toBe('□');
    expect(text('Wingdings 3', 0xf075)).toBe('►');
    expect(text('Webdings', 0xf061)).toBe('✔');
  });

  it('maps Symbol Greek letters and maths', () => {
    expect(text('Symbol', 0x61)).toBe('α');
    expect(text('Symbol', 0x57)).toBe('Ω');
    expect(text('symbol', 0xf0a5)).toBe('∞');
    expect(text('Symbol', 0xf0b9)).toBe('≠');
    expect(text('Symbol', 0xf0e5)).toBe('∑');
  });

  it('accepts 8-bit codes as well as U+F0xx and ignores real Unicode text', () => {
    expect(text('Wingdings', 0xa7)).toBe('▪');
    expect(mapSymbolChar('Wingdings', 0x2022)).toBeUndefined();
    expect(mapSymbolChar('Calibri', 0xf0b7)).toBeUndefined();
    expect(mapSymbolChar('Wingdings', 0xf0ff)).toBeUndefined();
    expect(mapSymbolChar('Symbol', 0xf041)?.family).toBe(SYMBOL_FALLBACK_FAMILY);
  });

  it('maps whole texts', () => {
    expect(mapSymbolText('Wingdings', 'l\uf0fc x')).toBe('●✓ ⌧');
    expect(mapSymbolText('Arial', 'l')).toBe('l');
  });

  it('gives astral results as proper surrogate pairs', () => {
    expect(text('Wingdings', 0x22 + 0x02)).toBe(String.fromCodePoint(0x1f453));
    expect(symbolCodeToUnicode('wingdings', 0x24)).toBe(0x1f453);
  });
});

describe('symbol tables', () => {
  const tables = { SYMBOL_TABLE, WINGDINGS_TABLE, WINGDINGS2_TABLE, WINGDINGS3_TABLE, WEBDINGS_TABLE };

  it('have one entry per code from 0x20', () => {
    expect(SYMBOL_TABLE).toHaveLength(224);
    expect(WINGDINGS_TABLE).toHaveLength(224);
    expect(WINGDINGS2_TABLE).toHaveLength(224);
    expect(WINGDINGS3_TABLE).toHaveLength(224);
    expect(WEBDINGS_TABLE).toHaveLength(96);
  });

  // Real characters with no shipped glyph and no sensible stand-in: hourglass, raised hand, Devanagari om.
  const noStandIn = new Set([0x231b, 0x270b, 0x0950]);

  it('map every character outside the pictograph blocks to one the shipped fonts draw', () => {
    const programs = SHIPPED_FACES.filter((f) => !f.bold && !f.italic).map((f) => new FontProgram(shippedBytes(f.fileName)!));
    const dejavu = programs.find((p) => p.names.family === 'DejaVu Sans')!;
    const missing: string[] = [];
    let inDejaVu = 0;
    let mapped = 0;
    for (const [name, t] of Object.entries(tables)) {
      for (const [i, cp] of t.entries()) {
        if (cp === 0 || cp >= 0x1f000 || noStandIn.has(cp)) continue; // pictographs: correct text, no shipped glyph
        mapped++;
        if (dejavu.glyphId(cp) !== 0) inDejaVu++;
        if (!programs.some((p) => p.glyphId(cp) !== 0)) missing.push(`${name} 0x${(i + 0x20).toString(16)} U+${cp.toString(16)}`);
      }
    }
    expect(missing).toEqual([]);
    expect(inDejaVu / mapped).toBeGreaterThan(0.9);
  });

  it('covers all of Symbol 0x20-0x7E and 0xA0-0xFE except its two unused codes', () => {
    const holes = SYMBOL_TABLE.map((cp, i) => [i + 0x20, cp] as const).filter(([c, cp]) => cp === 0 && c !== 0x7f && (c < 0x80 || c > 0x9f));
    expect(holes.map(([c]) => c)).toEqual([0xf0, 0xff]);
  });
});

describe('lowerSymbolCodes', () => {
  const none = () => false;
  it('lowers U+F020–U+F0FF codes the face lacks to their 8-bit code, in fonts outside the symbol sets', () => {
    expect(lowerSymbolCodes('C39T30Lfz', '\uF02A1621563\uF02A', none)).toBe('*1621563*');
    expect(lowerSymbolCodes('Calibri', 'a\uF020b\uF0E9', none)).toBe('a b\u00E9');
  });
  it('keeps codes the face has, codes outside the range, and the mapped symbol sets alone', () => {
    expect(lowerSymbolCodes('Private', '\uF02A', (cp) => cp === 0xf02a)).toBe('\uF02A');
    expect(lowerSymbolCodes('Calibri', '\uF01F\uF100\uE037', none)).toBe('\uF01F\uF100\uE037');
    expect(lowerSymbolCodes('Wingdings', '\uF0FF', none)).toBe('\uF0FF');
  });
});
