/**
 * The HTTP campaign's oracle: what every answer of the /v1 service must be, whatever was sent
 * (API.md "General"). Returns the defects found in one response; none means the answer is fine.
 */

/** Statuses the service may answer with; anything else (a 500 above all) is a defect. */
const ALLOWED_STATUS = new Set([200, 202, 204, 400, 401, 404, 405, 413, 415, 422, 429, 503, 504]);
/** API.md's codes but INTERNAL_ERROR: a running service with a working mailer answers hostile input without one. */
const CODES = new Set([
  'VALIDATION_ERROR', 'INVALID_FILE_FORMAT', 'AUTHENTICATION_ERROR', 'RATE_LIMIT_ERROR', 'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE_DOCUMENT', 'TIMEOUT',
]);
/** Text that would betray a stack trace or a source path. */
const STACK = /\bat [\w$.<>]+ \(|node_modules|\.[cm]?[jt]s:\d+|\bError: .*\n\s+at /;
/** RFC 6266 / 8187: a quoted ASCII fallback, then `filename*` in attr-chars and %XX only. */
const DISPOSITION = /^attachment; filename="[\x20\x21\x23-\x5b\x5d-\x7e]*"; filename\*=UTF-8''(?:[A-Za-z0-9!#$&+\-.^_`|~]|%[0-9A-F]{2})+$/;

/** What the oracle sees of one exchange. */
export interface Exchange {
  readonly method: string;
  readonly sentRequestId?: string;
  readonly status: number;
  readonly headers: Headers;
  readonly body: Uint8Array;
  readonly ms: number;
}

/** The defects of one answer (an empty list when it keeps the contract). */
export function httpDefects(x: Exchange, timeLimitMs: number): string[] {
  const out: string[] = [];
  if (x.ms > timeLimitMs) out.push(`slow: ${Math.round(x.ms)} ms`);
  if (!ALLOWED_STATUS.has(x.status)) out.push(`status ${x.status}`);
  const id = x.headers.get('x-request-id');
  if (!id) out.push('no X-Request-Id');
  else if (x.sentRequestId && /^[A-Za-z0-9._:-]{1,128}$/.test(x.sentRequestId) && id !== x.sentRequestId) out.push('X-Request-Id not echoed');
  const text = new TextDecoder().decode(x.body);
  if (STACK.test(text)) out.push('stack trace or source path in the body');
  const disposition = x.headers.get('content-disposition');
  if (disposition !== null && !DISPOSITION.test(disposition)) out.push(`bad Content-Disposition: ${disposition.slice(0, 80)}`);
  if (x.status >= 400 && x.method !== 'HEAD') out.push(...problemDefects(x, text, id));
  return out;
}

function problemDefects(x: Exchange, text: string, id: string | null): string[] {
  if (!(x.headers.get('content-type') ?? '').startsWith('application/problem+json')) return [`${x.status} without application/problem+json`];
  let p: Record<string, unknown>;
  try {
    p = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return [`${x.status}: problem body is not JSON`];
  }
  const out: string[] = [];
  for (const k of ['type', 'title', 'detail', 'code', 'error', 'message', 'requestId']) {
    if (typeof p[k] !== 'string' || (k !== 'requestId' && (p[k] as string).length === 0)) out.push(`problem.${k} missing`);
  }
  if (p.status !== x.status) out.push('problem.status differs from the status');
  if (typeof p.code === 'string' && !CODES.has(p.code)) out.push(`problem.code ${p.code}`);
  if (id && p.requestId !== id) out.push('problem.requestId differs from X-Request-Id');
  if (p.details !== undefined && !(Array.isArray(p.details) && p.details.every((d) => typeof d?.field === 'string' && typeof d?.issue === 'string'))) {
    out.push('problem.details malformed');
  }
  if (x.status === 429 && !x.headers.get('retry-after')) out.push('429 without Retry-After');
  return out;
}
