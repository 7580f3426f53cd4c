/**
 * Math alphabets: Word draws letters of math runs in math italic (m:sty default), and m:sty / m:scr
 * choose bold, script, fraktur, double-struck, sans-serif or monospace. These are the Mathematical
 * Alphanumeric Symbols (U+1D400-1D7FF) and the Letterlike Symbols that fill their holes.
 */
import type { MathScript } from '../../model';

/** Letterlike holes of the alphanumeric blocks: alphabet start + offset → code point. */
const HOLES: Readonly<Record<number, number>> = {
  0x1d455: 0x210e, // italic h
  0x1d49d: 0x212c, 0x1d4a0: 0x2130, 0x1d4a1: 0x2131, 0x1d4a3: 0x210b, 0x1d4a4: 0x2110, 0x1d4a7: 0x2112, 0x1d4a8: 0x2133, 0x1d4ad: 0x211b,
  0x1d4ba: 0x212f, 0x1d4bc: 0x210a, 0x1d4c4: 0x2134,
  0x1d506: 0x212d, 0x1d50b: 0x210c, 0x1d50c: 0x2111, 0x1d515: 0x211c, 0x1d51d: 0x2128,
  0x1d53a: 0x2102, 0x1d53f: 0x210d, 0x1d545: 0x2115, 0x1d547: 0x2119, 0x1d548: 0x211a, 0x1d549: 0x211d, 0x1d551: 0x2124,
};

interface Alphabet {
  readonly upper?: number;
  readonly lower?: number;
  readonly digits?: number;
  readonly greekLower?: number;
  readonly greekUpper?: number;
}

/** Alphabet starts by variant (bold, italic, bold italic of each script). */
const ALPHABETS: Readonly<Record<string, Alphabet>> = {
  'roman-b': { upper: 0x1d400, lower: 0x1d41a, digits: 0x1d7ce, greekUpper: 0x1d6a8, greekLower: 0x1d6c2 },
  'roman-i': { upper: 0x1d434, lower: 0x1d44e, greekLower: 0x1d6fc },
  'roman-bi': { upper: 0x1d468, lower: 0x1d482, greekLower: 0x1d736 },
  'script-p': { upper: 0x1d49c, lower: 0x1d4b6 },
  'script-b': { upper: 0x1d4d0, lower: 0x1d4ea },
  'fraktur-p': { upper: 0x1d504, lower: 0x1d51e },
  'fraktur-b': { upper: 0x1d56c, lower: 0x1d586 },
  'double-struck-p': { upper: 0x1d538, lower: 0x1d552, digits: 0x1d7d8 },
  'sans-serif-p': { upper: 0x1d5a0, lower: 0x1d5ba, digits: 0x1d7e2 },
  'sans-serif-b': { upper: 0x1d5d4, lower: 0x1d5ee, digits: 0x1d7ec },
  'sans-serif-i': { upper: 0x1d608, lower: 0x1d622 },
  'sans-serif-bi': { upper: 0x1d63c, lower: 0x1d656 },
  'monospace-p': { upper: 0x1d670, lower: 0x1d68a, digits: 0x1d7f6 },
};

/** Bold / italic of a variant key: 'p', 'b', 'i' or 'bi'. */
export type Weight = 'p' | 'b' | 'i' | 'bi';

/** The code point a character is drawn with in a math alphabet (itself when the alphabet has no such letter). */
export function mathChar(cp: number, scr: MathScript | undefined, weight: Weight): number {
  const script = scr ?? 'roman';
  const a = ALPHABETS[`${script}-${weight}`] ?? ALPHABETS[`${script}-${weight.includes('b') ? 'b' : 'p'}`] ?? ALPHABETS[`${script}-p`];
  if (!a) return cp;
  let mapped: number | undefined;
  if (cp >= 0x41 && cp <= 0x5a && a.upper) mapped = a.upper + cp - 0x41;
  else if (cp >= 0x61 && cp <= 0x7a && a.lower) mapped = a.lower + cp - 0x61;
  else if (cp >= 0x30 && cp <= 0x39 && a.digits) mapped = a.digits + cp - 0x30;
  else if (cp >= 0x3b1 && cp <= 0x3c9 && a.greekLower) mapped = a.greekLower + cp - 0x3b1;
  else if (cp >= 0x391 && cp <= 0x3a9 && a.greekUpper) mapped = a.greekUpper + cp - 0x391;
  if (mapped === undefined) return cp;
  return HOLES[mapped] ?? mapped;
}

/** Whether a character is a letter Word sets in math italic by default (Latin and lowercase Greek). */
export function isItalicByDefault(cp: number): boolean {
  return (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a) || (cp >= 0x3b1 && cp <= 0x3c9);
}
