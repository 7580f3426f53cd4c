/**
 * Certification path building and checking (RFC 5280 §6, simplified to what signature validation
 * needs): from the signer certificate through the certificates of the CMS, the DSS and the caller,
 * to a trust anchor the caller passed explicitly. No system trust store is ever consulted.
 * Each link is a verified signature (cached); issuers must be CAs; validity is judged at one time.
 */
import type { CertificateInfo } from '../cms';
import { OID, buildChain, bytesEqual, verifyIssuedBy } from '../cms';
import type { CertificateSummary } from './types';

/** Certificates available for path building. */
export interface TrustContext {
  readonly subtle: SubtleCrypto;
  readonly anchors: readonly CertificateInfo[];
  readonly pool: readonly CertificateInfo[];
}

/** A built path: the signer first, ending at an anchor when trusted. */
export interface PathResult {
  readonly status: 'trusted' | 'untrusted' | 'invalid';
  readonly path: readonly CertificateInfo[];
  readonly anchor?: CertificateInfo;
  readonly problem?: string;
}

const MAX_PATH = 12;
const MAX_LINK_CHECKS = 200;

/** True when `c` is (or is the same key and subject as) one of the anchors. */
export function isAnchor(c: CertificateInfo, anchors: readonly CertificateInfo[]): CertificateInfo | undefined {
  return anchors.find((a) => bytesEqual(a.der, c.der) || (bytesEqual(a.subjectDer, c.subjectDer) && bytesEqual(a.spkiDer, c.spkiDer)));
}

function mayHaveIssued(child: CertificateInfo, issuer: CertificateInfo): boolean {
  if (!bytesEqual(child.issuerDer, issuer.subjectDer)) return false;
  return !child.authorityKeyId || !issuer.subjectKeyId || bytesEqual(child.authorityKeyId, issuer.subjectKeyId);
}

/** Builds a path from `leaf` to an anchor, trying every candidate issuer depth-first. */
export async function buildPath(leaf: CertificateInfo, ctx: TrustContext): Promise<PathResult> {
  const candidates = [...ctx.anchors, ...ctx.pool];
  let checks = 0;
  let problem: string | undefined;
  const extend = async (path: CertificateInfo[]): Promise<CertificateInfo[] | undefined> => {
    const cur = path[path.length - 1]!;
    if (isAnchor(cur, ctx.anchors)) return path;
    if (path.length >= MAX_PATH) return undefined;
    for (const c of candidates) {
      if (path.some((p) => bytesEqual(p.der, c.der)) || !mayHaveIssued(cur, c)) continue;
      if (++checks > MAX_LINK_CHECKS) return undefined;
      if (!(await verifyIssuedBy(ctx.subtle, cur, c))) {
        problem = `The signature of certificate '${cur.commonName}' does not verify with the key of '${c.commonName}'.`;
        continue;
      }
      if (!c.isCA && !isAnchor(c, ctx.anchors)) {
        problem = `Certificate '${c.commonName}' issued '${cur.commonName}' but is not a CA certificate (basicConstraints).`;
        continue;
      }
      const done = await extend([...path, c]);
      if (done) return done;
    }
    return undefined;
  };
  const found = await extend([leaf]);
  if (found) return { status: 'trusted', path: found, anchor: isAnchor(found[found.length - 1]!, ctx.anchors)! };
  const display = buildChain(leaf, candidates);
  if (problem) return { status: 'invalid', path: display, problem };
  const why = ctx.anchors.length === 0 ? 'No trust anchors were given, so no certificate is trusted.' : 'No path leads from the signer certificate to a given trust anchor.';
  return { status: 'untrusted', path: display, problem: why };
}

/** The first certificate of a path whose validity period does not contain `at`. */
export function validityProblem(path: readonly CertificateInfo[], at: Date, anchors: readonly CertificateInfo[]): { cert: CertificateInfo; kind: 'expired' | 'not-yet-valid' } | undefined {
  for (const c of path) {
    if (isAnchor(c, anchors)) continue;
    if (at.getTime() > c.notAfter.getTime()) return { cert: c, kind: 'expired' };
    if (at.getTime() < c.notBefore.getTime()) return { cert: c, kind: 'not-yet-valid' };
  }
  return undefined;
}

/** True when the certificate's extended key usage includes `purpose`. */
export function hasExtendedKeyUsage(c: CertificateInfo, purpose: string): boolean {
  return c.extKeyUsage.includes(purpose);
}

/** A certificate as shown in reports. */
export function summarizeCertificate(c: CertificateInfo): CertificateSummary {
  let serial = '';
  for (const b of c.serial) serial += b.toString(16).padStart(2, '0');
  return {
    name: c.commonName,
    ...(c.email ? { email: c.email } : {}),
    subject: c.subject,
    issuer: c.issuer,
    serialNumber: serial.replace(/^(00)+(?=.)/, '').toUpperCase(),
    notBefore: c.notBefore.toISOString(),
    notAfter: c.notAfter.toISOString(),
  };
}

/** OID of the time-stamping extended key usage. */
export const TIME_STAMPING = OID.timeStamping;
