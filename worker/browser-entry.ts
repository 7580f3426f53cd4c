/**
 * The browser entry of the engine worker: exposes the engine API over Comlink in a module Web Worker.
 * The browser host fetches shipped fonts from the base URL given to `init` (each file once, on first
 * use, so the 4 MB CJK face loads only for documents with East Asian text), uses the worker's
 * `crypto` (WebCrypto) and clock. Adds two browser-only methods to the shared API: `layout` (the
 * LayoutDoc the canvas preview draws) and `createIdentity` (a signing key generated in the browser).
 * Must not: hold engine logic (worker.ts and engine/ do the work).
 */
import * as Comlink from 'comlink';
import { layoutDocument, parseDocx, toDiagnostic, type ConvertOptions, type EngineHost, type FontSource, type LayoutDoc, type Result } from '../engine';
import { createDevIdentity, type DevIdentity, type DevIdentityOptions } from '../engine/sign';
import type { ColophonWorkerApi, JobOptions, ProgressCallback, WorkerInitOptions } from './api';
import { badRequest, checkBytes, checkConvertOptions, checkJob, checkObject } from './checks';
import { createWorkerApi, linkSignal, releaseProxy, runWithLateFonts, type JobHostParts, type WorkerEnvironment } from './worker';

/** The API the browser worker exposes: the shared engine API plus the preview and key-generation calls. */
export interface ColophonBrowserApi extends ColophonWorkerApi {
  /** Parses and lays out a DOCX; the result is what `renderCanvas` draws and `renderPdf` renders. */
  layout(docx: Uint8Array, options?: ConvertOptions, job?: JobOptions, onProgress?: ProgressCallback): Promise<Result<LayoutDoc>>;
  /** Generates a self-signed CA and a signer certificate with a fresh RSA-2048 key (PEM out). */
  createIdentity(options?: DevIdentityOptions, job?: JobOptions): Promise<Result<DevIdentity>>;
}

type FetchFn = (url: string) => Promise<{ ok: boolean; arrayBuffer(): Promise<ArrayBuffer> }>;

/** Shipped font file names are plain names (no path): anything else is refused, not fetched. */
const FONT_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** A font source whose fetches can be awaited. */
export interface FetchFontSource extends FontSource {
  /** Resolves once every fetch started so far has ended (the files that arrived then answer at once). */
  settled(): Promise<void>;
}

/**
 * A FontSource that fetches `<baseUrl><fileName>` once per file and keeps it; a failed fetch gives
 * `undefined` (the engine substitutes and warns) and is retried on the next request. A file that has
 * arrived is answered synchronously, as the Node host answers every file: layout, which cannot wait,
 * then gets the faces it asks for only while drawing (metafile text, late faces; see `settleFonts`).
 */
export function createFetchFontSource(baseUrl: string, fetchFn: FetchFn): FetchFontSource {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const cache = new Map<string, Promise<Uint8Array | undefined>>();
  const arrived = new Map<string, Uint8Array>();
  return {
    loadFile(fileName: string): Uint8Array | Promise<Uint8Array | undefined> {
      if (!FONT_FILE.test(fileName)) return Promise.resolve(undefined);
      const ready = arrived.get(fileName);
      if (ready) return ready;
      let pending = cache.get(fileName);
      if (!pending) {
        pending = fetchFn(`${base}${fileName}`).then(
          async (res) => (res.ok ? new Uint8Array(await res.arrayBuffer()) : undefined),
          () => undefined,
        );
        cache.set(fileName, pending);
        void pending.then((bytes) => {
          if (bytes) arrived.set(fileName, bytes);
          else cache.delete(fileName);
        });
      }
      return pending;
    },
    async settled() {
      await Promise.all(cache.values());
    },
  };
}

/** The browser environment: fonts over fetch (cached per base URL), the global WebCrypto and clock. */
export function createBrowserEnvironment(scope: { fetch: typeof fetch; crypto: Crypto } = globalThis): WorkerEnvironment {
  const sources = new Map<string, FetchFontSource>();
  const fetchFn = scope.fetch.bind(scope);
  return {
    requiresInit: true,
    createHost(init: WorkerInitOptions, parts: JobHostParts): EngineHost {
      const base = init.fontBaseUrl ?? 'fonts/';
      let fonts = sources.get(base);
      if (!fonts) {
        fonts = createFetchFontSource(base, fetchFn as FetchFn);
        sources.set(base, fonts);
      }
      return {
        fonts,
        crypto: scope.crypto,
        randomBytes: (n: number) => scope.crypto.getRandomValues(new Uint8Array(n)),
        now: parts.now ?? (() => new Date()),
        signal: parts.signal,
        ...(parts.onProgress ? { onProgress: parts.onProgress } : {}),
      };
    },
    async settleFonts() {
      await Promise.all([...sources.values()].map((source) => source.settled()));
    },
    fetch: fetchFn,
  };
}

/** Creates the browser API object: the shared core plus `layout` and `createIdentity`. */
export function createBrowserApi(env: WorkerEnvironment): ColophonBrowserApi {
  const core = createWorkerApi(env);
  let init: WorkerInitOptions | undefined;
  const running = new Map<string, AbortController>();
  let anonymous = 0;

  async function runExtra<T>(job: JobOptions | undefined, onProgress: ProgressCallback | undefined, body: (host: EngineHost) => Promise<Result<T>>): Promise<Result<T>> {
    const bad = checkJob(job)
      ?? (!init ? badRequest('The worker has not been initialised; call init({ fontBaseUrl }) first.') : undefined)
      ?? (job?.jobId !== undefined && running.has(job.jobId) ? badRequest(`A job with id "${job.jobId}" is already running.`) : undefined);
    if (bad) {
      releaseProxy(onProgress);
      return bad;
    }
    const controller = new AbortController();
    const key = job?.jobId ?? `\u0000extra-${++anonymous}`;
    running.set(key, controller);
    try {
      const at = job?.now !== undefined ? new Date(job.now) : undefined;
      const signal = linkSignal(controller, job?.cancelFlag);
      return await runWithLateFonts(env, body, () => env.createHost(init!, {
        signal,
        ...(onProgress ? { onProgress: (e) => void Promise.resolve(onProgress(e)).catch(() => undefined) } : {}),
        ...(at ? { now: () => new Date(at.getTime()) } : {}),
      }));
    } catch (e) {
      return { ok: false, errors: [toDiagnostic('worker', e)], warnings: [] };
    } finally {
      running.delete(key);
      releaseProxy(onProgress);
    }
  }

  return {
    ...core,
    async init(options) {
      const info = await core.init(options);
      init = { ...(typeof options?.fontBaseUrl === 'string' ? { fontBaseUrl: options.fontBaseUrl } : {}) };
      return info;
    },
    async cancel(jobId) {
      const extra = typeof jobId === 'string' ? running.get(jobId) : undefined;
      extra?.abort();
      return (await core.cancel(jobId)) || extra !== undefined;
    },
    async layout(docx, options = {}, job, onProgress) {
      const bad = checkBytes(docx, 'docx') ?? checkConvertOptions(options);
      if (bad) {
        releaseProxy(onProgress);
        return bad;
      }
      return runExtra(job, onProgress, async (host) => {
        const mode = options.trackedChanges ?? 'markup';
        const parsed = parseDocx(docx, { trackedChanges: mode, ...(options.fileName ? { fileName: options.fileName } : {}), ...(options.limits ? { limits: options.limits } : {}) }, host);
        if (!parsed.ok) return parsed;
        const laid = await layoutDocument(parsed.value, { trackedChanges: mode, comments: options.comments ?? 'hide', ...(options.limits ? { limits: options.limits } : {}) }, host);
        return { ...laid, warnings: [...parsed.warnings, ...laid.warnings] };
      });
    },
    async createIdentity(options = {}, job) {
      const bad = checkObject(options, 'options');
      if (bad) return bad;
      return runExtra(job, undefined, (host) => createDevIdentity(options, host));
    },
  };
}

interface WorkerScope {
  readonly WorkerGlobalScope?: unknown;
}

// Expose only when running as a worker, so the module can also be imported (tests, type imports).
if (typeof (globalThis as WorkerScope).WorkerGlobalScope !== 'undefined' && typeof (globalThis as { postMessage?: unknown }).postMessage === 'function') {
  Comlink.expose(createBrowserApi(createBrowserEnvironment()));
}
