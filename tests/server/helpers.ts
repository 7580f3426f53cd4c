/**
 * Server test helpers: a real SMTP server in the test process, an app with a temp data directory,
 * real SQLite, real worker pool and memory logger, and the register → mail → verify flow.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Hono } from 'hono';
import { createApp } from '../../server/app';
import { readConfig, type ServerConfig } from '../../server/config';
import type { AppEnv } from '../../server/context';
import { createMemoryLogger } from '../../server/logger';
import { createSmtpMailer, type Mailer } from '../../server/mail';
import { createWorkerPool, type EnginePool } from '../../worker/pool';
import { lazy, loadSigningService } from '../../server/signing';
import { openSqliteStore } from '../../server/store/sqlite';
import type { Store } from '../../server/store/types';
import { makeDocx, para } from '../helpers/make-docx';

/** A message the test SMTP server received. */
export interface ReceivedMail {
  readonly to: string[];
  readonly raw: string;
}

/** A real SMTP server (smtp-server) listening on localhost. */
export interface TestSmtp {
  readonly url: string;
  readonly messages: ReceivedMail[];
  /** Resolves with the next message to `to` (already received ones count). */
  waitFor(to: string, after?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Starts the SMTP server on an ephemeral port. */
export async function startSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address()).port;
  const find = (to: string, after: number) => messages.slice(after).find((m) => m.to.includes(to));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, after = 0) {
      for (let i = 0; i < 200; i++) {
        const hit = find(to, after);
        if (hit) return hit;
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
      throw new Error(`no mail to ${to}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code in a verification mail. */
export function codeOf(mail: ReceivedMail): string {
  const m = /code is (\d{6})/.exec(mail.raw);
  if (!m) throw new Error('no code in the mail');
  return m[1]!;
}

/** An app under test with everything real. */
export interface TestApp {
  readonly app: Hono<AppEnv>;
  readonly config: ServerConfig;
  readonly dir: string;
  readonly store: Store;
  readonly smtp: TestSmtp;
  readonly log: ReturnType<typeof createMemoryLogger>;
  readonly pool: EnginePool;
  /** Advances the injected clock. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** A fresh temporary folder. */
export function tempDir(prefix = 'colophon-server-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Builds an app over a temp data dir, a real SMTP server and (unless given) a real 2-worker pool. */
export async function makeTestApp(overrides: Partial<ServerConfig> = {}, parts: { pool?: EnginePool; mailer?: Mailer; fontsDir?: string } = {}): Promise<TestApp> {
  const dir = tempDir();
  const { config } = readConfig({}, { dataDir: dir, log: 'off', workers: 2, queueSize: 16, registerPerIp: 1000, ...overrides });
  const store = openSqliteStore(join(dir, 'colophon.db'));
  const smtp = await startSmtp();
  const mailer = parts.mailer ?? createSmtpMailer(smtp.url, config.mailFrom);
  const pool = parts.pool ?? createWorkerPool({ size: config.workers, queueSize: config.queueSize, timeoutMs: config.jobTimeoutMs, queueWaitMs: config.jobTimeoutMs, memoryMb: config.jobMemoryMb });
  const log = createMemoryLogger();
  let offset = 0;
  const app = createApp(config, { store, mailer, pool, signing: lazy(() => loadSigningService(config)), log, version: 'test', now: () => Date.now() + offset }, parts.fontsDir ? { fontsDir: parts.fontsDir } : {});
  return {
    app, config, dir, store, smtp, log, pool,
    advance: (ms) => void (offset += ms),
    async close() {
      if (!parts.pool) await pool.close();
      await mailer.close();
      await smtp.close();
      await store.close();
    },
  };
}

/** Registers `email`, reads the code from the SMTP server and exchanges it for a key. */
export async function obtainKey(t: TestApp, email: string): Promise<string> {
  const before = t.smtp.messages.length;
  const reg = await t.app.request(`/v1/auth/register?email=${encodeURIComponent(email)}`);
  if (reg.status !== 200) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const code = codeOf(await t.smtp.waitFor(email, before));
  const res = await t.app.request(`/v1/auth/verify?email=${encodeURIComponent(email)}&code=${code}`);
  if (res.status !== 200) throw new Error(`verify: ${res.status} ${await res.text()}`);
  return (await res.json()) as string;
}

/** A small template with one placeholder and a unique marker text. */
export function templateDocx(marker = 'UNIQUE-MARKER-7f3a'): Uint8Array {
  return makeDocx(para(`Dear {{name}}, ${marker}.`) + para('Second paragraph.'));
}

/** A multipart body with one file part. */
export function fileForm(bytes: Uint8Array, name = 'report.docx', extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  return form;
}

/** JSON request init with an optional bearer key. */
export function jsonInit(body: unknown, key?: string, method = 'POST'): RequestInit {
  return { method, headers: { 'Content-Type': 'application/json', ...(key ? { Authorization: `Bearer ${key}` } : {}) }, body: JSON.stringify(body) };
}

/** Base64 of bytes. */
export function b64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

/** Every file under `dir` with its bytes. */
export function filesUnder(dir: string): Array<{ path: string; bytes: Buffer }> {
  const out: Array<{ path: string; bytes: Buffer }> = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else out.push({ path: p, bytes: readFileSync(p) });
  }
  return out;
}

/** A sign request body for `doc`. */
export function signBody(doc: Uint8Array, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    document: { base64: b64(doc) },
    signer: { name: 'Ada Lovelace', email: 'ada@example.com', ip: '203.0.113.7', userAgent: 'test-agent' },
    auditTrail: [
      { type: 'ready', timestamp: '2026-01-01T10:00:00.000Z' },
      { type: 'scroll', timestamp: '2026-01-01T10:00:30.000Z', data: { percent: 100 } },
      { type: 'field_change', timestamp: '2026-01-01T10:00:40.000Z', data: { fieldId: 'name', value: 'Ada' } },
      { type: 'submit', timestamp: '2026-01-01T10:01:00.000Z' },
    ],
    eventId: 'evt-42',
    ...extra,
  };
}

/** A telemetry body as the client library sends it. */
export function telemetryBody(documentIds: string[]): Record<string, unknown> {
  return {
    colophonVersion: '0.1.0',
    browserInfo: { userAgent: 'Mozilla/5.0', currentUrl: 'https://app.example/doc', hostname: 'app.example', screenSize: { width: 1440, height: 900 } },
    metadata: { plan: 'pro' },
    events: documentIds.map((documentId) => ({ timestamp: '2026-01-01T00:00:00.000Z', documentId, documentCreatedAt: '2025-12-31T10:00:00Z' })),
  };
}
