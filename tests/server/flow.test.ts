/**
 * The whole /v1 flow — register → code by mail (a real SMTP server in this process) → verify →
 * convert → annotate → sign → verify, plus telemetry — in process (app.request) and over a socket.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { readConfig } from '../../server/config';
import { startServer, type ServerHandle } from '../../server/start';
import { makeDocx } from '../helpers/make-docx';
import { createMemoryLogger } from '../../server/logger';
import {
  b64, codeOf, fileForm, filesUnder, jsonInit, makeTestApp, signBody, startSmtp, telemetryBody, templateDocx, tempDir, type TestApp, type TestSmtp,
} from './helpers';

type Fetch = (path: string, init?: RequestInit) => Promise<Response>;

/** The flow against any transport; returns the artefacts for further checks. */
async function runFlow(call: Fetch, smtp: TestSmtp, email: string) {
  const before = smtp.messages.length;
  const reg = await call(`/v1/auth/register?email=${encodeURIComponent(email)}`);
  expect(reg.status).toBe(200);
  expect(await reg.json()).toBe('Check your email for verification code.');
  const mail = await smtp.waitFor(email, before);
  expect(mail.raw).toMatch(/Subject: Your Colophon verification code: \d{6}/);
  const verified = await call(`/v1/auth/verify?email=${encodeURIComponent(email)}&code=${codeOf(mail)}`);
  expect(verified.status).toBe(200);
  expect(verified.headers.get('cache-control')).toBe('no-store');
  const key = (await verified.json()) as string;
  expect(key).toMatch(/^colophon_[A-Za-z0-9_-]{43}$/);
  const auth = { Authorization: `Bearer ${key}` };

  const converted = await call('/v1/convert?from=docx&to=pdf&trackedChanges=final&comments=hide', { method: 'POST', headers: auth, body: fileForm(templateDocx(), 'Quarterly report.docx') });
  expect(converted.status).toBe(200);
  expect(converted.headers.get('content-type')).toBe('application/pdf');
  expect(converted.headers.get('content-disposition')).toContain('filename="Quarterly report.pdf"');
  expect(converted.headers.get('x-colophon-pages')).toBe('1');
  expect(converted.headers.get('ratelimit-limit')).toBeTruthy();
  const pdf = new Uint8Array(await converted.arrayBuffer());
  expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');

  const annotated = await call('/v1/annotate?to=pdf', jsonInit({ document: { base64: b64(templateDocx()) }, fields: [{ id: 'name', type: 'text', value: 'Ada' }] }, key));
  expect(annotated.status).toBe(200);
  const filled = (await annotated.json()) as { document: { base64: string; contentType: string }; report: { filled: string[]; missing: string[]; unknown: string[] } };
  expect(filled.document.contentType).toBe('application/pdf');
  expect(filled.report).toEqual({ filled: ['name'], missing: [], unknown: [] });
  const filledPdf = Buffer.from(filled.document.base64, 'base64');

  const signed = await call('/v1/sign', jsonInit(signBody(filledPdf, { metadata: { contract: 'A-1' } }), key));
  expect(signed.status).toBe(200);
  const s = (await signed.json()) as { document: { base64: string; contentType: string }; metadata: unknown };
  expect(s.document.contentType).toBe('application/pdf');
  expect(s.metadata).toEqual({ contract: 'A-1' });
  const signedPdf = Buffer.from(s.document.base64, 'base64');
  // The audit-trail page was appended before signing.
  expect((await PDFDocument.load(signedPdf, { ignoreEncryption: true })).getPageCount()).toBe(2);

  const report = await call('/v1/verify', jsonInit({ document: { base64: b64(signedPdf) } }, key));
  expect(report.status).toBe(200);
  const r = (await report.json()) as { valid: boolean; signatures: unknown[]; signer: { name: string } };
  expect(r.valid).toBe(true);
  expect(r.signatures).toHaveLength(1);
  return { key, auth, pdf, signedPdf };
}

describe('the /v1 flow in process (app.request)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ operatorEmails: ['usage@example.com'] }); // usage is the operator's to read
  });
  afterAll(async () => t.close());

  it('register → mail → verify → convert → annotate → sign → verify, statelessly', async () => {
    const call: Fetch = async (path, init) => t.app.request(path, init);
    const { key, auth, signedPdf } = await runFlow(call, t.smtp, 'ada@example.com');

    // A tampered signed PDF is a report with valid: false, not an error.
    const tampered = Buffer.from(signedPdf);
    const at = tampered.indexOf('Second paragraph') >= 0 ? tampered.indexOf('Second paragraph') : 400;
    tampered[at] = tampered[at]! ^ 0x01;
    const bad = await t.app.request('/v1/verify', { method: 'POST', headers: auth, body: fileForm(tampered, 'signed.pdf') });
    expect(bad.status).toBe(200);
    expect(((await bad.json()) as { valid: boolean }).valid).toBe(false);

    const keyInfo = await t.app.request('/v1/verify/key', { headers: auth });
    expect(keyInfo.status).toBe(200);
    const k = (await keyInfo.json()) as Record<string, string>;
    for (const f of ['version', 'algorithm', 'publicKey', 'fingerprint', 'validFrom', 'validTo', 'issuer']) expect(k[f]).toBeDefined();
    expect(k.publicKey).toContain('BEGIN PUBLIC KEY');
    expect(k.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);

    // Annotate as multipart, DOCX out; sign a DOCX as DOCX.
    const form = fileForm(templateDocx(), 'letter.docx', { fields: JSON.stringify([{ id: 'name', type: 'text', value: 'Grace' }]) });
    const docx = await t.app.request('/v1/annotate?to=docx', { method: 'POST', headers: auth, body: form });
    expect(docx.status).toBe(200);
    const d = (await docx.json()) as { document: { base64: string; contentType: string } };
    expect(d.document.contentType).toContain('wordprocessingml');
    const signedDocx = await t.app.request('/v1/sign?to=docx', jsonInit(signBody(Buffer.from(d.document.base64, 'base64')), key));
    expect(signedDocx.status).toBe(200);
    const sd = (await signedDocx.json()) as { document: { base64: string; contentType: string }; warnings: Array<{ code: string }> };
    expect(sd.document.contentType).toContain('wordprocessingml');
    expect(sd.warnings.map((w) => w.code)).toContain('server/audit-trail-not-in-docx');
    const docxReport = await t.app.request('/v1/verify', jsonInit({ document: { base64: sd.document.base64 } }, key));
    expect(((await docxReport.json()) as { valid: boolean }).valid).toBe(true);

    // Stateless: no file of the data directory holds any document bytes or the key.
    const needles = [Buffer.from('UNIQUE-MARKER-7f3a'), Buffer.from('Quarterly report'), signedPdf.subarray(1000, 1064), Buffer.from(key), Buffer.from(b64(signedPdf).slice(2000, 2064))];
    const files = filesUnder(t.dir);
    expect(files.map((f) => f.path.slice(t.dir.length + 1)).sort()).toEqual(
      expect.arrayContaining(['colophon.db', 'dev-identity/ca.crt.pem', 'dev-identity/signer.crt.pem', 'dev-identity/signer.key.pem']),
    );
    for (const f of files) {
      expect(f.path.slice(t.dir.length + 1)).toMatch(/^(colophon\.db(-wal|-shm)?|dev-identity\/[a-z.]+\.pem)$/);
      for (const n of needles) expect(f.bytes.includes(n), `${f.path} holds document bytes`).toBe(false);
    }
    // Logs: no key, no code, no query strings, no content.
    const logText = JSON.stringify(t.log.lines);
    expect(logText).not.toContain(key);
    expect(logText).not.toContain('UNIQUE-MARKER');
    expect(logText).not.toContain('?email=');
    expect(t.log.lines.filter((l) => l.msg === 'request').length).toBeGreaterThan(8);
  });

  it('ingests telemetry and reports distinct documents and opens per licence key per day', async () => {
    const key = (await (async () => {
      const before = t.smtp.messages.length;
      await t.app.request('/v1/auth/register?email=usage@example.com');
      const code = codeOf(await t.smtp.waitFor('usage@example.com', before));
      return (await (await t.app.request(`/v1/auth/verify?email=usage@example.com&code=${code}`)).json()) as string;
    })());
    const post = (license: string, ids: string[]) =>
      t.app.request('/v1/collect', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-License-Key': license }, body: JSON.stringify(telemetryBody(ids)) });
    const first = await post('lic-A', ['HASH-1A2B3C4D']);
    expect(first.status).toBe(202);
    expect(await first.text()).toBe('');
    await post('lic-A', ['HASH-1A2B3C4D', 'HASH-00000001']);
    await post('lic-B', ['HASH-00000002']);
    const today = new Date().toISOString().slice(0, 10);
    const usage = await t.app.request('/v1/usage', { headers: { Authorization: `Bearer ${key}` } });
    expect(usage.status).toBe(200);
    const u = (await usage.json()) as { from: string; to: string; usage: unknown[] };
    expect(u.to).toBe(today);
    expect(u.usage).toEqual([
      { licenseKey: 'lic-A', day: today, documents: 2, opens: 3 },
      { licenseKey: 'lic-B', day: today, documents: 1, opens: 1 },
    ]);
    const one = await t.app.request(`/v1/usage?licenseKey=lic-B&from=${today}&to=${today}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(((await one.json()) as { usage: unknown[] }).usage).toEqual([{ licenseKey: 'lic-B', day: today, documents: 1, opens: 1 }]);
    // CORS preflight for the browser client.
    const pre = await t.app.request('/v1/collect', { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-license-key' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-license-key');
  });
});

describe('the /v1 flow over a real socket', () => {
  let handle: ServerHandle;
  let smtp: TestSmtp;
  let dir: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    dir = tempDir();
    const { config } = readConfig({}, { dataDir: dir, port: 0, log: 'off', workers: 2, smtpUrl: smtp.url, shutdownGraceMs: 20_000 });
    handle = await startServer(config, { log: createMemoryLogger() });
  });
  afterAll(async () => {
    await handle.close();
    await smtp.close();
  });

  it('serves the whole flow on localhost', async () => {
    const call: Fetch = (path, init) => fetch(handle.url + path, init);
    const health = await call('/v1/health');
    const h = (await health.json()) as { status: string; checks: Record<string, string>; version: string; uptimeS: number; timestamp: string };
    expect(h.checks.database).toBe('healthy');
    expect(h.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await call('/v1/health', { headers: { 'X-Request-Id': 'my-trace-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('my-trace-123');
    await runFlow(call, smtp, 'socket@example.com');
  });

  it('names in `error` the reason phrase its status line carries (API.md: error is the HTTP reason phrase)', async () => {
    const email = 'phrase@example.com';
    const before = smtp.messages.length;
    await fetch(`${handle.url}/v1/auth/register?email=${encodeURIComponent(email)}`);
    const verified = await fetch(`${handle.url}/v1/auth/verify?email=${encodeURIComponent(email)}&code=${codeOf(await smtp.waitFor(email, before))}`);
    const auth = { Authorization: `Bearer ${(await verified.json()) as string}` };
    const broken = makeDocx({ rawDocument: '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p>' });
    const answers = [
      await fetch(`${handle.url}/v1/convert?from=docx`, { method: 'POST', headers: auth, body: fileForm(broken) }), // 422
      await fetch(`${handle.url}/v1/convert?from=docx`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{}' }), // 415
      await fetch(`${handle.url}/v1/verify/key`), // 401
      await fetch(`${handle.url}/v1/nowhere`), // 404
    ];
    expect(answers.map((r) => r.status)).toEqual([422, 415, 401, 404]);
    for (const res of answers) {
      const body = (await res.json()) as { error: string; title: string };
      expect([body.error, body.title], String(res.status)).toEqual([res.statusText, res.statusText]);
    }
  });

  it('answers requests the HTTP parser rejects with a problem body, and keeps serving', async () => {
    // Sends `text` and reads until the server closes; `halfClose` ends our side at once.
    const raw = (text: string, halfClose = true) => new Promise<string>((resolve, reject) => {
      const socket = connect(handle.port, '127.0.0.1');
      let out = '';
      socket.on('data', (d: Buffer) => (out += d.toString('latin1')));
      socket.on('close', () => resolve(out));
      socket.on('error', reject);
      if (halfClose) socket.end(text);
      else socket.write(text);
    });
    const cases: Array<[string, number, string]> = [
      ['POST /v1/collect HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n', 400, 'VALIDATION_ERROR'],
      ['POST /v1/collect HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n', 400, 'VALIDATION_ERROR'],
      ['HELLO\r\n\r\n', 400, 'VALIDATION_ERROR'],
      [`GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`, 431, 'PAYLOAD_TOO_LARGE'],
      // Node and the adapter answer these three with a bare 400 of their own.
      ['GET /v1/health HTTP/1.1\r\n\r\n', 400, 'VALIDATION_ERROR'],
      ['GET /v1/health HTTP/1.1\r\nHost: a b@c\r\n\r\n', 400, 'VALIDATION_ERROR'],
      ['GET /v1\\health HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'VALIDATION_ERROR'],
    ];
    for (const [text, status, code] of cases) {
      const answer = await raw(text);
      const [head, body] = answer.split('\r\n\r\n');
      expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(head).toMatch(/^Content-Type: application\/problem\+json$/im);
      const problem = JSON.parse(body!) as { status: number; code: string; requestId: string };
      expect([problem.status, problem.code]).toEqual([status, code]);
      expect(head).toMatch(new RegExp(`^X-Request-Id: ${problem.requestId}$`, 'im'));
    }
    // HTTP/1.0 may leave out Host (RFC 9112 §3.2).
    expect(await raw('GET /v1/health HTTP/1.0\r\n\r\n', false)).toMatch(/^HTTP\/1.1 200 /);
    expect((await fetch(`${handle.url}/v1/health`)).headers.get('content-type')).toContain('application/json');
  });

  it('finishes in-flight requests on shutdown, then refuses new ones', async () => {
    const key = await (async () => {
      const before = smtp.messages.length;
      await fetch(`${handle.url}/v1/auth/register?email=shutdown@example.com`);
      const code = codeOf(await smtp.waitFor('shutdown@example.com', before));
      return (await (await fetch(`${handle.url}/v1/auth/verify?email=shutdown@example.com&code=${code}`)).json()) as string;
    })();
    const url = handle.url;
    const inFlight = fetch(`${url}/v1/convert?from=docx`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: fileForm(templateDocx()) });
    while (handle.pool.stats().busy === 0) await new Promise((r) => setTimeout(r, 2));
    const closing = handle.close();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    await closing;
    await expect(fetch(`${url}/v1/health`)).rejects.toThrow();
  });
});
