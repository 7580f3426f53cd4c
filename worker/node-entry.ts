/**
 * The Node entry of the engine worker: exposes ColophonWorkerApi on `worker_threads`' parentPort with
 * Comlink's Node adapter. Fonts come from disk (node/host.ts); `init({ fontsDir })` may point elsewhere.
 * Used by the server's worker pool (bundled as dist/worker-node.js) and by tests.
 */
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { createNodeFontSource, createNodeHost } from '../node/host';
import type { FontSource } from '../engine';
import { createWorkerApi, type WorkerEnvironment } from './worker';

const fontSources = new Map<string, FontSource>();

/** The Node environment: shipped fonts (cached per folder), Node WebCrypto, the real clock, global fetch. */
export const nodeWorkerEnvironment: WorkerEnvironment = {
  createHost(init, parts) {
    let fonts: FontSource | undefined;
    if (init.fontsDir) {
      fonts = fontSources.get(init.fontsDir) ?? createNodeFontSource(init.fontsDir);
      fontSources.set(init.fontsDir, fonts);
    }
    const host = createNodeHost({ signal: parts.signal, ...(parts.now ? { now: parts.now } : {}), ...(fonts ? { fonts } : {}) });
    return parts.onProgress ? { ...host, onProgress: parts.onProgress } : host;
  },
  fetch: globalThis.fetch,
};

if (parentPort) Comlink.expose(createWorkerApi(nodeWorkerEnvironment), nodeEndpoint(parentPort));
