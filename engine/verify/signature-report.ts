/**
 * Second pass over one PDF signature: chain and revocation at the right time (a verified time-stamp
 * is proof of existence, ETSI EN 319 102-1 §5.6.2.1), the changes made after it judged against
 * DocMDP / FieldMDP, the PAdES level reached (ETSI EN 319 142-1 §6), the attack class, and the
 * ETSI indication — assembled into a SignatureReport.
 */
import { warning } from '../core';
import type { Diagnostic } from '../core';
import { summarizeCertificate } from './chain';
import { evaluateChain } from './trust';
import type { Change } from './classify-rules';
import { classifyChanges, flagsOf } from './classify';
import { deepEqual, diffRevisions } from './diff';
import { attackName, classifyAttack, signatureIndication } from './indication';
import { judgeChanges } from './mdp';
import type { RoleMap } from './roles';
import { mapRoles } from './roles';
import type { EvaluatedSignature, PdfContext } from './signature-eval';
import { cmsRevocationData, dssRevocationData, hasDss, mergeRevocationData } from './validation-data';
import type { ChainReport, CmsReport, ModificationReport, PadesLevel, SignatureReport } from './types';

/** What the document-level pass knows about a signature's neighbours. */
export interface SignatureContext {
  readonly index: number;
  /** Earliest verified proof of existence from a later document time-stamp. */
  readonly laterPoe?: Date;
  /** DocMDP in force from an earlier (or this) certification signature. */
  readonly docMdp?: 1 | 2 | 3;
  /** Extra failures found at document level (time-stamp order, certification order). */
  readonly extraFailures: EvaluatedSignature['crypto']['failures'];
  /** Later document time-stamps that cover a revision with a DSS. */
  readonly ltaCovered: boolean;
  readonly finalRoles: () => RoleMap;
}

/** Builds the report of one signature. */
export async function reportSignature(ctx: PdfContext, ev: EvaluatedSignature, sc: SignatureContext): Promise<SignatureReport> {
  const diagnostics: Diagnostic[] = [...(ev.crypto.cms?.notes ?? [])];
  const signer = ev.crypto.cms?.signerCert;
  const ownTs = ev.kind !== 'document-timestamp' && ev.crypto.timestamp && !ev.crypto.timestamp.failure ? ev.crypto.timestamp.genTime : undefined;
  const poe = earliest(ownTs, sc.laterPoe);
  const chain = signer
    ? await evaluateChain({
        signer,
        trust: ev.trust,
        validationTime: ctx.validationTime,
        ...(poe ? { poe } : {}),
        revocationData: () => mergeRevocationData(ev.crypto.cms?.parsed ? cmsRevocationData(ev.crypto.cms.parsed, ev.crypto.cms.signerInfo) : { crls: [], ocsps: [] }, dssRevocationData(ctx.dss, ev.vriKey)),
        options: ctx.options,
        ...(ctx.signal ? { signal: ctx.signal } : {}),
      })
    : notEvaluated(ev);
  const modifications = analyseModifications(ctx, ev, sc, diagnostics);
  const failures = [...ev.crypto.failures, ...sc.extraFailures];
  const intact = ev.br.ranges.length === 0 ? false : ev.crypto.intact;
  const attack = classifyAttack(intact, ev.br.issues, ev.contents !== undefined, modifications);
  const ind = signatureIndication({ byteRangeIssues: ev.br.issues, failures, modifications, ...(attack ? { attack } : {}), chain, hardFailRevocation: ctx.options.revocation === 'hard-fail' });
  const cms = cmsReport(ev);
  const valid = validFacet(ev, failures, cms);
  const sig = ev.sf.sig;
  const text = (k: string): string | undefined => {
    const v = ctx.doc.resolve(sig.entries.get(k));
    return v && typeof v === 'object' && v.kind === 'string' ? new TextDecoder('latin1').decode(v.bytes) : undefined;
  };
  const reasonText = text('Reason');
  const location = text('Location');
  return {
    index: sc.index,
    fieldName: ev.sf.field.name,
    kind: ev.kind,
    ...(ev.subFilter ? { subFilter: ev.subFilter } : {}),
    indication: ind.indication,
    ...(ind.sub ? { subIndication: ind.sub } : {}),
    reason: ind.reason,
    facets: { intact, valid, trusted: chain.status === 'not-evaluated' ? null : chain.status === 'trusted', coverage: ev.br.coverage, modification: modifications.level },
    ...(signer ? { signer: summarizeCertificate(signer) } : {}),
    ...(ev.claimedSigningTime ? { claimedSigningTime: ev.claimedSigningTime.toISOString() } : {}),
    ...(reasonText ? { reasonText } : {}),
    ...(location ? { location } : {}),
    byteRange: { values: ev.br.values, issues: ev.br.issues, revision: ev.br.revision?.index ?? null, coverage: ev.br.coverage, signedBytes: ev.br.signedBytes },
    cms,
    ...(ev.crypto.timestamp ? { timestamp: ev.crypto.timestamp.report } : {}),
    chain,
    modifications,
    pades: padesLevel(ctx, ev, poe !== undefined || sc.laterPoe !== undefined, modifications, sc.ltaCovered),
    ...(attack ? { attack } : {}),
    diagnostics: attack ? [...diagnostics, warning(`verify/attack-${attack.kind}`, `${attackName(attack.kind)}: ${attack.evidence}`)] : diagnostics,
  };
}

function earliest(a: Date | undefined, b: Date | undefined): Date | undefined {
  if (!a) return b;
  if (!b) return a;
  return a.getTime() <= b.getTime() ? a : b;
}

function notEvaluated(ev: EvaluatedSignature): ChainReport {
  return { status: 'not-evaluated', certificates: [], revocation: [], problem: ev.crypto.cms?.parsed ? 'The signing certificate was not found.' : 'The signature could not be read.' };
}

function cmsReport(ev: EvaluatedSignature): CmsReport {
  const c = ev.crypto.cms;
  return {
    ...(c?.digest ? { digestAlgorithm: c.digest } : {}),
    ...(c?.algorithmName ? { signatureAlgorithm: c.algorithmName } : {}),
    messageDigestMatches: c?.messageDigestMatches ?? null,
    signatureVerifies: c?.signatureVerifies ?? null,
    ...(c?.identifiedBy ? { signerIdentifiedBy: c.identifiedBy } : {}),
    signingCertificateAttribute: c?.signingCertificate ?? 'absent',
    signedAttributesDer: c?.signedAttributesDer ?? null,
    certificates: c?.certificates.length ?? 0,
    berIndefinite: c?.berIndefinite ?? false,
  };
}

function validFacet(ev: EvaluatedSignature, failures: EvaluatedSignature['crypto']['failures'], cms: CmsReport): boolean | null {
  if (failures.some((f) => f.indication === 'TOTAL_FAILED' && f.sub !== 'HASH_FAILURE') || ev.br.issues.some((i) => i !== 'verify/byterange-unusual-count')) return false;
  if (ev.kind === 'document-timestamp') return ev.crypto.timestamp?.report.signatureVerifies ?? null;
  return cms.signatureVerifies;
}

const NO_FLAGS = flagsOf([]);

/** Classifies and judges the changes made after the signed revision. */
function analyseModifications(ctx: PdfContext, ev: EvaluatedSignature, sc: SignatureContext, diagnostics: Diagnostic[]): ModificationReport {
  const locks = ev.permissions.locks;
  const lockedFields = locks.some((l) => l.action === 'All') ? ('all' as const) : locks.flatMap((l) => (l.action === 'Include' ? l.fields : l.fields.map((f) => `all but ${f}`)));
  const docMdp = sc.docMdp === undefined ? ev.permissions.lockP : ev.permissions.lockP === undefined ? sc.docMdp : Math.min(sc.docMdp, ev.permissions.lockP) as 1 | 2 | 3;
  const laterRevisions = ctx.revisions.filter((r) => r.eofAt >= ev.br.end).length;
  const none: ModificationReport = { level: 'none', allowed: true, ...(docMdp ? { docMdp } : {}), lockedFields, changes: [], flags: NO_FLAGS, laterRevisions };
  if (!ev.br.revision || onlyWhitespaceAfter(ctx.bytes, ev.br.end)) return none;
  const before = ctx.cache.at(ev.br.end);
  let changes: Change[];
  if (!before) {
    changes = [{ kind: 'other', description: 'the signed revision cannot be read as a PDF, so later changes cannot be judged' }];
  } else {
    const diff = diffRevisions(before, ctx.doc, ev.br.end, ctx.text);
    changes = classifyChanges(diff, before, ctx.doc, mapRoles(before), sc.finalRoles());
  }
  const origin = ev.br.origin;
  if (origin && !deepEqual(origin.dict, ev.sf.sig, 0) && !changes.some((c) => c.flag === 'signatureDictionary')) {
    const keys = [...new Set([...origin.dict.entries.keys(), ...ev.sf.sig.entries.keys()])].filter((k) => !deepEqual(origin.dict.entries.get(k), ev.sf.sig.entries.get(k), 0));
    changes.push({ kind: 'other', object: origin.num, flag: 'signatureDictionary', description: `the signature dictionary was rewritten after signing (${keys.map((k) => '/' + k).join(', ')} changed)` });
  }
  if (changes.length > 200) diagnostics.push(warning('verify/many-changes', `${changes.length} changes after signing; only the first 200 are listed.`));
  const judged = judgeChanges(changes, docMdp, locks);
  return { level: judged.level, allowed: judged.allowed, ...(docMdp ? { docMdp } : {}), lockedFields, changes: judged.reports.slice(0, 200), flags: flagsOf(changes), laterRevisions };
}

function onlyWhitespaceAfter(bytes: Uint8Array, end: number): boolean {
  for (let i = end; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09 && c !== 0x0c && c !== 0x00) return false;
  }
  return true;
}

/** The PAdES baseline level reached (ETSI EN 319 142-1 §6.3, Table 1), with what is missing for the next. */
function padesLevel(ctx: PdfContext, ev: EvaluatedSignature, hasPoe: boolean, m: ModificationReport, ltaCovered: boolean): SignatureReport['pades'] {
  if (ev.kind === 'document-timestamp') return { level: null, missing: [] };
  const missing: string[] = [];
  const cms = ev.crypto.cms;
  if (ev.subFilter !== 'ETSI.CAdES.detached') missing.push('B-B: the sub-filter is not ETSI.CAdES.detached');
  if (!cms || (cms.signingCertificate !== 'v1' && cms.signingCertificate !== 'v2')) missing.push('B-B: no valid signing-certificate attribute');
  if (missing.length > 0) return { level: null, missing };
  let level: PadesLevel = 'B-B';
  if (!hasPoe) return { level, missing: ['B-T: no signature or document time-stamp'] };
  level = 'B-T';
  const dssAfter = ctx.dss !== undefined && (m.changes.some((c) => c.kind === 'dss') || hasDss(ctx.cache.at(ev.br.end) ?? ctx.doc));
  if (!dssAfter) return { level, missing: ['B-LT: no DSS with validation data'] };
  level = 'B-LT';
  if (!ltaCovered) return { level, missing: ['B-LTA: no document time-stamp over the DSS'] };
  return { level: 'B-LTA', missing: [] };
}
