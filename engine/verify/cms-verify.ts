/**
 * Verification of a foreign CMS SignedData (RFC 5652 §5.4–5.6) with one SignerInfo: BER input with
 * indefinite lengths and zero padding, message digest, signature over the signed attributes (checked
 * for DER order), signer found by issuer+serial or subject key identifier, ESS signing-certificate
 * (-v2) binding (RFC 2634 §5.4, RFC 5035 §3). Every outcome is data; nothing here throws on bad input.
 */
import { DiagnosticError, warning } from '../core';
import type { Diagnostic } from '../core';
import type { Asn1, CertificateInfo, Digest, ParsedSignedData, ParsedSignerInfo, SignatureAlgorithm } from '../cms';
import { OID, algorithmLabel, attributeOctets, bytesEqual, children, compareDer, content, digestBytes, encoding, findAttribute, parseCertificate, parseSignedData, readNode, readOid, readTime, resolveDigest, resolveSignatureAlgorithm, verifyWithCertificate } from '../cms';
import type { Indication, SubIndication } from './types';

/** The decisive problem of a check, in ETSI terms. */
export interface Failure {
  readonly indication: Exclude<Indication, 'TOTAL_PASSED'>;
  readonly sub: SubIndication;
  readonly code: string;
  readonly message: string;
}

/** What to verify a CMS against. */
export interface CmsCheckInput {
  readonly der: Uint8Array;
  /** Detached content; the encapsulated content is used when absent. */
  readonly detached?: Uint8Array;
  /** Reject encapsulated content (ISO 32000-2 §12.8.3.3: *.detached sub-filters). */
  readonly requireDetached?: boolean;
  /** Certificates from elsewhere (DSS, caller) that may identify the signer. */
  readonly pool: readonly CertificateInfo[];
  /**
   * Reject signed attributes that are not DER-encoded although the signature verifies over them.
   * CAdES (ETSI EN 319 122-1, RFC 5652 §5.4) requires DER; legacy PKCS#7 signers (adbe.pkcs7.*)
   * often sign the transmitted order and common verifiers accept it, so there it is a warning.
   */
  readonly strictDer?: boolean;
}

/** Everything learnt from one CMS. */
export interface CmsCheck {
  readonly parsed?: ParsedSignedData;
  readonly signerInfo?: ParsedSignerInfo;
  readonly certificates: readonly CertificateInfo[];
  readonly signerCert?: CertificateInfo;
  readonly identifiedBy?: 'issuer-serial' | 'subject-key-id';
  readonly digest?: Digest;
  readonly algorithm?: SignatureAlgorithm;
  readonly algorithmName?: string;
  readonly messageDigestMatches: boolean | null;
  readonly signatureVerifies: boolean | null;
  readonly signedAttributesDer: boolean | null;
  readonly signingCertificate: 'v1' | 'v2' | 'absent' | 'mismatch';
  readonly signingTime?: Date;
  readonly berIndefinite: boolean;
  readonly failures: readonly Failure[];
  readonly notes: readonly Diagnostic[];
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Parses and verifies a CMS SignedData; see the module comment. */
export async function checkCms(subtle: SubtleCrypto, input: CmsCheckInput): Promise<CmsCheck> {
  const r: Mutable<CmsCheck> = { certificates: [], messageDigestMatches: null, signatureVerifies: null, signedAttributesDer: null, signingCertificate: 'absent', berIndefinite: false, failures: [], notes: [] };
  const failures: Failure[] = [];
  const notes: Diagnostic[] = [];
  r.failures = failures;
  r.notes = notes;
  const fail = (indication: Failure['indication'], sub: SubIndication, code: string, message: string): void => {
    failures.push({ indication, sub, code, message });
  };
  try {
    if (!readStructure(input.der, r, notes, fail)) return r;
    const parsed = r.parsed!;
    const si = r.signerInfo!;
    if (input.requireDetached && parsed.eContent) {
      fail('TOTAL_FAILED', 'FORMAT_FAILURE', 'verify/encapsulated-content', 'The signature encapsulates content although its sub-filter requires a detached signature.');
    }
    const data = input.detached ?? parsed.eContent;
    const d = resolveDigest(si.digestAlgorithm);
    if ('notDigest' in d) {
      fail('TOTAL_FAILED', 'FORMAT_FAILURE', 'verify/digest-algorithm-invalid', `The SignerInfo names signature algorithm ${d.notDigest} where a digest algorithm belongs (RFC 5652 §5.3).`);
      return r;
    }
    if ('unsupported' in d) {
      fail('INDETERMINATE', 'CRYPTO_CONSTRAINTS_FAILURE', 'verify/unsupported-algorithm', `The digest algorithm ${d.unsupported} is not supported by this verifier's WebCrypto.`);
      return r;
    }
    r.digest = d.digest;
    if (!data) {
      fail('TOTAL_FAILED', 'FORMAT_FAILURE', 'verify/no-content', 'The signature has neither detached nor encapsulated content to check.');
      return r;
    }
    const toBeSigned = await checkSignedAttributes(subtle, si, parsed, data, d.digest, r, fail);
    findSigner(si, r, input.pool);
    if (!r.signerCert) {
      fail('INDETERMINATE', 'NO_SIGNING_CERTIFICATE_FOUND', 'verify/no-signing-certificate', 'The signing certificate is not in the signature or in the given certificates.');
      return r;
    }
    await checkSigningCertificateAttribute(subtle, si, r.signerCert, r, fail);
    await checkSignatureValue(subtle, si, r, toBeSigned, fail, notes, input.strictDer ?? false);
  } catch (e) {
    fail('TOTAL_FAILED', 'FORMAT_FAILURE', 'verify/cms-malformed', `The CMS signature is malformed: ${problemText(e)}`);
  }
  return r;
}

type FailFn = (indication: Failure['indication'], sub: SubIndication, code: string, message: string) => void;

function readStructure(der: Uint8Array, r: Mutable<CmsCheck>, notes: Diagnostic[], fail: FailFn): boolean {
  let root: Asn1;
  try {
    root = readNode(der, 0);
    r.parsed = parseSignedData(der);
  } catch (e) {
    fail('TOTAL_FAILED', 'FORMAT_FAILURE', 'verify/cms-unreadable', `The signature value is not a readable CMS SignedData: ${problemText(e)}`);
    return false;
  }
  for (let i = root.end; i < der.length; i++) {
    if (der[i] !== 0) {
      notes.push(warning('verify/cms-trailing-data', `${der.length - root.end} bytes after the CMS are not zero padding.`));
      break;
    }
  }
  r.berIndefinite = usesIndefinite(root, 0);
  for (const c of r.parsed.certificates) {
    try {
      r.certificates = [...r.certificates, parseCertificate(c)];
    } catch (e) {
      notes.push(warning('verify/bad-certificate', `A certificate in the signature is unreadable: ${problemText(e)}`));
    }
  }
  const infos = r.parsed.signerInfos;
  if (infos.length === 0) {
    fail('TOTAL_FAILED', 'FORMAT_FAILURE', 'verify/no-signer-info', 'The CMS has no SignerInfo.');
    return false;
  }
  if (infos.length > 1) notes.push(warning('verify/several-signer-infos', `The CMS has ${infos.length} SignerInfos; only the first is evaluated.`));
  r.signerInfo = infos[0]!;
  return true;
}

function usesIndefinite(n: Asn1, depth: number): boolean {
  if (n.indefinite) return true;
  if (depth >= 4 || !(n.tag & 0x20)) return false;
  return children(n).some((c) => usesIndefinite(c, depth + 1));
}

/** Checks message-digest, content-type, DER order and signing time; returns the bytes the signature covers. */
async function checkSignedAttributes(subtle: SubtleCrypto, si: ParsedSignerInfo, parsed: ParsedSignedData, data: Uint8Array, digest: Digest, r: Mutable<CmsCheck>, fail: FailFn): Promise<Uint8Array> {
  if (!si.signedAttributesDer) return data;
  const md = findAttribute(si.signedAttributes, OID.messageDigest);
  if (!md) {
    fail('TOTAL_FAILED', 'FORMAT_FAILURE', 'verify/no-message-digest', 'The signed attributes carry no message-digest (RFC 5652 §11.2).');
  } else {
    r.messageDigestMatches = bytesEqual(attributeOctets(md), await digestBytes(subtle, digest, data));
    if (!r.messageDigestMatches) fail('TOTAL_FAILED', 'HASH_FAILURE', 'verify/digest-mismatch', 'The signed bytes do not match the message digest in the signature: the document was changed after signing.');
  }
  const ct = findAttribute(si.signedAttributes, OID.contentType);
  if (ct && readOid(readNode(ct, 0)) !== parsed.eContentType) {
    fail('TOTAL_FAILED', 'FORMAT_FAILURE', 'verify/content-type-mismatch', 'The content-type attribute differs from the encapsulated content type (RFC 5652 §11.1).');
  }
  const st = findAttribute(si.signedAttributes, OID.signingTime);
  if (st) r.signingTime = readTime(readNode(st, 0));
  r.signedAttributesDer = isDerSet(si.signedAttributesDer);
  return si.signedAttributesDer;
}

/** True when a SET OF is in DER form: definite lengths and elements sorted (X.690 §11.6). */
function isDerSet(setDer: Uint8Array): boolean {
  const root = readNode(setDer, 0);
  if (root.indefinite) return false;
  const items = children(root);
  for (let i = 0; i < items.length; i++) {
    if (usesIndefinite(items[i]!, 0)) return false;
    if (i > 0 && compareDer(encoding(items[i - 1]!), encoding(items[i]!)) > 0) return false;
  }
  return true;
}

function sortedSet(setDer: Uint8Array): Uint8Array {
  const items = children(readNode(setDer, 0)).map(encoding).sort(compareDer);
  const body = new Uint8Array(items.reduce((n, x) => n + x.length, 0));
  let o = 0;
  for (const x of items) {
    body.set(x, o);
    o += x.length;
  }
  const header = setDer.subarray(0, readNode(setDer, 0).contentStart);
  const out = new Uint8Array(header.length + body.length);
  out.set(header);
  out.set(body, header.length);
  return out;
}

function stripZeros(b: Uint8Array): Uint8Array {
  let i = 0;
  while (i < b.length - 1 && b[i] === 0) i++;
  return b.subarray(i);
}

/** Finds the signer certificate by the SignerIdentifier (RFC 5652 §5.3). */
function findSigner(si: ParsedSignerInfo, r: Mutable<CmsCheck>, pool: readonly CertificateInfo[]): void {
  const sid = readNode(si.sid, 0);
  const candidates = [...r.certificates, ...pool];
  if (sid.tag === 0x30) {
    const [issuer, serial] = children(sid);
    const issuerDer = encoding(issuer!);
    const serialBytes = stripZeros(content(serial!));
    r.identifiedBy = 'issuer-serial';
    r.signerCert = candidates.find((c) => bytesEqual(stripZeros(c.serial), serialBytes) && bytesEqual(c.issuerDer, issuerDer));
    r.signerCert ??= candidates.find((c) => bytesEqual(stripZeros(c.serial), serialBytes) && sameNameText(c.issuerDer, issuerDer));
  } else if ((sid.tag & 0xdf) === 0x80) {
    const ski = sid.tag & 0x20 ? content(children(sid)[0]!) : content(sid);
    r.identifiedBy = 'subject-key-id';
    r.signerCert = candidates.find((c) => c.subjectKeyId && bytesEqual(c.subjectKeyId, ski));
  }
}

/** Names that differ only in string type or encoding compare equal by their formatted text. */
function sameNameText(a: Uint8Array, b: Uint8Array): boolean {
  try {
    return parseNameText(a) === parseNameText(b);
  } catch (e) {
    problemText(e);
    return false;
  }
}

function parseNameText(der: Uint8Array): string {
  const parts: string[] = [];
  for (const rdn of children(readNode(der, 0))) for (const atv of children(rdn)) parts.push(`${readOid(children(atv)[0]!)}=${new TextDecoder().decode(content(children(atv)[1]!)).trim().toLowerCase()}`);
  return parts.join(',');
}

/** ESS signing-certificate(-v2): the first ESSCertID must hash to the signer certificate. */
async function checkSigningCertificateAttribute(subtle: SubtleCrypto, si: ParsedSignerInfo, cert: CertificateInfo, r: Mutable<CmsCheck>, fail: FailFn): Promise<void> {
  const v2 = findAttribute(si.signedAttributes, OID.signingCertificateV2);
  const v1 = v2 ? undefined : findAttribute(si.signedAttributes, OID.signingCertificate);
  const value = v2 ?? v1;
  if (!value) return;
  const first = children(children(readNode(value, 0))[0]!)[0];
  if (!first) {
    r.signingCertificate = 'mismatch';
    fail('INDETERMINATE', 'NO_SIGNING_CERTIFICATE_FOUND', 'verify/signing-certificate-mismatch', 'The signing-certificate attribute lists no certificate.');
    return;
  }
  const parts = children(first);
  let hash: Digest | undefined = v2 ? 'SHA-256' : 'SHA-1';
  let i = 0;
  if (parts[0]?.tag === 0x30) {
    const d = resolveDigest(readOid(children(parts[0])[0]!));
    hash = 'digest' in d ? d.digest : undefined;
    i = 1;
  }
  if (!hash) {
    r.signingCertificate = v2 ? 'v2' : 'v1';
    return;
  }
  const certHash = content(parts[i]!);
  let matches = bytesEqual(certHash, await digestBytes(subtle, hash, cert.der));
  const issuerSerial = parts[i + 1];
  if (matches && issuerSerial) matches = issuerSerialMatches(issuerSerial, cert);
  r.signingCertificate = matches ? (v2 ? 'v2' : 'v1') : 'mismatch';
  if (!matches) fail('INDETERMINATE', 'NO_SIGNING_CERTIFICATE_FOUND', 'verify/signing-certificate-mismatch', 'The signing-certificate attribute does not identify the certificate that made the signature.');
}

function issuerSerialMatches(node: Asn1, cert: CertificateInfo): boolean {
  const [names, serial] = children(node);
  if (!serial || !bytesEqual(stripZeros(content(serial)), stripZeros(cert.serial))) return false;
  // GeneralNames: a directoryName [4] holds the issuer Name (RFC 5280 §4.2.1.6).
  const dir = children(names!).find((g) => g.tag === 0xa4);
  if (!dir) return true;
  const name = encoding(children(dir)[0]!);
  return bytesEqual(name, cert.issuerDer) || sameNameText(name, cert.issuerDer);
}

async function checkSignatureValue(subtle: SubtleCrypto, si: ParsedSignerInfo, r: Mutable<CmsCheck>, toBeSigned: Uint8Array, fail: FailFn, notes: Diagnostic[], strictDer: boolean): Promise<void> {
  const alg = resolveSignatureAlgorithm(si.signatureAlgorithm, r.digest);
  r.algorithm = alg;
  r.algorithmName = algorithmLabel(alg);
  const outcome = await verifyWithCertificate(subtle, r.signerCert!, alg, toBeSigned, si.signature);
  if ('unsupported' in outcome) {
    fail('INDETERMINATE', 'CRYPTO_CONSTRAINTS_FAILURE', 'verify/unsupported-algorithm', `The signature algorithm ${outcome.unsupported} is not supported by this verifier's WebCrypto, so the signature value could not be checked.`);
    return;
  }
  let verified = outcome.verified;
  if (!verified && si.signedAttributesDer && r.signedAttributesDer === false) {
    const again = await verifyWithCertificate(subtle, r.signerCert!, alg, sortedSet(si.signedAttributesDer), si.signature);
    if ('verified' in again && again.verified) {
      verified = true;
      notes.push(warning('verify/signed-attributes-reordered', 'The signed attributes were transmitted out of DER order; the signature verifies over their DER encoding.'));
      r.signedAttributesDer = true;
    }
  }
  r.signatureVerifies = verified;
  if (!verified) {
    fail('TOTAL_FAILED', 'SIG_CRYPTO_FAILURE', 'verify/signature-invalid', 'The signature value does not verify with the signer certificate.');
  } else if (r.signedAttributesDer === false && !strictDer) {
    notes.push(warning('verify/signed-attributes-not-der', 'The signed attributes are not in DER order; the signature covers them as transmitted (accepted for PKCS#7 signatures).'));
  } else if (r.signedAttributesDer === false) {
    fail('TOTAL_FAILED', 'SIG_CRYPTO_FAILURE', 'verify/signed-attributes-not-der', 'The signed attributes are not DER-encoded and the signature covers that non-DER encoding, which RFC 5652 §5.4 does not allow.');
  }
}

/**
 * The message of a parsing problem. The shared DER walker reports malformed input as a
 * DiagnosticError, but a structurally wrong tree (a missing child) surfaces as a TypeError; both
 * mean "malformed signature" here, and are reported as such rather than crossing the stage boundary.
 */
export function problemText(e: unknown): string {
  if (e instanceof DiagnosticError) return e.diagnostic.message;
  if (e instanceof TypeError || e instanceof RangeError) return 'an expected ASN.1 element is missing or has the wrong type';
  throw e;
}

/** The decisive failure: TOTAL_FAILED before INDETERMINATE, in the order found. */
export function decisiveFailure(failures: readonly Failure[]): Failure | undefined {
  return failures.find((f) => f.indication === 'TOTAL_FAILED') ?? failures[0];
}
