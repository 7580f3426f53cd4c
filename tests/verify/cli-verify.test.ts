/**
 * `colophon verify`: readable summary, --json report, and the exit codes 0 (valid), 1 (not valid),
 * 2 (could not evaluate or bad usage).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runVerify } from '../../cli/commands/verify';
import type { CliIo } from '../../cli/io';
import { signPdf } from '../../engine/sign';
import { makePdf, tempDir, writeTemp } from '../sign/helpers/make-pdf';
import { makeTestPki } from '../sign/helpers/pki';
import { host, patch, signerOf } from './helpers';

function capture(): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', isTTY: false, stdout: (t: string) => void (io.out += t), stderr: (t: string) => void (io.err += t) };
  return io;
}

let dir: string;
let signedPath: string;
let tamperedPath: string;
let caPath: string;
beforeAll(async () => {
  const pki = makeTestPki();
  const signed = await signPdf(await makePdf({ text: 'Invoice 42' }), { signer: await signerOf(pki.rsa) }, host);
  if (!signed.ok) throw new Error('sign');
  dir = tempDir('colophon-cli-verify-');
  signedPath = writeTemp(dir, 'signed.pdf', signed.value);
  tamperedPath = writeTemp(dir, 'tampered.pdf', patch(signed.value, '(D:2024', '(D:2025'));
  caPath = pki.caCertPath;
});

describe('colophon verify', () => {
  it('prints a summary and exits 0 for a valid, trusted signature', async () => {
    const io = capture();
    expect(await runVerify([signedPath, '--trust', caPath], io)).toBe(0);
    expect(io.out).toMatch(/signed\.pdf: VALID \(valid, 1 signature\)/);
    expect(io.out).toMatch(/TOTAL_PASSED/);
    expect(io.out).toMatch(/intact: yes {2}valid: yes {2}trusted: yes/);
  });

  it('exits 0 but says "trusted: no" without --trust (nothing is trusted implicitly)', async () => {
    const io = capture();
    expect(await runVerify([signedPath], io)).toBe(0);
    expect(io.out).toMatch(/NO_CERTIFICATE_CHAIN_FOUND/);
    expect(io.out).toMatch(/trusted: no/);
  });

  it('exits 1 and explains why for a tampered file; --json prints the full report', async () => {
    const io = capture();
    expect(await runVerify([tamperedPath, '--json'], io)).toBe(1);
    const report = JSON.parse(io.out);
    expect(report).toMatchObject({ valid: false, document: { verdict: 'invalid-signature' }, signatures: [{ subIndication: 'HASH_FAILURE' }] });
    expect(report.reason).toMatch(/changed after signing/);
  });

  it('exits 2 when the file cannot be evaluated or the usage is wrong', async () => {
    const junk = writeTemp(dir, 'junk.pdf', new TextEncoder().encode('not a pdf'));
    const io = capture();
    expect(await runVerify([junk], io)).toBe(2);
    // Verified in a heap-bounded worker (cli/bounded.ts), which tells PDF from DOCX by the bytes, as the server does.
    expect(io.err).toMatch(/worker\/unknown-format: The document is neither a PDF nor a DOCX/);
    expect(await runVerify([], capture())).toBe(2);
    expect(await runVerify([signedPath, '--at', 'yesterday'], capture())).toBe(2);
    expect(await runVerify([signedPath, '--trust', `${dir}/missing.pem`], capture())).toBe(2);
    expect(await runVerify([`${dir}/missing.pdf`], capture())).toBe(2);
  });

  it('validates at a given time with --at', async () => {
    const io = capture();
    expect(await runVerify([signedPath, '--trust', caPath, '--at', '2000-01-01T00:00:00Z', '--json'], io)).toBe(0);
    expect(JSON.parse(io.out).signatures[0]).toMatchObject({ subIndication: 'NOT_YET_VALID', chain: { status: 'not-yet-valid' } });
  });
});
