/**
 * Document time-stamps (ISO 32000-2 §12.8.5, ETSI EN 319 142-1 §5.5, PAdES B-LTA): a /DocTimeStamp
 * signature whose /Contents is an RFC 3161 token over the byte ranges, appended in its own
 * incremental update so it covers the signatures and the DSS before it.
 */
import { fail, ok } from '../core';
import type { EngineHost, Result } from '../core';
import type { TsaOptions } from '../cms';
import { requestTimestampForDigest } from '../cms';
import { completeSignature } from './complete';
import { prepareSignature } from './prepare';

/** Options of `addDocumentTimestamp`. */
export interface DocumentTimestampOptions {
  readonly timestamp: TsaOptions;
  /** Bytes reserved for the token; 12 KB by default, enlarged and retried once if the token is larger. */
  readonly contentsSize?: number;
  readonly fieldName?: string;
}

/** Appends a document time-stamp. */
export async function addDocumentTimestamp(pdf: Uint8Array, options: DocumentTimestampOptions, host: EngineHost): Promise<Result<Uint8Array>> {
  const first = await attempt(pdf, options, options.contentsSize ?? 12288, host);
  if (first.kind === 'done') return first.result;
  if (options.contentsSize !== undefined) return tooSmall(first.needed, options.contentsSize);
  // The first token tells the real size: make room for it and ask once more.
  const second = await attempt(pdf, options, first.needed + 1024, host);
  return second.kind === 'done' ? second.result : tooSmall(second.needed, first.needed + 1024);
}

type Attempt = { readonly kind: 'done'; readonly result: Result<Uint8Array> } | { readonly kind: 'too-small'; readonly needed: number };

function tooSmall(needed: number, had: number): Result<Uint8Array> {
  return fail({ severity: 'error', code: 'sign/placeholder-too-small', message: `The time-stamp token is ${needed} bytes but the placeholder holds ${had}.` });
}

async function attempt(pdf: Uint8Array, options: DocumentTimestampOptions, size: number, host: EngineHost): Promise<Attempt> {
  const digest = options.timestamp.digest ?? 'SHA-256';
  const prepared = await prepareSignature(pdf, { kind: 'timestamp', contentsSize: size, digest, ...(options.fieldName ? { fieldName: options.fieldName } : {}) }, host);
  if (!prepared.ok) return { kind: 'done', result: prepared };
  const ts = await requestTimestampForDigest(prepared.value.digest, digest, options.timestamp, {
    subtle: host.crypto!.subtle,
    ...(host.randomBytes ? { randomBytes: host.randomBytes } : {}),
    ...(host.signal ? { signal: host.signal } : {}),
  });
  if (!ts.ok) return { kind: 'done', result: ts };
  if (ts.value.token.length > prepared.value.contentsCapacity) return { kind: 'too-small', needed: ts.value.token.length };
  const done = completeSignature(prepared.value, ts.value.token);
  return { kind: 'done', result: done.ok ? ok(done.value, prepared.warnings) : done };
}
