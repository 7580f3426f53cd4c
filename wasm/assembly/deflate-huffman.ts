// Huffman code construction for the deflate kernel (RFC 1951 §3.2): length-limited code lengths
// from frequencies and canonical codes. A line-for-line port of engine/zip/huffman.ts, the
// reference twin: same algorithm, same tie-breaking, so both give the same lengths and codes.
// Arrays are raw addresses; the scratch lives in static memory (at most 286 symbols per code).

const keys = memory.data(512 << 2, 16); // u32: frequency * 512 + symbol
const used = memory.data(512 << 1, 16); // u16: symbols by ascending frequency
const weight = memory.data(512 << 2, 16); // i32: Moffat-Katajainen work array
const blCount = memory.data(33 << 2, 16); // i32: codes per length (up to 32 before limiting)
const lenCount = memory.data(16 << 1, 16); // u16: canonicalCodes' per-length counts
const nextCode = memory.data(16 << 1, 16); // u16

// Shell sort gaps (Ciura): the keys are distinct (the symbol is part of the key), so any correct
// sort gives the twin's order.
const GAPS = memory.data<u16>([132, 57, 23, 10, 4, 1]);

function sortKeys(n: i32): void {
  for (let g = 0; g < 6; g++) {
    const gap = <i32>load<u16>(GAPS + (<usize>g << 1));
    for (let i = gap; i < n; i++) {
      const v = load<u32>(keys + (<usize>i << 2));
      let j = i;
      while (j >= gap) {
        const u = load<u32>(keys + (<usize>(j - gap) << 2));
        if (u <= v) break;
        store<u32>(keys + (<usize>j << 2), u);
        j -= gap;
      }
      store<u32>(keys + (<usize>j << 2), v);
    }
  }
}

/**
 * Code lengths (at most `limit` bits) for the u32 frequencies at `freq`, as u8 at `lengths`
 * (the twin's codeLengths: optimal lengths, folded to the limit, two codes when fewer are used).
 */
export function codeLengths(freq: usize, count: i32, limit: i32, lengths: usize): void {
  memory.fill(lengths, 0, <usize>count);
  let n = 0;
  for (let s = 0; s < count; s++) {
    const f = load<u32>(freq + (<usize>s << 2));
    if (f > 0) store<u32>(keys + (<usize>(n++) << 2), f * 512 + <u32>s);
  }
  if (n < 2) {
    const a = n == 1 ? <i32>(load<u32>(keys) & 511) : 0;
    store<u8>(lengths + <usize>a, 1);
    store<u8>(lengths + <usize>(a == 0 ? 1 : 0), 1);
    return;
  }
  sortKeys(n);
  for (let k = 0; k < n; k++) {
    const s = load<u32>(keys + (<usize>k << 2)) & 511;
    store<u16>(used + (<usize>k << 1), <u16>s);
    store<i32>(weight + (<usize>k << 2), <i32>load<u32>(freq + (<usize>s << 2)));
  }
  minimumRedundancy(n);
  memory.fill(blCount, 0, 33 << 2);
  for (let k = 0; k < n; k++) {
    const len = min(load<i32>(weight + (<usize>k << 2)), 32);
    const at = blCount + (<usize>len << 2);
    store<i32>(at, load<i32>(at) + 1);
  }
  limitLengths(limit);
  let k = 0;
  for (let len = limit; len >= 1; len--) {
    for (let c = load<i32>(blCount + (<usize>len << 2)); c > 0; c--) {
      store<u8>(lengths + <usize>load<u16>(used + (<usize>(k++) << 1)), <u8>len);
    }
  }
}

// @ts-ignore: decorator
@inline function wAt(k: i32): i32 {
  return load<i32>(weight + (<usize>k << 2));
}

// @ts-ignore: decorator
@inline function wSet(k: i32, v: i32): void {
  store<i32>(weight + (<usize>k << 2), v);
}

/** In-place minimum-redundancy code lengths for ascending weights (Moffat & Katajainen, 1995). */
function minimumRedundancy(n: i32): void {
  wSet(0, wAt(0) + wAt(1));
  let root = 0;
  let leaf = 2;
  for (let next = 1; next < n - 1; next++) {
    if (leaf >= n || wAt(root) < wAt(leaf)) {
      wSet(next, wAt(root));
      wSet(root++, next);
    } else wSet(next, wAt(leaf++));
    if (leaf >= n || (root < next && wAt(root) < wAt(leaf))) {
      wSet(next, wAt(next) + wAt(root));
      wSet(root++, next);
    } else wSet(next, wAt(next) + wAt(leaf++));
  }
  wSet(n - 2, 0);
  for (let next = n - 3; next >= 0; next--) wSet(next, wAt(wAt(next)) + 1);
  let avail = 1;
  let usedHere = 0;
  let depth = 0;
  root = n - 2;
  let next = n - 1;
  while (avail > 0) {
    while (root >= 0 && wAt(root) == depth) {
      usedHere++;
      root--;
    }
    while (avail > usedHere) {
      wSet(next--, depth);
      avail--;
    }
    avail = 2 * usedHere;
    depth++;
    usedHere = 0;
  }
}

/** Folds code counts longer than `limit` into `limit` and restores an exact Kraft sum. */
function limitLengths(limit: i32): void {
  let over = false;
  const atLimit = blCount + (<usize>limit << 2);
  for (let len = limit + 1; len < 33; len++) {
    const at = blCount + (<usize>len << 2);
    const c = load<i32>(at);
    if (c > 0) over = true;
    store<i32>(atLimit, load<i32>(atLimit) + c);
    store<i32>(at, 0);
  }
  if (!over) return;
  let total = 0;
  for (let len = limit; len >= 1; len--) total += load<i32>(blCount + (<usize>len << 2)) << (limit - len);
  while (total != 1 << limit) {
    store<i32>(atLimit, load<i32>(atLimit) - 1);
    for (let len = limit - 1; len >= 1; len--) {
      const at = blCount + (<usize>len << 2);
      if (load<i32>(at) > 0) {
        store<i32>(at, load<i32>(at) - 1);
        store<i32>(at + 4, load<i32>(at + 4) + 2);
        break;
      }
    }
    total--;
  }
}

/** Canonical codes (RFC 1951 §3.2.2) as u16 at `codes`, bit-reversed for the LSB-first writer. */
export function canonicalCodes(lengths: usize, count: i32, codes: usize): void {
  memory.fill(lenCount, 0, 16 << 1);
  for (let s = 0; s < count; s++) {
    const at = lenCount + (<usize>load<u8>(lengths + <usize>s) << 1);
    store<u16>(at, load<u16>(at) + 1);
  }
  store<u16>(lenCount, 0);
  let code: i32 = 0;
  for (let len = 1; len <= 15; len++) {
    code = (code + <i32>load<u16>(lenCount + (<usize>(len - 1) << 1))) << 1;
    store<u16>(nextCode + (<usize>len << 1), <u16>code);
  }
  for (let s = 0; s < count; s++) {
    const len = <i32>load<u8>(lengths + <usize>s);
    if (len == 0) continue;
    const at = nextCode + (<usize>len << 1);
    let c = <i32>load<u16>(at);
    store<u16>(at, <u16>(c + 1));
    let r = 0;
    for (let b = 0; b < len; b++) {
      r = (r << 1) | (c & 1);
      c >>= 1;
    }
    store<u16>(codes + (<usize>s << 1), <u16>r);
  }
}
