import { describe, expect, it } from 'vitest';
import { ConcurrencyGate, FixedWindowLimiter, rateLimitHeaders } from './limits';

describe('FixedWindowLimiter', () => {
  it('allows `limit` requests per window per key and reports the reset', () => {
    let now = 1_000_000;
    const l = new FixedWindowLimiter(2, 10_000, () => now);
    expect(l.take('a')).toEqual({ allowed: true, limit: 2, remaining: 1, resetS: 10 });
    now += 4_000;
    expect(l.take('a')).toEqual({ allowed: true, limit: 2, remaining: 0, resetS: 6 });
    expect(l.take('a')).toEqual({ allowed: false, limit: 2, remaining: 0, resetS: 6 });
    expect(l.take('b').allowed).toBe(true);
    now += 6_000;
    expect(l.take('a')).toEqual({ allowed: true, limit: 2, remaining: 1, resetS: 10 });
    expect(rateLimitHeaders(l.take('a'), 10_000)).toEqual({ 'RateLimit-Limit': '2', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '10', 'RateLimit-Policy': '2;w=10' });
  });
});

describe('ConcurrencyGate', () => {
  it('hands out at most `max` slots per key; release is idempotent', () => {
    const g = new ConcurrencyGate(2);
    const a = g.acquire('k')!;
    const b = g.acquire('k')!;
    expect(g.acquire('k')).toBeUndefined();
    expect(g.acquire('other')).toBeDefined();
    a();
    a();
    expect(g.count('k')).toBe(1);
    expect(g.acquire('k')).toBeDefined();
    b();
  });
});
