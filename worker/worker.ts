/**
 * The environment-neutral worker core: implements ColophonWorkerApi over the engine with a host the
 * environment builds (Node: fonts from disk; browser: fonts fetched from a base URL).
 * In: a WorkerEnvironment. Out: the API object, ready for `Comlink.expose`.
 * Must not: import node-only or DOM-only modules (entries do that: node-entry.ts, browser-entry.ts).
 */
import * as Comlink from 'comlink';
import { convertDocxToPdf, fail, toDiagnostic, type ConvertOptions, type EngineHost, type ProgressEvent, type Result } from '../engine';
import { annotateDocument, listFields, DOCX_CONTENT_TYPE, type AnnotateOptions, type FillOptions, type FillRequest } from '../engine/template';
import { signDocx, signerFromIdentity, signPdf } from '../engine/sign';
import { verifyDocx, verifyPdf } from '../engine/verify';
import { releaseKernelMemory } from '../engine/layout';
import type {
  AnnotateOutput, ColophonWorkerApi, ConvertOutput, JobOptions, ProgressCallback, SignJob, SignOutput, VerifyJob, WorkerInfo, WorkerInitOptions,
} from './api';
import { WORKER_API_VERSION } from './api';
import { badRequest, checkBytes, checkConvertOptions, checkFillOptions, checkJob, checkObject, checkSignJob, detectFormat } from './checks';

/** What a job's host is built from. */
export interface JobHostParts {
  readonly signal: AbortSignal;
  readonly onProgress?: (event: ProgressEvent) => void;
  readonly now?: () => Date;
}

/** What an entry supplies: how to build a host, and the network access time-stamping may use. */
export interface WorkerEnvironment {
  /** Builds the EngineHost of one job from the init options and the job's signal, progress and clock. */
  createHost(init: WorkerInitOptions, parts: JobHostParts): EngineHost | Promise<EngineHost>;
  /** True when jobs must wait for `init` (the browser needs the font URL first). */
  readonly requiresInit?: boolean;
  /** fetch for time-stamp authorities and online revocation; without it those options fail. */
  readonly fetch?: typeof fetch;
  /**
   * Waits for the font files fetched so far (hosts that load fonts asynchronously: the browser).
   * With it, a job that met a face only while drawing runs again once that face has arrived.
   */
  settleFonts?(): Promise<void>;
}

/**
 * Runs a job on a fresh host; when its result says a font file was needed before it was loaded
 * (`text/font-not-prepared`: a face only drawing asks for, such as metafile text) and the
 * environment loads fonts asynchronously, waits for the files and runs it once more on a new host,
 * so the browser gives the bytes Node gives, whose host has every file at once.
 */
export async function runWithLateFonts<T>(env: WorkerEnvironment, body: (host: EngineHost) => Promise<Result<T>>, makeHost: () => EngineHost | Promise<EngineHost>): Promise<Result<T>> {
  const first = await body(await makeHost());
  const late = first.warnings.some((w) => w.code === 'text/font-not-prepared');
  if (!late || !env.settleFonts) return first;
  await env.settleFonts();
  return body(await makeHost());
}

/** Creates the worker API object for an environment (expose it with `Comlink.expose`). */
export function createWorkerApi(env: WorkerEnvironment): ColophonWorkerApi {
  let init: WorkerInitOptions | undefined;
  const running = new Map<string, AbortController>();
  let anonymous = 0;
  const info = (): WorkerInfo => ({ apiVersion: WORKER_API_VERSION, ready: init !== undefined || !env.requiresInit, running: running.size });

  async function runJob<T>(job: JobOptions | undefined, onProgress: ProgressCallback | undefined, body: (host: EngineHost) => Promise<Result<T>>, buffers: (value: T) => Uint8Array[]): Promise<Result<T>> {
    const bad = checkJob(job);
    if (bad) return releaseAfter(onProgress, bad);
    if (env.requiresInit && !init) return releaseAfter(onProgress, badRequest('The worker has not been initialised; call init({ fontBaseUrl }) first.'));
    if (job?.jobId !== undefined && running.has(job.jobId)) return releaseAfter(onProgress, badRequest(`A job with id "${job.jobId}" is already running.`));
    const controller = new AbortController();
    const key = job?.jobId ?? `\u0000anonymous-${++anonymous}`;
    running.set(key, controller);
    try {
      const at = job?.now !== undefined ? new Date(job.now) : undefined;
      const signal = linkSignal(controller, job?.cancelFlag);
      const result = await runWithLateFonts(env, body, () => env.createHost(init ?? {}, {
        signal,
        ...(onProgress ? { onProgress: forwardProgress(onProgress) } : {}),
        ...(at ? { now: () => new Date(at.getTime()) } : {}),
      }));
      return result.ok ? Comlink.transfer(result, transferable(buffers(result.value))) : result;
    } catch (e) {
      return fail(toDiagnostic('worker', e));
    } finally {
      running.delete(key);
      // The kernel's linear memory only grows: once no document is in progress, a worker that met a
      // huge paragraph or stream gives that memory back (a fresh instance comes with the next call).
      if (running.size === 0) releaseKernelMemory();
      releaseProxy(onProgress);
    }
  }

  return {
    async init(options) {
      const o = options ?? {};
      if (typeof o !== 'object') throw new TypeError('init options must be an object');
      init = { ...(typeof o.fontBaseUrl === 'string' ? { fontBaseUrl: o.fontBaseUrl } : {}), ...(typeof o.fontsDir === 'string' ? { fontsDir: o.fontsDir } : {}) };
      return info();
    },
    async info() {
      return info();
    },
    async convert(docx, options = {}, job, onProgress) {
      const bad = checkBytes(docx, 'docx') ?? checkConvertOptions(options);
      if (bad) return releaseAfter(onProgress, bad);
      return runJob<ConvertOutput>(job, onProgress, (host) => convertDocxToPdf(docx, options as ConvertOptions, host), (v) => [v.pdf]);
    },
    async annotate(docx, request, options = {}, job, onProgress) {
      const bad = checkBytes(docx, 'docx') ?? checkObject(request, 'request') ?? checkFillOptions(options);
      if (bad) return releaseAfter(onProgress, bad);
      return runJob<AnnotateOutput>(job, onProgress, (host) => annotateDocument(docx, request as FillRequest, options as AnnotateOptions, host), (v) => [v.document]);
    },
    async fields(docx, options = {}, job) {
      const bad = checkBytes(docx, 'docx') ?? checkFillOptions(options);
      if (bad) return bad;
      return runJob(job, undefined, async (host) => listFields(docx, options as FillOptions, host), () => []);
    },
    async sign(document, options, job, onProgress) {
      const bad = checkBytes(document, 'document') ?? checkSignJob(options);
      if (bad) return releaseAfter(onProgress, bad);
      return runJob<SignOutput>(job, onProgress, (host) => signDocument(document, options, host, env.fetch), (v) => [v.document]);
    },
    async verify(document, options = {}, job, onProgress) {
      const bad = checkBytes(document, 'document') ?? checkObject(options, 'options');
      if (bad) return releaseAfter(onProgress, bad);
      return runJob(job, onProgress, (host) => verifyDocument(document, options as VerifyJob, host, env.fetch), () => []);
    },
    async cancel(jobId) {
      const controller = typeof jobId === 'string' ? running.get(jobId) : undefined;
      controller?.abort();
      return controller !== undefined;
    },
  };
}

async function signDocument(document: Uint8Array, options: SignJob, host: EngineHost, fetchImpl: typeof fetch | undefined): Promise<Result<SignOutput>> {
  const format = detectFormat(document);
  if (!format) return fail({ severity: 'error', code: 'worker/unknown-format', message: 'The document is neither a PDF nor a DOCX (ZIP) file.', hint: 'Send a PDF or a DOCX.' });
  if (format === 'pdf' && options.to === 'docx') return badRequest('A PDF cannot be signed as a DOCX; leave `to` out or set it to pdf.');
  const signer = await signerFromIdentity(options.identity, options.signerOptions ?? {}, host);
  if (!signer.ok) return signer;
  if (format === 'docx' && options.to === 'docx') {
    const signed = await signDocx(document, { signer: signer.value, ...(options.docxComments ? { comments: options.docxComments } : {}) }, host);
    return signed.ok ? { ...signed, value: { document: signed.value, contentType: DOCX_CONTENT_TYPE } } : signed;
  }
  let pdf = document;
  const early = [];
  if (format === 'docx') {
    const converted = await convertDocxToPdf(document, options.convert ?? {}, host);
    if (!converted.ok) return converted;
    pdf = converted.value.pdf;
    early.push(...converted.warnings);
  }
  if (options.tsa && !fetchImpl) return badRequest('This worker has no network access for a time-stamp authority.');
  const timestamp = options.tsa && fetchImpl ? { timestamp: { url: options.tsa.url, ...(options.tsa.headers ? { headers: options.tsa.headers } : {}), fetch: fetchImpl } } : {};
  // Revocation data fetched while signing (B-LT, B-LTA) comes through the worker's own fetch, as for a time-stamp: a function cannot cross Comlink.
  const validation = options.pdf?.validation?.allowOnline && fetchImpl ? { validation: { ...options.pdf.validation, fetch: fetchImpl } } : {};
  const signed = await signPdf(pdf, { ...options.pdf, ...validation, signer: signer.value, ...timestamp, ...(options.auditTrail ? { auditTrail: options.auditTrail } : {}) }, host);
  if (!signed.ok) return fail(signed.errors, [...early, ...signed.warnings]);
  return { ok: true, value: { document: signed.value, contentType: 'application/pdf' }, warnings: [...early, ...signed.warnings] };
}

async function verifyDocument(document: Uint8Array, options: VerifyJob, host: EngineHost, fetchImpl: typeof fetch | undefined) {
  const format = detectFormat(document);
  if (!format) return fail({ severity: 'error', code: 'worker/unknown-format', message: 'The document is neither a PDF nor a DOCX (ZIP) file.', hint: 'Send a signed PDF or DOCX.' });
  const online = options.allowOnline && fetchImpl ? { fetch: fetchImpl } : {};
  return format === 'pdf' ? verifyPdf(document, { ...options, ...online }, host) : verifyDocx(document, { ...options, ...online }, host);
}

/**
 * The job's signal; with a shared flag, reading `aborted` also polls the flag, so the engine's
 * synchronous cancellation checks see a cancel the event loop has not delivered yet.
 */
export function linkSignal(controller: AbortController, flag: Int32Array | undefined): AbortSignal {
  const signal = controller.signal;
  if (!flag) return signal;
  const base = Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'aborted')!.get!;
  Object.defineProperty(signal, 'aborted', {
    get() {
      if (!base.call(signal) && Atomics.load(flag, 0) !== 0) controller.abort();
      return base.call(signal) as boolean;
    },
  });
  return signal;
}

/** Calls a (possibly remote) progress callback without waiting and without letting it fail the job. */
function forwardProgress(cb: ProgressCallback): (e: ProgressEvent) => void {
  return (e) => {
    try {
      void Promise.resolve(cb({ stage: e.stage, done: e.done, ...(e.total !== undefined ? { total: e.total } : {}) })).catch(() => undefined);
    } catch {
      // A callback that throws must not stop the job.
    }
  };
}

/** Frees a caller's callback proxy (a Comlink endpoint in the page) once its call is answered; a second release is a no-op. */
export function releaseProxy(cb: unknown): void {
  const release = (cb as { [Comlink.releaseProxy]?: () => void } | undefined)?.[Comlink.releaseProxy];
  if (typeof release === 'function') {
    try {
      release();
    } catch {
      // Already released.
    }
  }
}

function releaseAfter<T>(cb: unknown, result: Result<T>): Result<T> {
  releaseProxy(cb);
  return result;
}

/** The buffers of result views that own them whole (a view into a larger buffer is copied instead). */
function transferable(views: readonly Uint8Array[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const v of views) {
    if (v.buffer instanceof ArrayBuffer && v.byteOffset === 0 && v.byteLength === v.buffer.byteLength) out.add(v.buffer);
  }
  return [...out];
}
