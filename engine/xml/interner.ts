/**
 * A small open-addressing string table for the parser: names and short attribute values found
 * at `s[start, end)` are looked up by a hash computed while scanning, so a name repeated a
 * hundred thousand times (`w:val`, `w:r`) is one string, not a new slice each time. Fewer
 * allocations matter: garbage collection was a quarter of parsing time. Readers compare these
 * strings with constants, which is faster when they are the same string.
 *
 * Unique values (w14:paraId, rsids) must not make lookups slow: hashes are mixed and stored, so a
 * probe compares characters only on a full hash match, and a lookup gives up after a few probes.
 */

/** V8 makes a slice of this many characters or more a view of the string it was cut from. */
const MIN_VIEW_LENGTH = 13;

/**
 * `s` as a string of its own. A slice of a part's text (13 characters or more, in V8) or a
 * concatenation of slices keeps the whole part's text alive as long as it lives: the DOCX model kept
 * each document.xml's decoded text through layout and drawing (unstructured-handbook-872p: 10.5 MB,
 * its body being UTF-16, held by 5,000 run texts). Prepending a character and slicing it off again
 * makes V8 copy the characters into a new flat string; other engines copy or share as they see fit.
 */
export function detachString(s: string): string {
  return s.length < MIN_VIEW_LENGTH ? s : (' ' + s).slice(1);
}

/** Probes before a lookup gives up and the caller gets a plain slice. */
const MAX_PROBES = 8;

/** Strings interned by content; a full table stops interning (new strings are sliced). */
export class Interner {
  private readonly keys: Array<string | undefined>;
  private readonly hashes: Int32Array;
  private readonly mask: number;
  private count = 0;
  private readonly max: number;

  constructor(capacity: number) {
    this.keys = new Array<string | undefined>(capacity).fill(undefined);
    this.hashes = new Int32Array(capacity);
    this.mask = capacity - 1;
    // Half full at most, so probes stay short.
    this.max = capacity >> 1;
  }

  /** The string `s.slice(start, end)`, shared with earlier equal ones. `h` is its running hash (`imul(h, 31) + code`). */
  get(s: string, start: number, end: number, h: number): string {
    // murmur3's finaliser: the running hash alone clusters badly for values such as 0000000A, 0000000B.
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    const keys = this.keys;
    const len = end - start;
    let slot = h & this.mask;
    for (let probe = 0; probe < MAX_PROBES; probe++) {
      const k = keys[slot];
      if (k === undefined) {
        const made = detachString(s.slice(start, end));
        if (this.count < this.max) {
          keys[slot] = made;
          this.hashes[slot] = h;
          this.count++;
        }
        return made;
      }
      if (this.hashes[slot] === h && k.length === len && sameChars(k, s, start, len)) return k;
      slot = (slot + 1) & this.mask;
    }
    return detachString(s.slice(start, end));
  }
}

/** True when `s` has `k` at `start`. */
function sameChars(k: string, s: string, start: number, len: number): boolean {
  for (let i = 0; i < len; i++) if (k.charCodeAt(i) !== s.charCodeAt(start + i)) return false;
  return true;
}
