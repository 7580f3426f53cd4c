import { describe, expect, it } from 'vitest';
import { toUnicodeCMap } from './to-unicode';

function body(cmap: string): string[] {
  const lines = cmap.split('\n');
  return lines.slice(lines.indexOf('endcodespacerange') + 1, lines.indexOf('endcmap'));
}

describe('toUnicodeCMap', () => {
  it('writes a complete CMap with header and trailer', () => {
    const c = toUnicodeCMap(new Map([[1, 'A']]));
    expect(c).toContain('/CIDInit /ProcSet findresource begin');
    expect(c).toContain('/CMapName /Adobe-Identity-UCS def');
    expect(c).toContain('<0000> <FFFF>');
    expect(c.trimEnd().endsWith('end\nend')).toBe(true);
    expect(body(c)).toEqual(['1 beginbfchar', '<0001> <0041>', 'endbfchar']);
  });

  it('uses bfrange for consecutive codes with consecutive characters', () => {
    const m = new Map<number, string>([[3, 'a'], [4, 'b'], [5, 'c'], [6, 'x'], [9, 'y']]);
    expect(body(toUnicodeCMap(m))).toEqual([
      '2 beginbfchar', '<0006> <0078>', '<0009> <0079>', 'endbfchar',
      '1 beginbfrange', '<0003> <0005> <0061>', 'endbfrange',
    ]);
  });

  it('does not let a range cross a source high byte or wrap the destination low byte', () => {
    const m = new Map<number, string>([[0xfe, '\u00fe'], [0xff, '\u00ff'], [0x100, '\u0100'], [0x200, '\u01ff'], [0x201, '\u0200']]);
    const b = body(toUnicodeCMap(m));
    expect(b).toContain('<00FE> <00FF> <00FE>');
    expect(b).toContain('<0100> <0100>');
    expect(b).toContain('<0200> <01FF>');
    expect(b).toContain('<0201> <0200>');
  });

  it('encodes ligatures as several characters and astral characters as surrogate pairs', () => {
    const m = new Map<number, string>([[7, 'ffi'], [8, '\u{1D400}'], [9, 'e\u0301']]);
    expect(body(toUnicodeCMap(m))).toEqual([
      '3 beginbfchar', '<0007> <006600660069>', '<0008> <D835DC00>', '<0009> <00650301>', 'endbfchar',
    ]);
  });

  it('splits long lists into blocks of at most 100 entries and skips empty or invalid entries', () => {
    const m = new Map<number, string>();
    for (let i = 0; i < 250; i++) m.set(i * 2, String.fromCharCode(0x41 + (i % 20)));
    m.set(1, '');
    m.set(70000, 'z');
    const b = body(toUnicodeCMap(m));
    expect(b.filter((l) => l.endsWith('beginbfchar'))).toEqual(['100 beginbfchar', '100 beginbfchar', '50 beginbfchar']);
    expect(b.some((l) => l.startsWith('<0001>'))).toBe(false);
  });

  it('is deterministic regardless of map insertion order', () => {
    const a = new Map<number, string>([[2, 'b'], [1, 'a'], [5, 'q']]);
    const b = new Map<number, string>([[5, 'q'], [1, 'a'], [2, 'b']]);
    expect(toUnicodeCMap(a)).toBe(toUnicodeCMap(b));
  });

  it('replaces lone surrogates with U+FFFD', () => {
    expect(body(toUnicodeCMap(new Map([[1, '\ud800']])))).toContain('<0001> <FFFD>');
  });
});
