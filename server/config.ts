/**
 * Server configuration from environment variables, with defaults that let `npm start` run with
 * nothing installed or configured. Every variable is listed in README.md ("HTTP service").
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { normalizeEmail } from './auth';

/** Everything the server can be configured with. */
export interface ServerConfig {
  /** TCP port (PORT, default 8787). */
  readonly port: number;
  /** Interface to listen on (HOST, default 127.0.0.1; 0.0.0.0 in a container). */
  readonly host: string;
  /** Where the database, development outbox and development signing identity live (COLOPHON_DATA_DIR, default ./data). */
  readonly dataDir: string;
  /** SMTP server for verification codes (SMTP_URL, e.g. smtps://user:pass@mail.example:465); none = development outbox. */
  readonly smtpUrl?: string;
  /** Sender of verification mails (MAIL_FROM). */
  readonly mailFrom: string;
  /** Largest request body (COLOPHON_MAX_BODY_MB, default 25). */
  readonly maxBodyBytes: number;
  /** Requests per key per window (COLOPHON_RATE_LIMIT, default 120) and the window (COLOPHON_RATE_WINDOW_S, default 60). */
  readonly rateLimit: number;
  readonly rateWindowMs: number;
  /** Engine requests one key may have in flight (COLOPHON_KEY_CONCURRENCY, default 4). */
  readonly keyConcurrency: number;
  /** Engine worker threads (COLOPHON_WORKERS, default: the number of cores). */
  readonly workers: number;
  /** Engine jobs waiting for a worker before 503 (COLOPHON_QUEUE_SIZE, default 8 per worker). */
  readonly queueSize: number;
  /** Time limit of one engine job, and of a request's wait for a worker (COLOPHON_JOB_TIMEOUT_S, default 60). */
  readonly jobTimeoutMs: number;
  /** V8 heap limit of each worker (COLOPHON_JOB_MEMORY_MB, default 1024). */
  readonly jobMemoryMb: number;
  /** Verification codes sent per address per hour (COLOPHON_REGISTER_PER_EMAIL, default 5) and per client IP (COLOPHON_REGISTER_PER_IP, default 20). */
  readonly registerPerEmail: number;
  readonly registerPerIp: number;
  /** Telemetry requests per client IP per minute (COLOPHON_COLLECT_PER_IP, default 600). */
  readonly collectPerIp: number;
  /** Take the client IP from X-Forwarded-For (COLOPHON_TRUST_PROXY=1 behind a reverse proxy). */
  readonly trustProxy: boolean;
  /** How long shutdown waits for in-flight requests (COLOPHON_SHUTDOWN_S, default 30). */
  readonly shutdownGraceMs: number;
  /** Signing identity: PEM file with certificate(s) and key (COLOPHON_SIGNING_PEM), else the development identity in the data dir. */
  readonly signingPemFile?: string;
  /** Password of an encrypted PEM key (COLOPHON_SIGNING_PASSWORD). */
  readonly signingPassword?: string;
  /** Folder of the built playground to serve at / (set by `npm start` when dist/playground exists). */
  readonly playgroundDir?: string;
  /**
   * Addresses whose verified keys are operator keys (COLOPHON_OPERATOR_EMAILS, comma-separated; default
   * none), normalised as registration normalises them. Only operator keys may read GET /v1/usage: the
   * usage of every licence key is billing data of the operator, not of whoever registered an address.
   */
  readonly operatorEmails: readonly string[];
  /** Access log: `json` lines on stdout (default) or `off` (COLOPHON_LOG). */
  readonly log: 'json' | 'off';
}

/** A configuration problem: which variable and why. */
export interface ConfigIssue {
  readonly variable: string;
  readonly issue: string;
}

type Env = Readonly<Record<string, string | undefined>>;

function int(env: Env, name: string, fallback: number, min: number, max: number, issues: ConfigIssue[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    issues.push({ variable: name, issue: `must be an integer from ${min} to ${max} (got "${raw}")` });
    return fallback;
  }
  return n;
}

/** COLOPHON_OPERATOR_EMAILS: every entry must be an address, so a typo cannot silently leave usage unreadable. */
function emails(env: Env, name: string, issues: ConfigIssue[]): string[] {
  const out: string[] = [];
  for (const raw of (env[name] ?? '').split(',')) {
    if (raw.trim() === '') continue;
    const email = normalizeEmail(raw);
    if (email) {
      if (!out.includes(email)) out.push(email);
    } else {
      issues.push({ variable: name, issue: `must be comma-separated e-mail addresses (got "${raw.trim()}")` });
    }
  }
  return out;
}

/** Reads the configuration from environment variables; problems are listed, never thrown. */
export function readConfig(env: Env = process.env, overrides: Partial<ServerConfig> = {}): { config: ServerConfig; issues: ConfigIssue[] } {
  const issues: ConfigIssue[] = [];
  const workers = int(env, 'COLOPHON_WORKERS', Math.max(1, availableParallelism()), 1, 256, issues);
  const log = env.COLOPHON_LOG ?? 'json';
  if (log !== 'json' && log !== 'off') issues.push({ variable: 'COLOPHON_LOG', issue: 'must be json or off' });
  const config: ServerConfig = {
    port: int(env, 'PORT', 8787, 0, 65535, issues),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.COLOPHON_DATA_DIR || './data'),
    ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
    mailFrom: env.MAIL_FROM || 'Colophon <no-reply@localhost>',
    maxBodyBytes: int(env, 'COLOPHON_MAX_BODY_MB', 25, 1, 4096, issues) * 1024 * 1024,
    rateLimit: int(env, 'COLOPHON_RATE_LIMIT', 120, 1, 1_000_000, issues),
    rateWindowMs: int(env, 'COLOPHON_RATE_WINDOW_S', 60, 1, 86_400, issues) * 1000,
    keyConcurrency: int(env, 'COLOPHON_KEY_CONCURRENCY', 4, 1, 10_000, issues),
    workers,
    queueSize: int(env, 'COLOPHON_QUEUE_SIZE', workers * 8, 0, 100_000, issues),
    jobTimeoutMs: int(env, 'COLOPHON_JOB_TIMEOUT_S', 60, 1, 3600, issues) * 1000,
    jobMemoryMb: int(env, 'COLOPHON_JOB_MEMORY_MB', 1024, 64, 65_536, issues),
    registerPerEmail: int(env, 'COLOPHON_REGISTER_PER_EMAIL', 5, 1, 10_000, issues),
    registerPerIp: int(env, 'COLOPHON_REGISTER_PER_IP', 20, 1, 100_000, issues),
    collectPerIp: int(env, 'COLOPHON_COLLECT_PER_IP', 600, 1, 1_000_000, issues),
    trustProxy: env.COLOPHON_TRUST_PROXY === '1' || env.COLOPHON_TRUST_PROXY === 'true',
    shutdownGraceMs: int(env, 'COLOPHON_SHUTDOWN_S', 30, 0, 3600, issues) * 1000,
    ...(env.COLOPHON_SIGNING_PEM ? { signingPemFile: resolve(env.COLOPHON_SIGNING_PEM) } : {}),
    ...(env.COLOPHON_SIGNING_PASSWORD ? { signingPassword: env.COLOPHON_SIGNING_PASSWORD } : {}),
    operatorEmails: emails(env, 'COLOPHON_OPERATOR_EMAILS', issues),
    log: log === 'off' ? 'off' : 'json',
  };
  return { config: { ...config, ...overrides }, issues };
}
