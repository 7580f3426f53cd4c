/**
 * Test signing keys made with openssl for this run (never committed, never the shared corpus):
 * a self-signed RSA-2048 certificate as PEM and as a PKCS#12 file (OpenSSL 3 defaults: PBES2 with
 * AES-256-CBC, PBKDF2, SHA-256 MAC).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A key pair with its certificate, as PEM text and PKCS#12 bytes. */
export interface TestKeys {
  readonly commonName: string;
  readonly certificatePem: string;
  /** Certificate followed by the unencrypted PKCS#8 key. */
  readonly pem: string;
  readonly p12: Uint8Array;
  readonly p12Password: string;
}

/** Generates the keys with openssl (in a temporary folder, removed afterwards). */
export function makeTestKeys(commonName = 'E2E PKCS12 Signer'): TestKeys {
  const dir = mkdtempSync(join(tmpdir(), 'colophon-e2e-keys-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    const p12 = join(dir, 'signer.p12');
    const password = 'e2e-secret';
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '30', '-subj', `/CN=${commonName}/O=Colophon tests`], { stdio: 'pipe' });
    execFileSync('openssl', ['pkcs12', '-export', '-inkey', key, '-in', cert, '-out', p12, '-passout', `pass:${password}`], { stdio: 'pipe' });
    const certificatePem = readFileSync(cert, 'utf8');
    return { commonName, certificatePem, pem: certificatePem + readFileSync(key, 'utf8'), p12: new Uint8Array(readFileSync(p12)), p12Password: password };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
