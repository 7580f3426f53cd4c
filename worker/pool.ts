/**
 * The engine worker pool: one job per worker thread at a time, a bounded queue, a time limit per job
 * and a V8 heap limit per worker. A worker that crashes, runs out of memory or overruns is terminated
 * and replaced; its caller gets a PoolError (the server maps it to a clear 5xx, `colophon convert` to
 * a per-file message). A full queue fails at once. Used by server/ and cli/, so it imports neither.
 */
import type { Remote } from 'comlink';
import type { ResourceLimits } from 'node:worker_threads';
import type { ColophonWorkerApi, JobOptions } from './api';
import { spawnNodeWorker, type NodeEngineWorker } from './node-spawn';

/** Why a job did not run to its end. */
export type PoolFailure = 'queue-full' | 'queue-timeout' | 'timeout' | 'crashed' | 'out-of-memory' | 'closed' | 'cancelled';

/** A job the pool could not complete. */
export class PoolError extends Error {
  constructor(
    readonly kind: PoolFailure,
    message: string,
    /** Seconds after which a retry may succeed (queue-full, queue-timeout, closed). */
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
  /**
   * How long a job may wait in the queue for a worker (default: no limit). The server sets its job
   * time limit here, so a request's time is bounded by the wait plus the run, not by the queue's
   * length times the job limit.
   */
  readonly queueWaitMs?: number;
  readonly memoryMb: number;
  /**
   * Each worker's young generation in MB (default: node/v8-tuning.ts YOUNG_GENERATION_MB, sized for
   * throughput). The CLI's one-document worker asks for V8's own default instead, for its peak RSS.
   */
  readonly youngGenerationMb?: number;
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

/** The pool's interface, as the server's routes and the CLI use it. */
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

/** Seconds for a message: `120`, `0.4`, `0.005` (a tiny limit must not print as 0.0). */
function seconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(3)));
}

/** A job's settlement callbacks. */
interface JobCallbacks<T> {
  readonly resolve: (v: T) => void;
  readonly reject: (e: PoolError) => void;
}

/** The pool (see the module comment). */
class WorkerPool implements EnginePool {
  private readonly spawn: (limits: ResourceLimits) => NodeEngineWorker;
  private readonly limits: ResourceLimits;
  private readonly slots: Slot[] = [];
  private readonly queue: Waiter[] = [];
  private nextId = 0;
  private seq = 0;
  private closed = false;
  private completed = 0;
  private replaced = 0;
  private startFailures = 0;
  private avgMs = 1000;

  constructor(private readonly options: PoolOptions) {
    this.spawn = options.spawn ?? spawnNodeWorker;
    this.limits = { maxOldGenerationSizeMb: options.memoryMb, ...(options.youngGenerationMb !== undefined ? { maxYoungGenerationSizeMb: options.youngGenerationMb } : {}) };
    for (let i = 0; i < options.size; i++) this.addSlot();
  }

  run<T>(task: PoolTask<T>, signal?: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.closed) return reject(new PoolError('closed', 'The worker pool is shutting down.', 5));
      if (signal?.aborted) return reject(new PoolError('cancelled', 'The request was cancelled.'));
      const idle = this.idleSlot();
      if (idle && this.queue.length === 0) return this.execute(idle, task, signal, { resolve, reject });
      if (this.queue.length >= this.options.queueSize) {
        const wait = Math.ceil((this.avgMs * (this.queue.length + 1)) / Math.max(1, this.options.size) / 1000);
        return reject(new PoolError('queue-full', 'All engine workers are busy and the queue is full.', Math.min(60, Math.max(1, wait))));
      }
      let waitTimer: ReturnType<typeof setTimeout> | undefined;
      const leaveQueue = (e: PoolError): void => {
        clearTimeout(waitTimer);
        signal?.removeEventListener('abort', onQueuedAbort);
        const i = this.queue.indexOf(waiter);
        if (i >= 0) this.queue.splice(i, 1);
        reject(e);
      };
      const onQueuedAbort = (): void => leaveQueue(new PoolError('cancelled', 'The request was cancelled while it waited for a worker.'));
      const waiter: Waiter = {
        start: (slot) => {
          clearTimeout(waitTimer);
          signal?.removeEventListener('abort', onQueuedAbort);
          this.execute(slot, task, signal, { resolve, reject });
        },
        reject: (e) => {
          clearTimeout(waitTimer);
          reject(e);
        },
      };
      signal?.addEventListener('abort', onQueuedAbort, { once: true });
      const waitMs = this.options.queueWaitMs;
      if (waitMs !== undefined) {
        waitTimer = setTimeout(() => {
          const retry = Math.min(60, Math.max(1, Math.ceil(this.avgMs / 1000)));
          leaveQueue(new PoolError('queue-timeout', `No engine worker became free within ${seconds(waitMs)} s.`, retry));
        }, waitMs);
      }
      this.queue.push(waiter);
    });
  }

  async check(): Promise<boolean> {
    const live = this.slots.filter((s) => !s.dead);
    if (live.length === 0) return false;
    const idle = live.find((s) => !s.busy && s.isReady);
    if (!idle) return live.some((s) => s.isReady);
    const timeout = new Promise<boolean>((r) => setTimeout(() => r(false), 2000).unref());
    return Promise.race([idle.w.api.info().then(() => true, () => false), timeout]);
  }

  stats(): PoolStats {
    const live = this.slots.filter((s) => !s.dead);
    return { workers: live.length, busy: live.filter((s) => s.busy).length, queued: this.queue.length, completed: this.completed, replaced: this.replaced };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.queue.splice(0)) w.reject(new PoolError('closed', 'The worker pool is shutting down.', 5));
    const all = this.slots.splice(0);
    for (const s of all) {
      s.dead = true;
      s.fail?.(new PoolError('closed', 'The worker pool is shutting down.', 5));
    }
    await Promise.all(all.map((s) => s.w.worker.terminate()));
  }

  private idleSlot(): Slot | undefined {
    return this.slots.find((s) => !s.busy && !s.dead);
  }

  private addSlot(): void {
    const w = this.spawn(this.limits);
    const slot: Slot = { id: ++this.nextId, w, busy: false, dead: false, isReady: false, ready: w.api.init({}) };
    slot.ready.then(() => {
      slot.isReady = true;
      this.startFailures = 0;
    }, () => undefined);
    w.worker.on('error', (e: Error & { code?: string }) => {
      slot.lastError = e.code ?? e.message;
    });
    w.worker.on('exit', (code) => this.onExit(slot, code));
    this.slots.push(slot);
  }

  private onExit(slot: Slot, code: number): void {
    if (slot.dead) return;
    slot.dead = true;
    const oom = slot.lastError === 'ERR_WORKER_OUT_OF_MEMORY';
    slot.fail?.(
      oom
        ? new PoolError('out-of-memory', `The job needed more than the per-job memory limit (${this.options.memoryMb} MB); its worker was stopped.`)
        : new PoolError('crashed', `The engine worker stopped unexpectedly (exit code ${code}${slot.lastError ? `, ${slot.lastError}` : ''}).`),
    );
    if (!slot.isReady) this.startFailures++;
    this.options.onEvent?.({ event: 'worker-exit', worker: slot.id, reason: slot.lastError ?? `exit ${code}` });
    this.respawn(slot);
  }

  private respawn(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    if (this.closed) return;
    this.replaced++;
    // A worker that cannot even start (missing bundle) must not spin: back off up to 5 s.
    const delay = this.startFailures === 0 ? 0 : Math.min(5000, 100 * 2 ** this.startFailures);
    setTimeout(() => {
      if (this.closed) return;
      this.addSlot();
      this.pump();
    }, delay).unref();
  }

  /** Stops a worker for good (overrun) and starts its replacement. */
  private terminate(slot: Slot): void {
    if (slot.dead) return;
    slot.dead = true;
    void slot.w.worker.terminate();
    this.respawn(slot);
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const slot = this.idleSlot();
      if (!slot) return;
      this.queue.shift()!.start(slot);
    }
  }

  private execute<T>(slot: Slot, task: PoolTask<T>, signal: AbortSignal | undefined, cb: JobCallbacks<T>): void {
    slot.busy = true;
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const started = performance.now();
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = (): void => {
      Atomics.store(flag, 0, 1);
    };
    const finish = (settle: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      slot.fail = undefined;
      this.avgMs = this.avgMs * 0.8 + (performance.now() - started) * 0.2;
      settle();
      if (!slot.dead) {
        slot.busy = false;
        this.pump();
      }
    };
    // The time limit counts from when the worker takes the job; a replacement still starting gets STARTUP_MS.
    const overrun = (startup: boolean) => (): void => {
      this.terminate(slot); // first, so finishing does not hand the next job to this worker
      finish(() => cb.reject(this.overrunError(startup)));
      this.options.onEvent?.({ event: startup ? 'worker-startup-timeout' : 'worker-timeout', worker: slot.id });
    };
    timer = slot.isReady ? setTimeout(overrun(false), this.options.timeoutMs) : setTimeout(overrun(true), STARTUP_MS);
    slot.fail = (e) => finish(() => cb.reject(e));
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    slot.ready
      .then(async () => {
        if (settled) return;
        clearTimeout(timer);
        const taken = performance.now();
        timer = setTimeout(overrun(false), this.options.timeoutMs);
        const v = await task(slot.w.api, { jobId: `job-${++this.seq}`, cancelFlag: flag });
        // A result that arrives past the limit is late even when its message beat the timer through the event
        // loop (a loaded machine can run the worker to the end while this thread waits to be scheduled): the
        // limit holds the same under any load. The worker itself finished, so it stays.
        if (performance.now() - taken > this.options.timeoutMs) {
          finish(() => cb.reject(new PoolError('timeout', `The job did not finish within the per-job time limit of ${seconds(this.options.timeoutMs)} s; its late result was dropped.`)));
          return;
        }
        finish(() => {
          this.completed++;
          cb.resolve(v);
        });
      })
      .catch((e: unknown) => finish(() => cb.reject(new PoolError('crashed', `The engine worker failed: ${e instanceof Error ? e.message : String(e)}`))));
  }

  private overrunError(startup: boolean): PoolError {
    return startup
      ? new PoolError('crashed', `The engine worker did not start within ${STARTUP_MS / 1000} s.`)
      : new PoolError('timeout', `The job did not finish within the per-job time limit of ${seconds(this.options.timeoutMs)} s; it was stopped.`);
  }
}

/** Starts `options.size` workers and returns the pool. */
export function createWorkerPool(options: PoolOptions): EnginePool {
  return new WorkerPool(options);
}
