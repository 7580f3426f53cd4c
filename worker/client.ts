/**
 * The typed client of the browser worker: `createColophon(options)` gives the engine's operations as
 * async calls on a module Web Worker started lazily (on the first call), with progress callbacks,
 * cancellation through an AbortSignal, and input buffers transferred rather than copied.
 * In: document bytes and plain-data options. Out: the engine's plain `Result`s.
 * Must not: hold engine logic; every call is one message to the worker (worker/browser-entry.ts).
 */
import * as Comlink from 'comlink';
import type { ConvertOptions, LayoutDoc, Result } from '../engine';
import type { DevIdentity, DevIdentityOptions } from '../engine/sign';
import type { AnnotateOptions, FieldInfo, FillOptions, FillRequest } from '../engine/template';
import type { VerificationReport } from '../engine/verify';
import type {
  AnnotateOutput, ConvertOutput, JobOptions, ProgressCallback, SignJob, SignOutput, VerifyJob, WorkerInfo, WorkerInitOptions,
} from './api';
import type { ColophonBrowserApi } from './browser-entry';

/** How to reach the worker. */
export interface ColophonOptions {
  /** Base URL of the shipped font files (default: `fonts/` next to the page). */
  readonly fontBaseUrl?: string;
  /** Starts the worker (default: the bundled module worker `browser-entry`). Tests give a MessagePort. */
  readonly createEndpoint?: () => Comlink.Endpoint & { terminate?: () => void };
}

/** Per-call settings. */
export interface CallOptions {
  /** Pages laid out / rendered so far, and other stage progress. */
  readonly onProgress?: ProgressCallback;
  /** Cancels the call: it resolves at once with `core/cancelled` and the worker stops the job. */
  readonly signal?: AbortSignal;
  /** The clock for this job (signing time, dynamic fields); the worker's clock by default. */
  readonly now?: Date;
  /**
   * Copy the input before transferring it, so the caller's buffer stays usable (default false: the
   * caller's ArrayBuffer is transferred and becomes detached, as no copy is made).
   */
  readonly keepInput?: boolean;
}

/** The engine, running in a worker. Every method resolves with a `Result` (never rejects). */
export interface ColophonEngine {
  /** Starts the worker if needed and resolves when it is initialised. */
  ready(): Promise<WorkerInfo>;
  /** Converts DOCX bytes to PDF. */
  convert(docx: Uint8Array, options?: ConvertOptions, call?: CallOptions): Promise<Result<ConvertOutput>>;
  /** Lays out a DOCX for the canvas preview (the LayoutDoc the PDF comes from). */
  layout(docx: Uint8Array, options?: ConvertOptions, call?: CallOptions): Promise<Result<LayoutDoc>>;
  /** Fills a DOCX template (DOCX out, or PDF with `options.to = 'pdf'`). */
  annotate(docx: Uint8Array, request: FillRequest, options?: AnnotateOptions, call?: CallOptions): Promise<Result<AnnotateOutput>>;
  /** Lists a template's fields. */
  fields(docx: Uint8Array, options?: FillOptions, call?: CallOptions): Promise<Result<FieldInfo[]>>;
  /** Signs a PDF or DOCX. */
  sign(document: Uint8Array, job: SignJob, call?: CallOptions): Promise<Result<SignOutput>>;
  /** Verifies a signed PDF or DOCX. */
  verify(document: Uint8Array, options?: VerifyJob, call?: CallOptions): Promise<Result<VerificationReport>>;
  /** Generates a signing identity (self-signed CA and signer, RSA-2048) with the worker's WebCrypto. */
  createIdentity(options?: DevIdentityOptions, call?: CallOptions): Promise<Result<DevIdentity>>;
  /** Stops the worker; the next call starts a new one. */
  terminate(): void;
}

/** Starts the default worker: a module worker bundled from worker/browser-entry.ts. */
function defaultEndpoint(): Comlink.Endpoint & { terminate: () => void } {
  // This exact `new Worker(new URL(..., import.meta.url), { type: 'module' })` form lets Vite bundle the worker.
  return new Worker(new URL('./browser-entry.ts', import.meta.url), { type: 'module', name: 'colophon-engine' });
}

function defaultFontBase(): string {
  const loc = (globalThis as { location?: { href?: string } }).location;
  return loc?.href ? new URL('fonts/', loc.href).href : 'fonts/';
}

const CANCELLED = 'core/cancelled';

/** Creates the engine client; the worker starts on the first call. */
export function createColophon(options: ColophonOptions = {}): ColophonEngine {
  let endpoint: (Comlink.Endpoint & { terminate?: () => void }) | undefined;
  let remote: Comlink.Remote<ColophonBrowserApi> | undefined;
  let initialised: Promise<WorkerInfo> | undefined;
  let crashed: Promise<never> | undefined;
  let jobs = 0;

  const start = (): Promise<WorkerInfo> => {
    if (!initialised) {
      endpoint = (options.createEndpoint ?? defaultEndpoint)();
      remote = Comlink.wrap<ColophonBrowserApi>(endpoint);
      crashed = crashSignal(endpoint);
      const init: WorkerInitOptions = { fontBaseUrl: options.fontBaseUrl ?? defaultFontBase() };
      initialised = Promise.race([remote.init(init) as Promise<WorkerInfo>, crashed]);
    }
    return initialised;
  };

  /** Runs one job: transfer the input, wire progress and cancellation, race the abort. */
  async function run<T>(input: Uint8Array | undefined, call: CallOptions, invoke: (api: Comlink.Remote<ColophonBrowserApi>, input: Uint8Array | undefined, job: JobOptions, progress: ProgressCallback | undefined) => Promise<Result<T>>): Promise<Result<T>> {
    // Checked here, before anything touches them: the bytes are transferred and `now` formatted on this
    // side, where a string for the bytes or a date string for `now` threw, rejecting a call that must resolve.
    const bad = checkCall<T>(input, call);
    if (bad) return bad;
    if (call.signal?.aborted) return cancelled();
    try {
      await start();
    } catch (e) {
      return workerFailure(e);
    }
    const api = remote!;
    const job = jobOptions(`job-${++jobs}`, call);
    const progress = call.onProgress ? Comlink.proxy(call.onProgress) : undefined;
    const sent = input ? transferable(input, call.keepInput === true) : undefined;
    const pending = Promise.race([invoke(api, sent, job.options, progress), crashed!]);
    const outcome = call.signal ? raceAbort(pending, call.signal, () => {
      if (job.flag) Atomics.store(job.flag, 0, 1);
      void api.cancel(job.options.jobId!).catch(() => false);
    }) : pending;
    try {
      return await outcome;
    } catch (e) {
      return workerFailure(e);
    }
  }

  return {
    ready: start,
    convert: (docx, o = {}, call = {}) => run(docx, call, (api, d, job, p) => api.convert(d!, o, job, p) as Promise<Result<ConvertOutput>>),
    layout: (docx, o = {}, call = {}) => run(docx, call, (api, d, job, p) => api.layout(d!, o, job, p) as Promise<Result<LayoutDoc>>),
    annotate: (docx, request, o = {}, call = {}) => run(docx, call, (api, d, job, p) => api.annotate(d!, request, o, job, p) as Promise<Result<AnnotateOutput>>),
    fields: (docx, o = {}, call = {}) => run(docx, call, (api, d, job) => api.fields(d!, o, job) as Promise<Result<FieldInfo[]>>),
    sign: (doc, signJob, call = {}) => run(doc, call, (api, d, job, p) => api.sign(d!, signJob, job, p) as Promise<Result<SignOutput>>),
    verify: (doc, o = {}, call = {}) => run(doc, call, (api, d, job, p) => api.verify(d!, o, job, p) as Promise<Result<VerificationReport>>),
    createIdentity: (o = {}, call = {}) => run(undefined, call, (api, _d, job) => api.createIdentity(o, job) as Promise<Result<DevIdentity>>),
    terminate: () => {
      endpoint?.terminate?.();
      endpoint = undefined;
      remote = undefined;
      initialised = undefined;
      crashed = undefined;
    },
  };
}

/** Rejects when the worker reports an uncaught error (a script that fails to load or throws at start). */
function crashSignal(endpoint: Comlink.Endpoint): Promise<never> {
  const p = new Promise<never>((_resolve, reject) => {
    const target = endpoint as unknown as { addEventListener?: (type: string, fn: (e: unknown) => void) => void };
    target.addEventListener?.('error', (e) => {
      const ev = e as { message?: string; preventDefault?: () => void };
      ev.preventDefault?.();
      reject(new Error(ev.message || 'the worker script could not be loaded or threw while starting'));
    });
  });
  p.catch(() => undefined); // observed by the calls that race it; no unhandled rejection otherwise
  return p;
}

/** Job options with an id and, where SharedArrayBuffer is usable (cross-origin isolated pages), a cancel flag. */
function jobOptions(jobId: string, call: CallOptions): { options: JobOptions; flag?: Int32Array } {
  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== false;
  const flag = call.signal && isolated && typeof SharedArrayBuffer === 'function' ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
  return {
    options: { jobId, ...(flag ? { cancelFlag: flag } : {}), ...(call.now ? { now: call.now.toISOString() } : {}) },
    ...(flag ? { flag } : {}),
  };
}

/** Marks the bytes for transfer: the whole buffer when the view covers it, else (or when kept) a copy. */
function transferable(bytes: Uint8Array, keep: boolean): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  const sent = keep || !whole ? bytes.slice() : bytes;
  return Comlink.transfer(sent, [sent.buffer as ArrayBuffer]);
}

function raceAbort<T>(pending: Promise<Result<T>>, signal: AbortSignal, onAbort: () => void): Promise<Result<T>> {
  return new Promise((resolve, reject) => {
    const abort = (): void => {
      onAbort();
      resolve(cancelled());
    };
    // The signal may have been aborted while the worker was starting: no event will come then.
    if (signal.aborted) {
      abort();
      return;
    }
    signal.addEventListener('abort', abort, { once: true });
    pending.then(
      (v) => { signal.removeEventListener('abort', abort); resolve(v); },
      (e) => { signal.removeEventListener('abort', abort); reject(e); },
    );
  });
}

/**
 * The arguments the client itself reads: the document bytes (`input` is undefined only for
 * createIdentity, whose methods pass none) and the call options. The worker checks the rest.
 */
function checkCall<T>(input: Uint8Array | undefined, call: CallOptions): Result<T> | undefined {
  const bad = (message: string): Result<T> => ({ ok: false, errors: [{ severity: 'error', code: 'worker/bad-request', message, hint: 'Check the arguments against worker/client.ts.' }], warnings: [] });
  if (input !== undefined && !(input instanceof Uint8Array)) return bad('The document must be a Uint8Array of the file\'s bytes.');
  if (input !== undefined && isDetached(input)) {
    return bad('The document\'s bytes were already sent to the worker by an earlier call, which transferred (detached) their buffer; pass { keepInput: true } to keep them, or read the file again.');
  }
  if (typeof call !== 'object' || call === null) return bad('The call options must be an object.');
  if (call.now !== undefined && !(call.now instanceof Date && !Number.isNaN(call.now.getTime()))) return bad('call.now must be a valid Date.');
  if (call.onProgress !== undefined && typeof call.onProgress !== 'function') return bad('call.onProgress must be a function.');
  if (call.signal !== undefined && !(call.signal instanceof AbortSignal)) return bad('call.signal must be an AbortSignal.');
  return undefined;
}

/**
 * True when the bytes' buffer was transferred away. Posting a detached buffer does not fail cleanly:
 * Node's MessagePort drops the message without an error (the call never settled), and browsers throw.
 * ArrayBuffer.prototype.slice throws on a detached buffer everywhere (`buffer.detached` is ES2024).
 */
function isDetached(bytes: Uint8Array): boolean {
  if (bytes.byteLength > 0) return false;
  try {
    bytes.buffer.slice(0, 0);
    return false;
  } catch {
    return true;
  }
}

function cancelled<T>(): Result<T> {
  return { ok: false, errors: [{ severity: 'error', code: CANCELLED, message: 'The operation was cancelled.' }], warnings: [] };
}

/** A worker that crashed or could not start: a diagnostic, never a rejection. */
function workerFailure<T>(e: unknown): Result<T> {
  const message = e instanceof Error ? e.message : String(e);
  return { ok: false, errors: [{ severity: 'error', code: 'worker/failed', message: `The engine worker failed: ${message}`, hint: 'Reload the page; if it persists, report the document that caused it.' }], warnings: [] };
}
