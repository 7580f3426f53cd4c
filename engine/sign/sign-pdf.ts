/**
 * One call that signs a PDF: estimate the CMS size, prepare the placeholder, sign the digest, fill
 * it in, and for B-LT / B-LTA append the DSS and a document time-stamp (ETSI EN 319 142-1 §5.4–5.5).
 */
import { fail, ok } from '../core';
import type { EngineHost, Result, Diagnostic } from '../core';
import type { CmsSigner, TsaOptions } from '../cms';
import { createDetachedCms, estimateDetachedCmsSize, TIMESTAMP_SIZE_HINT } from '../cms';
import { completeSignature } from './complete';
import { prepareSignature } from './prepare';
import type { PrepareOptions } from './types';
import { addValidationData } from './dss';
import type { ValidationData } from './dss';
import { addDocumentTimestamp } from './doc-timestamp';
import { appendAuditTrail } from './audit-trail';
import type { AuditTrail } from './audit-trail';

/** PAdES baseline levels (ETSI EN 319 142-1 §6). */
export type PadesLevel = 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';

/** Options of `signPdf`. */
export interface SignPdfOptions extends Omit<PrepareOptions, 'contentsSize' | 'kind' | 'digest'> {
  readonly signer: CmsSigner;
  /** PAdES level; B-B by default. B-T and B-LTA need `timestamp`. */
  readonly level?: PadesLevel;
  /** The time-stamp authority (with the fetch the host allows). */
  readonly timestamp?: TsaOptions;
  /** Certificates, OCSP responses and CRLs for the DSS (B-LT, B-LTA), and whether (and how) to fetch them. */
  readonly validation?: ValidationData;
  /** Override of the reserved /Contents size in bytes. */
  readonly contentsSize?: number;
  /** Allowance for a time-stamp token when sizing the placeholder. */
  readonly timestampSizeHint?: number;
  /** Append an audit-trail page (signer, events, SHA-256 of the document before it) before signing. */
  readonly auditTrail?: AuditTrail;
}

/** Signs a PDF in one call; see the module comment. */
export async function signPdf(pdf: Uint8Array, options: SignPdfOptions, host: EngineHost): Promise<Result<Uint8Array>> {
  const subtle = host.crypto?.subtle;
  if (!subtle) return fail({ severity: 'error', code: 'sign/no-crypto', message: 'The host gives no WebCrypto implementation.' });
  const level = options.level ?? 'B-B';
  const needsTsa = level !== 'B-B';
  if (needsTsa && !options.timestamp) {
    return fail({ severity: 'error', code: 'sign/tsa-required', message: `PAdES ${level} needs a time-stamp authority.`, hint: 'Give a TSA URL (--tsa URL).' });
  }
  const profile = options.subFilter === 'adbe.pkcs7.detached' ? 'pkcs7' : 'cades';
  const ctx = { subtle, ...(host.randomBytes ? { randomBytes: host.randomBytes } : {}), ...(host.signal ? { signal: host.signal } : {}) };
  const cmsOptions = { profile, ...(needsTsa ? { timestamp: options.timestamp! } : {}) } as const;
  let input = pdf;
  const early: Diagnostic[] = [];
  if (options.auditTrail) {
    const withTrail = await appendAuditTrail(pdf, options.auditTrail, host);
    if (!withTrail.ok) return withTrail;
    input = withTrail.value;
    early.push(...withTrail.warnings);
  }
  const estimate = options.contentsSize ?? Math.ceil((await estimateDetachedCmsSize(options.signer, cmsOptions, ctx, options.timestampSizeHint ?? TIMESTAMP_SIZE_HINT)) * 1.05) + 512;
  const prepared = await prepareSignature(input, { ...options, contentsSize: estimate, digest: options.signer.digest, signerName: options.signerName ?? options.signer.certificate.commonName }, host);
  if (!prepared.ok) return prepared;
  const warnings: Diagnostic[] = [...early, ...prepared.warnings];
  const cms = await createDetachedCms(prepared.value.digest, options.signer, { ...cmsOptions, signingTime: prepared.value.signingTime }, ctx);
  if (!cms.ok) return fail(cms.errors, warnings);
  const signed = completeSignature(prepared.value, cms.value);
  if (!signed.ok || level === 'B-B' || level === 'B-T') return signed.ok ? ok(signed.value, warnings) : signed;
  const withDss = await addValidationData(signed.value, { ...options.validation, signer: options.signer, cms: cms.value }, host);
  if (!withDss.ok) return fail(withDss.errors, [...warnings, ...withDss.warnings]);
  warnings.push(...withDss.warnings);
  if (level === 'B-LT') return ok(withDss.value, warnings);
  const lta = await addDocumentTimestamp(withDss.value, { timestamp: options.timestamp! }, host);
  return lta.ok ? ok(lta.value, [...warnings, ...lta.warnings]) : fail(lta.errors, warnings);
}
