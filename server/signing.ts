/**
 * The service's signing key: a PEM file given by COLOPHON_SIGNING_PEM, or the development identity
 * generated on first use in `$COLOPHON_DATA_DIR/dev-identity` (never for production trust).
 */
import { readFileSync } from 'node:fs';
import { webcrypto } from 'node:crypto';
import { decodePem, encodePem, parseCertificate } from '../engine/cms';
import { describeSigningCertificate, devSigningIdentity, signerFromIdentity } from '../engine/sign';
import type { SigningIdentity } from '../engine/sign';
import { loadOrCreateDevIdentity } from '../node/dev-identity';
import { createNodeHost } from '../node/host';
import type { ServerConfig } from './config';
import type { SigningService } from './context';

const subtle = webcrypto.subtle as unknown as SubtleCrypto;

/** Loads (or creates) the signing identity and describes its certificate. Throws with a clear message when it is unusable. */
export async function loadSigningService(config: Pick<ServerConfig, 'dataDir' | 'signingPemFile' | 'signingPassword'>): Promise<SigningService> {
  const host = createNodeHost();
  if (config.signingPemFile) {
    const pem = readFileSync(config.signingPemFile, 'utf8');
    // Checked as the worker will read it, so a key the jobs could not use stops the service at start.
    const identity: SigningIdentity = { kind: 'pem', pem, ...(config.signingPassword ? { password: config.signingPassword } : {}) };
    const signer = await signerFromIdentity(identity, {}, host);
    if (!signer.ok) throw new Error(`COLOPHON_SIGNING_PEM is not usable: ${signer.errors[0]?.message ?? 'unknown error'}`);
    const certs = decodePem(pem).filter((b) => b.label === 'CERTIFICATE').map((b) => parseCertificate(b.der));
    const anchors = certs.filter((c) => c.isCA);
    const trustAnchors = (anchors.length > 0 ? anchors : [signer.value.certificate]).map((c) => encodePem('CERTIFICATE', c.der));
    return { identity, trustAnchors, description: await describeSigningCertificate(signer.value.certificate, subtle) };
  }
  const dev = await loadOrCreateDevIdentity(config.dataDir, host, { commonName: 'Colophon service (development)' });
  if (!dev.ok) throw new Error(`The development signing identity could not be created: ${dev.errors[0]?.message ?? 'unknown error'}`);
  const id = dev.value;
  return {
    identity: devSigningIdentity(id),
    trustAnchors: [id.caCertificatePem],
    description: await describeSigningCertificate(id.signerCertificatePem, subtle),
  };
}

/** Memoises an async loader; a failed load is retried on the next call. */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((e: unknown) => {
      pending = undefined;
      throw e;
    });
    return pending;
  };
}
