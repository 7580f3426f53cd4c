/**
 * Detached CMS signatures over a precomputed content digest, in the two profiles PDF signing uses:
 * `cades` (ETSI.CAdES.detached, PAdES baseline: content-type, message-digest,
 * signing-certificate-v2, no signing-time; ETSI EN 319 142-1 §6.3) and `pkcs7` (adbe.pkcs7.detached,
 * ISO 32000-1 §12.8.3.3, which also carries signing-time). Optionally adds an RFC 3161 signature
 * time-stamp (B-T, EN 319 142-1 §6.3 / CAdES signature-time-stamp attribute).
 */
import { DiagnosticError, fail, ok } from '../core';
import type { Result } from '../core';
import type { CmsSigner } from './signer';
import { attribute, buildSignedAttributes, buildSignedData, buildSignerInfo, signedAttributesForSigning } from './signed-data';
import type { TsaOptions } from './timestamp';
import { requestTimestamp } from './timestamp';
import { OID } from './oids';

/** How the detached CMS is made. */
export interface DetachedCmsOptions {
  /** `cades` for PAdES (default), `pkcs7` for adbe.pkcs7.detached. */
  readonly profile?: 'cades' | 'pkcs7';
  /** Signing time for the `pkcs7` profile's signing-time attribute. */
  readonly signingTime?: Date;
  /** Time-stamp the signature value (PAdES B-T). */
  readonly timestamp?: TsaOptions;
}

/** Capabilities the builder needs from the host. */
export interface CmsContext {
  readonly subtle: SubtleCrypto;
  readonly randomBytes?: (n: number) => Uint8Array;
  readonly signal?: AbortSignal;
}

/** Default allowance for a time-stamp token when sizing a placeholder (tokens with a TSA chain run 3–6 KB). */
export const TIMESTAMP_SIZE_HINT = 8192;

async function attributesFor(contentDigest: Uint8Array, signer: CmsSigner, options: DetachedCmsOptions, subtle: SubtleCrypto): Promise<Uint8Array[]> {
  const profile = options.profile ?? 'cades';
  return buildSignedAttributes(
    {
      messageDigest: contentDigest,
      certificate: signer.certificate,
      ...(profile === 'pkcs7' && options.signingTime ? { signingTime: options.signingTime } : {}),
      includeSigningCertificate: true,
    },
    subtle,
  );
}

function assemble(signer: CmsSigner, signedAttributes: Uint8Array[], signature: Uint8Array, token?: Uint8Array): Uint8Array {
  const signerInfo = buildSignerInfo({
    certificate: signer.certificate,
    digest: signer.digest,
    scheme: signer.scheme,
    signedAttributes,
    signature,
    ...(token ? { unsignedAttributes: [attribute(OID.signatureTimeStampToken, token)] } : {}),
  });
  return buildSignedData({ digests: [signer.digest], certificates: [signer.certificate, ...signer.chain], signerInfos: [signerInfo] });
}

/** Signs a content digest and returns the DER ContentInfo of a detached SignedData. */
export async function createDetachedCms(contentDigest: Uint8Array, signer: CmsSigner, options: DetachedCmsOptions, ctx: CmsContext): Promise<Result<Uint8Array>> {
  try {
    const attrs = await attributesFor(contentDigest, signer, options, ctx.subtle);
    const signature = await signer.sign(signedAttributesForSigning(attrs));
    if (!options.timestamp) return ok(assemble(signer, attrs, signature));
    // The signature-time-stamp covers the signature value octets (RFC 3161 Appendix A).
    const ts = await requestTimestamp(signature, options.timestamp, ctx);
    if (!ts.ok) return ts;
    return ok(assemble(signer, attrs, signature, ts.value.token));
  } catch (e) {
    if (e instanceof DiagnosticError) return fail(e.diagnostic);
    return fail({ severity: 'error', code: 'cms/signing-failed', message: `The signer failed: ${e instanceof Error ? e.message : String(e)}` });
  }
}

/**
 * Upper bound of the CMS size: the real structure built with a maximal dummy signature value,
 * plus a time-stamp allowance, so a placeholder can be sized before the real signature exists.
 */
export async function estimateDetachedCmsSize(signer: CmsSigner, options: DetachedCmsOptions, ctx: CmsContext, timestampSizeHint = TIMESTAMP_SIZE_HINT): Promise<number> {
  const digestLen = { 'SHA-256': 32, 'SHA-384': 48, 'SHA-512': 64 }[signer.digest];
  const attrs = await attributesFor(new Uint8Array(digestLen), signer, options, ctx.subtle);
  const cms = assemble(signer, attrs, new Uint8Array(signer.maxSignatureBytes).fill(0xff));
  return cms.length + (options.timestamp ? timestampSizeHint + 32 : 0);
}
