/**
 * Zip reading (PKWARE APPNOTE 6.3.x) for OPC packages, with hard limits checked before any work.
 *
 * The central directory is read first; entry count, declared sizes and compression ratios are
 * checked against the limits; entries are inflated lazily, streaming, and stopped as soon as the
 * output exceeds the declared size, so a lying zip bomb cannot run away with memory or time.
 */
import { Inflate } from 'fflate';
import { abort, crc32, DEFAULT_LIMITS, warning, type Diagnostic, type InputLimits } from '../core';

/** One entry of the central directory. */
export interface ZipEntry {
  /** The entry name as stored (forward slashes, no leading slash). */
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly crc32: number;
  /** Offset of the local file header. */
  readonly headerOffset: number;
}

/** A zip archive whose entries are inflated on demand. */
export interface ZipArchive {
  readonly entries: readonly ZipEntry[];
  /** Problems found in the directory that did not stop reading (duplicate names, bad CRCs). */
  readonly warnings: Diagnostic[];
  /** Finds an entry by name, case-insensitively as OPC part names are (ECMA-376 Part 2 §9.1.1.1). */
  find(name: string): ZipEntry | undefined;
  /** Inflates an entry; throws a DiagnosticError on corrupt data. */
  read(entry: ZipEntry | string): Uint8Array;
}

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const ZIP64_EOCD_SIG = 0x06064b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;

/** A native raw-DEFLATE inflater with a hard output bound (see EngineHost.inflateRaw). */
export type InflateRaw = (data: Uint8Array, size: number) => Uint8Array;

/** A CRC-32 implementation (see EngineHost.crc32). */
export type Crc32 = (data: Uint8Array, previous?: number) => number;

/** Reads a zip's central directory, checking limits. Throws a DiagnosticError (`zip/...`) when unusable. */
export function openZip(bytes: Uint8Array, limits: InputLimits = DEFAULT_LIMITS, inflateRaw?: InflateRaw, crcOf: Crc32 = crc32): ZipArchive {
  if (bytes.length > limits.maxInputBytes) {
    abort('zip/too-large', `The file is ${bytes.length} bytes; the limit is ${limits.maxInputBytes}.`);
  }
  if (bytes.length < 22 || readU32(bytes, 0) !== LOC_SIG) {
    abort('zip/not-a-zip', 'The file is not a zip package (a DOCX file is a zip archive).', {
      hint: 'Check that the file is a .docx (Word 2007 or later), not .doc, .rtf or a renamed file.',
    });
  }
  const dir = readDirectoryLocation(bytes);
  if (dir.count > limits.maxEntries) abort('zip/too-many-entries', `The package has ${dir.count} entries; the limit is ${limits.maxEntries}.`);
  const entries: ZipEntry[] = [];
  const byName = new Map<string, ZipEntry>();
  const warnings: Diagnostic[] = [];
  let total = 0;
  let p = dir.offset;
  for (let i = 0; i < dir.count; i++) {
    const { entry, flags, end } = readDirectoryEntry(bytes, p, i);
    p = end;
    const name = entry.name;
    if (flags & 0x1) abort('zip/encrypted', `The package entry ${name} is encrypted.`, { hint: 'Remove the password protection in Word and try again.' });
    if (name.endsWith('/')) continue;
    checkEntrySize(entry, limits);
    total += entry.size;
    if (total > limits.maxTotalUncompressedBytes) {
      abort('zip/total-too-large', `The package expands to more than ${limits.maxTotalUncompressedBytes} bytes.`);
    }
    if (entry.headerOffset + 30 > bytes.length) abort('zip/bad-directory', `The entry ${name} points outside the file.`);
    const key = name.toLowerCase();
    if (byName.has(key)) {
      warnings.push(warning('zip/duplicate-entry', `The package has two entries named ${name}; the first is used.`));
      continue;
    }
    byName.set(key, entry);
    entries.push(entry);
  }
  return {
    entries,
    warnings,
    find: (name) => byName.get(name.replace(/^\/+/, '').toLowerCase()),
    read: (e) => {
      const entry = typeof e === 'string' ? byName.get(e.replace(/^\/+/, '').toLowerCase()) : e;
      if (!entry) abort('zip/missing-entry', `The package has no entry ${String(e)}.`);
      return inflateEntry(bytes, entry, warnings, inflateRaw, crcOf);
    },
  };
}

/** Reads central directory entry `i` at `p` (APPNOTE §4.3.12, with its Zip64 extra field when sizes overflow). */
function readDirectoryEntry(bytes: Uint8Array, p: number, i: number): { entry: ZipEntry; flags: number; end: number } {
  if (p + 46 > bytes.length || readU32(bytes, p) !== CEN_SIG) abort('zip/bad-directory', `Central directory entry ${i} is damaged.`);
  const flags = readU16(bytes, p + 8);
  const method = readU16(bytes, p + 10);
  const crc = readU32(bytes, p + 16);
  let compressedSize = readU32(bytes, p + 20);
  let size = readU32(bytes, p + 24);
  const nameLen = readU16(bytes, p + 28);
  const extraLen = readU16(bytes, p + 30);
  const commentLen = readU16(bytes, p + 32);
  let headerOffset = readU32(bytes, p + 42);
  const end = p + 46 + nameLen + extraLen + commentLen;
  if (end > bytes.length) abort('zip/bad-directory', `Central directory entry ${i} runs past the end of the file.`);
  const nameBytes = bytes.subarray(p + 46, p + 46 + nameLen);
  const name = decodeName(nameBytes, (flags & 0x800) !== 0).replace(/\\/g, '/').replace(/^\/+/, '');
  if (size === 0xffffffff || compressedSize === 0xffffffff || headerOffset === 0xffffffff) {
    const z = readZip64Extra(bytes, p + 46 + nameLen, extraLen, size, compressedSize, headerOffset);
    size = z.size;
    compressedSize = z.compressedSize;
    headerOffset = z.headerOffset;
  }
  return { entry: { name, method, compressedSize, size, crc32: crc, headerOffset }, flags, end };
}

/** The per-entry limits: declared uncompressed size and compression ratio (zip bombs), before any inflating. */
function checkEntrySize(entry: ZipEntry, limits: InputLimits): void {
  const { name, size, compressedSize } = entry;
  if (size > limits.maxEntryUncompressedBytes) {
    abort('zip/entry-too-large', `The entry ${name} declares ${size} bytes uncompressed; the limit is ${limits.maxEntryUncompressedBytes}.`);
  }
  if (compressedSize > 0 && size / compressedSize > limits.maxCompressionRatio && size > 1024 * 1024) {
    abort('zip/compression-ratio', `The entry ${name} expands ${Math.round(size / compressedSize)}-fold; the limit is ${limits.maxCompressionRatio} (possible zip bomb).`);
  }
}

function readDirectoryLocation(bytes: Uint8Array): { offset: number; count: number } {
  const min = Math.max(0, bytes.length - 22 - 0xffff);
  for (let p = bytes.length - 22; p >= min; p--) {
    if (bytes[p] !== 0x50 || readU32(bytes, p) !== EOCD_SIG) continue;
    let count = readU16(bytes, p + 10);
    let offset = readU32(bytes, p + 16);
    if ((count === 0xffff || offset === 0xffffffff) && p >= 20 && readU32(bytes, p - 20) === ZIP64_LOCATOR_SIG) {
      const z = Number(readU64(bytes, p - 12));
      if (z + 56 <= bytes.length && readU32(bytes, z) === ZIP64_EOCD_SIG) {
        count = Number(readU64(bytes, z + 32));
        offset = Number(readU64(bytes, z + 48));
      }
    }
    if (offset > bytes.length) abort('zip/bad-directory', 'The zip directory offset points outside the file.');
    return { offset, count };
  }
  abort('zip/no-directory', 'The zip archive has no central directory (the file is truncated or damaged).', {
    hint: 'The file may have been cut off during upload or download; try the original file.',
  });
}

function readZip64Extra(bytes: Uint8Array, start: number, len: number, size: number, csize: number, offset: number) {
  let p = start;
  const end = start + len;
  while (p + 4 <= end) {
    const id = readU16(bytes, p);
    const sz = readU16(bytes, p + 2);
    if (id === 1) {
      let q = p + 4;
      if (size === 0xffffffff && q + 8 <= end) (size = Number(readU64(bytes, q))), (q += 8);
      if (csize === 0xffffffff && q + 8 <= end) (csize = Number(readU64(bytes, q))), (q += 8);
      if (offset === 0xffffffff && q + 8 <= end) offset = Number(readU64(bytes, q));
      break;
    }
    p += 4 + sz;
  }
  return { size, compressedSize: csize, headerOffset: offset };
}

function inflateEntry(bytes: Uint8Array, entry: ZipEntry, warnings: Diagnostic[], inflateRaw: InflateRaw | undefined, crcOf: Crc32): Uint8Array {
  const h = entry.headerOffset;
  if (readU32(bytes, h) !== LOC_SIG) abort('zip/bad-local-header', `The entry ${entry.name} has a damaged local header.`);
  const start = h + 30 + readU16(bytes, h + 26) + readU16(bytes, h + 28);
  const end = start + entry.compressedSize;
  if (end > bytes.length) abort('zip/truncated', `The entry ${entry.name} runs past the end of the file (the file is truncated).`);
  const raw = bytes.subarray(start, end);
  let out: Uint8Array;
  if (entry.method === 0) {
    out = raw;
  } else if (entry.method === 8) {
    out = inflateRaw ? inflateNative(raw, entry, inflateRaw) : inflateBounded(raw, entry);
  } else {
    abort('zip/unsupported-method', `The entry ${entry.name} uses compression method ${entry.method}; only stored and deflate are supported.`);
  }
  if (out.length !== entry.size) {
    abort('zip/size-mismatch', `The entry ${entry.name} inflates to ${out.length} bytes, not the ${entry.size} it declares.`);
  }
  if (crcOf(out) >>> 0 !== entry.crc32) {
    warnings.push(warning('zip/bad-crc', `The entry ${entry.name} fails its CRC-32 check; its data may be damaged.`, { at: entry.name }));
  }
  return out;
}

function inflateNative(raw: Uint8Array, entry: ZipEntry, inflateRaw: InflateRaw): Uint8Array {
  try {
    return inflateRaw(raw, entry.size);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (/larger|exceed|maxOutputLength|RangeError/i.test(message) || (e instanceof RangeError)) {
      abort('zip/size-mismatch', `The entry ${entry.name} inflates to more than the ${entry.size} bytes it declares.`);
    }
    abort('zip/bad-deflate', `The entry ${entry.name} has damaged compressed data (${message}).`);
  }
}

const CHUNK = 1 << 18;

function inflateBounded(raw: Uint8Array, entry: ZipEntry): Uint8Array {
  const out = new Uint8Array(entry.size);
  let written = 0;
  let overflow = false;
  const inflater = new Inflate((chunk) => {
    if (overflow) return;
    if (written + chunk.length > out.length) {
      overflow = true;
      return;
    }
    out.set(chunk, written);
    written += chunk.length;
  });
  try {
    for (let p = 0; p < raw.length && !overflow; p += CHUNK) {
      inflater.push(raw.subarray(p, Math.min(raw.length, p + CHUNK)), p + CHUNK >= raw.length);
    }
  } catch (e) {
    abort('zip/bad-deflate', `The entry ${entry.name} has damaged compressed data (${e instanceof Error ? e.message : String(e)}).`);
  }
  if (overflow) abort('zip/size-mismatch', `The entry ${entry.name} inflates to more than the ${entry.size} bytes it declares.`);
  return written === out.length ? out : out.subarray(0, written);
}

function decodeName(b: Uint8Array, utf8: boolean): string {
  if (utf8) return new TextDecoder('utf-8').decode(b);
  let ascii = true;
  for (let i = 0; i < b.length; i++) if (b[i]! >= 0x80) ascii = false;
  return ascii ? String.fromCharCode(...b) : new TextDecoder('utf-8').decode(b);
}

function readU16(b: Uint8Array, p: number): number {
  return (b[p] ?? 0) | ((b[p + 1] ?? 0) << 8);
}

function readU32(b: Uint8Array, p: number): number {
  return ((b[p] ?? 0) | ((b[p + 1] ?? 0) << 8) | ((b[p + 2] ?? 0) << 16) | ((b[p + 3] ?? 0) << 24)) >>> 0;
}

function readU64(b: Uint8Array, p: number): bigint {
  return BigInt(readU32(b, p)) | (BigInt(readU32(b, p + 4)) << 32n);
}
