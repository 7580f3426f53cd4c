/**
 * sign: PDF signatures (PAdES B-B/B-T/B-LT/B-LTA, adbe.pkcs7.detached) in three steps —
 * `prepareSignature` → any signer over the digest → `completeSignature` — plus `signPdf` doing all,
 * DSS and document time-stamps, visible widgets, certification and field locks, the development
 * identity, and signing identities (a key as plain data) with the one way to a signer from them.
 * In: PDF bytes, a CmsSigner (from engine/cms), an EngineHost. Out: signed PDF bytes or diagnostics.
 * Must not: rewrite existing bytes of a PDF, read files, or reach the network except via given fetch.
 */
export { prepareSignature, signedBytes, openForSigning, defaultLines } from './prepare';
export { completeSignature } from './complete';
export { signPdf } from './sign-pdf';
export type { SignPdfOptions, PadesLevel } from './sign-pdf';
export type { PrepareOptions, PreparedSignature, VisibleSignature, FieldLock, SignatureSubFilter } from './types';
export { addValidationData, hasDss } from './dss';
export type { ValidationData, AddValidationOptions } from './dss';
export { addDocumentTimestamp } from './doc-timestamp';
export type { DocumentTimestampOptions } from './doc-timestamp';
export { listFields, uniqueFieldName } from './fields';
export type { FieldInfo } from './fields';
export { docMdpLevel, checkSigningAllowed } from './permissions';
export { formatPdfDate, formatDisplayDate } from './pdf-date';
export { helveticaWidth, winAnsiLiteral } from './appearance';
export { createDevIdentity, signerFromDevIdentity, describeSigningCertificate } from './dev-identity';
export type { DevIdentity, DevIdentityOptions, SigningKeyDescription } from './dev-identity';
export { devSigningIdentity, signerFromIdentity } from './signing-identity';
export type { SigningIdentity } from './signing-identity';
export { signDocx } from './docx';
export type { SignDocxOptions } from './docx';
export { readAuditTrail, describeEvent, buildAuditTrailModel, appendAuditTrail, renderAuditTrailPdf, MAX_AUDIT_EVENTS } from './audit-trail';
export type { AuditTrail, AuditEvent, AuditSigner, AuditPageInput } from './audit-trail';
