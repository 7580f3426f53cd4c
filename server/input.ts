/**
 * Request reading and validation: strict query parameters, JSON and multipart bodies, base64
 * documents. Every rejection is a 400 problem with field-level details; unknown input is rejected.
 */
import type { Context } from 'hono';
import { HttpProblem, validationProblem, type ProblemDetail } from './problem';

/** Allowed query parameters: a list of accepted values, or a validator returning an issue. */
export type QuerySpec = Readonly<Record<string, readonly string[] | ((value: string) => string | undefined)>>;

/** Reads the query string against `spec`: unknown, repeated or invalid parameters are rejected. */
export function readQuery(c: Context, spec: QuerySpec): Record<string, string> {
  const url = new URL(c.req.url);
  const out: Record<string, string> = {};
  const details: ProblemDetail[] = [];
  for (const [name, value] of url.searchParams) {
    const rule = spec[name];
    if (!rule) details.push({ field: name, issue: `unknown query parameter; allowed: ${Object.keys(spec).join(', ') || 'none'}` });
    else if (name in out) details.push({ field: name, issue: 'given more than once' });
    else if (Array.isArray(rule) && !rule.includes(value)) details.push({ field: name, issue: `must be one of ${rule.join(', ')}` });
    else if (typeof rule === 'function' && rule(value)) details.push({ field: name, issue: rule(value)! });
    else out[name] = value;
  }
  if (details.length > 0) throw validationProblem(details);
  return out;
}

/** The media type of the request body, lower-case, without parameters. */
export function mediaType(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Parses a JSON object body; rejects other media types, bad JSON and non-objects. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  if (mediaType(c) !== 'application/json') throw unsupportedMediaType(c, 'application/json');
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw validationProblem([{ field: 'body', issue: 'not valid JSON' }], 'The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw validationProblem([{ field: 'body', issue: 'must be a JSON object' }]);
  return body as Record<string, unknown>;
}

/**
 * 415 for a body of a media type the route does not read (RFC 9110 §15.5.16), naming the types it
 * does in `Accept-Post`; the body is not read. `expected` is what this reader wanted; a route that
 * also takes the other type (annotate, verify) lists both.
 */
function unsupportedMediaType(c: Context, expected: string): HttpProblem {
  const accepted = ROUTE_MEDIA_TYPES[c.req.path] ?? [expected];
  const given = mediaType(c) || 'none';
  return new HttpProblem(415, 'VALIDATION_ERROR', `The request body must be ${accepted.join(' or ')} (Content-Type: ${given}).`,
    [{ field: 'Content-Type', issue: `send ${accepted.join(' or ')}` }], { 'Accept-Post': accepted.join(', ') });
}

/** Body media types of the routes that read one (API.md's route table). */
const ROUTE_MEDIA_TYPES: Readonly<Record<string, readonly string[]>> = {
  '/v1/convert': ['multipart/form-data'],
  '/v1/annotate': ['application/json', 'multipart/form-data'],
  '/v1/sign': ['application/json'],
  '/v1/verify': ['application/json', 'multipart/form-data'],
  '/v1/collect': ['application/json'],
};

/** Rejects keys of `obj` that are not in `allowed` (prefixing fields with `prefix`). */
export function rejectUnknownKeys(obj: Record<string, unknown>, allowed: readonly string[], prefix = ''): void {
  const extra = Object.keys(obj).filter((k) => !allowed.includes(k));
  if (extra.length > 0) throw validationProblem(extra.map((k) => ({ field: prefix + k, issue: `unknown field; allowed: ${allowed.join(', ')}` })));
}

/** A multipart body's parts: files as bytes with their names, text parts as strings. */
export interface MultipartParts {
  readonly files: Map<string, { readonly name: string; readonly bytes: Uint8Array }>;
  readonly texts: Map<string, string>;
}

/** Parses a multipart/form-data body, accepting only the named parts (each once). */
export async function readMultipart(c: Context, allowed: readonly string[]): Promise<MultipartParts> {
  if (mediaType(c) !== 'multipart/form-data') throw unsupportedMediaType(c, 'multipart/form-data');
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw validationProblem([{ field: 'body', issue: 'not a readable multipart/form-data body' }], 'The multipart body could not be read.');
  }
  const files = new Map<string, { name: string; bytes: Uint8Array }>();
  const texts = new Map<string, string>();
  const details: ProblemDetail[] = [];
  for (const [name, value] of form.entries()) {
    if (!allowed.includes(name)) details.push({ field: name, issue: `unknown part; allowed: ${allowed.join(', ')}` });
    else if (files.has(name) || texts.has(name)) details.push({ field: name, issue: 'given more than once' });
    else if (typeof value === 'string') texts.set(name, value);
    else files.set(name, { name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) });
  }
  if (details.length > 0) throw validationProblem(details);
  return { files, texts };
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Decodes `{ base64 }` (standard or URL alphabet, whitespace and a `data:` prefix tolerated) to bytes. */
export function readBase64Document(value: unknown, field: string): Uint8Array {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw validationProblem([{ field, issue: 'must be an object { base64 }' }]);
  rejectUnknownKeys(value as Record<string, unknown>, ['base64', 'name'], `${field}.`);
  const raw = (value as { base64?: unknown }).base64;
  if (typeof raw !== 'string' || raw.length === 0) throw validationProblem([{ field: `${field}.base64`, issue: 'must be a non-empty base64 string' }]);
  const body = raw.replace(/^data:[^,]{0,200};base64,/, '').replace(/\s+/g, '');
  if (!BASE64.test(body) || body.length % 4 === 1) throw validationProblem([{ field: `${field}.base64`, issue: 'is not valid base64' }]);
  const decoded = Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64');
  return ownedBytes(new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength));
}

/** The document's optional file name from `{ base64, name }`. */
export function documentName(value: unknown): string | undefined {
  const n = (value as { name?: unknown } | null)?.name;
  return typeof n === 'string' ? n : undefined;
}

/** Bytes that own their whole ArrayBuffer (so the buffer can be transferred to a worker). */
export function ownedBytes(view: Uint8Array): Uint8Array {
  return view.byteOffset === 0 && view.byteLength === view.buffer.byteLength && view.buffer instanceof ArrayBuffer ? view : view.slice();
}

/** Throws 400 INVALID_FILE_FORMAT unless the bytes are a ZIP package (DOCX). */
export function requireZip(bytes: Uint8Array, field: string): void {
  if (!(bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)) {
    throw new HttpProblem(400, 'INVALID_FILE_FORMAT', 'The file is not a DOCX (Office Open XML) document.', [{ field, issue: 'expected a .docx file (a ZIP package)' }]);
  }
}

/** A safe download name: the input's base name without its extension, plus `ext`. */
export function downloadName(input: string | undefined, ext: string): string {
  const base = (input ?? '').split(/[\\/]/).pop()!.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  // Cut by code points: a cut inside a surrogate pair would leave a name no header can carry.
  const clean = Array.from(base.replace(/[^\p{L}\p{M}\p{N} ._()-]/gu, '_').replace(/^[ .]+/, '')).slice(0, 120).join('');
  return `${clean || 'document'}${ext}`;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The Content-Disposition header for a download (RFC 6266): an ASCII fallback, and `filename*` in
 * RFC 8187's encoding, where `'`, `(`, `)` and `*` must be percent-encoded too (encodeURIComponent keeps them).
 */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name.replace(LONE_SURROGATE, '\uFFFD')).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
