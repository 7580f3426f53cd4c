/**
 * Limits: per-key rate limit (429 + Retry-After + RateLimit-*), per-key concurrency, a full queue
 * answering 503 at once, the event loop staying free during conversions, client aborts freeing
 * the worker, and telemetry ingest validation and limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocx, para } from '../helpers/make-docx';
import { fileForm, makeTestApp, obtainKey, telemetryBody, type TestApp } from './helpers';

// A longer document for the event-loop test, so the conversion outlasts timer noise by far
// even as the engine gets faster.
const heavier = makeDocx(Array.from({ length: 5000 }, (_, i) => para(`Paragraph ${i} ` + 'words and more words '.repeat(20))).join(''));
const heavy = makeDocx(Array.from({ length: 1500 }, (_, i) => para(`Paragraph ${i} ` + 'words and more words '.repeat(20))).join(''));

async function untilBusy(t: TestApp, n = 1): Promise<void> {
  for (let i = 0; i < 2000 && t.pool.stats().busy < n; i++) await new Promise((r) => setTimeout(r, 5));
}

describe('per-key rate limit and concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ rateLimit: 3, rateWindowMs: 60_000, keyConcurrency: 1 });
  });
  afterAll(async () => t.close());

  it('counts requests per key per window and answers 429 with Retry-After and RateLimit headers', async () => {
    const key = await obtainKey(t, 'rate@example.com');
    const other = await obtainKey(t, 'rate2@example.com');
    const get = (k: string) => t.app.request('/v1/verify/key', { headers: { Authorization: `Bearer ${k}` } });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await get(key);
      expect(r.status).toBe(200);
      remaining.push(r.headers.get('ratelimit-remaining')!);
      expect(r.headers.get('ratelimit-limit')).toBe('3');
      expect(r.headers.get('ratelimit-policy')).toBe('3;w=60');
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await get(key);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { code: string }).code).toBe('RATE_LIMIT_ERROR');
    const after = Number(limited.headers.get('retry-after'));
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThanOrEqual(60);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('ratelimit-reset')).toBe(String(after));
    expect((await get(other)).status).toBe(200); // another key has its own budget
    t.advance(60_000);
    expect((await get(key)).status).toBe(200);
  });

  it('allows keyConcurrency engine requests in flight per key; the next gets 429 at once', async () => {
    t.advance(60_000);
    const key = await obtainKey(t, 'busy@example.com');
    const auth = { Authorization: `Bearer ${key}` };
    const first = t.app.request('/v1/convert?from=docx', { method: 'POST', headers: auth, body: fileForm(heavy) });
    await untilBusy(t);
    const started = performance.now();
    const second = await t.app.request('/v1/convert?from=docx', { method: 'POST', headers: auth, body: fileForm(heavy) });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('1');
    // Every 429 carries the RateLimit-* headers (API.md), here the window's state with only the first convert counted.
    expect([second.headers.get('ratelimit-limit'), second.headers.get('ratelimit-remaining'), second.headers.get('ratelimit-policy')]).toEqual(['3', '2', '3;w=60']);
    expect(Number(second.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    expect(((await second.json()) as { message: string }).message).toContain('in flight');
    expect((await first).status).toBe(200);
    // The refused request did not use up rate budget: 3 - the first convert - this request = 1.
    const after = await t.app.request('/v1/verify/key', { headers: auth });
    expect(after.headers.get('ratelimit-remaining')).toBe('1');
  });
});

describe('engine pool limits through the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ workers: 1, queueSize: 1, keyConcurrency: 10, rateLimit: 1000 });
  });
  afterAll(async () => t.close());

  it('answers 503 RATE_LIMIT_ERROR with Retry-After at once when the queue is full, and serves the rest', async () => {
    const key = await obtainKey(t, 'queue@example.com');
    const send = () => t.app.request('/v1/convert?from=docx', { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: fileForm(heavy) });
    const running = send();
    await untilBusy(t);
    const queued = send();
    for (let i = 0; i < 200 && t.pool.stats().queued < 1; i++) await new Promise((r) => setTimeout(r, 5));
    const started = performance.now();
    const rejected = await send();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(rejected.status).toBe(503);
    expect(Number(rejected.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await rejected.json()) as { code: string }).code).toBe('RATE_LIMIT_ERROR');
    expect((await running).status).toBe(200);
    expect((await queued).status).toBe(200);
  });

  it('keeps the event loop free while a worker converts', async () => {
    const key = await obtainKey(t, 'loop@example.com');
    let maxGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const res = await t.app.request('/v1/convert?from=docx', { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: fileForm(heavier) });
    clearInterval(timer);
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-colophon-pages'))).toBeGreaterThan(300);
    const duration = performance.now() - started;
    // Had the conversion run on this thread, one gap would span most of it; timers keep firing
    // instead. The bound is relative to the duration so a busy shared machine does not fail it.
    expect(duration).toBeGreaterThan(200);
    expect(maxGap).toBeLessThan(duration / 3);
  });

  it('stops the job when the client goes away, freeing the worker', async () => {
    const key = await obtainKey(t, 'abort@example.com');
    const controller = new AbortController();
    const req = new Request('http://localhost/v1/convert?from=docx', { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: fileForm(heavy), signal: controller.signal });
    const pending = t.app.request(req);
    await untilBusy(t);
    const completedBefore = t.pool.stats().completed;
    controller.abort();
    const res = await pending;
    expect(res.status).toBe(503); // the engine stopped with core/cancelled
    expect(((await res.json()) as { message: string }).message).toContain('cancelled');
    expect(t.pool.stats().busy).toBe(0);
    expect(t.pool.stats().completed).toBe(completedBefore + 1);
  });
});

describe('telemetry ingest validation and limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ workers: 1, collectPerIp: 5, trustProxy: true, operatorEmails: ['usage2@example.com'] });
  });
  afterAll(async () => t.close());

  const collect = (body: unknown, headers: Record<string, string> = { 'X-License-Key': 'lic-1' }, ip = '198.51.100.9') =>
    t.app.request('/v1/collect', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const fields = async (res: Response) => {
    expect(res.status).toBe(400);
    return ((await res.json()) as { details: Array<{ field: string }> }).details.map((d) => d.field);
  };

  it('rejects a missing licence key, malformed events and unknown fields', async () => {
    expect(await fields(await collect(telemetryBody(['HASH-00000001']), {}))).toEqual(['X-License-Key']);
    expect(await fields(await collect(telemetryBody(['hash-1']), undefined, '198.51.100.10'))).toEqual(['events[0].documentId']);
    const bad = { ...telemetryBody(['HASH-00000001']), events: [{ timestamp: 'soon', documentId: 'HASH-00000001', documentCreatedAt: 'x', extra: 1 }], tracking: true };
    expect(await fields(await collect(bad, undefined, '198.51.100.11'))).toEqual(['tracking', 'events[0].extra', 'events[0].timestamp']);
    const many = telemetryBody(Array.from({ length: 101 }, (_, i) => `HASH-${String(i).padStart(8, '0')}`));
    expect(await fields(await collect(many, undefined, '198.51.100.12'))).toEqual(['events']);
    expect(await fields(await collect({ ...telemetryBody(['HASH-00000001']), browserInfo: { screenSize: { width: -1, height: 2 } } }, undefined, '198.51.100.13'))).toEqual(['browserInfo.screenSize']);
    const huge = await collect({ ...telemetryBody(['HASH-00000001']), metadata: { blob: 'x'.repeat(70_000) } }, undefined, '198.51.100.14');
    expect(huge.status).toBe(413);
  });

  it('limits telemetry requests per client IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await collect(telemetryBody(['HASH-0000000A']), undefined, '192.0.2.77')).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('validates usage parameters', async () => {
    const key = await obtainKey(t, 'usage2@example.com');
    const get = (q: string) => t.app.request(`/v1/usage${q}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(await fields(await get('?from=2026-13-45'))).toEqual(['from']);
    expect(await fields(await get('?from=2026-02-01&to=2026-01-01'))).toEqual(['from']);
    expect(await fields(await get('?from=2024-01-01&to=2026-01-01'))).toEqual(['from']);
    expect(await fields(await get('?key=1'))).toEqual(['key']);
    const ok = await get('?from=2026-01-01&to=2026-01-31');
    expect(await ok.json()).toEqual({ from: '2026-01-01', to: '2026-01-31', usage: [] });
  });
});
