/**
 * Clauses of ../shared/API.md checked on the real routes, each named after the deviation an audit
 * found: the caller's request id echoed whatever its alphabet, 415 for a body of the wrong media type,
 * the required `from` of convert and `to` of annotate. (The wait for a worker within the per-request
 * time limit: pool.test.ts; RateLimit-* on every 429: limits.test.ts; the reason phrase of the status
 * line in `error`: flow.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileForm, jsonInit, makeTestApp, obtainKey, templateDocx, type TestApp } from './helpers';

describe('API.md clauses on the real routes', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await makeTestApp({ workers: 1, rateLimit: 10_000, keyConcurrency: 100 });
    key = await obtainKey(t, 'contract@example.com');
  });
  afterAll(async () => t.close());

  it('echoes the caller\'s X-Request-Id, base64 and trace-header ids included, in the header and the problem body', async () => {
    for (const id of ['Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1', 'k3Y9/+aBc0==', 'req 42/7']) {
      const res = await t.app.request('/v1/verify/key', { headers: { 'X-Request-Id': id } });
      expect(res.status).toBe(401);
      expect(res.headers.get('x-request-id')).toBe(id);
      expect(((await res.json()) as { requestId: string }).requestId).toBe(id);
    }
    // Too long, or not ASCII: a fresh id rather than a header that could not carry it back.
    for (const id of ['x'.repeat(201), 'trace-é']) {
      const res = await t.app.request('/v1/health', { headers: { 'X-Request-Id': id } });
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
  it('answers 415 with Accept-Post when the body is not of a media type the route reads', async () => {
    const auth = { Authorization: `Bearer ${key}` };
    const cases: Array<[string, Record<string, string>, BodyInit, string]> = [
      ['/v1/convert?from=docx', { ...auth, 'Content-Type': 'application/json' }, '{}', 'multipart/form-data'],
      ['/v1/annotate?to=docx', { ...auth, 'Content-Type': 'text/plain' }, 'x', 'application/json, multipart/form-data'],
      ['/v1/sign', auth, fileForm(templateDocx()), 'application/json'],
      ['/v1/verify', { ...auth, 'Content-Type': 'application/pdf' }, '%PDF-', 'application/json, multipart/form-data'],
      ['/v1/collect', { 'Content-Type': 'text/plain', 'X-License-Key': 'k' }, '{}', 'application/json'],
    ];
    for (const [path, headers, body, accepted] of cases) {
      const res = await t.app.request(path, { method: 'POST', headers, body });
      expect(res.status, path).toBe(415);
      expect(res.headers.get('accept-post'), path).toBe(accepted);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      const p = (await res.json()) as { code: string; error: string; title: string; details: Array<{ field: string }> };
      expect([p.code, p.error, p.title, p.details[0]!.field]).toEqual(['VALIDATION_ERROR', 'Unsupported Media Type', 'Unsupported Media Type', 'Content-Type']);
    }
  });
  it('convert needs from=docx (API.md: POST /v1/convert?from=docx[&to=pdf]); to alone may be left out', async () => {
    const auth = { Authorization: `Bearer ${key}` };
    for (const query of ['', '?to=pdf']) {
      const res = await t.app.request(`/v1/convert${query}`, { method: 'POST', headers: auth, body: fileForm(templateDocx()) });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { details: unknown }).details).toEqual([{ field: 'from', issue: 'is required: from=docx' }]);
    }
    const ok = await t.app.request('/v1/convert?from=docx', { method: 'POST', headers: auth, body: fileForm(templateDocx()) });
    expect([ok.status, ok.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  });
  it('annotate needs to=docx or to=pdf (API.md: POST /v1/annotate?to=docx|pdf)', async () => {
    const body = { document: { base64: Buffer.from(templateDocx()).toString('base64') }, fields: [{ id: 'name', type: 'text', value: 'Ada' }] };
    const missing = await t.app.request('/v1/annotate', jsonInit(body, key));
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { details: unknown }).details).toEqual([{ field: 'to', issue: 'is required: to=docx or to=pdf' }]);
    const ok = await t.app.request('/v1/annotate?to=docx', jsonInit(body, key));
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { report: unknown }).report).toEqual({ filled: ['name'], missing: [], unknown: [] });
  });
});
