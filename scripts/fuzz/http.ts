/**
 * The HTTP target of the hostile-input campaign: hostile requests (http-cases.ts) sent in process to
 * the real /v1 app (SQLite store, worker pool, signing identity), each answer checked by
 * http-oracle.ts. Afterwards the service must still be healthy, and its log must hold none of the
 * secrets or document text it saw (API.md: nothing written to logs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { createApp } from '../../server/app';
import { readConfig } from '../../server/config';
import type { AppEnv } from '../../server/context';
import { createMemoryLogger } from '../../server/logger';
import type { Mailer, MailMessage } from '../../server/mail';
import { lazy, loadSigningService } from '../../server/signing';
import { openSqliteStore } from '../../server/store/sqlite';
import { makeDocx, para } from '../../tests/helpers/make-docx';
import { TINY_PNG } from '../../tests/helpers/tiny-png';
import { createWorkerPool } from '../../worker/pool';
import { httpCase, type HttpCase, type HttpCaseInputs } from './http-cases';
import { httpDefects } from './http-oracle';
import { Rng } from './rng';

/** A secret the log must never show: the template's text. */
export const DOCUMENT_MARKER = 'FUZZ-DOCUMENT-TEXT-5c1e';

/** One defective exchange. */
export interface HttpFailure {
  readonly url: string;
  readonly method: string;
  readonly ops: readonly string[];
  readonly status: number;
  readonly defects: readonly string[];
}

/** What a campaign found. */
export interface HttpCampaignResult {
  readonly cases: number;
  readonly statuses: Record<number, number>;
  readonly failures: HttpFailure[];
  /** Defects of the service as a whole (health afterwards, secrets in the log). */
  readonly serviceDefects: string[];
  readonly maxMs: number;
}

/** A mailer keeping messages in memory, so the campaign can read verification codes. */
function memoryMailer(): Mailer & { readonly sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { description: 'memory', sent, send: async (m) => (sent.push(m), { messageId: String(sent.length) }), close: async () => undefined };
}

/**
 * An app over a temporary data folder with generous rate limits (so cases reach the handlers); the
 * campaign's key is an operator key, so GET /v1/usage cases reach its handler and not only the 403.
 */
export async function campaignApp(dir: string) {
  const { config } = readConfig({}, {
    dataDir: dir, log: 'off', workers: 2, queueSize: 16, rateLimit: 100_000, registerPerIp: 100_000, registerPerEmail: 100_000, collectPerIp: 100_000, jobTimeoutMs: 20_000,
    operatorEmails: ['owner@example.com'],
  });
  const store = openSqliteStore(join(dir, 'colophon.db'));
  const mailer = memoryMailer();
  const pool = createWorkerPool({ size: config.workers, queueSize: config.queueSize, timeoutMs: config.jobTimeoutMs, queueWaitMs: config.jobTimeoutMs, memoryMb: config.jobMemoryMb });
  const log = createMemoryLogger();
  const signing = lazy(() => loadSigningService(config));
  const app = createApp(config, { store, mailer, pool, signing, log, version: 'fuzz' });
  // As startServer does, the signing key is made before requests are timed: in a fresh data folder its
  // key generation took 1.1-1.7 s, which the first /v1/sign case paid (each seed's slowest answer).
  await signing();
  const close = async () => {
    await pool.close();
    await store.close();
  };
  return { app, mailer, log, close };
}

async function inputsFor(app: Hono<AppEnv>, mailer: ReturnType<typeof memoryMailer>): Promise<HttpCaseInputs & { code: string }> {
  await app.request('/v1/auth/register?email=owner@example.com');
  const code = /(\d{6})/.exec(mailer.sent.at(-1)?.text ?? '')?.[1];
  const res = await app.request(`/v1/auth/verify?email=owner@example.com&code=${code}`);
  if (!code || res.status !== 200) throw new Error(`could not obtain a key: ${res.status}`);
  const key = (await res.json()) as string;
  const docx = makeDocx(para(`Dear {{name}}, ${DOCUMENT_MARKER}.`) + para('{{%logo}}'));
  const form = new FormData();
  form.append('file', new Blob([docx as Uint8Array<ArrayBuffer>]), 'seed.docx');
  const pdf = await app.request('/v1/convert?from=docx', { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: form });
  if (pdf.status !== 200) throw new Error(`could not convert the seed: ${pdf.status}`);
  return { key, code, docx, pdf: new Uint8Array(await pdf.arrayBuffer()), png: TINY_PNG };
}

async function send(app: Hono<AppEnv>, c: HttpCase): Promise<{ res: Response; body: Uint8Array; ms: number }> {
  const t0 = performance.now();
  const res = await app.request(c.url, { method: c.method, headers: c.headers, ...(c.body ? { body: c.body as Uint8Array<ArrayBuffer> } : {}) });
  const body = new Uint8Array(await res.arrayBuffer());
  return { res, body, ms: performance.now() - t0 };
}

/** Runs `cases` hostile requests from `seed`; `onCase` sees each one (for progress). */
export async function runHttpCampaign(cases: number, seed: number, timeLimitMs = 30_000, onCase?: (i: number, failures: number) => void): Promise<HttpCampaignResult> {
  const dir = mkdtempSync(join(tmpdir(), 'colophon-http-fuzz-'));
  const { app, mailer, log, close } = await campaignApp(dir);
  try {
    const inputs = await inputsFor(app, mailer);
    const r = new Rng(seed * 7919 + 4);
    const statuses: Record<number, number> = {};
    const failures: HttpFailure[] = [];
    let maxMs = 0;
    // Cases go one at a time or in small concurrent batches (the per-key gate and the queue answer those).
    for (let i = 0; i < cases; ) {
      const batch = Array.from({ length: Math.min(cases - i, r.chance(0.2) ? 2 + r.int(5) : 1) }, () => httpCase(r, inputs));
      const answers = await Promise.all(batch.map((c) => send(app, c)));
      batch.forEach((c, j) => {
        const { res, body, ms } = answers[j]!;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        maxMs = Math.max(maxMs, ms);
        const defects = httpDefects({ method: c.method, sentRequestId: c.headers['X-Request-Id'], status: res.status, headers: res.headers, body, ms }, timeLimitMs);
        if (defects.length > 0) failures.push({ url: c.url.slice(0, 200), method: c.method, ops: c.ops, status: res.status, defects });
        onCase?.(i, failures.length);
        i++;
      });
    }
    const serviceDefects = await serviceChecks(app, JSON.stringify(log.lines), [inputs.key, inputs.code, DOCUMENT_MARKER]);
    return { cases, statuses, failures, serviceDefects, maxMs: Math.round(maxMs) };
  } finally {
    await close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function serviceChecks(app: Hono<AppEnv>, logText: string, secrets: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  const health = await app.request('/v1/health');
  if (health.status !== 200) out.push(`health after the campaign: ${health.status}`);
  for (const s of secrets) if (logText.includes(s)) out.push(`the log holds a secret or document text (${s.slice(0, 4)}…)`);
  return out;
}
