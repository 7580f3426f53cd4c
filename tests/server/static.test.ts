/**
 * The playground next to /v1: content types, caching (revalidated shell, immutable hashed assets,
 * ETag/304), client-side routes, the shipped fonts, no path escapes, /v1 unaffected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findFontsDir } from '../../node/host';
import { makeTestApp, tempDir, type TestApp } from './helpers';

describe('playground static files', () => {
  let t: TestApp;
  beforeAll(async () => {
    const root = tempDir('colophon-playground-');
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Colophon</title>');
    writeFileSync(join(root, 'assets', 'index-D8XWHMdq.js'), 'console.log(1)');
    writeFileSync(join(root, 'assets', 'style-1a2b3c4d.css'), 'body{}');
    writeFileSync(join(root, 'logo.svg'), '<svg/>');
    t = await makeTestApp({ workers: 1, playgroundDir: root }, { fontsDir: findFontsDir() });
  });
  afterAll(async () => t.close());

  it('serves the shell revalidated and hashed assets immutable, with content types', async () => {
    const index = await t.app.request('/');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(index.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(await index.text()).toContain('<title>Colophon</title>');
    const js = await t.app.request('/assets/index-D8XWHMdq.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=UTF-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await t.app.request('/assets/style-1a2b3c4d.css')).headers.get('content-type')).toBe('text/css; charset=UTF-8');
    expect((await t.app.request('/logo.svg')).headers.get('content-type')).toBe('image/svg+xml');
    const etag = index.headers.get('etag')!;
    expect((await t.app.request('/', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it('answers client-side routes with the shell, missing files and escapes with 404', async () => {
    expect(await (await t.app.request('/documents/42')).text()).toContain('<title>Colophon</title>');
    expect((await t.app.request('/missing.png')).status).toBe(404);
    expect((await t.app.request('/..%2f..%2fetc%2fpasswd')).status).toBe(404);
    expect((await t.app.request('/assets/..%2f..%2f..%2fpackage.json')).status).toBe(404);
  });

  it('serves the shipped fonts and leaves /v1 to the API', async () => {
    const font = await t.app.request('/fonts/Carlito-Regular.ttf');
    expect(font.status).toBe(200);
    expect(font.headers.get('content-type')).toBe('font/ttf');
    expect((await t.app.request('/fonts/..%2fpackage.json')).status).toBe(404);
    expect((await t.app.request('/v1/health')).headers.get('content-type')).toContain('application/json');
    expect((await t.app.request('/v1/nothing')).status).toBe(404);
  });
});
