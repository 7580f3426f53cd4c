import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { integer, integerFromBytes, oid, setOf, octetString, utcTime, generalizedTime } from './der';
import { children, content, parseDer, readNode, readOid, readTime } from './der-read';
import { rc2DecryptBlock, rc2EncryptBlock, rc2ExpandKey } from './rc2';
import { desBlock, desSubkeys, tripleDesCbcDecrypt, tripleDesCbcEncrypt } from './des';
import { sha1Sync, sha256Sync } from './hash-sync';
import { ecdsaDerToRaw, ecdsaRawToDer } from './algorithms';

const hex = (s: string): Uint8Array => Uint8Array.from(s.match(/../g)!.map((x) => parseInt(x, 16)));
const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

describe('DER', () => {
  it('encodes minimal integers and OIDs that read back', () => {
    expect(toHex(integer(0))).toBe('020100');
    expect(toHex(integer(128))).toBe('02020080');
    expect(toHex(integerFromBytes(hex('0000ff')))).toBe('020200ff');
    fc.assert(
      fc.property(fc.array(fc.nat(1_000_000), { minLength: 1, maxLength: 8 }), (arcs) => {
        const dotted = ['1', '2', ...arcs.map(String)].join('.');
        expect(readOid(parseDer(oid(dotted)))).toBe(dotted);
      }),
    );
  });

  it('sorts SET OF elements by their encodings (X.690 §11.6)', () => {
    const a = octetString(hex('02'));
    const b = octetString(hex('0101'));
    const c = integer(5);
    const s = setOf(a, b, c);
    const order = children(parseDer(s)).map((n) => toHex(s.subarray(n.start, n.end)));
    expect(order).toEqual([toHex(c), toHex(a), toHex(b)]);
  });

  it('writes and reads UTCTime and GeneralizedTime', () => {
    const d = new Date(Date.UTC(2049, 11, 31, 23, 59, 58));
    expect(readTime(parseDer(utcTime(d))).getTime()).toBe(d.getTime());
    const far = new Date(Date.UTC(2100, 0, 2, 3, 4, 5));
    expect(readTime(parseDer(generalizedTime(far))).getTime()).toBe(far.getTime());
  });

  it('rejects lengths beyond the buffer and runaway nesting with cms/bad-der', () => {
    expect(() => readNode(hex('3084ffffffff00'))).toThrow(/cms\/bad-der|runs past|out of range/);
    const deep = new Uint8Array(400);
    for (let i = 0; i < 200; i++) {
      deep[2 * i] = 0x30;
      deep[2 * i + 1] = 0x80;
    }
    expect(() => readNode(deep)).toThrow();
  });

  it('converts ECDSA signatures between r‖s and DER', () => {
    const raw = new Uint8Array(64).map((_, i) => (i === 0 || i === 32 ? 0x80 : i));
    const der = ecdsaRawToDer(raw);
    expect(toHex(ecdsaDerToRaw(der, 32))).toBe(toHex(raw));
    expect(content(children(parseDer(der))[0]!)[0]).toBe(0);
  });
});

describe('ciphers and hashes for key files', () => {
  it('RC2 matches the RFC 2268 §5 test vectors', () => {
    const vectors: Array<[string, number, string, string]> = [
      ['0000000000000000', 63, '0000000000000000', 'ebb773f993278eff'],
      ['ffffffffffffffff', 64, 'ffffffffffffffff', '278b27e42e2f0d49'],
      ['3000000000000000', 64, '1000000000000001', '30649edf9be7d2c2'],
      ['88', 64, '0000000000000000', '61a8a244adacccf0'],
      ['88bca90e90875a', 64, '0000000000000000', '6ccf4308974c267f'],
      ['88bca90e90875a7f0f79c384627bafb2', 64, '0000000000000000', '1a807d272bbe5db1'],
      ['88bca90e90875a7f0f79c384627bafb2', 128, '0000000000000000', '2269552ab0f85ca6'],
    ];
    for (const [k, bits, pt, ct] of vectors) {
      const key = rc2ExpandKey(hex(k), bits);
      expect(toHex(rc2EncryptBlock(key, hex(pt)))).toBe(ct);
      expect(toHex(rc2DecryptBlock(key, hex(ct)))).toBe(pt);
    }
  });

  it('DES matches the FIPS worked example and 3DES round-trips', () => {
    expect(toHex(desBlock(hex('0123456789abcdef'), desSubkeys(hex('133457799bbcdff1'))))).toBe('85e813540f0ab405');
    const key = hex('0123456789abcdef23456789abcdef01456789abcdef0123');
    const iv = hex('1122334455667788');
    const msg = new TextEncoder().encode('triple DES in CBC mode, padded');
    expect(new TextDecoder().decode(tripleDesCbcDecrypt(key, iv, tripleDesCbcEncrypt(key, iv, msg)))).toBe('triple DES in CBC mode, padded');
  });

  it('synchronous SHA-1 and SHA-256 agree with node:crypto', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (b) => {
        expect(toHex(sha1Sync(b))).toBe(createHash('sha1').update(b).digest('hex'));
        expect(toHex(sha256Sync(b))).toBe(createHash('sha256').update(b).digest('hex'));
      }),
    );
  });
});
