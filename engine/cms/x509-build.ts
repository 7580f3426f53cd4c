/**
 * X.509 v3 certificate issuing (RFC 5280 §4.1) through WebCrypto, for the development identity and
 * for tests: names, validity, basic constraints, key usage and key identifiers.
 */
import type { CertificateInfo } from './certificate';
import { parseCertificate } from './certificate';
import { algorithmId, bitString, boolean, explicit, ia5String, integerFromBytes, octetString, oid, printableString, seq, setOf, utf8String, x509Time } from './der';
import { children, content, parseDer } from './der-read';
import { OID } from './oids';
import { bufferSource } from './buffer-source';

/** A subject or issuer name as attribute pairs, most significant first (C, O, CN). */
export type NameParts = ReadonlyArray<readonly [type: 'C' | 'O' | 'OU' | 'CN' | 'emailAddress', value: string]>;

const NAME_OIDS = { C: OID.countryName, O: OID.organizationName, OU: OID.organizationalUnitName, CN: OID.commonName, emailAddress: OID.emailAddress };

/** Encodes a Name (RFC 5280 §4.1.2.4): C as PrintableString, e-mail as IA5String, others UTF8String. */
export function encodeName(parts: NameParts): Uint8Array {
  return seq(
    ...parts.map(([t, v]) => {
      const value = t === 'C' ? printableString(v) : t === 'emailAddress' ? ia5String(v) : utf8String(v);
      return setOf(seq(oid(NAME_OIDS[t]), value));
    }),
  );
}

/** What to put in a certificate. */
export interface IssueOptions {
  readonly subject: NameParts;
  /** Issuer certificate; self-signed when absent. */
  readonly issuer?: CertificateInfo;
  /** The subject's public key (SPKI is exported from it). */
  readonly publicKey: CryptoKey;
  /** The issuer's private key (RSASSA-PKCS1-v1_5 SHA-256). */
  readonly signingKey: CryptoKey;
  readonly serial: Uint8Array;
  readonly notBefore: Date;
  readonly notAfter: Date;
  readonly isCA: boolean;
}

function extension(id: string, critical: boolean, value: Uint8Array): Uint8Array {
  return critical ? seq(oid(id), boolean(true), octetString(value)) : seq(oid(id), octetString(value));
}

/** Issues a certificate signed with SHA-256 and RSA PKCS#1 v1.5. */
export async function issueCertificate(o: IssueOptions, subtle: SubtleCrypto): Promise<CertificateInfo> {
  const spki = new Uint8Array(await subtle.exportKey('spki', o.publicKey));
  const keyBits = content(children(parseDer(spki))[1]!).subarray(1);
  const ski = new Uint8Array(await subtle.digest('SHA-1', bufferSource(keyBits)));
  const subjectName = encodeName(o.subject);
  const issuerName = o.issuer ? o.issuer.subjectDer : subjectName;
  const aki = o.issuer?.subjectKeyId ?? ski;
  // KeyUsage (§4.2.1.3): CA keyCertSign|cRLSign; signer digitalSignature|nonRepudiation.
  const keyUsage = o.isCA ? Uint8Array.of(0x03, 0x02, 0x01, 0x06) : Uint8Array.of(0x03, 0x02, 0x06, 0xc0);
  const exts = [
    extension(OID.basicConstraints, true, o.isCA ? seq(boolean(true)) : seq()),
    extension(OID.keyUsage, true, keyUsage),
    extension(OID.subjectKeyIdentifier, false, octetString(ski)),
    extension(OID.authorityKeyIdentifier, false, seq(Uint8Array.of(0x80, aki.length, ...aki))),
  ];
  const sigAlg = algorithmId(OID.sha256WithRSA, null);
  const serial = new Uint8Array(o.serial);
  serial[0]! &= 0x7f;
  const tbs = seq(explicit(0, integerFromBytes(Uint8Array.of(2))), integerFromBytes(serial), sigAlg, issuerName, seq(x509Time(o.notBefore), x509Time(o.notAfter)), subjectName, spki, explicit(3, seq(...exts)));
  const sig = new Uint8Array(await subtle.sign('RSASSA-PKCS1-v1_5', o.signingKey, bufferSource(tbs)));
  return parseCertificate(seq(tbs, sigAlg, bitString(sig)));
}
