/**
 * Revocation checking from embedded data — CRLs (RFC 5280 §5) and OCSP responses (RFC 6960 §4.2)
 * found in the CMS, the adbe-revocationInfoArchival attribute and the DSS / VRI — and, only when
 * the caller allows it and gives a fetch, from the network (CRL distribution points, OCSP AIA).
 */
import type { Asn1, CertificateInfo } from '../cms';
import { OID, bytesEqual, children, content, encoding, integerFromBytes, octetString, parseCertificate, parseDer, readNode, readOid, readOctets, readTime, seq, algorithmId } from '../cms';
import { bufferSource } from '../cms';
import { digestBytes, resolveDigest, resolveSignatureAlgorithm, verifyWithCertificate } from './algorithms';
import { crlUrls, hasExtendedKeyUsage, isAnchor, ocspUrls, verifyIssuedBy } from './chain';
import type { RevocationFetch, RevocationReport } from './types';

/** Where a piece of revocation data came from. */
export type RevocationSource = NonNullable<RevocationReport['source']>;

/** Revocation data gathered for a signature. */
export interface RevocationData {
  readonly crls: readonly { readonly der: Uint8Array; readonly source: RevocationSource }[];
  readonly ocsps: readonly { readonly der: Uint8Array; readonly source: RevocationSource }[];
}

/** Online access, when allowed. */
export interface OnlineAccess {
  readonly fetch: RevocationFetch;
  readonly signal?: AbortSignal;
}

interface Status {
  readonly status: 'good' | 'revoked';
  readonly revokedAt?: Date;
}

const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/** Checks every non-anchor certificate of a path at time `at`; the issuer of path[i] is path[i + 1]. */
export async function checkRevocation(
  subtle: SubtleCrypto,
  path: readonly CertificateInfo[],
  anchors: readonly CertificateInfo[],
  data: RevocationData,
  at: Date,
  online?: OnlineAccess,
): Promise<RevocationReport[]> {
  const out: RevocationReport[] = [];
  for (let i = 0; i + 1 < path.length; i++) {
    const cert = path[i]!;
    if (isAnchor(cert, anchors)) break;
    const issuer = path[i + 1]!;
    const found = await fromEmbedded(subtle, cert, issuer, data, at);
    const result = found ?? (online ? await fromNetwork(subtle, cert, issuer, at, online) : undefined);
    out.push(toReport(cert, result));
  }
  return out;
}

function toReport(cert: CertificateInfo, r: (Status & { source: RevocationSource }) | undefined): RevocationReport {
  if (!r) return { subject: cert.subject, status: 'unknown' };
  return { subject: cert.subject, status: r.status, source: r.source, ...(r.revokedAt ? { revokedAt: r.revokedAt.toISOString() } : {}) };
}

async function fromEmbedded(subtle: SubtleCrypto, cert: CertificateInfo, issuer: CertificateInfo, data: RevocationData, at: Date): Promise<(Status & { source: RevocationSource }) | undefined> {
  for (const o of data.ocsps) {
    const s = await safely(() => ocspStatus(subtle, o.der, cert, issuer, at));
    if (s) return { ...s, source: o.source };
  }
  for (const c of data.crls) {
    const s = await safely(() => crlStatus(subtle, c.der, cert, issuer, at));
    if (s) return { ...s, source: c.source };
  }
  return undefined;
}

async function safely<T>(f: () => Promise<T | undefined>): Promise<T | undefined> {
  try {
    return await f();
  } catch (e) {
    // Malformed revocation data is ignored (it simply proves nothing), never fatal.
    if (e instanceof Error && !(e.name === 'AbortError')) return undefined;
    throw e;
  }
}

/** A CRL's verdict on `cert`, when the CRL is issued and signed by `issuer` (RFC 5280 §5.1). */
export async function crlStatus(subtle: SubtleCrypto, der: Uint8Array, cert: CertificateInfo, issuer: CertificateInfo, at: Date): Promise<Status | undefined> {
  const [tbs, sigAlg, sigVal] = children(readNode(der, 0));
  const f = children(tbs!);
  let i = f[0]!.tag === 0x02 ? 1 : 0;
  i++; // signature AlgorithmIdentifier
  const crlIssuer = encoding(f[i++]!);
  if (!bytesEqual(crlIssuer, issuer.subjectDer) || !bytesEqual(crlIssuer, cert.issuerDer)) return undefined;
  const thisUpdate = readTime(f[i++]!);
  if (f[i] && (f[i]!.tag === 0x17 || f[i]!.tag === 0x18)) i++;
  const alg = resolveSignatureAlgorithm(encoding(sigAlg!), undefined);
  const ok = await verifyWithCertificate(subtle, issuer, alg, encoding(tbs!), content(sigVal!).subarray(1));
  if (!('verified' in ok) || !ok.verified) return undefined;
  const revoked = f[i] && f[i]!.tag === 0x30 ? children(f[i]!) : [];
  for (const entry of revoked) {
    const [serial, date] = children(entry);
    if (!sameSerial(content(serial!), cert.serial)) continue;
    const revokedAt = readTime(date!);
    return revokedAt.getTime() <= at.getTime() ? { status: 'revoked', revokedAt } : { status: 'good' };
  }
  // A CRL issued before the certificate's validity began says nothing about it.
  return thisUpdate.getTime() >= cert.notBefore.getTime() ? { status: 'good' } : undefined;
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

/** An OCSP response's verdict on `cert`, when it is about `cert` and signed for `issuer`. */
export async function ocspStatus(subtle: SubtleCrypto, der: Uint8Array, cert: CertificateInfo, issuer: CertificateInfo, at: Date): Promise<Status | undefined> {
  const [tbs, sigAlg, sigVal, certsNode] = children(basicResponse(der));
  const rd = children(tbs!);
  let i = rd[0]!.tag === 0xa0 ? 1 : 0;
  i += 2; // responderID, producedAt
  for (const single of children(rd[i]!)) {
    const [certId, status] = children(single);
    if (!(await certIdMatches(subtle, certId!, cert, issuer))) continue;
    const responder = await responderFor(subtle, certsNode, issuer);
    const alg = resolveSignatureAlgorithm(encoding(sigAlg!), undefined);
    const verified = await verifyWithCertificate(subtle, responder ?? issuer, alg, encoding(tbs!), content(sigVal!).subarray(1));
    if (!('verified' in verified) || !verified.verified) return undefined;
    if (status!.tag === 0x80) return { status: 'good' };
    if (status!.tag === 0xa1) {
      const revokedAt = readTime(children(status!)[0]!);
      return revokedAt.getTime() <= at.getTime() ? { status: 'revoked', revokedAt } : { status: 'good' };
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
function publicKeyBits(c: CertificateInfo): Uint8Array {
  return content(children(parseDer(c.spkiDer))[1]!).subarray(1);
}

/** A delegated responder (RFC 6960 §4.2.2.2): issued by the CA and marked for OCSP signing. */
async function responderFor(subtle: SubtleCrypto, certsNode: Asn1 | undefined, issuer: CertificateInfo): Promise<CertificateInfo | undefined> {
  if (!certsNode) return undefined;
  for (const c of children(children(certsNode)[0]!)) {
    const cert = parseCertificate(encoding(c));
    if (bytesEqual(cert.der, issuer.der)) return issuer;
    if (hasExtendedKeyUsage(cert, '1.3.6.1.5.5.7.3.9') && (await verifyIssuedBy(subtle, cert, issuer))) return cert;
  }
  return undefined;
}

async function fromNetwork(subtle: SubtleCrypto, cert: CertificateInfo, issuer: CertificateInfo, at: Date, online: OnlineAccess): Promise<(Status & { source: RevocationSource }) | undefined> {
  for (const url of safeList(() => ocspUrls(cert))) {
    const body = await download(online, url, 'POST', await ocspRequest(subtle, cert, issuer));
    const s = body && (await safely(() => ocspStatus(subtle, body, cert, issuer, at)));
    if (s) return { ...s, source: 'online' };
  }
  for (const url of safeList(() => crlUrls(cert))) {
    const body = await download(online, url, 'GET');
    const s = body && (await safely(() => crlStatus(subtle, body, cert, issuer, at)));
    if (s) return { ...s, source: 'online' };
  }
  return undefined;
}

function safeList(f: () => string[]): string[] {
  try {
    return f().filter((u) => /^https?:\/\//i.test(u));
  } catch {
    return [];
  }
}

async function download(online: OnlineAccess, url: string, method: 'GET' | 'POST', body?: Uint8Array): Promise<Uint8Array | undefined> {
  try {
    const res = await online.fetch(url, {
      method,
      ...(body ? { body: bufferSource(body), headers: { 'Content-Type': 'application/ocsp-request' } } : {}),
      ...(online.signal ? { signal: online.signal } : {}),
    });
    if (!res.ok) return undefined;
    const bytes = new Uint8Array(await res.arrayBuffer());
    return bytes.length <= MAX_RESPONSE_BYTES ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/** An OCSPRequest for one certificate with SHA-1 CertID hashes (RFC 6960 §4.1.1, RFC 5019 §2.1.1). */
async function ocspRequest(subtle: SubtleCrypto, cert: CertificateInfo, issuer: CertificateInfo): Promise<Uint8Array> {
  const nameHash = await digestBytes(subtle, 'SHA-1', issuer.subjectDer);
  const keyHash = await digestBytes(subtle, 'SHA-1', publicKeyBits(issuer));
  const certId = seq(algorithmId(OID.sha1, null), octetString(nameHash), octetString(keyHash), integerFromBytes(cert.serial));
  return seq(seq(seq(seq(certId))));
}
