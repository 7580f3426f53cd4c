/**
 * The OpenAPI 3.1 document matches the app: the same operations, the same query parameters (read
 * from the app's own "allowed: …" answers), the same security, and every $ref resolves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, obtainKey, type TestApp } from './helpers';

interface Operation {
  operationId: string;
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
}
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> }; security: unknown[] };

describe('GET /v1/openapi.json', () => {
  let t: TestApp;
  let doc: Doc;
  let key: string;
  beforeAll(async () => {
    // An operator key, so the walk over query parameters reaches GET /v1/usage's validation too.
    t = await makeTestApp({ workers: 1, operatorEmails: ['openapi@example.com'] });
    const res = await t.app.request('/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    doc = (await res.json()) as Doc;
    key = await obtainKey(t, 'openapi@example.com');
  });
  afterAll(async () => t.close());

  const operations = () => Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })));

  it('is OpenAPI 3.1 with exactly the routes the app serves', () => {
    expect(doc.openapi).toBe('3.1.0');
    const documented = operations().map((o) => `${o.method} ${o.path}`).sort();
    const served = [...new Set(t.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/v1/')).map((r) => `${r.method} ${r.path}`))].sort();
    expect(documented).toEqual(served);
    expect(documented).toHaveLength(11);
  });

  it('documents the query parameters each route accepts, and no others', async () => {
    for (const { path, method, op } of operations()) {
      const documented = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name).sort();
      const headers: Record<string, string> = { Authorization: `Bearer ${key}`, 'X-License-Key': 'lic' };
      const res = await t.app.request(`${path}?zz_undocumented=1`, { method, headers });
      expect(res.status, `${method} ${path}`).toBe(400);
      const body = (await res.json()) as { details: Array<{ field: string; issue: string }> };
      const detail = body.details.find((d) => d.field === 'zz_undocumented')!;
      const allowed = /allowed: (.*)$/.exec(detail.issue)![1]!;
      expect(allowed === 'none' ? [] : allowed.split(', ').sort(), `${method} ${path}`).toEqual(documented);
    }
  });

  it('marks exactly the routes that need a key as secured', async () => {
    for (const { path, method, op } of operations()) {
      const secured = (op.security ?? doc.security).length > 0;
      const res = await t.app.request(path, { method });
      expect(res.status === 401, `${method} ${path}`).toBe(secured);
      if (secured) expect(Object.keys(op.responses), `${method} ${path}`).toContain('401');
    }
  });

  it('documents the 403 a non-operator key gets from GET /v1/usage, and only there', async () => {
    const other = await obtainKey(t, 'not-operator@example.com');
    for (const { path, method, op } of operations()) {
      const documented = Object.keys(op.responses).includes('403');
      expect(documented, `${method} ${path}`).toBe(path === '/v1/usage');
    }
    expect((await t.app.request('/v1/usage', { headers: { Authorization: `Bearer ${other}` } })).status).toBe(403);
    expect((await t.app.request('/v1/usage', { headers: { Authorization: `Bearer ${key}` } })).status).toBe(200);
  });

  it('documents errors with the problem schema and resolves every $ref', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"#\/components\/schemas\/[A-Za-z]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const r of refs) expect(doc.components.schemas).toHaveProperty(r.split('/').pop()!.replace('"', ''));
    for (const { op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        // Health answers its own body when degraded; every other error is a problem body.
        if (Number(status) >= 400 && op.operationId !== 'health') expect(JSON.stringify(response)).toContain('application/problem+json');
      }
      if (op.parameters?.some((p) => p.in === 'query')) expect(Object.keys(op.responses)).toContain('400');
    }
  });
});
