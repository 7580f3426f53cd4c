/**
 * The worker pool's failure handling with real worker threads that misbehave on purpose: a job that
 * never ends (time limit), a worker that exits (crash), one that exhausts its V8 heap (resourceLimits).
 * Each is terminated and replaced; the caller gets a PoolError and, through the app, a clear 5xx.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { ColophonWorkerApi, ConvertOutput, Result } from '../../worker/api';
import type { NodeEngineWorker } from '../../worker/node-spawn';
import { createWorkerPool, PoolError, type EnginePool } from '../../server/pool';
import { fileForm, makeTestApp, obtainKey } from './helpers';

const require = createRequire(import.meta.url);
const comlinkUrl = pathToFileURL(require.resolve('comlink').replace(/umd[\\/]comlink\.js$/, 'esm/comlink.mjs')).href;
const adapterUrl = comlinkUrl.replace('comlink.mjs', 'node-adapter.mjs');

/** A worker exposing `convert` that behaves as the document text says: hang, exit, oom, or answer. */
const MISBEHAVING = `
(async () => {
  const Comlink = await import(${JSON.stringify(comlinkUrl)});
  const nodeEndpoint = (await import(${JSON.stringify(adapterUrl)})).default;
  const { parentPort } = await import('node:worker_threads');
  const info = { apiVersion: 1, ready: true, running: 0 };
  Comlink.expose({
    async init() { return info; },
    async info() { return info; },
    async convert(bytes) {
      const mode = new TextDecoder().decode(bytes);
      if (mode.endsWith('hang')) for (;;) {}
      if (mode.endsWith('exit')) process.exit(3);
      if (mode.endsWith('oom')) { const keep = []; for (;;) keep.push(new Array(1e5).fill({ a: keep.length })); }
      return { ok: true, value: { pdf: new Uint8Array([37, 80, 68, 70]), pages: 1 }, warnings: [] };
    },
  }, nodeEndpoint(parentPort));
})();
`;

function spawnMisbehaving(limits: ResourceLimits): NodeEngineWorker {
  const worker = new Worker(MISBEHAVING, { eval: true, resourceLimits: limits });
  return { worker, api: Comlink.wrap<ColophonWorkerApi>(nodeEndpoint(worker)) };
}

const job = (mode: string) => (api: Comlink.Remote<ColophonWorkerApi>): Promise<Result<ConvertOutput>> => api.convert(new TextEncoder().encode(mode));

async function failure(p: Promise<unknown>): Promise<PoolError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof PoolError) return e;
    throw e;
  }
  throw new Error('expected a PoolError');
}

async function untilWorkers(pool: EnginePool, n: number): Promise<void> {
  for (let i = 0; i < 400 && (pool.stats().workers < n || !(await pool.check())); i++) await new Promise((r) => setTimeout(r, 10));
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

  it('maps pool failures to clear 5xx answers through the app', async () => {
    const misbehaving = createWorkerPool({ size: 1, queueSize: 2, timeoutMs: 500, memoryMb: 64, spawn: spawnMisbehaving });
    const t = await makeTestApp({ workers: 1 }, { pool: misbehaving });
    try {
      const key = await obtainKey(t, 'pool@example.com');
      // The fake worker reads the upload as its instruction; the route only checks the ZIP signature.
      const send = (mode: string) => {
        const bytes = new Uint8Array([0x50, 0x4b, 3, 4, ...new TextEncoder().encode(mode)]);
        return t.app.request('/v1/convert', { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: fileForm(bytes) });
      };
      const body = async (res: Response) => (await res.json()) as { code: string; message: string };
      const timeout = await send('hang');
      expect(timeout.status).toBe(504);
      expect(await body(timeout)).toMatchObject({ code: 'TIMEOUT', message: expect.stringContaining('time limit') });
      await untilWorkers(misbehaving, 1);
      const crash = await send('exit');
      expect(crash.status).toBe(500);
      expect(await body(crash)).toMatchObject({ code: 'INTERNAL_ERROR', message: expect.stringContaining('replaced') });
      await untilWorkers(misbehaving, 1);
      const fine = await send('fine');
      expect(fine.status).toBe(200);
      expect(new Uint8Array(await fine.arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70]));
    } finally {
      await t.close();
      await misbehaving.close();
    }
  });
});
