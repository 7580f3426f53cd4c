/**
 * createApp: the /v1 Hono app over the engine worker pool (../shared/API.md). Testable in process
 * with `app.request`; server/start.ts puts it on a socket.
 * In: configuration and dependencies (store, mailer, pool, signing key, logger, clock).
 * Must not: write or log document content, keys or codes; answer with a stack trace.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { authenticateKey, isOperatorKey } from './auth';
import type { ServerConfig } from './config';
import type { AppDeps, AppEnv, AppState } from './context';
import { ConcurrencyGate, FixedWindowLimiter, rateLimitHeaders } from './limits';
import { HttpProblem, sendProblem } from './problem';
import { mountAuthRoutes } from './routes/auth';
import { mountDocumentRoutes } from './routes/documents';
import { mountSignatureRoutes } from './routes/signatures';
import { mountSystemRoutes } from './routes/system';
import { mountTelemetryRoutes } from './routes/telemetry';
import { mountStatic } from './static';

/** Largest telemetry body. */
export const MAX_COLLECT_BYTES = 64 * 1024;

/** Builds the app. */
export function createApp(config: ServerConfig, deps: AppDeps, options: { readonly fontsDir?: string } = {}): Hono<AppEnv> {
  const now = deps.now ?? Date.now;
  const state: AppState = {
    config, deps, now, startedAt: now(),
    keyLimiter: new FixedWindowLimiter(config.rateLimit, config.rateWindowMs, now),
    collectLimiter: new FixedWindowLimiter(config.collectPerIp, 60_000, now),
    keyGate: new ConcurrencyGate(config.keyConcurrency),
  };
  const app = new Hono<AppEnv>();
  app.use('*', requestContext(state));
  app.use('/v1/*', cors({
    origin: '*',
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'X-License-Key', 'X-Request-Id'],
    exposeHeaders: ['X-Request-Id', 'Retry-After', 'Accept-Post', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy', 'Content-Disposition', 'X-Colophon-Pages', 'X-Colophon-Warnings'],
    maxAge: 600,
  }));
  const tooLarge = (max: number) => (c: Context) =>
    sendProblem(c, new HttpProblem(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${formatBytes(max)}.`, [{ field: 'body', issue: `at most ${formatBytes(max)}` }]));
  app.use('/v1/collect', bodyLimit({ maxSize: MAX_COLLECT_BYTES, onError: tooLarge(MAX_COLLECT_BYTES) }));
  app.use('/v1/*', bodyLimit({ maxSize: config.maxBodyBytes, onError: tooLarge(config.maxBodyBytes) }));

  // A request refused for concurrency does not use up the key's rate budget: the gate comes first.
  const auth = authenticate(state);
  const rate = rateLimit(state);
  const gate = limitConcurrency(state);
  const authOnly = chain(auth, rate);
  const guard = chain(auth, gate, rate);
  const operatorOnly = chain(auth, rate, requireOperator(state));
  mountSystemRoutes(app, state);
  mountAuthRoutes(app, state);
  mountDocumentRoutes(app, state, guard);
  mountSignatureRoutes(app, state, guard, authOnly);
  mountTelemetryRoutes(app, state, operatorOnly);
  if (config.playgroundDir) mountStatic(app, config.playgroundDir, options.fontsDir);

  // API.md's codes have none for a route that does not exist: the request names a path or a method the
  // contract does not have, a VALIDATION_ERROR whose details name which; the status (404, 405) and the
  // Allow header say the rest.
  app.notFound((c) => {
    const allowed = [...new Set(app.routes.filter((r) => r.path === c.req.path && r.method !== 'ALL').map((r) => r.method))];
    if (allowed.length > 0) {
      const use = allowed.join(' or ');
      return sendProblem(c, new HttpProblem(405, 'VALIDATION_ERROR', `${c.req.method} is not allowed on ${c.req.path}; use ${use}.`, [{ field: 'method', issue: `must be ${use}` }], { Allow: allowed.join(', ') }));
    }
    return sendProblem(c, new HttpProblem(404, 'VALIDATION_ERROR', `There is no route ${c.req.path}; see /v1/openapi.json.`, [{ field: 'path', issue: 'is not a route of this service' }]));
  });
  app.onError((err, c) => {
    if (err instanceof HttpProblem) return sendProblem(c, err);
    deps.log.error('unhandled error', { requestId: c.get('requestId'), path: c.req.path, error: err.name, message: err.message.slice(0, 300) });
    return sendProblem(c, new HttpProblem(500, 'INTERNAL_ERROR', 'Something went wrong on our side; please report the request id.'));
  });
  return app;
}

function formatBytes(n: number): string {
  return n >= 1048576 ? `${Math.round(n / 1048576)} MB` : `${Math.round(n / 1024)} KB`;
}

/** Request id (the caller's if well-formed), client IP, and one access-log line per request. */
function requestContext(state: AppState): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const id = callerRequestId(c.req.header('x-request-id')) ?? randomUUID();
    c.set('requestId', id);
    c.set('clientIp', clientIp(c, state.config.trustProxy));
    c.header('X-Request-Id', id);
    await next();
    if (c.res.headers.get('X-Request-Id') !== id) {
      try {
        c.res.headers.set('X-Request-Id', id);
      } catch {
        c.res = new Response(c.res.body, { status: c.res.status, headers: new Headers([...c.res.headers, ['X-Request-Id', id]]) });
      }
    }
    const key = c.get('key');
    state.deps.log.info('request', {
      requestId: id, method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started),
      bytesIn: Number(c.req.header('content-length')) || 0, bytesOut: Number(c.res.headers.get('content-length')) || undefined, keyId: key?.id,
    });
  };
}

/**
 * The caller's X-Request-Id, echoed as API.md asks: any id of 1 to 200 visible ASCII characters and
 * inner spaces (UUIDs, ULIDs, base64 ids with `+/=`, `Root=…;Parent=…` trace headers). Only what a
 * header cannot carry back unchanged or a log line should not hold — control or non-ASCII
 * characters, or more than 200 of them — gets a fresh id instead.
 */
function callerRequestId(given: string | undefined): string | undefined {
  const id = given?.trim();
  return id && id.length <= 200 && /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(id) ? id : undefined;
}

function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (first) return first.slice(0, 64);
  }
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}

/** Bearer API key → `key` (401 when missing or unknown). */
function authenticate(state: AppState): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const m = /^Bearer[ \t]+([^\s]+)[ \t]*$/i.exec(c.req.header('authorization') ?? '');
    const key = m ? await authenticateKey(state.deps.store, m[1]!) : undefined;
    if (!key) {
      const message = m ? 'The API key is not valid.' : 'Send Authorization: Bearer <API key>; get a key with /v1/auth/register and /v1/auth/verify.';
      throw new HttpProblem(401, 'AUTHENTICATION_ERROR', message, undefined, { 'WWW-Authenticate': 'Bearer' });
    }
    c.set('key', key);
    await next();
  };
}

/**
 * Operator keys only (COLOPHON_OPERATOR_EMAILS), after authenticate: any other valid key is a 403
 * before the handler reads a parameter or the store. The code is AUTHENTICATION_ERROR, the only one of
 * API.md's codes about credentials (the key is known but does not carry the right), and the
 * WWW-Authenticate header says so the RFC 6750 way (§3.1 insufficient_scope).
 */
function requireOperator(state: AppState): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!isOperatorKey(c.get('key'), state.config.operatorEmails)) {
      throw new HttpProblem(
        403, 'AUTHENTICATION_ERROR',
        'This API key may not read usage: GET /v1/usage is open only to operator keys, those verified for an address listed in the server\'s COLOPHON_OPERATOR_EMAILS. Ask the operator of this instance for the data; on your own instance, list your address there and restart (keys already verified for it become operator keys).',
        undefined, { 'WWW-Authenticate': 'Bearer error="insufficient_scope"' },
      );
    }
    await next();
  };
}

/** The per-key rate limit: RateLimit-* headers on every answer, 429 with Retry-After past the limit. */
function rateLimit(state: AppState): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const d = state.keyLimiter.take(String(c.get('key').id));
    const headers = rateLimitHeaders(d, state.config.rateWindowMs);
    for (const [k, v] of Object.entries(headers)) c.header(k, v);
    if (!d.allowed) {
      throw new HttpProblem(429, 'RATE_LIMIT_ERROR', `Rate limit of ${d.limit} requests per ${Math.round(state.config.rateWindowMs / 1000)} s reached; retry in ${d.resetS} s.`, undefined, { ...headers, 'Retry-After': String(d.resetS) });
    }
    await next();
  };
}

/** Runs middlewares one inside the other. */
function chain(...handlers: MiddlewareHandler<AppEnv>[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const run = async (i: number): Promise<void> => {
      if (i === handlers.length) return void (await next());
      await handlers[i]!(c, () => run(i + 1));
    };
    await run(0);
  };
}

/** At most `keyConcurrency` engine requests in flight per key. */
function limitConcurrency(state: AppState): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const keyId = String(c.get('key').id);
    const release = state.keyGate.acquire(keyId);
    if (!release) {
      // API.md: a 429 carries Retry-After and the RateLimit-* headers; this one did not use up the window.
      const headers = { ...rateLimitHeaders(state.keyLimiter.peek(keyId), state.config.rateWindowMs), 'Retry-After': '1' };
      throw new HttpProblem(429, 'RATE_LIMIT_ERROR', `This key already has ${state.config.keyConcurrency} requests in flight; retry when one finishes.`, undefined, headers);
    }
    try {
      await next();
    } finally {
      release();
    }
  };
}
