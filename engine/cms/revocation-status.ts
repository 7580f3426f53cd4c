/**
 * What one CRL (RFC 5280 §5) or OCSP response (RFC 6960 §4.2) says about one certificate. The data
 * counts only when it names the certificate, comes from the certificate's issuer (or a responder
 * the issuer delegated, §4.2.2.2) and its signature verifies; otherwise it proves nothing and the
 * answer is `undefined`. Used by verification (embedded and fetched data) and by signing (fetched
 * data is checked before it goes into a DSS).
 */
import { DiagnosticError } from '../core';
import type { CertificateInfo } from './certificate';
import { bytesEqual, parseCertificate } from './certificate';
import type { Asn1 } from './der-read';
import { children, content, encoding, parseDer, readNode, readOctets, readOid, readTime } from './der-read';
import { digestBytes, resolveDigest, resolveSignatureAlgorithm, verifyIssuedBy, verifyWithCertificate } from './signature-verify';

/** A verdict on one certificate, with the period the information covers. */
export interface RevocationStatus {
  readonly status: 'good' | 'revoked';
  readonly revokedAt?: Date;
  /** When the information was produced (CRL thisUpdate, OCSP SingleResponse thisUpdate). */
  readonly thisUpdate: Date;
  /** When newer information will be available, when stated. */
  readonly nextUpdate?: Date;
}

/** id-kp-OCSPSigning (RFC 5280 §4.2.1.12). */
const OCSP_SIGNING = '1.3.6.1.5.5.7.3.9';

/** A CRL's verdict on `cert` at time `at`, when the CRL is issued and signed by `issuer` (RFC 5280 §5.1). */
export async function crlStatus(subtle: SubtleCrypto, der: Uint8Array, cert: CertificateInfo, issuer: CertificateInfo, at: Date): Promise<RevocationStatus | undefined> {
  const [tbs, sigAlg, sigVal] = children(readNode(der, 0));
  const f = children(tbs!);
  let i = f[0]!.tag === 0x02 ? 1 : 0;
  i++; // signature AlgorithmIdentifier
  const crlIssuer = encoding(f[i++]!);
  if (!bytesEqual(crlIssuer, issuer.subjectDer) || !bytesEqual(crlIssuer, cert.issuerDer)) return undefined;
  const thisUpdate = readTime(f[i++]!);
  const nextUpdate = f[i] && (f[i]!.tag === 0x17 || f[i]!.tag === 0x18) ? readTime(f[i++]!) : undefined;
  const period = { thisUpdate, ...(nextUpdate ? { nextUpdate } : {}) };
  const alg = resolveSignatureAlgorithm(encoding(sigAlg!), undefined);
  const ok = await verifyWithCertificate(subtle, issuer, alg, encoding(tbs!), content(sigVal!).subarray(1));
  if (!('verified' in ok) || !ok.verified) return undefined;
  const revoked = f[i] && f[i]!.tag === 0x30 ? children(f[i]!) : [];
  for (const entry of revoked) {
    const [serial, date] = children(entry);
    if (!sameSerial(content(serial!), cert.serial)) continue;
    const revokedAt = readTime(date!);
    return revokedAt.getTime() <= at.getTime() ? { status: 'revoked', revokedAt, ...period } : { status: 'good', ...period };
  }
  // A CRL issued before the certificate's validity began says nothing about it.
  return thisUpdate.getTime() >= cert.notBefore.getTime() ? { status: 'good', ...period } : undefined;
}

function sameSerial(a: Uint8Array, b: Uint8Array): boolean {
  const strip = (x: Uint8Array): Uint8Array => {
    let k = 0;
    while (k < x.length - 1 && x[k] === 0) k++;
    return x.subarray(k);
  };
  return bytesEqual(strip(a), strip(b));
}

/** The BasicOCSPResponse inside an OCSPResponse (or a bare BasicOCSPResponse, as some DSS hold). */
function basicResponse(der: Uint8Array): Asn1 {
  const root = readNode(der, 0);
  const parts = children(root);
  if (parts[0]?.tag === 0x0a) {
    const bytes = children(children(parts[1]!)[0]!);
    return parseDer(readOctets(bytes[1]!));
  }
  return root;
}

/** An OCSP response's verdict on `cert` at time `at`, when it is about `cert` and signed for `issuer`. */
export async function ocspStatus(subtle: SubtleCrypto, der: Uint8Array, cert: CertificateInfo, issuer: CertificateInfo, at: Date): Promise<RevocationStatus | undefined> {
  const [tbs, sigAlg, sigVal, certsNode] = children(basicResponse(der));
  const rd = children(tbs!);
  let i = rd[0]!.tag === 0xa0 ? 1 : 0;
  i += 2; // responderID, producedAt
  for (const single of children(rd[i]!)) {
    const [certId, status, thisUpdateNode, ...rest] = children(single);
    if (!(await certIdMatches(subtle, certId!, cert, issuer))) continue;
    const responder = await responderFor(subtle, certsNode, issuer);
    const alg = resolveSignatureAlgorithm(encoding(sigAlg!), undefined);
    const verified = await verifyWithCertificate(subtle, responder ?? issuer, alg, encoding(tbs!), content(sigVal!).subarray(1));
    if (!('verified' in verified) || !verified.verified) return undefined;
    // SingleResponse: thisUpdate GeneralizedTime, nextUpdate [0] EXPLICIT GeneralizedTime OPTIONAL.
    const next = rest.find((n) => n.tag === 0xa0);
    const period = { thisUpdate: readTime(thisUpdateNode!), ...(next ? { nextUpdate: readTime(children(next)[0]!) } : {}) };
    if (status!.tag === 0x80) return { status: 'good', ...period };
    if (status!.tag === 0xa1) {
      const revokedAt = readTime(children(status!)[0]!);
      return revokedAt.getTime() <= at.getTime() ? { status: 'revoked', revokedAt, ...period } : { status: 'good', ...period };
    }
    return undefined;
  }
  return undefined;
}

async function certIdMatches(subtle: SubtleCrypto, certId: Asn1, cert: CertificateInfo, issuer: CertificateInfo): Promise<boolean> {
  const [alg, nameHash, keyHash, serial] = children(certId);
  if (!sameSerial(content(serial!), cert.serial)) return false;
  const d = resolveDigest(readOid(children(alg!)[0]!));
  if (!('digest' in d)) return false;
  const nh = await digestBytes(subtle, d.digest, issuer.subjectDer);
  const kh = await digestBytes(subtle, d.digest, publicKeyBits(issuer));
  return bytesEqual(content(nameHash!), nh) && bytesEqual(content(keyHash!), kh);
}

/** The subjectPublicKey BIT STRING value without its unused-bits octet (RFC 6960 §4.1.1 issuerKeyHash). */
export function publicKeyBits(c: CertificateInfo): Uint8Array {
  return content(children(parseDer(c.spkiDer))[1]!).subarray(1);
}

/** A delegated responder (RFC 6960 §4.2.2.2): issued by the CA and marked for OCSP signing. */
async function responderFor(subtle: SubtleCrypto, certsNode: Asn1 | undefined, issuer: CertificateInfo): Promise<CertificateInfo | undefined> {
  if (!certsNode) return undefined;
  for (const c of children(children(certsNode)[0]!)) {
    const cert = parseCertificate(encoding(c));
    if (bytesEqual(cert.der, issuer.der)) return issuer;
    if (cert.extKeyUsage.includes(OCSP_SIGNING) && (await verifyIssuedBy(subtle, cert, issuer))) return cert;
  }
  return undefined;
}

/** The verdict of an OCSP response or a CRL, or undefined when the data is malformed (it then proves nothing). */
export async function revocationStatusOf(kind: 'ocsp' | 'crl', subtle: SubtleCrypto, der: Uint8Array, cert: CertificateInfo, issuer: CertificateInfo, at: Date): Promise<RevocationStatus | undefined> {
  try {
    return await (kind === 'ocsp' ? ocspStatus : crlStatus)(subtle, der, cert, issuer, at);
  } catch (e) {
    // Only a cancellation goes on; anything else is malformed input.
    if (e instanceof DiagnosticError || (e instanceof Error && e.name !== 'AbortError')) return undefined;
    throw e;
  }
}
