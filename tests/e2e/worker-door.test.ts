/**
 * The worker door in Debian's Chromium: bad input through the playground's engine client (a real
 * module Web Worker over Comlink) — a corrupt or truncated zip, a file that is not a DOCX, arguments
 * of the wrong type, bytes an earlier call already transferred, a document past the limits the caller
 * set, a cancelled job — each resolves with a diagnostic that has a code, within seconds, and the same
 * worker converts a good document right after (it did not hang or die).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocx, para } from '../helpers/make-docx';
import { launchChromium, openReady } from './browser';
import { startTestServer, type TestServer } from './static-server';

let browser: Browser;
let server: TestServer;
let page: Page;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  page = await openReady(browser, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What a call gave: its first diagnostic (or ok), how long it took, or that it did not settle in 20 s. */
interface Outcome {
  readonly ok?: boolean;
  readonly code?: string;
  readonly message?: string;
  readonly ms: number;
  readonly hung?: boolean;
  readonly threw?: string;
}

/**
 * Runs `op` in the page against `colophonPlayground.engine`, with `b64` decoded to bytes. The body is
 * the text of a function `(engine, bytes) => Promise<Result>` (it runs in the page, not here).
 */
async function inPage(op: string, bytes: Uint8Array = new Uint8Array(0)): Promise<Outcome> {
  return page.evaluate(async ({ op, b64 }) => {
    const engine = (globalThis as unknown as { colophonPlayground: { engine: unknown } }).colophonPlayground.engine;
    const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const started = performance.now();
    const call = new Function('engine', 'bytes', `return (${op})(engine, bytes);`) as (e: unknown, b: Uint8Array) => Promise<{ ok: boolean; errors?: Array<{ code: string; message: string }> }>;
    try {
      const r = await Promise.race([call(engine, data), new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 20_000))]);
      const ms = Math.round(performance.now() - started);
      if (r === 'hung') return { hung: true, ms };
      return { ok: r.ok, ...(r.ok ? {} : { code: r.errors?.[0]?.code, message: r.errors?.[0]?.message }), ms };
    } catch (e) {
      return { threw: String(e), ms: Math.round(performance.now() - started) };
    }
  }, { op, b64: Buffer.from(bytes).toString('base64') });
}

const good = makeDocx(para('A good document after a bad one.'));
const threePages = makeDocx(para('one') + '<w:p><w:r><w:br w:type="page"/></w:r></w:p>' + para('two') + '<w:p><w:r><w:br w:type="page"/></w:r></w:p>' + para('three'));
const long = makeDocx(Array.from({ length: 1500 }, (_, i) => para(`Paragraph ${i} ${'words and more words '.repeat(20)}`)).join(''));

/** The worker still converts: the good document gives one page, quickly. */
async function expectAlive(after: string): Promise<void> {
  const r = await inPage('async (e, b) => e.convert(b)', good);
  expect(r, `a good document after ${after}`).toMatchObject({ ok: true });
}

describe('worker door (Chromium): bad input gives a coded diagnostic, never a hang', () => {
  it('answers damaged and foreign files with their format diagnostics', async () => {
    const corrupt = good.slice();
    corrupt.fill(0x41, 100, 400);
    const cases: Array<[string, Uint8Array, string]> = [
      ['a zip with a damaged entry', corrupt, 'docx/bad-zip'],
      ['a truncated zip', good.slice(0, good.length >> 1), 'docx/bad-zip'],
      ['an empty file', new Uint8Array(0), 'docx/bad-zip'],
      ['a PDF', new TextEncoder().encode('%PDF-1.7\n%%EOF\n'), 'docx/bad-zip'],
    ];
    for (const [what, bytes, code] of cases) {
      const r = await inPage('async (e, b) => e.convert(b)', bytes);
      expect(r, what).toMatchObject({ ok: false, code });
      expect(r.ms, what).toBeLessThan(10_000);
      const f = await inPage('async (e, b) => e.fields(b)', bytes);
      expect(f, `fields: ${what}`).toMatchObject({ ok: false });
      expect(f.code, `fields: ${what}`).toMatch(/^(zip|docx|template)\//);
      const v = await inPage('async (e, b) => e.verify(b)', bytes);
      expect(v, `verify: ${what}`).toMatchObject({ ok: false });
      expect(v.code, `verify: ${what}`).toMatch(/^(zip|docx|pdf|verify|worker)\//);
    }
    await expectAlive('damaged files');
  });

  it('answers arguments of the wrong type with worker/bad-request, without rejecting', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['a string for the bytes', 'async (e) => e.convert("report.docx")', /must be a Uint8Array/],
      ['an ArrayBuffer for the bytes', 'async (e, b) => e.convert(b.buffer)', /must be a Uint8Array/],
      ['options that are not an object', 'async (e, b) => e.convert(b, "fast")', /options must be an object/],
      ['a numeric file name', 'async (e, b) => e.convert(b, { fileName: 5 })', /options\.fileName must be a string/],
      ['an unknown review mode', 'async (e, b) => e.convert(b, { trackedChanges: "accept" })', /options\.trackedChanges/],
      ['a misspelt limit', 'async (e, b) => e.layout(b, { limits: { maxPage: 1 } })', /maxPage is not a limit/],
      ['a sign job without identity', 'async (e, b) => e.sign(b, {})', /options\.identity is required/],
      ['a date string for now', 'async (e, b) => e.convert(b, {}, { now: "2026-01-01" })', /call\.now must be a valid Date/],
      ['bytes already transferred', 'async (e, b) => { await e.convert(b); return e.convert(b); }', /already sent to the worker/],
    ];
    for (const [what, op, message] of cases) {
      const r = await inPage(op, good);
      expect(r, what).toMatchObject({ ok: false, code: 'worker/bad-request' });
      expect(r.message, what).toMatch(message);
    }
    await expectAlive('bad arguments');
  });

  it('stops a document past the limits the caller set with the limit\'s diagnostic', async () => {
    expect(await inPage('async (e, b) => e.convert(b, { limits: { maxPages: 2 } })', threePages)).toMatchObject({ ok: false, code: 'layout/too-many-pages' });
    expect(await inPage('async (e, b) => e.convert(b, { limits: { maxInputBytes: 100 } })', threePages)).toMatchObject({ ok: false, code: 'zip/too-large' });
    expect(await inPage('async (e, b) => e.layout(b, { limits: { maxXmlElements: 10 } })', threePages)).toMatchObject({ ok: false, code: 'xml/too-many-elements' });
    await expectAlive('a document past the limits');
  });

  it('ends a cancelled job with core/cancelled at once, and the worker takes the next one', async () => {
    // Cancelled while the long document lays out in the worker.
    const mid = await inPage(`async (e, b) => {
      const c = new AbortController();
      const p = e.convert(b, {}, { signal: c.signal, onProgress: () => c.abort() });
      return p;
    }`, long);
    expect(mid).toMatchObject({ ok: false, code: 'core/cancelled' });
    // Cancelled before it was sent.
    expect(await inPage('async (e, b) => { const c = new AbortController(); c.abort(); return e.convert(b, {}, { signal: c.signal }); }', good)).toMatchObject({ ok: false, code: 'core/cancelled' });
    // The worker stopped the cancelled job: the good document does not wait behind the long one.
    const next = await inPage('async (e, b) => e.convert(b)', good);
    expect(next).toMatchObject({ ok: true });
    expect(next.ms).toBeLessThan(10_000);
  });
});
