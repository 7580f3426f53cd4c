import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makePdf } from '../../tests/sign/helpers/make-pdf';
import { latin1Bytes } from './lexer';
import { openPdf } from './document';
import { listPages } from './pages';
import { isDict, isName } from './objects';

function text(b: Uint8Array): string {
  return Buffer.from(b).toString('latin1');
}

describe('openPdf', () => {
  it('reads a classic xref table file and walks its pages', async () => {
    const r = openPdf(await makePdf({ pages: 3, objectStreams: false }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.xrefKind).toBe('table');
    expect(isName(r.value.catalog()!.entries.get('Type'), 'Catalog')).toBe(true);
    expect(listPages(r.value)).toHaveLength(3);
  });

  it('reads a cross-reference stream file with objects inside object streams', async () => {
    const bytes = await makePdf({ pages: 2, objectStreams: true });
    expect(text(bytes)).toContain('/ObjStm');
    const r = openPdf(bytes);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.xrefKind).toBe('stream');
    const pages = listPages(r.value);
    expect(pages).toHaveLength(2);
    expect(isDict(pages[0]!.dict)).toBe(true);
  });

  it('rejects non-PDF input and empty input with a diagnostic', () => {
    for (const b of [new Uint8Array(0), latin1Bytes('hello world')]) {
      const r = openPdf(b);
      expect(r).toMatchObject({ ok: false, errors: [{ code: 'pdf/not-pdf' }] });
    }
  });

  it('rebuilds the xref of a truncated file at every cut point and flags it as repaired', async () => {
    const bytes = await makePdf({ pages: 1 });
    for (const cut of [10, 30, 100, 300]) {
      const r = openPdf(bytes.subarray(0, bytes.length - cut));
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      expect(r.value.repaired).toBe(true);
      expect(r.warnings.map((w) => w.code)).toContain('pdf/xref-reconstructed');
      expect(listPages(r.value)).toHaveLength(1);
    }
    expect(openPdf(bytes.subarray(0, bytes.length - 30), { repair: false })).toMatchObject({ ok: false, errors: [{ code: 'pdf/no-startxref' }] });
  });

  it('never throws on random truncations and byte flips (property)', async () => {
    const bytes = await makePdf({ pages: 2, objectStreams: true });
    fc.assert(
      fc.property(fc.nat(bytes.length), fc.array(fc.tuple(fc.nat(bytes.length - 1), fc.nat(255)), { maxLength: 8 }), (len, flips) => {
        const b = bytes.slice(0, len);
        for (const [at, v] of flips) if (at < b.length) b[at] = v;
        const r = openPdf(b);
        if (r.ok) listPages(r.value);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 200 },
    );
  });

  it('stops at a /Prev loop with a warning', () => {
    const body = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n';
    const xrefAt = body.length;
    const xref = `xref\n0 3\n0000000000 65535 f\r\n0000000009 00000 n\r\n0000000058 00000 n\r\ntrailer\n<< /Size 3 /Root 1 0 R /Prev ${xrefAt} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    const r = openPdf(latin1Bytes(body + xref));
    expect(r.ok).toBe(true);
    expect(r.warnings.map((w) => w.code)).toContain('pdf/xref-loop');
  });

  it('ignores huge object numbers and absurd subsection counts', () => {
    const body = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n';
    const xrefAt = body.length;
    const bad = `xref\n4000000000 999999999\n0000000009 00000 n\r\ntrailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    const r = openPdf(latin1Bytes(body + bad));
    // The table is rejected; the scan-based rebuild still finds both objects.
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.repaired).toBe(true);
    const huge = `xref\n99999999 1\n0000000009 00000 n\r\ntrailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    const r2 = openPdf(latin1Bytes(body + huge), { repair: false });
    expect(r2.ok).toBe(false);
  });

  it('survives a self-referencing /Length and a reference cycle', () => {
    const body =
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R /X 3 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n3 0 obj\n<< /Length 3 0 R >>\nstream\nabc\nendstream\nendobj\n';
    const xrefAt = body.length;
    const o3 = body.indexOf('3 0 obj');
    const xref = `xref\n0 4\n0000000000 65535 f\r\n0000000009 00000 n\r\n0000000058 00000 n\r\n${String(o3).padStart(10, '0')} 00000 n\r\ntrailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    const r = openPdf(latin1Bytes(body + xref));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const s = r.value.resolve(r.value.catalog()!.entries.get('X'));
    expect(s).toMatchObject({ kind: 'stream' });
  });
});
