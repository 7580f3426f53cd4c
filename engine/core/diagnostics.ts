/**
 * Diagnostics: the one way every stage reports problems.
 *
 * A diagnostic is plain data (it crosses worker and HTTP boundaries, where error classes are lost).
 * `code` is stable and namespaced (`docx/bad-zip`, `layout/overflow`); `at` says where in the input.
 */

/** How serious a diagnostic is: an error stops the stage, a warning is counted and reported. */
export type Severity = 'error' | 'warning' | 'info';

/** One problem found in the input or while processing it. */
export interface Diagnostic {
  readonly severity: Severity;
  /** Stable, namespaced machine code such as `docx/unsupported-element`. */
  readonly code: string;
  /** What failed and where, for a person. */
  readonly message: string;
  /** What to do about it. */
  readonly hint?: string;
  /** Location: a part name and element path (`word/document.xml /w:body/w:p[3]`), or a byte offset. */
  readonly at?: string;
  /** How many times this diagnostic occurred when repeated occurrences were folded into one. */
  readonly count?: number;
}

/** The result of a stage: a value with warnings, or errors (and the warnings gathered before them). */
export type Result<T> =
  | { readonly ok: true; readonly value: T; readonly warnings: readonly Diagnostic[] }
  | { readonly ok: false; readonly errors: readonly Diagnostic[]; readonly warnings: readonly Diagnostic[] };

/** Builds a successful result. */
export function ok<T>(value: T, warnings: readonly Diagnostic[] = []): Result<T> {
  return { ok: true, value, warnings };
}

/** Builds a failed result from one or more errors. */
export function fail<T = never>(errors: Diagnostic | readonly Diagnostic[], warnings: readonly Diagnostic[] = []): Result<T> {
  return { ok: false, errors: Array.isArray(errors) ? errors : [errors as Diagnostic], warnings };
}

/** Creates an error diagnostic. */
export function error(code: string, message: string, extra: { hint?: string; at?: string } = {}): Diagnostic {
  return { severity: 'error', code, message, ...extra };
}

/** Creates a warning diagnostic. */
export function warning(code: string, message: string, extra: { hint?: string; at?: string } = {}): Diagnostic {
  return { severity: 'warning', code, message, ...extra };
}

/** Thrown inside a stage to abort it with a diagnostic; stages catch it at their boundary and return `fail`. */
export class DiagnosticError extends Error {
  readonly diagnostic: Diagnostic;
  constructor(diagnostic: Diagnostic) {
    super(`${diagnostic.code}: ${diagnostic.message}`);
    this.diagnostic = diagnostic;
  }
}

/** Throws a `DiagnosticError` carrying an error diagnostic. */
export function abort(code: string, message: string, extra: { hint?: string; at?: string } = {}): never {
  throw new DiagnosticError(error(code, message, extra));
}

/**
 * Collects warnings during a stage. Repeated warnings with the same code and message are folded
 * into one with a count, and only the first few locations are kept, so a hostile file with a
 * million unsupported elements cannot make the report unbounded.
 */
export class DiagnosticBag {
  /**
   * Folded entries by severity, code and message, and in first-seen order. Nested maps, not one
   * map keyed by the three joined: a diagnostic reported per character (font fallback) built a
   * new key string, and hashed it, on every occurrence.
   */
  private readonly folded = new Map<Severity, Map<string, Map<string, { d: Diagnostic; count: number }>>>();
  private readonly entries: Array<{ d: Diagnostic; count: number }> = [];
  private readonly maxDistinct: number;
  private dropped = 0;

  constructor(maxDistinct = 500) {
    this.maxDistinct = maxDistinct;
  }

  /** Records a diagnostic (folded with earlier ones of the same code and message). */
  add(d: Diagnostic): void {
    let bySeverity = this.folded.get(d.severity);
    let byMessage = bySeverity?.get(d.code);
    const hit = byMessage?.get(d.message);
    if (hit) {
      hit.count += d.count ?? 1;
      return;
    }
    if (this.entries.length >= this.maxDistinct) {
      this.dropped += d.count ?? 1;
      return;
    }
    if (!bySeverity) this.folded.set(d.severity, (bySeverity = new Map()));
    if (!byMessage) bySeverity.set(d.code, (byMessage = new Map()));
    const entry = { d, count: d.count ?? 1 };
    byMessage.set(d.message, entry);
    this.entries.push(entry);
  }

  /** Records a warning. */
  warn(code: string, message: string, extra: { hint?: string; at?: string } = {}): void {
    this.add(warning(code, message, extra));
  }

  /** Adds every diagnostic of another list. */
  addAll(list: readonly Diagnostic[]): void {
    for (const d of list) this.add(d);
  }

  /** The folded diagnostics in first-seen order. */
  list(): Diagnostic[] {
    const out: Diagnostic[] = [];
    for (const { d, count } of this.entries) out.push(count > 1 ? { ...d, count } : d);
    if (this.dropped > 0) {
      out.push(warning('core/too-many-diagnostics', `${this.dropped} further diagnostics were not listed individually`));
    }
    return out;
  }

  /** Total occurrences per code, for summaries. */
  countsByCode(): Record<string, number> {
    return countByCode(this.list());
  }
}

/** Sums occurrence counts per diagnostic code. */
export function countByCode(list: readonly Diagnostic[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of list) out[d.code] = (out[d.code] ?? 0) + (d.count ?? 1);
  return out;
}

/**
 * Runs a stage body and turns a thrown `DiagnosticError` (or any unexpected exception) into a
 * failed result, so no exception crosses a stage boundary.
 */
export function guard<T>(stage: string, bag: DiagnosticBag, body: () => T): Result<T> {
  try {
    return ok(body(), bag.list());
  } catch (e) {
    return fail(toDiagnostic(stage, e), bag.list());
  }
}

/** Async form of `guard`. */
export async function guardAsync<T>(stage: string, bag: DiagnosticBag, body: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await body(), bag.list());
  } catch (e) {
    return fail(toDiagnostic(stage, e), bag.list());
  }
}

/** Converts any thrown value into an error diagnostic (internal errors keep no stack). */
export function toDiagnostic(stage: string, e: unknown): Diagnostic {
  if (e instanceof DiagnosticError) return e.diagnostic;
  if (isAbortError(e)) return error('core/cancelled', 'The operation was cancelled by the caller.');
  if (e instanceof RangeError && /call stack|Invalid array length|allocation/i.test(e.message)) {
    return error(`${stage}/resource-limit`, `The input needs more resources than allowed (${e.message}).`, {
      hint: 'The file is too large or too deeply nested to process.',
    });
  }
  const msg = e instanceof Error ? e.message : String(e);
  return error(`${stage}/internal`, `Internal error in ${stage}: ${msg}`, {
    hint: 'This is a bug in Colophon; please report it with the input file if you can share it.',
  });
}

function isAbortError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: string }).name === 'AbortError';
}
