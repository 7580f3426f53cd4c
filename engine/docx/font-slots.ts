/**
 * Which rFonts slot a character uses (§17.3.2.26): ascii for U+0000–U+007F, eastAsia for CJK and
 * related characters (and for shared punctuation when w:hint="eastAsia"), cs for complex-script
 * characters or when the run is marked w:rtl / w:cs, hAnsi otherwise.
 */

/** The four font slots of w:rFonts. */
export const Slot = { Ascii: 0, HAnsi: 1, EastAsia: 2, Cs: 3 } as const;
/** One of the four slots. */
export type Slot = (typeof Slot)[keyof typeof Slot];

/** True for code points Word draws with the complex-script font (Hebrew, Arabic, Indic, Thai...). */
export function isComplexScript(cp: number): boolean {
  return (
    (cp >= 0x0590 && cp <= 0x08ff) || // Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, Arabic Ext-A
    (cp >= 0x0900 && cp <= 0x0dff) || // Indic scripts through Sinhala
    (cp >= 0x0e00 && cp <= 0x0fff) || // Thai, Lao, Tibetan
    (cp >= 0x1000 && cp <= 0x109f) || // Myanmar
    (cp >= 0x1780 && cp <= 0x18af) || // Khmer, Mongolian
    (cp >= 0xfb1d && cp <= 0xfdff) || // Hebrew and Arabic presentation forms A
    (cp >= 0xfe70 && cp <= 0xfefe) // Arabic presentation forms B
  );
}

/** True for code points Word draws with the East Asian font regardless of the hint. */
export function isEastAsian(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x11ff) || // Hangul Jamo
    (cp >= 0x2e80 && cp <= 0x2fdf) || // CJK radicals, Kangxi
    (cp >= 0x2ff0 && cp <= 0x303f) || // ideographic description, CJK symbols and punctuation
    (cp >= 0x3040 && cp <= 0x31ff) || // Hiragana, Katakana, Bopomofo, Hangul compatibility, Kanbun
    (cp >= 0x3200 && cp <= 0x4dbf) || // enclosed CJK, compatibility, Ext A
    (cp >= 0x4e00 && cp <= 0x9fff) || // CJK unified ideographs
    (cp >= 0xa000 && cp <= 0xa4cf) || // Yi
    (cp >= 0xa960 && cp <= 0xa97f) ||
    (cp >= 0xac00 && cp <= 0xd7ff) || // Hangul syllables and Jamo Ext-B
    (cp >= 0xf900 && cp <= 0xfaff) || // CJK compatibility ideographs
    (cp >= 0xfe30 && cp <= 0xfe4f) || // CJK compatibility forms
    (cp >= 0xff00 && cp <= 0xffef) || // half/full-width forms
    (cp >= 0x20000 && cp <= 0x3ffff) // supplementary ideographic planes
  );
}

/** Characters that follow w:hint="eastAsia" (shared punctuation, symbols, Greek and Cyrillic; §17.3.2.26 table). */
function followsEastAsiaHint(cp: number): boolean {
  return (
    (cp >= 0x00a1 && cp <= 0x00bf) || cp === 0x00d7 || cp === 0x00f7 ||
    (cp >= 0x02b0 && cp <= 0x04ff) ||
    (cp >= 0x1e00 && cp <= 0x1eff) ||
    (cp >= 0x2000 && cp <= 0x2bff) ||
    (cp >= 0xe000 && cp <= 0xf8ff) // private use: follows the hint
  );
}

/** The slot of one code point, given the run's hint and whether the run is complex-script (w:rtl / w:cs). */
export function slotOf(cp: number, hint: 'default' | 'eastAsia' | 'cs' | undefined, complexRun: boolean): Slot {
  if (complexRun) return Slot.Cs;
  if (cp < 0x80) return Slot.Ascii;
  if (isComplexScript(cp)) return Slot.Cs;
  if (isEastAsian(cp)) return Slot.EastAsia;
  if (hint === 'eastAsia' && followsEastAsiaHint(cp)) return Slot.EastAsia;
  if (hint === 'cs' && followsEastAsiaHint(cp)) return Slot.Cs;
  return Slot.HAnsi;
}

const NON_LATIN = /[\u0590-\uffff]/;
const NON_ASCII = /[^\u0000-\u007f]/;
const HINTABLE = /[\u00a1-\u00bf\u00d7\u00f7\u02b0-\u04ff]/;

/**
 * Splits text into maximal pieces of one slot. Combining marks stay with their base character.
 * `hAnsiIsAscii` merges the two Latin slots when they name the same font (the common case).
 */
export function splitBySlot(
  text: string,
  hint: 'default' | 'eastAsia' | 'cs' | undefined,
  complexRun: boolean,
  hAnsiIsAscii = false,
): Array<{ readonly slot: Slot; readonly text: string }> {
  // Fast paths: a complex-script run is one piece; Latin-only text (no character from U+0590 on,
  // which is where complex and East Asian scripts and hinted punctuation begin) is one piece when
  // the two Latin slots share a font, or when it is pure ASCII.
  if (complexRun) return [{ slot: Slot.Cs, text }];
  if (!NON_ASCII.test(text)) return [{ slot: Slot.Ascii, text }];
  if (!NON_LATIN.test(text) && (hAnsiIsAscii || !NON_ASCII.test(text)) && (hint !== 'eastAsia' || !HINTABLE.test(text))) {
    return [{ slot: Slot.Ascii, text }];
  }
  const out: Array<{ slot: Slot; text: string }> = [];
  let start = 0;
  let current: Slot | -1 = -1;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const joinsPrevious: boolean = current !== -1 && (isCombining(cp) || cp === 0x200d || cp === 0xfe0f);
    let slot: Slot = joinsPrevious && current !== -1 ? current : slotOf(cp, hint, complexRun);
    if (hAnsiIsAscii && slot === Slot.HAnsi) slot = Slot.Ascii;
    if (slot !== current) {
      if (current !== -1) out.push({ slot: current, text: text.slice(start, i) });
      current = slot;
      start = i;
    }
    i += width;
  }
  if (current !== -1) out.push({ slot: current, text: text.slice(start) });
  return out;
}

function isCombining(cp: number): boolean {
  return (cp >= 0x0300 && cp <= 0x036f) || (cp >= 0x1ab0 && cp <= 0x1aff) || (cp >= 0x20d0 && cp <= 0x20ff) || (cp >= 0xfe20 && cp <= 0xfe2f);
}
