/**
 * Revocation checking from embedded data — CRLs (RFC 5280 §5) and OCSP responses (RFC 6960 §4.2)
 * found in the CMS, the adbe-revocationInfoArchival attribute and the DSS / VRI — and, only when
 * the caller allows it and gives a fetch, from the network (CRL distribution points, OCSP AIA).
 * The verdicts and the network requests are engine/cms's, shared with signing.
 */
import type { CertificateInfo, RevocationAccess, RevocationStatus } from '../cms';
import { fetchCertificateStatus, revocationStatusOf } from '../cms';
import { isAnchor } from './chain';
import type { RevocationReport } from './types';

/** Where a piece of revocation data came from. */
export type RevocationSource = NonNullable<RevocationReport['source']>;

/** Revocation data gathered for a signature. */
export interface RevocationData {
  readonly crls: readonly { readonly der: Uint8Array; readonly source: RevocationSource }[];
  readonly ocsps: readonly { readonly der: Uint8Array; readonly source: RevocationSource }[];
}

/** Online access, when allowed. */
export type OnlineAccess = RevocationAccess;

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

function toReport(cert: CertificateInfo, r: (RevocationStatus & { source: RevocationSource }) | undefined): RevocationReport {
  if (!r) return { subject: cert.subject, status: 'unknown' };
  return { subject: cert.subject, status: r.status, source: r.source, ...(r.revokedAt ? { revokedAt: r.revokedAt.toISOString() } : {}) };
}

async function fromEmbedded(subtle: SubtleCrypto, cert: CertificateInfo, issuer: CertificateInfo, data: RevocationData, at: Date): Promise<(RevocationStatus & { source: RevocationSource }) | undefined> {
  for (const [kind, list] of [['ocsp', data.ocsps], ['crl', data.crls]] as const) {
    for (const item of list) {
      const s = await revocationStatusOf(kind, subtle, item.der, cert, issuer, at);
      if (s) return { ...s, source: item.source };
    }
  }
  return undefined;
}

/** Asks the network (OCSP first, then CRLs) through the caller's fetch. */
async function fromNetwork(subtle: SubtleCrypto, cert: CertificateInfo, issuer: CertificateInfo, at: Date, online: OnlineAccess): Promise<(RevocationStatus & { source: RevocationSource }) | undefined> {
  const { found } = await fetchCertificateStatus(subtle, cert, issuer, online, at);
  return found ? { ...found, source: 'online' } : undefined;
}
