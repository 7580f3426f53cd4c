/**
 * The playground page: open a DOCX (drop or pick) and see its pages drawn from the engine's own
 * layout, download the PDF, fill a template through a generated form, sign with a key generated in
 * the browser or an uploaded PKCS#12, and verify a signed PDF. Everything runs in the engine worker
 * through the client library (client/ and worker/client.ts); nothing leaves the tab except the
 * telemetry event of client/ (to this origin's /v1/collect).
 */
import { createColophonClient, writeDocumentIdentity, type OpenedDocument } from '../client';
import type { Diagnostic, Result } from '../engine';
import type { DevIdentity } from '../engine/sign';
// identity-data has no code imports: engine/sign's index would pull engine/cms and engine/image into the first chunk (64 -> 103 KB).
import { devSigningIdentity } from '../engine/sign/identity-data';
import type { SigningIdentity } from '../worker/api';
import { downloadBytes, withExtension } from './downloads';
import { buildFieldsForm, readFieldsForm } from './fields-form';
import { enableOffline } from './offline';
import { showReport } from './report-view';

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;

const client = createColophonClient({
  telemetry: { endpoint: new URL('/v1/collect', location.href).href, metadata: { app: 'playground' } },
  worker: { fontBaseUrl: new URL('fonts/', document.baseURI).href },
});
const engine = client.engine;

interface Current {
  readonly opened: OpenedDocument;
  readonly name: string;
  docx: Uint8Array;
  pdf?: Uint8Array;
  signed?: Uint8Array;
}

let current: Current | undefined;
let identity: DevIdentity | undefined;

/** Facts the end-to-end tests read (and the status line shows); the engine and client, for the console. */
const facts = { readyMs: -1, offline: false, pages: 0 };
(globalThis as { colophonPlayground?: unknown }).colophonPlayground = { facts, engine, client };

function status(text: string, state: 'busy' | 'ready' | 'error' = 'busy'): void {
  const s = $('status');
  s.textContent = text;
  s.dataset.state = state;
}

function message(text: string | undefined): void {
  const m = $('message');
  m.hidden = !text;
  m.textContent = text ?? '';
}

function describe(diags: readonly Diagnostic[]): string {
  return diags.map((d) => `${d.message}${d.hint ? ` ${d.hint}` : ''} [${d.code}]`).join(' ');
}

/** The value of an ok result; otherwise shows the errors and returns undefined. */
function valueOf<T>(r: Result<T>, what: string): T | undefined {
  if (r.ok) return r.value;
  message(`${what} failed: ${describe(r.errors)}`);
  status(`${what} failed`, 'error');
  return undefined;
}

async function openFile(file: File): Promise<void> {
  message(undefined);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46) return verifyDocument(bytes);
  current = { opened: client.openDocument(bytes, { fileName: file.name }), name: file.name, docx: bytes };
  $('doc-name').textContent = file.name;
  $('verify').hidden = true;
  $('download-signed').hidden = true;
  await showDocument(current);
  await listTemplateFields(current);
}

/** Lays out and draws the pages, then converts to PDF in the worker. */
async function showDocument(doc: Current): Promise<void> {
  $('document').hidden = false;
  $('document').dataset.pdfReady = 'false';
  $('doc-meta').textContent = '';
  $<HTMLButtonElement>('download-pdf').disabled = true;
  $<HTMLButtonElement>('sign').disabled = true;
  doc.pdf = undefined;
  status('Laying out…');
  const laid = valueOf(await engine.layout(doc.docx, { fileName: doc.name }, { keepInput: true, onProgress: (e) => status(`Laying out… page ${e.done}`) }), 'Layout');
  if (!laid) return;
  // The canvas renderer (with fontkit for glyph outlines) loads with the first document, not with the page.
  const { showPages } = await import('./pages-view');
  const drawn = await showPages($('pages'), laid);
  facts.pages = drawn.pages;
  $('pages').dataset.pages = String(drawn.pages);
  status('Converting to PDF…');
  const converted = valueOf(await engine.convert(doc.docx, { fileName: doc.name }, { keepInput: true }), 'Conversion');
  if (!converted || current !== doc) return;
  doc.pdf = converted.pdf;
  $('doc-meta').textContent = `${converted.pages} page(s), PDF ${Math.round(converted.pdf.byteLength / 1024)} KB, id ${doc.opened.identity.documentId}`;
  $<HTMLButtonElement>('download-pdf').disabled = false;
  $<HTMLButtonElement>('sign').disabled = false;
  $('document').dataset.pdfReady = 'true';
  status(`Ready — ${converted.pages} page(s)`, 'ready');
}

async function listTemplateFields(doc: Current): Promise<void> {
  const fields = await engine.fields(doc.docx, {}, { keepInput: true });
  const inputs = fields.ok ? buildFieldsForm($<HTMLFormElement>('fields-form'), fields.value) : 0;
  $('fields-empty').hidden = inputs > 0;
  $('fill').hidden = inputs === 0;
  $('fill-report').hidden = true;
}

async function fillTemplate(): Promise<void> {
  if (!current) return;
  const doc = current;
  status('Filling the template…');
  const fields = await readFieldsForm($<HTMLFormElement>('fields-form'));
  const filled = valueOf(await engine.annotate(doc.docx, { fields }, { to: 'docx', fileName: doc.name }, { keepInput: true }), 'Filling');
  if (!filled) return;
  doc.docx = filled.document;
  const report = $('fill-report');
  report.hidden = false;
  report.textContent = `Filled: ${filled.report.filled.join(', ') || 'none'}. Missing: ${filled.report.missing.join(', ') || 'none'}.`;
  await showDocument(doc);
}

async function signingIdentity(): Promise<SigningIdentity | undefined> {
  const choice = document.querySelector<HTMLInputElement>('input[name="key"]:checked')?.value;
  if (choice === 'p12') {
    const file = $<HTMLInputElement>('p12-file').files?.[0];
    if (!file) {
      message('Choose a PKCS#12 file (.p12 / .pfx) first.');
      return undefined;
    }
    return { kind: 'pkcs12', data: new Uint8Array(await file.arrayBuffer()), password: $<HTMLInputElement>('p12-password').value };
  }
  if (!identity) {
    status('Generating a key in the browser…');
    identity = valueOf(await engine.createIdentity({ commonName: 'Playground signer' }), 'Key generation');
    if (!identity) return undefined;
  }
  const info = $('key-info');
  info.hidden = false;
  info.textContent = 'Signing with an RSA-2048 key generated in this browser (its CA is trusted for verification here only).';
  return devSigningIdentity(identity);
}

async function signDocument(): Promise<void> {
  if (!current?.pdf) return;
  const doc = current;
  message(undefined);
  const id = await signingIdentity();
  if (!id) return;
  status('Signing…');
  const signed = valueOf(await engine.sign(doc.pdf!, { identity: id, pdf: { reason: 'Signed in the Colophon playground' } }, { keepInput: true }), 'Signing');
  if (!signed) return;
  doc.signed = signed.document;
  $('download-signed').hidden = false;
  await verifyDocument(signed.document.slice());
}

async function verifyDocument(bytes: Uint8Array): Promise<void> {
  status('Verifying…');
  const trust = identity ? [identity.caCertificatePem] : [];
  const report = valueOf(await engine.verify(bytes, { trustAnchors: trust }), 'Verification');
  if (!report) return;
  $('verify').hidden = false;
  showReport($('report'), report);
  status(`Verified: ${report.document.verdict}`, 'ready');
}

function exportDocx(): void {
  if (!current) return;
  const { opened } = current;
  const out = opened.identity.generated ? writeDocumentIdentity(current.docx, opened.identity) : { ok: true as const, value: current.docx, warnings: [] };
  const bytes = valueOf(out, 'Export');
  if (bytes) downloadBytes(bytes, current.name, DOCX);
}

function wire(): void {
  const drop = $('open');
  drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    const file = e.dataTransfer?.files[0];
    if (file) void openFile(file);
  });
  $<HTMLInputElement>('file').addEventListener('change', (e) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    if (file) void openFile(file);
  });
  $('download-pdf').addEventListener('click', () => current?.pdf && downloadBytes(current.pdf, withExtension(current.name, '.pdf'), PDF));
  $('download-docx').addEventListener('click', exportDocx);
  $('download-signed').addEventListener('click', () => current?.signed && downloadBytes(current.signed, withExtension(current.name, '-signed.pdf'), PDF));
  $('fill').addEventListener('click', () => void fillTemplate());
  $('sign').addEventListener('click', () => void signDocument());
  for (const radio of Array.from(document.querySelectorAll<HTMLInputElement>('input[name="key"]'))) {
    radio.addEventListener('change', () => ($('p12-fields').hidden = radio.value !== 'p12' || !radio.checked));
  }
}

async function boot(): Promise<void> {
  wire();
  const info = await engine.ready().catch(() => undefined);
  if (!info?.ready) {
    status('The engine could not start.', 'error');
    return;
  }
  facts.readyMs = Math.round(performance.now());
  status(`Engine ready in ${facts.readyMs} ms`, 'ready');
  facts.offline = await enableOffline();
  document.body.dataset.offlineReady = String(facts.offline);
}

void boot();
