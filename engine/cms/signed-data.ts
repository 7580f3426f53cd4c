/**
 * CMS SignedData building (RFC 5652 §5) for detached signatures: signed attributes as PAdES
 * (ETSI EN 319 142-1 §6.3, CAdES EN 319 122-1 §5.2) and adbe.pkcs7.detached want them, DER-sorted;
 * SignerInfo with issuerAndSerialNumber; certificates; unsigned attributes (time-stamp tokens).
 */
import type { CertificateInfo } from './certificate';
import { bytesEqual } from './certificate';
import type { DigestName, SignatureScheme } from './algorithms';
import { digestAlgorithmId, signatureAlgorithmId } from './algorithms';
import { explicit, generalizedTime, implicit, integer, octetString, oid, seq, setOf, tlv, utcTime } from './der';
import { OID } from './oids';
import { bufferSource } from './buffer-source';

/** Encodes an Attribute `{ type, SET OF values }` (RFC 5652 §5.3). */
export function attribute(type: string, ...values: Uint8Array[]): Uint8Array {
  return seq(oid(type), setOf(...values));
}

/** ESS signing-certificate-v2 (RFC 5035 §3): SHA-256 of the certificate plus issuer and serial. */
export async function signingCertificateV2(cert: CertificateInfo, subtle: SubtleCrypto): Promise<Uint8Array> {
  const hash = new Uint8Array(await subtle.digest('SHA-256', bufferSource(cert.der)));
  // ESSCertIDv2: hashAlgorithm DEFAULT sha256 is omitted (DER); IssuerSerial uses a directoryName GeneralName [4].
  const issuerSerial = seq(seq(explicit(4, cert.issuerDer)), tlv(0x02, cert.serial));
  const essCertId = seq(octetString(hash), issuerSerial);
  return attribute(OID.signingCertificateV2, seq(seq(essCertId)));
}

/** Inputs of the signed attributes. */
export interface SignedAttributesInput {
  /** Digest of the signed content (the PDF byte ranges). */
  readonly messageDigest: Uint8Array;
  readonly certificate: CertificateInfo;
  /** Content type; `data` for PDF signatures. */
  readonly contentType?: string;
  /** A signing-time attribute; PAdES forbids it (the time is the PDF /M), adbe.pkcs7.detached allows it. */
  readonly signingTime?: Date;
  /** Include ESS signing-certificate-v2 (required by PAdES). */
  readonly includeSigningCertificate?: boolean;
}

/** Builds the signed attributes, each as an Attribute DER. */
export async function buildSignedAttributes(input: SignedAttributesInput, subtle: SubtleCrypto): Promise<Uint8Array[]> {
  const attrs = [attribute(OID.contentType, oid(input.contentType ?? OID.data)), attribute(OID.messageDigest, octetString(input.messageDigest))];
  if (input.signingTime) {
    const y = input.signingTime.getUTCFullYear();
    attrs.push(attribute(OID.signingTime, y >= 1950 && y < 2050 ? utcTime(input.signingTime) : generalizedTime(input.signingTime)));
  }
  if (input.includeSigningCertificate !== false) attrs.push(await signingCertificateV2(input.certificate, subtle));
  return attrs;
}

/** The DER that is signed: the attributes as an explicit SET OF, sorted (RFC 5652 §5.4). */
export function signedAttributesForSigning(attrs: readonly Uint8Array[]): Uint8Array {
  return setOf(...attrs);
}

/** Inputs of one SignerInfo. */
export interface SignerInfoInput {
  readonly certificate: CertificateInfo;
  readonly digest: DigestName;
  readonly scheme: SignatureScheme;
  readonly signedAttributes: readonly Uint8Array[];
  readonly signature: Uint8Array;
  readonly unsignedAttributes?: readonly Uint8Array[];
}

/** Encodes a SignerInfo version 1 with issuerAndSerialNumber (RFC 5652 §5.3). */
export function buildSignerInfo(s: SignerInfoInput): Uint8Array {
  const parts = [
    integer(1),
    seq(s.certificate.issuerDer, tlv(0x02, s.certificate.serial)),
    digestAlgorithmId(s.digest),
    implicit(0, signedAttributesForSigning(s.signedAttributes)),
    signatureAlgorithmId(s.scheme, s.digest),
    octetString(s.signature),
  ];
  if (s.unsignedAttributes && s.unsignedAttributes.length > 0) parts.push(implicit(1, setOf(...s.unsignedAttributes)));
  return seq(...parts);
}

/** Inputs of a SignedData. */
export interface SignedDataInput {
  readonly digests: readonly DigestName[];
  readonly certificates: readonly CertificateInfo[];
  readonly signerInfos: readonly Uint8Array[];
  /** Encapsulated content type (data by default); content is detached unless `eContent` is given. */
  readonly eContentType?: string;
  readonly eContent?: Uint8Array;
}

/** Encodes ContentInfo { signedData } (RFC 5652 §3, §5.1). */
export function buildSignedData(input: SignedDataInput): Uint8Array {
  const encap = input.eContent
    ? seq(oid(input.eContentType ?? OID.data), explicit(0, octetString(input.eContent)))
    : seq(oid(input.eContentType ?? OID.data));
  const unique = [...new Set(input.digests)];
  const certs = dedupe(input.certificates.map((c) => c.der));
  const sd = seq(
    integer(input.eContentType && input.eContentType !== OID.data ? 3 : 1),
    setOf(...unique.map(digestAlgorithmId)),
    encap,
    implicit(0, setOf(...certs)),
    setOf(...input.signerInfos),
  );
  return seq(oid(OID.signedData), explicit(0, sd));
}

function dedupe(list: readonly Uint8Array[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const c of list) if (!out.some((o) => bytesEqual(o, c))) out.push(c);
  return out;
}
