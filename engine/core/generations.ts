/**
 * Memo caches that live as long as the process (shaped words per font program) and must not grow with
 * every document it converts: a fuzz child, a server worker or a browser tab converts many. Caches of
 * one pool keep two generations each; a value found only in the old one moves to the young one. When
 * the pool's young generations together reach one of its limits, every cache of the pool drops its old
 * generation and starts a young one, so the pool never holds more than twice its limit, however many
 * caches (fonts, styles) share it. A cache changes only the cost of a result, never the result.
 */
import { detachedString } from './strings';

/**
 * Caches that age together under two limits (GenerationCache): entries, and the characters of their
 * keys. Most keys are words, whose count sets the first; what a value holds grows with its key (a
 * shaped text holds arrays as long as its text), so the second bounds a pool fed long keys: a hostile
 * file's 3,000 words of 2,000 letters each stayed held as 160 MB of shaped arrays under a bound on
 * entries alone. The dev corpus's words are shorter than KEY_CHARS_PER_ENTRY on average, so they age
 * by count as before: weighing each entry by its length instead (one per 8 characters) made a warm
 * round of the corpus's layout 8-12% slower, its 113,811 words no longer fitting one generation.
 */
export class GenerationPool {
  /** Caches holding anything (strongly: a cache leaves once both its generations are empty). */
  private readonly holding = new Set<GenerationCache<unknown>>();
  private young = 0;
  private youngChars = 0;
  /** Characters of keys the young generations hold before they all age. */
  readonly charLimit: number;

  /**
   * `limit`: entries the young generations of all the pool's caches hold before they all age;
   * `charLimit`: the characters of their keys (KEY_CHARS_PER_ENTRY an entry unless given).
   */
  constructor(readonly limit: number, charLimit?: number) {
    this.charLimit = charLimit ?? limit * KEY_CHARS_PER_ENTRY;
  }

  /** Entries held by all the pool's caches (young and old generations). */
  get size(): number {
    let n = 0;
    for (const c of this.holding) n += c.size;
    return n;
  }

  /** Characters of the keys all the pool's caches hold (young and old generations): what bounds their values' size. */
  get keyChars(): number {
    let n = 0;
    for (const c of this.holding) n += c.keyChars;
    return n;
  }

  /** Counts an entry with a key of `chars` characters added to `cache`'s young generation, ageing the pool when it is full. */
  added(cache: GenerationCache<unknown>, chars: number): void {
    if (this.young >= this.limit || this.youngChars + chars > this.charLimit) {
      for (const c of this.holding) if (c.age()) this.holding.delete(c);
      this.young = 0;
      this.youngChars = 0;
    }
    this.holding.add(cache);
    this.young++;
    this.youngChars += chars;
  }
}

/**
 * The key characters a pool allows an entry on average (GenerationPool.charLimit): half as much again
 * as the dev corpus's words (114,107 words of 876,131 characters, 7.7 each; its shaped texts 8.6), so
 * they age by count. A generation of the word pool then holds at most 1.6 M characters of long words,
 * about 42 MB of shaped arrays (some 27 bytes a character).
 */
const KEY_CHARS_PER_ENTRY = 12;

/** A map of two generations whose size its pool bounds (GenerationPool). */
export class GenerationCache<V> {
  private young = new Map<string, V>();
  private old = new Map<string, V>();

  constructor(private readonly pool: GenerationPool) {}

  /** Entries held (both generations). */
  get size(): number {
    return this.young.size + this.old.size;
  }

  /** Characters of the keys held (both generations; walks them, for tests and diagnostics). */
  get keyChars(): number {
    let n = 0;
    for (const k of this.young.keys()) n += k.length;
    for (const k of this.old.keys()) n += k.length;
    return n;
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
   * string alive; not at all when its key alone is longer than a whole generation's characters.
   */
  set(key: string, value: V): void {
    if (key.length > this.pool.charLimit) return;
    this.pool.added(this as GenerationCache<unknown>, key.length);
    this.young.set(detachedString(key), value);
  }

  /** Drops the old generation and starts a young one; true when both are now empty. */
  age(): boolean {
    this.old = this.young;
    this.young = new Map();
    return this.old.size === 0;
  }
}
