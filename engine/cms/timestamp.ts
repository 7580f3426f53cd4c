/**
 * RFC 3161 time-stamping: request encoding (§2.4.1), response and token parsing (§2.4.2), and a
 * client that posts through a caller-supplied `fetch` (the engine never opens the network itself).
 */
import { DiagnosticError, abort, fail, ok } from '../core';
import type { Result } from '../core';
import type { DigestName } from './algorithms';
import { digestAlgorithmId, digestName } from './algorithms';
import { boolean, integerFromBytes, integer, octetString, oid, seq } from './der';
import { children, content, parseDer, readNode, readOid, readSmallInt, readTime, readString } from './der-read';
import { bytesEqual } from './certificate';
import { parseSignedData } from './signed-data-read';
import { OID } from './oids';
import { bufferSource } from './buffer-source';

/** The HTTP transport a time-stamp client uses: the standard `fetch` fits. */
export type FetchLike = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: Uint8Array<ArrayBuffer>; signal?: AbortSignal },
) => Promise<{ ok: boolean; status: number; arrayBuffer(): Promise<ArrayBuffer> }>;

/** Where and how to get time-stamps. */
export interface TsaOptions {
  readonly url: string;
  readonly fetch: FetchLike;
  /** Extra HTTP headers (e.g. Authorization). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Digest of the message imprint; SHA-256 by default. */
  readonly digest?: DigestName;
  /** Requested TSA policy OID. */
  readonly policy?: string;
  /** Largest accepted response in bytes. */
  readonly maxResponseBytes?: number;
}

/** The facts of a TSTInfo (RFC 3161 §2.4.2). */
export interface TstInfo {
  readonly policy: string;
  readonly imprintAlgorithm: string;
  readonly imprint: Uint8Array;
  readonly serial: Uint8Array;
  readonly genTime: Date;
  readonly nonce?: Uint8Array;
}

/** Encodes a TimeStampReq for a message imprint, asking for the TSA certificate. */
export function buildTimeStampRequest(imprint: Uint8Array, digest: DigestName, options: { nonce?: Uint8Array; policy?: string } = {}): Uint8Array {
  const parts = [integer(1), seq(digestAlgorithmId(digest), octetString(imprint))];
  if (options.policy) parts.push(oid(options.policy));
  if (options.nonce) parts.push(integerFromBytes(options.nonce));
  parts.push(boolean(true));
  return seq(...parts);
}

/** Parses a TimeStampResp: returns the token (a ContentInfo DER) or a `cms/tsa-rejected` failure. */
export function parseTimeStampResponse(der: Uint8Array): Result<Uint8Array> {
  try {
    const [statusInfo, token] = children(parseDer(der));
    const s = children(statusInfo!);
    const status = readSmallInt(s[0]!);
    if (status !== 0 && status !== 1) {
      const text = s[1] ? children(s[1]).map(readString).join('; ') : '';
      return fail({ severity: 'error', code: 'cms/tsa-rejected', message: `The time-stamp authority refused the request (status ${status}${text ? ': ' + text : ''}).` });
    }
    if (!token) return fail({ severity: 'error', code: 'cms/tsa-no-token', message: 'The time-stamp response carries no token.' });
    return ok(der.slice(token.start, token.end));
  } catch (e) {
    if (e instanceof DiagnosticError) return fail({ ...e.diagnostic, code: 'cms/tsa-bad-response' });
    throw e;
  }
}

/** Reads the TSTInfo of a time-stamp token. */
export function readTstInfo(token: Uint8Array): TstInfo {
  const sd = parseSignedData(token);
  if (sd.eContentType !== OID.tstInfo || !sd.eContent) abort('cms/not-timestamp', 'The token does not carry a TSTInfo.');
  const f = children(parseDer(sd.eContent));
  const [alg, hashed] = children(f[2]!);
  const rest = f.slice(5);
  const nonceNode = rest.find((n) => n.tag === 0x02);
  return {
    policy: readOid(f[1]!),
    imprintAlgorithm: readOid(children(alg!)[0]!),
    imprint: content(hashed!),
    serial: content(f[3]!),
    genTime: readTime(f[4]!),
    ...(nonceNode ? { nonce: content(nonceNode) } : {}),
  };
}

function stripZeros(b: Uint8Array): Uint8Array {
  let i = 0;
  while (i < b.length - 1 && b[i] === 0) i++;
  return b.subarray(i);
}

/** Capabilities a time-stamp request needs. */
export interface TimestampContext {
  readonly subtle: SubtleCrypto;
  readonly randomBytes?: (n: number) => Uint8Array;
  readonly signal?: AbortSignal;
}

/** Time-stamps `data`: hashes it with the TSA digest, then as `requestTimestampForDigest`. */
export async function requestTimestamp(data: Uint8Array, tsa: TsaOptions, ctx: TimestampContext): Promise<Result<{ token: Uint8Array; info: TstInfo }>> {
  const digest = tsa.digest ?? 'SHA-256';
  const imprint = new Uint8Array(await ctx.subtle.digest(digest, bufferSource(data)));
  return requestTimestampForDigest(imprint, digest, tsa, ctx);
}

/** Posts a request for a precomputed imprint, checks imprint and nonce in the answer, returns the token. */
export async function requestTimestampForDigest(
  imprint: Uint8Array,
  digest: DigestName,
  tsa: TsaOptions,
  ctx: TimestampContext,
): Promise<Result<{ token: Uint8Array; info: TstInfo }>> {
  const nonce = ctx.randomBytes ? ctx.randomBytes(8) : undefined;
  if (nonce) nonce[0]! &= 0x7f;
  const req = buildTimeStampRequest(imprint, digest, { ...(nonce ? { nonce } : {}), ...(tsa.policy ? { policy: tsa.policy } : {}) });
  const body = await postRequest(req, tsa, ctx.signal);
  if (!body.ok) return body;
  const token = parseTimeStampResponse(body.value);
  if (!token.ok) return token;
  try {
    const info = readTstInfo(token.value);
    if (digestName(info.imprintAlgorithm) !== digest || !bytesEqual(info.imprint, imprint)) {
      return fail({ severity: 'error', code: 'cms/tsa-imprint-mismatch', message: 'The time-stamp token does not cover the requested data.' });
    }
    if (nonce && (!info.nonce || !bytesEqual(stripZeros(info.nonce), stripZeros(nonce)))) {
      return fail({ severity: 'error', code: 'cms/tsa-nonce-mismatch', message: 'The time-stamp token does not echo the request nonce.' });
    }
    return ok({ token: token.value, info });
  } catch (e) {
    if (e instanceof DiagnosticError) return fail({ ...e.diagnostic, code: 'cms/tsa-bad-response' });
    throw e;
  }
}

async function postRequest(req: Uint8Array, tsa: TsaOptions, signal?: AbortSignal): Promise<Result<Uint8Array>> {
  try {
    const res = await tsa.fetch(tsa.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/timestamp-query', Accept: 'application/timestamp-reply', ...(tsa.headers ?? {}) },
      body: bufferSource(req),
      ...(signal ? { signal } : {}),
    });
    if (!res.ok) return fail({ severity: 'error', code: 'cms/tsa-http', message: `The time-stamp authority at ${tsa.url} answered HTTP ${res.status}.` });
    const body = new Uint8Array(await res.arrayBuffer());
    if (body.length > (tsa.maxResponseBytes ?? 1024 * 1024)) return fail({ severity: 'error', code: 'cms/tsa-bad-response', message: 'The time-stamp response is too large.' });
    return ok(body);
  } catch (e) {
    return fail({ severity: 'error', code: 'cms/tsa-unreachable', message: `The time-stamp authority at ${tsa.url} could not be reached: ${e instanceof Error ? e.message : String(e)}` });
  }
}

/** Reads the first node of a DER buffer (exported for callers that need a quick tag check). */
export function isDerSequence(b: Uint8Array): boolean {
  try {
    return readNode(b, 0).tag === 0x30;
  } catch (e) {
    if (e instanceof DiagnosticError) return false;
    throw e;
  }
}
