/**
 * The audit-trail page end to end: drawn by our layout and PDF renderer, appended as an incremental
 * update, then signed; and signing PDFs that our own converter produced.
 */
import { describe, expect, it } from 'vitest';
import { webcrypto, createHash } from 'node:crypto';
import { join } from 'node:path';
import { signerFromPem } from '../../engine/cms';
import { convertDocxToPdf } from '../../engine/convert';
import { listPages, openPdf } from '../../engine/pdf';
import { readAuditTrail, signPdf } from '../../engine/sign';
import { runSign } from '../../cli/commands/sign';
import { createNodeHost } from '../../node/host';
import { makeDocx, para } from '../helpers/make-docx';
import { makePdf, run, tempDir, writeTemp } from './helpers/make-pdf';
import { makeTestPki } from './helpers/pki';
import { pdfsig, qpdfCheck } from './helpers/verify';

const host = createNodeHost({ now: () => new Date(Date.UTC(2025, 3, 4, 5, 6, 7)) });
const request = {
  signer: { name: 'Grace Hopper', email: 'grace@example.com', ip: '198.51.100.23', userAgent: 'Mozilla/5.0 (Macintosh)' },
  eventId: 'evt-7f3a',
  auditTrail: [
    { type: 'ready', timestamp: '2025-04-04T05:00:00Z' },
    { type: 'scroll', timestamp: '2025-04-04T05:00:30Z', data: { percent: 100 } },
    { type: 'field_change', timestamp: '2025-04-04T05:01:00Z', data: { fieldId: 'amount', value: '1200', previousValue: '1000' } },
    { type: 'submit', timestamp: '2025-04-04T05:02:00Z' },
  ],
};

async function rsa() {
  const s = await signerFromPem(makeTestPki().rsa.pem, undefined, webcrypto.subtle as unknown as SubtleCrypto);
  if (!s.ok) throw new Error('signer');
  return s.value;
}

describe('audit trail page', () => {
  it('appends a page listing signer, events, event id and the pre-page SHA-256, then signs over it', async () => {
    const trail = readAuditTrail(request);
    if (!trail.ok) throw new Error('trail');
    const input = await makePdf({ pages: 2, objectStreams: true });
    const r = await signPdf(input, { signer: await rsa(), auditTrail: trail.value }, host);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(Buffer.from(r.value.subarray(0, input.length)).equals(Buffer.from(input))).toBe(true);
    const dir = tempDir();
    const path = writeTemp(dir, 'audit.pdf', r.value);
    expect(qpdfCheck(path).ok).toBe(true);
    expect(pdfsig(path)[0]).toMatchObject({ valid: true, total: true });
    const doc = openPdf(r.value);
    if (!doc.ok) throw new Error('open');
    expect(listPages(doc.value)).toHaveLength(3);
    const text = run('pdftotext', ['-f', '3', '-l', '3', '-layout', path, '-']).out;
    const sha = createHash('sha256').update(input).digest('hex');
    for (const s of ['Audit trail', 'Grace Hopper', 'grace@example.com', '198.51.100.23', 'Mozilla/5.0 (Macintosh)', 'evt-7f3a', sha, 'Document opened', 'Scrolled', 'amount: "1000"', '"1200"', 'Submitted for signing', '2025-04-04 05:02:00 UTC']) {
      expect(text).toContain(s);
    }
  });

  it('is added by colophon sign --audit-trail', async () => {
    const dir = tempDir();
    const input = writeTemp(dir, 'in.pdf', await makePdf());
    const events = writeTemp(dir, 'events.json', JSON.stringify(request));
    const out = join(dir, 'out.pdf');
    const io = { stdout: () => {}, stderr: () => {}, isTTY: false };
    expect(await runSign([input, '-o', out, '--p12', makeTestPki().rsa.p12Path, '--password', 'secret', '--audit-trail', events], io)).toBe(0);
    expect(run('pdftotext', ['-f', '2', '-l', '2', out, '-']).out).toContain('evt-7f3a');
    expect(pdfsig(out)[0]).toMatchObject({ valid: true, total: true });
    const bad = writeTemp(dir, 'bad.json', JSON.stringify({ ...request, auditTrail: [] }));
    let err = '';
    expect(await runSign([input, '-o', out, '--dev', '--data-dir', join(dir, 'd'), '--audit-trail', bad], { stdout: () => {}, stderr: (t) => (err += t), isTTY: false })).toBe(1);
    expect(err).toContain('sign/audit-no-submit');
  });
});

describe('signing our own converted PDFs', () => {
  it('signs a PDF made by convertDocxToPdf; pdfsig and qpdf accept it', async () => {
    const converted = await convertDocxToPdf(makeDocx({ body: para('Converted by Colophon, then signed.') }), {}, host);
    if (!converted.ok) throw new Error(JSON.stringify(converted.errors));
    const pdf = converted.value.pdf;
    const once = await signPdf(pdf, { signer: await rsa(), visible: { page: 1, rect: [72, 72, 200, 50] } }, host);
    if (!once.ok) throw new Error(JSON.stringify(once.errors));
    const twice = await signPdf(once.value, { signer: await rsa() }, host);
    if (!twice.ok) throw new Error('twice');
    const path = writeTemp(tempDir(), 'conv.pdf', twice.value);
    expect(qpdfCheck(path).ok).toBe(true);
    expect(pdfsig(path).map((v) => v.valid)).toEqual([true, true]);
  });
});
