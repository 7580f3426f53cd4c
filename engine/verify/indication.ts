/**
 * Verdicts: the ETSI EN 319 102-1 indication of a signature (§5.1.3: TOTAL_PASSED, INDETERMINATE,
 * TOTAL_FAILED with a sub-indication) from its facts, the attack class its post-signing changes
 * match (ISA, shadow hide / replace / hide-and-replace, signature dictionary spoofing, USF, SWA),
 * and the document-level verdict and one-sentence reason.
 */
import type { Failure } from './cms-verify';
import type { AttackReport, ChainReport, DocumentVerdict, Indication, ModificationReport, SignatureReport, SubIndication } from './types';

/** The facts an indication is computed from. */
export interface IndicationInput {
  readonly byteRangeIssues: readonly string[];
  readonly failures: readonly Failure[];
  readonly modifications: ModificationReport;
  readonly attack?: AttackReport;
  readonly chain: ChainReport;
  readonly hardFailRevocation: boolean;
}

/** What each ByteRange rule means, for reasons. */
const BYTE_RANGE_TEXT: Record<string, string> = {
  'verify/signature-unreadable': 'the signature dictionary cannot be read (the file is damaged there)',
  'verify/byterange-missing': 'the signature has no /ByteRange',
  'verify/byterange-malformed': 'the /ByteRange is not a list of non-negative integer pairs',
  'verify/byterange-not-at-start': 'the /ByteRange does not start at the beginning of the file',
  'verify/byterange-order': 'the /ByteRange ranges overlap or are out of order',
  'verify/byterange-outside-file': 'the /ByteRange reaches beyond the end of the file',
  'verify/byterange-gap': 'the bytes left out of the /ByteRange are not exactly one hex string',
  'verify/byterange-contents-mismatch': 'the bytes left out of the /ByteRange are not this signature\'s /Contents',
  'verify/byterange-not-own-dictionary': 'the bytes left out of the /ByteRange do not lie in this signature\'s dictionary',
  'verify/coverage-not-revision': 'the signed bytes do not end at the end of a revision, so part of the file is not covered',
};

/** Computes the ETSI indication of one signature. */
export function signatureIndication(input: IndicationInput): { indication: Indication; sub?: SubIndication; reason: string } {
  const brIssue = input.byteRangeIssues.find((i) => BYTE_RANGE_TEXT[i]);
  const failed = input.failures.find((f) => f.indication === 'TOTAL_FAILED');
  const hash = input.failures.find((f) => f.sub === 'HASH_FAILURE');
  if (hash) return { indication: 'TOTAL_FAILED', sub: 'HASH_FAILURE', reason: hash.message };
  if (brIssue) return { indication: 'TOTAL_FAILED', sub: 'FORMAT_FAILURE', reason: `The signature is not valid: ${BYTE_RANGE_TEXT[brIssue]}.` };
  if (failed) return { indication: 'TOTAL_FAILED', sub: failed.sub, reason: failed.message };
  if (input.attack) return { indication: 'TOTAL_FAILED', sub: 'FORMAT_FAILURE', reason: `The document was manipulated after signing (${attackName(input.attack.kind)}): ${input.attack.evidence}.` };
  if (!input.modifications.allowed) {
    const first = input.modifications.changes.find((c) => c.disallowed);
    return { indication: 'TOTAL_FAILED', sub: 'FORMAT_FAILURE', reason: `The document was changed after signing in a way the signature does not permit: ${first?.description ?? 'disallowed change'}.` };
  }
  if (input.chain.status === 'revoked') return { indication: 'TOTAL_FAILED', sub: 'REVOKED', reason: input.chain.problem ?? 'The signing certificate was revoked.' };
  const indeterminate = input.failures.find((f) => f.indication === 'INDETERMINATE');
  if (indeterminate) return { indication: 'INDETERMINATE', sub: indeterminate.sub, reason: indeterminate.message };
  const chain = chainIndication(input.chain, input.hardFailRevocation);
  if (chain) return chain;
  return { indication: 'TOTAL_PASSED', reason: 'The signature is intact, valid and trusted, and nothing disallowed changed after it.' };
}

function chainIndication(chain: ChainReport, hardFail: boolean): { indication: Indication; sub: SubIndication; reason: string } | undefined {
  const at = chain.validatedAt ? ` at ${chain.validatedAt}` : '';
  switch (chain.status) {
    case 'untrusted':
      return { indication: 'INDETERMINATE', sub: 'NO_CERTIFICATE_CHAIN_FOUND', reason: `The signature is intact and valid, but the signer is not trusted: ${chain.problem ?? 'no path to a trust anchor'}` };
    case 'invalid':
      return { indication: 'INDETERMINATE', sub: 'CERTIFICATE_CHAIN_GENERAL_FAILURE', reason: chain.problem ?? 'The certificate chain is broken.' };
    case 'expired':
      return { indication: 'INDETERMINATE', sub: 'OUT_OF_BOUNDS_NO_POE', reason: `A certificate of the chain was expired${at} and no time-stamp proves the signature existed earlier.` };
    case 'not-yet-valid':
      return { indication: 'INDETERMINATE', sub: 'NOT_YET_VALID', reason: `A certificate of the chain was not yet valid${at}.` };
    case 'not-evaluated':
      return { indication: 'INDETERMINATE', sub: 'NO_CERTIFICATE_CHAIN_FOUND', reason: chain.problem ?? 'The certificate chain was not evaluated.' };
    default:
      if (hardFail && chain.revocation.some((r) => r.status === 'unknown')) {
        return { indication: 'INDETERMINATE', sub: 'TRY_LATER', reason: 'No revocation information is available for a certificate of the chain.' };
      }
      return undefined;
  }
}

/** Human name of an attack class. */
export function attackName(kind: AttackReport['kind']): string {
  return {
    usf: 'universal signature forgery',
    swa: 'signature wrapping',
    isa: 'incremental saving attack',
    'sigdict-spoofing': 'signature dictionary spoofing',
    'shadow-hide': 'shadow attack, hide',
    'shadow-replace': 'shadow attack, replace',
    'shadow-hide-and-replace': 'shadow attack, hide-and-replace',
  }[kind];
}

/**
 * Names the attack a signature's facts match, if any. Only an intact signature can be attacked:
 * a broken one is simply invalid.
 */
export function classifyAttack(intact: boolean | null, byteRangeIssues: readonly string[], hasContents: boolean, m: ModificationReport): AttackReport | undefined {
  if (byteRangeIssues.includes('verify/signature-unreadable')) return undefined;
  if (!hasContents || byteRangeIssues.includes('verify/byterange-missing') || byteRangeIssues.includes('verify/byterange-malformed')) {
    return { kind: 'usf', evidence: 'the signature dictionary lacks a usable /Contents or /ByteRange, which some viewers treat as a valid signature' };
  }
  if (intact !== true) return undefined;
  const wrapped = ['verify/byterange-gap', 'verify/byterange-contents-mismatch', 'verify/byterange-not-own-dictionary', 'verify/byterange-order', 'verify/byterange-not-at-start'].find((i) => byteRangeIssues.includes(i));
  if (wrapped) return { kind: 'swa', evidence: `the signed bytes are intact but ${BYTE_RANGE_TEXT[wrapped]}` };
  if (m.allowed && !m.flags.signatureDictionary) return undefined;
  const f = m.flags;
  const hide = f.xrefRedirect;
  const replace = f.appearanceWithoutValue || f.fonts;
  if (hide && replace) return { kind: 'shadow-hide-and-replace', evidence: evidence(m, ['xrefRedirect', 'appearanceWithoutValue', 'fonts']) };
  if (hide) return { kind: 'shadow-hide', evidence: evidence(m, ['xrefRedirect']) };
  if (replace) return { kind: 'shadow-replace', evidence: evidence(m, ['appearanceWithoutValue', 'fonts']) };
  if (f.signatureDictionary) return { kind: 'sigdict-spoofing', evidence: evidence(m, ['signatureDictionary']) };
  if (f.contentStreams || f.hiddenDefinitions) return { kind: 'isa', evidence: evidence(m, ['contentStreams', 'hiddenDefinitions']) };
  return undefined;
}

const FLAG_WORDS: Record<string, RegExp> = {
  xrefRedirect: /cross-reference|deleted/,
  appearanceWithoutValue: /appearance/,
  fonts: /font/,
  signatureDictionary: /signature (dictionary|field)/,
  contentStreams: /content|Contents/,
  hiddenDefinitions: /ignored by the cross-reference/,
};

function evidence(m: ModificationReport, flags: readonly string[]): string {
  const c = m.changes.find((x) => x.disallowed && flags.some((f) => FLAG_WORDS[f]!.test(x.description))) ?? m.changes.find((x) => x.disallowed);
  return c ? c.description : 'changes after signing';
}

/** The document verdict (the vocabulary of the verification corpus). */
export function documentVerdict(signatures: readonly SignatureReport[]): DocumentVerdict {
  if (signatures.length === 0) return 'unsigned';
  if (signatures.some((s) => s.attack)) return 'attack';
  const modification = (s: SignatureReport): boolean => !s.modifications.allowed;
  if (signatures.some((s) => s.indication === 'TOTAL_FAILED' && !modification(s))) return 'invalid-signature';
  const trustOnly = new Set<SubIndication | undefined>(['NO_CERTIFICATE_CHAIN_FOUND', 'CERTIFICATE_CHAIN_GENERAL_FAILURE', 'OUT_OF_BOUNDS_NO_POE', 'NOT_YET_VALID', 'TRY_LATER', 'REVOKED_NO_POE']);
  if (signatures.some((s) => s.indication === 'INDETERMINATE' && !trustOnly.has(s.subIndication))) return 'indeterminate';
  if (signatures.some(modification)) return 'modified-after-signing';
  if (signatures.some((s) => s.facets.coverage !== 'entire-file')) return 'valid-with-permitted-changes';
  return 'valid';
}

/** One sentence saying why a document is not valid (or that it is). */
export function documentReason(signatures: readonly SignatureReport[], valid: boolean): string {
  if (signatures.length === 0) return 'The document has no signatures.';
  if (valid) {
    const n = signatures.length;
    const later = signatures.some((s) => s.facets.coverage !== 'entire-file');
    return `${n === 1 ? 'The signature is' : `All ${n} signatures are`} intact and valid${later ? ', and the changes made after signing are permitted' : ''}.`;
  }
  const bad = signatures.find((s) => s.attack) ?? signatures.find((s) => s.indication === 'TOTAL_FAILED') ?? signatures.find((s) => s.facets.valid !== true || s.facets.intact !== true) ?? signatures[0]!;
  return `Signature '${bad.fieldName}': ${lowerFirst(bad.reason)}`;
}

function lowerFirst(s: string): string {
  return s.length > 1 && /[A-Z][a-z]/.test(s.slice(0, 2)) ? s[0]!.toLowerCase() + s.slice(1) : s;
}
