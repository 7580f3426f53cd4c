/**
 * Helpers for the verification tests: signed inputs made with the signing stage (engine/sign) or
 * with `openssl cms` (for the CMS shapes our signer never writes: BER indefinite lengths,
 * adbe.pkcs7.sha1, Ed25519, unsupported curves), and incremental updates made with engine/pdf.
 */
import { webcrypto } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CmsSigner } from '../../engine/cms';
import { readNode, signerFromPem } from '../../engine/cms';
import type { EngineHost } from '../../engine/core';
import { concatBytes } from '../../engine/core';
import type { PdfDocument, UpdateObject } from '../../engine/pdf';
import { openPdf, writeIncrementalUpdate } from '../../engine/pdf';
import { completeSignature, prepareSignature } from '../../engine/sign';
import { requireTool, run, tempDir } from '../sign/helpers/make-pdf';
import type { TestIdentity, TestPki } from '../sign/helpers/pki';

/** A host with WebCrypto and the real clock (the test PKI is issued at the current time). */
export const host: EngineHost = { crypto: webcrypto as unknown as Crypto, now: () => new Date() };

/** A CMS signer over a test identity. */
export async function signerOf(id: TestIdentity, rsaPadding: 'pkcs1' | 'pss' = 'pkcs1'): Promise<CmsSigner> {
  const s = await signerFromPem(id.pem, undefined, webcrypto.subtle as unknown as SubtleCrypto, { rsaPadding });
  if (!s.ok) throw new Error(JSON.stringify(s.errors));
  return s.value;
}

/** Opens a PDF that must be readable. */
export function open(bytes: Uint8Array): PdfDocument {
  const r = openPdf(bytes);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

/** Appends an incremental update (engine/pdf writer). */
export function update(bytes: Uint8Array, objects: readonly UpdateObject[], xrefKind: 'table' | 'stream' = 'table'): { bytes: Uint8Array; offsets: ReadonlyMap<number, number> } {
  const r = writeIncrementalUpdate(open(bytes), objects, { xrefKind });
  return { bytes: r.bytes, offsets: r.offsets };
}

/** Replaces an ASCII snippet by one of the same length (byte surgery on a copy). */
export function patch(bytes: Uint8Array, from: string, to: string, occurrence: 'first' | 'last' = 'first'): Uint8Array {
  if (from.length !== to.length) throw new Error('patch must keep the length');
  const text = new TextDecoder('latin1').decode(bytes);
  const at = occurrence === 'first' ? text.indexOf(from) : text.lastIndexOf(from);
  if (at < 0) throw new Error(`'${from}' not found`);
  const out = new Uint8Array(bytes);
  for (let i = 0; i < to.length; i++) out[at + i] = to.charCodeAt(i);
  return out;
}

/** Signs a prepared placeholder with `openssl cms` (detached unless `attach`), then fills it in. */
export async function signWithOpenssl(
  pdf: Uint8Array,
  keyPath: string,
  certPath: string,
  options: { digest?: string; attach?: (signed: Uint8Array) => Uint8Array; stream?: boolean; subFilterPatch?: [string, string]; transform?: (cms: Uint8Array) => Uint8Array } = {},
): Promise<Uint8Array> {
  requireTool('openssl', 'openssl');
  const prepared = await prepareSignature(pdf, { subFilter: 'adbe.pkcs7.detached', contentsSize: 16384 }, host);
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.errors));
  const bytes = options.subFilterPatch ? patch(prepared.value.bytes, options.subFilterPatch[0], options.subFilterPatch[1]) : prepared.value.bytes;
  const [, a, b, c] = prepared.value.byteRange;
  const signed = new Uint8Array(a + c);
  signed.set(bytes.subarray(0, a));
  signed.set(bytes.subarray(b, b + c), a);
  const dir = tempDir('colophon-verify-');
  const content = options.attach ? options.attach(signed) : signed;
  writeFileSync(join(dir, 'data.bin'), content);
  const out = join(dir, 'sig.der');
  const args = ['cms', '-sign', '-binary', '-in', join(dir, 'data.bin'), '-signer', certPath, '-inkey', keyPath, '-outform', 'DER', '-out', out, '-md', options.digest ?? 'sha256'];
  if (options.attach) args.push('-nodetach');
  if (options.stream) args.push('-stream');
  const r = run('openssl', args);
  if (r.status !== 0) throw new Error(`openssl cms failed: ${r.out}`);
  const der = new Uint8Array(readFileSync(out));
  const done = completeSignature({ ...prepared.value, bytes }, options.transform ? options.transform(der) : der);
  if (!done.ok) throw new Error(JSON.stringify(done.errors));
  return done.value;
}

/** Signs a placeholder with a CMS built by the caller from the signed bytes. */
export async function signWithCms(pdf: Uint8Array, makeCms: (signed: Uint8Array) => Promise<Uint8Array>): Promise<Uint8Array> {
  const prepared = await prepareSignature(pdf, { subFilter: 'adbe.pkcs7.detached', contentsSize: 16384 }, host);
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.errors));
  const [, a, b, c] = prepared.value.byteRange;
  const signed = new Uint8Array(a + c);
  signed.set(prepared.value.bytes.subarray(0, a));
  signed.set(prepared.value.bytes.subarray(b, b + c), a);
  const done = completeSignature(prepared.value, await makeCms(signed));
  if (!done.ok) throw new Error(JSON.stringify(done.errors));
  return done.value;
}

/**
 * Re-encodes the outer layers of a DER CMS (ContentInfo, [0], SignedData and its direct
 * constructed children) with BER indefinite lengths (X.690 §8.1.3.6), as streaming signers write.
 */
export function toIndefinite(der: Uint8Array, depth = 3): Uint8Array {
  const node = readNode(der, 0);
  const body = der.subarray(node.contentStart, node.contentEnd);
  if (!(node.tag & 0x20) || depth < 0) return der.subarray(node.start, node.end);
  const parts: Uint8Array[] = [];
  for (let p = 0; p < body.length; ) {
    const c = readNode(body, p);
    parts.push(toIndefinite(body.subarray(c.start, c.end), depth - 1));
    p = c.end;
  }
  return concatBytes([Uint8Array.of(node.tag, 0x80), ...parts, Uint8Array.of(0, 0)]);
}

/** A self-signed key pair of an algorithm our signer does not write (openssl genpkey arguments). */
export function opensslIdentity(name: string, keyArgs: readonly string[]): { keyPath: string; certPath: string; certPem: string } {
  requireTool('openssl', 'openssl');
  const dir = tempDir(`colophon-${name.replace(/[^A-Za-z0-9]/g, '')}-`);
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  for (const args of [
    ['genpkey', ...keyArgs, '-out', keyPath],
    ['req', '-x509', '-new', '-key', keyPath, '-subj', `/CN=${name}`, '-days', '30', '-out', certPath],
  ]) {
    const r = run('openssl', args);
    if (r.status !== 0) throw new Error(`openssl ${args[0]} failed: ${r.out}`);
  }
  return { keyPath, certPath, certPem: readFileSync(certPath, 'utf8') };
}

/** The root certificate of the test PKI, as a trust anchor. */
export function anchorOf(pki: TestPki): string {
  return pki.caCertPem;
}
