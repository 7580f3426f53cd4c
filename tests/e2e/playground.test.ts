/**
 * The playground in Debian's Chromium: open a DOCX and see its pages drawn, download the PDF, fill a
 * template through the generated form, sign with a key generated in the browser and with an uploaded
 * PKCS#12, verify a signed PDF, telemetry reaching a real HTTP endpoint, and all of it again with
 * the server stopped (offline, from the service worker's cache).
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentIdentity } from '../../client';
import { verifyPdf } from '../../engine/verify';
import { openZip } from '../../engine/zip';
import { createNodeHost } from '../../node/host';
import { makeDocx, para } from '../helpers/make-docx';
import { launchChromium, waitReady } from './browser';
import { parityDocuments, TEMPLATE_VALUES, templateDocument } from './documents';
import { makeTestKeys, type TestKeys } from './keys';
import { startTestServer, type TestServer } from './static-server';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let browser: Browser;
let server: TestServer;
let keys: TestKeys;

beforeAll(async () => {
  keys = makeTestKeys();
  server = await startTestServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openPlayground(context: BrowserContext, url = server.url): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url);
  await waitReady(page);
  return { page, errors };
}

async function openDocx(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  await page.setInputFiles('#file', { name, mimeType: DOCX_TYPE, buffer: Buffer.from(bytes) });
  try {
    await page.waitForSelector('#document[data-pdf-ready="true"]', { timeout: 60_000 });
  } catch (e) {
    // Say where the page stood (status line, error message) rather than only "timeout".
    throw new Error(`${name} did not finish: status "${await page.textContent('#status')}", message "${await page.textContent('#message')}" (${String(e).slice(0, 200)})`);
  }
}

async function download(page: Page, button: string): Promise<Buffer> {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  return readFileSync((await dl.path())!);
}

/** Dark pixels on a page canvas: proof that glyphs were drawn (the page starts white). */
function inkOf(page: Page, pageNumber: number): Promise<number> {
  return page.evaluate((n) => {
    const c = document.querySelector<HTMLCanvasElement>(`#pages canvas[data-page="${n}"]`)!;
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 1]! < 128 && data[i + 2]! < 128) dark++;
    return dark;
  }, pageNumber);
}

function partText(docx: Uint8Array, name: string): string {
  const zip = openZip(docx);
  return new TextDecoder().decode(zip.read(zip.find(name)!));
}

describe('playground (Chromium)', () => {
  it('converts a DOCX: pages drawn from the layout, PDF downloadable, worker ready time measured', async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    const { page, errors } = await openPlayground(context);
    const readyMs = await page.evaluate(() => (globalThis as unknown as { colophonPlayground: { facts: { readyMs: number } } }).colophonPlayground.facts.readyMs);
    expect(readyMs).toBeGreaterThan(0);
    console.log(`[e2e] page load → worker ready: ${readyMs} ms`);
    const docx = parityDocuments()['header-footer-page-numbers']!;
    await openDocx(page, 'report.docx', docx);
    const pages = Number(await page.getAttribute('#pages', 'data-pages'));
    expect(pages).toBeGreaterThan(1);
    expect(await page.locator('#pages canvas').count()).toBe(pages);
    expect(Number(await page.getAttribute('#pages canvas[data-page="1"]', 'data-glyphs'))).toBeGreaterThan(100);
    expect(await inkOf(page, 1)).toBeGreaterThan(1000);
    const pdf = await download(page, '#download-pdf');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await page.textContent('#doc-meta')).toContain(`${pages} page(s)`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws gradient-filled text (w14:textFill) with its blend, as the PDF does, not one flat colour', async () => {
    const context = await browser.newContext();
    const { page, errors } = await openPlayground(context);
    // Red at the left to blue at the right (a:lin ang 0), 72 pt bold letters.
    const fill = '<w14:textFill><w14:gradFill><w14:gsLst><w14:gs w14:pos="0"><w14:srgbClr w14:val="FF0000"/></w14:gs>' +
      '<w14:gs w14:pos="100000"><w14:srgbClr w14:val="0000FF"/></w14:gs></w14:gsLst><w14:lin w14:ang="0" w14:scaled="0"/></w14:gradFill></w14:textFill>';
    const body = `<w:p><w:r><w:rPr><w:b/><w:sz w:val="144"/>${fill}</w:rPr><w:t>MMMMMM</w:t></w:r></w:p>`;
    await openDocx(page, 'gradient.docx', makeDocx({ body }));
    const hues = await page.evaluate(() => {
      const c = document.querySelector<HTMLCanvasElement>('#pages canvas[data-page="1"]')!;
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let red = 0;
      let blue = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i]! > 180 && data[i + 2]! < 90 && data[i + 1]! < 90) red++;
        if (data[i + 2]! > 180 && data[i]! < 90 && data[i + 1]! < 90) blue++;
      }
      return { red, blue };
    });
    // Both ends of the blend are on the page (a flat fill would be one purple).
    expect(hues.red).toBeGreaterThan(200);
    expect(hues.blue).toBeGreaterThan(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fills a template through the generated form; the exported DOCX holds the values and a generated identity', async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    const { page } = await openPlayground(context);
    const template = templateDocument();
    await openDocx(page, 'letter.docx', template);
    const inkBefore = await inkOf(page, 1);
    for (const [name, value] of Object.entries(TEMPLATE_VALUES)) await page.fill(`#fields-form [data-field="${name}"]`, value);
    await page.click('#fill');
    await page.waitForSelector('#fill-report:not([hidden])');
    await page.waitForSelector('#document[data-pdf-ready="true"]');
    const report = (await page.textContent('#fill-report'))!;
    for (const name of Object.keys(TEMPLATE_VALUES)) expect(report).toContain(name);
    expect(report).toContain('Missing: none');
    expect(await inkOf(page, 1)).not.toBe(inkBefore);
    const exported = new Uint8Array(await download(page, '#download-docx'));
    const body = partText(exported, 'word/document.xml');
    for (const value of Object.values(TEMPLATE_VALUES)) expect(body).toContain(value);
    // The template had no GUID or creation time: the export carries the generated ones, and reopening
    // the file identifies it by its metadata hash (the same GUID and time, now read from the file).
    const reopened = documentIdentity(exported);
    expect(reopened.generated).toBe(false);
    expect(partText(exported, 'docProps/custom.xml')).toContain(reopened.guid);
    expect(await page.textContent('#doc-meta')).toContain(documentIdentity(template).documentId);
    await context.close();
  });

  it('signs with a key generated in the browser, shows the report, and the download verifies in Node', async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    const { page } = await openPlayground(context);
    await openDocx(page, 'contract.docx', makeDocx({ body: para('I agree to the terms.') }));
    await page.click('#sign');
    await page.waitForSelector('#verify:not([hidden]) .verdict', { timeout: 60_000 });
    expect(await page.getAttribute('.verdict', 'data-verdict')).toBe('valid');
    expect(await page.textContent('#report')).toContain('Playground signer');
    expect(await page.getAttribute('#report .signature', 'data-indication')).toBe('TOTAL_PASSED');
    const signed = new Uint8Array(await download(page, '#download-signed'));
    const report = await verifyPdf(signed, {}, createNodeHost());
    expect(report.ok).toBe(true);
    if (report.ok) {
      expect(report.value.signatures).toHaveLength(1);
      expect(report.value.signatures[0]!.facets.intact).toBe(true);
      expect(report.value.signatures[0]!.signer?.name).toBe('Playground signer');
    }
    await context.close();
  });

  it('signs with an uploaded PKCS#12 made by openssl, and verifies a signed PDF dropped on the page', async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    const { page } = await openPlayground(context);
    await openDocx(page, 'order.docx', makeDocx({ body: para('Purchase order 42.') }));
    await page.check('input[name="key"][value="p12"]');
    await page.setInputFiles('#p12-file', { name: 'signer.p12', mimeType: 'application/x-pkcs12', buffer: Buffer.from(keys.p12) });
    await page.fill('#p12-password', keys.p12Password);
    await page.click('#sign');
    await page.waitForSelector('#verify:not([hidden]) .verdict', { timeout: 60_000 });
    expect(await page.textContent('#report')).toContain(keys.commonName);
    // Not one of this page's trust anchors: intact and valid, but not trusted.
    expect(await page.textContent('#report')).toMatch(/intact\s*true/);
    expect(await page.textContent('#report')).toMatch(/trusted\s*false/);
    const signed = await download(page, '#download-signed');
    // A fresh page verifies the downloaded file when it is dropped on the drop zone.
    const { page: other } = await openPlayground(context);
    const dataTransfer = await other.evaluateHandle(({ b64, name }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], name, { type: 'application/pdf' }));
      return dt;
    }, { b64: signed.toString('base64'), name: 'order-signed.pdf' });
    await other.dispatchEvent('#open', 'drop', { dataTransfer });
    await other.waitForSelector('#verify:not([hidden]) .verdict');
    expect(await other.textContent('#report')).toContain('1 signature(s)');
    expect(await other.textContent('#report')).toContain(keys.commonName);
    await context.close();
  });

  it('sends one telemetry event per opened document to a real endpoint, without credentials', async () => {
    server.collected.length = 0;
    const context = await browser.newContext();
    await context.addCookies([{ name: 'session', value: 'secret', url: server.url }]);
    const { page } = await openPlayground(context);
    const docx = templateDocument();
    await openDocx(page, 'letter.docx', docx);
    await expect.poll(() => server.collected.length, { timeout: 10_000 }).toBe(1);
    const { headers, body } = server.collected[0]!;
    expect(headers['x-license-key']).toBe('community-and-eval-agplv3');
    expect(headers['content-type']).toBe('application/json');
    expect(headers.cookie).toBeUndefined();
    const sent = JSON.parse(body);
    expect(sent.events).toHaveLength(1);
    expect(sent.events[0].documentId).toBe(documentIdentity(docx).documentId);
    expect(sent.metadata).toEqual({ app: 'playground' });
    expect(sent.browserInfo.userAgent).toContain('Chrome');
    expect(sent.browserInfo.currentUrl).toBe(server.url);
    await context.close();
  });

  it('works with the network off once loaded (service worker precache): convert, sign, verify', async () => {
    const offline = await startTestServer();
    const context = await browser.newContext({ acceptDownloads: true });
    const { page } = await openPlayground(context, offline.url);
    await page.waitForSelector('body[data-offline-ready="true"]', { timeout: 120_000 });
    await offline.close();
    await context.setOffline(true);
    await page.reload();
    await waitReady(page);
    await openDocx(page, 'offline.docx', parityDocuments()['table']!);
    expect(Number(await page.getAttribute('#pages', 'data-pages'))).toBeGreaterThan(0);
    expect(await inkOf(page, 1)).toBeGreaterThan(500);
    const pdf = await download(page, '#download-pdf');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.click('#sign');
    await page.waitForSelector('#verify:not([hidden]) .verdict', { timeout: 60_000 });
    expect(await page.getAttribute('.verdict', 'data-verdict')).toBe('valid');
    await context.close();
  });
});
