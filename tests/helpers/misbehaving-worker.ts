/**
 * A stand-in engine worker for pool tests: a real worker thread whose `convert` behaves as the last
 * word of the input bytes says — `hang` (never ends), `exit` (process.exit(3)), `oom` (fills its V8
 * heap) — and otherwise answers with a 4-byte "PDF" of one page. Lets tests drive the pool's time
 * limit, crash and heap-limit handling without a document that really misbehaves.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { ColophonWorkerApi, ConvertOutput, Result } from '../../worker/api';
import type { NodeEngineWorker } from '../../worker/node-spawn';
import type { EnginePool } from '../../worker/pool';

const require = createRequire(import.meta.url);
const comlinkUrl = pathToFileURL(require.resolve('comlink').replace(/umd[\\/]comlink\.js$/, 'esm/comlink.mjs')).href;
const adapterUrl = comlinkUrl.replace('comlink.mjs', 'node-adapter.mjs');

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
      const mode = new TextDecoder().decode(bytes).trim();
      if (mode.endsWith('hang')) for (;;) {}
      if (mode.endsWith('exit')) process.exit(3);
      if (mode.endsWith('oom')) { const keep = []; for (;;) keep.push(new Array(1e5).fill({ a: keep.length })); }
      return { ok: true, value: { pdf: new Uint8Array([37, 80, 68, 70]), pages: 1 }, warnings: [] };
    },
  }, nodeEndpoint(parentPort));
})();
`;

/** The bytes the stand-in answers every well-behaved job with. */
export const MISBEHAVING_PDF = new Uint8Array([37, 80, 68, 70]);

/** Starts a stand-in worker (pass as the pool's `spawn`). */
export function spawnMisbehaving(limits: ResourceLimits): NodeEngineWorker {
  const worker = new Worker(MISBEHAVING, { eval: true, resourceLimits: limits });
  return { worker, api: Comlink.wrap<ColophonWorkerApi>(nodeEndpoint(worker)) };
}

/** A pool task sending `mode` as the document. */
export const misbehavingJob = (mode: string) => (api: Comlink.Remote<ColophonWorkerApi>): Promise<Result<ConvertOutput>> => api.convert(new TextEncoder().encode(mode));

/** Waits (up to ~4 s) until the pool has `n` live workers and an idle one answers. */
export async function untilWorkers(pool: EnginePool, n: number): Promise<void> {
  for (let i = 0; i < 400 && (pool.stats().workers < n || !(await pool.check())); i++) await new Promise((r) => setTimeout(r, 10));
}
