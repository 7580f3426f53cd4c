/**
 * colophon/client: what an editor embeds to open documents — options and usage telemetry
 * (../shared/API.md), the document identity (`documentIdentity`, usable in Node too), writing a
 * generated identity into the file on export, and the engine in a Web Worker (`createColophon`).
 * In: document bytes and options. Out: identities, exported bytes, engine results.
 * Must not: let telemetry affect the application (every failure is silent), or send anything when disabled.
 */
export { createColophonClient, type ColophonClient, type CreateClientOptions, type OpenedDocument } from './client';
export { documentIdentity, hashId, formatCreatedAt, GUID_PROPERTY, type DocumentIdentity, type IdentityOptions } from './identity';
export { writeDocumentIdentity } from './backfill';
export {
  resolveClientOptions, DEFAULT_LICENSE_KEY, DEFAULT_TELEMETRY_ENDPOINT, DEFAULT_TELEMETRY_BASE,
  type ColophonClientOptions, type TelemetryOptions, type ResolvedClientOptions,
} from './options';
export { sendOpenEvent, buildTelemetryBody, readBrowserInfo, type TelemetryBody, type TelemetryEvent, type BrowserInfo, type FetchLike } from './telemetry';
export { COLOPHON_VERSION } from './version';
export { createColophon, type ColophonEngine, type ColophonOptions, type CallOptions } from '../worker/client';
