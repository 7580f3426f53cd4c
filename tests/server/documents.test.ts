/**
 * Error paths of the document routes: request validation (field details), file format checks,
 * unprocessable documents (422), body size (413), not found / method not allowed, health degraded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { writeZip } from '../../engine/zip';
import { DEFAULT_LIMITS, encodeUtf8 } from '../../engine/core';
import { makeDocx, para } from '../helpers/make-docx';
import { b64, fileForm, jsonInit, makeTestApp, obtainKey, signBody, templateDocx, type TestApp } from './helpers';

type Details = Array<{ field: string; issue: string }>;

async function expectProblem(res: Response, status: number, code: string, field?: string): Promise<{ message: string; details?: Details }> {
  const body = (await res.json()) as { code: string; status: number; message: string; details?: Details };
  expect({ status: res.status, code: body.code }, JSON.stringify(body)).toEqual({ status, code });
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  if (field) expect(body.details?.map((d) => d.field)).toContain(field);
  return body;
}

describe('document routes: validation and errors', () => {
  let t: TestApp;
  let key: string;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await makeTestApp({ maxBodyBytes: 1024 * 1024, rateLimit: 10_000, keyConcurrency: 100 });
    key = await obtainKey(t, 'docs@example.com');
    auth = { Authorization: `Bearer ${key}` };
  });
  afterAll(async () => t.close());

  const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) => t.app.request(path, { method: 'POST', headers: { ...auth, ...headers }, body });

  it('convert: rejects unknown and invalid query parameters, a missing or textual file part, unknown parts and JSON bodies', async () => {
    await expectProblem(await post('/v1/convert?from=doc', fileForm(templateDocx())), 400, 'VALIDATION_ERROR', 'from');
    await expectProblem(await post('/v1/convert?from=docx&trackedChanges=all', fileForm(templateDocx())), 400, 'VALIDATION_ERROR', 'trackedChanges');
    await expectProblem(await post('/v1/convert?from=docx&pages=1', fileForm(templateDocx())), 400, 'VALIDATION_ERROR', 'pages');
    await expectProblem(await post('/v1/convert?from=docx&to=pdf&to=pdf', fileForm(templateDocx())), 400, 'VALIDATION_ERROR', 'to');
    const noFile = new FormData();
    noFile.append('other', 'x');
    await expectProblem(await post('/v1/convert?from=docx', noFile), 400, 'VALIDATION_ERROR', 'other');
    const textFile = new FormData();
    textFile.append('file', 'just text');
    expect((await expectProblem(await post('/v1/convert?from=docx', textFile), 400, 'VALIDATION_ERROR', 'file')).details![0]!.issue).toContain('file part');
    await expectProblem(await post('/v1/convert?from=docx', JSON.stringify({ file: 'x' }), { 'Content-Type': 'application/json' }), 415, 'VALIDATION_ERROR', 'Content-Type');
  });

  it('convert: a non-DOCX is INVALID_FILE_FORMAT, a broken DOCX is UNPROCESSABLE_DOCUMENT with the engine diagnostics', async () => {
    await expectProblem(await post('/v1/convert?from=docx', fileForm(encodeUtf8('%PDF-1.7 not a docx'), 'x.pdf')), 400, 'INVALID_FILE_FORMAT', 'file');
    const notDocx = writeZip([{ name: 'hello.txt', data: encodeUtf8('hi') }]);
    await expectProblem(await post('/v1/convert?from=docx', fileForm(notDocx)), 400, 'INVALID_FILE_FORMAT');
    const badXml = makeDocx({ rawDocument: '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p>' });
    const p = await expectProblem(await post('/v1/convert?from=docx', fileForm(badXml)), 422, 'UNPROCESSABLE_DOCUMENT');
    expect(p.details![0]!.issue).toMatch(/^(docx|xml)\//);
    const truncated = templateDocx().subarray(0, 300);
    // A cut-off package is not a readable DOCX at all.
    await expectProblem(await post('/v1/convert?from=docx', fileForm(truncated)), 400, 'INVALID_FILE_FORMAT', 'file');
  });

  it('convert: past the page limit, the hint says what an HTTP caller can do (not "raise maxPages")', async () => {
    // One paragraph of page breaks: a page each, past the engine's default limit the server keeps.
    const pages = makeDocx(`<w:p><w:r>${'<w:br w:type="page"/>'.repeat(DEFAULT_LIMITS.maxPages)}<w:t>end</w:t></w:r></w:p>`);
    const p = await expectProblem(await post('/v1/convert?from=docx', fileForm(pages)), 422, 'UNPROCESSABLE_DOCUMENT', 'file');
    const issue = p.details![0]!.issue;
    expect(issue).toMatch(/^layout\/too-many-pages: /);
    expect(issue).not.toMatch(/Raise/);
    expect(issue).toContain(`at most ${DEFAULT_LIMITS.maxPages} pages`);
    expect(issue).toMatch(/split the document/);
    expect(issue).toMatch(/operator/);
  }, 120_000);

  it('convert: strict=true turns engine warnings into a 422', async () => {
    const warned = makeDocx(para('Text in a font nobody has', '', '<w:rFonts w:ascii="NoSuchFontAnywhere" w:hAnsi="NoSuchFontAnywhere"/>'));
    const lax = await post('/v1/convert?from=docx', fileForm(warned));
    expect(lax.status).toBe(200);
    expect(Number(lax.headers.get('x-colophon-warnings'))).toBeGreaterThan(0);
    await expectProblem(await post('/v1/convert?from=docx&strict=true', fileForm(warned)), 422, 'UNPROCESSABLE_DOCUMENT');
  });

  it('answers 413 for a body over the limit, with or without Content-Length', async () => {
    const big = new Uint8Array(1024 * 1024 + 10);
    big.set([0x50, 0x4b, 3, 4]);
    await expectProblem(await post('/v1/convert?from=docx', fileForm(big)), 413, 'PAYLOAD_TOO_LARGE');
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 20; i++) c.enqueue(new Uint8Array(100 * 1024));
        c.close();
      },
    });
    const chunked = await t.app.request('/v1/verify', { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit);
    await expectProblem(chunked, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('annotate: validates the body, base64, fields and options', async () => {
    const doc = { base64: b64(templateDocx()) };
    await expectProblem(await post('/v1/annotate?to=docx', '{not json', { 'Content-Type': 'application/json' }), 400, 'VALIDATION_ERROR', 'body');
    await expectProblem(await post('/v1/annotate?to=docx', '[1]', { 'Content-Type': 'application/json' }), 400, 'VALIDATION_ERROR', 'body');
    await expectProblem(await t.app.request('/v1/annotate?to=docx', jsonInit({ fields: [] }, key)), 400, 'VALIDATION_ERROR', 'document');
    await expectProblem(await t.app.request('/v1/annotate?to=docx', jsonInit({ document: { base64: '@@@' }, fields: [] }, key)), 400, 'VALIDATION_ERROR', 'document.base64');
    await expectProblem(await t.app.request('/v1/annotate?to=docx', jsonInit({ document: { base64: 'aGk', extra: 1 }, fields: [] }, key)), 400, 'VALIDATION_ERROR', 'document.extra');
    await expectProblem(await t.app.request('/v1/annotate?to=docx', jsonInit({ document: doc, fields: [], template: 1 }, key)), 400, 'VALIDATION_ERROR', 'template');
    await expectProblem(await t.app.request('/v1/annotate?to=xlsx', jsonInit({ document: doc, fields: [] }, key)), 400, 'VALIDATION_ERROR', 'to');
    const f = await expectProblem(await t.app.request('/v1/annotate?to=docx', jsonInit({ document: doc, fields: [{ type: 'text', value: 'x' }] }, key)), 400, 'VALIDATION_ERROR', 'fields[0]');
    expect(f.details![0]!.issue).toContain('exactly one of');
    await expectProblem(await t.app.request('/v1/annotate?to=docx', jsonInit({ document: doc, fields: [{ id: 'a', type: 'video', value: 'x' }] }, key)), 400, 'VALIDATION_ERROR', 'fields[0].type');
    await expectProblem(await t.app.request('/v1/annotate?to=docx', jsonInit({ document: doc, fields: [], options: { flatten: 'yes' } }, key)), 400, 'VALIDATION_ERROR', 'options.flatten');
    await expectProblem(await t.app.request('/v1/annotate?to=docx', jsonInit({ document: doc, fields: [], options: { colour: 1 } }, key)), 400, 'VALIDATION_ERROR', 'options.colour');
    const img = await t.app.request('/v1/annotate?to=docx', jsonInit({ document: doc, fields: [{ id: 'name', type: 'image', value: 'data:image/png;base64,AAAA' }] }, key));
    await expectProblem(img, 400, 'VALIDATION_ERROR');
    const form = fileForm(templateDocx(), 'a.docx', { fields: '{oops' });
    await expectProblem(await post('/v1/annotate?to=docx', form), 400, 'VALIDATION_ERROR', 'fields');
    await expectProblem(await t.app.request('/v1/annotate?to=docx', jsonInit({ document: { base64: b64(encodeUtf8('plain text')) }, fields: [] }, key)), 400, 'INVALID_FILE_FORMAT', 'document');
  });

  it('annotate: reports missing and unknown fields, and strict makes them a 422', async () => {
    const body = { document: { base64: b64(templateDocx()) }, fields: [{ id: 'nobody', type: 'text', value: 'x' }] };
    const res = await t.app.request('/v1/annotate?to=docx', jsonInit(body, key));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { report: unknown }).report).toEqual({ filled: [], missing: ['name'], unknown: ['nobody'] });
    await expectProblem(await t.app.request('/v1/annotate?to=docx', jsonInit({ ...body, options: { strict: true } }, key)), 422, 'UNPROCESSABLE_DOCUMENT');
  });

  it('sign: validates signer, audit trail, certificate option, metadata and formats', async () => {
    const pdf = Buffer.from(await (await post('/v1/convert?from=docx', fileForm(templateDocx()))).arrayBuffer());
    const sign = (body: Record<string, unknown>, q = '') => t.app.request(`/v1/sign${q}`, jsonInit(body, key));
    await expectProblem(await sign(signBody(pdf, { signer: { name: 'A' } })), 400, 'VALIDATION_ERROR', 'signer');
    await expectProblem(await sign(signBody(pdf, { auditTrail: [{ type: 'ready', timestamp: '2026-01-01T00:00:00Z' }] })), 400, 'VALIDATION_ERROR', 'auditTrail');
    await expectProblem(await sign(signBody(pdf, { auditTrail: [{ type: 'submit', timestamp: 'yesterday' }] })), 400, 'VALIDATION_ERROR', 'auditTrail[0]');
    await expectProblem(await sign(signBody(pdf, { certificate: { enabled: 'no' } })), 400, 'VALIDATION_ERROR', 'certificate.enabled');
    await expectProblem(await sign(signBody(pdf, { certificate: { enabled: true, level: 'B-T' } })), 400, 'VALIDATION_ERROR', 'certificate.level');
    await expectProblem(await sign(signBody(pdf, { metadata: { nested: { a: 1 } } })), 400, 'VALIDATION_ERROR', 'metadata.nested');
    await expectProblem(await sign(signBody(pdf, { witness: 'x' })), 400, 'VALIDATION_ERROR', 'witness');
    await expectProblem(await sign(signBody(pdf), '?to=docx'), 400, 'VALIDATION_ERROR', 'to');
    await expectProblem(await sign(signBody(encodeUtf8('hello'))), 400, 'INVALID_FILE_FORMAT', 'document.base64');
    await expectProblem(await sign(signBody(encodeUtf8('%PDF-1.7\nbroken'))), 422, 'UNPROCESSABLE_DOCUMENT');
    // certificate.enabled = false: no audit-trail page.
    const plain = await sign(signBody(pdf, { certificate: { enabled: false } }));
    expect(plain.status).toBe(200);
    const bytes = Buffer.from(((await plain.json()) as { document: { base64: string } }).document.base64, 'base64');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    // A DOCX input is converted, then signed as PDF with the audit trail.
    const fromDocx = await sign(signBody(templateDocx()));
    expect(fromDocx.status).toBe(200);
    const fd = Buffer.from(((await fromDocx.json()) as { document: { base64: string } }).document.base64, 'base64');
    expect((await PDFDocument.load(fd)).getPageCount()).toBe(2);
  });

  it('verify: validates input; an unsigned PDF is a report, garbage a 422', async () => {
    await expectProblem(await t.app.request('/v1/verify?trust=all', jsonInit({ document: { base64: 'aGk=' } }, key)), 400, 'VALIDATION_ERROR', 'trust');
    await expectProblem(await t.app.request('/v1/verify', jsonInit({ file: 'x' }, key)), 400, 'VALIDATION_ERROR', 'file');
    await expectProblem(await t.app.request('/v1/verify', jsonInit({ document: { base64: b64(encodeUtf8('hello')) } }, key)), 400, 'INVALID_FILE_FORMAT');
    const form = new FormData();
    await expectProblem(await post('/v1/verify', form), 400, 'VALIDATION_ERROR');
    const pdf = Buffer.from(await (await post('/v1/convert?from=docx', fileForm(templateDocx()))).arrayBuffer());
    const unsigned = await post('/v1/verify', fileForm(pdf, 'a.pdf'));
    expect(unsigned.status).toBe(200);
    const r = (await unsigned.json()) as { valid: boolean; signatures: unknown[] };
    expect(r).toMatchObject({ valid: false, signatures: [] });
    await expectProblem(await post('/v1/verify', fileForm(encodeUtf8('%PDF-1.7\ngarbage'), 'a.pdf')), 422, 'UNPROCESSABLE_DOCUMENT');
  });

  it('answers 404 and 405 with problem bodies', async () => {
    await expectProblem(await t.app.request('/v1/nothing'), 404, 'VALIDATION_ERROR', 'path');
    const m = await t.app.request('/v1/convert', { headers: auth });
    await expectProblem(m, 405, 'VALIDATION_ERROR', 'method');
    expect(m.headers.get('allow')).toBe('POST');
    expect((await t.app.request('/v1/health', { method: 'DELETE' })).status).toBe(405);
  });

  it('health reports degraded with 503 when the engine is gone', async () => {
    const ok = await t.app.request('/v1/health');
    expect(ok.status).toBe(200);
    const other = await makeTestApp({ workers: 1 });
    try {
      await other.pool.close();
      const res = await other.app.request('/v1/health');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'degraded', checks: { engine: 'unhealthy', database: 'healthy' } });
    } finally {
      await other.close();
    }
  });
});
