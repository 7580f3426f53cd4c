/**
 * `verifyPdf`: every signature of a PDF — located from the final revision's AcroForm and mapped to
 * its revision from the raw bytes — checked for integrity, validity, trust and post-signing changes,
 * and summarised in the shape of `POST /v1/verify`. A tampered file is a verdict; `ok: false` means
 * only that the input could not be evaluated at all (not a PDF, no WebCrypto, cancelled).
 */
import type { CertificateInfo } from '../cms';
import { decodePem, parseCertificate } from '../cms';
import type { Diagnostic, EngineHost, Result } from '../core';
import { DiagnosticBag, DiagnosticError, checkCancelled, fail, hostNow, ok, toDiagnostic, warning } from '../core';
import { PdfDocument, openPdf, reconstructXref } from '../pdf';
import type { RoleMap } from './roles';
import { mapRoles } from './roles';
import { listFormFields, listSignatureFields } from './fields';
import { documentReason, documentVerdict } from './indication';
import { ByteText, RevisionCache, findRevisions } from './revisions';
import type { EvaluatedSignature, PdfContext } from './signature-eval';
import { evaluateSignature } from './signature-eval';
import type { SignatureContext } from './signature-report';
import { reportSignature } from './signature-report';
import type { Failure } from './cms-verify';
import { hasDss, parseCertificates, readDss } from './validation-data';
import type { CertificateSummary, SignatureReport, VerificationReport, VerifyOptions } from './types';

/** Reads trust anchors or intermediates given as DER bytes or PEM text. */
export function readCertificates(list: readonly (Uint8Array | string)[] | undefined, what: string, warnings: Diagnostic[]): CertificateInfo[] {
  const out: CertificateInfo[] = [];
  for (const item of list ?? []) {
    try {
      const isDer = typeof item !== 'string' && item[0] === 0x30;
      const ders = isDer ? [item as Uint8Array] : decodePem(typeof item === 'string' ? item : new TextDecoder('latin1').decode(item)).filter((b) => b.label === 'CERTIFICATE').map((b) => b.der);
      if (ders.length === 0) warnings.push(warning('verify/bad-certificate-input', `A given ${what} holds no certificate.`));
      for (const der of ders) out.push(parseCertificate(der));
    } catch (e) {
      warnings.push(warning('verify/bad-certificate-input', `A given ${what} is not a readable certificate: ${toDiagnostic('verify', e).message}`));
    }
  }
  return out;
}

/** Verifies every signature of a PDF; see the module comment. */
export async function verifyPdf(bytes: Uint8Array, options: VerifyOptions = {}, host: EngineHost = {}): Promise<Result<VerificationReport>> {
  const subtle = host.crypto?.subtle;
  if (!subtle) return fail({ severity: 'error', code: 'verify/no-crypto', message: 'The host gives no WebCrypto implementation, so signatures cannot be checked.' });
  const opened = openPdf(bytes, { maxBytes: options.maxBytes ?? 512 * 1024 * 1024 });
  const bag = new DiagnosticBag();
  let doc: PdfDocument | undefined = opened.ok ? opened.value : undefined;
  // A catalog the cross-reference table cannot reach may still be found by scanning (damaged files).
  if (!opened.ok && opened.errors[0]?.code === 'pdf/no-catalog') doc = scannedDocument(bytes);
  if (!doc) {
    const errors = opened.ok ? [] : opened.errors;
    return fail(errors.map((e) => ({ ...e, hint: e.hint ?? 'The file could not be read as a PDF, so its signatures could not be evaluated.' })), opened.warnings);
  }
  bag.addAll(opened.warnings);
  if (!opened.ok) bag.warn('verify/catalog-by-scan', 'The cross-reference table leads to no catalog; the objects were found by scanning the file.');
  try {
    const report = await verifyOpened(bytes, doc, options, host, subtle, bag);
    bag.addAll(doc.warnings.slice(0, 100));
    return ok(report, bag.list());
  } catch (e) {
    return fail(toDiagnostic('verify', e), bag.list());
  }
}

/** A document built by scanning the bytes for objects (what a repairing viewer shows), if it has a catalog. */
function scannedDocument(bytes: Uint8Array): PdfDocument | undefined {
  try {
    const doc = new PdfDocument(bytes, reconstructXref(bytes), true);
    return doc.catalog() ? doc : undefined;
  } catch (e) {
    if (e instanceof DiagnosticError) return undefined;
    throw e;
  }
}

/**
 * The document whose signatures are evaluated: the cross-reference view, unless that view is
 * damaged (unreadable objects) or shows fewer signed fields than the bytes hold — a truncated or
 * chain-breaking update — in which case the view a repairing reader builds by scanning is used.
 */
function pickDocument(bytes: Uint8Array, text: ByteText, opened: PdfDocument, bag: DiagnosticBag): PdfDocument {
  if (opened.repaired) return opened;
  const found = listSignatureFields(opened).signed.length;
  if ((found > 0 && opened.warnings.length === 0) || !text.includes('/ByteRange')) return opened;
  const scanned = scannedDocument(bytes);
  if (!scanned || listSignatureFields(scanned).signed.length <= found) return opened;
  bag.warn('verify/xref-hides-signatures', 'The cross-reference chain shows fewer signatures than the file holds; they were found by scanning the objects, as a repairing viewer would.', {
    hint: 'The file was probably truncated, damaged, or changed without a proper incremental update.',
  });
  return scanned;
}

async function verifyOpened(bytes: Uint8Array, opened: PdfDocument, options: VerifyOptions, host: EngineHost, subtle: SubtleCrypto, bag: DiagnosticBag): Promise<VerificationReport> {
  const warnings: Diagnostic[] = [];
  const text = new ByteText(bytes);
  const doc = pickDocument(bytes, text, opened, bag);
  const dss = readDss(doc);
  const ctx: PdfContext = {
    doc,
    bytes,
    text,
    revisions: findRevisions(bytes, text),
    cache: new RevisionCache(bytes, doc),
    subtle,
    anchors: readCertificates(options.trustAnchors, 'trust anchor', warnings),
    intermediates: readCertificates(options.intermediates, 'intermediate certificate', warnings),
    ...(dss ? { dss } : {}),
    dssCertificates: dss ? parseCertificates([...dss.certs, ...[...dss.vri.values()].flatMap((v) => v.certs)]) : [],
    validationTime: options.validationTime ?? hostNow(host),
    options,
    ...(host.signal ? { signal: host.signal } : {}),
  };
  bag.addAll(warnings);
  const { signed, unsigned } = listSignatureFields(doc, listFormFields(doc));
  const evaluated: EvaluatedSignature[] = [];
  for (const sf of signed) {
    checkCancelled(host);
    evaluated.push(await evaluateSignature(ctx, sf));
    host.onProgress?.({ stage: 'verify', done: evaluated.length, total: signed.length * 2 });
  }
  evaluated.sort((a, b) => a.br.end - b.br.end);
  let roles: RoleMap | undefined;
  const finalRoles = (): RoleMap => (roles ??= mapRoles(doc));
  const reports: SignatureReport[] = [];
  for (let i = 0; i < evaluated.length; i++) {
    checkCancelled(host);
    reports.push(await reportSignature(ctx, evaluated[i]!, documentContext(ctx, evaluated, i, finalRoles)));
    host.onProgress?.({ stage: 'verify', done: signed.length + i + 1, total: signed.length * 2 });
  }
  bag.addAll(ctx.cache.warnings.slice(0, 20));
  return assemble(bytes, doc.repaired, ctx.revisions.length, reports, unsigned);
}

function timestampOk(ev: EvaluatedSignature): boolean {
  return ev.kind === 'document-timestamp' && ev.crypto.failures.length === 0 && ev.crypto.intact === true && ev.br.issues.length === 0;
}

/** What signature `i` needs to know about the others. */
function documentContext(ctx: PdfContext, all: readonly EvaluatedSignature[], i: number, finalRoles: () => RoleMap): SignatureContext {
  const ev = all[i]!;
  const extra: Failure[] = [];
  const certIndex = all.findIndex((s) => s.kind === 'certification');
  const cert = certIndex >= 0 ? all[certIndex] : undefined;
  if (i === certIndex && all.slice(0, i).some((s) => s.kind === 'approval')) {
    extra.push({ indication: 'INDETERMINATE', sub: 'SIG_CONSTRAINTS_FAILURE', code: 'verify/certification-not-first', message: 'A certification signature must be the first signature of a document (ISO 32000-2 §12.8.2.2), but an approval signature precedes it.' });
  }
  const later = all.slice(i + 1).filter(timestampOk);
  const laterPoe = later.map((s) => s.crypto.timestamp?.genTime).filter((d): d is Date => d !== undefined).sort((a, b) => a.getTime() - b.getTime())[0];
  const own = ev.crypto.timestamp?.genTime;
  const earlierTimes = all.slice(0, i).map((s) => s.crypto.timestamp?.genTime).filter((d): d is Date => d !== undefined);
  if (own && earlierTimes.some((t) => t.getTime() > own.getTime())) {
    extra.push({ indication: 'INDETERMINATE', sub: 'TIMESTAMP_ORDER_FAILURE', code: 'verify/timestamp-order', message: 'This time-stamp is older than a time-stamp of an earlier signature.' });
  }
  const claimed = ev.crypto.cms?.signingTime;
  if (own && claimed && ev.kind !== 'document-timestamp' && claimed.getTime() - own.getTime() > 5 * 60_000) {
    extra.push({ indication: 'INDETERMINATE', sub: 'TIMESTAMP_ORDER_FAILURE', code: 'verify/timestamp-before-signing', message: 'The claimed signing time is later than the signature time-stamp.' });
  }
  const ltaCovered = later.some((s) => {
    const d = ctx.cache.at(s.br.end);
    return d !== null && hasDss(d);
  });
  return { index: i, ...(laterPoe ? { laterPoe } : {}), ...(cert && certIndex <= i ? { docMdp: cert.permissions.docMdp! } : {}), extraFailures: extra, ltaCovered, finalRoles };
}

function assemble(bytes: Uint8Array, repaired: boolean, revisions: number, signatures: SignatureReport[], unsigned: string[]): VerificationReport {
  const valid = signatures.length > 0 && signatures.every((s) => s.facets.intact === true && s.facets.valid === true && s.modifications.allowed && !s.attack && s.indication !== 'TOTAL_FAILED');
  const signers: CertificateSummary[] = [];
  for (const s of signatures) if (s.kind !== 'document-timestamp' && s.signer && !signers.some((x) => x.serialNumber === s.signer!.serialNumber && x.issuer === s.signer!.issuer)) signers.push(s.signer);
  const coveredEnd = signatures.reduce((m, s) => Math.max(m, s.byteRange.values && s.byteRange.values.length >= 2 ? s.byteRange.values[s.byteRange.values.length - 2]! + s.byteRange.values[s.byteRange.values.length - 1]! : 0), 0);
  const attacks = signatures.filter((s) => s.attack).map((s) => s.attack!);
  return {
    valid,
    ...(valid ? {} : { reason: documentReason(signatures, valid) }),
    ...(signers[0] ? { signer: signers[0] } : {}),
    ...(signers.length > 0 ? { signers } : {}),
    document: {
      format: 'pdf',
      size: bytes.length,
      revisions,
      verdict: documentVerdict(signatures),
      attacks,
      unsignedTailBytes: signatures.length > 0 ? Math.max(0, bytes.length - coveredEnd) : bytes.length,
      unsignedSignatureFields: unsigned,
      repaired,
    },
    signatures,
  };
}
