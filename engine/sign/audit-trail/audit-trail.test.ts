import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { makePdf, run, tempDir, writeTemp } from '../../../tests/sign/helpers/make-pdf';
import { listPages, openPdf, writeIncrementalUpdate } from '../../pdf';
import { UpdateSet } from '../form-update';
import { appendPages } from './append-pages';
import { describeEvent, readAuditTrail } from './events';
import { buildAuditTrailModel } from './model';

const request = {
  signer: { name: 'Ada Lovelace', email: 'ada@example.com', ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11)' },
  eventId: 'evt-42',
  auditTrail: [
    { type: 'ready', timestamp: '2025-01-01T10:00:00Z' },
    { type: 'scroll', timestamp: '2025-01-01T10:00:05.250Z', data: { percent: 87.6 } },
    { type: 'field_change', timestamp: '2025-01-01T10:01:00Z', data: { fieldId: 'fullName', value: 'Ada', previousValue: '' } },
    { type: 'submit', timestamp: '2025-01-01T10:02:00Z' },
  ],
};

describe('readAuditTrail', () => {
  it('accepts the API shape and describes each event', () => {
    const r = readAuditTrail(request);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.events.map((e) => describeEvent(e))).toEqual([
      { time: '2025-01-01 10:00:00 UTC', label: 'Document opened', details: '' },
      { time: '2025-01-01 10:00:05 UTC', label: 'Scrolled', details: '88 % of the document' },
      { time: '2025-01-01 10:01:00 UTC', label: 'Field changed', details: 'fullName: "" → "Ada"' },
      { time: '2025-01-01 10:02:00 UTC', label: 'Submitted for signing', details: '' },
    ]);
  });

  it('rejects missing submit, bad events and bad signers with located diagnostics', () => {
    const codes = (x: Parameters<typeof readAuditTrail>[0]): string[] => {
      const r = readAuditTrail(x);
      return r.ok ? [] : r.errors.map((e) => e.code);
    };
    expect(codes({ ...request, auditTrail: [{ type: 'ready', timestamp: '2025-01-01T10:00:00Z' }] })).toEqual(['sign/audit-no-submit']);
    expect(codes({ ...request, auditTrail: [...request.auditTrail, { type: 'scroll', timestamp: '2025-01-01T10:00:00Z', data: { percent: 140 } }] })).toEqual(['sign/audit-bad-event']);
    expect(codes({ ...request, auditTrail: [...request.auditTrail, { type: 'hack', timestamp: 'yesterday' }] })).toEqual(['sign/audit-bad-event']);
    expect(codes({ ...request, signer: { name: '', email: 'x' } })).toEqual(['sign/audit-bad-signer']);
    expect(codes({ ...request, auditTrail: 'nope' })).toContain('sign/audit-bad-trail');
    expect(codes({ ...request, auditTrail: new Array(6000).fill({ type: 'submit', timestamp: '2025-01-01T10:00:00Z' }) })).toContain('sign/audit-too-many-events');
  });
});

describe('buildAuditTrailModel', () => {
  it('holds signer, event id, hash and one paragraph per event, on a page of the requested size', () => {
    const trail = readAuditTrail(request);
    if (!trail.ok) throw new Error('trail');
    const model = buildAuditTrailModel({ trail: trail.value, documentSha256: 'ab'.repeat(32), generatedAt: new Date(Date.UTC(2025, 0, 1)), pageWidthPt: 595, pageHeightPt: 842 });
    const text = model.sections[0]!.blocks.map((b) => (b.kind === 'paragraph' ? b.inlines.map((i) => (i.kind === 'text' ? i.text : '\t')).join('') : '')).join('\n');
    for (const s of ['Ada Lovelace', 'ada@example.com', '203.0.113.7', 'Mozilla/5.0 (X11)', 'evt-42', 'ab'.repeat(32), 'Submitted for signing', 'fullName: "" → "Ada"']) expect(text).toContain(s);
    expect(model.sections[0]!.props).toMatchObject({ pageWidthPt: 595, pageHeightPt: 842 });
  });
});

describe('appendPages', () => {
  it('imports the pages of another PDF in an incremental update that qpdf accepts', async () => {
    const src = await PDFDocument.create();
    const font = await src.embedFont(StandardFonts.Courier);
    src.addPage([400, 300]).drawText('Appended page text', { x: 20, y: 150, size: 12, font });
    const source = openPdf(await src.save({ useObjectStreams: true }));
    for (const objectStreams of [false, true]) {
      const input = await makePdf({ pages: 2, objectStreams });
      const target = openPdf(input);
      if (!target.ok || !source.ok) throw new Error('open');
      const set = new UpdateSet(target.value);
      expect(appendPages(set, source.value)).toHaveLength(1);
      const out = writeIncrementalUpdate(target.value, set.list()).bytes;
      expect(Buffer.from(out.subarray(0, input.length)).equals(Buffer.from(input))).toBe(true);
      const back = openPdf(out);
      if (!back.ok) throw new Error('reopen');
      expect(listPages(back.value)).toHaveLength(3);
      const dir = tempDir();
      const path = writeTemp(dir, 'a.pdf', out);
      expect(run('qpdf', ['--check', path]).status).toBe(0);
      expect(run('pdftotext', ['-f', '3', '-l', '3', path, '-']).out).toContain('Appended page text');
      expect(run('pdfinfo', ['-f', '3', '-l', '3', path]).out).toMatch(/Page\s+3 size:\s+400 x 300/);
    }
  });
});
