/**
 * The embedded store: one SQLite file (better-sqlite3, WAL journal) in the data directory.
 * Synchronous calls behind the async Store interface; each statement is short and indexed.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CodeRecord, KeyRecord, Store, TelemetryEvent, UsageRow } from './types';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS codes (
  email TEXT PRIMARY KEY, code_hash BLOB NOT NULL, salt BLOB NOT NULL, expires_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS registrations (
  id INTEGER PRIMARY KEY, email_hash TEXT NOT NULL, ip_hash TEXT NOT NULL, at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS registrations_email ON registrations (email_hash, at);
CREATE INDEX IF NOT EXISTS registrations_ip ON registrations (ip_hash, at);
CREATE TABLE IF NOT EXISTS api_keys (
  id INTEGER PRIMARY KEY, email TEXT NOT NULL, key_hash BLOB NOT NULL UNIQUE, created_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS telemetry_events (
  id INTEGER PRIMARY KEY, license_key TEXT NOT NULL, day TEXT NOT NULL, document_id TEXT NOT NULL, event_time TEXT NOT NULL,
  document_created_at TEXT, colophon_version TEXT, hostname TEXT, received_at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS telemetry_key_day ON telemetry_events (license_key, day);
CREATE INDEX IF NOT EXISTS telemetry_day ON telemetry_events (day);
`;

interface CodeRow { email: string; code_hash: Buffer; salt: Buffer; expires_at: number; attempts: number }
interface KeyRow { id: number; email: string; key_hash: Buffer; created_at: number }
interface UsageDbRow { license_key: string; day: string; documents: number; opens: number }

type Statements = ReturnType<typeof prepareStatements>;

/** Opens (creating if needed) the SQLite store at `file`. */
export function openSqliteStore(file: string): Store {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  return new SqliteStore(db, prepareStatements(db));
}

/** Every statement the store runs, prepared once when the database opens. */
function prepareStatements(db: Database.Database) {
  return {
    putCode: db.prepare('INSERT OR REPLACE INTO codes (email, code_hash, salt, expires_at, attempts) VALUES (?, ?, ?, ?, ?)'),
    getCode: db.prepare('SELECT * FROM codes WHERE email = ?'),
    addAttempt: db.prepare('UPDATE codes SET attempts = attempts + 1 WHERE email = ? RETURNING attempts'),
    deleteCode: db.prepare('DELETE FROM codes WHERE email = ?'),
    addRegistration: db.prepare('INSERT INTO registrations (email_hash, ip_hash, at) VALUES (?, ?, ?)'),
    countEmail: db.prepare('SELECT COUNT(*) AS n, MIN(at) AS oldest FROM registrations WHERE email_hash = ? AND at >= ?'),
    countIp: db.prepare('SELECT COUNT(*) AS n, MIN(at) AS oldest FROM registrations WHERE ip_hash = ? AND at >= ?'),
    addKey: db.prepare('INSERT INTO api_keys (email, key_hash, created_at) VALUES (?, ?, ?) RETURNING id'),
    findKey: db.prepare('SELECT * FROM api_keys WHERE key_hash = ?'),
    addEvent: db.prepare(
      'INSERT INTO telemetry_events (license_key, day, document_id, event_time, document_created_at, colophon_version, hostname, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    usageAll: db.prepare(
      'SELECT license_key, day, COUNT(DISTINCT document_id) AS documents, COUNT(*) AS opens FROM telemetry_events WHERE day >= ? AND day <= ? GROUP BY license_key, day ORDER BY day, license_key LIMIT 10000',
    ),
    usageKey: db.prepare(
      'SELECT license_key, day, COUNT(DISTINCT document_id) AS documents, COUNT(*) AS opens FROM telemetry_events WHERE day >= ? AND day <= ? AND license_key = ? GROUP BY license_key, day ORDER BY day',
    ),
    purgeCodes: db.prepare('DELETE FROM codes WHERE expires_at < ?'),
    purgeRegistrations: db.prepare('DELETE FROM registrations WHERE at < ?'),
    ping: db.prepare('SELECT 1 AS one'),
  };
}

/** The Store over one open database; each method is one prepared statement (or one transaction). */
class SqliteStore implements Store {
  private readonly insertEvents: (events: readonly TelemetryEvent[]) => void;

  constructor(
    private readonly db: Database.Database,
    private readonly q: Statements,
  ) {
    this.insertEvents = db.transaction((events: readonly TelemetryEvent[]) => {
      for (const e of events) {
        q.addEvent.run(e.licenseKey, e.day, e.documentId, e.eventTime, e.documentCreatedAt ?? null, e.colophonVersion ?? null, e.hostname ?? null, e.receivedAt);
      }
    });
  }

  async putCode(r: CodeRecord): Promise<void> {
    this.q.putCode.run(r.email, Buffer.from(r.codeHash), Buffer.from(r.salt), r.expiresAt, r.attempts);
  }

  async getCode(email: string): Promise<CodeRecord | undefined> {
    const r = this.q.getCode.get(email) as CodeRow | undefined;
    return r && { email: r.email, codeHash: new Uint8Array(r.code_hash), salt: new Uint8Array(r.salt), expiresAt: r.expires_at, attempts: r.attempts };
  }

  async addCodeAttempt(email: string): Promise<number> {
    const r = this.q.addAttempt.get(email) as { attempts: number } | undefined;
    return r?.attempts ?? 0;
  }

  async deleteCode(email: string): Promise<boolean> {
    return this.q.deleteCode.run(email).changes > 0;
  }

  async addRegistration(emailHash: string, ipHash: string, at: number): Promise<void> {
    this.q.addRegistration.run(emailHash, ipHash, at);
  }

  async countRegistrations(by: 'email' | 'ip', hash: string, since: number): Promise<number> {
    return this.registrations(by, hash, since).n;
  }

  async oldestRegistration(by: 'email' | 'ip', hash: string, since: number): Promise<number | undefined> {
    return this.registrations(by, hash, since).oldest ?? undefined;
  }

  async addKey(email: string, keyHash: Uint8Array, createdAt: number): Promise<KeyRecord> {
    const r = this.q.addKey.get(email, Buffer.from(keyHash), createdAt) as { id: number };
    return { id: r.id, email, keyHash, createdAt };
  }

  async findKey(keyHash: Uint8Array): Promise<KeyRecord | undefined> {
    const r = this.q.findKey.get(Buffer.from(keyHash)) as KeyRow | undefined;
    return r && { id: r.id, email: r.email, keyHash: new Uint8Array(r.key_hash), createdAt: r.created_at };
  }

  async addEvents(events: readonly TelemetryEvent[]): Promise<void> {
    this.insertEvents(events);
  }

  async usage(fromDay: string, toDay: string, licenseKey?: string): Promise<UsageRow[]> {
    const rows = (licenseKey === undefined ? this.q.usageAll.all(fromDay, toDay) : this.q.usageKey.all(fromDay, toDay, licenseKey)) as UsageDbRow[];
    return rows.map((r): UsageRow => ({ licenseKey: r.license_key, day: r.day, documents: r.documents, opens: r.opens }));
  }

  async purge(now: number, before: number): Promise<void> {
    this.q.purgeCodes.run(now);
    this.q.purgeRegistrations.run(before);
  }

  async ping(): Promise<boolean> {
    try {
      return (this.q.ping.get() as { one: number }).one === 1;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  private registrations(by: 'email' | 'ip', hash: string, since: number): { n: number; oldest: number | null } {
    return (by === 'email' ? this.q.countEmail : this.q.countIp).get(hash, since) as { n: number; oldest: number | null };
  }
}
