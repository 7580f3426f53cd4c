/**
 * RC2 (RFC 2268) in CBC mode, for PKCS#12 files protected with pbeWithSHAAnd40BitRC2-CBC or
 * pbeWithSHAAnd128BitRC2-CBC (RFC 7292 Appendix C) — the default of OpenSSL before 3.0 and of many
 * exported certificates. WebCrypto has no RC2. Used for key files only.
 */
import { abort } from '../core';
import { removePadding } from './des';

// RFC 2268 §2: PITABLE, a permutation of 0..255 derived from the digits of pi.
const PITABLE = Uint8Array.from(
  (
    'd978f9c419ddb5ed28e9fd794aa0d89dc67e37832b76538e624c6488448bfba2179a59f587b34f1361456d8d09817d32' +
    'bd8f40eb86b77b0bf09521225c6b4e8254d66593ce60b21c7356c014a78cf1dc1275ca1f3bbee4d1423dd430a33cb626' +
    '6fbf0eda4669075727f21d9bbc944303f811c7f690ef3ee706c3d52fc8661ed708e8eade8052eef784aa72ac354d6a2a' +
    '961ad2715a1549744b9fd05e0418a4ecc2e0416e0f51cbcc2491af50a1f47039997c3a8523b8b47afc02365b25559731' +
    '2d5dfa98e38a92ae05df2910676cbac9d300e6cfe19ea82c6316013f58e289a90d38341bab33ffb0bb480c5fb9b1cd2e' +
    'c5f3db47e5a59c770aa62068fe7fc1ad'
  )
    .match(/../g)!
    .map((h) => parseInt(h, 16)),
);

/** Expands an RC2 key with `effectiveBits` (RFC 2268 §2) into 64 16-bit words. */
export function rc2ExpandKey(key: Uint8Array, effectiveBits: number): Uint16Array {
  if (key.length < 1 || key.length > 128 || effectiveBits < 1 || effectiveBits > 1024) abort('cms/bad-key-length', 'RC2 key length is out of range.');
  const l = new Uint8Array(128);
  l.set(key);
  const t = key.length;
  const t8 = Math.ceil(effectiveBits / 8);
  const tm = 0xff >> (8 * t8 - effectiveBits);
  for (let i = t; i < 128; i++) l[i] = PITABLE[(l[i - 1]! + l[i - t]!) & 0xff]!;
  l[128 - t8] = PITABLE[l[128 - t8]! & tm]!;
  for (let i = 127 - t8; i >= 0; i--) l[i] = PITABLE[l[i + 1]! ^ l[i + t8]!]!;
  const k = new Uint16Array(64);
  for (let i = 0; i < 64; i++) k[i] = l[2 * i]! | (l[2 * i + 1]! << 8);
  return k;
}

const SHIFT = [1, 2, 3, 5];

/** Encrypts one 8-byte block (RFC 2268 §3). */
export function rc2EncryptBlock(k: Uint16Array, block: Uint8Array): Uint8Array {
  const r = [block[0]! | (block[1]! << 8), block[2]! | (block[3]! << 8), block[4]! | (block[5]! << 8), block[6]! | (block[7]! << 8)];
  let j = 0;
  const mix = (): void => {
    for (let i = 0; i < 4; i++) {
      const v = (r[i]! + k[j++]! + (r[(i + 3) % 4]! & r[(i + 2) % 4]!) + (~r[(i + 3) % 4]! & r[(i + 1) % 4]!)) & 0xffff;
      r[i] = ((v << SHIFT[i]!) | (v >> (16 - SHIFT[i]!))) & 0xffff;
    }
  };
  const mash = (): void => {
    for (let i = 0; i < 4; i++) r[i] = (r[i]! + k[r[(i + 3) % 4]! & 63]!) & 0xffff;
  };
  for (let n = 0; n < 5; n++) mix();
  mash();
  for (let n = 0; n < 6; n++) mix();
  mash();
  for (let n = 0; n < 5; n++) mix();
  return Uint8Array.from(r.flatMap((w) => [w & 0xff, w >> 8]));
}

/** Decrypts one 8-byte block (RFC 2268 §4). */
export function rc2DecryptBlock(k: Uint16Array, block: Uint8Array): Uint8Array {
  const r = [block[0]! | (block[1]! << 8), block[2]! | (block[3]! << 8), block[4]! | (block[5]! << 8), block[6]! | (block[7]! << 8)];
  let j = 63;
  const rmix = (): void => {
    for (let i = 3; i >= 0; i--) {
      const v = r[i]!;
      r[i] = ((v >> SHIFT[i]!) | (v << (16 - SHIFT[i]!))) & 0xffff;
      r[i] = (r[i]! - k[j--]! - (r[(i + 3) % 4]! & r[(i + 2) % 4]!) - (~r[(i + 3) % 4]! & r[(i + 1) % 4]!)) & 0xffff;
    }
  };
  const rmash = (): void => {
    for (let i = 3; i >= 0; i--) r[i] = (r[i]! - k[r[(i + 3) % 4]! & 63]!) & 0xffff;
  };
  for (let n = 0; n < 5; n++) rmix();
  rmash();
  for (let n = 0; n < 6; n++) rmix();
  rmash();
  for (let n = 0; n < 5; n++) rmix();
  return Uint8Array.from(r.flatMap((w) => [w & 0xff, w >> 8]));
}

/** Decrypts RC2-CBC with PKCS#7 padding. */
export function rc2CbcDecrypt(key: Uint8Array, effectiveBits: number, iv: Uint8Array, data: Uint8Array): Uint8Array {
  if (data.length === 0 || data.length % 8 !== 0) abort('cms/bad-ciphertext', 'Ciphertext length is not a multiple of the block size.');
  const k = rc2ExpandKey(key, effectiveBits);
  const out = new Uint8Array(data.length);
  let prev = iv;
  for (let i = 0; i < data.length; i += 8) {
    const c = data.subarray(i, i + 8);
    const p = rc2DecryptBlock(k, c);
    for (let x = 0; x < 8; x++) out[i + x] = p[x]! ^ prev[x]!;
    prev = c;
  }
  return removePadding(out);
}
