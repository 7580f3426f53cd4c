/**
 * Byte helpers shared by parsers and writers: UTF-8, CRC-32, hex.
 */

const utf8Decoder = new TextDecoder('utf-8', { fatal: false });
const utf8Encoder = new TextEncoder();

/** Decodes UTF-8 bytes (invalid sequences become U+FFFD), dropping a leading BOM. */
export function decodeUtf8(bytes: Uint8Array): string {
  const s = utf8Decoder.decode(bytes);
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}

/** Encodes a string as UTF-8. */
export function encodeUtf8(s: string): Uint8Array {
  return utf8Encoder.encode(s);
}

let crcTables: Int32Array | undefined;

/** Eight 256-entry tables for slice-by-8 (table k advances a byte k positions further). */
function tables(): Int32Array {
  if (crcTables) return crcTables;
  const t = new Int32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    for (let k = 1; k < 8; k++) {
      const prev = t[(k - 1) * 256 + n]!;
      t[k * 256 + n] = (prev >>> 8) ^ t[prev & 0xff]!;
    }
  }
  crcTables = t;
  return t;
}

/**
 * CRC-32 (IEEE 802.3, as zip and PNG use it) of bytes, optionally continuing from an earlier value.
 * Slice-by-8: eight bytes per step through eight tables, about 3× faster than a byte at a time
 * (checking every zip entry was an eighth of parseDocx's time).
 */
export function crc32(bytes: Uint8Array, previous = 0): number {
  const t = tables();
  let c = ~previous;
  const n = bytes.length;
  let i = 0;
  for (const end = n - 7; i < end; i += 8) {
    const a = c ^ (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24));
    const b = bytes[i + 4]! | (bytes[i + 5]! << 8) | (bytes[i + 6]! << 16) | (bytes[i + 7]! << 24);
    c =
      t[1792 + (a & 0xff)]! ^ t[1536 + ((a >>> 8) & 0xff)]! ^ t[1280 + ((a >>> 16) & 0xff)]! ^ t[1024 + (a >>> 24)]! ^
      t[768 + (b & 0xff)]! ^ t[512 + ((b >>> 8) & 0xff)]! ^ t[256 + ((b >>> 16) & 0xff)]! ^ t[b >>> 24]!;
  }
  for (; i < n; i++) c = t[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** Lower-case hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += bytes[i]!.toString(16).padStart(2, '0');
  return s;
}

/** Concatenates byte arrays. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
