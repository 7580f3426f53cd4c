/**
 * The browser bundle, measured: the gzip size of the engine worker (its entry and every chunk it
 * imports, the WASM line-break kernel inlined; fonts apart), that it pulls in no Node module, and the
 * time from page load (navigation start) to the worker answering `init`, cold and warm.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, waitReady } from './browser';
import { PLAYGROUND_DIR, startTestServer, type TestServer } from './static-server';

/** Budget for the gzipped worker bundle (measured ≈ 0.7 MB: pdf-lib, fontkit, fflate, the engine). */
const WORKER_GZIP_BUDGET = 900 * 1024;

/** The worker entry and the chunks it imports, transitively (static `import … from "./x.js"`). */
function workerFiles(): string[] {
  const assets = join(PLAYGROUND_DIR, 'assets');
  const entry = readdirSync(assets).find((f) => /^browser-entry-.*\.js$/.test(f));
  if (!entry) throw new Error('no worker bundle in dist/playground/assets: run `npm run build`');
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(assets, file), 'utf8');
    for (const m of code.matchAll(/(?:import|export)\s*(?:[^'"]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) visit(m[1]!);
  };
  visit(entry);
  return [...seen];
}

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('browser bundle', () => {
  it('the worker bundle with the WASM kernel stays under budget and imports no Node module', () => {
    const files = workerFiles();
    const code = files.map((f) => readFileSync(join(PLAYGROUND_DIR, 'assets', f)));
    const raw = code.reduce((n, b) => n + b.length, 0);
    const gzip = code.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
    console.log(`[bundle] worker: ${files.join(' + ')} = ${(raw / 1024).toFixed(0)} KiB, gzip ${(gzip / 1024).toFixed(0)} KiB (fonts apart)`);
    expect(code.some((b) => b.includes('KERNEL_WASM') || b.includes('AGFzbQ'))).toBe(true); // the kernel ("\0asm" in base64) is inside
    for (const b of code) expect(b.toString('utf8')).not.toMatch(/from\s*["']node:|require\(["'](fs|path|crypto|worker_threads)["']\)/);
    expect(gzip).toBeLessThan(WORKER_GZIP_BUDGET);
  });

  it('measures page load → worker ready (cold, then warm from the service worker cache)', async () => {
    const times: number[] = [];
    const context = await browser.newContext();
    const page = await context.newPage();
    for (let i = 0; i < 4; i++) {
      if (i === 0) await page.goto(server.url);
      else await page.reload();
      await waitReady(page);
      times.push(await page.evaluate(() => (globalThis as unknown as { colophonPlayground: { facts: { readyMs: number } } }).colophonPlayground.facts.readyMs));
      if (i === 0) await page.waitForSelector('body[data-offline-ready="true"]', { timeout: 120_000 });
    }
    const warm = times.slice(1).sort((a, b) => a - b)[1]!;
    console.log(`[bundle] page load → worker ready: cold ${times[0]} ms, warm median ${warm} ms (${times.join(', ')})`);
    for (const t of times) expect(t).toBeGreaterThan(0);
    await context.close();
  });
});
