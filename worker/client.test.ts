/**
 * The browser worker client and entry, run in Node over a MessageChannel: same bytes as the engine
 * called directly, progress, cancellation, transfers, lazy fonts, crashes reported as diagnostics.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { webcrypto } from 'node:crypto';
import * as Comlink from 'comlink';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { convertDocxToPdf, type ProgressEvent } from '../engine';
import { initKernel } from '../engine/layout';
import { devSigningIdentity } from '../engine/sign';
import { createNodeHost, findFontsDir } from '../node/host';
import { makeDocx, para, WORD_DEFAULT_STYLES } from '../tests/helpers/make-docx';
import { buildEmf, emr } from '../tests/helpers/make-metafile';
import { inlinePicture } from '../tests/helpers/tiny-png';
import { REVIEW_FIXTURES } from '../tests/golden/review-fixtures';
import { createBrowserApi, createBrowserEnvironment, createFetchFontSource } from './browser-entry';
import { createColophon, type ColophonEngine } from './client';

const fontsDir = findFontsDir();
const NOW = new Date(Date.UTC(2026, 2, 3, 4, 5, 6));
const requested: string[] = [];

/** A fetch over the shipped fonts folder (what the static server does in the browser). */
const diskFetch = (async (url: string) => {
  const name = String(url).replace(/^.*\//, '');
  requested.push(name);
  try {
    const bytes = readFileSync(join(fontsDir, name));
    return { ok: true, arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) };
  } catch {
    return { ok: false, arrayBuffer: async () => new ArrayBuffer(0) };
  }
}) as unknown as typeof fetch;

let engines: ColophonEngine[] = [];

function startEngine(): ColophonEngine {
  const engine = createColophon({
    fontBaseUrl: 'https://app.example/fonts',
    createEndpoint: () => {
      const { port1, port2 } = new MessageChannel();
      Comlink.expose(createBrowserApi(createBrowserEnvironment({ fetch: diskFetch, crypto: webcrypto as unknown as Crypto })), port1);
      return Object.assign(port2 as unknown as Comlink.Endpoint, { terminate: () => { port1.close(); port2.close(); } });
    },
  });
  engines.push(engine);
  return engine;
}

beforeAll(() => initKernel());
afterEach(() => {
  for (const e of engines) e.terminate();
  engines = [];
  requested.length = 0;
});

const LONG = Array.from({ length: 120 }, (_, i) => para(`Paragraph ${i} ${'lorem ipsum dolor sit amet '.repeat(8)}`)).join('');

describe('createColophon (worker client)', () => {
  it('converts to the same bytes as the engine called directly, with progress per page', async () => {
    const docx = makeDocx({ body: LONG });
    const direct = await convertDocxToPdf(docx, {}, createNodeHost({ now: () => NOW }));
    const events: ProgressEvent[] = [];
    const viaWorker = await startEngine().convert(docx.slice(), {}, { now: NOW, onProgress: (e) => events.push(e) });
    expect(viaWorker.ok && direct.ok).toBe(true);
    if (!viaWorker.ok || !direct.ok) return;
    expect(Buffer.from(viaWorker.value.pdf).equals(Buffer.from(direct.value.pdf))).toBe(true);
    expect(viaWorker.value.pages).toBeGreaterThan(2);
    await new Promise((r) => setTimeout(r, 20)); // progress messages may trail the result
    expect(events.filter((e) => e.stage === 'layout').length).toBeGreaterThan(0);
  });

  // The browser loads fonts before layout only (its host answers asynchronously), so a face only the
  // layout asks for, such as the bold "Commented [A1]: " heading of a comment balloon, must be among those.
  it('converts with comments shown to the same bytes as the engine called directly (the balloon heading face is prepared)', async () => {
    const docx = makeDocx(REVIEW_FIXTURES['comment-range']!);
    const direct = await convertDocxToPdf(docx, { comments: 'show' }, createNodeHost({ now: () => NOW }));
    const viaWorker = await startEngine().convert(docx.slice(), { comments: 'show' }, { now: NOW });
    expect(viaWorker.ok && direct.ok).toBe(true);
    if (!viaWorker.ok || !direct.ok) return;
    expect(viaWorker.warnings.map((w) => w.code)).not.toContain('text/font-not-prepared');
    expect(Buffer.from(viaWorker.value.pdf).toString('latin1')).toContain('Carlito-Bold');
    expect(Buffer.from(viaWorker.value.pdf).equals(Buffer.from(direct.value.pdf))).toBe(true);
  });

  // A face only drawing asks for (text in a metafile picture: here bold Arial, shipped as Liberation Sans
  // Bold) is fetched when first met and the job runs again with it, rather than drawn in another face.
  it('converts a picture whose metafile text needs a face the document runs do not to the same bytes as the engine called directly', async () => {
    const face = new Uint8Array(64);
    'Arial'.split('').forEach((c, i) => (face[2 * i] = c.charCodeAt(0)));
    const emf = buildEmf([
      emr(82, (b) => b.u32(1, -60, 0, 0, 0, 700).u8(0, 0, 0, 0, 0, 0, 0, 0).bytes(face)),
      emr(37, (b) => b.u32(1)),
      emr(84, (b) => b.u32(0, 0, 0, 0, 1).f32(1, 1).u32(500, 300, 8, 76, 0, 0, 0, 0, 0, 0).utf16('Metafile')),
    ]);
    const docx = makeDocx({ styles: WORD_DEFAULT_STYLES, body: `${para('Before the picture.')}<w:p>${inlinePicture('rIdPic', 200, 100)}</w:p>`, media: { rIdPic: { name: 'pic.emf', data: emf } } });
    const direct = await convertDocxToPdf(docx, {}, createNodeHost({ now: () => NOW }));
    const viaWorker = await startEngine().convert(docx.slice(), {}, { now: NOW });
    expect(viaWorker.ok && direct.ok).toBe(true);
    if (!viaWorker.ok || !direct.ok) return;
    expect(viaWorker.warnings.map((w) => w.code)).not.toContain('text/font-not-prepared');
    expect(Buffer.from(viaWorker.value.pdf).toString('latin1')).toContain('LiberationSans-Bold');
    expect(Buffer.from(viaWorker.value.pdf).equals(Buffer.from(direct.value.pdf))).toBe(true);
  });

  it('starts lazily, transfers the input (detached after the call) unless keepInput is set', async () => {
    let started = 0;
    const engine = createColophon({
      createEndpoint: () => {
        started++;
        const { port1, port2 } = new MessageChannel();
        Comlink.expose(createBrowserApi(createBrowserEnvironment({ fetch: diskFetch, crypto: webcrypto as unknown as Crypto })), port1);
        return port2 as unknown as Comlink.Endpoint;
      },
    });
    engines.push(engine);
    expect(started).toBe(0);
    const moved = makeDocx({ body: para('x') });
    const r = await engine.fields(moved);
    expect(r.ok).toBe(true);
    expect(started).toBe(1);
    expect(moved.byteLength).toBe(0);
    const kept = makeDocx({ body: para('y') });
    await engine.fields(kept, {}, { keepInput: true });
    expect(kept.byteLength).toBeGreaterThan(0);
    expect(started).toBe(1);
  });

  it('loads font files on demand, once each, the CJK face only for East Asian text and the emoji face only for emoji', async () => {
    const engine = startEngine();
    await engine.convert(makeDocx({ body: para('Latin only') }));
    await engine.convert(makeDocx({ body: para('Latin again') }));
    expect(requested.length).toBeGreaterThan(0);
    expect(new Set(requested).size).toBe(requested.length); // each file fetched once, then cached
    expect(requested).not.toContain('DroidSansFallbackFull.ttf');
    expect(requested).not.toContain('NotoEmoji-Regular.ttf');
    await engine.convert(makeDocx({ body: para('Done ✅') }));
    expect(requested).toContain('NotoEmoji-Regular.ttf');
    await engine.convert(makeDocx({ body: para('漢字のテキスト') }));
    expect(requested).toContain('DroidSansFallbackFull.ttf');
    expect(requested).not.toContain('NanumGothic.ttf');
    await engine.convert(makeDocx({ body: para('한국어 텍스트') }));
    expect(requested).toContain('NanumGothic.ttf');
  });

  it('lays out a document for the canvas preview (LayoutDoc with font programs)', async () => {
    const r = await startEngine().layout(makeDocx({ body: para('Preview') }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.pages).toHaveLength(1);
    expect(r.value.fonts[0]!.data.byteLength).toBeGreaterThan(1000);
  });

  it('cancels: the call resolves at once with core/cancelled', async () => {
    const controller = new AbortController();
    const engine = startEngine();
    const pending = engine.convert(makeDocx({ body: LONG + LONG }), {}, { signal: controller.signal });
    // Abort while the request is in flight. (This test's worker shares the thread, so the abort must not
    // wait for a timer: a real Web Worker converts on its own thread and the timer would fire.)
    queueMicrotask(() => controller.abort());
    const r = await pending;
    expect(!r.ok && r.errors[0]!.code).toBe('core/cancelled');
    const already = await engine.convert(makeDocx({ body: para('z') }), {}, { signal: controller.signal });
    expect(!already.ok && already.errors[0]!.code).toBe('core/cancelled');
    // The worker is still usable afterwards.
    expect((await engine.fields(makeDocx({ body: para('ok') }))).ok).toBe(true);
  });

  it('resolves with worker/bad-request, never rejects, for a document that is not bytes or call options of the wrong type', async () => {
    const engine = startEngine();
    const doc = makeDocx({ body: para('ok') });
    const sent = makeDocx({ body: para('sent') });
    expect((await engine.convert(sent)).ok).toBe(true); // transfers (detaches) its buffer
    const cases: Array<[string, () => Promise<{ ok: boolean; errors?: readonly { code: string; message: string }[] }>, RegExp]> = [
      // These threw on the client's side (transferring a string, formatting a date string): the call rejected.
      ['string document', () => engine.convert('report.docx' as unknown as Uint8Array), /must be a Uint8Array/],
      ['ArrayBuffer document', () => engine.verify(doc.buffer as unknown as Uint8Array), /must be a Uint8Array/],
      ['null document', () => engine.fields(null as unknown as Uint8Array), /must be a Uint8Array/],
      ['now as a string', () => engine.convert(doc, {}, { now: '2026-01-01' as unknown as Date }), /call\.now must be a valid Date/],
      ['invalid Date', () => engine.convert(doc, {}, { now: new Date(Number.NaN) }), /call\.now/],
      ['call options null', () => engine.convert(doc, {}, null as never), /call options must be an object/],
      ['onProgress not a function', () => engine.convert(doc, {}, { onProgress: 'log' as never }), /call\.onProgress/],
      // Bytes an earlier call transferred: Node's MessagePort dropped the message, and the call never settled.
      ['detached bytes', () => engine.convert(sent), /already sent to the worker/],
      // Checked in the worker, answered through the client.
      ['options of the wrong type', () => engine.convert(makeDocx({ body: para('a') }), { fileName: 5 } as never), /options\.fileName must be a string/],
      ['layout limits', () => engine.layout(makeDocx({ body: para('b') }), { limits: { maxPages: 0 } }), /options\.limits\.maxPages must be a positive number/],
    ];
    for (const [what, call, message] of cases) {
      const r = await call();
      expect(r.ok, what).toBe(false);
      expect(r.errors![0]!.code, what).toBe('worker/bad-request');
      expect(r.errors![0]!.message, what).toMatch(message);
    }
    expect((await engine.convert(doc)).ok).toBe(true); // the worker still answers
  });

  it('generates a signing identity in the worker and signs with it', async () => {
    const engine = startEngine();
    const id = await engine.createIdentity({ commonName: 'Browser signer' });
    expect(id.ok).toBe(true);
    if (!id.ok) return;
    expect(id.value.signerKeyPem).toContain('BEGIN PRIVATE KEY');
    const pdf = await engine.convert(makeDocx({ body: para('Sign me') }));
    if (!pdf.ok) throw new Error('convert failed');
    const signed = await engine.sign(pdf.value.pdf, { identity: devSigningIdentity(id.value) });
    expect(signed.ok).toBe(true);
    if (!signed.ok) return;
    const report = await engine.verify(signed.value.document, { trustAnchors: [id.value.caCertificatePem] });
    expect(report.ok && report.value.signatures[0]!.facets).toMatchObject({ intact: true });
  });

  it('reports a worker that fails to start as worker/failed instead of hanging', async () => {
    const engine = createColophon({
      createEndpoint: () => {
        const target = new EventTarget() as EventTarget & Comlink.Endpoint;
        Object.assign(target, { postMessage: () => setTimeout(() => target.dispatchEvent(Object.assign(new Event('error'), { message: 'script 404' })), 1) });
        return target;
      },
    });
    const r = await engine.convert(makeDocx({ body: para('x') }));
    expect(!r.ok && r.errors[0]!.code).toBe('worker/failed');
    expect(!r.ok && r.errors[0]!.message).toContain('script 404');
  });
});

describe('createFetchFontSource', () => {
  it('refuses names that are not plain file names and retries failed fetches', async () => {
    let calls = 0;
    const source = createFetchFontSource('https://x.example/f', (async () => {
      calls++;
      return calls === 1 ? { ok: false, arrayBuffer: async () => new ArrayBuffer(0) } : { ok: true, arrayBuffer: async () => new ArrayBuffer(3) };
    }) as never);
    expect(await source.loadFile('../secret')).toBeUndefined();
    expect(calls).toBe(0);
    expect(await source.loadFile('A.ttf')).toBeUndefined();
    await new Promise((r) => setTimeout(r, 0));
    expect((await source.loadFile('A.ttf'))?.byteLength).toBe(3);
    expect((await source.loadFile('A.ttf'))?.byteLength).toBe(3);
    expect(calls).toBe(2);
  });
});

describe('layout cancellation through the shared flag', () => {
  it('stops a long layout mid-way when the flag is set, even while layout runs synchronously', async () => {
    const api = createBrowserApi(createBrowserEnvironment({ fetch: diskFetch, crypto: webcrypto as unknown as Crypto }));
    await api.init({ fontBaseUrl: 'https://app.example/fonts/' });
    const flag = new Int32Array(new SharedArrayBuffer(4));
    let pages = 0;
    const r = await api.layout(makeDocx({ body: LONG + LONG + LONG }), {}, { cancelFlag: flag }, (e) => {
      if (e.stage === 'layout') pages = e.done;
      if (e.stage === 'layout' && e.done >= 2) Atomics.store(flag, 0, 1);
    });
    expect(!r.ok && r.errors[0]!.code).toBe('core/cancelled');
    expect(pages).toBeLessThan(8);
  });
});

describe('progress callback proxies', () => {
  /** A stand-in for the Comlink proxy of a page's callback, counting its releases. */
  function countedCallback(): { cb: () => void; released: () => number } {
    let n = 0;
    const cb = Object.assign(() => undefined, { [Comlink.releaseProxy]: () => void n++ });
    return { cb, released: () => n };
  }

  it('are released when a layout call is refused before it runs (bad bytes, bad options, not initialised, duplicate job id)', async () => {
    const api = createBrowserApi(createBrowserEnvironment({ fetch: diskFetch, crypto: webcrypto as unknown as Crypto }));
    const early = countedCallback();
    expect((await api.layout(makeDocx({ body: para('x') }), {}, undefined, early.cb)).ok).toBe(false);
    expect(early.released()).toBe(1);
    await api.init({ fontBaseUrl: 'https://app.example/fonts/' });
    const badBytes = countedCallback();
    expect((await api.layout('not bytes' as unknown as Uint8Array, {}, undefined, badBytes.cb)).ok).toBe(false);
    expect(badBytes.released()).toBe(1);
    const badOptions = countedCallback();
    expect((await api.layout(makeDocx({ body: para('x') }), { trackedChanges: 'accept' as 'final' }, undefined, badOptions.cb)).ok).toBe(false);
    expect(badOptions.released()).toBe(1);
    const ran = countedCallback();
    expect((await api.layout(makeDocx({ body: para('x') }), {}, undefined, ran.cb)).ok).toBe(true);
    expect(ran.released()).toBe(1);
  });
});
