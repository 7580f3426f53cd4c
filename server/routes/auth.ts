/**
 * GET /v1/auth/register?email= and GET /v1/auth/verify?email=&code= (API.md): a 6-digit code by
 * e-mail, exchanged once for an API key.
 */
import type { Hono } from 'hono';
import { normalizeEmail, REGISTER_WINDOW_MS, registerEmail, verifyEmailCode } from '../auth';
import type { AppEnv, AppState } from '../context';
import { readQuery } from '../input';
import { rateLimitHeaders } from '../limits';
import { HttpProblem, validationProblem } from '../problem';

const emailRule = (v: string): string | undefined => (normalizeEmail(v) ? undefined : 'must be an e-mail address');

/** Mounts the two auth routes. */
export function mountAuthRoutes(app: Hono<AppEnv>, state: AppState): void {
  app.get('/v1/auth/register', async (c) => {
    const q = readQuery(c, { email: emailRule });
    if (!q.email) throw validationProblem([{ field: 'email', issue: 'is required' }]);
    const email = normalizeEmail(q.email)!;
    let outcome;
    try {
      outcome = await registerEmail(state.deps.store, state.deps.mailer, email, c.get('clientIp'), { perEmail: state.config.registerPerEmail, perIp: state.config.registerPerIp }, state.now());
    } catch (e) {
      state.deps.log.error('mail failed', { requestId: c.get('requestId'), error: e instanceof Error ? e.message : String(e) });
      throw new HttpProblem(503, 'INTERNAL_ERROR', 'The verification e-mail could not be sent; try again later.', undefined, { 'Retry-After': '60' });
    }
    // API.md: a 429 carries Retry-After and RateLimit-* headers; as on the key-limited routes, every
    // answer carries the RateLimit-* ones, here of the window that binds (the address's or the IP's).
    const headers = rateLimitHeaders({ allowed: outcome.ok, ...outcome.window }, REGISTER_WINDOW_MS);
    for (const [k, v] of Object.entries(headers)) c.header(k, v);
    if (!outcome.ok) {
      const who = outcome.limitedBy === 'email' ? 'this address' : 'your network address';
      throw new HttpProblem(429, 'RATE_LIMIT_ERROR', `Too many verification codes were requested for ${who}; retry in ${outcome.retryAfterS} s.`, undefined, { ...headers, 'Retry-After': String(outcome.retryAfterS) });
    }
    // The development outbox path is logged for the operator, never returned to the caller.
    if (outcome.file) state.deps.log.info('verification mail written to the development outbox', { requestId: c.get('requestId'), file: outcome.file });
    return c.json('Check your email for verification code.');
  });

  app.get('/v1/auth/verify', async (c) => {
    const q = readQuery(c, { email: emailRule, code: (v) => (/^\d{6}$/.test(v) ? undefined : 'must be the 6-digit code from the e-mail') });
    const missing = (['email', 'code'] as const).filter((k) => !q[k]).map((k) => ({ field: k, issue: 'is required' }));
    if (missing.length > 0) throw validationProblem(missing);
    const outcome = await verifyEmailCode(state.deps.store, normalizeEmail(q.email!)!, q.code!, state.now());
    if (!outcome.ok) {
      const message = {
        'no-code': 'No verification code is pending for this address; request one with /v1/auth/register.',
        expired: 'The verification code has expired; request a new one with /v1/auth/register.',
        wrong: 'The verification code is wrong.',
        exhausted: 'Too many wrong attempts; the code is void. Request a new one with /v1/auth/register.',
      }[outcome.reason];
      throw new HttpProblem(400, 'VALIDATION_ERROR', message, [{ field: 'code', issue: outcome.reason }]);
    }
    state.deps.log.info('api key issued', { requestId: c.get('requestId'), keyId: outcome.record.id });
    c.header('Cache-Control', 'no-store');
    return c.json(outcome.key);
  });
}
