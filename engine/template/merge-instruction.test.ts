import { describe, expect, it } from 'vitest';
import { formatMergeValue, parseMergeInstruction, tokenizeInstruction, usesCharFormat, usesMergeFormat } from './merge-instruction';

describe('parseMergeInstruction', () => {
  it('reads the name and every switch', () => {
    const i = parseMergeInstruction(' MERGEFIELD  "First Name" \\b "Dear " \\f "," \\* Upper \\* MERGEFORMAT ')!;
    expect(i.name).toBe('First Name');
    expect(i.before).toBe('Dear ');
    expect(i.after).toBe(',');
    expect(i.formats).toEqual(['Upper', 'MERGEFORMAT']);
    expect(usesMergeFormat(i)).toBe(true);
    expect(usesCharFormat(i)).toBe(false);
    expect(i.switches).toEqual(['\\b "Dear "', '\\f ,', '\\* Upper', '\\* MERGEFORMAT']);
  });

  it('recognises regions and image fields, and refuses other fields', () => {
    expect(parseMergeInstruction('MERGEFIELD TableStart:Items')).toMatchObject({ name: 'Items', section: 'open' });
    expect(parseMergeInstruction('MERGEFIELD  TableEnd:Items ')).toMatchObject({ name: 'Items', section: 'close' });
    expect(parseMergeInstruction('MERGEFIELD Image:Logo')).toMatchObject({ name: 'Logo', image: true });
    expect(parseMergeInstruction('PAGE \\* Arabic')).toBeUndefined();
    expect(parseMergeInstruction('MERGEFIELD')).toBeUndefined();
  });

  it('tokenizes escaped quotes inside quoted arguments', () => {
    expect(tokenizeInstruction('MERGEFIELD x \\b "say \\"hi\\" "').map((w) => w.replace('\u0000', ''))).toEqual(['MERGEFIELD', 'x', '\\b', 'say "hi" ']);
  });
});

describe('formatMergeValue', () => {
  it('applies \\b and \\f only to a non-empty result', () => {
    const i = parseMergeInstruction('MERGEFIELD City \\b "in " \\f "."')!;
    expect(formatMergeValue('Paris', i)).toBe('in Paris.');
    expect(formatMergeValue('', i)).toBe('');
  });

  it('formats dates with \\@ and numbers with \\#', () => {
    expect(formatMergeValue('2024-03-05', parseMergeInstruction('MERGEFIELD D \\@ "d MMMM yyyy"')!)).toBe('5 March 2024');
    expect(formatMergeValue('1234.5', parseMergeInstruction('MERGEFIELD N \\# "#,##0.00"')!)).toBe('1,234.50');
    expect(formatMergeValue('n/a', parseMergeInstruction('MERGEFIELD N \\# "0.00"')!)).toBe('n/a');
  });

  it('applies case switches and number-format switches', () => {
    expect(formatMergeValue('hello world', parseMergeInstruction('MERGEFIELD x \\* Caps')!)).toBe('Hello World');
    expect(formatMergeValue('hello', parseMergeInstruction('MERGEFIELD x \\* Upper')!)).toBe('HELLO');
    expect(formatMergeValue('4', parseMergeInstruction('MERGEFIELD x \\* roman')!)).toBe('iv');
  });
});
