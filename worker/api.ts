/**
 * The engine API a worker exposes over Comlink — the one surface the browser client and the server's
 * worker pool both call, so both give the same bytes.
 * In: document bytes (transferred, not copied), plain-data options, an optional job control and an
 * optional progress callback (a `Comlink.proxy`, always the LAST argument: Comlink only proxies
 * top-level arguments). Out: the engine's plain `Result` — `{ ok, value, warnings }` or
 * `{ ok: false, errors, warnings }` — with result bytes transferred back.
 * Must not: hold anything from one job to the next except the font cache, or throw across the boundary
 * (Comlink drops error classes, so every failure is a diagnostic).
 *
 * Cancellation: an AbortSignal cannot cross Comlink. Give each job a `jobId` and call `cancel(jobId)`
 * (seen when the engine next awaits), and, where SharedArrayBuffer exists (Node; cross-origin isolated
 * pages), also a `cancelFlag` — an Int32Array over a SharedArrayBuffer; store a non-zero value in
 * element 0 (`Atomics.store(flag, 0, 1)`) and the engine stops at its next cancellation check even in
 * the middle of synchronous layout. A cancelled job ends with the diagnostic `core/cancelled`.
 */
import type { ConvertOptions, Diagnostic, ProgressEvent, Result } from '../engine';
import type { SignerOptions } from '../engine/cms';
import type { AnnotateOptions, FieldInfo, FillOptions, FillReport, FillRequest } from '../engine/template';
import type { AuditTrail, PadesLevel, SignPdfOptions, SigningIdentity } from '../engine/sign';
import type { VerificationReport, VerifyOptions } from '../engine/verify';

export type { Diagnostic, ProgressEvent, Result, SigningIdentity };

/** Version of this API; bumped when a method or option changes incompatibly. */
export const WORKER_API_VERSION = 1;

/** Settings given once, right after the worker starts. */
export interface WorkerInitOptions {
  /** Browser: base URL the shipped font files are fetched from (`<base>/Carlito-Regular.ttf`). */
  readonly fontBaseUrl?: string;
  /** Node: the folder holding the shipped fonts (default: the package's `fonts/`). */
  readonly fontsDir?: string;
}

/** Per-job control: identity for `cancel`, and a shared flag for immediate cancellation. */
export interface JobOptions {
  /** Caller-chosen id, unique among the jobs running in this worker; `cancel(jobId)` stops the job. */
  readonly jobId?: string;
  /** Int32Array over a SharedArrayBuffer; a non-zero element 0 cancels the job. */
  readonly cancelFlag?: Int32Array;
  /** The clock for this job as an ISO time (signing time, dynamic fields); the worker's clock by default. */
  readonly now?: string;
}

/** Receives progress events (pages laid out and rendered so far); wrap with `Comlink.proxy`. */
export type ProgressCallback = (event: ProgressEvent) => void;

/** A converted document. */
export interface ConvertOutput {
  readonly pdf: Uint8Array;
  readonly pages: number;
}

/** A filled template (DOCX, or PDF when `to` is `pdf`). */
export interface AnnotateOutput {
  readonly document: Uint8Array;
  readonly contentType: string;
  readonly report: FillReport;
}

/** A time-stamp authority reached with the worker's own `fetch` (PAdES B-T, B-LTA). */
export interface TsaSettings {
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** PDF signature settings: those of `signPdf` that are plain data. */
export type PdfSignSettings = Omit<SignPdfOptions, 'signer' | 'timestamp' | 'auditTrail'>;

/** Options of `sign`. The input's format (PDF or DOCX) is detected from its bytes. */
export interface SignJob {
  readonly identity: SigningIdentity;
  readonly signerOptions?: SignerOptions;
  /**
   * Output format. A PDF gives a PDF. A DOCX gives a signed DOCX with `docx` (an OOXML package
   * signature), or with `pdf` (the default) is converted first and the PDF is signed.
   */
  readonly to?: 'pdf' | 'docx';
  /** Conversion options when a DOCX is converted before signing. */
  readonly convert?: ConvertOptions;
  /** PDF: level, visible widget, reason… (PadesLevel above B-B needs `tsa`). */
  readonly pdf?: PdfSignSettings & { readonly level?: PadesLevel };
  /** PDF: append an audit-trail page before signing. */
  readonly auditTrail?: AuditTrail;
  readonly tsa?: TsaSettings;
  /** DOCX: the "purpose for signing" Word shows. */
  readonly docxComments?: string;
}

/** A signed document. */
export interface SignOutput {
  readonly document: Uint8Array;
  readonly contentType: 'application/pdf' | 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
}

/** Options of `verify`: `verifyPdf`'s, with the worker's own `fetch` used when `allowOnline` is true. */
export type VerifyJob = Omit<VerifyOptions, 'fetch'>;

/** Facts about a running worker (health checks). */
export interface WorkerInfo {
  readonly apiVersion: number;
  /** True once `init` ran (or the environment needs no init). */
  readonly ready: boolean;
  /** Jobs running in this worker now. */
  readonly running: number;
}

/**
 * The engine API a worker exposes. Every method resolves (never rejects) with plain data; wrong
 * argument shapes give the diagnostic `worker/bad-request`.
 */
export interface ColophonWorkerApi {
  /** Configures the worker's environment (font location); call once before the first job. */
  init(options: WorkerInitOptions): Promise<WorkerInfo>;
  /** Reports the API version and load; a cheap round trip for health checks. */
  info(): Promise<WorkerInfo>;
  /** Converts DOCX bytes to PDF. */
  convert(docx: Uint8Array, options?: ConvertOptions, job?: JobOptions, onProgress?: ProgressCallback): Promise<Result<ConvertOutput>>;
  /** Fills a DOCX template; DOCX out, or PDF with `options.to = 'pdf'`. */
  annotate(docx: Uint8Array, request: FillRequest, options?: AnnotateOptions, job?: JobOptions, onProgress?: ProgressCallback): Promise<Result<AnnotateOutput>>;
  /** Lists a DOCX template's fields. */
  fields(docx: Uint8Array, options?: FillOptions, job?: JobOptions): Promise<Result<FieldInfo[]>>;
  /** Signs a PDF or DOCX (see `SignJob`). */
  sign(document: Uint8Array, options: SignJob, job?: JobOptions, onProgress?: ProgressCallback): Promise<Result<SignOutput>>;
  /** Verifies the signatures of a PDF or DOCX; a tampered file is a report, not a failure. */
  verify(document: Uint8Array, options?: VerifyJob, job?: JobOptions, onProgress?: ProgressCallback): Promise<Result<VerificationReport>>;
  /** Cancels the job with this id (no effect if it already ended); true when a job was found. */
  cancel(jobId: string): Promise<boolean>;
}

