/**
 * Pool failures through the app: a stand-in worker that hangs or exits gives a clear 504 or 500, and
 * the replacement worker serves the next request. (The pool's own handling: worker/pool.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { spawnMisbehaving, untilWorkers } from '../helpers/misbehaving-worker';
import { createWorkerPool } from '../../worker/pool';
import { fileForm, makeTestApp, obtainKey } from './helpers';

describe('worker pool failures through the app', () => {
  it('maps pool failures to clear 5xx answers through the app', async () => {
    const misbehaving = createWorkerPool({ size: 1, queueSize: 2, timeoutMs: 500, memoryMb: 64, spawn: spawnMisbehaving });
    const t = await makeTestApp({ workers: 1 }, { pool: misbehaving });
    try {
      const key = await obtainKey(t, 'pool@example.com');
      // The fake worker reads the upload as its instruction; the route only checks the ZIP signature.
      const send = (mode: string) => {
        const bytes = new Uint8Array([0x50, 0x4b, 3, 4, ...new TextEncoder().encode(mode)]);
        return t.app.request('/v1/convert?from=docx', { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: fileForm(bytes) });
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
  it('answers 503 TIMEOUT with Retry-After when a request waits the per-request time limit for a worker (API.md: 504/503)', async () => {
    const misbehaving = createWorkerPool({ size: 1, queueSize: 4, timeoutMs: 1500, queueWaitMs: 200, memoryMb: 64, spawn: spawnMisbehaving });
    const t = await makeTestApp({ workers: 1, keyConcurrency: 10 }, { pool: misbehaving });
    try {
      const key = await obtainKey(t, 'queue@example.com');
      const send = (mode: string) => {
        const bytes = new Uint8Array([0x50, 0x4b, 3, 4, ...new TextEncoder().encode(mode)]);
        return t.app.request('/v1/convert?from=docx', { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: fileForm(bytes) });
      };
      await untilWorkers(misbehaving, 1);
      const hung = send('hang');
      await new Promise((r) => setTimeout(r, 50));
      const waited = await send('fine');
      expect(waited.status).toBe(503);
      expect(Number(waited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await waited.json()).toMatchObject({ code: 'TIMEOUT', error: 'Service Unavailable', message: expect.stringContaining('within 0.2 s') });
      expect((await hung).status).toBe(504);
    } finally {
      await t.close();
      await misbehaving.close();
    }
  });
});
