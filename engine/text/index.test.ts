import { describe, expect, it } from 'vitest';
import * as text from './index';

describe('engine/text public surface', () => {
  it('exports exactly the documented names', () => {
    expect(Object.keys(text).sort()).toEqual([
      'DEFAULT_FAMILY', 'EAST_ASIAN_FALLBACK_FAMILY', 'FontContext', 'GENERIC_FAMILY', 'SHIPPED_FACES', 'SHIPPED_FAMILIES', 'SYMBOL_FALLBACK_FAMILY',
      'alternateNames', 'applyLineRule', 'cidWidthArray', 'compactFamilyName', 'createFontContext', 'deobfuscateFont', 'fontKeyBytes', 'hasOriginalVerticalMetrics', 'isCombiningMark',
      'isDefaultIgnorable', 'mapSymbolChar', 'mapSymbolText', 'mirroredCodePoint', 'readMathFont', 'resolveBidiParagraph', 'shippedFacesOf', 'subsetFont',
      'subsetFontData', 'subsetTagFor', 'substituteFamily', 'symbolCodeToUnicode', 'symbolSetOf', 'toUnicodeCMap', 'visualOrder', 'wordWidthsOf',
    ]);
  });
});
