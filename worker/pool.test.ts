/**
 * The worker pool's failure handling with real worker threads that misbehave on purpose: a job that
 * never ends (time limit), a worker that exits (crash), one that exhausts its V8 heap (resourceLimits).
 * Each is terminated and replaced; the caller gets a PoolError. (How the server maps those errors to
 * HTTP answers is tested in tests/server/pool.test.ts; how the CLI reports them, in cli/commands.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { misbehavingJob as job, spawnMisbehaving, untilWorkers } from '../tests/helpers/misbehaving-worker';
import { createWorkerPool, PoolError, type EnginePool } from './pool';

async function failure(p: Promise<unknown>): Promise<PoolError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof PoolError) return e;
    throw e;
  }
  throw new Error('expected a PoolError');
}

describe('worker pool failure handling', () => {
  let pool: EnginePool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('terminates and replaces a worker that overruns the time limit', async () => {
    const events: string[] = [];
    pool = createWorkerPool({ size: 1, queueSize: 4, timeoutMs: 300, memoryMb: 64, spawn: spawnMisbehaving, onEvent: (e) => events.push(e.event) });
    const started = performance.now();
    const e = await failure(pool.run(job('hang')));
    expect(e.kind).toBe('timeout');
    expect(e.message).toContain('time limit of 0.3 s');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(events).toContain('worker-timeout');
    await untilWorkers(pool, 1);
    const r = await pool.run(job('fine'));
    expect(r.ok).toBe(true);
    expect(pool.stats()).toMatchObject({ workers: 1, busy: 0, replaced: 1 });
  });

  it('replaces a crashed worker and fails only its job; queued jobs run on the replacement', async () => {
    pool = createWorkerPool({ size: 1, queueSize: 4, timeoutMs: 5000, memoryMb: 64, spawn: spawnMisbehaving });
    const crashed = failure(pool.run(job('exit')));
    const queued = pool.run(job('fine'));
    const e = await crashed;
    expect(e.kind).toBe('crashed');
    expect(e.message).toContain('exit code 3');
    expect((await queued).ok).toBe(true);
  });

  it('starts its workers with the heap limits asked for: the old generation, and the young one when given', async () => {
    const seen: object[] = [];
    const spawn: typeof spawnMisbehaving = (limits) => (seen.push(limits), spawnMisbehaving(limits));
    pool = createWorkerPool({ size: 1, queueSize: 1, timeoutMs: 5000, memoryMb: 96, youngGenerationMb: 48, spawn });
    await pool.close();
    pool = createWorkerPool({ size: 1, queueSize: 1, timeoutMs: 5000, memoryMb: 96, spawn });
    expect(seen).toEqual([{ maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 48 }, { maxOldGenerationSizeMb: 96 }]);
  });

  it('holds the time limit for a result that comes back before its timer could fire, and keeps the worker', async () => {
    const events: string[] = [];
    pool = createWorkerPool({ size: 1, queueSize: 1, timeoutMs: 5, memoryMb: 64, spawn: spawnMisbehaving, onEvent: (e) => events.push(e.event) });
    await untilWorkers(pool, 1);
    // The task holds this thread past the limit and then resolves at once, as a worker's answer does when this
    // thread was not scheduled while the worker ran: the result wins the race with the timer in the event loop.
    const late = await failure(
      pool.run(async () => {
        const until = performance.now() + 40;
        while (performance.now() < until);
        return 'done';
      }),
    );
    expect(late.kind).toBe('timeout');
    expect(late.message).toBe('The job did not finish within the per-job time limit of 0.005 s; its late result was dropped.');
    expect(events).not.toContain('worker-timeout');
    expect(pool.stats()).toMatchObject({ workers: 1, replaced: 0 });
    expect((await pool.run(job('fine'))).ok).toBe(true);
  });

  it('replaces a worker that exhausts its heap limit', async () => {
    pool = createWorkerPool({ size: 1, queueSize: 4, timeoutMs: 20_000, memoryMb: 32, spawn: spawnMisbehaving });
    const e = await failure(pool.run(job('oom')));
    expect(e.kind).toBe('out-of-memory');
    expect(e.message).toContain('32 MB');
    await untilWorkers(pool, 1);
    expect((await pool.run(job('fine'))).ok).toBe(true);
  });

  it('rejects at once when the queue is full, and everything after close', async () => {
    pool = createWorkerPool({ size: 1, queueSize: 1, timeoutMs: 400, memoryMb: 64, spawn: spawnMisbehaving });
    const a = failure(pool.run(job('hang')));
    const b = pool.run(job('fine'));
    const c = await failure(pool.run(job('fine')));
    expect(c.kind).toBe('queue-full');
    expect(c.retryAfterS).toBeGreaterThanOrEqual(1);
    expect((await a).kind).toBe('timeout');
    expect((await b).ok).toBe(true);
    await pool.close();
    expect((await failure(pool.run(job('fine')))).kind).toBe('closed');
    pool = undefined;
  });
  it('gives up on a job that waited queueWaitMs for a worker, and takes it off the queue', async () => {
    pool = createWorkerPool({ size: 1, queueSize: 4, timeoutMs: 1500, queueWaitMs: 200, memoryMb: 64, spawn: spawnMisbehaving });
    const hung = failure(pool.run(job('hang')));
    const started = performance.now();
    const e = await failure(pool.run(job('fine')));
    expect(e.kind).toBe('queue-timeout');
    expect(e.message).toContain('within 0.2 s');
    expect(e.retryAfterS).toBeGreaterThanOrEqual(1);
    expect(performance.now() - started).toBeLessThan(1200); // long before the running job's own limit
    expect(pool.stats().queued).toBe(0);
    expect((await hung).kind).toBe('timeout');
    await untilWorkers(pool, 1);
    expect((await pool.run(job('fine'))).ok).toBe(true); // a job that finds a free worker is not limited by the wait
  });
});
