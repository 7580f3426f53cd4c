/**
 * audit trail: the page appended before signing that records the signer, the events and the
 * document's SHA-256 (../shared/API.md POST /v1/sign).
 * In: PDF bytes and the request's signer/auditTrail/eventId. Out: the PDF with the page appended
 * as an incremental update. Must not: draw text itself (layout and render/pdf do).
 */
export { readAuditTrail, describeEvent, MAX_AUDIT_EVENTS } from './events';
export type { AuditTrail, AuditEvent, AuditSigner } from './events';
export { buildAuditTrailModel } from './model';
export type { AuditPageInput } from './model';
export { appendPages } from './append-pages';
export { appendAuditTrail, renderAuditTrailPdf } from './append-audit-trail';
