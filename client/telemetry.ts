/**
 * The usage event sent when a document is opened (../shared/API.md): one POST, `credentials: 'omit'`,
 * not awaited, every error swallowed — no retry, no queue, no console output, no effect on the app.
 */
import type { DocumentIdentity } from './identity';
import type { ResolvedClientOptions } from './options';
import { COLOPHON_VERSION } from './version';

/** The browser facts sent with an event (empty strings and zeros outside a browser). */
export interface BrowserInfo {
  readonly userAgent: string;
  readonly currentUrl: string;
  readonly hostname: string;
  readonly screenSize: { readonly width: number; readonly height: number };
}

/** One document-open event. */
export interface TelemetryEvent {
  readonly timestamp: string;
  readonly documentId: string;
  readonly documentCreatedAt: string;
}

/** The JSON body POSTed to the telemetry endpoint. */
export interface TelemetryBody {
  readonly colophonVersion: string;
  readonly browserInfo: BrowserInfo;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly events: readonly TelemetryEvent[];
}

interface BrowserGlobals {
  navigator?: { userAgent?: unknown };
  location?: { href?: unknown; hostname?: unknown };
  screen?: { width?: unknown; height?: unknown };
}

/** Reads the browser facts from the globals that exist (Node gives empty values). */
export function readBrowserInfo(g: BrowserGlobals = globalThis as BrowserGlobals): BrowserInfo {
  const str = (v: unknown): string => (typeof v === 'string' ? v : '');
  const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    userAgent: str(g.navigator?.userAgent),
    currentUrl: pageAddress(str(g.location?.href)),
    hostname: str(g.location?.hostname),
    screenSize: { width: num(g.screen?.width), height: num(g.screen?.height) },
  };
}

/**
 * The page's address as the event may carry it: scheme, host and path of an http(s) page, without
 * user info, query or fragment, which hold sign-in tokens, magic links and e-mail addresses
 * (`?token=…`, `#access_token=…`); of any other page (file:, blob:, data:) only its scheme, since its
 * path is a local file name or the content itself. Empty when there is no address.
 */
function pageAddress(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return '';
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.protocol}//${url.host}${url.pathname}` : url.protocol;
}

/** Builds the body of the document-open event. */
export function buildTelemetryBody(identity: DocumentIdentity, options: ResolvedClientOptions, now: Date, browserInfo: BrowserInfo = readBrowserInfo()): TelemetryBody {
  return {
    colophonVersion: COLOPHON_VERSION,
    browserInfo,
    metadata: options.telemetry.metadata,
    events: [{ timestamp: now.toISOString(), documentId: identity.documentId, documentCreatedAt: identity.documentCreatedAt }],
  };
}

/** The fetch the client uses (tests and hosts may give their own). */
export type FetchLike = (input: string, init: RequestInit) => Promise<unknown>;

/**
 * Sends the document-open event unless telemetry is disabled. Returns at once (the request is not
 * awaited) and never throws or rejects; returns whether a request was started.
 */
export function sendOpenEvent(
  identity: DocumentIdentity,
  options: ResolvedClientOptions,
  deps: { readonly now?: () => Date; readonly fetch?: FetchLike } = {},
): boolean {
  if (!options.telemetry.enabled) return false;
  try {
    const doFetch = deps.fetch ?? (globalThis.fetch as FetchLike | undefined);
    if (typeof doFetch !== 'function') return false;
    const body = JSON.stringify(buildTelemetryBody(identity, options, (deps.now ?? (() => new Date()))()));
    const pending = doFetch(options.telemetry.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-License-Key': options.licenseKey },
      body,
      credentials: 'omit',
      keepalive: true,
    });
    // Swallow every failure: network errors, CORS refusals, HTTP errors (never looked at).
    if (pending && typeof (pending as Promise<unknown>).then === 'function') (pending as Promise<unknown>).then(undefined, () => undefined);
    return true;
  } catch {
    // Unserialisable metadata, a throwing fetch polyfill, an invalid URL: telemetry never affects the app.
    return false;
  }
}
