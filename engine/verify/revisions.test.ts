import { describe, expect, it } from 'vitest';
import { ByteText, findObjectHeaders, findRevisions, revisionEndingAt } from './revisions';

const bytes = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);

describe('revisions from the raw bytes', () => {
  it('ends a revision after %%EOF and its end-of-line', () => {
    const b = bytes('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\r\nmore\n%%EOF');
    const revs = findRevisions(b);
    expect(revs.map((r) => [r.index, r.end])).toEqual([
      [1, 36],
      [2, b.length],
    ]);
    expect(revisionEndingAt(revs, 34)?.index).toBe(1);
    expect(revisionEndingAt(revs, 36)?.index).toBe(1);
    expect(revisionEndingAt(revs, 33)).toBeUndefined();
    expect(revisionEndingAt(revs, 20)).toBeUndefined();
  });

  it('keeps a bounded number of markers from a hostile file', () => {
    const b = bytes('%%EOF\n'.repeat(25_000));
    const revs = findRevisions(b);
    expect(revs.length).toBe(10_000);
    expect(revs[revs.length - 1]!.end).toBe(b.length);
  });
});

describe('object headers', () => {
  it('finds `n g obj` headers but not endobj or words containing obj', () => {
    const text = '1 0 obj\n<</Type/ObjStm>>\nendobj\n12  3\r\nobj (object) 4 0 objective';
    expect(findObjectHeaders(new ByteText(bytes(text)), 0, text.length, 10)).toEqual([
      { num: 1, offset: 0 },
      { num: 12, offset: 32 },
    ]);
  });

  it('scans long digit runs in linear time (hex /Contents and zero padding once took seconds)', () => {
    const text = `<${'0'.repeat(400_000)}> ${'31'.repeat(200_000)} 7 0 obj`;
    const t = performance.now();
    const found = findObjectHeaders(new ByteText(bytes(text)), 0, text.length, 10);
    // A quadratic scan of 800,000 digits takes minutes; a linear one milliseconds. The bound is far from
    // both, so a loaded machine cannot make this fail (it once failed at 297 ms against a 200 ms bound).
    expect(performance.now() - t).toBeLessThan(5000);
    expect(found.map((h) => h.num)).toEqual([7]);
  });
});

describe('ByteText', () => {
  it('searches bytes like a Latin-1 string would', () => {
    const s = 'ab%%EOF xx %%EOF obj endobj \u00ff';
    const t = new ByteText(bytes(s));
    for (const w of ['%%EOF', 'obj', 'endobj', 'zz', 'b']) {
      expect(t.indexOf(w)).toBe(s.indexOf(w));
      expect(t.indexOf(w, 5)).toBe(s.indexOf(w, 5));
      expect(t.lastIndexOf(w)).toBe(s.lastIndexOf(w));
      expect(t.lastIndexOf(w, 12)).toBe(s.lastIndexOf(w, 12));
    }
    expect(t.slice(2, 7)).toBe('%%EOF');
    expect(t.charCodeAt(s.length - 1)).toBe(0xff);
    expect(t.charCodeAt(s.length)).toBeNaN();
  });
});
