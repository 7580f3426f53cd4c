/**
 * JPEG entropy decoding primitives (ITU-T T.81): the bit reader over entropy-coded data, with its
 * byte stuffing and markers (§B.1.1.5, §F.1.2.3), and Huffman tables built from DHT's BITS and
 * HUFFVAL lists (Annex C) with a 9-bit lookup for the short codes and the spec's MAXCODE / VALPTR
 * search (§F.2.2.3) for the rest. Nothing here throws past a bad table: reading past the data gives
 * zero bits and marks the reader as run out, so a damaged scan ends instead of looping.
 */
import { badImage } from './types';

const LOOKUP_BITS = 9;

/** A decoding table (§C, §F.2.2.3). */
export interface HuffmanTable {
  /** (code length << 8) | value for every 9-bit prefix starting with a code of ≤ 9 bits; 0 otherwise. */
  readonly lookup: Uint16Array;
  /** MAXCODE per length 1…16 (−1 when no code has that length). */
  readonly maxCode: Int32Array;
  /** VALPTR − MINCODE per length: add a code to get its index in `values`. */
  readonly offset: Int32Array;
  readonly values: Uint8Array;
}

/** Builds a table from the 16 code-length counts and the values (HUFFVAL); refuses over-full tables. */
export function buildHuffman(counts: Uint8Array, values: Uint8Array): HuffmanTable {
  const lookup = new Uint16Array(1 << LOOKUP_BITS);
  const maxCode = new Int32Array(17).fill(-1);
  const offset = new Int32Array(17);
  let code = 0;
  let k = 0;
  for (let len = 1; len <= 16; len++) {
    const n = counts[len - 1]!;
    offset[len] = k - code;
    for (let i = 0; i < n; i++, k++, code++) {
      // Generate_code_table (Figure C.2): a code that needs more bits than its length has is invalid.
      if (code >= 1 << len) badImage('A JPEG Huffman table declares more codes than its code lengths allow.');
      if (len <= LOOKUP_BITS) {
        const shift = LOOKUP_BITS - len;
        const entry = (len << 8) | values[k]!;
        for (let p = code << shift, end = (code + 1) << shift; p < end; p++) lookup[p] = entry;
      }
    }
    if (n > 0) maxCode[len] = code - 1;
    code <<= 1;
  }
  return { lookup, maxCode, offset, values };
}

/** Reads the bits of one scan's entropy-coded segment, from `pos` up to the next marker. */
export class BitReader {
  private acc = 0;
  private bits = 0;
  /** True once a marker or the end of the data was reached and zero bits were supplied for it. */
  exhausted = false;

  constructor(private readonly data: Uint8Array, public pos: number) {}

  /** Fills the accumulator to at least 25 bits, with zero bits (counted in `pad`) at a marker or the end. */
  private fill(): void {
    const d = this.data;
    while (this.bits <= 24) {
      let byte = 0;
      if (this.pos < d.length && !this.markerAhead()) {
        byte = d[this.pos++]!;
        // A stuffed 0xFF 0x00 (§F.1.2.3) stands for the data byte 0xFF.
        if (byte === 0xff) this.pos++;
      } else this.pad += 8;
      this.acc = ((this.acc << 8) | byte) >>> 0;
      this.bits += 8;
    }
  }

  /** How many of the accumulator's low bits are padding past the data. */
  private pad = 0;

  /** Marks the reader exhausted once a read reached into the padding. */
  private consumed(): void {
    if (this.bits < this.pad) this.exhausted = true;
  }

  /** Whether a marker (0xFF followed by neither 0x00 nor the end) starts at pos. */
  private markerAhead(): boolean {
    const d = this.data;
    return d[this.pos] === 0xff && this.pos + 1 < d.length && d[this.pos + 1] !== 0x00;
  }

  /** Reads n bits (0 ≤ n ≤ 16), most significant first. */
  read(n: number): number {
    if (n === 0) return 0;
    if (this.bits < n) this.fill();
    this.bits -= n;
    this.consumed();
    return (this.acc >>> this.bits) & ((1 << n) - 1);
  }

  /** One bit. */
  bit(): number {
    return this.read(1);
  }

  /** Decodes one Huffman symbol (§F.2.2.3); an impossible code reads as 0, marking the reader exhausted. */
  decode(t: HuffmanTable): number {
    if (this.bits < 16) this.fill();
    const peek = (this.acc >>> (this.bits - LOOKUP_BITS)) & ((1 << LOOKUP_BITS) - 1);
    const hit = t.lookup[peek]!;
    if (hit) {
      this.bits -= hit >> 8;
      this.consumed();
      return hit & 0xff;
    }
    let code = 0;
    for (let len = 1; len <= 16; len++) {
      code = (code << 1) | ((this.acc >>> (this.bits - len)) & 1);
      if (code <= t.maxCode[len]!) {
        this.bits -= len;
        this.consumed();
        return t.values[t.offset[len]! + code]!;
      }
    }
    this.bits -= 16;
    this.exhausted = true;
    return 0;
  }

  /** Reads s extra bits and extends them to a signed value (EXTEND, Figure F.12). */
  receiveExtend(s: number): number {
    if (s === 0) return 0;
    if (s > 16) {
      this.exhausted = true;
      return 0;
    }
    const v = this.read(s);
    return v < 1 << (s - 1) ? v - (1 << s) + 1 : v;
  }

  /**
   * Ends the segment at a restart interval's end: drops the unread bits and steps over the RSTn
   * marker (§B.2.5, §F.1.2.3). Returns false when the next thing is not a restart marker.
   */
  restart(): boolean {
    this.acc = 0;
    this.bits = 0;
    this.pad = 0;
    this.exhausted = false;
    const d = this.data;
    // Garbage before the marker is skipped (each step consumes a byte).
    while (this.pos + 1 < d.length && !(d[this.pos] === 0xff && d[this.pos + 1] !== 0x00 && d[this.pos + 1] !== 0xff)) this.pos++;
    if (this.pos + 1 < d.length && d[this.pos + 1]! >= 0xd0 && d[this.pos + 1]! <= 0xd7) {
      this.pos += 2;
      return true;
    }
    return false;
  }

  /** The position just past the segment: the next marker, for the caller's marker walk. */
  segmentEnd(): number {
    const d = this.data;
    let p = this.pos;
    while (p + 1 < d.length && !(d[p] === 0xff && d[p + 1] !== 0x00 && d[p + 1] !== 0xff && !(d[p + 1]! >= 0xd0 && d[p + 1]! <= 0xd7))) p++;
    return Math.min(p, d.length);
  }
}
