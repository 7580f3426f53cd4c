/**
 * startServer: the Node side of the service — SQLite store and mailer in the data directory, the
 * worker pool, the signing key, the app on a socket (@hono/node-server), graceful shutdown.
 * Used by `colophon serve`, dist/server.js (`npm start`) and the socket tests.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { findFontsDir } from '../node/host';
import pkg from '../package.json';
import { createApp } from './app';
import { problemBody, type ProblemCode } from './problem';
import type { ServerConfig } from './config';
import type { AppEnv } from './context';
import { createJsonLogger, silentLogger, type Logger } from './logger';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail';
import { createWorkerPool, type EnginePool } from '../worker/pool';
import { lazy, loadSigningService } from './signing';
import { openSqliteStore } from './store/sqlite';
import type { Store } from './store/types';

/** The package version the service reports. */
export const SERVICE_VERSION: string = pkg.version;

/** A running server. */
export interface ServerHandle {
  /** Base URL, e.g. http://127.0.0.1:8787 */
  readonly url: string;
  readonly port: number;
  readonly app: Hono<AppEnv>;
  readonly pool: EnginePool;
  readonly store: Store;
  /** Stops accepting connections, lets in-flight requests finish (up to the grace period), then frees everything. */
  close(): Promise<void>;
}

/** Replaceable parts (tests inject a mailer or a pool). */
export interface StartOptions {
  readonly log?: Logger;
  readonly mailer?: Mailer;
  readonly pool?: EnginePool;
}

/** Starts the service with `config` and resolves once it listens. */
export async function startServer(config: ServerConfig, options: StartOptions = {}): Promise<ServerHandle> {
  const log = options.log ?? (config.log === 'off' ? silentLogger : createJsonLogger());
  mkdirSync(config.dataDir, { recursive: true });
  const store = openSqliteStore(join(config.dataDir, 'colophon.db'));
  const mailer = options.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(join(config.dataDir, 'outbox'), config.mailFrom));
  const pool = options.pool ?? createWorkerPool({
    size: config.workers, queueSize: config.queueSize, timeoutMs: config.jobTimeoutMs, queueWaitMs: config.jobTimeoutMs, memoryMb: config.jobMemoryMb,
    onEvent: (e) => log.warn('engine worker replaced', { ...e }),
  });
  const signing = lazy(() => loadSigningService(config));
  const app = createApp(config, { store, mailer, pool, signing, log, version: SERVICE_VERSION }, { fontsDir: findFontsDir() });
  const server = createHttpServer(app);
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  log.info('listening', { url, dataDir: config.dataDir, mail: mailer.description, workers: config.workers, operators: config.operatorEmails.length, playground: config.playgroundDir ?? 'none' });
  // Warm the signing key so the first /v1/sign does not wait for key generation.
  void signing().catch((e: unknown) => log.error('signing key unavailable', { message: e instanceof Error ? e.message : String(e) }));

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      log.info('shutting down', { graceS: config.shutdownGraceMs / 1000 });
      const done = new Promise<void>((resolve) => server.close(() => resolve()));
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      const force = setTimeout(() => server.closeAllConnections(), config.shutdownGraceMs);
      await done;
      clearInterval(idle);
      clearTimeout(force);
      await pool.close();
      await mailer.close();
      await store.close();
      log.info('stopped');
    })();
    return closing;
  };
  return { url, port, app, pool, store, close };
}

/**
 * The HTTP server around the app. Requests whose target or Host the adapter cannot turn into a URL
 * (an HTTP/1.1 request without Host, a Host that is not a host name, a backslash in the path) get the
 * problem body of API.md; Node and the adapter would answer them with a bare 400. HTTP/1.0 requests
 * may omit Host (RFC 9112 §3.2), so they are served as if sent to localhost.
 */
function createHttpServer(app: Hono<AppEnv>): import('node:http').Server {
  const listener = getRequestListener(app.fetch, { hostname: 'localhost', errorHandler: requestErrorResponse });
  return createServer({ requireHostHeader: false }, (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers.host === undefined && req.httpVersion !== '1.0') {
      const problem = problemBody(400, 'VALIDATION_ERROR', 'An HTTP/1.1 request must carry a Host header.', randomUUID());
      const body = JSON.stringify(problem);
      res.writeHead(400, { 'Content-Type': 'application/problem+json', 'Content-Length': Buffer.byteLength(body), 'X-Request-Id': problem.requestId, Connection: 'close' });
      res.end(body);
      return;
    }
    void listener(req, res);
  });
}

/** The adapter's answer when it cannot build a Request, or the app itself throws (it does not: it has its own onError). */
function requestErrorResponse(err: unknown): Response {
  const bad = err instanceof Error && err.name === 'RequestError';
  const problem = bad
    ? problemBody(400, 'VALIDATION_ERROR', `The request target could not be read: ${err.message}.`, randomUUID())
    : problemBody(500, 'INTERNAL_ERROR', 'The request could not be handled.', randomUUID());
  return new Response(JSON.stringify(problem), {
    status: problem.status,
    headers: { 'Content-Type': 'application/problem+json', 'X-Request-Id': problem.requestId, Connection: 'close' },
  });
}

/** Node's parser errors that have a status of their own (the rest are a plain 400). */
const CLIENT_ERRORS: Readonly<Record<string, readonly [number, ProblemCode, string]>> = {
  HPE_HEADER_OVERFLOW: [431, 'PAYLOAD_TOO_LARGE', 'The request headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'TIMEOUT', 'The request was not received in time.'],
};

/**
 * Answers a request Node's HTTP parser rejects (broken chunking, conflicting lengths, oversized
 * headers, a request that never completes) with the problem body of API.md instead of Node's bare
 * status line, then closes the connection.
 */
function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, code, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'VALIDATION_ERROR', 'The request is not valid HTTP/1.1; it could not be read.'];
  const problem = problemBody(status, code, message, randomUUID());
  const body = JSON.stringify(problem);
  socket.end(
    `HTTP/1.1 ${status} ${problem.error}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `X-Request-Id: ${problem.requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}
