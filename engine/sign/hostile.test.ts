import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { webcrypto } from 'node:crypto';
import { makePdf, tempDir, writeTemp } from '../../tests/sign/helpers/make-pdf';
import { pdfsig } from '../../tests/sign/helpers/verify';
import { makeTestPki } from '../../tests/sign/helpers/pki';
import { signerFromPem } from '../cms';
import { latin1Bytes } from '../pdf';
import { signPdf } from './sign-pdf';
import { signDocx } from './docx';

const host = { crypto: webcrypto as unknown as Crypto };

describe('signing hostile input', () => {
  it('never throws on truncated or byte-flipped PDFs (property), and each failure has a code', async () => {
    const s = await signerFromPem(makeTestPki().p256.pem, undefined, webcrypto.subtle as unknown as SubtleCrypto);
    if (!s.ok) throw new Error('signer');
    const base = await makePdf({ pages: 2, objectStreams: true });
    await fc.assert(
      fc.asyncProperty(fc.nat(base.length), fc.array(fc.tuple(fc.nat(base.length - 1), fc.nat(255)), { maxLength: 6 }), async (len, flips) => {
        const b = base.slice(0, Math.max(len, 1));
        for (const [at, v] of flips) if (at < b.length) b[at] = v;
        const r = await signPdf(b, { signer: s.value }, host);
        if (!r.ok) expect(r.errors[0]!.code).toMatch(/^(pdf|sign|cms)\//);
      }),
      { numRuns: 60 },
    );
  });

  it('handles a /Prev loop, a self-referencing page tree and a huge /Size without hanging', async () => {
    const s = await signerFromPem(makeTestPki().rsa.pem, undefined, webcrypto.subtle as unknown as SubtleCrypto);
    if (!s.ok) throw new Error('signer');
    const body = '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n';
    const off = (n: number): string => String(body.indexOf(`${n} 0 obj`)).padStart(10, '0');
    const xrefAt = body.length;
    const xref = `xref\n0 4\n0000000000 65535 f\r\n${off(1)} 00000 n\r\n${off(2)} 00000 n\r\n${off(3)} 00000 n\r\ntrailer\n<< /Size 8388608 /Root 1 0 R /Prev ${xrefAt} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    const t = performance.now();
    const r = await signPdf(latin1Bytes(body + xref), { signer: s.value }, host);
    expect(performance.now() - t).toBeLessThan(5000);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.warnings.map((w) => w.code)).toContain('pdf/xref-loop');
    const dir = tempDir();
    expect(pdfsig(writeTemp(dir, 'loop.pdf', r.value))[0]).toMatchObject({ valid: true, total: true });
  });

  it('rejects non-zip and truncated DOCX input with diagnostics', async () => {
    const s = await signerFromPem(makeTestPki().rsa.pem, undefined, webcrypto.subtle as unknown as SubtleCrypto);
    if (!s.ok) throw new Error('signer');
    for (const bytes of [new Uint8Array(0), latin1Bytes('PK\u0003\u0004garbage'), latin1Bytes('%PDF-1.7')]) {
      const r = await signDocx(bytes, { signer: s.value }, host);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors[0]!.code).toMatch(/^(zip|sign)\//);
    }
  });
});
