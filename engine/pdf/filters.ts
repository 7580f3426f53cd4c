/**
 * Stream filters needed to read a file's structure (ISO 32000-1 §7.4): FlateDecode with PNG and
 * TIFF predictors (§7.4.4.4), as used by cross-reference streams and object streams.
 *
 * Decompression is streamed in small chunks and stops at a byte limit, so a "zip bomb" stream
 * cannot exhaust memory.
 */
import { Inflate } from 'fflate';
import { abort, DiagnosticError } from '../core';
import type { PdfDict, PdfObject, PdfStream } from './objects';
import { isArray, isDict, isName } from './objects';

/** Default cap on the decoded size of one stream. */
export const MAX_DECODED_STREAM_BYTES = 256 * 1024 * 1024;

/** Decodes a stream's data through its /Filter chain (Flate only); aborts with `pdf/unsupported-filter` otherwise. */
export function decodeStreamData(stream: PdfStream, maxBytes = MAX_DECODED_STREAM_BYTES): Uint8Array {
  const filters = asList(stream.dict.entries.get('Filter'));
  const parms = asList(stream.dict.entries.get('DecodeParms'));
  let data = stream.data;
  filters.forEach((f, i) => {
    if (!isName(f)) abort('pdf/bad-filter', 'A stream /Filter entry is not a name.');
    if (f.value !== 'FlateDecode' && f.value !== 'Fl') {
      abort('pdf/unsupported-filter', `Stream filter /${f.value} is not supported for structural streams.`);
    }
    data = inflateBounded(data, maxBytes);
    const p = parms[i];
    if (isDict(p)) data = applyPredictor(data, p);
  });
  return data;
}

function asList(o: PdfObject | undefined): PdfObject[] {
  if (o === undefined || o === null) return [];
  return isArray(o) ? o.items : [o];
}

/** Inflates zlib (or raw deflate) data, aborting with `pdf/stream-too-large` beyond `maxBytes`. */
export function inflateBounded(data: Uint8Array, maxBytes: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > maxBytes) abort('pdf/stream-too-large', `A stream decodes to more than ${maxBytes} bytes.`);
    chunks.push(chunk);
  });
  // Skip a zlib header (RFC 1950 §2.2) when present; the Adler-32 trailer is ignored, as readers do.
  const hasHeader = data.length >= 2 && (data[0]! & 0x0f) === 8 && ((data[0]! << 8) | data[1]!) % 31 === 0;
  const body = hasHeader ? data.subarray(2) : data;
  try {
    const step = 16384;
    for (let i = 0; i < body.length; i += step) inflater.push(body.subarray(i, Math.min(body.length, i + step)), false);
    inflater.push(new Uint8Array(0), true);
  } catch (e) {
    if (e instanceof DiagnosticError) throw e;
    // A corrupt tail keeps what was decoded so far, as readers do; nothing decoded is an error.
    if (total === 0) abort('pdf/bad-flate', 'A Flate-compressed stream is corrupt.');
  }
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

function intParam(d: PdfDict, key: string, dflt: number): number {
  const v = d.entries.get(key);
  return typeof v === 'number' && Number.isInteger(v) ? v : dflt;
}

/** Undoes a PNG (10–15) or TIFF (2, 8-bit) predictor (§7.4.4.4, Table 8). */
export function applyPredictor(data: Uint8Array, parms: PdfDict): Uint8Array {
  const predictor = intParam(parms, 'Predictor', 1);
  if (predictor === 1) return data;
  const colors = intParam(parms, 'Colors', 1);
  const bpc = intParam(parms, 'BitsPerComponent', 8);
  const columns = intParam(parms, 'Columns', 1);
  if (colors < 1 || colors > 32 || ![1, 2, 4, 8, 16].includes(bpc) || columns < 1 || columns > 1 << 24) {
    abort('pdf/bad-predictor', 'Predictor parameters are out of range.');
  }
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowLen = Math.ceil((colors * bpc * columns) / 8);
  if (predictor === 2) return undoTiff(data, rowLen, bpp, bpc);
  if (predictor < 10) abort('pdf/bad-predictor', `Unknown predictor ${predictor}.`);
  return undoPng(data, rowLen, bpp);
}

function undoTiff(data: Uint8Array, rowLen: number, bpp: number, bpc: number): Uint8Array {
  if (bpc !== 8) abort('pdf/bad-predictor', 'TIFF predictor is supported for 8-bit components only.');
  const out = new Uint8Array(data);
  for (let r = 0; r + rowLen <= out.length; r += rowLen) {
    for (let i = bpp; i < rowLen; i++) out[r + i] = (out[r + i]! + out[r + i - bpp]!) & 0xff;
  }
  return out;
}

function undoPng(data: Uint8Array, rowLen: number, bpp: number): Uint8Array {
  const rows = Math.floor(data.length / (rowLen + 1));
  const out = new Uint8Array(rows * rowLen);
  let prev = new Uint8Array(rowLen);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowLen + 1)]!;
    const src = data.subarray(r * (rowLen + 1) + 1, (r + 1) * (rowLen + 1));
    const row = out.subarray(r * rowLen, (r + 1) * rowLen);
    unfilterRow(type, src, row, prev, bpp);
    prev = row;
  }
  return out;
}

/** Reverses one PNG filter row (PNG spec §9): None, Sub, Up, Average, Paeth. */
export function unfilterRow(type: number, src: Uint8Array, row: Uint8Array, prev: Uint8Array, bpp: number): void {
  for (let i = 0; i < row.length; i++) {
    const a = i >= bpp ? row[i - bpp]! : 0;
    const b = prev[i] ?? 0;
    const c = i >= bpp ? prev[i - bpp] ?? 0 : 0;
    const x = src[i] ?? 0;
    let v: number;
    if (type === 1) v = x + a;
    else if (type === 2) v = x + b;
    else if (type === 3) v = x + ((a + b) >> 1);
    else if (type === 4) v = x + paeth(a, b, c);
    else v = x;
    row[i] = v & 0xff;
  }
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}
