/**
 * The audit trail a signing request carries (../shared/API.md, POST /v1/sign): who signs, and what
 * they did before signing — ready, scroll {percent}, field_change {fieldId, value, previousValue},
 * submit. Validated into plain data before anything is drawn.
 */
import type { Diagnostic, Result } from '../../core';
import { error, fail, ok } from '../../core';

/** The person signing. */
export interface AuditSigner {
  readonly name: string;
  readonly email: string;
  readonly ip?: string;
  readonly userAgent?: string;
}

/** One audit event. */
export type AuditEvent =
  | { readonly type: 'ready'; readonly timestamp: string }
  | { readonly type: 'submit'; readonly timestamp: string }
  | { readonly type: 'scroll'; readonly timestamp: string; readonly data: { readonly percent: number } }
  | { readonly type: 'field_change'; readonly timestamp: string; readonly data: { readonly fieldId: string; readonly value: string; readonly previousValue?: string } };

/** A validated audit trail. */
export interface AuditTrail {
  readonly signer: AuditSigner;
  readonly events: readonly AuditEvent[];
  readonly eventId?: string;
}

/** Most events accepted (a hostile request must not make the page unbounded). */
export const MAX_AUDIT_EVENTS = 5000;
const MAX_TEXT = 2000;

function str(v: unknown): v is string {
  return typeof v === 'string' && v.length <= MAX_TEXT;
}

function isoTime(v: unknown): v is string {
  return typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v));
}

function valueText(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > MAX_TEXT ? s.slice(0, MAX_TEXT) + '…' : s;
}

function readEvent(e: unknown, i: number, errors: Diagnostic[]): AuditEvent | undefined {
  const at = `auditTrail[${i}]`;
  if (typeof e !== 'object' || e === null) return void errors.push(error('sign/audit-bad-event', `${at} is not an object.`, { at }));
  const { type, timestamp, data } = e as { type?: unknown; timestamp?: unknown; data?: Record<string, unknown> };
  if (!isoTime(timestamp)) return void errors.push(error('sign/audit-bad-event', `${at}.timestamp is not an ISO 8601 time.`, { at }));
  if (type === 'ready' || type === 'submit') return { type, timestamp };
  if (type === 'scroll') {
    const p = data?.percent;
    if (typeof p !== 'number' || !(p >= 0 && p <= 100)) return void errors.push(error('sign/audit-bad-event', `${at}.data.percent must be a number from 0 to 100.`, { at }));
    return { type, timestamp, data: { percent: p } };
  }
  if (type === 'field_change') {
    const fieldId = data?.fieldId;
    const value = valueText(data?.value);
    if (!str(fieldId) || value === undefined) return void errors.push(error('sign/audit-bad-event', `${at}.data needs fieldId and value.`, { at }));
    const previous = valueText(data?.previousValue);
    return { type, timestamp, data: { fieldId, value, ...(previous !== undefined ? { previousValue: previous } : {}) } };
  }
  return void errors.push(error('sign/audit-bad-event', `${at}.type must be ready, scroll, field_change or submit.`, { at }));
}

/** Validates a request's `signer`, `auditTrail` and `eventId` (at least one submit event is required). */
export function readAuditTrail(input: { signer?: unknown; auditTrail?: unknown; eventId?: unknown }): Result<AuditTrail> {
  const errors: Diagnostic[] = [];
  const s = input.signer as Partial<AuditSigner> | undefined;
  if (!s || !str(s.name) || !s.name || !str(s.email) || !s.email) errors.push(error('sign/audit-bad-signer', 'signer needs a name and an e-mail.', { at: 'signer' }));
  if (s && ((s.ip !== undefined && !str(s.ip)) || (s.userAgent !== undefined && !str(s.userAgent)))) errors.push(error('sign/audit-bad-signer', 'signer.ip and signer.userAgent must be strings.', { at: 'signer' }));
  const list = input.auditTrail;
  if (!Array.isArray(list)) errors.push(error('sign/audit-bad-trail', 'auditTrail must be an array of events.', { at: 'auditTrail' }));
  else if (list.length > MAX_AUDIT_EVENTS) errors.push(error('sign/audit-too-many-events', `auditTrail has more than ${MAX_AUDIT_EVENTS} events.`, { at: 'auditTrail' }));
  const events = Array.isArray(list) && list.length <= MAX_AUDIT_EVENTS ? list.map((e, i) => readEvent(e, i, errors)).filter((e): e is AuditEvent => !!e) : [];
  if (Array.isArray(list) && !events.some((e) => e.type === 'submit')) errors.push(error('sign/audit-no-submit', 'auditTrail needs at least one submit event.', { at: 'auditTrail' }));
  if (input.eventId !== undefined && !str(input.eventId)) errors.push(error('sign/audit-bad-event-id', 'eventId must be a string.', { at: 'eventId' }));
  if (errors.length > 0) return fail(errors);
  const signer: AuditSigner = { name: s!.name!, email: s!.email!, ...(s!.ip ? { ip: s!.ip } : {}), ...(s!.userAgent ? { userAgent: s!.userAgent } : {}) };
  return ok({ signer, events, ...(typeof input.eventId === 'string' ? { eventId: input.eventId } : {}) });
}

/** One line of the events table: time, type label, details. */
export function describeEvent(e: AuditEvent): { time: string; label: string; details: string } {
  const time = new Date(Date.parse(e.timestamp)).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC');
  switch (e.type) {
    case 'ready':
      return { time, label: 'Document opened', details: '' };
    case 'submit':
      return { time, label: 'Submitted for signing', details: '' };
    case 'scroll':
      return { time, label: 'Scrolled', details: `${Math.round(e.data.percent)} % of the document` };
    case 'field_change':
      return { time, label: 'Field changed', details: `${e.data.fieldId}: ${e.data.previousValue !== undefined ? `"${e.data.previousValue}" → ` : ''}"${e.data.value}"` };
  }
}
