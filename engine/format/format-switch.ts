/**
 * General format switch `\*` of fields (§17.16.4.3): text case (Upper, Lower, FirstCap, Caps) and
 * number formats (roman, alphabetic, Arabic, ArabicDash, CardText, OrdText, Ordinal, Hex, DollarText).
 * MERGEFORMAT and CHARFORMAT concern formatting, not text, and leave the text unchanged.
 */
import { capitalizeFirst, cardinalWords, ordinalSuffix, ordinalWords } from './english-words';
import { toLetters, toRoman } from './number-format';

/** True when the switch formats numbers (so a numeric result should be formatted with `formatNumberSwitch`). */
export function isNumberSwitch(arg: string): boolean {
  return /^(roman|alphabetic|arabic|arabicdash|cardtext|ordtext|ordinal|hex|dollartext|circlenum|arabicabjad|arabicalpha)$/i.test(arg);
}

/** Formats a number by a `\*` argument; the case of `roman`/`alphabetic` picks upper or lower case. */
export function formatNumberSwitch(n: number, arg: string): string {
  const lower = arg.toLowerCase();
  const upper = arg[0] !== undefined && arg[0] === arg[0].toUpperCase();
  switch (lower) {
    case 'roman':
      return toRoman(n, upper);
    case 'alphabetic':
      return toLetters(n, upper);
    case 'arabic':
      return String(n);
    case 'arabicdash':
      return `- ${n} -`;
    case 'cardtext':
      return cardinalWords(n);
    case 'ordtext':
      return ordinalWords(n);
    case 'ordinal':
      return ordinalSuffix(n);
    case 'hex':
      return Math.trunc(n).toString(16);
    case 'dollartext': {
      const whole = Math.trunc(Math.abs(n));
      const cents = Math.round((Math.abs(n) - whole) * 100);
      return `${cardinalWords(whole)} and ${String(cents).padStart(2, '0')}/100`;
    }
    default:
      return String(n);
  }
}

/** Applies a text `\*` switch (Upper, Lower, FirstCap, Caps); other arguments return the text unchanged. */
export function applyTextSwitch(text: string, arg: string): string {
  switch (arg.toLowerCase()) {
    case 'upper':
      return text.toUpperCase();
    case 'lower':
      return text.toLowerCase();
    case 'firstcap':
      return capitalizeFirst(text);
    case 'caps':
      return text.replace(/(^|\s)(\S)/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
    default:
      return text;
  }
}
