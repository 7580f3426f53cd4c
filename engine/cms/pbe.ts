/**
 * Password-based decryption of key material: the PKCS#12 key derivation (RFC 7292 Appendix B.2)
 * with its PBE schemes (Appendix C: 3DES, RC2-40, RC2-128), and PBES2 (RFC 8018 §6.2) with PBKDF2
 * and AES-CBC or DES-EDE3-CBC. AES and PBKDF2 go through WebCrypto; RC2 and DES are our own.
 */
import { abort, concatBytes } from '../core';
import type { Asn1 } from './der-read';
import { children, content, readOctets, readOid, readSmallInt } from './der-read';
import { rc2CbcDecrypt } from './rc2';
import { tripleDesCbcDecrypt } from './des';
import { sha1Sync, sha256Sync } from './hash-sync';
import { OID } from './oids';
import { bufferSource } from './buffer-source';

/** Most KDF iterations accepted (real files use 2,048–600,000); more would stall the signer. */
export const MAX_KDF_ITERATIONS = 2_000_000;

/** A password in both encodings the schemes need. */
export interface Password {
  /** BMPString with a two-byte terminator (RFC 7292 Appendix B.1), or empty for the "no password" variant. */
  readonly bmp: Uint8Array;
  /** UTF-8 bytes (PBES2). */
  readonly utf8: Uint8Array;
}

/** Encodes a password for PKCS#12 and PBES2; `emptyVariant` gives the zero-length BMP form some writers use for "". */
export function encodePassword(pw: string, emptyVariant = false): Password {
  const bmp = emptyVariant && pw === '' ? new Uint8Array(0) : new Uint8Array(pw.length * 2 + 2);
  for (let i = 0; i < pw.length; i++) {
    bmp[2 * i] = pw.charCodeAt(i) >> 8;
    bmp[2 * i + 1] = pw.charCodeAt(i) & 0xff;
  }
  return { bmp, utf8: new TextEncoder().encode(pw) };
}

type SyncHash = { fn: (d: Uint8Array) => Uint8Array; u: number; v: number };

/** The synchronous hash for a PKCS#12 KDF digest OID. */
export function kdfHash(digestOid: string): SyncHash {
  if (digestOid === OID.sha1) return { fn: sha1Sync, u: 20, v: 64 };
  if (digestOid === OID.sha256) return { fn: sha256Sync, u: 32, v: 64 };
  return abort('cms/unsupported-kdf', `PKCS#12 key derivation with digest ${digestOid} is not supported.`);
}

/** RFC 7292 Appendix B.2: derives `n` bytes for purpose `id` (1 key, 2 IV, 3 MAC). */
export function pkcs12Kdf(hash: SyncHash, password: Uint8Array, salt: Uint8Array, iterations: number, id: number, n: number): Uint8Array {
  if (iterations < 1 || iterations > MAX_KDF_ITERATIONS) abort('cms/bad-iterations', `Key derivation asks for ${iterations} iterations.`);
  const { fn, u, v } = hash;
  const d = new Uint8Array(v).fill(id);
  const fill = (src: Uint8Array): Uint8Array => {
    const out = new Uint8Array(v * Math.ceil(src.length / v));
    for (let i = 0; i < out.length; i++) out[i] = src[i % src.length]!;
    return out;
  };
  const i0 = concatBytes([salt.length ? fill(salt) : new Uint8Array(0), password.length ? fill(password) : new Uint8Array(0)]);
  const out = new Uint8Array(n);
  for (let done = 0; done < n; done += u) {
    let a = fn(concatBytes([d, i0]));
    for (let r = 1; r < iterations; r++) a = fn(a);
    out.set(a.subarray(0, Math.min(u, n - done)), done);
    const b = fill(a);
    // I_j = (I_j + B + 1) mod 2^(8v) for every v-byte block of I.
    for (let j = 0; j < i0.length; j += v) {
      let carry = 1;
      for (let k = v - 1; k >= 0; k--) {
        const s = i0[j + k]! + b[k]! + carry;
        i0[j + k] = s & 0xff;
        carry = s >> 8;
      }
    }
  }
  return out;
}

function pkcs12PbeParams(params: Asn1 | undefined): { salt: Uint8Array; iterations: number } {
  const [salt, iter] = children(params!);
  return { salt: content(salt!), iterations: iter ? readSmallInt(iter) : 1 };
}

/** Decrypts data protected by an AlgorithmIdentifier of a PKCS#12 PBE scheme or PBES2. */
export async function decryptPbe(algorithm: Asn1, data: Uint8Array, password: Password, subtle: SubtleCrypto): Promise<Uint8Array> {
  const [idNode, params] = children(algorithm);
  const id = readOid(idNode!);
  if (id === OID.pbes2) return decryptPbes2(params!, data, password, subtle);
  const table: Record<string, { keyLen: number; ivLen: number; run: (k: Uint8Array, iv: Uint8Array) => Uint8Array }> = {
    [OID.pbeWithSHAAnd3KeyTripleDESCBC]: { keyLen: 24, ivLen: 8, run: (k, iv) => tripleDesCbcDecrypt(k, iv, data) },
    [OID.pbeWithSHAAnd2KeyTripleDESCBC]: { keyLen: 16, ivLen: 8, run: (k, iv) => tripleDesCbcDecrypt(k, iv, data) },
    [OID.pbeWithSHAAnd40BitRC2CBC]: { keyLen: 5, ivLen: 8, run: (k, iv) => rc2CbcDecrypt(k, 40, iv, data) },
    [OID.pbeWithSHAAnd128BitRC2CBC]: { keyLen: 16, ivLen: 8, run: (k, iv) => rc2CbcDecrypt(k, 128, iv, data) },
  };
  const scheme = table[id];
  if (!scheme) abort('cms/unsupported-pbe', `Encryption scheme ${id} is not supported.`, { hint: 'Re-export the key with AES (PBES2) or 3DES.' });
  const { salt, iterations } = pkcs12PbeParams(params);
  const h = kdfHash(OID.sha1);
  const key = pkcs12Kdf(h, password.bmp, salt, iterations, 1, scheme.keyLen);
  const iv = pkcs12Kdf(h, password.bmp, salt, iterations, 2, scheme.ivLen);
  return scheme.run(key, iv);
}

const PRF: Record<string, string> = {
  [OID.hmacWithSHA1]: 'SHA-1',
  [OID.hmacWithSHA256]: 'SHA-256',
  [OID.hmacWithSHA384]: 'SHA-384',
  [OID.hmacWithSHA512]: 'SHA-512',
};

async function decryptPbes2(params: Asn1, data: Uint8Array, password: Password, subtle: SubtleCrypto): Promise<Uint8Array> {
  const [kdf, enc] = children(params);
  const [kdfId, kdfParams] = children(kdf!);
  if (readOid(kdfId!) !== OID.pbkdf2) abort('cms/unsupported-kdf', 'PBES2 key derivation other than PBKDF2 is not supported.');
  const kp = children(kdfParams!);
  const salt = readOctets(kp[0]!);
  const iterations = readSmallInt(kp[1]!);
  if (iterations < 1 || iterations > MAX_KDF_ITERATIONS) abort('cms/bad-iterations', `Key derivation asks for ${iterations} iterations.`);
  let prf = 'SHA-1';
  for (const extra of kp.slice(2)) if (extra.tag === 0x30) prf = PRF[readOid(children(extra)[0]!)] ?? abort('cms/unsupported-kdf', 'Unknown PBKDF2 PRF.');
  const [encId, ivNode] = children(enc!);
  const encOid = readOid(encId!);
  const iv = readOctets(ivNode!);
  const keyLen = { [OID.aes128CBC]: 16, [OID.aes192CBC]: 24, [OID.aes256CBC]: 32, [OID.desEde3CBC]: 24 }[encOid];
  if (!keyLen) abort('cms/unsupported-pbe', `PBES2 cipher ${encOid} is not supported.`);
  const base = await subtle.importKey('raw', bufferSource(password.utf8), 'PBKDF2', false, ['deriveBits']);
  const bits = new Uint8Array(await subtle.deriveBits({ name: 'PBKDF2', hash: prf, salt: bufferSource(salt), iterations }, base, keyLen * 8));
  if (encOid === OID.desEde3CBC) return tripleDesCbcDecrypt(bits, iv, data);
  try {
    const key = await subtle.importKey('raw', bufferSource(bits), 'AES-CBC', false, ['decrypt']);
    return new Uint8Array(await subtle.decrypt({ name: 'AES-CBC', iv: bufferSource(iv) }, key, bufferSource(data)));
  } catch {
    return abort('cms/bad-padding', 'Decryption failed (wrong password?).');
  }
}
