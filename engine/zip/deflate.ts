/**
 * A fast deflate writer (RFC 1951) with a zlib wrapper (RFC 1950), for PDF streams: the TS reference
 * twin of the WASM kernel's deflater (wasm/assembly/deflate.ts, driven by deflate-kernel.ts, which
 * falls back to this when the kernel is not available). Both write the same bytes.
 *
 * Why not fflate: PDF saving spent more than half its time in fflate's level-2 deflate (the dev
 * corpus deflates 27 MB of font programs, page content and re-encoded pictures per conversion round).
 * This writer trades a little ratio for speed the way zlib's level 1 does: greedy matching over a
 * short hash chain of 4-byte prefixes, no insertion of positions inside long matches, and a block
 * coded with whichever of dynamic Huffman, fixed Huffman or stored is smallest. Output depends only
 * on the input bytes (the hash tables are reused across calls through a generation offset, never
 * through their old contents), so Node and browsers write the same PDF.
 */
import { BitWriter, canonicalCodes, codeLengths } from './huffman';

const WINDOW = 32768;
const WMASK = WINDOW - 1;
const HASH_BITS = 15;
const MAX_MATCH = 258;
/** Candidates examined per position, and the length that ends the search early. */
const CHAIN = 6;
const NICE = 64;
/** Matches up to this length have each of their positions added to the hash chains. */
const INSERT_MAX = 8;
/** Symbols per block before its codes are rebuilt. */
const BLOCK_SYMBOLS = 16384;

// Reused across calls. Entries store `generation + position`; anything below the current
// generation belongs to an earlier call and reads as empty, so old contents never reach the output.
const head = new Int32Array(1 << HASH_BITS);
const prev = new Int32Array(WINDOW);
let generation = 0;
const syms = new Uint32Array(BLOCK_SYMBOLS);

const LEN_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LEN_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577];
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
/** Order of the code-length code lengths in a dynamic block header (RFC 1951 §3.2.7). */
const CL_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/** Length (3–258) → length code index 0–28. */
const LEN_CODE = new Uint8Array(MAX_MATCH + 1);
/** Distance − 1 → distance code, for distances up to 256; beyond, indexed by (distance − 1) >> 7. */
const DIST_CODE_LO = new Uint8Array(256);
const DIST_CODE_HI = new Uint8Array(256);
for (let c = 0; c < 29; c++) for (let l = LEN_BASE[c]!; l < (c < 28 ? LEN_BASE[c + 1]! : 259); l++) LEN_CODE[l] = c;
for (let c = 0; c < 30; c++) {
  const end = c < 29 ? DIST_BASE[c + 1]! : 32769;
  for (let d = DIST_BASE[c]!; d < end; d++) {
    if (d <= 256) DIST_CODE_LO[d - 1] = c;
    else DIST_CODE_HI[(d - 1) >> 7] = c;
  }
}
const distCode = (d: number): number => (d <= 256 ? DIST_CODE_LO[d - 1]! : DIST_CODE_HI[(d - 1) >> 7]!);

/** Fixed Huffman code lengths (RFC 1951 §3.2.6). */
const FIXED_LIT = new Uint8Array(288).map((_, s) => (s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8));
const FIXED_DIST = new Uint8Array(30).fill(5);
const FIXED_LIT_CODES = new Uint16Array(288);
const FIXED_DIST_CODES = new Uint16Array(30);
canonicalCodes(FIXED_LIT, 288, FIXED_LIT_CODES);
canonicalCodes(FIXED_DIST, 30, FIXED_DIST_CODES);

/** Compresses bytes into a zlib stream (RFC 1950: header, deflate data, Adler-32) in TS, as the kernel does. */
export function deflateZlibTwin(data: Uint8Array): Uint8Array {
  const n = data.length;
  // Worst case: every block stored (5 bytes per 64 KiB piece and per block), plus header and trailer.
  const out = new Uint8Array(n + 5 * (2 * Math.ceil(n / BLOCK_SYMBOLS) + Math.ceil(n / 65535) + 2) + 16);
  out[0] = 0x78;
  out[1] = 0x01; // deflate, 32 KiB window, fastest-level hint; 0x7801 is a multiple of 31.
  const w = new BitWriter(out);
  w.pos = 2;
  deflateInto(data, w);
  w.align();
  const a = adler32(data);
  out[w.pos++] = a >>> 24;
  out[w.pos++] = (a >>> 16) & 255;
  out[w.pos++] = (a >>> 8) & 255;
  out[w.pos++] = a & 255;
  return out.slice(0, w.pos);
}

/** Adler-32 (RFC 1950 §8.2), summing in chunks short enough that no sum overflows. */
export function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length; ) {
    const end = Math.min(i + 3800, data.length);
    // Four bytes per step: b gains 4a plus the bytes weighted 4, 3, 2, 1, as four single steps would add.
    for (; i + 4 <= end; i += 4) {
      const d0 = data[i]!;
      const d1 = data[i + 1]!;
      const d2 = data[i + 2]!;
      const d3 = data[i + 3]!;
      b += 4 * a + 4 * d0 + 3 * d1 + 2 * d2 + d3;
      a += d0 + d1 + d2 + d3;
    }
    for (; i < end; i++) {
      a += data[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

function deflateInto(d: Uint8Array, w: BitWriter): void {
  const n = d.length;
  if (generation + n + 1 > 0x7fffffff - WINDOW) {
    head.fill(0);
    prev.fill(0);
    generation = 0;
  }
  const gen = generation + 1;
  generation = gen + n;
  let count = 0;
  let blockStart = 0;
  let i = 0;
  const shift = 32 - HASH_BITS;
  while (i + 3 < n) {
    const h = Math.imul(d[i]! | (d[i + 1]! << 8) | (d[i + 2]! << 16) | (d[i + 3]! << 24), 0x9e3779b1) >>> shift;
    let c = head[h]! - gen;
    head[h] = gen + i;
    prev[i & WMASK] = c + gen;
    let best = 0;
    let dist = 0;
    const max = n - i < MAX_MATCH ? n - i : MAX_MATCH;
    for (let chain = CHAIN; c >= 0 && i - c <= WINDOW && chain > 0; chain--) {
      if (d[c + best] === d[i + best] && d[c] === d[i] && d[c + 1] === d[i + 1] && d[c + 2] === d[i + 2]) {
        let l = 3;
        while (l < max && d[c + l] === d[i + l]) l++;
        if (l > best) {
          best = l;
          dist = i - c;
          if (l >= NICE || l === max) break;
        }
      }
      const p = prev[c & WMASK]! - gen;
      if (p >= c) break; // the slot was reused by a newer position: the chain ends here
      c = p;
    }
    if (best >= 4 || (best === 3 && dist <= 4096)) {
      syms[count++] = (best << 16) | dist;
      if (best <= INSERT_MAX) {
        for (let j = i + 1, end = Math.min(i + best, n - 3); j < end; j++) {
          const hj = Math.imul(d[j]! | (d[j + 1]! << 8) | (d[j + 2]! << 16) | (d[j + 3]! << 24), 0x9e3779b1) >>> shift;
          prev[j & WMASK] = head[hj]!;
          head[hj] = gen + j;
        }
      }
      i += best;
    } else syms[count++] = d[i++]!;
    if (count === BLOCK_SYMBOLS) {
      writeBlock(w, d, syms, count, blockStart, i, false);
      count = 0;
      blockStart = i;
    }
  }
  // The last bytes (fewer than four) as literals; the final block may be empty.
  while (i < n) {
    syms[count++] = d[i++]!;
    if (count === BLOCK_SYMBOLS && i < n) {
      writeBlock(w, d, syms, count, blockStart, i, false);
      count = 0;
      blockStart = i;
    }
  }
  writeBlock(w, d, syms, count, blockStart, n, true);
}

// Per-block scratch, reused (the writer is synchronous and never re-entered).
const litFreq = new Uint32Array(286);
const distFreq = new Uint32Array(30);
const litLen = new Uint8Array(286);
const distLen = new Uint8Array(30);
const litCodes = new Uint16Array(286);
const distCodes = new Uint16Array(30);
const clFreq = new Uint32Array(19);
const clLen = new Uint8Array(19);
const clCodes = new Uint16Array(19);
const runs = new Uint16Array(286 + 30);

/** Writes one block of symbols covering d[start, end) in the cheapest of the three block types. */
function writeBlock(w: BitWriter, d: Uint8Array, syms: Uint32Array, count: number, start: number, end: number, last: boolean): void {
  const extraBits = countSymbols(syms, count);
  codeLengths(litFreq, 286, 15, litLen);
  codeLengths(distFreq, 30, 15, distLen);
  let nlit = 286;
  while (nlit > 257 && litLen[nlit - 1] === 0) nlit--;
  let ndist = 30;
  while (ndist > 1 && distLen[ndist - 1] === 0) ndist--;
  const nruns = encodeRuns(nlit, ndist);
  codeLengths(clFreq, 19, 7, clLen);
  let ncl = 19;
  while (ncl > 4 && clLen[CL_ORDER[ncl - 1]!] === 0) ncl--;

  const dynamicBits = dynamicBlockBits(ncl, nruns, extraBits);
  const fixedBits = fixedBlockBits(extraBits);
  const bytes = end - start;
  const storedBits = (Math.ceil(bytes / 65535) || 1) * 40 + 8 * bytes + 7;
  if (storedBits <= dynamicBits && storedBits <= fixedBits) {
    writeStored(w, d, start, end, last);
    return;
  }
  if (fixedBits <= dynamicBits) {
    w.write(last ? 1 : 0, 1);
    w.write(1, 2);
    writeSymbols(w, syms, count, FIXED_LIT_CODES, FIXED_LIT, FIXED_DIST_CODES, FIXED_DIST);
    return;
  }
  writeDynamicHeader(w, last, nlit, ndist, ncl, nruns);
  canonicalCodes(litLen, 286, litCodes);
  canonicalCodes(distLen, 30, distCodes);
  writeSymbols(w, syms, count, litCodes, litLen, distCodes, distLen);
}

/** Counts the block's literal/length and distance symbols into litFreq / distFreq; returns their extra bits. */
function countSymbols(syms: Uint32Array, count: number): number {
  litFreq.fill(0);
  distFreq.fill(0);
  let extraBits = 0;
  for (let k = 0; k < count; k++) {
    const s = syms[k]!;
    if (s < 256) litFreq[s]!++;
    else {
      const lc = LEN_CODE[s >>> 16]!;
      const dc = distCode(s & 0xffff);
      litFreq[257 + lc]!++;
      distFreq[dc]!++;
      extraBits += LEN_EXTRA[lc]! + DIST_EXTRA[dc]!;
    }
  }
  litFreq[256] = 1;
  return extraBits;
}

/** Size in bits of the block with dynamic codes (BTYPE 10): header, code-length runs, symbols. */
function dynamicBlockBits(ncl: number, nruns: number, extraBits: number): number {
  let bits = 3 + 14 + 3 * ncl + extraBits;
  for (let k = 0; k < nruns; k++) {
    const sym = runs[k]! & 31;
    bits += clLen[sym]! + (sym === 16 ? 2 : sym === 17 ? 3 : sym === 18 ? 7 : 0);
  }
  for (let s = 0; s < 286; s++) bits += litFreq[s]! * litLen[s]!;
  for (let s = 0; s < 30; s++) bits += distFreq[s]! * distLen[s]!;
  return bits;
}

/** Size in bits of the block with the fixed codes (BTYPE 01, RFC 1951 §3.2.6). */
function fixedBlockBits(extraBits: number): number {
  let bits = 3 + extraBits;
  for (let s = 0; s < 286; s++) bits += litFreq[s]! * FIXED_LIT[s]!;
  for (let s = 0; s < 30; s++) bits += distFreq[s]! * 5;
  return bits;
}

/** A dynamic block's header (RFC 1951 §3.2.7): counts, code-length code lengths, then the runs. */
function writeDynamicHeader(w: BitWriter, last: boolean, nlit: number, ndist: number, ncl: number, nruns: number): void {
  w.write(last ? 1 : 0, 1);
  w.write(2, 2);
  w.write(nlit - 257, 5);
  w.write(ndist - 1, 5);
  w.write(ncl - 4, 4);
  for (let k = 0; k < ncl; k++) w.write(clLen[CL_ORDER[k]!]!, 3);
  canonicalCodes(clLen, 19, clCodes);
  for (let k = 0; k < nruns; k++) {
    const r = runs[k]!;
    const sym = r & 31;
    w.write(clCodes[sym]!, clLen[sym]!);
    if (sym === 16) w.write(r >>> 5, 2);
    else if (sym === 17) w.write(r >>> 5, 3);
    else if (sym === 18) w.write(r >>> 5, 7);
  }
}

/**
 * Run-length codes for the literal/length and distance code lengths (RFC 1951 §3.2.7), into
 * `runs` as (extra << 5) | symbol; counts the symbols in clFreq. Returns how many were written.
 */
function encodeRuns(nlit: number, ndist: number): number {
  const total = nlit + ndist;
  const at = (k: number): number => (k < nlit ? litLen[k]! : distLen[k - nlit]!);
  clFreq.fill(0);
  let out = 0;
  for (let k = 0; k < total; ) {
    const len = at(k);
    let run = 1;
    while (k + run < total && at(k + run) === len) run++;
    k += run;
    if (len === 0) {
      while (run >= 11) {
        const r = Math.min(run, 138);
        runs[out++] = ((r - 11) << 5) | 18;
        run -= r;
      }
      if (run >= 3) {
        runs[out++] = ((run - 3) << 5) | 17;
        run = 0;
      }
    } else {
      runs[out++] = len;
      run--;
      while (run >= 3) {
        const r = Math.min(run, 6);
        runs[out++] = ((r - 3) << 5) | 16;
        run -= r;
      }
    }
    for (; run > 0; run--) runs[out++] = len;
  }
  for (let k = 0; k < out; k++) clFreq[runs[k]! & 31]!++;
  return out;
}

function writeSymbols(w: BitWriter, syms: Uint32Array, count: number, lc: Uint16Array, ll: Uint8Array, dc: Uint16Array, dl: Uint8Array): void {
  // The bit buffer lives in locals here (the hottest loop of the writer); at most 7 bits are
  // pending between symbols, and a symbol adds at most 15 + 5 + 15 + 13 bits in two flushes.
  const out = w.out;
  let pos = w.pos;
  let bits = w.bits;
  let nb = w.count;
  for (let k = 0; k < count; k++) {
    const s = syms[k]!;
    if (s < 256) {
      bits |= lc[s]! << nb;
      nb += ll[s]!;
    } else {
      const len = s >>> 16;
      const dist = s & 0xffff;
      const c = LEN_CODE[len]!;
      bits |= lc[257 + c]! << nb;
      nb += ll[257 + c]!;
      bits |= (len - LEN_BASE[c]!) << nb;
      nb += LEN_EXTRA[c]!;
      while (nb >= 8) {
        out[pos++] = bits & 255;
        bits >>>= 8;
        nb -= 8;
      }
      const e = distCode(dist);
      bits |= dc[e]! << nb;
      nb += dl[e]!;
      while (nb >= 8) {
        out[pos++] = bits & 255;
        bits >>>= 8;
        nb -= 8;
      }
      bits |= (dist - DIST_BASE[e]!) << nb;
      nb += DIST_EXTRA[e]!;
    }
    while (nb >= 8) {
      out[pos++] = bits & 255;
      bits >>>= 8;
      nb -= 8;
    }
  }
  w.pos = pos;
  w.bits = bits;
  w.count = nb;
  w.write(lc[256]!, ll[256]!);
}

/** Stored blocks (RFC 1951 §3.2.4) of at most 65,535 bytes each. */
function writeStored(w: BitWriter, d: Uint8Array, start: number, end: number, last: boolean): void {
  let pos = start;
  do {
    const len = Math.min(65535, end - pos);
    const final = last && pos + len === end;
    w.write(final ? 1 : 0, 1);
    w.write(0, 2);
    w.align();
    const out = w.out;
    out[w.pos++] = len & 255;
    out[w.pos++] = len >>> 8;
    out[w.pos++] = ~len & 255;
    out[w.pos++] = (~len >>> 8) & 255;
    out.set(d.subarray(pos, pos + len), w.pos);
    w.pos += len;
    pos += len;
  } while (pos < end);
}
