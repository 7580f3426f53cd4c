import { describe, expect, it } from 'vitest';
import { formatChartNumber, formatGeneral, serialToDate } from './format-number';

describe('formatChartNumber', () => {
  it('formats General like Excel (no binary noise, scientific at the extremes)', () => {
    expect(formatGeneral(0.30000000000000004)).toBe('0.3');
    expect(formatGeneral(1234567)).toBe('1234567');
    expect(formatGeneral(-2.5)).toBe('-2.5');
    expect(formatGeneral(1.5e16)).toBe('1.5E+16');
    expect(formatGeneral(1e11)).toBe('100000000000');
    expect(formatGeneral(1.25e11 + 0.5)).toBe('1.25E+11');
    expect(formatGeneral(0.0000012)).toBe('1.2E-06');
    expect(formatChartNumber(4.5, undefined)).toBe('4.5');
    expect(formatChartNumber(4.5, 'General')).toBe('4.5');
  });

  it('formats digit patterns: 0, 0.0, 0.00, #,##0, #,##0.00', () => {
    expect(formatChartNumber(4.56, '0')).toBe('5');
    expect(formatChartNumber(4, '0.0')).toBe('4.0');
    expect(formatChartNumber(4.567, '0.00')).toBe('4.57');
    expect(formatChartNumber(1234567.891, '#,##0')).toBe('1,234,568');
    expect(formatChartNumber(1234.5, '#,##0.00')).toBe('1,234.50');
    expect(formatChartNumber(0.5, '#.##')).toBe('.5');
    expect(formatChartNumber(-1234, '#,##0')).toBe('-1,234');
  });

  it('formats percentages, currency, literals and thousands scaling', () => {
    expect(formatChartNumber(0.25, '0%')).toBe('25%');
    expect(formatChartNumber(0.125, '0.0%')).toBe('12.5%');
    expect(formatChartNumber(1500, '"$"#,##0')).toBe('$1,500');
    expect(formatChartNumber(1500, '[$€-407]#,##0.00')).toBe('€1,500.00');
    expect(formatChartNumber(2500000, '#,##0,,"M"')).toBe('3M');
    expect(formatChartNumber(12, '0" kg"')).toBe('12 kg');
    expect(formatChartNumber(12345, '0.00E+00')).toBe('1.23E+04');
  });

  it('uses the negative and zero sections', () => {
    expect(formatChartNumber(-5, '0;(0)')).toBe('(5)');
    expect(formatChartNumber(0, '0;-0;"zero"')).toBe('zero');
    expect(formatChartNumber(-5, '#,##0_);[Red](#,##0)')).toBe('(5)');
  });

  it('formats date serials on date axes', () => {
    expect(serialToDate(43831)).toMatchObject({ year: 2020, month: 1, day: 1 });
    expect(serialToDate(1)).toMatchObject({ year: 1900, month: 1, day: 1 });
    expect(serialToDate(61)).toMatchObject({ year: 1900, month: 3, day: 1 });
    expect(formatChartNumber(43831, 'm/d/yyyy')).toBe('1/1/2020');
    expect(formatChartNumber(43862, 'mmm-yy')).toBe('Feb-20');
    expect(formatChartNumber(43862, 'd-mmm')).toBe('1-Feb');
    expect(formatChartNumber(43862, '[$-409]mmmm yyyy')).toBe('February 2020');
    expect(formatChartNumber(43831.5, 'h:mm AM/PM')).toBe('12:00 PM');
    expect(formatChartNumber(43831, 'dddd')).toBe('Wednesday');
  });

  it('never throws on odd codes or values', () => {
    for (const code of ['', ';;;', '"unterminated', '[', '\\', '0.0.0', 'E+', '@', '[$-F800]dddd']) {
      expect(typeof formatChartNumber(3.14, code)).toBe('string');
    }
    expect(formatChartNumber(Number.NaN, '0')).toBe('');
    expect(formatChartNumber(1e300, '#,##0').length).toBeGreaterThan(0);
  });
});
