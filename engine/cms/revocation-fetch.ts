/**
 * Revocation data from the network, only through a fetch the caller gives and only when the caller
 * allows it (the engine never opens a connection itself): an OCSP request (RFC 6960 §4.1, the
 * RFC 5019 §2.1.1 profile) to each responder named in authorityInfoAccess (RFC 5280 §4.2.2.1), then
 * the CRLs of cRLDistributionPoints (§4.2.1.13). Every answer is checked (revocation-status.ts)
 * before it is used; a failure becomes a reason in the result, never an exception.
 */
import { warning } from '../core';
import type { Diagnostic } from '../core';
import { bufferSource } from './buffer-source';
import type { CertificateInfo } from './certificate';
import { bytesEqual } from './certificate';
import { algorithmId, integerFromBytes, octetString, seq } from './der';
import { children, content, parseDer, readNode, readOctets, readOid } from './der-read';
import { OID } from './oids';
import type { RevocationStatus } from './revocation-status';
import { publicKeyBits, revocationStatusOf } from './revocation-status';
import { digestBytes } from './signature-verify';

/** The HTTP transport for OCSP and CRL requests: the standard `fetch` fits. */
export type RevocationFetch = (
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: Uint8Array<ArrayBuffer>; signal?: AbortSignal },
) => Promise<{ ok: boolean; status: number; headers?: { get(name: string): string | null }; arrayBuffer(): Promise<ArrayBuffer> }>;

/** How to reach revocation services. */
export interface RevocationAccess {
  readonly fetch: RevocationFetch;
  /** Cancels every request (the host's signal). */
  readonly signal?: AbortSignal;
  /** Time allowed for each request, response body included; unlimited when absent. */
  readonly timeoutMs?: number;
  /** Largest accepted response in bytes; 8 MiB by default. */
  readonly maxBytes?: number;
}

/** A checked answer about one certificate. */
export interface FetchedStatus extends RevocationStatus {
  readonly kind: 'ocsp' | 'crl';
  /** The OCSPResponse or CertificateList DER, as received. */
  readonly der: Uint8Array;
  readonly url: string;
}

/** The outcome of asking the network about one certificate. */
export interface CertificateStatusFetch {
  readonly found?: FetchedStatus;
  /** Why each attempt gave nothing usable. */
  readonly problems: readonly string[];
}

/** Options of `fetchRevocationData`. */
export interface FetchRevocationOptions {
  readonly fetch?: RevocationFetch;
  /** Nothing is fetched unless this is true. */
  readonly allowOnline?: boolean;
  /** The time the answers must be current at (the host clock when signing). */
  readonly at: Date;
  /** Time allowed for each request; 10 s by default. */
  readonly timeoutMs?: number;
  readonly maxBytes?: number;
  readonly signal?: AbortSignal;
}

/** OCSP responses and CRLs gathered for a chain, ready for a DSS, with what went wrong. */
export interface FetchedRevocationData {
  readonly ocsps: readonly Uint8Array[];
  readonly crls: readonly Uint8Array[];
  readonly warnings: readonly Diagnostic[];
}

const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;
/** Responder clocks run a little ahead of ours; information this much "from the future" is still accepted. */
const CLOCK_SKEW_MS = 5 * 60_000;
const OCSP_STATUS = ['successful', 'malformedRequest', 'internalError', 'tryLater', '(unused)', 'sigRequired', 'unauthorized'];

/** Reads a certificate extension's extnValue content by OID (RFC 5280 §4.1.2.9). */
function extensionValue(c: CertificateInfo, oid: string): Uint8Array | undefined {
  const wrapper = children(parseDer(c.tbsDer)).find((n) => n.tag === 0xa3);
  if (!wrapper) return undefined;
  for (const ext of children(children(wrapper)[0]!)) {
    const parts = children(ext);
    if (readOid(parts[0]!) === oid) return readOctets(parts[parts.length - 1]!);
  }
  return undefined;
}

/** OCSP responder URLs from authorityInfoAccess (RFC 5280 §4.2.2.1, id-ad-ocsp). */
export function ocspUrls(c: CertificateInfo): string[] {
  const aia = extensionValue(c, '1.3.6.1.5.5.7.1.1');
  if (!aia) return [];
  const out: string[] = [];
  for (const ad of children(parseDer(aia))) {
    const [method, location] = children(ad);
    if (readOid(method!) === '1.3.6.1.5.5.7.48.1' && location?.tag === 0x86) out.push(new TextDecoder().decode(content(location)));
  }
  return out;
}

/** CRL URLs from cRLDistributionPoints (RFC 5280 §4.2.1.13): fullName uniformResourceIdentifier [6] entries. */
export function crlUrls(c: CertificateInfo): string[] {
  const dp = extensionValue(c, '2.5.29.31');
  if (!dp) return [];
  const out: string[] = [];
  for (const point of children(parseDer(dp))) {
    const name = children(point).find((n) => n.tag === 0xa0);
    const full = name ? children(name).find((n) => n.tag === 0xa0) : undefined;
    for (const g of full ? children(full) : []) if (g.tag === 0x86) out.push(new TextDecoder().decode(content(g)));
  }
  return out;
}

/** An OCSPRequest for one certificate with SHA-1 CertID hashes (RFC 6960 §4.1.1, RFC 5019 §2.1.1). */
export async function buildOcspRequest(subtle: SubtleCrypto, cert: CertificateInfo, issuer: CertificateInfo): Promise<Uint8Array> {
  const nameHash = await digestBytes(subtle, 'SHA-1', issuer.subjectDer);
  const keyHash = await digestBytes(subtle, 'SHA-1', publicKeyBits(issuer));
  const certId = seq(algorithmId(OID.sha1, null), octetString(nameHash), octetString(keyHash), integerFromBytes(cert.serial));
  return seq(seq(seq(seq(certId))));
}

function httpUrls(list: () => string[]): string[] {
  try {
    return list().filter((u) => /^https?:\/\//i.test(u));
  } catch {
    // An unreadable extension names no usable URL.
    return [];
  }
}

function requestSignal(access: RevocationAccess): AbortSignal | undefined {
  const timeout = access.timeoutMs !== undefined ? AbortSignal.timeout(access.timeoutMs) : undefined;
  if (!timeout || !access.signal) return timeout ?? access.signal;
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([access.signal, timeout]) : access.signal;
}

async function download(access: RevocationAccess, url: string, body?: Uint8Array): Promise<{ bytes: Uint8Array } | { problem: string }> {
  const max = access.maxBytes ?? MAX_RESPONSE_BYTES;
  const signal = requestSignal(access);
  try {
    const res = await access.fetch(url, {
      method: body ? 'POST' : 'GET',
      ...(body ? { body: bufferSource(body), headers: { 'Content-Type': 'application/ocsp-request' } } : {}),
      ...(signal ? { signal } : {}),
    });
    if (!res.ok) return { problem: `${url} answered HTTP ${res.status}` };
    if (Number(res.headers?.get('content-length') ?? NaN) > max) return { problem: `${url} announced more than ${max} bytes` };
    const bytes = new Uint8Array(await res.arrayBuffer());
    return bytes.length <= max ? { bytes } : { problem: `${url} sent ${bytes.length} bytes, more than the ${max} allowed` };
  } catch (e) {
    const name = e instanceof Error ? e.name : '';
    if (name === 'TimeoutError') return { problem: `${url} did not answer within ${access.timeoutMs} ms` };
    return { problem: `${url} could not be reached (${e instanceof Error ? e.message : String(e)})` };
  }
}

/** Why an OCSP answer holds no status: the responder's refusal (RFC 6960 §4.2.1), or a generic reason. */
function ocspRefusal(der: Uint8Array): string | undefined {
  try {
    const first = children(readNode(der, 0))[0];
    const code = first?.tag === 0x0a ? (content(first)[0] ?? 0) : 0;
    return code !== 0 ? `the responder answered '${OCSP_STATUS[code] ?? code}'` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Asks the certificate's OCSP responders, then its CRL distribution points, and returns the first
 * answer that names the certificate, is signed for `issuer` and that `accept` (when given) does not
 * reject; `at` decides whether a listed revocation had happened yet.
 */
export async function fetchCertificateStatus(
  subtle: SubtleCrypto,
  cert: CertificateInfo,
  issuer: CertificateInfo,
  access: RevocationAccess,
  at: Date,
  accept?: (s: RevocationStatus) => string | undefined,
): Promise<CertificateStatusFetch> {
  const problems: string[] = [];
  const targets = [...httpUrls(() => ocspUrls(cert)).map((url) => ({ kind: 'ocsp' as const, url })), ...httpUrls(() => crlUrls(cert)).map((url) => ({ kind: 'crl' as const, url }))];
  if (targets.length === 0) return { problems: ['the certificate names no OCSP responder or CRL distribution point reachable over HTTP'] };
  let request: Uint8Array | undefined;
  for (const { kind, url } of targets) {
    if (kind === 'ocsp') {
      try {
        request ??= await buildOcspRequest(subtle, cert, issuer);
      } catch {
        problems.push(`no OCSP request can be made for it (unreadable issuer key)`);
        continue;
      }
    }
    const got = await download(access, url, kind === 'ocsp' ? request : undefined);
    if ('problem' in got) {
      problems.push(got.problem);
      continue;
    }
    const status = await revocationStatusOf(kind, subtle, got.bytes, cert, issuer, at);
    const refused = status ? accept?.(status) : ((kind === 'ocsp' && ocspRefusal(got.bytes)) || 'the answer does not name this certificate, is not signed by its issuer, or is malformed');
    if (!status || refused) {
      problems.push(`${url}: ${refused}`);
      continue;
    }
    return { found: { ...status, kind, der: got.bytes, url }, problems };
  }
  return { problems };
}

/** Rejects information that is not current at `at` (from the future, or past its nextUpdate). */
function currentAt(at: Date): (s: RevocationStatus) => string | undefined {
  return (s) => {
    if (s.thisUpdate.getTime() > at.getTime() + CLOCK_SKEW_MS) return `the answer was produced at ${s.thisUpdate.toISOString()}, after ${at.toISOString()}`;
    if (s.nextUpdate && s.nextUpdate.getTime() < at.getTime()) return `the answer expired at ${s.nextUpdate.toISOString()}`;
    return undefined;
  };
}

/**
 * Fetches an OCSP response (preferred) or a CRL for every certificate of `chain` (the signer first,
 * each certificate's issuer next) except a self-issued root, keeping only answers that name the
 * certificate, verify with its issuer's key and are current at `options.at`.
 */
export async function fetchRevocationData(chain: readonly CertificateInfo[], options: FetchRevocationOptions, subtle: SubtleCrypto): Promise<FetchedRevocationData> {
  if (!options.allowOnline) {
    return { ocsps: [], crls: [], warnings: [warning('cms/revocation-offline', 'OCSP responses and CRLs were not fetched: online access is not allowed.', { hint: 'Allow online access (allowOnline, CLI --online) or pass the responses yourself.' })] };
  }
  if (!options.fetch) return { ocsps: [], crls: [], warnings: [warning('cms/revocation-no-fetch', 'OCSP responses and CRLs were not fetched: online access is allowed but no fetch was given.')] };
  const access: RevocationAccess = { fetch: options.fetch, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}), ...(options.signal ? { signal: options.signal } : {}) };
  const ocsps: Uint8Array[] = [];
  const crls: Uint8Array[] = [];
  const warnings: Diagnostic[] = [];
  for (let i = 0; i < chain.length && !options.signal?.aborted; i++) {
    const cert = chain[i]!;
    // A self-issued root is trusted or not as it stands: nothing above it can revoke it.
    if (bytesEqual(cert.issuerDer, cert.subjectDer)) continue;
    const issuer = chain[i + 1];
    if (!issuer) {
      warnings.push(warning('cms/revocation-no-issuer', `No revocation data was fetched for '${cert.commonName}': its issuer certificate is not in the chain.`, { hint: 'Give the whole chain with the signing key.' }));
      continue;
    }
    const r = await fetchCertificateStatus(subtle, cert, issuer, access, options.at, currentAt(options.at));
    if (!r.found) {
      warnings.push(warning('cms/revocation-unavailable', `No usable OCSP response or CRL for '${cert.commonName}': ${r.problems.join('; ')}.`));
      continue;
    }
    (r.found.kind === 'ocsp' ? ocsps : crls).push(r.found.der);
    if (r.found.status === 'revoked') warnings.push(warning('cms/certificate-revoked', `Certificate '${cert.commonName}' was revoked at ${r.found.revokedAt!.toISOString()} (${r.found.url}).`));
  }
  return { ocsps, crls, warnings };
}
