/**
 * RFC 3161 time-stamp tokens as proof of existence: the signature time-stamp attribute
 * (id-aa-signatureTimeStampToken, RFC 3161 Appendix A: imprint over the SignerInfo signature value)
 * and PDF document time-stamps (ISO 32000-2 §12.8.5: imprint over the ByteRange bytes). The token is
 * a CMS of its own: its TSTInfo digest, TSA signature and signing-certificate are all checked.
 */
import type { CertificateInfo, TstInfo } from '../cms';
import { OID, bytesEqual, digestBytes, readTstInfo, resolveDigest } from '../cms';
import type { TrustContext } from './chain';
import { TIME_STAMPING, buildPath, hasExtendedKeyUsage, summarizeCertificate, validityProblem } from './chain';
import type { CmsCheck, Failure } from './cms-verify';
import { checkCms, decisiveFailure, problemText } from './cms-verify';
import type { TimestampReport } from './types';

/** The outcome of checking one token. */
export interface TimestampCheck {
  readonly report: TimestampReport;
  readonly genTime?: Date;
  readonly cms: CmsCheck;
  readonly tsaCert?: CertificateInfo;
  readonly failure?: Failure;
}

/** Checks a time-stamp token whose imprint must be the digest of `imprinted`. */
export async function checkTimestampToken(subtle: SubtleCrypto, token: Uint8Array, imprinted: Uint8Array, trust: TrustContext): Promise<TimestampCheck> {
  const cms = await checkCms(subtle, { der: token, pool: trust.pool });
  let info: TstInfo | undefined;
  let problem: string | undefined;
  try {
    if (cms.parsed && cms.parsed.eContentType !== OID.tstInfo) problem = 'The token does not carry a TSTInfo.';
    else info = readTstInfo(token);
  } catch (e) {
    problem = `The TSTInfo is unreadable: ${problemText(e)}`;
  }
  let imprintMatches: boolean | null = null;
  let failure = decisiveFailure(cms.failures);
  if (info) {
    const d = resolveDigest(info.imprintAlgorithm);
    if ('digest' in d) {
      imprintMatches = bytesEqual(info.imprint, await digestBytes(subtle, d.digest, imprinted));
      if (!imprintMatches) {
        problem = 'The time-stamp imprint does not match the time-stamped data.';
        failure = { indication: 'TOTAL_FAILED', sub: 'HASH_FAILURE', code: 'verify/timestamp-imprint-mismatch', message: problem };
      }
    } else {
      problem = `The time-stamp imprint uses an unsupported digest.`;
      failure ??= { indication: 'INDETERMINATE', sub: 'CRYPTO_CONSTRAINTS_FAILURE', code: 'verify/unsupported-algorithm', message: problem };
    }
  } else {
    failure ??= { indication: 'TOTAL_FAILED', sub: 'FORMAT_FAILURE', code: 'verify/timestamp-malformed', message: problem ?? 'The time-stamp token is malformed.' };
  }
  if (!problem && failure) problem = failure.message;
  const tsa = cms.signerCert;
  const trusted = tsa && info ? await tsaTrusted(tsa, info.genTime, trust) : null;
  if (tsa && !hasExtendedKeyUsage(tsa, TIME_STAMPING) && !problem) problem = 'The TSA certificate is not marked for time-stamping (RFC 3161 §2.3).';
  const signatureVerifies = cms.signatureVerifies === null ? null : cms.signatureVerifies && cms.messageDigestMatches !== false;
  const report: TimestampReport = {
    ...(info ? { genTime: info.genTime.toISOString() } : {}),
    imprintMatches,
    signatureVerifies,
    ...(tsa ? { tsa: summarizeCertificate(tsa) } : {}),
    trusted,
    ...(problem ? { problem } : {}),
  };
  return { report, cms, ...(info ? { genTime: info.genTime } : {}), ...(tsa ? { tsaCert: tsa } : {}), ...(failure ? { failure } : {}) };
}

async function tsaTrusted(tsa: CertificateInfo, at: Date, trust: TrustContext): Promise<boolean> {
  const path = await buildPath(tsa, trust);
  return path.status === 'trusted' && !validityProblem(path.path, at, trust.anchors);
}
