/**
 * The store interface: verification codes, registration attempts, API keys and telemetry events.
 * Async so that a networked database (PostgreSQL, for several instances) can implement it; the
 * embedded default is SQLite (sqlite.ts). Keys and codes are stored only as hashes; no document
 * content ever reaches the store.
 */

/** A pending e-mail verification code. */
export interface CodeRecord {
  readonly email: string;
  /** SHA-256(salt ‖ code). */
  readonly codeHash: Uint8Array;
  readonly salt: Uint8Array;
  /** Milliseconds since the epoch. */
  readonly expiresAt: number;
  /** Wrong attempts so far. */
  readonly attempts: number;
}

/** An issued API key (only its hash). */
export interface KeyRecord {
  readonly id: number;
  readonly email: string;
  readonly keyHash: Uint8Array;
  readonly createdAt: number;
}

/** One stored telemetry event (a document open). */
export interface TelemetryEvent {
  readonly licenseKey: string;
  /** UTC day the event was received, `YYYY-MM-DD`. */
  readonly day: string;
  readonly documentId: string;
  /** The client's event time, as sent. */
  readonly eventTime: string;
  readonly documentCreatedAt?: string;
  readonly colophonVersion?: string;
  readonly hostname?: string;
  /** Milliseconds since the epoch. */
  readonly receivedAt: number;
}

/** Usage of one licence key on one day. */
export interface UsageRow {
  readonly licenseKey: string;
  readonly day: string;
  /** Distinct document ids opened. */
  readonly documents: number;
  /** Open events. */
  readonly opens: number;
}

/** The persistence the service needs. */
export interface Store {
  /** Stores (or replaces) the pending code of an address. */
  putCode(record: CodeRecord): Promise<void>;
  getCode(email: string): Promise<CodeRecord | undefined>;
  /** Adds one wrong attempt and returns the new count. */
  addCodeAttempt(email: string): Promise<number>;
  /** Deletes the pending code; true when there was one (so only one caller can consume it). */
  deleteCode(email: string): Promise<boolean>;
  /** Records a code sent to an address from a client (both hashed by the caller). */
  addRegistration(emailHash: string, ipHash: string, at: number): Promise<void>;
  /** Codes sent since `since` to an address hash or from an IP hash. */
  countRegistrations(by: 'email' | 'ip', hash: string, since: number): Promise<number>;
  /** The oldest registration since `since` for an address or IP (to compute Retry-After). */
  oldestRegistration(by: 'email' | 'ip', hash: string, since: number): Promise<number | undefined>;
  addKey(email: string, keyHash: Uint8Array, createdAt: number): Promise<KeyRecord>;
  findKey(keyHash: Uint8Array): Promise<KeyRecord | undefined>;
  addEvents(events: readonly TelemetryEvent[]): Promise<void>;
  /** Usage per licence key and day between two days (inclusive), optionally for one key. */
  usage(fromDay: string, toDay: string, licenseKey?: string): Promise<UsageRow[]>;
  /** Deletes expired codes and registrations older than `before`. */
  purge(now: number, before: number): Promise<void>;
  /** True when the database answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
