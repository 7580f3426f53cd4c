/**
 * `verifyDocx`: the package signatures of an OOXML document (ECMA-376 Part 2 §13): signature parts
 * found through the digital-signature origin, each checked by xmldsig.ts, the signer's chain judged
 * like a PDF signer's, and the content outside the signed scope reported.
 */
import type { EngineHost, Result } from '../core';
import { DiagnosticBag, DiagnosticError, checkCancelled, fail, hostNow, ok, toDiagnostic } from '../core';
import { openZip } from '../zip';
import { summarizeCertificate } from './chain';
import { signedScope } from './docx-scope';
import { signatureIndication } from './indication';
import type { Package } from '../xmldsig';
import { REL_SIGNATURE, REL_SIGNATURE_ORIGIN, openPackage, readRelationships, relsPartOf, resolveTarget } from '../xmldsig';
import { evaluateChain } from './trust';
import { flagsOf } from './classify';
import { readCertificates } from './verify-pdf';
import type { XmlSignatureCheck } from './xmldsig';
import { checkXmlSignature } from './xmldsig';
import type { CertificateSummary, DocumentVerdict, ModificationReport, SignatureReport, VerificationReport, VerifyOptions } from './types';

/** Finds the signature parts through the origin relationship (§13.2.4.1). */
export function signatureParts(pkg: Package): { origin?: string; parts: string[] } {
  const rels = pkg.read('_rels/.rels');
  const origin = rels ? readRelationships(rels).list.find((r) => r.type === REL_SIGNATURE_ORIGIN) : undefined;
  const originPart = origin ? resolveTarget('', origin.target) : pkg.parts.find((p) => /^_xmlsignatures\/origin\.sigs$/i.test(p));
  if (!originPart) return { parts: [] };
  const originRels = pkg.read(relsPartOf(originPart));
  const parts = originRels ? readRelationships(originRels).list.filter((r) => r.type === REL_SIGNATURE).map((r) => resolveTarget(originPart, r.target)) : [];
  return { origin: originPart, parts };
}

/** Verifies the package signatures of a DOCX (or any OOXML package). */
export async function verifyDocx(bytes: Uint8Array, options: VerifyOptions = {}, host: EngineHost = {}): Promise<Result<VerificationReport>> {
  const subtle = host.crypto?.subtle;
  if (!subtle) return fail({ severity: 'error', code: 'verify/no-crypto', message: 'The host gives no WebCrypto implementation, so signatures cannot be checked.' });
  const bag = new DiagnosticBag();
  let pkg: Package;
  try {
    pkg = openPackage(openZip(bytes));
  } catch (e) {
    return fail({ ...toDiagnostic('verify', e), hint: 'The file could not be read as an OOXML package, so its signatures could not be evaluated.' });
  }
  try {
    return ok(await verifyPackage(bytes, pkg, options, host, subtle, bag), bag.list());
  } catch (e) {
    return fail(toDiagnostic('verify', e), bag.list());
  }
}

async function verifyPackage(bytes: Uint8Array, pkg: Package, options: VerifyOptions, host: EngineHost, subtle: SubtleCrypto, bag: DiagnosticBag): Promise<VerificationReport> {
  const warnings: import('../core').Diagnostic[] = [];
  const anchors = readCertificates(options.trustAnchors, 'trust anchor', warnings);
  const intermediates = readCertificates(options.intermediates, 'intermediate certificate', warnings);
  bag.addAll(warnings);
  const found = safeSignatureParts(pkg, bag);
  const checks: XmlSignatureCheck[] = [];
  for (const part of found.parts) {
    checkCancelled(host);
    const data = pkg.read(part);
    if (!data) continue;
    checks.push(await checkXmlSignature(subtle, pkg, part, data, { subtle, anchors, pool: intermediates }));
  }
  const infrastructure = [...(found.origin ? [found.origin] : []), ...found.parts];
  const scope = signedScope(pkg, checks.flatMap((c) => [...c.signedInfoRefs, ...c.manifestRefs]), infrastructure);
  const validationTime = options.validationTime ?? hostNow(host);
  const reports: SignatureReport[] = [];
  for (const c of checks) reports.push(await reportXmlSignature(c, reports.length, scope.unsigned.length > 0, { subtle, anchors, intermediates, validationTime, options, ...(host.signal ? { signal: host.signal } : {}) }));
  const verdict = docxVerdict(reports, scope.unsigned.length > 0);
  const valid = verdict === 'valid';
  const signers: CertificateSummary[] = [];
  for (const r of reports) if (r.signer && !signers.some((s) => s.serialNumber === r.signer!.serialNumber && s.issuer === r.signer!.issuer)) signers.push(r.signer);
  return {
    valid,
    ...(valid ? {} : { reason: docxReason(reports, scope.unsigned) }),
    ...(signers[0] ? { signer: signers[0] } : {}),
    ...(signers.length > 0 ? { signers } : {}),
    document: { format: 'docx', size: bytes.length, revisions: 1, verdict, attacks: [], unsignedTailBytes: 0, unsignedSignatureFields: [], repaired: false, unsignedParts: scope.unsigned, unsignedByDesign: scope.unsignedByDesign },
    signatures: reports,
  };
}

function safeSignatureParts(pkg: Package, bag: DiagnosticBag): { origin?: string; parts: string[] } {
  try {
    return signatureParts(pkg);
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    bag.warn('verify/bad-signature-origin', `The signature origin cannot be read: ${e.diagnostic.message}`);
    return { parts: [] };
  }
}

interface XmlContext {
  readonly subtle: SubtleCrypto;
  readonly anchors: Parameters<typeof evaluateChain>[0]['trust']['anchors'];
  readonly intermediates: Parameters<typeof evaluateChain>[0]['trust']['pool'];
  readonly validationTime: Date;
  readonly options: VerifyOptions;
  readonly signal?: AbortSignal;
}

const NO_MODIFICATIONS: ModificationReport = { level: 'none', allowed: true, lockedFields: [], changes: [], flags: flagsOf([]), laterRevisions: 0 };

async function reportXmlSignature(c: XmlSignatureCheck, index: number, partial: boolean, ctx: XmlContext): Promise<SignatureReport> {
  const refs = [...c.signedInfoRefs, ...c.manifestRefs];
  const intact = refs.some((r) => r.ok === false) ? false : refs.length > 0 && refs.every((r) => r.ok === true) ? true : null;
  const poe = c.timestamp && !c.timestamp.failure ? c.timestamp.genTime : undefined;
  const chain = c.signerCert
    ? await evaluateChain({
        signer: c.signerCert,
        trust: { subtle: ctx.subtle, anchors: ctx.anchors, pool: [...c.certificates, ...c.validation.certs, ...ctx.intermediates] },
        validationTime: ctx.validationTime,
        ...(poe ? { poe } : {}),
        revocationData: () => ({ crls: c.validation.crls.map((der) => ({ der, source: 'xades' as const })), ocsps: c.validation.ocsps.map((der) => ({ der, source: 'xades' as const })) }),
        options: ctx.options,
        ...(ctx.signal ? { signal: ctx.signal } : {}),
      })
    : { status: 'not-evaluated' as const, certificates: [], revocation: [], problem: 'The signing certificate was not found.' };
  const ind = signatureIndication({ byteRangeIssues: [], failures: c.failures, modifications: NO_MODIFICATIONS, chain, hardFailRevocation: ctx.options.revocation === 'hard-fail' });
  const valid = c.failures.some((f) => f.indication === 'TOTAL_FAILED' && f.sub !== 'HASH_FAILURE') ? false : c.signatureVerifies;
  const manifestOk = c.manifestRefs.filter((r) => r.ok === true).length;
  return {
    index,
    fieldName: c.part,
    kind: 'approval',
    indication: ind.indication,
    ...(ind.sub ? { subIndication: ind.sub } : {}),
    reason: ind.reason,
    facets: { intact, valid, trusted: chain.status === 'not-evaluated' ? null : chain.status === 'trusted', coverage: partial ? 'partial' : 'entire-file', modification: 'none' },
    ...(c.signerCert ? { signer: summarizeCertificate(c.signerCert) } : {}),
    ...(c.signingTime ? { claimedSigningTime: c.signingTime.toISOString() } : {}),
    byteRange: { values: null, issues: [], revision: null, coverage: partial ? 'partial' : 'entire-file', signedBytes: 0 },
    cms: {
      ...(c.digestAlgorithm ? { digestAlgorithm: c.digestAlgorithm } : {}),
      ...(c.algorithm ? { signatureAlgorithm: c.algorithm } : {}),
      messageDigestMatches: intact,
      signatureVerifies: c.signatureVerifies,
      signingCertificateAttribute: c.signingCertificate,
      signedAttributesDer: null,
      certificates: c.certificates.length,
      berIndefinite: false,
    },
    ...(c.timestamp ? { timestamp: c.timestamp.report } : {}),
    chain,
    modifications: NO_MODIFICATIONS,
    pades: { level: null, missing: [] },
    xml: {
      part: c.part,
      references: [...c.signedInfoRefs.map((r) => ({ r, m: false })), ...c.manifestRefs.map((r) => ({ r, m: true }))].map(({ r, m }) => ({ uri: r.uri, inManifest: m, verified: r.ok, ...(r.problem ? { problem: r.problem } : {}) })),
      manifest: `${manifestOk}/${c.manifestRefs.length}`,
    },
    diagnostics: [],
  };
}

function docxVerdict(reports: readonly SignatureReport[], partial: boolean): DocumentVerdict {
  if (reports.length === 0) return 'unsigned';
  if (reports.some((r) => r.indication === 'TOTAL_FAILED')) return 'invalid-signature';
  const trustOnly = new Set(['NO_CERTIFICATE_CHAIN_FOUND', 'CERTIFICATE_CHAIN_GENERAL_FAILURE', 'OUT_OF_BOUNDS_NO_POE', 'NOT_YET_VALID', 'TRY_LATER']);
  if (reports.some((r) => r.indication === 'INDETERMINATE' && !trustOnly.has(r.subIndication ?? ''))) return 'indeterminate';
  return partial ? 'valid-partial' : 'valid';
}

function docxReason(reports: readonly SignatureReport[], unsigned: readonly string[]): string {
  if (reports.length === 0) return 'The document has no package signatures.';
  const bad = reports.find((r) => r.indication === 'TOTAL_FAILED') ?? reports.find((r) => r.facets.intact !== true || r.facets.valid !== true);
  if (bad) return `Signature ${bad.fieldName}: ${bad.reason}`;
  return `Every signature verifies, but content outside the signed scope is present: ${unsigned.slice(0, 3).join('; ')}${unsigned.length > 3 ? `; and ${unsigned.length - 3} more` : ''}.`;
}
