/**
 * Parity: the browser worker (Chromium running the built playground, served by the real /v1 server)
 * and the server's HTTP routes give the same bytes for the same input — POST /v1/convert,
 * /v1/annotate (DOCX and PDF out) and /v1/sign (PDF with the audit-trail page, and DOCX package
 * signatures). Both sign with one key made by openssl (the server's COLOPHON_SIGNING_PEM) at one
 * fixed host clock (the server's worker pool is wrapped to give every job the test's `now`; the
 * server has no clock setting). PAdES B-B with RSA PKCS#1 v1.5 needs no randomness.
 * Also: the playground's telemetry event reaches the real server's /v1/collect and is counted.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAuditTrail, type AuditTrail } from '../../engine/sign';
import { readConfig } from '../../server/config';
import { createSmtpMailer } from '../../server/mail';
import { createWorkerPool, type EnginePool } from '../../worker/pool';
import { startServer, type ServerHandle } from '../../server/start';
import { codeOf, signBody, startSmtp, type TestSmtp } from '../server/helpers';
import { launchChromium, openReady } from './browser';
import { parityDocuments, TEMPLATE_VALUES } from './documents';
import { makeDocx } from '../helpers/make-docx';
import { REVIEW_FIXTURES } from '../golden/review-fixtures';
import { makeTestKeys, type TestKeys } from './keys';
import { PLAYGROUND_DIR } from './static-server';

const NOW = '2026-03-04T05:06:07.000Z';
const FIELDS = Object.entries(TEMPLATE_VALUES).map(([id, value]) => ({ id, type: 'text' as const, value }));
const FILE_NAME = 'parity.docx';

/** One operation, as the page's engine runs it (the server route builds the same job from its request). */
interface BrowserJob {
  readonly op: 'convert' | 'annotate' | 'sign';
  /** Convert: the review options, as the server reads them from its query. */
  readonly options?: Readonly<Record<string, string>>;
  readonly to?: 'pdf' | 'docx';
  readonly pem?: string;
  readonly pdf?: Record<string, string>;
  readonly auditTrail?: AuditTrail;
  readonly docxComments?: string;
}

let browser: Browser;
let page: Page;
let server: ServerHandle;
let smtp: TestSmtp;
let keys: TestKeys;
let apiKey: string;
let dir: string;

/** The server's worker pool, with the test's fixed clock given to every job. */
function fixedClockPool(): EnginePool {
  const inner = createWorkerPool({ size: 1, queueSize: 32, timeoutMs: 120_000, memoryMb: 1024 });
  return {
    run: (task, signal) => inner.run((api, job) => task(api, { ...job, now: NOW }), signal),
    check: () => inner.check(),
    stats: () => inner.stats(),
    close: () => inner.close(),
  };
}

beforeAll(async () => {
  keys = makeTestKeys('Parity Signer');
  dir = mkdtempSync(join(tmpdir(), 'colophon-parity-'));
  writeFileSync(join(dir, 'signing.pem'), keys.pem);
  smtp = await startSmtp();
  const { config } = readConfig({}, {
    port: 0, host: '127.0.0.1', dataDir: dir, log: 'off', workers: 1, queueSize: 32, registerPerIp: 100, operatorEmails: ['parity@example.com'],
    signingPemFile: join(dir, 'signing.pem'), playgroundDir: PLAYGROUND_DIR,
  });
  server = await startServer(config, { pool: fixedClockPool(), mailer: createSmtpMailer(smtp.url, config.mailFrom) });
  apiKey = await register('parity@example.com');
  browser = await launchChromium();
  page = await openReady(browser, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function register(email: string): Promise<string> {
  const before = smtp.messages.length;
  const reg = await fetch(`${server.url}/v1/auth/register?email=${encodeURIComponent(email)}`);
  expect(reg.status).toBe(200);
  const verified = await fetch(`${server.url}/v1/auth/verify?email=${encodeURIComponent(email)}&code=${codeOf(await smtp.waitFor(email, before))}`);
  expect(verified.status).toBe(200);
  return (await verified.json()) as string;
}

/** Calls a /v1 route; returns the document bytes of the response. */
async function viaServer(path: string, body: FormData | Record<string, unknown>): Promise<Uint8Array> {
  const isForm = body instanceof FormData;
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, ...(isForm ? {} : { 'Content-Type': 'application/json' }) },
    body: isForm ? body : JSON.stringify(body),
  });
  expect(res.status, await res.clone().text().then((t) => t.slice(0, 500))).toBe(200);
  if (res.headers.get('content-type') === 'application/pdf') return new Uint8Array(await res.arrayBuffer());
  const json = (await res.json()) as { document: { base64: string } };
  return new Uint8Array(Buffer.from(json.document.base64, 'base64'));
}

/** Runs the job in the page's engine worker; bytes travel as base64. */
async function inBrowser(input: Uint8Array, job: BrowserJob): Promise<Uint8Array> {
  const out = await page.evaluate(async ({ b64, job, now, fields, fileName }) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const engine = (globalThis as unknown as { colophonPlayground: { engine: import('../../worker/client').ColophonEngine } }).colophonPlayground.engine;
    const call = { now: new Date(now) };
    const identity = { kind: 'pem' as const, pem: job.pem ?? '' };
    const r = job.op === 'convert' ? await engine.convert(bytes, { ...job.options, fileName }, call)
      : job.op === 'annotate' ? await engine.annotate(bytes, { fields }, { to: job.to ?? 'docx' }, call)
      : await engine.sign(bytes, {
        identity, ...(job.to === 'docx' ? { to: 'docx' as const, docxComments: job.docxComments ?? '' } : {}), ...(job.pdf ? { pdf: job.pdf } : {}), ...(job.auditTrail ? { auditTrail: job.auditTrail } : {}),
      }, call);
    if (!r.ok) return { ok: false as const, errors: JSON.stringify(r.errors) };
    const v = r.value as { pdf?: Uint8Array; document?: Uint8Array };
    const data = v.pdf ?? v.document!;
    let s = '';
    for (let i = 0; i < data.length; i += 0x8000) s += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return { ok: true as const, b64: btoa(s) };
  }, { b64: Buffer.from(input).toString('base64'), job, now: NOW, fields: FIELDS, fileName: FILE_NAME });
  if (!out.ok) throw new Error(`browser ${job.op} failed: ${out.errors}`);
  return new Uint8Array(Buffer.from(out.b64, 'base64'));
}

function firstDifference(a: Uint8Array, b: Uint8Array): string {
  const n = Math.min(a.length, b.length);
  const around = (x: Uint8Array, i: number) => JSON.stringify(Buffer.from(x.subarray(Math.max(0, i - 40), i + 40)).toString('latin1'));
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return `first difference at byte ${i}: ${around(a, i)} vs ${around(b, i)}`;
  return a.length === b.length ? 'equal' : `lengths ${a.length} vs ${b.length}`;
}

function form(bytes: Uint8Array): FormData {
  const f = new FormData();
  f.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), FILE_NAME);
  return f;
}

const text = (b: Uint8Array) => Buffer.from(b).toString('latin1');

describe('browser worker and /v1 server give the same bytes', () => {
  const docs = parityDocuments();
  const request = signBody(new Uint8Array(0));
  const trail = readAuditTrail({ signer: request.signer, auditTrail: request.auditTrail, eventId: request.eventId });
  const signer = request.signer as { name: string; email: string };
  const signJob = { pdf: { signerName: signer.name, reason: `Signed electronically by ${signer.name}`, contactInfo: signer.email } };

  for (const [name, docx] of Object.entries(docs)) {
    it(`${name}: convert, annotate (DOCX and PDF), sign (PDF with audit trail, DOCX)`, async () => {
      if (!trail.ok) throw new Error(JSON.stringify(trail.errors));
      const pdf = await viaServer('/v1/convert?from=docx&to=pdf', form(docx));
      expect(text(pdf.subarray(0, 5))).toBe('%PDF-');
      expect(firstDifference(await inBrowser(docx, { op: 'convert' }), pdf)).toBe('equal');

      for (const to of ['docx', 'pdf'] as const) {
        const filled = await viaServer(`/v1/annotate?to=${to}`, { document: { base64: Buffer.from(docx).toString('base64') }, fields: FIELDS });
        expect(firstDifference(await inBrowser(docx, { op: 'annotate', to }), filled)).toBe('equal');
      }

      const signed = await viaServer('/v1/sign', signBody(pdf));
      expect(text(signed)).toContain('/M (D:20260304050607'); // the signing time is the fixed host clock
      const browserSigned = await inBrowser(pdf, { op: 'sign', pem: keys.pem, ...signJob, auditTrail: trail.value });
      expect(firstDifference(browserSigned, signed)).toBe('equal');

      const signedDocx = await viaServer('/v1/sign?to=docx', signBody(docx, { certificate: { enabled: false } }));
      const browserDocx = await inBrowser(docx, { op: 'sign', to: 'docx', pem: keys.pem, ...signJob, docxComments: `Signed by ${signer.name} <${signer.email}>` });
      expect(firstDifference(browserDocx, signedDocx)).toBe('equal');
    });
  }

  // API.md's convert options reach both doors alike: each view gives its own PDF, the same bytes in the page and over HTTP.
  it('review options: trackedChanges and comments give the same bytes in the browser and from /v1/convert', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['tc-two-authors', { trackedChanges: 'final' }], ['tc-two-authors', { trackedChanges: 'original' }], ['tc-two-authors', { trackedChanges: 'markup', comments: 'show' }],
      ['comment-range', { comments: 'show' }], ['comment-range', { comments: 'hide' }],
    ];
    const seen = new Set<string>();
    for (const [name, options] of cases) {
      const docx = makeDocx(REVIEW_FIXTURES[name]!);
      const pdf = await viaServer(`/v1/convert?from=docx&${new URLSearchParams(options).toString()}`, form(docx));
      expect(firstDifference(await inBrowser(docx, { op: 'convert', options }), pdf), `${name} ${JSON.stringify(options)}`).toBe('equal');
      seen.add(createHash('sha256').update(pdf).digest('hex'));
    }
    expect(seen.size).toBe(cases.length); // each view has its own PDF: the options changed the output, not only reached it
  });

  it('the playground served by the server sends its telemetry event to the server, which counts it', async () => {
    const context = await browser.newContext();
    const other = await openReady(context, server.url);
    const docx = docs['table']!;
    await other.setInputFiles('#file', { name: 'counted.docx', mimeType: 'application/octet-stream', buffer: Buffer.from(docx) });
    await other.waitForSelector('#document[data-pdf-ready="true"]', { timeout: 60_000 });
    const day = new Date().toISOString().slice(0, 10);
    await expect.poll(async () => {
      const res = await fetch(`${server.url}/v1/usage?licenseKey=community-and-eval-agplv3&from=${day}&to=${day}`, { headers: { Authorization: `Bearer ${apiKey}` } });
      const body = (await res.json()) as { usage: Array<{ documents: number; opens: number }> };
      return body.usage.reduce((n, u) => n + u.documents * 1000 + u.opens, 0);
    }, { timeout: 10_000 }).toBe(1001); // one distinct document, opened once
    await context.close();
  });
});
