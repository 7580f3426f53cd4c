import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { zipSync } from 'fflate';
import { DiagnosticError, resolveLimits } from '../core';
import { openZip, writeZip } from './index';

const enc = (s: string) => new TextEncoder().encode(s);

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    if (e instanceof DiagnosticError) return e.diagnostic.code;
    throw e;
  }
}

describe('zip', () => {
  it('round-trips entries deterministically, finding names case-insensitively', () => {
    const files = [
      { name: '[Content_Types].xml', data: enc('<Types/>'.repeat(20)) },
      { name: 'word/document.xml', data: enc('<w:document/>') },
      { name: 'word/media/image1.png', data: new Uint8Array([1, 2, 3]) },
    ];
    const a = writeZip(files);
    const b = writeZip(files);
    expect(a).toEqual(b);
    const z = openZip(a);
    expect(z.entries.map((e) => e.name)).toEqual(files.map((f) => f.name));
    expect(new TextDecoder().decode(z.read('WORD/Document.xml'))).toBe('<w:document/>');
    expect(z.read(z.find('word/media/image1.png')!)).toEqual(new Uint8Array([1, 2, 3]));
    expect(z.find('missing.xml')).toBeUndefined();
  });

  it('reads archives written by another zip library', () => {
    const bytes = zipSync({ 'a.txt': enc('hello'.repeat(100)), 'dir/b.txt': [enc('x'), { level: 0 }] });
    const z = openZip(bytes);
    expect(new TextDecoder().decode(z.read('a.txt'))).toBe('hello'.repeat(100));
    expect(new TextDecoder().decode(z.read('dir/b.txt'))).toBe('x');
  });

  it('rejects non-zip, truncated and encrypted input with codes', () => {
    expect(codeOf(() => openZip(enc('not a zip at all, just some text here')))).toBe('zip/not-a-zip');
    const good = writeZip([{ name: 'a.txt', data: enc('hello world '.repeat(50)) }]);
    expect(codeOf(() => openZip(good.subarray(0, good.length - 30)))).toBe('zip/no-directory');
    const enc1 = good.slice();
    enc1[6] = 1; // local flags
    const cen = findSig(enc1, 0x02014b50);
    enc1[cen + 8] = 1; // central flags: encrypted
    expect(codeOf(() => openZip(enc1))).toBe('zip/encrypted');
  });

  it('checks limits from the directory before inflating (zip bombs)', () => {
    const big = new Uint8Array(5 * 1024 * 1024); // zeros compress ~1000:1
    const bomb = writeZip([{ name: 'bomb.xml', data: big }]);
    expect(codeOf(() => openZip(bomb, resolveLimits({ maxCompressionRatio: 100 })))).toBe('zip/compression-ratio');
    expect(codeOf(() => openZip(bomb, resolveLimits({ maxTotalUncompressedBytes: 1024, maxCompressionRatio: 1e9 })))).toBe('zip/total-too-large');
    const many = writeZip(Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, data: enc('x') })));
    expect(codeOf(() => openZip(many, resolveLimits({ maxEntries: 10 })))).toBe('zip/too-many-entries');
  });

  it('stops inflating an entry that lies about its size', () => {
    const data = enc('abcdefgh'.repeat(4000));
    const z = writeZip([{ name: 'a.xml', data }]);
    const cen = findSig(z, 0x02014b50);
    new DataView(z.buffer).setUint32(cen + 24, 100, true); // declare 100 bytes uncompressed
    const loc = 0;
    new DataView(z.buffer).setUint32(loc + 22, 100, true);
    const archive = openZip(z);
    expect(codeOf(() => archive.read('a.xml'))).toBe('zip/size-mismatch');
  });

  it('never throws anything but a DiagnosticError on mutated archives (property)', () => {
    const base = writeZip([
      { name: '[Content_Types].xml', data: enc('<Types>' + 'x'.repeat(300) + '</Types>') },
      { name: 'word/document.xml', data: enc('<w:document>' + 'y'.repeat(500) + '</w:document>') },
    ]);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(base.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }), fc.nat(base.length), (muts, cut) => {
        const m = base.slice(0, Math.max(1, cut));
        for (const [i, v] of muts) if (i < m.length) m[i] = v;
        try {
          const z = openZip(m);
          for (const e of z.entries) z.read(e);
        } catch (e) {
          expect(e).toBeInstanceOf(DiagnosticError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

function findSig(b: Uint8Array, sig: number): number {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let i = b.length - 4; i >= 0; i--) if (v.getUint32(i, true) === sig) return i;
  return -1;
}

describe('zip with a host inflater', () => {
  it('uses the host inflater and maps its overflow to zip/size-mismatch', async () => {
    const { inflateRawSync } = await import('node:zlib');
    const data = new TextEncoder().encode('abcdefgh'.repeat(4000));
    const z = writeZip([{ name: 'a.xml', data }]);
    let calls = 0;
    const native = (d: Uint8Array, size: number) => {
      calls++;
      const out = inflateRawSync(d, { maxOutputLength: size });
      return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    };
    expect(openZip(z, undefined, native).read('a.xml')).toEqual(data);
    expect(calls).toBe(1);
    const cen = findSig(z, 0x02014b50);
    new DataView(z.buffer).setUint32(cen + 24, 100, true);
    new DataView(z.buffer).setUint32(22, 100, true);
    expect(codeOf(() => openZip(z, undefined, native).read('a.xml'))).toBe('zip/size-mismatch');
  });
});

describe('zip with a host CRC-32', () => {
  it('checks entries with the given implementation, which must agree with the engine own', async () => {
    const { crc32 } = await import('../core');
    const bytes = writeZip([{ name: 'a.txt', data: enc('hello world') }]);
    const seen: number[] = [];
    const counting = (d: Uint8Array, prev?: number) => {
      seen.push(d.length);
      return crc32(d, prev);
    };
    const z = openZip(bytes, resolveLimits({}), undefined, counting);
    expect(new TextDecoder().decode(z.read('a.txt'))).toBe('hello world');
    expect(seen).toEqual([11]);
    expect(z.warnings).toEqual([]);
    const lying = openZip(bytes, resolveLimits({}), undefined, () => 0);
    lying.read('a.txt');
    expect(lying.warnings.map((w) => w.code)).toEqual(['zip/bad-crc']);
    const zlib = (await import('node:zlib')) as { crc32?: (d: Uint8Array, v?: number) => number };
    if (typeof zlib.crc32 === 'function') {
      const data = new Uint8Array(100_000).map((_, i) => (i * 7919) & 255);
      expect(zlib.crc32(data, 0) >>> 0).toBe(crc32(data) >>> 0);
    }
  });
});
