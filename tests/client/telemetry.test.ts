/**
 * The client telemetry contract of ../shared/API.md, observed on the wire with msw 2 (Node
 * interceptors on the global fetch): what is sent, where, with which key, and that nothing the
 * network does can reach the application.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createColophonClient, documentIdentity, DEFAULT_TELEMETRY_ENDPOINT, COLOPHON_VERSION, type CreateClientOptions } from '../../client';
import { crc32, encodeUtf8 } from '../../engine/core';
import { openZip } from '../../engine/zip';
import { makeDocx, para } from '../helpers/make-docx';

const GUID = '0F1E2D3C-4B5A-4968-8776-5A4B3C2D1E0F';
const CREATED = '2025-12-31T10:00:00Z';
const NOW = new Date('2026-01-02T03:04:05.678Z');
const env = { now: () => NOW, randomUUID: () => 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee' };

interface Seen {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly credentials: RequestCredentials;
  readonly body: any;
}

const seen: Seen[] = [];
const server = setupServer(
  http.post('*', async ({ request }) => {
    seen.push({
      url: request.url, method: request.method, headers: Object.fromEntries(request.headers), credentials: request.credentials, body: await request.json(),
    });
    return new HttpResponse(null, { status: 202 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const withIdentity = () => makeDocx({ body: para('x'), settings: `<w15:docId w15:val="{${GUID}}"/>`, coreProps: `<dcterms:created xsi:type="dcterms:W3CDTF">${CREATED}</dcterms:created>` });
const withoutIdentity = () => makeDocx({ body: para('no metadata') });
const hex8 = (n: number) => n.toString(16).toUpperCase().padStart(8, '0');

function client(options: Omit<CreateClientOptions, 'environment'> = {}) {
  return createColophonClient({ ...options, environment: env });
}

/** Lets the fire-and-forget request reach the mock server. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 5));
}

describe('telemetry on document open', () => {
  it('GUID + created present: one POST with the metadata hash, the contract headers and credentials omitted', async () => {
    const doc = client().openDocument(withIdentity());
    expect(doc.reported).toBe(true);
    await settle();
    expect(seen).toHaveLength(1);
    const r = seen[0]!;
    expect(r.url).toBe(DEFAULT_TELEMETRY_ENDPOINT);
    expect(r.method).toBe('POST');
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['x-license-key']).toBe('community-and-eval-agplv3');
    expect(r.credentials).toBe('omit');
    expect(r.body).toEqual({
      colophonVersion: COLOPHON_VERSION,
      browserInfo: { userAgent: expect.any(String), currentUrl: '', hostname: '', screenSize: { width: 0, height: 0 } },
      metadata: {},
      events: [{ timestamp: '2026-01-02T03:04:05.678Z', documentId: `HASH-${hex8(crc32(encodeUtf8(`${GUID}|${CREATED}`)))}`, documentCreatedAt: CREATED }],
    });
    expect(doc.identity.generated).toBe(false);
  });

  it('GUID + created missing: content hash and generated time; the export carries them; reopening sends the metadata hash', async () => {
    const bytes = withoutIdentity();
    const c = client();
    const doc = c.openDocument(bytes);
    await settle();
    expect(seen[0]!.body.events[0]).toEqual({ timestamp: NOW.toISOString(), documentId: `HASH-${hex8(crc32(bytes))}`, documentCreatedAt: '2026-01-02T03:04:00Z' });
    const exported = doc.exportDocx();
    expect(exported.ok).toBe(true);
    if (!exported.ok) return;
    const zip = openZip(exported.value);
    expect(new TextDecoder().decode(zip.read('docProps/custom.xml'))).toContain('<vt:lpwstr>aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee</vt:lpwstr>');
    expect(new TextDecoder().decode(zip.read('docProps/core.xml'))).toContain('>2026-01-02T03:04:00Z</dcterms:created>');
    c.openDocument(exported.value);
    await settle();
    expect(seen).toHaveLength(2);
    expect(seen[1]!.body.events[0].documentId).toBe(`HASH-${hex8(crc32(encodeUtf8('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee|2026-01-02T03:04:00Z')))}`);
    expect(seen[1]!.body.events[0].documentCreatedAt).toBe('2026-01-02T03:04:00Z');
  });

  it('disabled: no request at all, but the identity is still generated and exported', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const doc = client({ telemetry: { enabled: false } }).openDocument(withoutIdentity());
    await settle();
    expect(seen).toHaveLength(0);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(doc.reported).toBe(false);
    const exported = doc.exportDocx();
    expect(exported.ok && documentIdentity(exported.value).guid).toBe('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee');
  });

  it('endpoint override: the event goes to the given URL only', async () => {
    client({ telemetry: { endpoint: 'https://collect.example.org/v1/collect' } }).openDocument(withIdentity());
    await settle();
    expect(seen.map((s) => s.url)).toEqual(['https://collect.example.org/v1/collect']);
  });

  it('metadata: sent as given with every event', async () => {
    client({ telemetry: { metadata: { tenant: 'acme', plan: 3, beta: true } } }).openDocument(withIdentity());
    await settle();
    expect(seen[0]!.body.metadata).toEqual({ tenant: 'acme', plan: 3, beta: true });
  });

  it('metadata that is not a record (a list, a string) is sent as {}, so the ingest still counts the open', async () => {
    for (const metadata of [['tenant', 'acme'], 'acme']) client({ telemetry: { metadata: metadata as never } }).openDocument(withIdentity());
    await settle();
    expect(seen.map((s) => s.body.metadata)).toEqual([{}, {}]);
    const { readTelemetry } = await import('../../server/routes/telemetry');
    expect(readTelemetry(seen[0]!.body)).toHaveLength(1);
  });

  it('licence key precedence: root key beats the deprecated telemetry.licenseKey, which beats the default', async () => {
    client({ licenseKey: 'root-key', telemetry: { licenseKey: 'deprecated-key' } }).openDocument(withIdentity());
    client({ telemetry: { licenseKey: 'deprecated-key' } }).openDocument(withIdentity());
    client({}).openDocument(withIdentity());
    await settle();
    expect(seen.map((s) => s.headers['x-license-key']).sort()).toEqual(['community-and-eval-agplv3', 'deprecated-key', 'root-key']);
  });

  it('sends the page address without its query, fragment or user info, and only the scheme of a local page', async () => {
    const screen = { width: 1440, height: 900 };
    const pages: Array<[string, string]> = [
      ['https://ada:pw@app.example:8443/docs/edit?token=s3cr3t&email=ada%40example.com#access_token=abc', 'https://app.example:8443/docs/edit'],
      ['http://localhost:5173/', 'http://localhost:5173/'],
      ['file:///home/ada/contracts/salary.html', 'file:'],
      ['data:text/html,<p>private</p>', 'data:'],
    ];
    for (const [href, sent] of pages) {
      vi.stubGlobal('location', { href, hostname: new URL(href).hostname });
      vi.stubGlobal('screen', screen);
      client().openDocument(withIdentity());
      await settle();
      vi.unstubAllGlobals();
      const info = seen.pop()!.body.browserInfo;
      expect(info, href).toEqual({ userAgent: expect.any(String), currentUrl: sent, hostname: new URL(href).hostname, screenSize: screen });
    }
  });

  it('network failures, HTTP errors and hanging requests have no visible effect', async () => {
    const errors = vi.spyOn(console, 'error');
    const warns = vi.spyOn(console, 'warn');
    const logs = vi.spyOn(console, 'log');
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      for (const handler of [
        http.post('*', () => HttpResponse.error()),
        http.post('*', () => new HttpResponse('boom', { status: 500 })),
        http.post('*', () => new Promise<Response>(() => undefined)),
      ]) {
        server.use(handler);
        const started = performance.now();
        const doc = client().openDocument(withIdentity());
        expect(performance.now() - started).toBeLessThan(500); // returns at once, never waits for the network
        expect(doc.identity.documentId).toMatch(/^HASH-[0-9A-F]{8}$/);
        await settle();
      }
      // Things that throw synchronously: no fetch at all, an unserialisable metadata value, a bad URL.
      const noFetch = createColophonClient({ environment: { ...env, fetch: undefined as never } });
      vi.stubGlobal('fetch', undefined);
      expect(noFetch.openDocument(withIdentity()).reported).toBe(false);
      vi.unstubAllGlobals();
      expect(client({ telemetry: { metadata: { big: 1n } as never } }).openDocument(withIdentity()).reported).toBe(false);
      expect(() => client({ telemetry: { endpoint: 'not a url' } }).openDocument(withIdentity())).not.toThrow();
      await settle();
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    expect(warns).not.toHaveBeenCalled();
    expect(logs).not.toHaveBeenCalled();
  });
});
