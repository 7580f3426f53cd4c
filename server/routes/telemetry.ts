/**
 * POST /v1/collect (the client library's telemetry, API.md "Client library telemetry": validated and
 * stored per licence key) and GET /v1/usage (distinct documents and opens per licence key per day,
 * for operator keys only: it is the operator's billing data about every licence key).
 * Stored per event: licence key, day received, document id, the client's times, version and hostname —
 * not the user agent, page URL or metadata.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import type { AppEnv, AppState } from '../context';
import { readJsonObject, readQuery } from '../input';
import { HttpProblem, validationProblem, type ProblemDetail } from '../problem';
import type { TelemetryEvent } from '../store/types';
import { rateLimitHeaders } from '../limits';

/** Most events one telemetry request may carry. */
export const MAX_EVENTS_PER_REQUEST = 100;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Mounts collect (no auth, per-IP limit) and usage (behind `operatorOnly`: an operator key, else 401/403). */
export function mountTelemetryRoutes(app: Hono<AppEnv>, state: AppState, operatorOnly: MiddlewareHandler<AppEnv>): void {
  app.post('/v1/collect', async (c) => {
    const limit = state.collectLimiter.take(c.get('clientIp'));
    const headers = rateLimitHeaders(limit, 60_000);
    for (const [k, v] of Object.entries(headers)) c.header(k, v);
    if (!limit.allowed) throw new HttpProblem(429, 'RATE_LIMIT_ERROR', `Too many telemetry requests; retry in ${limit.resetS} s.`, undefined, { ...headers, 'Retry-After': String(limit.resetS) });
    readQuery(c, {});
    const licenseKey = c.req.header('x-license-key');
    if (!licenseKey || licenseKey.length > 200 || !/^[\x21-\x7e]+$/.test(licenseKey)) {
      throw validationProblem([{ field: 'X-License-Key', issue: 'header is required: 1 to 200 visible ASCII characters' }]);
    }
    const body = await readJsonObject(c);
    const now = state.now();
    const events = readTelemetry(body).map((e): TelemetryEvent => ({ ...e, licenseKey, day: new Date(now).toISOString().slice(0, 10), receivedAt: now }));
    await state.deps.store.addEvents(events);
    return c.body(null, 202);
  });

  app.get('/v1/usage', operatorOnly, async (c) => {
    const q = readQuery(c, {
      from: (v) => (DAY.test(v) && !Number.isNaN(Date.parse(v)) ? undefined : 'must be a day YYYY-MM-DD'),
      to: (v) => (DAY.test(v) && !Number.isNaN(Date.parse(v)) ? undefined : 'must be a day YYYY-MM-DD'),
      licenseKey: (v) => (v.length > 0 && v.length <= 200 ? undefined : 'must be 1 to 200 characters'),
    });
    const to = q.to ?? new Date(state.now()).toISOString().slice(0, 10);
    const from = q.from ?? new Date(Date.parse(to) - 29 * DAY_MS).toISOString().slice(0, 10);
    if (from > to) throw validationProblem([{ field: 'from', issue: 'must not be after to' }]);
    if (Date.parse(to) - Date.parse(from) > 366 * DAY_MS) throw validationProblem([{ field: 'from', issue: 'the range may span at most 366 days' }]);
    const usage = await state.deps.store.usage(from, to, q.licenseKey);
    return c.json({ from, to, ...(q.licenseKey ? { licenseKey: q.licenseKey } : {}), usage });
  });
}

type EventFields = Pick<TelemetryEvent, 'documentId' | 'eventTime' | 'documentCreatedAt' | 'colophonVersion' | 'hostname'>;

/** Validates a telemetry body (API.md) and returns its events. */
export function readTelemetry(body: Record<string, unknown>): EventFields[] {
  const details: ProblemDetail[] = [];
  const allowed = ['colophonVersion', 'browserInfo', 'metadata', 'events'];
  for (const k of Object.keys(body)) if (!allowed.includes(k)) details.push({ field: k, issue: `unknown field; allowed: ${allowed.join(', ')}` });
  const version = body.colophonVersion;
  if (typeof version !== 'string' || version.length === 0 || version.length > 64) details.push({ field: 'colophonVersion', issue: 'must be a version string' });
  const hostname = checkBrowserInfo(body.browserInfo, details);
  if (body.metadata !== undefined && (typeof body.metadata !== 'object' || body.metadata === null || Array.isArray(body.metadata) || JSON.stringify(body.metadata).length > 8192)) {
    details.push({ field: 'metadata', issue: 'must be an object of at most 8 KB' });
  }
  const events = body.events;
  if (!Array.isArray(events) || events.length === 0 || events.length > MAX_EVENTS_PER_REQUEST) {
    details.push({ field: 'events', issue: `must be a list of 1 to ${MAX_EVENTS_PER_REQUEST} events` });
  }
  const out: EventFields[] = [];
  if (Array.isArray(events) && events.length <= MAX_EVENTS_PER_REQUEST) events.forEach((e, i) => readEvent(e, `events[${i}]`, details, out));
  if (details.length > 0) throw validationProblem(details.slice(0, 50));
  return out.map((e) => ({ ...e, colophonVersion: version as string, ...(hostname ? { hostname } : {}) }));
}

function checkBrowserInfo(info: unknown, details: ProblemDetail[]): string | undefined {
  if (info === undefined) return undefined;
  if (typeof info !== 'object' || info === null || Array.isArray(info)) {
    details.push({ field: 'browserInfo', issue: 'must be an object' });
    return undefined;
  }
  const b = info as Record<string, unknown>;
  for (const k of Object.keys(b)) {
    if (!['userAgent', 'currentUrl', 'hostname', 'screenSize'].includes(k)) details.push({ field: `browserInfo.${k}`, issue: 'unknown field' });
  }
  for (const k of ['userAgent', 'currentUrl', 'hostname']) {
    if (b[k] !== undefined && (typeof b[k] !== 'string' || (b[k] as string).length > 2048)) details.push({ field: `browserInfo.${k}`, issue: 'must be a string of at most 2048 characters' });
  }
  const s = b.screenSize as Record<string, unknown> | undefined;
  if (s !== undefined && (typeof s !== 'object' || s === null || !isSize(s.width) || !isSize(s.height) || Object.keys(s).some((k) => k !== 'width' && k !== 'height'))) {
    details.push({ field: 'browserInfo.screenSize', issue: 'must be { width, height } with non-negative numbers' });
  }
  return typeof b.hostname === 'string' && b.hostname.length <= 253 ? b.hostname : undefined;
}

function isSize(v: unknown): boolean {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1_000_000;
}

function readEvent(e: unknown, at: string, details: ProblemDetail[], out: EventFields[]): void {
  if (typeof e !== 'object' || e === null || Array.isArray(e)) return void details.push({ field: at, issue: 'must be an object' });
  const ev = e as Record<string, unknown>;
  for (const k of Object.keys(ev)) if (!['timestamp', 'documentId', 'documentCreatedAt'].includes(k)) details.push({ field: `${at}.${k}`, issue: 'unknown field' });
  const okTime = typeof ev.timestamp === 'string' && ev.timestamp.length <= 40 && !Number.isNaN(Date.parse(ev.timestamp));
  if (!okTime) details.push({ field: `${at}.timestamp`, issue: 'must be an ISO 8601 time' });
  const okId = typeof ev.documentId === 'string' && /^HASH-[0-9A-F]{8}$/.test(ev.documentId);
  if (!okId) details.push({ field: `${at}.documentId`, issue: 'must be HASH- and 8 upper-case hex digits' });
  const created = ev.documentCreatedAt;
  const okCreated = typeof created === 'string' && created.length > 0 && created.length <= 64;
  if (!okCreated) details.push({ field: `${at}.documentCreatedAt`, issue: 'must be the document creation time (string)' });
  if (okTime && okId && okCreated) out.push({ eventTime: ev.timestamp as string, documentId: ev.documentId as string, documentCreatedAt: created as string });
}
