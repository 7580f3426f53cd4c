/**
 * Parity: the browser worker (Chromium, the built playground's engine bundle) and the server side
 * (the Node engine worker the server's pool runs: worker/node-entry.ts over worker_threads) give the
 * same bytes for the same input — conversion, annotation (to DOCX and to PDF) and signing (a fixed
 * key made by openssl, a fixed host clock, PAdES B-B with RSA PKCS#1 v1.5, which needs no randomness).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../engine';
import { spawnNodeWorker, type NodeEngineWorker } from '../../worker/node-spawn';
import { launchChromium } from './browser';
import { parityDocuments, TEMPLATE_VALUES } from './documents';
import { makeTestKeys, type TestKeys } from './keys';
import { startTestServer, type TestServer } from './static-server';

const NOW = '2026-03-04T05:06:07.000Z';
const FIELDS = Object.entries(TEMPLATE_VALUES).map(([id, value]) => ({ id, type: 'text' as const, value }));

type Op = 'convert' | 'annotate-docx' | 'annotate-pdf' | 'sign' | 'sign-docx';

let browser: Browser;
let page: Page;
let server: TestServer;
let node: NodeEngineWorker;
let keys: TestKeys;

beforeAll(async () => {
  keys = makeTestKeys('Parity Signer');
  server = await startTestServer();
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(server.url);
  await page.waitForSelector('#status[data-state="ready"]', { timeout: 60_000 });
  node = spawnNodeWorker();
  await node.api.init({});
});

afterAll(async () => {
  await node?.worker.terminate();
  await browser?.close();
  await server?.close();
});

/** Runs one operation in the page's engine worker; bytes travel as base64. */
async function inBrowser(op: Op, input: Uint8Array): Promise<Result<Uint8Array>> {
  const out = await page.evaluate(async ({ op, b64, now, fields, pem }) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const engine = (globalThis as unknown as { colophonPlayground: { engine: import('../../worker/client').ColophonEngine } }).colophonPlayground.engine;
    const call = { now: new Date(now) };
    const r = op === 'convert' ? await engine.convert(bytes, {}, call)
      : op === 'annotate-docx' ? await engine.annotate(bytes, { fields }, { to: 'docx' }, call)
      : op === 'annotate-pdf' ? await engine.annotate(bytes, { fields }, { to: 'pdf' }, call)
      : op === 'sign' ? await engine.sign(bytes, { identity: { kind: 'pem', pem } }, call)
      : await engine.sign(bytes, { identity: { kind: 'pem', pem }, to: 'docx' }, call);
    if (!r.ok) return { ok: false as const, errors: r.errors };
    const v = r.value as { pdf?: Uint8Array; document?: Uint8Array };
    const data = v.pdf ?? v.document!;
    let s = '';
    for (let i = 0; i < data.length; i += 0x8000) s += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return { ok: true as const, b64: btoa(s) };
  }, { op, b64: Buffer.from(input).toString('base64'), now: NOW, fields: FIELDS, pem: keys.pem });
  return out.ok ? { ok: true, value: new Uint8Array(Buffer.from(out.b64, 'base64')), warnings: [] } : { ok: false, errors: out.errors, warnings: [] };
}

/** Runs the same operation in the Node engine worker (what the server's pool runs). */
async function onServerSide(op: Op, input: Uint8Array): Promise<Result<Uint8Array>> {
  const job = { now: NOW };
  const bytes = input.slice();
  const r = op === 'convert' ? await node.api.convert(bytes, {}, job)
    : op === 'annotate-docx' ? await node.api.annotate(bytes, { fields: FIELDS }, { to: 'docx' }, job)
    : op === 'annotate-pdf' ? await node.api.annotate(bytes, { fields: FIELDS }, { to: 'pdf' }, job)
    : op === 'sign' ? await node.api.sign(bytes, { identity: { kind: 'pem', pem: keys.pem } }, job)
    : await node.api.sign(bytes, { identity: { kind: 'pem', pem: keys.pem }, to: 'docx' }, job);
  if (!r.ok) return r;
  const v = r.value as { pdf?: Uint8Array; document?: Uint8Array };
  return { ok: true, value: v.pdf ?? v.document!, warnings: r.warnings };
}

function firstDifference(a: Uint8Array, b: Uint8Array): string {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return `first difference at byte ${i}: ${JSON.stringify(Buffer.from(a.subarray(Math.max(0, i - 30), i + 30)).toString('latin1'))} vs ${JSON.stringify(Buffer.from(b.subarray(Math.max(0, i - 30), i + 30)).toString('latin1'))}`;
  }
  return a.length === b.length ? 'equal' : `lengths ${a.length} vs ${b.length}`;
}

async function expectSameBytes(op: Op, input: Uint8Array): Promise<Uint8Array> {
  const [b, s] = [await inBrowser(op, input), await onServerSide(op, input)];
  expect(b.ok, JSON.stringify(!b.ok && b.errors)).toBe(true);
  expect(s.ok, JSON.stringify(!s.ok && s.errors)).toBe(true);
  if (!b.ok || !s.ok) throw new Error('unreachable');
  expect(b.value.length).toBeGreaterThan(100);
  expect(firstDifference(b.value, s.value)).toBe('equal');
  return b.value;
}

describe('browser worker and server give the same bytes', () => {
  const docs = parityDocuments();
  for (const [name, docx] of Object.entries(docs)) {
    it(`${name}: convert, annotate (DOCX and PDF), sign (PDF and DOCX)`, async () => {
      const pdf = await expectSameBytes('convert', docx);
      expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      await expectSameBytes('annotate-docx', docx);
      await expectSameBytes('annotate-pdf', docx);
      const signed = await expectSameBytes('sign', pdf);
      const text = Buffer.from(signed).toString('latin1');
      expect(text).toContain('/ByteRange');
      expect(text).toContain('/M (D:20260304050607'); // the signing time is the fixed host clock
      await expectSameBytes('sign-docx', docx);
    });
  }
});
