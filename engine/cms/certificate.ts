/**
 * X.509 certificate reading (RFC 5280 §4.1): the fields signing and verification need, with the
 * raw DER of issuer, subject, serial and public key kept so they can be copied into CMS exactly.
 */
import { abort, DiagnosticError } from '../core';
import type { Asn1 } from './der-read';
import { children, content, encoding, expectTag, parseDer, readOid, readString, readTime, readOctets } from './der-read';
import { NAME_LABELS, OID } from './oids';

/** The public key kind of a certificate. */
export type KeyKind = 'rsa' | 'ec' | 'ed25519' | 'other';

/** A parsed certificate. */
export interface CertificateInfo {
  /** The whole certificate DER. */
  readonly der: Uint8Array;
  /** serialNumber INTEGER content octets (two's complement, as encoded). */
  readonly serial: Uint8Array;
  /** Issuer Name, full DER. */
  readonly issuerDer: Uint8Array;
  /** Subject Name, full DER. */
  readonly subjectDer: Uint8Array;
  /** SubjectPublicKeyInfo, full DER. */
  readonly spkiDer: Uint8Array;
  readonly issuer: string;
  readonly subject: string;
  /** Subject commonName (or the whole subject when it has none). */
  readonly commonName: string;
  /** Subject e-mail (emailAddress attribute or rfc822Name in subjectAltName), when present. */
  readonly email?: string;
  readonly notBefore: Date;
  readonly notAfter: Date;
  readonly keyKind: KeyKind;
  /** Named curve OID for EC keys. */
  readonly curve?: string;
  /** RSA modulus length in bits. */
  readonly rsaBits?: number;
  /** basicConstraints cA. */
  readonly isCA: boolean;
  /** subjectKeyIdentifier extension value. */
  readonly subjectKeyId?: Uint8Array;
  /** authorityKeyIdentifier keyIdentifier. */
  readonly authorityKeyId?: Uint8Array;
  /** extKeyUsage OIDs. */
  readonly extKeyUsage: readonly string[];
  /** Raw TBSCertificate, signature algorithm OID and signature value (for chain checks). */
  readonly tbsDer: Uint8Array;
  readonly signatureAlgorithm: string;
  readonly signatureValue: Uint8Array;
}

/** Parses a DER certificate; aborts with `cms/bad-certificate` when it is not one. */
export function parseCertificate(der: Uint8Array): CertificateInfo {
  try {
    return parseCertificateUnsafe(der);
  } catch (e) {
    if (e instanceof DiagnosticError) abort('cms/bad-certificate', `Not a valid X.509 certificate: ${e.diagnostic.message}`);
    throw e;
  }
}

function parseCertificateUnsafe(der: Uint8Array): CertificateInfo {
  const root = expectTag(parseDer(der), 0x30, 'Certificate');
  const [tbs, sigAlg, sigVal] = children(root);
  expectTag(tbs, 0x30, 'TBSCertificate');
  let f = children(tbs!);
  if (f[0] && f[0].tag === 0xa0) f = f.slice(1);
  const [serial, , issuer, validity, subject, spki] = f;
  expectTag(serial, 0x02, 'serialNumber');
  const [nb, na] = children(expectTag(validity, 0x30, 'Validity'));
  const key = keyInfo(expectTag(spki, 0x30, 'SubjectPublicKeyInfo'));
  const ext = readExtensions(f.find((x) => x.tag === 0xa3));
  const subjectDn = formatName(expectTag(subject, 0x30, 'subject'));
  const email = nameAttribute(subject!, OID.emailAddress) ?? ext.email;
  return {
    der,
    serial: content(serial!),
    issuerDer: encoding(expectTag(issuer, 0x30, 'issuer')),
    subjectDer: encoding(subject!),
    spkiDer: encoding(spki!),
    issuer: formatName(issuer!),
    subject: subjectDn,
    commonName: nameAttribute(subject!, OID.commonName) ?? subjectDn,
    ...(email ? { email } : {}),
    notBefore: readTime(nb!),
    notAfter: readTime(na!),
    ...key,
    ...ext.fields,
    tbsDer: encoding(tbs!),
    signatureAlgorithm: readOid(children(expectTag(sigAlg, 0x30, 'signatureAlgorithm'))[0]!),
    signatureValue: content(expectTag(sigVal, 0x03, 'signatureValue')).subarray(1),
  };
}

function keyInfo(spki: Asn1): { keyKind: KeyKind; curve?: string; rsaBits?: number } {
  const [alg, bits] = children(spki);
  const algParts = children(expectTag(alg, 0x30, 'AlgorithmIdentifier'));
  const algOid = readOid(algParts[0]!);
  if (algOid === OID.rsaEncryption || algOid === OID.rsassaPss) {
    const rsa = parseDer(content(expectTag(bits, 0x03, 'subjectPublicKey')).subarray(1));
    const modulus = content(children(rsa)[0]!);
    let n = modulus.length;
    let i = 0;
    while (i < modulus.length && modulus[i] === 0) {
      i++;
      n--;
    }
    const top = modulus[i] ?? 0;
    return { keyKind: 'rsa', rsaBits: (n - 1) * 8 + (top === 0 ? 0 : 32 - Math.clz32(top)) };
  }
  if (algOid === OID.ecPublicKey) return { keyKind: 'ec', curve: algParts[1] && algParts[1].tag === 0x06 ? readOid(algParts[1]) : '' };
  if (algOid === OID.ed25519) return { keyKind: 'ed25519' };
  return { keyKind: 'other' };
}

interface ExtFields {
  isCA: boolean;
  subjectKeyId?: Uint8Array;
  authorityKeyId?: Uint8Array;
  extKeyUsage: string[];
}

function readExtensions(wrapper: Asn1 | undefined): { fields: ExtFields; email?: string } {
  const fields: ExtFields = { isCA: false, extKeyUsage: [] };
  let email: string | undefined;
  if (!wrapper) return { fields };
  for (const ext of children(children(wrapper)[0]!)) {
    const parts = children(ext);
    const id = readOid(parts[0]!);
    const value = parseDer(readOctets(parts[parts.length - 1]!));
    if (id === OID.basicConstraints) fields.isCA = children(value).some((c) => c.tag === 0x01 && content(c)[0] !== 0);
    else if (id === OID.subjectKeyIdentifier) fields.subjectKeyId = content(value);
    else if (id === OID.authorityKeyIdentifier) {
      const kid = children(value).find((c) => c.tag === 0x80);
      if (kid) fields.authorityKeyId = content(kid);
    } else if (id === OID.extKeyUsage) fields.extKeyUsage = children(value).map(readOid);
    else if (id === OID.subjectAltName) {
      const rfc822 = children(value).find((c) => c.tag === 0x81);
      if (rfc822) email = readString(rfc822);
    }
  }
  return { fields, ...(email ? { email } : {}) };
}

/** Formats a Name (RFC 4514 order reversed to the familiar "CN=..., O=..., C=..." reading). */
export function formatName(name: Asn1): string {
  const parts: string[] = [];
  for (const rdn of children(name)) {
    for (const atv of children(rdn)) {
      const [type, value] = children(atv);
      const id = readOid(type!);
      parts.push(`${NAME_LABELS[id] ?? id}=${value ? readString(value) : ''}`);
    }
  }
  return parts.reverse().join(', ');
}

/** The first value of an attribute type in a Name. */
export function nameAttribute(name: Asn1, attrOid: string): string | undefined {
  for (const rdn of children(name)) {
    for (const atv of children(rdn)) {
      const [type, value] = children(atv);
      if (readOid(type!) === attrOid && value) return readString(value);
    }
  }
  return undefined;
}

/** True when two DER byte strings are equal. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Orders a certificate pool into a chain starting at `leaf`, following issuer → subject (and key
 * identifiers when names repeat). Certificates that do not belong to the chain are left out.
 */
export function buildChain(leaf: CertificateInfo, pool: readonly CertificateInfo[]): CertificateInfo[] {
  const chain = [leaf];
  const used = new Set<Uint8Array>([leaf.der]);
  let cur = leaf;
  for (let i = 0; i < 16 && !bytesEqual(cur.issuerDer, cur.subjectDer); i++) {
    const next = pool.find(
      (c) =>
        !used.has(c.der) &&
        bytesEqual(c.subjectDer, cur.issuerDer) &&
        (!cur.authorityKeyId || !c.subjectKeyId || bytesEqual(cur.authorityKeyId, c.subjectKeyId)),
    );
    if (!next) break;
    chain.push(next);
    used.add(next.der);
    cur = next;
  }
  return chain;
}
