/**
 * Every problem body the app can produce uses one of API.md's codes and its shape: each route with
 * every method it does not take, paths that are not routes, and each way the service refuses for
 * load (per-key rate and concurrency, registration and telemetry limits, a full queue, a pool that is
 * shutting down or whose wait ran out). The codes are written here as API.md lists them, not imported,
 * so a code the server invents fails this test.
 */
import { STATUS_CODES } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PoolError, type EnginePool, type PoolFailure } from '../../worker/pool';
import { fileForm, jsonInit, makeTestApp, obtainKey, telemetryBody, templateDocx, type TestApp } from './helpers';

/** API.md "General", Errors: the machine-readable codes. */
const API_MD_CODES = ['VALIDATION_ERROR', 'INVALID_FILE_FORMAT', 'AUTHENTICATION_ERROR', 'RATE_LIMIT_ERROR', 'PAYLOAD_TOO_LARGE', 'UNPROCESSABLE_DOCUMENT', 'TIMEOUT', 'INTERNAL_ERROR'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface Problem {
  type: string; title: string; status: number; detail: string; code: string; error: string; message: string; requestId: string;
  details?: Array<{ field: string; issue: string }>;
}

/** Checks API.md's problem shape and code list; returns the body. */
async function expectProblem(res: Response, status: number, code: string, what: string): Promise<Problem> {
  const body = (await res.json()) as Problem;
  expect({ status: res.status, code: body.code }, `${what}: ${JSON.stringify(body)}`).toEqual({ status, code });
  expect(API_MD_CODES, what).toContain(body.code);
  expect(res.headers.get('content-type'), what).toBe('application/problem+json');
  expect(Object.keys(body).sort(), what).toEqual(['code', 'detail', 'error', 'message', 'requestId', 'status', 'title', 'type', ...(body.details ? ['details'] : [])].sort());
  expect(body.status, what).toBe(status);
  expect(body.error, what).toBe(STATUS_CODES[status]);
  expect(body.title, what).toBe(body.error);
  expect(body.detail, what).toBe(body.message);
  expect(body.message.length, what).toBeGreaterThan(10);
  expect(body.type, what).toBe(`https://colophon.dev/problems/${code.toLowerCase().replace(/_/g, '-')}`);
  expect(body.requestId, what).toBe(res.headers.get('x-request-id'));
  for (const d of body.details ?? []) expect(Object.keys(d).sort(), what).toEqual(['field', 'issue']);
  expect(JSON.stringify(body), what).not.toMatch(/\n\s+at |node_modules/);
  return body;
}

/** API.md: a 429 carries Retry-After and the RateLimit-* headers. */
function expectRateHeaders(res: Response, what: string): void {
  expect(Number(res.headers.get('retry-after')), what).toBeGreaterThan(0);
  for (const h of ['limit', 'remaining', 'reset', 'policy']) expect(res.headers.get(`ratelimit-${h}`), `${what}: RateLimit-${h}`).toMatch(/\S/);
  expect(res.headers.get('ratelimit-remaining'), what).toBe('0');
}

/** A pool whose every job fails the way `kind` says (what the real pool throws under load or at shutdown). */
function failingPool(kind: () => PoolFailure): EnginePool {
  return {
    run: () => Promise.reject(new PoolError(kind(), `Pool failure ${kind()}.`, 3)),
    check: () => Promise.resolve(true),
    stats: () => ({ workers: 1, busy: 0, queued: 0, completed: 0, replaced: 0 }),
    close: () => Promise.resolve(),
  };
}

describe('every problem body uses a code of API.md', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await makeTestApp({ workers: 1, rateLimit: 10_000, keyConcurrency: 100, operatorEmails: ['walk@example.com'] });
    key = await obtainKey(t, 'walk@example.com');
  });
  afterAll(async () => t.close());

  it('answers every route with every method it does not take 405 VALIDATION_ERROR, with Allow', async () => {
    const routes = new Map<string, Set<string>>();
    for (const r of t.app.routes) {
      if (!r.path.startsWith('/v1/') || r.method === 'ALL') continue;
      routes.set(r.path, (routes.get(r.path) ?? new Set()).add(r.method));
    }
    expect([...routes.keys()].sort()).toEqual(['/v1/annotate', '/v1/auth/register', '/v1/auth/verify', '/v1/collect', '/v1/convert', '/v1/health', '/v1/openapi.json', '/v1/sign', '/v1/usage', '/v1/verify', '/v1/verify/key']);
    let walked = 0;
    for (const [path, allowed] of routes) {
      for (const method of METHODS.filter((m) => !allowed.has(m))) {
        const res = await t.app.request(path, { method, headers: { Authorization: `Bearer ${key}` } });
        const body = await expectProblem(res, 405, 'VALIDATION_ERROR', `${method} ${path}`);
        expect(body.details, `${method} ${path}`).toEqual([{ field: 'method', issue: `must be ${[...allowed].join(' or ')}` }]);
        expect(res.headers.get('allow')).toBe([...allowed].join(', '));
        walked++;
      }
    }
    expect(walked).toBeGreaterThan(40);
  });

  it('answers a path that is not a route 404 VALIDATION_ERROR, with or without a key', async () => {
    for (const path of ['/v1/nothing', '/v1', '/v1/', '/v1/health/', '/v1/convert/docx', '/v1/auth', '/v2/convert', '/', '/v1/%2e%2e/etc/passwd']) {
      for (const headers of [{}, { Authorization: `Bearer ${key}` }] as Array<Record<string, string>>) {
        for (const method of ['GET', 'POST']) {
          const body = await expectProblem(await t.app.request(path, { method, headers }), 404, 'VALIDATION_ERROR', `${method} ${path}`);
          expect(body.details).toEqual([{ field: 'path', issue: 'is not a route of this service' }]);
        }
      }
    }
  });

  it('answers the refusals before a handler runs with their codes: 401, 403, 413, 415', async () => {
    await expectProblem(await t.app.request('/v1/verify/key'), 401, 'AUTHENTICATION_ERROR', 'no key');
    const other = await obtainKey(t, 'not-operator@example.com');
    await expectProblem(await t.app.request('/v1/usage', { headers: { Authorization: `Bearer ${other}` } }), 403, 'AUTHENTICATION_ERROR', 'usage');
    await expectProblem(await t.app.request('/v1/collect', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-License-Key': 'k' }, body: 'x'.repeat(70_000) }), 413, 'PAYLOAD_TOO_LARGE', 'collect body');
    await expectProblem(await t.app.request('/v1/sign', { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: fileForm(templateDocx()) }), 415, 'VALIDATION_ERROR', 'sign multipart');
  });
});

describe('overload answers use a code of API.md, and every 429 its headers', () => {
  it('the per-key rate limit, the registration limit and the telemetry limit answer 429 with Retry-After and RateLimit-*', async () => {
    const t = await makeTestApp({ workers: 1, rateLimit: 1, registerPerEmail: 2, collectPerIp: 1 });
    try {
      const key = await obtainKey(t, 'busy@example.com'); // the address's first code
      const auth = { Authorization: `Bearer ${key}` };
      expect((await t.app.request('/v1/verify/key', { headers: auth })).status).toBe(200);
      for (const [what, res] of [
        ['verify/key', await t.app.request('/v1/verify/key', { headers: auth })],
        ['convert', await t.app.request('/v1/convert?from=docx', { method: 'POST', headers: auth, body: fileForm(templateDocx()) })],
      ] as const) {
        expectRateHeaders(res, what);
        await expectProblem(res, 429, 'RATE_LIMIT_ERROR', what);
      }
      expect((await t.app.request('/v1/auth/register?email=busy@example.com')).status).toBe(200); // its second
      const reg = await t.app.request('/v1/auth/register?email=busy@example.com');
      expectRateHeaders(reg, 'register');
      await expectProblem(reg, 429, 'RATE_LIMIT_ERROR', 'register');
      const collect = () => t.app.request('/v1/collect', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-License-Key': 'lic' }, body: JSON.stringify(telemetryBody(['HASH-1A2B3C4D'])) });
      expect((await collect()).status).toBe(202);
      const limited = await collect();
      expectRateHeaders(limited, 'collect');
      await expectProblem(limited, 429, 'RATE_LIMIT_ERROR', 'collect');
    } finally {
      await t.close();
    }
  });

  it('maps every pool failure of every engine route to a code of API.md (a full queue is RATE_LIMIT_ERROR, shutting down INTERNAL_ERROR)', async () => {
    let kind: PoolFailure = 'queue-full';
    const t = await makeTestApp({ workers: 1, rateLimit: 10_000, keyConcurrency: 100 }, { pool: failingPool(() => kind) });
    try {
      const key = await obtainKey(t, 'pool@example.com');
      const docx = templateDocx();
      const requests: Array<[string, () => Response | Promise<Response>]> = [
        ['convert', () => t.app.request('/v1/convert?from=docx', { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: fileForm(docx) })],
        ['annotate', () => t.app.request('/v1/annotate?to=pdf', jsonInit({ document: { base64: Buffer.from(docx).toString('base64') }, fields: [] }, key))],
        ['verify', () => t.app.request('/v1/verify', jsonInit({ document: { base64: Buffer.from('%PDF-1.7\n').toString('base64') } }, key))],
      ];
      const expected: Array<[PoolFailure, number, string]> = [
        ['queue-full', 503, 'RATE_LIMIT_ERROR'], ['queue-timeout', 503, 'TIMEOUT'], ['closed', 503, 'INTERNAL_ERROR'], ['cancelled', 503, 'INTERNAL_ERROR'],
        ['timeout', 504, 'TIMEOUT'], ['out-of-memory', 500, 'INTERNAL_ERROR'], ['crashed', 500, 'INTERNAL_ERROR'],
      ];
      for (const [k, status, code] of expected) {
        kind = k;
        for (const [route, send] of requests) {
          const res = await send();
          await expectProblem(res, status, code, `${route} ${k}`);
          if (status === 503) expect(res.headers.get('retry-after'), `${route} ${k}`).toBe('3');
        }
      }
    } finally {
      await t.close();
    }
  });
});
