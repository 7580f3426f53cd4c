/**
 * API keys by e-mail code: code and key generation, hashing and constant-time comparison, and the
 * register / verify operations over the Store and the Mailer. Only hashes of codes and keys are stored.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Mailer } from './mail';
import type { KeyRecord, Store } from './store/types';

/** How long a code is valid. */
export const CODE_TTL_MS = 15 * 60 * 1000;
/** Wrong attempts after which a code is void. */
export const MAX_CODE_ATTEMPTS = 5;
/** Window of the per-address and per-IP registration limits. */
export const REGISTER_WINDOW_MS = 60 * 60 * 1000;
/** Prefix of every API key, so a leaked key is recognisable by secret scanners. */
export const KEY_PREFIX = 'colophon_';

const EMAIL = /^[^\s@"<>()\[\],;:\\]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** Trims and lower-cases an address; undefined when it is not a plausible address. */
export function normalizeEmail(raw: string): string | undefined {
  const e = raw.trim().toLowerCase();
  return e.length <= 254 && EMAIL.test(e) ? e : undefined;
}

/** SHA-256 of a secret (API key): keys are 256-bit random, so an unsalted hash is safe to store. */
export function hashSecret(secret: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(secret, 'utf8').digest());
}

/** SHA-256(salt ‖ code) of a verification code. */
export function hashCode(salt: Uint8Array, code: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(salt).update(code, 'utf8').digest());
}

/** Constant-time equality of two hashes. */
export function sameHash(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Hex hash used to count registrations per address or IP without storing either. */
export function limitHash(kind: 'email' | 'ip', value: string): string {
  return createHash('sha256').update(`colophon-limit:${kind}:${value}`).digest('hex');
}

/** A new API key: prefix + 32 random bytes, base64url. */
export function newApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** A new 6-digit code (uniform, leading zeros kept). */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * The registration window that binds (the address's or the client IP's, whichever has fewer codes
 * left), as the RateLimit-* headers describe it: limit, codes left after this request, seconds until
 * the oldest counted code leaves the window.
 */
export interface RegisterWindow {
  readonly limit: number;
  readonly remaining: number;
  readonly resetS: number;
}

/** Outcome of a registration request. */
export type RegisterOutcome =
  | { readonly ok: true; readonly file?: string; readonly window: RegisterWindow }
  | { readonly ok: false; readonly limitedBy: 'email' | 'ip'; readonly retryAfterS: number; readonly window: RegisterWindow };

/** Registration limits. */
export interface RegisterLimits {
  readonly perEmail: number;
  readonly perIp: number;
}

/** Sends a fresh code to `email` unless the address or the client IP reached its hourly limit. */
export async function registerEmail(store: Store, mailer: Mailer, email: string, ip: string, limits: RegisterLimits, now: number): Promise<RegisterOutcome> {
  const since = now - REGISTER_WINDOW_MS;
  await store.purge(now, since);
  const emailHash = limitHash('email', email);
  const ipHash = limitHash('ip', ip);
  let window: RegisterWindow | undefined;
  for (const [by, hash, max] of [['email', emailHash, limits.perEmail], ['ip', ipHash, limits.perIp]] as const) {
    const used = await store.countRegistrations(by, hash, since);
    const oldest = used > 0 ? await store.oldestRegistration(by, hash, since) : undefined;
    const resetS = Math.max(1, Math.ceil(((oldest ?? now) + REGISTER_WINDOW_MS - now) / 1000));
    if (used >= max) return { ok: false, limitedBy: by, retryAfterS: resetS, window: { limit: max, remaining: 0, resetS } };
    // This request's code counts in both windows.
    const left = { limit: max, remaining: max - used - 1, resetS };
    if (!window || left.remaining < window.remaining) window = left;
  }
  const code = newCode();
  const salt = new Uint8Array(randomBytes(16));
  await store.putCode({ email, codeHash: hashCode(salt, code), salt, expiresAt: now + CODE_TTL_MS, attempts: 0 });
  await store.addRegistration(emailHash, ipHash, now);
  try {
    const receipt = await mailer.send({
      to: email,
      subject: `Your Colophon verification code: ${code}`,
      text: `Your Colophon verification code is ${code}\n\nIt is valid for 15 minutes. Exchange it for an API key with\n\n  GET /v1/auth/verify?email=${encodeURIComponent(email)}&code=${code}\n\nIf you did not ask for it, ignore this message.\n`,
    });
    return { ok: true, window: window!, ...(receipt.file ? { file: receipt.file } : {}) };
  } catch (e) {
    await store.deleteCode(email);
    throw e;
  }
}

/** Outcome of a verification attempt. */
export type VerifyOutcome = { readonly ok: true; readonly key: string; readonly record: KeyRecord } | { readonly ok: false; readonly reason: 'no-code' | 'expired' | 'wrong' | 'exhausted' };

/** Checks a code; on success deletes it and issues a new key (returned once, stored as a hash). */
export async function verifyEmailCode(store: Store, email: string, code: string, now: number): Promise<VerifyOutcome> {
  const pending = await store.getCode(email);
  if (!pending) return { ok: false, reason: 'no-code' };
  if (pending.expiresAt <= now) {
    await store.deleteCode(email);
    return { ok: false, reason: 'expired' };
  }
  // Count the attempt before comparing, so parallel guesses cannot exceed the limit between read and write.
  const attempt = await store.addCodeAttempt(email);
  if (attempt > MAX_CODE_ATTEMPTS) {
    await store.deleteCode(email);
    return { ok: false, reason: 'exhausted' };
  }
  if (!sameHash(hashCode(pending.salt, code), pending.codeHash)) {
    if (attempt >= MAX_CODE_ATTEMPTS) {
      await store.deleteCode(email);
      return { ok: false, reason: 'exhausted' };
    }
    return { ok: false, reason: 'wrong' };
  }
  if (!(await store.deleteCode(email))) return { ok: false, reason: 'no-code' };
  const key = newApiKey();
  const record = await store.addKey(email, hashSecret(key), now);
  return { ok: true, key, record };
}

/** Finds the key record of a presented API key (lookup by hash, then a constant-time check). */
export async function authenticateKey(store: Store, presented: string): Promise<KeyRecord | undefined> {
  if (!presented.startsWith(KEY_PREFIX) || presented.length > 200) return undefined;
  const hash = hashSecret(presented);
  const record = await store.findKey(hash);
  return record && sameHash(record.keyHash, hash) ? record : undefined;
}

/**
 * True when a key was verified for one of the operator addresses: the e-mail code proved control of
 * that mailbox, so the right follows the address and ends when the operator removes it from the list.
 */
export function isOperatorKey(record: KeyRecord, operatorEmails: readonly string[]): boolean {
  return operatorEmails.includes(record.email);
}
