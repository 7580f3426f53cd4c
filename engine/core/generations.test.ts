import { describe, expect, it } from 'vitest';
import { GenerationCache, GenerationPool } from './generations';

describe('GenerationPool', () => {
  it('holds at most twice its limit across all its caches, however many entries they are fed', () => {
    const pool = new GenerationPool(100);
    const caches = Array.from({ length: 5 }, () => new GenerationCache<number>(pool));
    for (let i = 0; i < 10_000; i++) {
      caches[i % 5]!.set(`k${i}`, i);
      expect(pool.size).toBeLessThanOrEqual(200);
    }
    expect(pool.size).toBe(200);
    // The latest entries are still there, with their values; the oldest are gone.
    for (let i = 9_900; i < 10_000; i++) expect(caches[i % 5]!.get(`k${i}`)).toBe(i);
    expect(caches[0]!.get('k0')).toBeUndefined();
  });

  it('keeps an entry used in every generation, moving it to the young one', () => {
    const pool = new GenerationPool(10);
    const cache = new GenerationCache<string>(pool);
    cache.set('kept', 'value');
    for (let i = 0; i < 1_000; i++) {
      cache.set(`other${i}`, 'x');
      expect(cache.get('kept')).toBe('value');
    }
    expect(pool.size).toBeLessThanOrEqual(20);
  });

  it('lets a cache that is no longer fed go once both its generations are empty', () => {
    const pool = new GenerationPool(10);
    const idle = new GenerationCache<number>(pool);
    const busy = new GenerationCache<number>(pool);
    for (let i = 0; i < 5; i++) idle.set(`i${i}`, i);
    for (let i = 0; i < 30; i++) busy.set(`b${i}`, i);
    expect(idle.size).toBe(0);
    expect(idle.get('i0')).toBeUndefined();
    expect(pool.size).toBe(busy.size);
  });
});

describe('GenerationPool key characters', () => {
  it('ages the pool when its young keys reach the characters it allows, however few they are', () => {
    const pool = new GenerationPool(100, 800);
    const cache = new GenerationCache<number>(pool);
    // Keys of 80 characters: the young generation holds 10 of them (800 characters), not 100.
    for (let i = 0; i < 10; i++) cache.set(`${i}`.padEnd(80, 'x'), i);
    cache.set('next', 10);
    expect(cache.get('0'.padEnd(80, 'x'))).toBe(0);
    cache.set('more', 11);
    for (let i = 0; i < 100; i++) cache.set(`s${i}`, i);
    expect(cache.get('1'.padEnd(80, 'x'))).toBeUndefined();
  });

  it('ages short keys by count only: 100 words of 7 letters all stay young', () => {
    const pool = new GenerationPool(100);
    expect(pool.charLimit).toBe(1_200);
    const cache = new GenerationCache<number>(pool);
    for (let i = 0; i < 100; i++) cache.set(`w${i}`.padEnd(7, 'y'), i);
    cache.set('next', 100);
    expect(cache.get('w0'.padEnd(7, 'y'))).toBe(0);
  });

  it('does not keep an entry whose key is longer than a whole generation allows (a word of millions of characters)', () => {
    const pool = new GenerationPool(100);
    const cache = new GenerationCache<string>(pool);
    cache.set('small', 's');
    const giant = 'x'.repeat(1_201);
    cache.set(giant, 'shaped');
    expect(cache.get(giant)).toBeUndefined();
    expect(cache.get('small')).toBe('s');
    expect(pool.size).toBe(1);
  });

  it('counts the characters of the keys its caches hold, in both generations, within twice its character limit', () => {
    const pool = new GenerationPool(100, 300);
    const a = new GenerationCache<number>(pool);
    const b = new GenerationCache<number>(pool);
    a.set('x'.repeat(100), 1);
    b.set('y'.repeat(50), 2);
    expect([a.keyChars, b.keyChars, pool.keyChars]).toEqual([100, 50, 150]);
    for (let i = 0; i < 20; i++) a.set(`${i}`.padEnd(100, 'z'), i);
    expect(pool.keyChars).toBeLessThanOrEqual(2 * pool.charLimit);
    expect(pool.keyChars).toBe(a.keyChars + b.keyChars);
  });
});
