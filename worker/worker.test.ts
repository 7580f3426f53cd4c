import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { spawnNodeWorker } from './node-spawn';
import { makeDocx, para } from '../tests/helpers/make-docx';
import type { ColophonWorkerApi, ProgressEvent } from './api';
import { WORKER_API_VERSION } from './api';
import { createWorkerApi } from './worker';
import { nodeWorkerEnvironment } from './node-entry';
import { createDevIdentity, devSigningIdentity } from '../engine/sign';
import { createNodeHost } from '../node/host';
import { findBreakOpportunities, kernelInfo } from '../engine/layout';

const manyPages = makeDocx(Array.from({ length: 400 }, (_, i) => para(`Paragraph ${i} ` + 'words and more words '.repeat(20))).join(''));
const small = makeDocx(para('Hello {{name}}'));

describe('worker API (in process)', () => {
  const api = createWorkerApi(nodeWorkerEnvironment);

  it('pins the method list', () => {
    expect(Object.keys(api).sort()).toEqual(['annotate', 'cancel', 'convert', 'fields', 'info', 'init', 'sign', 'verify']);
  });

  it('converts and reports progress', async () => {
    const events: ProgressEvent[] = [];
    const r = await api.convert(small, {}, { jobId: 'a' }, (e) => events.push(e));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(new TextDecoder().decode(r.value.pdf.subarray(0, 5))).toBe('%PDF-');
    expect(r.value.pages).toBe(1);
    expect(events.some((e) => e.stage === 'layout' && e.done === 1)).toBe(true);
  });

  it('gives the kernel memory a huge paragraph grew back once no job is running', async () => {
    findBreakOpportunities('word '.repeat(800_000)); // 12 MB of linear memory, as a huge paragraph leaves it
    expect(kernelInfo().memoryBytes).toBeGreaterThan(12_000_000);
    const r = await api.convert(small, {}, { jobId: 'after-huge' });
    expect(r.ok).toBe(true);
    expect(kernelInfo().memoryBytes).toBeLessThan(1_000_000);
  });

  it('answers bad arguments with worker/bad-request instead of throwing', async () => {
    const r = await api.convert('nope' as unknown as Uint8Array);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]!.code).toBe('worker/bad-request');
    const s = await api.sign(small, { identity: { kind: 'x' } } as never);
    expect(!s.ok && s.errors[0]!.code).toBe('worker/bad-request');
    const j = await api.convert(small, {}, { jobId: 7 as unknown as string });
    expect(!j.ok && j.errors[0]!.code).toBe('worker/bad-request');
  });

  it('answers options of the wrong type with worker/bad-request, not an internal error or a silent default', async () => {
    const three = makeDocx(para('a') + '<w:p><w:r><w:br w:type="page"/></w:r></w:p>' + para('b') + '<w:p><w:r><w:br w:type="page"/></w:r></w:p>' + para('c'));
    const cases: Array<[string, Promise<{ ok: boolean; errors?: readonly { code: string; message: string }[] }>, RegExp]> = [
      // A numeric file name was layout/internal ("doc.fileName.replace is not a function").
      ['fileName', api.convert(three, { fileName: 5 } as never), /options\.fileName must be a string/],
      // These converted with the default, silently.
      ['trackedChanges', api.convert(three, { trackedChanges: 'accept' } as never), /options\.trackedChanges must be 'markup' or 'final' or 'original'/],
      ['comments', api.convert(three, { comments: true } as never), /options\.comments/],
      ['strict', api.convert(three, { strict: 'yes' } as never), /options\.strict must be true or false/],
      ['limits', api.convert(three, { limits: 'none' } as never), /options\.limits must be an object/],
      ['limit name', api.convert(three, { limits: { maxPage: 2 } } as never), /options\.limits\.maxPage is not a limit/],
      ['limit value', api.convert(three, { limits: { maxPages: '2' } } as never), /options\.limits\.maxPages must be a positive number/],
      ['negative limit', api.convert(three, { limits: { maxPages: -1 } }), /options\.limits\.maxPages must be a positive number/],
      ['annotate to', api.annotate(small, { fields: [] }, { to: 'html' } as never), /options\.to must be 'docx' or 'pdf'/],
      ['fields limits', api.fields(small, { limits: { maxEntries: Number.NaN } }), /options\.limits\.maxEntries/],
      ['sign convert', api.sign(small, { identity: { kind: 'pem', pem: '' }, convert: { fileName: [] } } as never), /options\.convert\.fileName must be a string/],
    ];
    for (const [what, pending, message] of cases) {
      const r = await pending;
      expect(r.ok, what).toBe(false);
      expect(r.errors![0]!.code, what).toBe('worker/bad-request');
      expect(r.errors![0]!.message, what).toMatch(message);
    }
  });

  it('stops a document past the limits the caller set with the limit\'s diagnostic', async () => {
    const three = makeDocx(para('a') + '<w:p><w:r><w:br w:type="page"/></w:r></w:p>' + para('b') + '<w:p><w:r><w:br w:type="page"/></w:r></w:p>' + para('c'));
    const pages = await api.convert(three, { limits: { maxPages: 2 } });
    expect(!pages.ok && pages.errors[0]!.code).toBe('layout/too-many-pages');
    const bytes = await api.convert(three, { limits: { maxInputBytes: 100 } });
    expect(!bytes.ok && bytes.errors[0]!.code).toBe('zip/too-large');
    const ok = await api.convert(three, { limits: { maxPages: 3 } });
    expect(ok.ok && ok.value.pages).toBe(3);
  });

  it('reports an unknown format', async () => {
    const r = await api.verify(new Uint8Array([1, 2, 3, 4, 5]));
    expect(!r.ok && r.errors[0]!.code).toBe('worker/unknown-format');
  });

  it('stops a job whose shared cancel flag is set, mid-layout', async () => {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const r = await api.convert(manyPages, {}, { cancelFlag: flag }, (e) => {
      if (e.stage === 'layout' && e.done >= 2) Atomics.store(flag, 0, 1);
    });
    expect(!r.ok && r.errors[0]!.code).toBe('core/cancelled');
  });

  it('fills, lists fields, signs and verifies', async () => {
    const fields = await api.fields(small);
    expect(fields.ok && fields.value.map((f) => f.name)).toEqual(['name']);
    const filled = await api.annotate(small, { fields: [{ id: 'name', type: 'text', value: 'Ada' }] }, { to: 'pdf' });
    expect(filled.ok && filled.value.contentType).toBe('application/pdf');
    const id = await createDevIdentity({}, createNodeHost());
    if (!id.ok || !filled.ok) throw new Error('setup');
    const identity = devSigningIdentity(id.value);
    const signed = await api.sign(filled.value.document, { identity });
    expect(signed.ok).toBe(true);
    if (!signed.ok) return;
    const report = await api.verify(signed.value.document, { trustAnchors: [id.value.caCertificatePem] });
    expect(report.ok && report.value.valid).toBe(true);
    const docxSigned = await api.sign(small, { identity, to: 'docx' });
    expect(docxSigned.ok && docxSigned.value.contentType).toContain('wordprocessingml');
  });
});

describe('worker API over worker_threads (Comlink node adapter)', () => {
  let worker: Worker;
  let remote: Comlink.Remote<ColophonWorkerApi>;

  beforeAll(async () => {
    ({ worker, api: remote } = spawnNodeWorker({ maxOldGenerationSizeMb: 512 }));
    const info = await remote.init({});
    expect(info).toEqual({ apiVersion: WORKER_API_VERSION, ready: true, running: 0 });
  });
  afterAll(async () => {
    remote[Comlink.releaseProxy]();
    await worker.terminate();
  });

  it('transfers the input and the result, and proxies progress', async () => {
    const input = small.slice();
    const events: ProgressEvent[] = [];
    const r = await remote.convert(Comlink.transfer(input, [input.buffer]), {}, { jobId: 'x' }, Comlink.proxy((e: ProgressEvent) => void events.push(e)));
    expect(input.byteLength).toBe(0); // detached: transferred, not copied
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.pdf.byteLength).toBeGreaterThan(1000);
    await new Promise((res) => setTimeout(res, 50));
    expect(events.length).toBeGreaterThan(0);
  });

  it('cancels through the shared flag from another thread', async () => {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    // The flag is set from this thread while the worker is inside synchronous layout.
    const stop = Comlink.proxy((e: ProgressEvent) => {
      if (e.stage === 'layout') Atomics.store(flag, 0, 1);
    });
    const r = await remote.convert(manyPages.slice(), {}, { jobId: 'big', cancelFlag: flag }, stop);
    expect(!r.ok && r.errors[0]!.code).toBe('core/cancelled');
  });

  it('cancel(jobId) answers whether the job was running', async () => {
    expect(await remote.cancel('nothing')).toBe(false);
  });
});
