import { describe, expect, it } from 'vitest';
import * as text from './index';

describe('engine/text public surface', () => {
  it('exports exactly the documented names', () => {
    expect(Object.keys(text).sort()).toEqual([
      'DEFAULT_FAMILY', 'EAST_ASIAN_FALLBACK_FAMILY', 'EMOJI_FALLBACK_FAMILY', 'FontContext', 'FontkitNotLoaded', 'GENERIC_FAMILY', 'HANGUL_FALLBACK_FAMILY', 'SHIPPED_FACES', 'SHIPPED_FAMILIES', 'SYMBOL_FALLBACK_FAMILY',
      'alternateNames', 'applyLineRule', 'cidWidthArray', 'compactFamilyName', 'createFontContext', 'deobfuscateFont', 'fontKeyBytes', 'forgetFontkitForTests', 'glyphOutline', 'hasOriginalVerticalMetrics', 'isCombiningMark',
      'isDefaultIgnorable', 'loadFontkit', 'lowerSymbolCodes', 'mapSymbolChar', 'mapSymbolText', 'mirroredCodePoint', 'needsFontkit', 'needsFullShaping', 'readMathFont', 'requireFontkit', 'resolveBidiParagraph', 'shippedFacesOf', 'subsetFont',
      'subsetFontData', 'subsetNeedsFontkit', 'subsetTagFor', 'substituteFamily', 'symbolCodeToUnicode', 'symbolSetOf', 'toUnicodeCMap', 'visualOrder', 'wordWidthsOf',
    ]);
  });
});
