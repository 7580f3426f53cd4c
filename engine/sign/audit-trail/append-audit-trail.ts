/**
 * Appends the audit-trail page to a PDF before it is signed (../shared/API.md, POST /v1/sign): the
 * page is laid out and rendered by our own layout and PDF path (layoutDocument → renderPdf), then its
 * objects are imported into an incremental update of the document, so earlier revisions and
 * signatures are untouched.
 */
import { fail, hostNow, ok, toHex, toDiagnostic } from '../../core';
import type { EngineHost, Result } from '../../core';
import { bufferSource } from '../../cms';
import { listPages, openPdf, pageMediaBox, writeIncrementalUpdate } from '../../pdf';
import { UpdateSet } from '../form-update';
import { openForSigning } from '../prepare';
import { appendPages } from './append-pages';
import type { AuditTrail } from './events';
import { buildAuditTrailModel } from './model';

/** Renders the audit-trail page(s) to a standalone PDF sized like the document's last page. */
export async function renderAuditTrailPdf(trail: AuditTrail, documentSha256: string, size: { widthPt: number; heightPt: number }, host: EngineHost): Promise<Result<Uint8Array>> {
  const model = buildAuditTrailModel({ trail, documentSha256, generatedAt: hostNow(host), pageWidthPt: size.widthPt, pageHeightPt: size.heightPt });
  // Loaded on demand: signing without an audit trail never pulls in the layout engine and fonts.
  let engines: [typeof import('../../layout'), typeof import('../../render/pdf')];
  try {
    engines = await Promise.all([import('../../layout'), import('../../render/pdf')]);
  } catch (e) {
    return fail({ severity: 'error', code: 'sign/audit-renderer-unavailable', message: `The layout or PDF renderer could not be loaded: ${e instanceof Error ? e.message : String(e)}` });
  }
  const [{ layoutDocument }, { renderPdf }] = engines;
  const layout = await layoutDocument(model, {}, host);
  if (!layout.ok) return layout;
  return renderPdf(layout.value, { producer: 'Colophon audit trail' }, host);
}

/** Appends the audit trail to `pdf`; returns the new file. */
export async function appendAuditTrail(pdf: Uint8Array, trail: AuditTrail, host: EngineHost): Promise<Result<Uint8Array>> {
  const subtle = host.crypto?.subtle;
  if (!subtle) return fail({ severity: 'error', code: 'sign/no-crypto', message: 'The host gives no WebCrypto implementation.' });
  const opened = openForSigning(pdf);
  if (!opened.ok) return opened;
  try {
    const doc = opened.value;
    const sha = toHex(new Uint8Array(await subtle.digest('SHA-256', bufferSource(pdf))));
    const pages = listPages(doc);
    const last = pages[pages.length - 1];
    const [x0, y0, x1, y1] = last ? pageMediaBox(doc, last.dict) : [0, 0, 595.28, 841.89];
    const rendered = await renderAuditTrailPdf(trail, sha, { widthPt: x1 - x0, heightPt: y1 - y0 }, host);
    if (!rendered.ok) return fail(rendered.errors, [...opened.warnings, ...rendered.warnings]);
    const source = openPdf(rendered.value);
    if (!source.ok) return fail(source.errors, opened.warnings);
    const set = new UpdateSet(doc);
    appendPages(set, source.value);
    const id = new Uint8Array(await subtle.digest('SHA-256', bufferSource(new TextEncoder().encode(`audit|${sha}`)))).slice(0, 16);
    return ok(writeIncrementalUpdate(doc, set.list(), { id1: id, id0: id }).bytes, [...opened.warnings, ...rendered.warnings]);
  } catch (e) {
    // Bad input must give a diagnostic, never an exception across the stage boundary.
    return fail(toDiagnostic('sign', e), opened.warnings);
  }
}
