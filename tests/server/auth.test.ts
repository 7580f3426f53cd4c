/**
 * API keys by e-mail code: validation, per-address and per-IP resend limits, wrong / expired /
 * exhausted codes, single use, mail failure, 401 on every protected route, the problem body, and
 * usage readable by operator keys only (403 for any other key, secure by default).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../server/mail';
import { codeOf, makeTestApp, obtainKey, telemetryBody, type TestApp } from './helpers';
import { hashSecret } from '../../server/auth';
import { readConfig } from '../../server/config';
import type { Hono } from 'hono';
import { createApp } from '../../server/app';
import type { AppEnv } from '../../server/context';

const PROBLEM_KEYS = ['code', 'detail', 'error', 'message', 'requestId', 'status', 'title', 'type'];

async function problem(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  const body = (await res.json()) as Record<string, unknown> & { details?: Array<{ field: string; issue: string }> };
  for (const k of PROBLEM_KEYS) expect(body, k).toHaveProperty(k);
  expect(body.code).toBe(code);
  expect(body.status).toBe(status);
  expect(body.message).toBe(body.detail);
  expect(body.requestId).toBe(res.headers.get('x-request-id'));
  expect(JSON.stringify(body)).not.toMatch(/\n\s+at /); // never a stack trace
  return body;
}

describe('auth routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ workers: 1, registerPerEmail: 3, registerPerIp: 4, trustProxy: true });
  });
  afterAll(async () => t.close());

  const register = (email: string, ip = '198.51.100.1') => t.app.request(`/v1/auth/register?email=${encodeURIComponent(email)}`, { headers: { 'X-Forwarded-For': ip } });

  it('rejects a missing, malformed or extra parameter with field details', async () => {
    expect((await problem(await t.app.request('/v1/auth/register'), 400, 'VALIDATION_ERROR')).details).toEqual([{ field: 'email', issue: 'is required' }]);
    expect((await problem(await register('not-an-address'), 400, 'VALIDATION_ERROR')).details![0]!.field).toBe('email');
    const extra = await problem(await t.app.request('/v1/auth/register?email=a@example.com&admin=1'), 400, 'VALIDATION_ERROR');
    expect(extra.details![0]!.field).toBe('admin');
    const v = await problem(await t.app.request('/v1/auth/verify?email=a@example.com&code=12ab'), 400, 'VALIDATION_ERROR');
    expect(v.details![0]!.field).toBe('code');
    const both = await problem(await t.app.request('/v1/auth/verify'), 400, 'VALIDATION_ERROR');
    expect(both.details!.map((d) => d.field)).toEqual(['email', 'code']);
  });

  it('limits codes per address and per client IP, with Retry-After and RateLimit-* headers', async () => {
    const rate = (r: Response) => ['limit', 'remaining', 'policy'].map((h) => r.headers.get(`ratelimit-${h}`));
    const remaining: Array<string | null> = [];
    for (let i = 0; i < 3; i++) {
      const ok = await register('limit@example.com', `203.0.113.${i}`);
      expect(ok.status).toBe(200);
      remaining.push(ok.headers.get('ratelimit-remaining'));
    }
    // The address's window binds (3 an hour; each IP has 4): codes left after each request.
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await register('limit@example.com', '203.0.113.99');
    await problem(limited, 429, 'RATE_LIMIT_ERROR');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
    // API.md: a 429 carries Retry-After and RateLimit-* headers, the register route's too.
    expect(rate(limited)).toEqual(['3', '0', '3;w=3600']);
    expect(limited.headers.get('ratelimit-reset')).toBe(limited.headers.get('retry-after'));
    // Per IP: 4 different addresses from one IP, the fifth is refused.
    for (let i = 0; i < 4; i++) expect((await register(`ip${i}@example.com`, '192.0.2.50')).status).toBe(200);
    const byIpRes = await register('ip9@example.com', '192.0.2.50');
    expect(rate(byIpRes)).toEqual(['4', '0', '4;w=3600']);
    const byIp = await problem(byIpRes, 429, 'RATE_LIMIT_ERROR');
    expect(byIp.message).toContain('network address');
    // Addresses are case-insensitive for the limit.
    await problem(await register('LIMIT@Example.com', '203.0.113.100'), 429, 'RATE_LIMIT_ERROR');
  });

  it('voids a code after 5 wrong attempts', async () => {
    const before = t.smtp.messages.length;
    expect((await register('wrong@example.com')).status).toBe(200);
    const code = codeOf(await t.smtp.waitFor('wrong@example.com', before));
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 4; i++) {
      const b = await problem(await t.app.request(`/v1/auth/verify?email=wrong@example.com&code=${wrong}`), 400, 'VALIDATION_ERROR');
      expect(b.details).toEqual([{ field: 'code', issue: 'wrong' }]);
    }
    const fifth = await problem(await t.app.request(`/v1/auth/verify?email=wrong@example.com&code=${wrong}`), 400, 'VALIDATION_ERROR');
    expect(fifth.details).toEqual([{ field: 'code', issue: 'exhausted' }]);
    const late = await problem(await t.app.request(`/v1/auth/verify?email=wrong@example.com&code=${code}`), 400, 'VALIDATION_ERROR');
    expect(late.details).toEqual([{ field: 'code', issue: 'no-code' }]);
  });

  it('expires a code after 15 minutes', async () => {
    const before = t.smtp.messages.length;
    expect((await register('late@example.com')).status).toBe(200);
    const code = codeOf(await t.smtp.waitFor('late@example.com', before));
    t.advance(15 * 60 * 1000 + 1);
    const b = await problem(await t.app.request(`/v1/auth/verify?email=late@example.com&code=${code}`), 400, 'VALIDATION_ERROR');
    expect(b.details).toEqual([{ field: 'code', issue: 'expired' }]);
  });

  it('returns the key once and stores only its hash', async () => {
    const before = t.smtp.messages.length;
    expect((await register('once@example.com')).status).toBe(200);
    const code = codeOf(await t.smtp.waitFor('once@example.com', before));
    const first = await t.app.request(`/v1/auth/verify?email=once@example.com&code=${code}`);
    const key = (await first.json()) as string;
    await problem(await t.app.request(`/v1/auth/verify?email=once@example.com&code=${code}`), 400, 'VALIDATION_ERROR');
    expect((await t.store.findKey(hashSecret(key)))?.email).toBe('once@example.com');
    expect(await t.store.getCode('once@example.com')).toBeUndefined();
  });

  it('answers 503 INTERNAL_ERROR with Retry-After when the mail cannot be sent (API.md has no code of its own for it)', async () => {
    const broken = await makeTestApp({ workers: 1 }, { mailer: createSmtpMailer('smtp://127.0.0.1:1', 'x@localhost') });
    try {
      const res = await broken.app.request('/v1/auth/register?email=nomail@example.com');
      await problem(res, 503, 'INTERNAL_ERROR');
      expect(res.headers.get('retry-after')).toBe('60');
      // The code was withdrawn, so it cannot be guessed.
      expect(await broken.store.getCode('nomail@example.com')).toBeUndefined();
    } finally {
      await broken.close();
    }
  });

  it('answers 401 without or with an unknown key on every protected route', async () => {
    const key = await obtainKey(t, 'protected@example.com');
    const routes: Array<[string, string]> = [['POST', '/v1/convert'], ['POST', '/v1/annotate'], ['POST', '/v1/sign'], ['POST', '/v1/verify'], ['GET', '/v1/verify/key'], ['GET', '/v1/usage']];
    for (const [method, path] of routes) {
      const none = await t.app.request(path, { method });
      await problem(none, 401, 'AUTHENTICATION_ERROR');
      expect(none.headers.get('www-authenticate')).toBe('Bearer');
      await problem(await t.app.request(path, { method, headers: { Authorization: `Bearer ${key}x` } }), 401, 'AUTHENTICATION_ERROR');
      await problem(await t.app.request(path, { method, headers: { Authorization: `Basic ${key}` } }), 401, 'AUTHENTICATION_ERROR');
    }
    expect((await t.app.request('/v1/verify/key', { headers: { Authorization: `bearer ${key}` } })).status).toBe(200);
  });
});

describe('GET /v1/usage is for operator keys only', () => {
  let t: TestApp;
  const today = () => new Date().toISOString().slice(0, 10);
  beforeAll(async () => {
    // Configured as an operator would write it: spaces and capitals; registration normalises the address the same way.
    const { config, issues } = readConfig({ COLOPHON_OPERATOR_EMAILS: ' Ops@Example.COM , billing@example.com' });
    expect(issues).toEqual([]);
    t = await makeTestApp({ workers: 1, operatorEmails: config.operatorEmails });
    const collect = (license: string, ids: string[]) =>
      t.app.request('/v1/collect', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-License-Key': license }, body: JSON.stringify(telemetryBody(ids)) });
    expect((await collect('lic-secret-A', ['HASH-1A2B3C4D', 'HASH-00000001'])).status).toBe(202);
    expect((await collect('lic-secret-B', ['HASH-00000002'])).status).toBe(202);
  });
  afterAll(async () => t.close());

  it('answers an ordinary key 403 AUTHENTICATION_ERROR with the problem body and no usage data', async () => {
    const key = await obtainKey(t, 'someone@example.com');
    const auth = { Authorization: `Bearer ${key}` };
    // With and without a licence key, and with parameters that would otherwise be a 400: the refusal comes first.
    for (const q of ['', '?licenseKey=lic-secret-A', `?from=${today()}&to=${today()}`, '?from=2026-13-45&zz=1']) {
      const res = await t.app.request(`/v1/usage${q}`, { headers: auth });
      const text = await res.clone().text();
      const body = await problem(res, 403, 'AUTHENTICATION_ERROR');
      expect(body.error).toBe('Forbidden');
      expect(body.title).toBe('Forbidden');
      expect(body.type).toBe('https://colophon.dev/problems/authentication-error');
      expect(body.message).toContain('COLOPHON_OPERATOR_EMAILS');
      expect(body.details).toBeUndefined();
      expect(res.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope"');
      expect(res.headers.get('ratelimit-limit')).toBeTruthy(); // an authenticated answer, counted like any other
      for (const leak of ['lic-secret', 'HASH-', 'opens', 'documents', 'usage"']) expect(text, `${q}: ${leak}`).not.toContain(leak);
    }
  });

  it('answers an operator key 200 with every licence key\'s usage', async () => {
    const key = await obtainKey(t, 'ops@example.com'); // configured as ' Ops@Example.COM '
    const res = await t.app.request('/v1/usage', { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { usage: unknown[] }).usage).toEqual([
      { licenseKey: 'lic-secret-A', day: today(), documents: 2, opens: 2 },
      { licenseKey: 'lic-secret-B', day: today(), documents: 1, opens: 1 },
    ]);
    const other = await obtainKey(t, 'billing@example.com');
    const one = await t.app.request('/v1/usage?licenseKey=lic-secret-B', { headers: { Authorization: `Bearer ${other}` } });
    expect(one.status).toBe(200);
    expect(((await one.json()) as { usage: unknown[] }).usage).toEqual([{ licenseKey: 'lic-secret-B', day: today(), documents: 1, opens: 1 }]);
  });

  it('reads the operator list at start: a restart with an address added promotes the keys already verified for it, one with it removed demotes them', async () => {
    // A key verified while its address is not listed.
    const key = await obtainKey(t, 'promoted@example.com');
    const usage = (app: Hono<AppEnv>) => app.request('/v1/usage', { headers: { Authorization: `Bearer ${key}` } });
    await problem(await usage(t.app), 403, 'AUTHENTICATION_ERROR');
    // The environment of the running process changes nothing: the list was read when the app was made.
    process.env.COLOPHON_OPERATOR_EMAILS = 'promoted@example.com';
    try {
      await problem(await usage(t.app), 403, 'AUTHENTICATION_ERROR');
    } finally {
      delete process.env.COLOPHON_OPERATOR_EMAILS;
    }
    // A restart over the same data: the configuration read again, the store kept.
    const mailer = createSmtpMailer(t.smtp.url, 'x@localhost');
    const restart = (env: Record<string, string>) =>
      createApp({ ...t.config, operatorEmails: readConfig(env).config.operatorEmails }, { store: t.store, mailer, pool: t.pool, signing: () => Promise.reject(new Error('unused')), log: t.log, version: 'test' });
    try {
      expect((await usage(restart({ COLOPHON_OPERATOR_EMAILS: 'ops@example.com, Promoted@example.com' }))).status).toBe(200);
      await problem(await usage(restart({ COLOPHON_OPERATOR_EMAILS: 'ops@example.com' })), 403, 'AUTHENTICATION_ERROR');
    } finally {
      await mailer.close();
    }
  });

  it('has no operator unless one is configured: even the first key registered is refused', async () => {
    const plain = await makeTestApp({ workers: 1 });
    try {
      expect(plain.config.operatorEmails).toEqual([]);
      const first = await obtainKey(plain, 'ops@example.com');
      await problem(await plain.app.request('/v1/usage', { headers: { Authorization: `Bearer ${first}` } }), 403, 'AUTHENTICATION_ERROR');
    } finally {
      await plain.close();
    }
  });
});
