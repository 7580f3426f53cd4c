/**
 * The client library an editor embeds: opens documents (identity + one telemetry event per open),
 * exports them with a generated identity written in, and reaches the engine in a Web Worker.
 */
import type { Result } from '../engine/core';
import { createColophon, type ColophonEngine, type ColophonOptions } from '../worker/client';
import { writeDocumentIdentity } from './backfill';
import { documentIdentity, type DocumentIdentity, type IdentityOptions } from './identity';
import { resolveClientOptions, type ColophonClientOptions, type ResolvedClientOptions } from './options';
import { sendOpenEvent, type FetchLike } from './telemetry';

/** Options of `createColophonClient`: the API.md options plus how to reach the engine worker. */
export interface CreateClientOptions extends ColophonClientOptions {
  /** Worker settings (font location, custom endpoint); the worker starts on the first engine call. */
  readonly worker?: ColophonOptions;
  /** Overrides for tests and hosts: clock, UUID source, fetch. */
  readonly environment?: IdentityOptions & { readonly fetch?: FetchLike };
}

/** A document opened through the client. */
export interface OpenedDocument {
  /** The bytes as opened (never modified). */
  readonly bytes: Uint8Array;
  readonly fileName?: string;
  /** Its telemetry identity; generated values are written into the file by `exportDocx`. */
  readonly identity: DocumentIdentity;
  /** True when the open event was sent (telemetry enabled and a fetch available). */
  readonly reported: boolean;
  /** The DOCX to save: the opened bytes with a generated GUID / creation time written in. */
  exportDocx(): Result<Uint8Array>;
}

/** The client: document opening with telemetry, and the engine. */
export interface ColophonClient {
  readonly options: ResolvedClientOptions;
  /** The engine in a Web Worker (started lazily). */
  readonly engine: ColophonEngine;
  /** Opens a document: computes its identity and sends the open event (not awaited, never failing). */
  openDocument(bytes: Uint8Array, info?: { readonly fileName?: string }): OpenedDocument;
}

/** Creates the client library object; nothing starts (no worker, no request) until it is used. */
export function createColophonClient(options: CreateClientOptions = {}): ColophonClient {
  const resolved = resolveClientOptions(options);
  const env = options.environment ?? {};
  let engine: ColophonEngine | undefined;
  return {
    options: resolved,
    get engine(): ColophonEngine {
      engine ??= createColophon(options.worker ?? {});
      return engine;
    },
    openDocument(bytes, info = {}) {
      const identity = documentIdentity(bytes, env);
      const reported = sendOpenEvent(identity, resolved, { ...(env.now ? { now: env.now } : {}), ...(env.fetch ? { fetch: env.fetch } : {}) });
      return {
        bytes,
        ...(info.fileName !== undefined ? { fileName: info.fileName } : {}),
        identity,
        reported,
        exportDocx: () => (identity.generated ? writeDocumentIdentity(bytes, identity) : { ok: true, value: bytes, warnings: [] }),
      };
    },
  };
}
