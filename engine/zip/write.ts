/**
 * Deterministic zip writing for packages the engine produces (filled templates, signed DOCX).
 * Fixed timestamps (1980-01-01 00:00, the DOS epoch) so equal input gives equal bytes.
 */
import { deflateSync } from 'fflate';
import { concatBytes, crc32, encodeUtf8 } from '../core';

/** One file to write. */
export interface ZipInput {
  readonly name: string;
  readonly data: Uint8Array;
  /** Store without compression (default: deflate unless the data is tiny or already compressed). */
  readonly store?: boolean;
}

const DOS_DATE = (0 << 9) | (1 << 5) | 1; // 1980-01-01
const DOS_TIME = 0;

/** Writes entries, in the given order, to a zip archive. */
export function writeZip(inputs: readonly ZipInput[]): Uint8Array {
  const locals: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const input of inputs) {
    const name = encodeUtf8(input.name);
    const crc = crc32(input.data);
    const deflated = input.store || input.data.length < 64 || isPrecompressed(input.name) ? undefined : deflateSync(input.data, { level: 6 });
    const useDeflate = deflated !== undefined && deflated.length < input.data.length;
    const body = useDeflate ? deflated! : input.data;
    const method = useDeflate ? 8 : 0;
    const flags = 0x800; // UTF-8 names
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(6, flags, true);
    lv.setUint16(8, method, true);
    lv.setUint16(10, DOS_TIME, true);
    lv.setUint16(12, DOS_DATE, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, body.length, true);
    lv.setUint32(22, input.data.length, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const cen = new Uint8Array(46 + name.length);
    const cv = new DataView(cen.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(8, flags, true);
    cv.setUint16(10, method, true);
    cv.setUint16(12, DOS_TIME, true);
    cv.setUint16(14, DOS_DATE, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, body.length, true);
    cv.setUint32(24, input.data.length, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    cen.set(name, 46);
    locals.push(local, body);
    central.push(cen);
    offset += local.length + body.length;
  }
  const cenBytes = concatBytes(central);
  const eocd = new Uint8Array(22);
  const ev = new DataView(eocd.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, inputs.length, true);
  ev.setUint16(10, inputs.length, true);
  ev.setUint32(12, cenBytes.length, true);
  ev.setUint32(16, offset, true);
  return concatBytes([...locals, cenBytes, eocd]);
}

function isPrecompressed(name: string): boolean {
  return /\.(png|jpe?g|gif|zip|odttf|woff2?|mp4|mp3)$/i.test(name);
}
