/**
 * In-process limiters: a fixed-window request counter per key (429 with RateLimit-* headers) and a
 * concurrency gate per key. Per instance: several instances behind a balancer each count their own.
 */

/** The state of one key's window after a request was counted. */
export interface RateDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until the window resets. */
  readonly resetS: number;
}

/** Counts requests per key in fixed windows of `windowMs`. */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request for `key` and says whether it is allowed. */
  take(key: string): RateDecision {
    const t = this.now();
    if (this.windows.size > 50_000) this.sweep(t);
    let w = this.windows.get(key);
    if (!w || t - w.start >= this.windowMs) {
      w = { start: t, count: 0 };
      this.windows.set(key, w);
    }
    const resetS = Math.max(1, Math.ceil((w.start + this.windowMs - t) / 1000));
    if (w.count >= this.limit) return { allowed: false, limit: this.limit, remaining: 0, resetS };
    w.count++;
    return { allowed: true, limit: this.limit, remaining: this.limit - w.count, resetS };
  }

  /** The state of `key`'s window without counting a request (for answers that refuse before counting). */
  peek(key: string): RateDecision {
    const t = this.now();
    const w = this.windows.get(key);
    const current = w && t - w.start < this.windowMs ? w : undefined;
    const resetS = current ? Math.max(1, Math.ceil((current.start + this.windowMs - t) / 1000)) : Math.max(1, Math.ceil(this.windowMs / 1000));
    const used = current?.count ?? 0;
    return { allowed: used < this.limit, limit: this.limit, remaining: Math.max(0, this.limit - used), resetS };
  }

  private sweep(t: number): void {
    for (const [k, w] of this.windows) if (t - w.start >= this.windowMs) this.windows.delete(k);
  }
}

/** The standard headers of a rate decision (IETF draft "RateLimit header fields for HTTP"). */
export function rateLimitHeaders(d: RateDecision, windowMs: number): Record<string, string> {
  return {
    'RateLimit-Limit': String(d.limit),
    'RateLimit-Remaining': String(d.remaining),
    'RateLimit-Reset': String(d.resetS),
    'RateLimit-Policy': `${d.limit};w=${Math.round(windowMs / 1000)}`,
  };
}

/** Limits how many requests each key has in flight. */
export class ConcurrencyGate {
  private readonly inFlight = new Map<string, number>();

  constructor(readonly max: number) {}

  /** Takes a slot for `key`; returns the release function, or undefined when the key is at its limit. */
  acquire(key: string): (() => void) | undefined {
    const n = this.inFlight.get(key) ?? 0;
    if (n >= this.max) return undefined;
    this.inFlight.set(key, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inFlight.get(key) ?? 1) - 1;
      if (left <= 0) this.inFlight.delete(key);
      else this.inFlight.set(key, left);
    };
  }

  /** Requests in flight for `key`. */
  count(key: string): number {
    return this.inFlight.get(key) ?? 0;
  }
}
