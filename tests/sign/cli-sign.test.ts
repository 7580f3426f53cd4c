/**
 * `colophon sign` end to end through runSign, checked with pdfsig and openssl.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodePng } from '../../engine/image';
import { runSign } from '../../cli/commands/sign';
import type { CliIo } from '../../cli/io';
import { makePdf, run, tempDir, writeTemp } from './helpers/make-pdf';
import { makeTestPki, startLocalTsa } from './helpers/pki';
import type { LocalTsa } from './helpers/pki';
import { pdfsig, qpdfCheck, storedSignatures, opensslCmsVerify } from './helpers/verify';

function capture(): CliIo & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    isTTY: false,
    stdout: (t: string) => {
      io.out += t;
    },
    stderr: (t: string) => {
      io.err += t;
    },
  };
  return io;
}

describe('colophon sign (PDF)', () => {
  let tsa: LocalTsa;
  beforeAll(async () => {
    tsa = await startLocalTsa(makeTestPki());
  });
  afterAll(async () => tsa.close());

  it('signs with a PKCS#12 and a visible widget with an image', async () => {
    const pki = makeTestPki();
    const dir = tempDir();
    const input = writeTemp(dir, 'in.pdf', await makePdf({ pages: 2 }));
    const image = writeTemp(dir, 'sig.png', pngBytes());
    const out = join(dir, 'out.pdf');
    const io = capture();
    const code = await runSign([input, '-o', out, '--p12', pki.rsa.p12Path, '--password', 'secret', '--visible', '2,300,50,240,70', '--image', image, '--reason', 'Approved'], io);
    expect(io.err).toBe('');
    expect(code).toBe(0);
    const v = pdfsig(out);
    expect(v).toHaveLength(1);
    expect(v[0]).toMatchObject({ valid: true, total: true });
    expect(qpdfCheck(out).ok).toBe(true);
    const s = storedSignatures(new Uint8Array(readFileSync(out)))[0]!;
    expect(opensslCmsVerify(dir, 'cli', s, pki.caCertPath).ok).toBe(true);
  });

  it('signs at B-T with a local TSA', async () => {
    const pki = makeTestPki();
    const dir = tempDir();
    const input = writeTemp(dir, 'in.pdf', await makePdf());
    const out = join(dir, 'bt.pdf');
    const io = capture();
    const pem = writeTemp(dir, 'p256.pem', pki.p256.pem);
    expect(await runSign([input, '-o', out, '--pem', pem, '--level', 'B-T', '--tsa', tsa.url], io)).toBe(0);
    expect(pdfsig(out)[0]).toMatchObject({ valid: true, total: true });
  });

  it('creates the development identity once in the data directory and reuses it', async () => {
    const dir = tempDir();
    const dataDir = join(dir, 'data');
    const input = writeTemp(dir, 'in.pdf', await makePdf());
    const io = capture();
    expect(await runSign([input, '-o', join(dir, 'a.pdf'), '--dev', '--data-dir', dataDir], io)).toBe(0);
    const cert1 = readFileSync(join(dataDir, 'dev-identity', 'signer.crt.pem'), 'utf8');
    expect(await runSign([input, '-o', join(dir, 'b.pdf'), '--dev', '--data-dir', dataDir], io)).toBe(0);
    expect(readFileSync(join(dataDir, 'dev-identity', 'signer.crt.pem'), 'utf8')).toBe(cert1);
    const ca = join(dataDir, 'dev-identity', 'ca.crt.pem');
    expect(run('openssl', ['verify', '-CAfile', ca, join(dataDir, 'dev-identity', 'signer.crt.pem')]).out).toContain(': OK');
    const s = storedSignatures(new Uint8Array(readFileSync(join(dir, 'b.pdf'))))[0]!;
    expect(opensslCmsVerify(dir, 'dev', s, ca).ok).toBe(true);
    expect(pdfsig(join(dir, 'b.pdf'))[0]).toMatchObject({ valid: true, total: true });
  });

  it('exits 1 with a diagnostic for a wrong PKCS#12 password, 2 for usage errors', async () => {
    const pki = makeTestPki();
    const dir = tempDir();
    const input = writeTemp(dir, 'in.pdf', await makePdf());
    const io = capture();
    expect(await runSign([input, '-o', join(dir, 'x.pdf'), '--p12', pki.rsa.p12Path, '--password', 'wrong'], io)).toBe(1);
    expect(io.err).toContain('cms/pkcs12-bad-password');
    expect(await runSign([input, '-o', join(dir, 'x.pdf')], capture())).toBe(1);
    expect(await runSign([input], capture())).toBe(2);
    expect(await runSign([input, '-o', 'x.pdf', '--level', 'B-T', '--dev'], capture())).toBe(2);
    expect(await runSign([input, '-o', 'x.pdf', '--visible', '1,2,3', '--dev'], capture())).toBe(2);
    expect(await runSign([input, '-o', 'x.pdf', '--certify', '4', '--dev'], capture())).toBe(2);
  });
});

/** A 4×2 RGBA PNG (red, green, blue, transparent in each row), so the test needs no image file. */
function pngBytes(): Uint8Array {
  const w = 4;
  const h = 2;
  const rgba = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    const x = i % w;
    rgba.set([x === 0 ? 255 : 0, x === 1 ? 255 : 0, x === 2 ? 255 : 0, x === 3 ? 0 : 255], i * 4);
  }
  return encodePng(w, h, rgba);
}
