/**
 * Argument checks of the worker API: whatever crosses the Comlink boundary is untrusted plain data, so
 * each method checks shapes before the engine sees them and answers `worker/bad-request`.
 */
import { DEFAULT_LIMITS, fail, type Result } from '../engine';
import type { JobOptions, SignJob } from './api';

/** A failed result with the code `worker/bad-request`. */
export function badRequest<T = never>(message: string): Result<T> {
  return fail({ severity: 'error', code: 'worker/bad-request', message, hint: 'Check the arguments against worker/api.ts.' });
}

/** Checks that a document argument is bytes. */
export function checkBytes(value: unknown, name: string): Result<never> | undefined {
  return value instanceof Uint8Array ? undefined : badRequest(`${name} must be a Uint8Array.`);
}

/** Checks that an options argument is a plain object. */
export function checkObject(value: unknown, name: string): Result<never> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? undefined : badRequest(`${name} must be an object.`);
}

/** The names of the engine's input limits (InputLimits). */
const LIMIT_NAMES = new Set(Object.keys(DEFAULT_LIMITS));

type Rule = (value: unknown) => boolean;
const isString: Rule = (v) => typeof v === 'string';
const isBoolean: Rule = (v) => typeof v === 'boolean';
const oneOf = (...allowed: string[]): Rule => (v) => typeof v === 'string' && allowed.includes(v);

/** What each rule accepts, for the message. */
const SAYS = new Map<Rule, string>([[isString, 'a string'], [isBoolean, 'true or false']]);

/**
 * Checks the option fields a worker method reads (those not given are fine; fields the method does not
 * read are left alone). A value of the wrong type is a bad request rather than something the engine
 * trips on (a numeric fileName was an internal error) or reads as "not set" (trackedChanges: 'al' was
 * markup, silently).
 */
function checkFields(options: Record<string, unknown>, name: string, rules: Readonly<Record<string, Rule | readonly string[]>>): Result<never> | undefined {
  for (const [field, rule] of Object.entries(rules)) {
    const value = options[field];
    if (value === undefined) continue;
    const test = Array.isArray(rule) ? oneOf(...rule) : (rule as Rule);
    if (!test(value)) return badRequest(`${name}.${field} must be ${Array.isArray(rule) ? rule.map((r) => `'${r}'`).join(' or ') : SAYS.get(rule as Rule)}.`);
  }
  return checkLimits(options.limits, `${name}.limits`);
}

/**
 * Checks `limits` (Partial<InputLimits>): an object of known limit names, each a positive number.
 * A misspelt name or a limit that is not a number would otherwise leave that limit at its default
 * (or, for a string, switch it off: no page count is past 'x'), when the caller meant to lower it.
 */
export function checkLimits(value: unknown, name: string): Result<never> | undefined {
  if (value === undefined) return undefined;
  const bad = checkObject(value, name);
  if (bad) return bad;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (!LIMIT_NAMES.has(k)) return badRequest(`${name}.${k} is not a limit; the limits are ${[...LIMIT_NAMES].join(', ')}.`);
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) return badRequest(`${name}.${k} must be a positive number.`);
  }
  return undefined;
}

/** Checks the options of `convert` (ConvertOptions). */
export function checkConvertOptions(value: unknown, name = 'options'): Result<never> | undefined {
  return checkObject(value, name) ?? checkFields(value as Record<string, unknown>, name, {
    trackedChanges: ['markup', 'final', 'original'], comments: ['show', 'hide'], fileName: isString, strict: isBoolean, producer: isString,
  });
}

/** Checks the options of `fields` (FillOptions) and `annotate` (AnnotateOptions: FillOptions with `to` and `fileName`). */
export function checkFillOptions(value: unknown, name = 'options'): Result<never> | undefined {
  return checkObject(value, name) ?? checkFields(value as Record<string, unknown>, name, {
    to: ['docx', 'pdf'], fileName: isString, strict: isBoolean, flatten: isBoolean, removeMissing: isBoolean,
  });
}

/** Checks a job control object. */
export function checkJob(job: JobOptions | undefined): Result<never> | undefined {
  if (job === undefined) return undefined;
  if (typeof job !== 'object' || job === null) return badRequest('job must be an object.');
  if (job.jobId !== undefined && (typeof job.jobId !== 'string' || job.jobId.length === 0 || job.jobId.length > 200 || job.jobId.includes('\u0000'))) {
    return badRequest('job.jobId must be a non-empty string of at most 200 characters.');
  }
  if (job.cancelFlag !== undefined && !(job.cancelFlag instanceof Int32Array && isShared(job.cancelFlag.buffer))) {
    return badRequest('job.cancelFlag must be an Int32Array over a SharedArrayBuffer.');
  }
  if (job.now !== undefined && (typeof job.now !== 'string' || Number.isNaN(Date.parse(job.now)))) return badRequest('job.now must be an ISO 8601 time.');
  return undefined;
}

function isShared(buffer: ArrayBufferLike): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && buffer instanceof SharedArrayBuffer;
}

/** Checks the options of `sign`. */
export function checkSignJob(options: SignJob): Result<never> | undefined {
  const bad = checkObject(options, 'options');
  if (bad) return bad;
  const id = options.identity as Partial<SignJob['identity']> | undefined;
  if (!id || typeof id !== 'object') return badRequest('options.identity is required: { kind: "pem", pem } or { kind: "pkcs12", data, password }.');
  if (id.kind === 'pem' && typeof id.pem !== 'string') return badRequest('options.identity.pem must be PEM text.');
  if (id.kind === 'pkcs12' && (!(id.data instanceof Uint8Array) || typeof id.password !== 'string')) return badRequest('options.identity needs data (Uint8Array) and password for pkcs12.');
  if (id.kind !== 'pem' && id.kind !== 'pkcs12') return badRequest('options.identity.kind must be pem or pkcs12.');
  if (options.to !== undefined && options.to !== 'pdf' && options.to !== 'docx') return badRequest('options.to must be pdf or docx.');
  if (options.convert !== undefined) {
    const convert = checkConvertOptions(options.convert, 'options.convert');
    if (convert) return convert;
  }
  if (options.tsa !== undefined && (typeof options.tsa !== 'object' || typeof options.tsa?.url !== 'string' || !/^https?:\/\//i.test(options.tsa.url))) {
    return badRequest('options.tsa.url must be an http(s) URL.');
  }
  return undefined;
}

/** Tells a PDF (`%PDF-` in the first KiB, ISO 32000-1 §7.5.2) from a ZIP package (local header `PK\3\4`). */
export function detectFormat(bytes: Uint8Array): 'pdf' | 'docx' | undefined {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'docx';
  const head = bytes.subarray(0, 1024);
  for (let i = 0; i + 5 <= head.length; i++) {
    if (head[i] === 0x25 && head[i + 1] === 0x50 && head[i + 2] === 0x44 && head[i + 3] === 0x46 && head[i + 4] === 0x2d) return 'pdf';
  }
  return undefined;
}
