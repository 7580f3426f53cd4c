/**
 * Signing the already-signed PDFs of the shared corpus: our signature must be valid and total for
 * pdfsig, qpdf --check must stay as clean as the input, and earlier signatures keep pdfsig's verdict.
 * Skipped with a message when /work/shared is absent.
 */
import { describe, expect, it } from 'vitest';
import { webcrypto } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { signerFromPem } from '../../engine/cms';
import type { EngineHost } from '../../engine/core';
import { signPdf } from '../../engine/sign';
import { tempDir, writeTemp } from './helpers/make-pdf';
import { makeTestPki } from './helpers/pki';
import { pdfsig, qpdfCheck } from './helpers/verify';

const DIR = '/work/shared/corpus/pdf-sign/dev';
const host: EngineHost = { crypto: webcrypto as unknown as Crypto, now: () => new Date(Date.UTC(2025, 5, 1)) };

if (existsSync(DIR)) {
  describe('re-signing the signed corpus', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.pdf'));
    it.each(files)('%s', async (file) => {
      const input = new Uint8Array(readFileSync(join(DIR, file)));
      const s = await signerFromPem(makeTestPki().rsa.pem, undefined, webcrypto.subtle as unknown as SubtleCrypto);
      if (!s.ok) throw new Error('signer');
      const r = await signPdf(input, { signer: s.value }, host);
      if (!r.ok) {
        // Only documented refusals: certified "no changes", or a damaged cross-reference table.
        expect(['sign/docmdp-forbids', 'sign/damaged-pdf', 'sign/field-lock-forbids']).toContain(r.errors[0]!.code);
        return;
      }
      const dir = tempDir();
      const before = writeTemp(dir, 'in.pdf', input);
      const after = writeTemp(dir, 'out.pdf', r.value);
      if (qpdfCheck(before).ok) expect(qpdfCheck(after).ok).toBe(true);
      const v0 = pdfsig(before);
      const v1 = pdfsig(after);
      expect(v1).toHaveLength(v0.length + 1);
      expect(v1[v1.length - 1]).toMatchObject({ valid: true, total: true });
      v0.forEach((v, i) => expect(v1[i]!.valid).toBe(v.valid));
    });
  });
} else {
  console.warn(`[sign tests] ${DIR} is absent: the corpus re-signing tests were not run.`);
}
