/**
 * formatNumber: a counter value in an ST_NumberFormat (§17.18.59), for list labels, page numbers
 * and note marks. Unknown formats fall back to decimal (the caller may warn).
 */
import {
  cycleLetters, hebrewNumeral, ideographCounting, ideographDigital, koreanCounting, koreanDigital, LETTER_SEQUENCES, substituteDigits,
} from './east-asian';
import { capitalizeWords, cardinalWords, ordinalSuffix, ordinalWords } from './english-words';

/** Roman numerals; values above 3999 repeat M as Word does. Zero and negatives fall back to decimal. */
export function toRoman(value: number, upper = true): string {
  let n = Math.trunc(value);
  if (n <= 0) return String(value);
  const table: ReadonlyArray<[number, string]> = [
    [1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'], [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
  ];
  let s = '';
  if (n > 100_000) n = 100_000;
  for (const [v, r] of table) {
    while (n >= v) {
      s += r;
      n -= v;
    }
  }
  return upper ? s : s.toLowerCase();
}

/** Letters as Word numbers lists: 1 → A, 26 → Z, 27 → AA, 28 → BB (the letter repeated, not base 26). */
export function toLetters(value: number, upper = true): string {
  const n = Math.trunc(value);
  if (n <= 0) return String(value);
  const repeat = Math.min(Math.floor((n - 1) / 26) + 1, 1000);
  const ch = String.fromCharCode((upper ? 65 : 97) + ((n - 1) % 26));
  return ch.repeat(repeat);
}

/** Chicago manual footnote symbols: *, †, ‡, §, then doubled, tripled... */
export function toChicago(value: number): string {
  const n = Math.trunc(value);
  if (n <= 0) return String(value);
  const symbols = ['*', '\u2020', '\u2021', '\u00a7'];
  return symbols[(n - 1) % 4]!.repeat(Math.min(Math.floor((n - 1) / 4) + 1, 100));
}

type Formatter = (n: number) => string;

const FORMATS: Record<string, Formatter> = {
  decimal: (n) => String(n),
  decimalHalfWidth: (n) => String(n),
  decimalZero: (n) => (n >= 0 && n < 10 ? `0${n}` : String(n)),
  upperRoman: (n) => toRoman(n, true),
  lowerRoman: (n) => toRoman(n, false),
  upperLetter: (n) => toLetters(n, true),
  lowerLetter: (n) => toLetters(n, false),
  ordinal: ordinalSuffix,
  cardinalText: (n) => capitalizeWords(cardinalWords(n)),
  ordinalText: (n) => capitalizeWords(ordinalWords(n)),
  hex: (n) => Math.trunc(n).toString(16).toUpperCase(),
  chicago: toChicago,
  numberInDash: (n) => `- ${n} -`,
  none: () => '',
  bullet: () => '',
  decimalFullWidth: (n) => substituteDigits(n, 0xff10),
  decimalFullWidth2: (n) => substituteDigits(n, 0xff10),
  decimalEnclosedCircle: (n) => (n >= 1 && n <= 20 ? cycleLetters(n, LETTER_SEQUENCES['decimalEnclosedCircle']!) : String(n)),
  decimalEnclosedCircleChinese: (n) => (n >= 1 && n <= 20 ? cycleLetters(n, LETTER_SEQUENCES['decimalEnclosedCircle']!) : String(n)),
  decimalEnclosedFullstop: (n) => (n >= 1 && n <= 20 ? String.fromCharCode(0x2487 + n) : String(n)),
  decimalEnclosedParen: (n) => (n >= 1 && n <= 20 ? String.fromCharCode(0x2473 + n) : String(n)),
  ideographDigital,
  japaneseDigitalTenThousand: ideographDigital,
  japaneseCounting: (n) => ideographCounting(n, false),
  japaneseLegal: (n) => ideographCounting(n, false),
  chineseCounting: (n) => ideographCounting(n, true),
  chineseCountingThousand: (n) => ideographCounting(n, true),
  chineseLegalSimplified: (n) => ideographCounting(n, true),
  taiwaneseCounting: (n) => ideographCounting(n, true),
  taiwaneseCountingThousand: (n) => ideographCounting(n, true),
  taiwaneseDigital: ideographDigital,
  ideographTraditional: (n) => cycleLetters(n, [...'甲乙丙丁戊己庚辛壬癸']),
  ideographZodiac: (n) => cycleLetters(n, [...'子丑寅卯辰巳午未申酉戌亥']),
  koreanDigital,
  koreanDigital2: ideographDigital,
  koreanCounting,
  koreanLegal: koreanCounting,
  hindiNumbers: (n) => substituteDigits(n, 0x0966),
  hindiCounting: (n) => substituteDigits(n, 0x0966),
  thaiNumbers: (n) => substituteDigits(n, 0x0e50),
  thaiCounting: (n) => substituteDigits(n, 0x0e50),
  arabicAlpha: (n) => cycleLetters(n, LETTER_SEQUENCES['arabicAlpha']!),
  arabicAbjad: (n) => cycleLetters(n, LETTER_SEQUENCES['arabicAbjad']!),
  hebrew1: hebrewNumeral,
  vietnameseCounting: (n) => String(n),
};

const GREEK_LOWER = [...'αβγδεζηθικλμνξοπρστυφχψω'];

/**
 * A custom number format (w14 `w:numFmt w:val="custom" w:format="…"`, [MS-DOCX]: the w:format of CT_NumFmt): Word writes
 * the start of the sequence as a sample, `001, 002, 003, ...` or `α, β, γ, ...`, and offers only the
 * sequences it knows. Returns the formatter for the ones read here: zero-padded decimals (the
 * width of the sample's numbers) and Greek letters (the 24 of the alphabet, final sigma left out,
 * repeated past ω as Word repeats Latin letters: αα). Undefined for any other sample (decimal).
 */
export function customNumberFormat(sample: string): ((value: number) => string) | undefined {
  const items = sample.split(',').map((s) => s.trim()).filter((s) => s !== '' && s !== '...' && s !== '…');
  if (items.length < 2) return undefined;
  if (items.every((s, k) => /^\d+$/.test(s) && s.length === items[0]!.length && Number(s) === k + 1)) {
    const width = Math.min(items[0]!.length, 10);
    return (n) => (n >= 0 ? String(Math.trunc(n)).padStart(width, '0') : String(n));
  }
  for (const upper of [false, true]) {
    const letters = upper ? GREEK_LOWER.map((c) => c.toUpperCase()) : GREEK_LOWER;
    if (items.every((s, k) => s === letters[k])) {
      return (n) => {
        const i = Math.trunc(n);
        if (i < 1) return String(n);
        return letters[(i - 1) % letters.length]!.repeat(Math.min(Math.floor((i - 1) / letters.length) + 1, 1000));
      };
    }
  }
  return undefined;
}

/** True when `formatNumber` knows the format (others fall back to decimal). */
export function isKnownNumberFormat(format: string): boolean {
  return format in FORMATS || format in LETTER_SEQUENCES;
}

/**
 * How a custom format reaches `formatNumber`: this prefix and Word's sample (`custom:001, 002, 003, ...`),
 * since a list level's format is one string.
 */
export const CUSTOM_PREFIX = 'custom:';

/** Formats a counter value in an ST_NumberFormat such as `lowerRoman` or `decimalZero`, or a custom format (CUSTOM_PREFIX). */
export function formatNumber(value: number, format: string): string {
  const f = FORMATS[format];
  if (f) return f(value);
  if (format.startsWith(CUSTOM_PREFIX)) return (customNumberFormat(format.slice(CUSTOM_PREFIX.length)) ?? String)(value);
  const seq = LETTER_SEQUENCES[format];
  if (seq) return cycleLetters(value, seq);
  return String(value);
}
