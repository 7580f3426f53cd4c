/**
 * Memo caches that live as long as the process (shaped words per font program) and must not grow with
 * every document it converts: a fuzz child, a server worker or a browser tab converts many. Caches of
 * one pool keep two generations each; a value found only in the old one moves to the young one. When
 * the pool's young generations together reach its limit, every cache of the pool drops its old
 * generation and starts a young one, so the pool never holds more than twice its limit, however many
 * caches (fonts, styles) share it. A cache changes only the cost of a result, never the result.
 */
import { detachedString } from './strings';

/** Caches that age together under one limit (GenerationCache). */
export class GenerationPool {
  /** Caches holding anything (strongly: a cache leaves once both its generations are empty). */
  private readonly holding = new Set<GenerationCache<unknown>>();
  private young = 0;

  /** `limit`: weight the young generations of all the pool's caches hold before they all age. */
  constructor(readonly limit: number) {}

  /** Entries held by all the pool's caches (young and old generations). */
  get size(): number {
    let n = 0;
    for (const c of this.holding) n += c.size;
    return n;
  }

  /** Counts an entry of `weight` added to `cache`'s young generation, ageing the pool when it is full. */
  added(cache: GenerationCache<unknown>, weight: number): void {
    if (this.young >= this.limit) {
      for (const c of this.holding) if (c.age()) this.holding.delete(c);
      this.young = 0;
    }
    this.holding.add(cache);
    this.young += weight;
  }
}

/** Characters of a key that weigh one (GenerationPool): most words are shorter, and weigh one. */
const KEY_CHARS_PER_WEIGHT = 8;

/** A map of two generations whose size its pool bounds (GenerationPool). */
export class GenerationCache<V> {
  private young = new Map<string, V>();
  private old = new Map<string, V>();

  constructor(private readonly pool: GenerationPool) {}

  /** Entries held (both generations). */
  get size(): number {
    return this.young.size + this.old.size;
  }

  /** The value under `key`, moved to the young generation if it was in the old. */
  get(key: string): V | undefined {
    const v = this.young.get(key);
    if (v !== undefined) return v;
    const o = this.old.get(key);
    if (o !== undefined) this.set(key, o);
    return o;
  }

  /**
   * Keeps `value` under `key` in the young generation, under a copy of the key that holds no larger
   * string alive; not at all when it would weigh more than a whole generation.
   */
  set(key: string, value: V): void {
    const weight = 1 + Math.floor(key.length / KEY_CHARS_PER_WEIGHT);
    if (weight > this.pool.limit) return;
    this.pool.added(this as GenerationCache<unknown>, weight);
    this.young.set(detachedString(key), value);
  }

  /** Drops the old generation and starts a young one; true when both are now empty. */
  age(): boolean {
    this.old = this.young;
    this.young = new Map();
    return this.old.size === 0;
  }
}
