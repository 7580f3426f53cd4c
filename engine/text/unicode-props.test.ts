import { describe, expect, it } from 'vitest';
import { FastClass, fastClass, needsFullShaping } from './unicode-props';

describe('needsFullShaping', () => {
  it('agrees with fastClass for every UTF-16 code unit, its ASCII shortcut included', () => {
    let differ = 0;
    for (let c = 0; c <= 0xffff; c++) {
      if (needsFullShaping(String.fromCharCode(c), 0) !== (fastClass(c) === FastClass.None)) differ++;
    }
    expect(differ).toBe(0);
  });

  it('sends controls, soft hyphens and combining marks to the full path, printable ASCII not', () => {
    expect(['\u0007', '\u00AD', '\u0301', '\u05D0', 'a', ' ', '~'].map((ch) => needsFullShaping(ch, 0))).toEqual([true, true, true, true, false, false, false]);
  });
});
