/**
 * Verification report and option types (plain data: they cross worker and HTTP boundaries).
 *
 * Vocabulary: ETSI EN 319 102-1 §5.1.3 (indications and sub-indications), pyHanko-style facets
 * (intact, valid, trusted, coverage, modification), ETSI EN 319 142-1 (PAdES baseline levels).
 */
import type { RevocationFetch as CmsRevocationFetch } from '../cms';
import type { Diagnostic } from '../core';

/** ETSI EN 319 102-1 Table 4 main indication. */
export type Indication = 'TOTAL_PASSED' | 'INDETERMINATE' | 'TOTAL_FAILED';

/** ETSI EN 319 102-1 Table 5 sub-indications used by this verifier. */
export type SubIndication =
  | 'FORMAT_FAILURE'
  | 'HASH_FAILURE'
  | 'SIG_CRYPTO_FAILURE'
  | 'REVOKED'
  | 'NOT_YET_VALID'
  | 'NO_SIGNING_CERTIFICATE_FOUND'
  | 'NO_CERTIFICATE_CHAIN_FOUND'
  | 'CERTIFICATE_CHAIN_GENERAL_FAILURE'
  | 'CRYPTO_CONSTRAINTS_FAILURE'
  | 'OUT_OF_BOUNDS_NO_POE'
  | 'REVOKED_NO_POE'
  | 'TIMESTAMP_ORDER_FAILURE'
  | 'TRY_LATER'
  | 'SIG_CONSTRAINTS_FAILURE';

/** What a PDF signature is (ISO 32000-2 §12.8). */
export type SignatureKind = 'approval' | 'certification' | 'document-timestamp';

/** How much of the file a signature covers (pyHanko's coverage levels; `partial` for packages with unsigned content). */
export type Coverage = 'entire-file' | 'entire-revision' | 'contiguous-from-start' | 'unclear' | 'partial';

/** Modification levels, least to most invasive (pyHanko's ModificationLevel, DocMDP-aligned). */
export type ModificationLevel = 'none' | 'dss' | 'form-filling' | 'annotations' | 'other';

/** Class of one change made after a signature. */
export type ChangeKind = 'dss' | 'timestamp' | 'signature' | 'form-filling' | 'metadata' | 'annotation' | 'other';

/** Published attack classes a report can name. */
export type AttackKind = 'usf' | 'swa' | 'isa' | 'sigdict-spoofing' | 'shadow-hide' | 'shadow-replace' | 'shadow-hide-and-replace';

/** PAdES baseline levels (ETSI EN 319 142-1 §6). */
export type PadesLevel = 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';

/** A certificate as shown in a report. */
export interface CertificateSummary {
  readonly name: string;
  readonly email?: string;
  readonly subject: string;
  readonly issuer: string;
  /** Serial number, upper-case hex. */
  readonly serialNumber: string;
  readonly notBefore: string;
  readonly notAfter: string;
}

/** One change made after a signature. */
export interface ChangeReport {
  readonly kind: ChangeKind;
  /** Object number, when the change is about one object. */
  readonly object?: number;
  /** What changed, for a person (`page 1 /Contents replaced`). */
  readonly description: string;
  /** True when the permissions in force do not allow this change. */
  readonly disallowed?: boolean;
}

/** The shadow-attack vectors touched after a signature (Mainka et al., NDSS 2021). */
export interface ModificationFlags {
  readonly contentStreams: boolean;
  readonly xobjects: boolean;
  readonly fonts: boolean;
  readonly optionalContent: boolean;
  readonly pageTree: boolean;
  readonly needAppearances: boolean;
  readonly signatureDictionary: boolean;
  /** A widget appearance changed although its field value did not. */
  readonly appearanceWithoutValue: boolean;
  /** An xref entry points at bytes that define another object, or a drawn object was freed. */
  readonly xrefRedirect: boolean;
  /** Objects were defined after signing that the cross-reference table ignores. */
  readonly hiddenDefinitions: boolean;
}

/** What changed after one signature and whether it was allowed. */
export interface ModificationReport {
  readonly level: ModificationLevel;
  readonly allowed: boolean;
  /** DocMDP P in force (1, 2, 3), absent when the document is not certified. */
  readonly docMdp?: 1 | 2 | 3;
  /** Fully qualified names of fields this signature locks (FieldMDP / Lock). */
  readonly lockedFields: readonly string[] | 'all';
  readonly changes: readonly ChangeReport[];
  readonly flags: ModificationFlags;
  /** Revisions after the signed one. */
  readonly laterRevisions: number;
}

/** The ByteRange facts of a signature (ISO 32000-2 §12.8.1). */
export interface ByteRangeReport {
  readonly values: readonly number[] | null;
  /** Codes of the rules that failed (`verify/byterange-gap`, ...); empty when standard. */
  readonly issues: readonly string[];
  /** 1-based revision whose end the signature's coverage reaches, when it reaches one. */
  readonly revision: number | null;
  readonly coverage: Coverage;
  readonly signedBytes: number;
}

/** Cryptographic facts of the CMS. */
export interface CmsReport {
  readonly digestAlgorithm?: string;
  readonly signatureAlgorithm?: string;
  readonly messageDigestMatches: boolean | null;
  readonly signatureVerifies: boolean | null;
  readonly signerIdentifiedBy?: 'issuer-serial' | 'subject-key-id';
  readonly signingCertificateAttribute: 'v1' | 'v2' | 'absent' | 'mismatch';
  /** False when the signed attributes are not in DER (sorted) order (RFC 5652 §5.4). */
  readonly signedAttributesDer: boolean | null;
  readonly certificates: number;
  readonly berIndefinite: boolean;
}

/** A verified time-stamp (signature time-stamp attribute or document time-stamp). */
export interface TimestampReport {
  readonly genTime?: string;
  readonly imprintMatches: boolean | null;
  readonly signatureVerifies: boolean | null;
  readonly tsa?: CertificateSummary;
  readonly trusted: boolean | null;
  readonly problem?: string;
}

/** Revocation status of one certificate of a chain. */
export interface RevocationReport {
  readonly subject: string;
  readonly status: 'good' | 'revoked' | 'unknown';
  readonly source?: 'cms' | 'adbe' | 'dss' | 'vri' | 'xades' | 'online';
  readonly revokedAt?: string;
}

/** Chain building and trust. */
export interface ChainReport {
  readonly status: 'trusted' | 'untrusted' | 'expired' | 'not-yet-valid' | 'revoked' | 'invalid' | 'not-evaluated';
  readonly certificates: readonly CertificateSummary[];
  readonly anchor?: string;
  /** The time at which validity was judged (ISO 8601). */
  readonly validatedAt?: string;
  /** How the time was chosen: a verified time-stamp (proof of existence) or the validation time. */
  readonly timeSource?: 'timestamp' | 'validation-time';
  readonly revocation: readonly RevocationReport[];
  readonly problem?: string;
}

/** The pyHanko-style facets of a signature. */
export interface SignatureFacets {
  readonly intact: boolean | null;
  readonly valid: boolean | null;
  readonly trusted: boolean | null;
  readonly coverage: Coverage;
  readonly modification: ModificationLevel;
}

/** A named attack with its evidence. */
export interface AttackReport {
  readonly kind: AttackKind;
  readonly evidence: string;
}

/** One XML-DSig reference of a package signature. */
export interface XmlReferenceReport {
  readonly uri: string;
  readonly inManifest: boolean;
  readonly verified: boolean | null;
  readonly problem?: string;
}

/** The package-signature facts of a DOCX signature (ECMA-376 Part 2 §13.2). */
export interface XmlSignatureReport {
  /** The signature part, e.g. `_xmlsignatures/sig1.xml`. */
  readonly part: string;
  readonly references: readonly XmlReferenceReport[];
  /** `verified/total` of the Manifest references (xmlsec1 reports OK even when one fails). */
  readonly manifest: string;
}

/** The report for one signature. */
export interface SignatureReport {
  /** 0-based, in the order the signatures were applied (by signed revision). */
  readonly index: number;
  readonly fieldName: string;
  readonly kind: SignatureKind;
  readonly subFilter?: string;
  readonly indication: Indication;
  readonly subIndication?: SubIndication;
  /** One sentence saying why the indication is not TOTAL_PASSED (or what passed). */
  readonly reason: string;
  readonly facets: SignatureFacets;
  readonly signer?: CertificateSummary;
  /** Claimed signing time (signingTime attribute or /M), not proof of time. */
  readonly claimedSigningTime?: string;
  readonly reasonText?: string;
  readonly location?: string;
  readonly byteRange: ByteRangeReport;
  readonly cms: CmsReport;
  readonly timestamp?: TimestampReport;
  readonly chain: ChainReport;
  readonly modifications: ModificationReport;
  readonly pades: { readonly level: PadesLevel | null; readonly missing: readonly string[] };
  readonly attack?: AttackReport;
  /** DOCX package signatures only. */
  readonly xml?: XmlSignatureReport;
  readonly diagnostics: readonly Diagnostic[];
}

/** Summary verdict of a document (the vocabulary of the verification corpus). */
export type DocumentVerdict = 'valid' | 'valid-with-permitted-changes' | 'valid-partial' | 'invalid-signature' | 'indeterminate' | 'modified-after-signing' | 'attack' | 'unsigned';

/** Document-level facts. */
export interface DocumentReport {
  readonly format: 'pdf' | 'docx';
  readonly size: number;
  readonly revisions: number;
  readonly verdict: DocumentVerdict;
  readonly attacks: readonly AttackReport[];
  /** Bytes after the end of the newest signature's coverage. */
  readonly unsignedTailBytes: number;
  readonly unsignedSignatureFields: readonly string[];
  readonly repaired: boolean;
  /** Parts or relationships outside the signed scope (DOCX). */
  readonly unsignedParts?: readonly string[];
  /** Parts and relationships signing applications leave unsigned by design: document properties, signature parts (DOCX). */
  readonly unsignedByDesign?: readonly string[];
}

/** The verification report, in the shape of `POST /v1/verify` (shared/API.md). */
export interface VerificationReport {
  readonly valid: boolean;
  readonly reason?: string;
  readonly signer?: CertificateSummary;
  readonly signers?: readonly CertificateSummary[];
  readonly document: DocumentReport;
  readonly signatures: readonly SignatureReport[];
}

/** The HTTP transport for online revocation fetching (GET for CRLs, POST for OCSP); engine/cms's, shared with signing. */
export type RevocationFetch = CmsRevocationFetch;

/** Options of `verifyPdf` / `verifyDocx`. */
export interface VerifyOptions {
  /** Trust anchors, DER or PEM. Nothing is trusted implicitly. */
  readonly trustAnchors?: readonly (Uint8Array | string)[];
  /** Extra intermediate certificates, DER or PEM. */
  readonly intermediates?: readonly (Uint8Array | string)[];
  /** The time to validate at; the host clock by default. */
  readonly validationTime?: Date;
  /** Missing revocation data: `soft-fail` (default) reports it, `hard-fail` makes the result INDETERMINATE, `off` skips checks. */
  readonly revocation?: 'soft-fail' | 'hard-fail' | 'off';
  /** Fetch CRLs / OCSP online. Used only when `allowOnline` is true. */
  readonly fetch?: RevocationFetch;
  readonly allowOnline?: boolean;
  /** Largest accepted input in bytes (default 512 MiB). */
  readonly maxBytes?: number;
}
