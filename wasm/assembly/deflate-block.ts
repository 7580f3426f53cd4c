// Block coding for the deflate kernel (RFC 1951 §3.2.3-§3.2.7): the bit writer, and one block of
// LZ77 symbols written as dynamic Huffman, fixed Huffman or stored, whichever is smallest. A port
// of writeBlock and its helpers in engine/zip/deflate.ts (the twin); the bytes are the same.
import { canonicalCodes, codeLengths } from './deflate-huffman';

// Symbols are u32: a literal byte (< 256), or length << 16 | distance.
const LEN_BASE = memory.data<u16>([3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]);
const LEN_EXTRA = memory.data<u8>([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]);
const DIST_BASE = memory.data<u16>([1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]);
const DIST_EXTRA = memory.data<u8>([0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]);
/** Order of the code-length code lengths in a dynamic block header (RFC 1951 §3.2.7). */
const CL_ORDER = memory.data<u8>([16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]);

// Derived by initBlockTables: length -> length code; distance - 1 -> distance code (up to 256,
// then by (distance - 1) >> 7); the fixed codes (RFC 1951 §3.2.6).
const LEN_CODE = memory.data(259, 16);
const DIST_CODE_LO = memory.data(256, 16);
const DIST_CODE_HI = memory.data(256, 16);
const FIXED_LIT = memory.data(288, 16);
const FIXED_LIT_CODES = memory.data(288 << 1, 16);
const FIXED_DIST = memory.data(30, 16);
const FIXED_DIST_CODES = memory.data(30 << 1, 16);

// Per-block scratch.
const litFreq = memory.data(286 << 2, 16);
const distFreq = memory.data(30 << 2, 16);
const litLen = memory.data(286, 16);
const distLen = memory.data(30, 16);
const litCodes = memory.data(286 << 1, 16);
const distCodes = memory.data(30 << 1, 16);
const clFreq = memory.data(19 << 2, 16);
const clLen = memory.data(19, 16);
const clCodes = memory.data(19 << 1, 16);
const runs = memory.data((286 + 30) << 1, 16);

/** Fills the derived tables; called once when the module starts. */
export function initBlockTables(): void {
  for (let c = 0; c < 29; c++) {
    const end = c < 28 ? <i32>load<u16>(LEN_BASE + (<usize>(c + 1) << 1)) : 259;
    for (let l = <i32>load<u16>(LEN_BASE + (<usize>c << 1)); l < end; l++) store<u8>(LEN_CODE + <usize>l, <u8>c);
  }
  for (let c = 0; c < 30; c++) {
    const end = c < 29 ? <i32>load<u16>(DIST_BASE + (<usize>(c + 1) << 1)) : 32769;
    for (let d = <i32>load<u16>(DIST_BASE + (<usize>c << 1)); d < end; d++) {
      if (d <= 256) store<u8>(DIST_CODE_LO + <usize>(d - 1), <u8>c);
      else store<u8>(DIST_CODE_HI + <usize>((d - 1) >> 7), <u8>c);
    }
  }
  for (let s = 0; s < 288; s++) store<u8>(FIXED_LIT + <usize>s, s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8);
  memory.fill(FIXED_DIST, 5, 30);
  canonicalCodes(FIXED_LIT, 288, FIXED_LIT_CODES);
  canonicalCodes(FIXED_DIST, 30, FIXED_DIST_CODES);
}

// @ts-ignore: decorator
@inline function distCode(d: u32): usize {
  return d <= 256 ? <usize>load<u8>(DIST_CODE_LO + <usize>(d - 1)) : <usize>load<u8>(DIST_CODE_HI + <usize>((d - 1) >> 7));
}

// The bit writer: output address, and up to 63 pending bits (LSB first, RFC 1951 §3.1.1). Pending
// bits are flushed four bytes at a time, so the output needs 8 bytes of slack.
let outPos: usize = 0;
let bitBuf: u64 = 0;
let bitCount: u32 = 0;

export function startBits(at: usize): void {
  outPos = at;
  bitBuf = 0;
  bitCount = 0;
}

/** Writes the low `n` bits of `v` (n ≤ 16). */
function writeBits(v: u32, n: u32): void {
  bitBuf |= <u64>v << bitCount;
  bitCount += n;
  if (bitCount >= 32) {
    store<u32>(outPos, <u32>bitBuf);
    outPos += 4;
    bitBuf >>= 32;
    bitCount -= 32;
  }
}

/** Pads to a byte boundary, flushing every pending bit; returns the output position. */
export function alignBits(): usize {
  store<u64>(outPos, bitBuf);
  outPos += <usize>((bitCount + 7) >> 3);
  bitBuf = 0;
  bitCount = 0;
  return outPos;
}

/** Writes one block of `count` symbols at `syms`, covering input bytes d[start, end), the cheapest way. */
export function writeBlock(d: usize, syms: usize, count: i32, start: i32, end: i32, last: bool): void {
  const extraBits = countSymbols(syms, count);
  codeLengths(litFreq, 286, 15, litLen);
  codeLengths(distFreq, 30, 15, distLen);
  let nlit = 286;
  while (nlit > 257 && load<u8>(litLen + <usize>(nlit - 1)) == 0) nlit--;
  let ndist = 30;
  while (ndist > 1 && load<u8>(distLen + <usize>(ndist - 1)) == 0) ndist--;
  const nruns = encodeRuns(nlit, ndist);
  codeLengths(clFreq, 19, 7, clLen);
  let ncl = 19;
  while (ncl > 4 && load<u8>(clLen + <usize>load<u8>(CL_ORDER + <usize>(ncl - 1))) == 0) ncl--;

  let dynamicBits: u64 = <u64>(3 + 14 + 3 * ncl) + extraBits;
  for (let k = 0; k < nruns; k++) {
    const sym = <i32>load<u16>(runs + (<usize>k << 1)) & 31;
    dynamicBits += <u64>load<u8>(clLen + <usize>sym) + (sym == 16 ? 2 : sym == 17 ? 3 : sym == 18 ? 7 : 0);
  }
  let fixedBits: u64 = 3 + extraBits;
  for (let s = 0; s < 286; s++) {
    const f = <u64>load<u32>(litFreq + (<usize>s << 2));
    dynamicBits += f * <u64>load<u8>(litLen + <usize>s);
    fixedBits += f * <u64>load<u8>(FIXED_LIT + <usize>s);
  }
  for (let s = 0; s < 30; s++) {
    const f = <u64>load<u32>(distFreq + (<usize>s << 2));
    dynamicBits += f * <u64>load<u8>(distLen + <usize>s);
    fixedBits += f * 5;
  }
  const bytes = <u64>(end - start);
  const pieces = bytes == 0 ? 1 : (bytes + 65534) / 65535;
  const storedBits = pieces * 40 + 8 * bytes + 7;
  if (storedBits <= dynamicBits && storedBits <= fixedBits) {
    writeStored(d, start, end, last);
    return;
  }
  writeBits(last ? 1 : 0, 1);
  if (fixedBits <= dynamicBits) {
    writeBits(1, 2);
    writeSymbols(syms, count, FIXED_LIT_CODES, FIXED_LIT, FIXED_DIST_CODES, FIXED_DIST);
    return;
  }
  writeBits(2, 2);
  writeBits(<u32>(nlit - 257), 5);
  writeBits(<u32>(ndist - 1), 5);
  writeBits(<u32>(ncl - 4), 4);
  for (let k = 0; k < ncl; k++) writeBits(load<u8>(clLen + <usize>load<u8>(CL_ORDER + <usize>k)), 3);
  canonicalCodes(clLen, 19, clCodes);
  for (let k = 0; k < nruns; k++) {
    const r = <u32>load<u16>(runs + (<usize>k << 1));
    const sym = <usize>(r & 31);
    writeBits(load<u16>(clCodes + (sym << 1)), load<u8>(clLen + sym));
    if (sym == 16) writeBits(r >> 5, 2);
    else if (sym == 17) writeBits(r >> 5, 3);
    else if (sym == 18) writeBits(r >> 5, 7);
  }
  canonicalCodes(litLen, 286, litCodes);
  canonicalCodes(distLen, 30, distCodes);
  writeSymbols(syms, count, litCodes, litLen, distCodes, distLen);
}

/** Counts the block's symbols into litFreq and distFreq (with one end-of-block); returns the extra bits. */
function countSymbols(syms: usize, count: i32): u64 {
  memory.fill(litFreq, 0, 286 << 2);
  memory.fill(distFreq, 0, 30 << 2);
  let extraBits: u32 = 0;
  const end = syms + (<usize>count << 2);
  for (let p = syms; p < end; p += 4) {
    const s = load<u32>(p);
    if (s < 256) {
      const at = litFreq + (<usize>s << 2);
      store<u32>(at, load<u32>(at) + 1);
    } else {
      const lc = <usize>load<u8>(LEN_CODE + <usize>(s >> 16));
      const dc = distCode(s & 0xffff);
      const la = litFreq + ((257 + lc) << 2);
      store<u32>(la, load<u32>(la) + 1);
      const da = distFreq + (dc << 2);
      store<u32>(da, load<u32>(da) + 1);
      extraBits += <u32>load<u8>(LEN_EXTRA + lc) + <u32>load<u8>(DIST_EXTRA + dc);
    }
  }
  store<u32>(litFreq + (256 << 2), 1);
  return <u64>extraBits;
}

// @ts-ignore: decorator
@inline function lenAt(k: i32, nlit: i32): i32 {
  return k < nlit ? <i32>load<u8>(litLen + <usize>k) : <i32>load<u8>(distLen + <usize>(k - nlit));
}

/**
 * Run-length codes for the literal/length and distance code lengths (RFC 1951 §3.2.7), into
 * `runs` as (extra << 5) | symbol; counts the symbols in clFreq. Returns how many were written.
 */
function encodeRuns(nlit: i32, ndist: i32): i32 {
  const total = nlit + ndist;
  let out = 0;
  for (let k = 0; k < total; ) {
    const len = lenAt(k, nlit);
    let run = 1;
    while (k + run < total && lenAt(k + run, nlit) == len) run++;
    k += run;
    if (len == 0) {
      while (run >= 11) {
        const r = min(run, 138);
        store<u16>(runs + (<usize>(out++) << 1), <u16>(((r - 11) << 5) | 18));
        run -= r;
      }
      if (run >= 3) {
        store<u16>(runs + (<usize>(out++) << 1), <u16>(((run - 3) << 5) | 17));
        run = 0;
      }
    } else {
      store<u16>(runs + (<usize>(out++) << 1), <u16>len);
      run--;
      while (run >= 3) {
        const r = min(run, 6);
        store<u16>(runs + (<usize>(out++) << 1), <u16>(((r - 3) << 5) | 16));
        run -= r;
      }
    }
    for (; run > 0; run--) store<u16>(runs + (<usize>(out++) << 1), <u16>len);
  }
  memory.fill(clFreq, 0, 19 << 2);
  for (let k = 0; k < out; k++) {
    const at = clFreq + (<usize>(load<u16>(runs + (<usize>k << 1)) & 31) << 2);
    store<u32>(at, load<u32>(at) + 1);
  }
  return out;
}

/** The symbols with the given codes and lengths, then end-of-block: the writer's hottest loop. */
function writeSymbols(syms: usize, count: i32, lc: usize, ll: usize, dc: usize, dl: usize): void {
  // The bit buffer lives in locals; fewer than 32 bits are pending between flushes, and a flush
  // follows the length (at most 20 bits) and the distance (at most 28).
  let pos = outPos;
  let bits = bitBuf;
  let nb = <u64>bitCount;
  const end = syms + (<usize>count << 2);
  for (let p = syms; p < end; p += 4) {
    const s = load<u32>(p);
    if (s < 256) {
      bits |= <u64>load<u16>(lc + (<usize>s << 1)) << nb;
      nb += <u64>load<u8>(ll + <usize>s);
    } else {
      const len = s >> 16;
      const dist = s & 0xffff;
      const c = <usize>load<u8>(LEN_CODE + <usize>len);
      bits |= <u64>load<u16>(lc + ((257 + c) << 1)) << nb;
      nb += <u64>load<u8>(ll + 257 + c);
      bits |= <u64>(len - <u32>load<u16>(LEN_BASE + (c << 1))) << nb;
      nb += <u64>load<u8>(LEN_EXTRA + c);
      if (nb >= 32) {
        store<u32>(pos, <u32>bits);
        pos += 4;
        bits >>= 32;
        nb -= 32;
      }
      const e = distCode(dist);
      bits |= <u64>load<u16>(dc + (e << 1)) << nb;
      nb += <u64>load<u8>(dl + e);
      bits |= <u64>(dist - <u32>load<u16>(DIST_BASE + (e << 1))) << nb;
      nb += <u64>load<u8>(DIST_EXTRA + e);
    }
    if (nb >= 32) {
      store<u32>(pos, <u32>bits);
      pos += 4;
      bits >>= 32;
      nb -= 32;
    }
  }
  outPos = pos;
  bitBuf = bits;
  bitCount = <u32>nb;
  writeBits(load<u16>(lc + (256 << 1)), load<u8>(ll + 256));
}

/** Stored blocks (RFC 1951 §3.2.4) of at most 65,535 bytes each. */
function writeStored(d: usize, start: i32, end: i32, last: bool): void {
  let pos = start;
  do {
    const len = min(65535, end - pos);
    const final = last && pos + len == end;
    writeBits(final ? 1 : 0, 1);
    writeBits(0, 2);
    const at = alignBits();
    store<u16>(at, <u16>len);
    store<u16>(at + 2, <u16>~len);
    memory.copy(at + 4, d + <usize>pos, <usize>len);
    outPos = at + 4 + <usize>len;
    pos += len;
  } while (pos < end);
}
