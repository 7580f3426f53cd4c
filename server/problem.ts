/**
 * The error body of API.md: RFC 9457 problem details (`type, title, status, detail`) and the hosted
 * API's convention (`code, error, message`) in one object, plus the request id and field details.
 */
import { STATUS_CODES } from 'node:http';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DEFAULT_LIMITS, type Diagnostic } from '../engine';

/**
 * The machine-readable error codes of API.md, and no others: a client branches on `code`, so a code
 * outside this list is one it cannot know. The status says the rest: an unknown path (404) or method
 * (405) is a VALIDATION_ERROR of the request; a service at capacity (queue full, 503) a
 * RATE_LIMIT_ERROR, whose remedy is the same (wait Retry-After); a service that cannot serve for a
 * reason of its own (shutting down, mail not sent; 503 with Retry-After) an INTERNAL_ERROR.
 */
export const PROBLEM_CODES = [
  'VALIDATION_ERROR', 'INVALID_FILE_FORMAT', 'AUTHENTICATION_ERROR', 'RATE_LIMIT_ERROR', 'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE_DOCUMENT', 'TIMEOUT', 'INTERNAL_ERROR',
] as const;

/** One of API.md's error codes. */
export type ProblemCode = (typeof PROBLEM_CODES)[number];

/** One field-level problem. */
export interface ProblemDetail {
  readonly field: string;
  readonly issue: string;
}

/** The error response body. */
export interface ProblemBody {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: ProblemCode;
  readonly error: string;
  readonly message: string;
  readonly requestId: string;
  readonly details?: readonly ProblemDetail[];
}

/**
 * The HTTP reason phrase of a status: the one Node writes on the status line (API.md: `error` is the
 * HTTP reason phrase), so the body and the line agree (422 is "Unprocessable Entity" there, not RFC
 * 9110's "Unprocessable Content").
 */
export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/** An error a handler throws to answer with a problem body. */
export class HttpProblem extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ProblemCode,
    message: string,
    readonly details?: readonly ProblemDetail[],
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** Builds the problem body for a status, code and message. */
export function problemBody(status: number, code: ProblemCode, message: string, requestId: string, details?: readonly ProblemDetail[]): ProblemBody {
  const error = reasonPhrase(status);
  return {
    type: `https://colophon.dev/problems/${code.toLowerCase().replace(/_/g, '-')}`,
    title: error,
    status,
    detail: message,
    code,
    error,
    message,
    requestId,
    ...(details && details.length > 0 ? { details } : {}),
  };
}

/** Answers with a problem body (`application/problem+json`). */
export function sendProblem(c: Context, p: HttpProblem): Response {
  const body = problemBody(p.status, p.code, p.message, (c.get('requestId') as string | undefined) ?? '', p.details);
  for (const [k, v] of Object.entries(p.headers)) c.header(k, v);
  c.header('Content-Type', 'application/problem+json');
  return c.body(JSON.stringify(body), p.status);
}

/** A 400 with field-level details. */
export function validationProblem(details: readonly ProblemDetail[], message = 'The request is not valid; see details.'): HttpProblem {
  return new HttpProblem(400, 'VALIDATION_ERROR', message, details);
}

/** Diagnostics as field-level details (at most 50, so a hostile file cannot make the answer unbounded). */
export function diagnosticDetails(list: readonly Diagnostic[], field: string): ProblemDetail[] {
  return list.slice(0, 50).map((d) => ({ field: d.at && !d.at.includes(' ') && !d.at.includes('/') ? d.at : field, issue: `${d.code}: ${d.message}${d.hint ? ` ${d.hint}` : ''}` }));
}

/**
 * Hints of the engine's size limits as an HTTP caller can act on them. The engine's hints say which
 * option to raise (limits.maxPages and the layout budgets), but the server lays out with the engine's
 * default limits and has no request field or environment variable for them (README's configuration
 * table): the caller can split the document, or ask the service's operator.
 */
const SERVICE_LIMIT_HINTS: Readonly<Record<string, string>> = {
  'layout/too-many-pages': `This service lays out at most ${DEFAULT_LIMITS.maxPages} pages a document, a limit a request cannot raise: split the document into parts under it, or ask the service's operator if the document must stay whole.`,
  'layout/too-large': "This service's layout budgets are fixed, a request cannot raise them: split the document into smaller parts, or ask the service's operator if it must stay whole.",
};

/** The diagnostics with the hints of the engine's size limits replaced by what an HTTP caller can do. */
function forHttpCaller(list: readonly Diagnostic[]): Diagnostic[] {
  return list.map((d) => (SERVICE_LIMIT_HINTS[d.code] !== undefined ? { ...d, hint: SERVICE_LIMIT_HINTS[d.code] } : d));
}

/** Engine codes that blame the request's values rather than the document. */
const REQUEST_MISTAKES = new Set([
  'template/bad-request', 'template/data-too-deep', 'template/reserved-key', 'template/bad-delimiters', 'template/bad-image', 'template/bad-value',
  'template/bad-date', 'template/bad-signature', 'template/value-too-large', 'template/invalid-characters', 'template/not-in-list',
]);

const FORMAT_MISTAKES = new Set(['worker/unknown-format', 'zip/not-a-zip', 'zip/no-directory', 'docx/bad-zip', 'docx/no-content-types', 'docx/no-main-document', 'template/no-document', 'template/no-content-types']);

/**
 * Maps a failed engine result to an HTTP problem: request mistakes are 400, internal errors 500,
 * anything else about the document 422.
 */
export function engineProblem(errors: readonly Diagnostic[], field: string): HttpProblem {
  const first = errors[0];
  const code = first?.code ?? 'core/unknown';
  if (code.endsWith('/internal') || code === 'worker/bad-request') {
    return new HttpProblem(500, 'INTERNAL_ERROR', 'The engine failed on this request; this is a bug in Colophon. Please report it with the request id.');
  }
  if (code === 'core/cancelled') return new HttpProblem(503, 'INTERNAL_ERROR', 'The request was cancelled before the engine finished; retry after 1 s.', undefined, { 'Retry-After': '1' });
  if (FORMAT_MISTAKES.has(code)) {
    return new HttpProblem(400, 'INVALID_FILE_FORMAT', first?.message ?? 'The file format is not supported.', diagnosticDetails(errors, field));
  }
  if (REQUEST_MISTAKES.has(code) || code.startsWith('sign/audit')) {
    return new HttpProblem(400, 'VALIDATION_ERROR', first?.message ?? 'The request is not valid.', diagnosticDetails(errors, field));
  }
  return new HttpProblem(422, 'UNPROCESSABLE_DOCUMENT', `The document could not be processed: ${first?.message ?? 'unknown error'}`, diagnosticDetails(forHttpCaller(errors), field));
}
