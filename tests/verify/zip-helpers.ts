/**
 * Zip round trips for DOCX tamper tests: entries as a map, written back in the same order.
 */
import { openZip, writeZip } from '../../engine/zip';

/** Reads every entry of a zip into a name → bytes map (in directory order). */
export function readZipEntries(bytes: Uint8Array): Map<string, Uint8Array> {
  const zip = openZip(bytes);
  return new Map(zip.entries.filter((e) => !e.name.endsWith('/')).map((e) => [e.name, zip.read(e)] as const));
}

/** Writes a name → bytes map as a zip. */
export function writeZipEntries(parts: ReadonlyMap<string, Uint8Array>): Uint8Array {
  return writeZip([...parts].map(([name, data]) => ({ name, data })));
}
