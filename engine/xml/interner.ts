/**
 * A small open-addressing string table for the parser: names and short attribute values found
 * at `s[start, end)` are looked up by a hash computed while scanning, so a name repeated a
 * hundred thousand times (`w:val`, `w:r`) is one string, not a new slice each time. Fewer
 * allocations matter: garbage collection was a quarter of parsing time. Readers compare these
 * strings with constants, which is faster when they are the same string.
 */

/** Mixes a running hash (`h = imul(h, 31) + charCode`) into a table index. */
function slotOf(h: number, mask: number): number {
  return (h ^ (h >>> 15)) & mask;
}

/** Strings interned by content; full tables stop interning (the caller slices). */
export class Interner {
  private readonly keys: Array<string | undefined>;
  private readonly mask: number;
  private count = 0;
  private readonly max: number;

  constructor(capacity: number) {
    this.keys = new Array<string | undefined>(capacity).fill(undefined);
    this.mask = capacity - 1;
    // Half full at most, so probes stay short; beyond that, new strings are simply not kept.
    this.max = capacity >> 1;
  }

  /** The string `s.slice(start, end)`, shared with earlier equal ones. `h` is its running hash. */
  get(s: string, start: number, end: number, h: number): string {
    const keys = this.keys;
    const len = end - start;
    let slot = slotOf(h, this.mask);
    for (;;) {
      const k = keys[slot];
      if (k === undefined) break;
      if (k.length === len && s.startsWith(k, start)) return k;
      slot = (slot + 1) & this.mask;
    }
    const made = s.slice(start, end);
    if (this.count < this.max) {
      keys[slot] = made;
      this.count++;
    }
    return made;
  }
}
