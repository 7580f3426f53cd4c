/**
 * The engine worker pool: one job per worker thread at a time, a bounded queue, a time limit per job
 * and a V8 heap limit per worker. A worker that crashes, runs out of memory or overruns is terminated
 * and replaced; its caller gets a PoolError (mapped to a clear 5xx). A full queue fails at once.
 */
import type { Remote } from 'comlink';
import type { ResourceLimits } from 'node:worker_threads';
import type { ColophonWorkerApi, JobOptions } from '../worker/api';
import { spawnNodeWorker, type NodeEngineWorker } from '../worker/node-spawn';

/** Why a job did not run to its end. */
export type PoolFailure = 'queue-full' | 'timeout' | 'crashed' | 'out-of-memory' | 'closed' | 'cancelled';

/** A job the pool could not complete. */
export class PoolError extends Error {
  constructor(
    readonly kind: PoolFailure,
    message: string,
    /** Seconds after which a retry may succeed (queue-full, closed). */
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

/** Pool settings. */
export interface PoolOptions {
  readonly size: number;
  readonly queueSize: number;
  readonly timeoutMs: number;
  readonly memoryMb: number;
  /** Starts a worker (tests substitute misbehaving workers). */
  readonly spawn?: (limits: ResourceLimits) => NodeEngineWorker;
  /** Receives pool events for the log (worker replaced, start-up failures). */
  readonly onEvent?: (event: { readonly event: string; readonly worker: number; readonly reason?: string }) => void;
}

/** Counters for health checks and the load test. */
export interface PoolStats {
  readonly workers: number;
  readonly busy: number;
  readonly queued: number;
  readonly completed: number;
  readonly replaced: number;
}

/** A task: gets the worker's API and the job control (with the cancel flag), returns what the API returned. */
export type PoolTask<T> = (api: Remote<ColophonWorkerApi>, job: JobOptions) => Promise<T>;

/** The pool's interface, as the routes use it. */
export interface EnginePool {
  run<T>(task: PoolTask<T>, signal?: AbortSignal): Promise<T>;
  /** True when the workers answer (an idle one is pinged). */
  check(): Promise<boolean>;
  stats(): PoolStats;
  close(): Promise<void>;
}

interface Slot {
  readonly id: number;
  readonly w: NodeEngineWorker;
  readonly ready: Promise<unknown>;
  busy: boolean;
  dead: boolean;
  isReady: boolean;
  lastError?: string;
  fail?: (e: PoolError) => void;
}

interface Waiter {
  readonly start: (slot: Slot) => void;
  readonly reject: (e: PoolError) => void;
}

/** How long a new worker may take to start before it counts as crashed. */
const STARTUP_MS = 30_000;

function seconds(ms: number): string {
  return ms % 1000 === 0 ? String(ms / 1000) : (ms / 1000).toFixed(1);
}

/** Starts `size` workers and returns the pool. */
export function createWorkerPool(options: PoolOptions): EnginePool {
  const spawn = options.spawn ?? spawnNodeWorker;
  const limits: ResourceLimits = { maxOldGenerationSizeMb: options.memoryMb };
  const slots: Slot[] = [];
  const queue: Waiter[] = [];
  let nextId = 0;
  let seq = 0;
  let closed = false;
  let completed = 0;
  let replaced = 0;
  let startFailures = 0;
  let avgMs = 1000;

  function addSlot(): void {
    const w = spawn(limits);
    const slot: Slot = { id: ++nextId, w, busy: false, dead: false, isReady: false, ready: w.api.init({}) };
    slot.ready.then(() => {
      slot.isReady = true;
      startFailures = 0;
    }, () => undefined);
    w.worker.on('error', (e: Error & { code?: string }) => {
      slot.lastError = e.code ?? e.message;
    });
    w.worker.on('exit', (code) => onExit(slot, code));
    slots.push(slot);
  }

  function onExit(slot: Slot, code: number): void {
    if (slot.dead) return;
    slot.dead = true;
    const oom = slot.lastError === 'ERR_WORKER_OUT_OF_MEMORY';
    slot.fail?.(
      oom
        ? new PoolError('out-of-memory', `The job needed more than the per-job memory limit (${options.memoryMb} MB); its worker was stopped.`)
        : new PoolError('crashed', `The engine worker stopped unexpectedly (exit code ${code}${slot.lastError ? `, ${slot.lastError}` : ''}).`),
    );
    if (!slot.isReady) startFailures++;
    options.onEvent?.({ event: 'worker-exit', worker: slot.id, reason: slot.lastError ?? `exit ${code}` });
    respawn(slot);
  }

  function respawn(slot: Slot): void {
    const i = slots.indexOf(slot);
    if (i >= 0) slots.splice(i, 1);
    if (closed) return;
    replaced++;
    // A worker that cannot even start (missing bundle) must not spin: back off up to 5 s.
    const delay = startFailures === 0 ? 0 : Math.min(5000, 100 * 2 ** startFailures);
    setTimeout(() => {
      if (closed) return;
      addSlot();
      pump();
    }, delay).unref();
  }

  function terminate(slot: Slot): void {
    if (slot.dead) return;
    slot.dead = true;
    void slot.w.worker.terminate();
    respawn(slot);
  }

  function pump(): void {
    while (queue.length > 0) {
      const slot = slots.find((s) => !s.busy && !s.dead);
      if (!slot) return;
      queue.shift()!.start(slot);
    }
  }

  function execute<T>(slot: Slot, task: PoolTask<T>, signal: AbortSignal | undefined, resolve: (v: T) => void, reject: (e: PoolError) => void): void {
    slot.busy = true;
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const started = performance.now();
    let settled = false;
    const onAbort = (): void => {
      Atomics.store(flag, 0, 1);
    };
    const finish = (settle: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      slot.fail = undefined;
      avgMs = avgMs * 0.8 + (performance.now() - started) * 0.2;
      settle();
      if (!slot.dead) {
        slot.busy = false;
        pump();
      }
    };
    // The time limit counts from when the worker takes the job; a replacement still starting gets STARTUP_MS.
    const overrun = (startup: boolean) => () => {
      terminate(slot); // first, so finishing does not hand the next job to this worker
      finish(() => reject(startup
        ? new PoolError('crashed', `The engine worker did not start within ${STARTUP_MS / 1000} s.`)
        : new PoolError('timeout', `The job did not finish within the per-job time limit of ${seconds(options.timeoutMs)} s; it was stopped.`)));
      options.onEvent?.({ event: startup ? 'worker-startup-timeout' : 'worker-timeout', worker: slot.id });
    };
    let timer = slot.isReady ? setTimeout(overrun(false), options.timeoutMs) : setTimeout(overrun(true), STARTUP_MS);
    slot.fail = (e) => finish(() => reject(e));
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    slot.ready
      .then(() => {
        if (settled) return undefined;
        clearTimeout(timer);
        timer = setTimeout(overrun(false), options.timeoutMs);
        return task(slot.w.api, { jobId: `job-${++seq}`, cancelFlag: flag }).then(
          (v) => finish(() => {
            completed++;
            resolve(v);
          }),
        );
      })
      .catch((e: unknown) => finish(() => reject(new PoolError('crashed', `The engine worker failed: ${e instanceof Error ? e.message : String(e)}`))));
  }

  for (let i = 0; i < options.size; i++) addSlot();

  return {
    run<T>(task: PoolTask<T>, signal?: AbortSignal): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (closed) return reject(new PoolError('closed', 'The server is shutting down.', 5));
        if (signal?.aborted) return reject(new PoolError('cancelled', 'The request was cancelled.'));
        const idle = slots.find((s) => !s.busy && !s.dead);
        if (idle && queue.length === 0) return execute(idle, task, signal, resolve, reject);
        if (queue.length >= options.queueSize) {
          const wait = Math.ceil((avgMs * (queue.length + 1)) / Math.max(1, options.size) / 1000);
          return reject(new PoolError('queue-full', 'All engine workers are busy and the queue is full.', Math.min(60, Math.max(1, wait))));
        }
        const waiter: Waiter = {
          start: (slot) => {
            signal?.removeEventListener('abort', onQueuedAbort);
            execute(slot, task, signal, resolve, reject);
          },
          reject,
        };
        const onQueuedAbort = (): void => {
          const i = queue.indexOf(waiter);
          if (i >= 0) queue.splice(i, 1);
          reject(new PoolError('cancelled', 'The request was cancelled while it waited for a worker.'));
        };
        signal?.addEventListener('abort', onQueuedAbort, { once: true });
        queue.push(waiter);
      });
    },
    async check() {
      const live = slots.filter((s) => !s.dead);
      if (live.length === 0) return false;
      const idle = live.find((s) => !s.busy && s.isReady);
      if (!idle) return live.some((s) => s.isReady);
      const answer = await Promise.race([idle.w.api.info().then(() => true, () => false), new Promise<boolean>((r) => setTimeout(() => r(false), 2000).unref())]);
      return answer;
    },
    stats() {
      return { workers: slots.filter((s) => !s.dead).length, busy: slots.filter((s) => s.busy).length, queued: queue.length, completed, replaced };
    },
    async close() {
      closed = true;
      for (const w of queue.splice(0)) w.reject(new PoolError('closed', 'The server is shutting down.', 5));
      const all = slots.splice(0);
      for (const s of all) {
        s.dead = true;
        s.fail?.(new PoolError('closed', 'The server is shutting down.', 5));
      }
      await Promise.all(all.map((s) => s.w.worker.terminate()));
    },
  };
}
