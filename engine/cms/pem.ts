/**
 * PEM (RFC 7468) decoding, and conversion of the private key formats found in PEM files —
 * PKCS#8, PKCS#1 RSA (RFC 8017 Appendix A.1.2) and SEC1 EC (RFC 5915) — into PKCS#8.
 */
import { abort } from '../core';
import { algorithmId, integer, octetString, oid, seq } from './der';
import { children, parseDer, readOid } from './der-read';
import { OID } from './oids';

/** One PEM block. */
export interface PemBlock {
  readonly label: string;
  readonly der: Uint8Array;
  /** Legacy OpenSSL encryption headers (`Proc-Type`, `DEK-Info`), when present. */
  readonly headers: Readonly<Record<string, string>>;
}

/** Decodes base64 (standard alphabet, white-space ignored); aborts on invalid characters. */
export function decodeBase64(text: string): Uint8Array {
  const clean = text.replace(/[\s]/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) abort('cms/bad-base64', 'Invalid base64 text.');
  const bin = atob(clean);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Encodes bytes as base64. */
export function encodeBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** Extracts every `-----BEGIN X-----` block of a PEM text. */
export function decodePem(text: string): PemBlock[] {
  const out: PemBlock[] = [];
  const re = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const headers: Record<string, string> = {};
    const body = m[2]!.replace(/^([A-Za-z-]+):\s*(.*)$/gm, (_, k: string, v: string) => {
      headers[k] = v.trim();
      return '';
    });
    out.push({ label: m[1]!, der: decodeBase64(body), headers });
  }
  return out;
}

/** Encodes DER as a PEM block. */
export function encodePem(label: string, der: Uint8Array): string {
  const b64 = encodeBase64(der);
  const lines: string[] = [];
  for (let i = 0; i < b64.length; i += 64) lines.push(b64.slice(i, i + 64));
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** Wraps a PKCS#1 RSAPrivateKey into PKCS#8 PrivateKeyInfo (RFC 5208 §5). */
export function pkcs1ToPkcs8(rsaPrivateKey: Uint8Array): Uint8Array {
  return seq(integer(0), algorithmId(OID.rsaEncryption, null), octetString(rsaPrivateKey));
}

/** Wraps a SEC1 ECPrivateKey (with its curve parameters) into PKCS#8 PrivateKeyInfo (RFC 5915 §3). */
export function sec1ToPkcs8(ecPrivateKey: Uint8Array): Uint8Array {
  const parts = children(parseDer(ecPrivateKey));
  const params = parts.find((p) => p.tag === 0xa0);
  if (!params) abort('cms/bad-key', 'The EC private key does not name its curve.');
  const curve = readOid(children(params)[0]!);
  return seq(integer(0), seq(oid(OID.ecPublicKey), oid(curve)), octetString(ecPrivateKey));
}
