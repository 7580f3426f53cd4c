/**
 * The cryptographic part of one PDF signature, by sub-filter (ISO 32000-2 §12.8.3): CMS detached
 * (adbe.pkcs7.detached, ETSI.CAdES.detached), adbe.pkcs7.sha1 (SHA-1 of the ranges encapsulated,
 * §12.8.3.3.1), and document time-stamps (ETSI.RFC3161, §12.8.5), plus the signature time-stamp
 * attribute of a CMS signature.
 */
import type { CertificateInfo } from '../cms';
import { OID, bytesEqual, digestBytes, findAttribute } from '../cms';
import type { TrustContext } from './chain';
import type { CmsCheck, Failure } from './cms-verify';
import { checkCms } from './cms-verify';
import type { TimestampCheck } from './timestamp';
import { checkTimestampToken } from './timestamp';

/** The outcome of the cryptographic checks of one signature. */
export interface CryptoResult {
  readonly cms?: CmsCheck;
  /** Document time-stamp or signature time-stamp token check. */
  readonly timestamp?: TimestampCheck;
  readonly failures: readonly Failure[];
  /** True/false when the signed bytes were compared with the signature, null when they could not be. */
  readonly intact: boolean | null;
  /** Certificates of the signature and its tokens, for chain building. */
  readonly certificates: readonly CertificateInfo[];
}

const DETACHED = new Set(['adbe.pkcs7.detached', 'ETSI.CAdES.detached']);

/** Checks the CMS (or token) of a signature against its signed bytes. */
export async function checkSignatureCrypto(subtle: SubtleCrypto, subFilter: string | undefined, contents: Uint8Array, signed: Uint8Array | undefined, trust: TrustContext): Promise<CryptoResult> {
  if (!signed) return { failures: [], intact: null, certificates: [] };
  if (subFilter === 'ETSI.RFC3161') {
    const ts = await checkTimestampToken(subtle, contents, signed, trust);
    const intact = ts.report.imprintMatches === null ? null : ts.report.imprintMatches && ts.cms.messageDigestMatches !== false;
    return { cms: ts.cms, timestamp: ts, failures: ts.failure ? [ts.failure] : [], intact, certificates: ts.cms.certificates };
  }
  if (subFilter === 'adbe.pkcs7.sha1') return checkSha1(subtle, contents, signed, trust);
  if (subFilter !== undefined && !DETACHED.has(subFilter)) {
    const f: Failure = { indication: 'INDETERMINATE', sub: 'FORMAT_FAILURE', code: 'verify/unsupported-subfilter', message: `The signature sub-filter ${subFilter} is not supported.` };
    return { failures: [f], intact: null, certificates: [] };
  }
  const cms = await checkCms(subtle, { der: contents, detached: signed, requireDetached: true, pool: trust.pool, strictDer: subFilter === 'ETSI.CAdES.detached' });
  return withSignatureTimestamp(subtle, cms, trust, intactOf(cms));
}

function intactOf(cms: CmsCheck): boolean | null {
  if (cms.messageDigestMatches !== null) return cms.messageDigestMatches;
  // Without signed attributes the signature value itself covers the content (RFC 5652 §5.4).
  return cms.signerInfo && !cms.signerInfo.signedAttributesDer ? cms.signatureVerifies : null;
}

/** adbe.pkcs7.sha1: the CMS encapsulates the SHA-1 digest of the signed ranges. */
async function checkSha1(subtle: SubtleCrypto, contents: Uint8Array, signed: Uint8Array, trust: TrustContext): Promise<CryptoResult> {
  const cms = await checkCms(subtle, { der: contents, pool: trust.pool });
  const failures: Failure[] = [];
  let intact: boolean | null = null;
  const e = cms.parsed?.eContent;
  if (e) {
    intact = bytesEqual(e, await digestBytes(subtle, 'SHA-1', signed)) && cms.messageDigestMatches !== false;
    if (!bytesEqual(e, await digestBytes(subtle, 'SHA-1', signed))) {
      failures.push({ indication: 'TOTAL_FAILED', sub: 'HASH_FAILURE', code: 'verify/digest-mismatch', message: 'The SHA-1 digest in the signature does not match the signed bytes: the document was changed after signing.' });
    }
  } else if (cms.parsed) {
    failures.push({ indication: 'TOTAL_FAILED', sub: 'FORMAT_FAILURE', code: 'verify/no-content', message: 'An adbe.pkcs7.sha1 signature must encapsulate the SHA-1 digest of the signed bytes.' });
  }
  const r = await withSignatureTimestamp(subtle, cms, trust, intact);
  return { ...r, failures: [...failures, ...r.failures] };
}

/** Adds the check of the signature time-stamp attribute (RFC 3161 Appendix A). */
async function withSignatureTimestamp(subtle: SubtleCrypto, cms: CmsCheck, trust: TrustContext, intact: boolean | null): Promise<CryptoResult> {
  const failures = [...cms.failures];
  const si = cms.signerInfo;
  const token = si ? findAttribute(si.unsignedAttributes, OID.signatureTimeStampToken) : undefined;
  if (!si || !token) return { cms, failures, intact, certificates: cms.certificates };
  const ts = await checkTimestampToken(subtle, token, si.signature, { ...trust, pool: [...cms.certificates, ...trust.pool] });
  if (ts.failure) {
    failures.push({ ...ts.failure, code: 'verify/signature-timestamp-invalid', message: `The signature time-stamp does not verify: ${ts.failure.message}` });
  }
  return { cms, timestamp: ts, failures, intact, certificates: [...cms.certificates, ...ts.cms.certificates] };
}
