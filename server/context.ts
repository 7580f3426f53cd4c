/**
 * Types shared by the app and its routes: the dependencies createApp receives, the per-request
 * context variables, and the engine call that maps pool failures to problems.
 */
import type { Context } from 'hono';
import type { Result } from '../engine';
import type { SigningIdentity } from '../worker/api';
import type { SigningKeyDescription } from '../engine/sign';
import type { ServerConfig } from './config';
import type { Logger } from './logger';
import type { Mailer } from './mail';
import { PoolError, type EnginePool, type PoolTask } from '../worker/pool';
import { engineProblem, HttpProblem } from './problem';
import type { KeyRecord, Store } from './store/types';
import type { ConcurrencyGate, FixedWindowLimiter } from './limits';

/** The service's signing key: what jobs sign with, what verification trusts, what /v1/verify/key publishes. */
export interface SigningService {
  readonly identity: SigningIdentity;
  readonly trustAnchors: readonly string[];
  readonly description: SigningKeyDescription;
}

/** What createApp needs from outside. */
export interface AppDeps {
  readonly store: Store;
  readonly mailer: Mailer;
  readonly pool: EnginePool;
  /** Loaded lazily (the development identity is generated on first use). */
  readonly signing: () => Promise<SigningService>;
  readonly log: Logger;
  readonly version: string;
  /** Milliseconds since the epoch; the real clock by default. */
  readonly now?: () => number;
}

/** Per-request variables. */
export interface AppVariables {
  requestId: string;
  clientIp: string;
  key: KeyRecord;
}

/** The Hono environment of the app. */
export interface AppEnv {
  Variables: AppVariables;
}

/** The app's shared state: config, deps and limiters. */
export interface AppState {
  readonly config: ServerConfig;
  readonly deps: AppDeps;
  readonly now: () => number;
  readonly keyLimiter: FixedWindowLimiter;
  readonly collectLimiter: FixedWindowLimiter;
  readonly keyGate: ConcurrencyGate;
  readonly startedAt: number;
}

/** Maps a pool failure to the problem the caller gets. */
export function poolProblem(e: PoolError): HttpProblem {
  switch (e.kind) {
    case 'queue-full':
      // The service's capacity, not the key's, is used up; the caller's remedy is a rate limit's: wait Retry-After.
      return new HttpProblem(503, 'RATE_LIMIT_ERROR', `${e.message} Retry after ${e.retryAfterS ?? 1} s.`, undefined, { 'Retry-After': String(e.retryAfterS ?? 1) });
    case 'queue-timeout':
      // API.md: the per-request time limit answers 504/503; the job never ran, so retrying later may succeed.
      return new HttpProblem(503, 'TIMEOUT', `${e.message} The request waited for its per-request time limit without starting; retry after ${e.retryAfterS ?? 1} s.`, undefined, { 'Retry-After': String(e.retryAfterS ?? 1) });
    case 'closed':
    case 'cancelled':
      return new HttpProblem(503, 'INTERNAL_ERROR', `${e.message} Retry after ${e.retryAfterS ?? 5} s.`, undefined, { 'Retry-After': String(e.retryAfterS ?? 5) });
    case 'timeout':
      return new HttpProblem(504, 'TIMEOUT', `${e.message} Send a smaller document or ask the operator to raise COLOPHON_JOB_TIMEOUT_S.`);
    case 'out-of-memory':
      return new HttpProblem(500, 'INTERNAL_ERROR', `${e.message} Send a smaller document or ask the operator to raise COLOPHON_JOB_MEMORY_MB.`);
    case 'crashed':
      return new HttpProblem(500, 'INTERNAL_ERROR', `${e.message} The worker was replaced; retrying may succeed.`);
  }
}

/** Runs an engine task in the pool for this request; a failed result becomes a problem about `field`. */
export async function runEngine<T>(c: Context<AppEnv>, state: AppState, field: string, task: PoolTask<Result<T>>): Promise<{ value: T; warnings: Result<T>['warnings'] }> {
  let result: Result<T>;
  try {
    result = await state.deps.pool.run(task, c.req.raw.signal);
  } catch (e) {
    if (e instanceof PoolError) throw poolProblem(e);
    throw e;
  }
  if (!result.ok) throw engineProblem(result.errors, field);
  return { value: result.value, warnings: result.warnings };
}

/** The warnings of a result, trimmed for a response. */
export function warningList(list: Result<unknown>['warnings']): Array<{ code: string; message: string; count?: number }> {
  return list.slice(0, 100).map((w) => ({ code: w.code, message: w.message, ...(w.count && w.count > 1 ? { count: w.count } : {}) }));
}
