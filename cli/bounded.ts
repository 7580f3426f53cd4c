/**
 * Runs one engine job of a CLI command in a worker thread under a time and a V8 heap limit
 * (worker/pool.ts), as the server runs every job: a hostile input then fails with one line
 * (`worker/out-of-memory: … Raise --memory …`) instead of growing the command's own process without
 * a bound or ending in a V8 crash dump. `convert` (cli/convert-batch.ts), `annotate`, `sign` and
 * `verify` share the flags (`--timeout SEC`, `--memory MB`), their defaults and the failure line.
 * Must not: hold engine logic (the worker API does the work).
 */
import { createWorkerPool, PoolError, type EnginePool, type PoolOptions, type PoolTask } from '../worker/pool';

/** Per-job time limit in a worker (s): generous for a long report on a slow machine. */
export const DEFAULT_TIMEOUT_S = 120;

/**
 * Per-worker V8 heap limit (old generation, MB), the server's per-job figure (COLOPHON_JOB_MEMORY_MB):
 * the dev corpus's largest document, 437 pages, peaks at 235 MB RSS converted alone in a worker. A
 * hostile one stops at the limit with a `worker/out-of-memory` line instead of growing the process:
 * without a limit V8 postponed full collections and an 83 MB footer (fuzz seed 77 docx-81) peaked at
 * 1,010 MB RSS in the CLI's own process, 774 MB in a worker under this limit.
 */
export const DEFAULT_MEMORY_MB = 1024;

/**
 * One job's worker keeps V8's default young generation (3 semi-spaces of 16 MB), as the CLI's own
 * process had, rather than the pool's 192 MB sized for a batch's throughput: on fuzz seed 77 docx-81
 * under a 1024 MB limit it peaked at 774 MB RSS against 925 MB, on the corpus's 437-page handbook at
 * 235 against 333 MB, in the same CPU time (1.77 against 1.78 s).
 */
export const ONE_JOB_YOUNG_GENERATION_MB = 48;

/** The help lines of the two flags, their descriptions starting at `column` as in the command's usage text. */
export function limitHelp(column: number): string {
  const line = (flag: string, text: string) => `  ${flag.padEnd(column - 2)}${text}\n`;
  return line('--timeout SEC', `time limit of the job in its worker (default ${DEFAULT_TIMEOUT_S})`) + line('--memory MB', `heap limit of the job's worker (default ${DEFAULT_MEMORY_MB})`);
}

/** A job's limits in its worker. */
export interface JobLimits {
  readonly timeoutMs: number;
  readonly memoryMb: number;
}

/** Reads --timeout and --memory (their defaults when absent), or says what is wrong with them. */
export function readLimits(flags: Readonly<Record<string, unknown>>): { ok: true; value: JobLimits } | { ok: false; error: string } {
  const timeoutS = flags.timeout === undefined ? DEFAULT_TIMEOUT_S : Number(flags.timeout);
  if (!(Number.isFinite(timeoutS) && timeoutS > 0 && timeoutS <= 86_400)) return { ok: false, error: `--timeout must be a number of seconds above 0 (got '${String(flags.timeout)}').` };
  const memoryMb = flags.memory === undefined ? DEFAULT_MEMORY_MB : Number(flags.memory);
  if (!(Number.isInteger(memoryMb) && memoryMb >= 64 && memoryMb <= 65_536)) return { ok: false, error: `--memory must be a whole number of MB from 64 to 65536 (got '${String(flags.memory)}').` };
  return { ok: true, value: { timeoutMs: Math.round(timeoutS * 1000), memoryMb } };
}

/** A pool failure as a line: `worker/<kind>: what happened. What to do.` */
function poolMessage(e: PoolError): string {
  const hint = e.kind === 'timeout' ? ' Raise --timeout if the document is only large.' : e.kind === 'out-of-memory' ? ' Raise --memory if the document is only large.' : '';
  return `worker/${e.kind}: ${e.message}${hint}`;
}

/** Runs one task on `pool`; a job the pool could not complete (out of memory, timeout, crash) gives its failure line instead of a value. */
export async function runOnPool<T>(pool: Pick<EnginePool, 'run'>, task: PoolTask<T>): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
  try {
    return { ok: true, value: await pool.run(task) };
  } catch (e) {
    if (e instanceof PoolError) return { ok: false, message: poolMessage(e) };
    throw e;
  }
}

/** Runs one task in a worker of its own under `limits` and stops the worker after it (failures as runOnPool's). */
export async function runBounded<T>(limits: JobLimits, task: PoolTask<T>, spawn?: PoolOptions['spawn']): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
  const pool = createWorkerPool({ size: 1, queueSize: 1, timeoutMs: limits.timeoutMs, memoryMb: limits.memoryMb, youngGenerationMb: ONE_JOB_YOUNG_GENERATION_MB, ...(spawn ? { spawn } : {}) });
  try {
    return await runOnPool(pool, task);
  } finally {
    await pool.close();
  }
}
