/**
 * Options of the client library and how they resolve (../shared/API.md, "Client library telemetry"):
 * the root `licenseKey` beats the deprecated `telemetry.licenseKey`; telemetry is on by default.
 */

/** Licence key used when none is given: the AGPL community and evaluation licence. */
export const DEFAULT_LICENSE_KEY = 'community-and-eval-agplv3';

/** Base URL of the hosted telemetry ingest. */
export const DEFAULT_TELEMETRY_BASE = 'https://telemetry.colophon.dev';

/** Default telemetry endpoint: `<telemetry base>/v1/collect`. */
export const DEFAULT_TELEMETRY_ENDPOINT = `${DEFAULT_TELEMETRY_BASE}/v1/collect`;

/** Usage telemetry settings. */
export interface TelemetryOptions {
  /** Send one event per opened document (default true). */
  readonly enabled?: boolean;
  /** Where events are POSTed (default `DEFAULT_TELEMETRY_ENDPOINT`). */
  readonly endpoint?: string;
  /** Extra data sent with every event batch (plain JSON values). */
  readonly metadata?: Readonly<Record<string, unknown>>;
  /** @deprecated Give `licenseKey` at the root of the options; the root key wins when both are given. */
  readonly licenseKey?: string;
}

/** Options of `createColophonClient`. */
export interface ColophonClientOptions {
  /** Licence key sent as `X-License-Key` (default `community-and-eval-agplv3`). */
  readonly licenseKey?: string;
  readonly telemetry?: TelemetryOptions;
}

/** Options after defaults and precedence are applied. */
export interface ResolvedClientOptions {
  readonly licenseKey: string;
  readonly telemetry: {
    readonly enabled: boolean;
    readonly endpoint: string;
    readonly metadata: Readonly<Record<string, unknown>>;
  };
}

/** Applies defaults and the licence-key precedence (root, then deprecated `telemetry.licenseKey`, then the default). */
export function resolveClientOptions(options: ColophonClientOptions = {}): ResolvedClientOptions {
  const t = options.telemetry ?? {};
  const key = nonEmpty(options.licenseKey) ?? nonEmpty(t.licenseKey) ?? DEFAULT_LICENSE_KEY;
  return {
    licenseKey: key,
    telemetry: {
      enabled: t.enabled !== false,
      endpoint: nonEmpty(t.endpoint) ?? DEFAULT_TELEMETRY_ENDPOINT,
      // API.md: metadata is a record; a list or a primitive would make the ingest refuse the whole event.
      metadata: t.metadata && typeof t.metadata === 'object' && !Array.isArray(t.metadata) ? t.metadata : {},
    },
  };
}

function nonEmpty(s: string | undefined): string | undefined {
  return typeof s === 'string' && s.trim() !== '' ? s : undefined;
}
