import { describe, expect, it } from 'vitest';
import { toUnicodeCMap } from '../../text';
import { MIXED_CODES, MIXED_MAX_GLYPHS, mixedCode, mixedEncodingCMap } from './cmaps';

/** Reads bfchar/bfrange (or cidrange) entries back into code → destination, checking each block's count. */
function readEntries(cmap: string, kind: 'bf' | 'cid'): Map<number, string | number> {
  const out = new Map<number, string | number>();
  const blockRe = kind === 'bf' ? /(\d+) begin(bfchar|bfrange)\n([\s\S]*?)\nend\2/g : /(\d+) begin(cidrange)\n([\s\S]*?)\nendcidrange/g;
  for (const m of cmap.matchAll(blockRe)) {
    const lines = m[3]!.split('\n');
    expect(lines.length).toBe(Number(m[1]));
    expect(lines.length).toBeLessThanOrEqual(100);
    for (const line of lines) {
      const parts = line.match(/<([0-9A-F]+)>|\d+/g)!;
      const hex = (s: string) => s.slice(1, -1);
      if (m[2] === 'bfchar') {
        out.set(parseInt(hex(parts[0]!), 16), hex(parts[1]!));
        continue;
      }
      const lo = hex(parts[0]!);
      const hi = hex(parts[1]!);
      // A range keeps its code length and all bytes but the last (poppler varies the last byte only).
      expect(lo.length).toBe(hi.length);
      expect(lo.slice(0, -2)).toBe(hi.slice(0, -2));
      const a = parseInt(lo, 16);
      const b = parseInt(hi, 16);
      for (let c = a; c <= b; c++) {
        if (m[2] === 'cidrange') out.set(c, Number(parts[2]) + c - a);
        else out.set(c, (parseInt(hex(parts[2]!), 16) + c - a).toString(16).toUpperCase().padStart(4, '0'));
      }
    }
  }
  return out;
}

describe('mixed one-/two-byte encoding', () => {
  it('maps one-byte codes to CIDs 0–127 and two-byte codes to every CID', () => {
    const cmap = mixedEncodingCMap();
    expect(cmap).toContain('<00> <7F>\n<8000> <FFFF>');
    const cids = readEntries(cmap, 'cid');
    for (const cid of [0, 1, 127, 128, 255, 256, 4660, MIXED_MAX_GLYPHS - 1]) expect(cids.get(mixedCode(cid))).toBe(cid);
    expect(mixedCode(127)).toBe(0x7f);
    expect(mixedCode(128)).toBe(0x8080);
  });

  it('writes ToUnicode entries under the same codes, splitting ranges at code boundaries', () => {
    const entries = new Map<number, string>();
    // Consecutive CIDs 120–140 map to consecutive letters: the range must split at CID 128 (code length).
    for (let cid = 120; cid <= 140; cid++) entries.set(cid, String.fromCharCode(0x41 + cid - 120));
    // Across a high byte of the code (CID 255 → 256), and through a destination byte carry.
    for (let cid = 250; cid <= 260; cid++) entries.set(cid, String.fromCharCode(0x4f8 + cid - 250));
    entries.set(5, 'ﬁ'.normalize('NFKD'));
    entries.set(6, '😀');
    entries.set(7, '');
    const read = readEntries(toUnicodeCMap(entries, MIXED_CODES), 'bf');
    for (const [cid, text] of entries) {
      const hex = Array.from({ length: text.length }, (_, k) => text.charCodeAt(k).toString(16).toUpperCase().padStart(4, '0')).join('');
      expect(read.get(mixedCode(cid))).toBe(text === '' ? undefined : hex);
    }
    expect(read.size).toBe(entries.size - 1);
  });
});
