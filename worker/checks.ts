/**
 * Argument checks of the worker API: whatever crosses the Comlink boundary is untrusted plain data, so
 * each method checks shapes before the engine sees them and answers `worker/bad-request`.
 */
import { fail, type Result } from '../engine';
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
