/**
 * Trust evaluation of a signer certificate, shared by PDF and DOCX: path to an explicit anchor,
 * validity at the proof-of-existence time (a verified time-stamp earlier than the validation time,
 * ETSI EN 319 102-1 §5.6.2.1) or at the validation time, then revocation of every non-anchor
 * certificate from the embedded data (and the network, only when the caller allows it).
 */
import type { CertificateInfo } from '../cms';
import type { TrustContext } from './chain';
import { buildPath, summarizeCertificate, validityProblem } from './chain';
import type { RevocationData } from './revocation';
import { checkRevocation } from './revocation';
import type { ChainReport, VerifyOptions } from './types';

/** What the chain check needs. */
export interface ChainInput {
  readonly signer: CertificateInfo;
  readonly trust: TrustContext;
  readonly validationTime: Date;
  /** Earliest verified time-stamp proving the signature existed. */
  readonly poe?: Date;
  readonly revocationData: () => RevocationData;
  readonly options: VerifyOptions;
  readonly signal?: AbortSignal;
}

/** Builds and checks the signer's chain; see the module comment. */
export async function evaluateChain(i: ChainInput): Promise<ChainReport> {
  const usePoe = i.poe !== undefined && i.poe.getTime() < i.validationTime.getTime();
  const at = usePoe ? i.poe! : i.validationTime;
  const base = { validatedAt: at.toISOString(), timeSource: usePoe ? ('timestamp' as const) : ('validation-time' as const) };
  const path = await buildPath(i.signer, i.trust);
  const certificates = path.path.map(summarizeCertificate);
  const anchor = path.anchor ? { anchor: path.anchor.subject } : {};
  if (path.status !== 'trusted') return { status: path.status, certificates, ...base, revocation: [], ...(path.problem ? { problem: path.problem } : {}) };
  const bad = validityProblem(path.path, at, i.trust.anchors);
  if (bad) {
    return { status: bad.kind, certificates, ...anchor, ...base, revocation: [], problem: `Certificate '${bad.cert.commonName}' is ${bad.kind === 'expired' ? 'expired' : 'not yet valid'} at ${at.toISOString()}.` };
  }
  if (i.options.revocation === 'off') return { status: 'trusted', certificates, ...anchor, ...base, revocation: [] };
  const online = i.options.allowOnline && i.options.fetch ? { fetch: i.options.fetch, ...(i.signal ? { signal: i.signal } : {}) } : undefined;
  const revocation = await checkRevocation(i.trust.subtle, path.path, i.trust.anchors, i.revocationData(), at, online);
  const revoked = revocation.find((r) => r.status === 'revoked');
  if (revoked) return { status: 'revoked', certificates, ...anchor, ...base, revocation, problem: `Certificate '${revoked.subject}' was revoked at ${revoked.revokedAt}.` };
  return { status: 'trusted', certificates, ...anchor, ...base, revocation };
}
