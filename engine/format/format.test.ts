import { describe, expect, it } from 'vitest';
import {
  applyTextSwitch, cardinalWords, formatDatePicture, formatNumber, formatNumberSwitch, formatNumericPicture, ordinalSuffix, ordinalWords,
  parseIsoDateParts, datePartsFromDate, toLetters, toRoman, ideographCounting, hebrewNumeral, CUSTOM_PREFIX, customNumberFormat,
} from './index';

describe('custom number formats (w14 numFmt custom)', () => {
  it('reads zero-padded decimals and Greek letters from Word\'s sample, and nothing else', () => {
    expect([1, 12, 1234].map((n) => formatNumber(n, CUSTOM_PREFIX + '001, 002, 003, ...'))).toEqual(['001', '012', '1234']);
    expect(formatNumber(7, CUSTOM_PREFIX + '00001, 00002, 00003, ...')).toBe('00007');
    expect([1, 2, 24, 25].map((n) => formatNumber(n, CUSTOM_PREFIX + 'α, β, γ, ...'))).toEqual(['α', 'β', 'ω', 'αα']);
    expect(formatNumber(3, CUSTOM_PREFIX + 'Α, Β, Γ, ...')).toBe('Γ');
    // A sample this reader does not know stays decimal.
    expect(formatNumber(3, CUSTOM_PREFIX + 'x, y, z, ...')).toBe('3');
    expect(customNumberFormat('1st, 2nd')).toBeUndefined();
  });
});

describe('formatNumber', () => {
  it('formats the Western list formats as Word does', () => {
    expect([1, 4, 9, 14, 40, 1994, 3999].map((n) => toRoman(n))).toEqual(['I', 'IV', 'IX', 'XIV', 'XL', 'MCMXCIV', 'MMMCMXCIX']);
    expect(formatNumber(12, 'lowerRoman')).toBe('xii');
    expect([1, 26, 27, 28, 53].map((n) => toLetters(n))).toEqual(['A', 'Z', 'AA', 'BB', 'AAA']);
    expect(formatNumber(3, 'lowerLetter')).toBe('c');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 102, 111].map(ordinalSuffix)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd', '111th']);
    expect(formatNumber(7, 'decimalZero')).toBe('07');
    expect(formatNumber(12, 'decimalZero')).toBe('12');
    expect(formatNumber(255, 'hex')).toBe('FF');
    expect([1, 2, 3, 4, 5, 8].map((n) => formatNumber(n, 'chicago'))).toEqual(['*', '†', '‡', '§', '**', '§§']);
    expect(formatNumber(4, 'numberInDash')).toBe('- 4 -');
    expect(formatNumber(5, 'bullet')).toBe('');
    expect(formatNumber(5, 'none')).toBe('');
    expect(formatNumber(5, 'somethingUnknown')).toBe('5');
  });

  it('writes English cardinal and ordinal words', () => {
    expect(cardinalWords(0)).toBe('zero');
    expect(cardinalWords(21)).toBe('twenty-one');
    expect(cardinalWords(123)).toBe('one hundred twenty-three');
    expect(cardinalWords(1_002_003)).toBe('one million two thousand three');
    expect(ordinalWords(1)).toBe('first');
    expect(ordinalWords(12)).toBe('twelfth');
    expect(ordinalWords(20)).toBe('twentieth');
    expect(ordinalWords(21)).toBe('twenty-first');
    expect(formatNumber(21, 'cardinalText')).toBe('Twenty-One');
    expect(formatNumber(3, 'ordinalText')).toBe('Third');
  });

  it('formats East Asian and other script formats', () => {
    expect(formatNumber(105, 'ideographDigital')).toBe('一〇五');
    expect(ideographCounting(21)).toBe('二十一');
    expect(ideographCounting(110)).toBe('百十');
    expect(ideographCounting(110, true)).toBe('一百十');
    expect(ideographCounting(12345)).toBe('一万二千三百四十五');
    expect(formatNumber(3, 'decimalEnclosedCircle')).toBe('③');
    expect(formatNumber(12, 'decimalFullWidth')).toBe('１２');
    expect(formatNumber(21, 'koreanCounting')).toBe('이십일');
    expect(formatNumber(2, 'aiueoFullWidth')).toBe('イ');
    expect(formatNumber(1, 'ganada')).toBe('가');
    expect(formatNumber(2, 'arabicAlpha')).toBe('ب');
    expect(hebrewNumeral(15)).toBe('טו');
    expect(hebrewNumeral(123)).toBe('קכג');
    expect(formatNumber(42, 'thaiNumbers')).toBe('๔๒');
  });
});

describe('date pictures (\\@)', () => {
  const d = parseIsoDateParts('2024-03-05T14:07:09Z')!;
  it('parses ISO timestamps with the weekday', () => {
    expect(d).toEqual({ year: 2024, month: 3, day: 5, hour: 14, minute: 7, second: 9, weekday: 2 });
    expect(parseIsoDateParts('garbage')).toBeUndefined();
    expect(datePartsFromDate(new Date(Date.UTC(1970, 0, 1)))).toMatchObject({ year: 1970, month: 1, day: 1, weekday: 4 });
  });
  it('formats Word date-time pictures', () => {
    expect(formatDatePicture(d, 'M/d/yyyy')).toBe('3/5/2024');
    expect(formatDatePicture(d, 'dddd, MMMM d, yyyy')).toBe('Tuesday, March 5, 2024');
    expect(formatDatePicture(d, 'dd.MM.yy')).toBe('05.03.24');
    expect(formatDatePicture(d, 'ddd MMM')).toBe('Tue Mar');
    expect(formatDatePicture(d, 'h:mm am/pm')).toBe('2:07 pm');
    expect(formatDatePicture(d, 'HH:mm:ss')).toBe('14:07:09');
    expect(formatDatePicture(d, "'Week of' d")).toBe('Week of 5');
    expect(formatDatePicture({ ...d, hour: 0 }, 'h AM/PM')).toBe('12 AM');
  });
});

describe('numeric pictures (\\#)', () => {
  it('formats digits, grouping, decimals, signs and sections', () => {
    expect(formatNumericPicture(1234.5, '#,##0.00')).toBe('1,234.50');
    expect(formatNumericPicture(5, '00')).toBe('05');
    expect(formatNumericPicture(0.5, '0.0')).toBe('0.5');
    expect(formatNumericPicture(3.14159, '0.##')).toBe('3.14');
    expect(formatNumericPicture(-12, '0')).toBe('-12');
    expect(formatNumericPicture(-12, '0;(0)')).toBe('(12)');
    expect(formatNumericPicture(0, "0;(0);'zero'")).toBe('zero');
    expect(formatNumericPicture(1234, '$#,##0')).toBe('$1,234');
    expect(formatNumericPicture(12345, 'x##')).toBe('345');
    expect(formatNumericPicture(42, "0 'units'")).toBe('42 units');
  });
});

describe('format switches (\\*)', () => {
  it('changes case and formats numbers', () => {
    expect(applyTextSwitch('hello world', 'Upper')).toBe('HELLO WORLD');
    expect(applyTextSwitch('Hello World', 'Lower')).toBe('hello world');
    expect(applyTextSwitch('hello world', 'FirstCap')).toBe('Hello world');
    expect(applyTextSwitch('hello world', 'Caps')).toBe('Hello World');
    expect(applyTextSwitch('Hello', 'MERGEFORMAT')).toBe('Hello');
    expect(formatNumberSwitch(4, 'roman')).toBe('iv');
    expect(formatNumberSwitch(4, 'ROMAN')).toBe('IV');
    expect(formatNumberSwitch(3, 'alphabetic')).toBe('c');
    expect(formatNumberSwitch(3, 'ALPHABETIC')).toBe('C');
    expect(formatNumberSwitch(3, 'ArabicDash')).toBe('- 3 -');
    expect(formatNumberSwitch(42, 'CardText')).toBe('forty-two');
    expect(formatNumberSwitch(42, 'OrdText')).toBe('forty-second');
    expect(formatNumberSwitch(42, 'Ordinal')).toBe('42nd');
    expect(formatNumberSwitch(255, 'Hex')).toBe('ff');
    expect(formatNumberSwitch(12.5, 'DollarText')).toBe('twelve and 50/100');
  });
});
