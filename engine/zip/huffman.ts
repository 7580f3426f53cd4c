/**
 * Huffman coding for the deflate writer (RFC 1951 §3.2): length-limited code lengths from symbol
 * frequencies, canonical codes, and a little-endian bit writer. Kept apart from the LZ77 matcher so
 * each half stays small.
 */

/** Bit writer over a preallocated buffer; codes are written least significant bit first (RFC 1951 §3.1.1). */
export class BitWriter {
  pos = 0;
  /** Pending bits (fewer than 8 between calls) and how many there are. */
  bits = 0;
  count = 0;

  constructor(readonly out: Uint8Array) {}

  /** Writes the low `n` bits of `v` (n ≤ 16). */
  write(v: number, n: number): void {
    this.bits |= v << this.count;
    this.count += n;
    const out = this.out;
    while (this.count >= 8) {
      out[this.pos++] = this.bits & 255;
      this.bits >>>= 8;
      this.count -= 8;
    }
  }

  /** Pads with zero bits to the next byte boundary. */
  align(): void {
    if (this.count > 0) this.out[this.pos++] = this.bits & 255;
    this.bits = 0;
    this.count = 0;
  }
}

const keys = new Float64Array(512);
// Scratch for codeLengths and canonicalCodes, reused (at most 286 symbols; the writer is synchronous).
const usedScratch = new Uint16Array(512);
const weightScratch = new Int32Array(512);
const blCountScratch = new Int32Array(33);
const clCount = new Uint16Array(16);
const nextCode = new Uint16Array(16);

/**
 * Code lengths (at most `limit` bits) for `freq`, written to `lengths`. Optimal lengths come from
 * Moffat and Katajainen's in-place algorithm over the used symbols sorted by frequency; lengths over
 * the limit are then folded back while keeping the Kraft sum exact (the method zlib-compatible
 * encoders use). Fewer than two used symbols get two codes of length 1 so every decoder accepts
 * the tree.
 */
export function codeLengths(freq: Uint32Array, count: number, limit: number, lengths: Uint8Array): void {
  lengths.fill(0, 0, count);
  // Keys frequency × 512 + symbol sort by frequency, then symbol: a total order, natively sorted.
  let n = 0;
  for (let s = 0; s < count; s++) if (freq[s]! > 0) keys[n++] = freq[s]! * 512 + s;
  if (n < 2) {
    const a = n === 1 ? keys[0]! % 512 : 0;
    lengths[a] = 1;
    lengths[a === 0 ? 1 : 0] = 1;
    return;
  }
  const sorted = keys.subarray(0, n).sort();
  const used = usedScratch;
  const a = weightScratch;
  for (let k = 0; k < n; k++) {
    used[k] = sorted[k]! % 512;
    a[k] = freq[used[k]!]!;
  }
  minimumRedundancy(a, n);
  // a[k] is now the length of used[k]; the least frequent symbols have the longest codes.
  const blCount = blCountScratch.fill(0);
  for (let k = 0; k < n; k++) blCount[Math.min(a[k]!, 32)]!++;
  limitLengths(blCount, limit);
  let k = 0;
  for (let len = limit; len >= 1; len--) for (let c = blCount[len]!; c > 0; c--) lengths[used[k++]!] = len;
}

/** In-place minimum-redundancy code lengths for ascending weights (Moffat & Katajainen, 1995). */
function minimumRedundancy(a: Int32Array, n: number): void {
  a[0]! += a[1]!;
  let root = 0;
  let leaf = 2;
  for (let next = 1; next < n - 1; next++) {
    if (leaf >= n || a[root]! < a[leaf]!) {
      a[next] = a[root]!;
      a[root++] = next;
    } else a[next] = a[leaf++]!;
    if (leaf >= n || (root < next && a[root]! < a[leaf]!)) {
      a[next]! += a[root]!;
      a[root++] = next;
    } else a[next]! += a[leaf++]!;
  }
  a[n - 2] = 0;
  for (let next = n - 3; next >= 0; next--) a[next] = a[a[next]!]! + 1;
  let avail = 1;
  let used = 0;
  let depth = 0;
  root = n - 2;
  let next = n - 1;
  while (avail > 0) {
    while (root >= 0 && a[root] === depth) {
      used++;
      root--;
    }
    while (avail > used) {
      a[next--] = depth;
      avail--;
    }
    avail = 2 * used;
    depth++;
    used = 0;
  }
}

/** Folds code counts longer than `limit` into `limit` and restores an exact Kraft sum. */
function limitLengths(blCount: Int32Array, limit: number): void {
  let over = false;
  for (let len = limit + 1; len < blCount.length; len++) {
    if (blCount[len]! > 0) over = true;
    blCount[limit]! += blCount[len]!;
    blCount[len] = 0;
  }
  if (!over) return;
  let total = 0;
  for (let len = limit; len >= 1; len--) total += blCount[len]! << (limit - len);
  while (total !== 1 << limit) {
    blCount[limit]!--;
    for (let len = limit - 1; len >= 1; len--) {
      if (blCount[len]! > 0) {
        blCount[len]!--;
        blCount[len + 1]! += 2;
        break;
      }
    }
    total--;
  }
}

/** Canonical codes (RFC 1951 §3.2.2), bit-reversed for the LSB-first writer. */
export function canonicalCodes(lengths: Uint8Array, count: number, codes: Uint16Array): void {
  const blCount = clCount.fill(0);
  for (let s = 0; s < count; s++) blCount[lengths[s]!]!++;
  blCount[0] = 0;
  const next = nextCode;
  let code = 0;
  for (let len = 1; len <= 15; len++) {
    code = (code + blCount[len - 1]!) << 1;
    next[len] = code;
  }
  for (let s = 0; s < count; s++) {
    const len = lengths[s]!;
    if (len === 0) continue;
    let c = next[len]!++;
    let r = 0;
    for (let b = 0; b < len; b++) {
      r = (r << 1) | (c & 1);
      c >>= 1;
    }
    codes[s] = r;
  }
}
