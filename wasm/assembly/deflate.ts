// Deflate kernel (RFC 1951 in a zlib wrapper, RFC 1950) for PDF streams: a port of
// engine/zip/deflate.ts's deflateZlib, its reference twin, writing the very same bytes: greedy
// LZ77 over a short hash chain of 4-byte prefixes, blocks coded by deflate-block.ts.
//
// Protocol (the engine's kernel loader is the only caller):
//   1. p = reserveDeflate(n); host writes n input bytes at p (memory may have grown: re-view it).
//   2. m = deflate(n); the zlib stream is the m bytes at deflateOutput().
// For the property test: host writes `count` u32 frequencies at huffmanInput(); the u8 code lengths
// are at huffmanLengths(count, limit) (the same builder every block uses).
import { alignBits, initBlockTables, startBits, writeBlock } from './deflate-block';
import { codeLengths } from './deflate-huffman';
import { placeDeflateBuffers, deflateInputBase, deflateOutputBase } from './memory';

const WINDOW: i32 = 32768;
const WMASK: i32 = WINDOW - 1;
const HASH_BITS: i32 = 15;
const MAX_MATCH: i32 = 258;
/** Candidates examined per position, and the length that ends the search early. */
const CHAIN: i32 = 6;
const NICE: i32 = 64;
/** Matches up to this length have each of their positions added to the hash chains. */
const INSERT_MAX: i32 = 8;
/** Symbols per block before its codes are rebuilt. */
const BLOCK_SYMBOLS: i32 = 16384;

// Hash heads and chain links (i32), kept across calls: entries store generation + position, and
// anything below the current generation belongs to an earlier call and reads as empty.
const head = memory.data(4 << HASH_BITS, 16);
const prev = memory.data(4 * WINDOW, 16);
const syms = memory.data(4 * BLOCK_SYMBOLS, 16);
let generation: i32 = 0;
const testFreq = memory.data(286 << 2, 16);
const testLengths = memory.data(286, 16);

initBlockTables();

/** Lays out buffers for n input bytes, growing memory; returns where the host writes them (0: no memory). */
export function reserveDeflate(n: u32): usize {
  return placeDeflateBuffers(n);
}

/** Where the last deflate call wrote its zlib stream. */
export function deflateOutput(): usize {
  return deflateOutputBase;
}

/** Where the host writes up to 286 u32 frequencies for huffmanLengths. */
export function huffmanInput(): usize {
  return testFreq;
}

/** Code lengths (at most `limit` bits) for the first `count` (≤ 286) frequencies; returns their address. */
export function huffmanLengths(count: u32, limit: u32): usize {
  codeLengths(testFreq, <i32>min(count, 286), <i32>min(limit, 15), testLengths);
  return testLengths;
}

/** Compresses the n bytes written at reserveDeflate's address into a zlib stream; returns its length. */
export function deflate(n: u32): u32 {
  const d = deflateInputBase;
  const out = deflateOutputBase;
  store<u16>(out, 0x0178); // 0x78 0x01: deflate, 32 KiB window, fastest-level hint (a multiple of 31)
  startBits(out + 2);
  deflateInto(d, <i32>n);
  let end = alignBits();
  store<u32>(end, bswap<u32>(adler32(d, <i32>n)));
  return <u32>(end + 4 - out);
}

/** Adler-32 (RFC 1950 §8.2), summing in chunks short enough that no sum overflows. */
function adler32(d: usize, n: i32): u32 {
  let a: u32 = 1;
  let b: u32 = 0;
  for (let i = 0; i < n; ) {
    const end = min(i + 3800, n);
    for (; i + 4 <= end; i += 4) {
      const w = load<u32>(d + <usize>i);
      const d0 = w & 255, d1 = (w >> 8) & 255, d2 = (w >> 16) & 255, d3 = w >> 24;
      b += 4 * a + 4 * d0 + 3 * d1 + 2 * d2 + d3;
      a += d0 + d1 + d2 + d3;
    }
    for (; i < end; i++) {
      a += <u32>load<u8>(d + <usize>i);
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return (b << 16) | a;
}

// @ts-ignore: decorator
@inline function hashAt(p: usize): usize {
  return <usize>((load<u32>(p) * 0x9e3779b1) >> (32 - HASH_BITS));
}

/** Length of the match between a and b, given their first 3 bytes agree; at most max. */
// @ts-ignore: decorator
@inline function matchLength(a: usize, b: usize, max: i32): i32 {
  let l = 3;
  while (true) {
    if (l + 8 > max) {
      while (l < max && load<u8>(a + <usize>l) == load<u8>(b + <usize>l)) l++;
      return l;
    }
    const x = load<u64>(a + <usize>l) ^ load<u64>(b + <usize>l);
    if (x != 0) return l + <i32>(ctz(x) >> 3);
    l += 8;
  }
}

function deflateInto(d: usize, n: i32): void {
  if (<i64>generation + <i64>n + 1 > <i64>(0x7fffffff - WINDOW)) {
    memory.fill(head, 0, 4 << HASH_BITS);
    memory.fill(prev, 0, 4 * WINDOW);
    generation = 0;
  }
  const gen = generation + 1;
  generation = gen + n;
  let count = 0;
  let blockStart = 0;
  let i = 0;
  while (i + 3 < n) {
    const di = d + <usize>i;
    const hp = head + (hashAt(di) << 2);
    let c = load<i32>(hp) - gen;
    store<i32>(hp, gen + i);
    store<i32>(prev + (<usize>(i & WMASK) << 2), c + gen);
    let best = 0;
    let dist = 0;
    const max = min(n - i, MAX_MATCH);
    const first3 = load<u32>(di) & 0xffffff;
    for (let chain = CHAIN; c >= 0 && i - c <= WINDOW && chain > 0; chain--) {
      const dc = d + <usize>c;
      if (load<u8>(dc + <usize>best) == load<u8>(di + <usize>best) && (load<u32>(dc) & 0xffffff) == first3) {
        const l = matchLength(dc, di, max);
        if (l > best) {
          best = l;
          dist = i - c;
          if (l >= NICE || l == max) break;
        }
      }
      const p = load<i32>(prev + (<usize>(c & WMASK) << 2)) - gen;
      if (p >= c) break; // the slot was reused by a newer position: the chain ends here
      c = p;
    }
    if (best >= 4 || (best == 3 && dist <= 4096)) {
      store<u32>(syms + (<usize>(count++) << 2), <u32>((best << 16) | dist));
      if (best <= INSERT_MAX) {
        const end = min(i + best, n - 3);
        for (let j = i + 1; j < end; j++) {
          const hj = head + (hashAt(d + <usize>j) << 2);
          store<i32>(prev + (<usize>(j & WMASK) << 2), load<i32>(hj));
          store<i32>(hj, gen + j);
        }
      }
      i += best;
    } else {
      store<u32>(syms + (<usize>(count++) << 2), <u32>load<u8>(di));
      i++;
    }
    if (count == BLOCK_SYMBOLS) {
      writeBlock(d, syms, count, blockStart, i, false);
      count = 0;
      blockStart = i;
    }
  }
  // The last bytes (fewer than four) as literals; the final block may be empty.
  while (i < n) {
    store<u32>(syms + (<usize>(count++) << 2), <u32>load<u8>(d + <usize>(i++)));
    if (count == BLOCK_SYMBOLS && i < n) {
      writeBlock(d, syms, count, blockStart, i, false);
      count = 0;
      blockStart = i;
    }
  }
  writeBlock(d, syms, count, blockStart, n, true);
}
