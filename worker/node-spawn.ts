/**
 * Starts a Node engine worker (worker_threads) and wraps it with Comlink: from the bundle
 * (dist/worker-node.js beside dist/server.js or dist/cli.js), or from source through tsx when the
 * caller itself runs from source (tests, `tsx server/main.ts`).
 */
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { ColophonWorkerApi } from './api';
import { tuneV8ForConversion, YOUNG_GENERATION_MB } from '../node/v8-tuning';

/** A started worker and its typed Comlink proxy. */
export interface NodeEngineWorker {
  readonly worker: Worker;
  readonly api: Comlink.Remote<ColophonWorkerApi>;
}

/** Where the worker code is: the bundled file, or the TypeScript entry with the tsx loader. */
export function workerEntry(): { readonly url: URL; readonly fromSource: boolean } {
  const self = import.meta.url;
  if (self.endsWith('.ts')) return { url: new URL('./node-entry.ts', self), fromSource: true };
  return { url: new URL('./worker-node.js', self), fromSource: false };
}

/** Starts one engine worker with the given V8 heap limits (the young generation YOUNG_GENERATION_MB unless given). */
export function spawnNodeWorker(limits: ResourceLimits = {}): NodeEngineWorker {
  const resourceLimits: ResourceLimits = { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, ...limits };
  // Before the worker's isolate compiles anything: V8's flags are the process's (node/v8-tuning.ts).
  tuneV8ForConversion();
  const entry = workerEntry();
  let worker: Worker;
  if (entry.fromSource) {
    // tsx registers its loader inside the worker before the TypeScript entry is imported.
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
    const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry.url.href)}); });`;
    worker = new Worker(code, { eval: true, resourceLimits });
  } else {
    worker = new Worker(entry.url, { resourceLimits });
  }
  return { worker, api: Comlink.wrap<ColophonWorkerApi>(nodeEndpoint(worker)) };
}
