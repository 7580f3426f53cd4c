/**
 * Test helpers: the repository's shipped font files as a FontSource (reads fonts/ with node:fs;
 * tests only — the engine itself never touches the file system).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FontSource } from '../../core';

/** The repository's fonts/ folder. */
export const FONTS_DIR = fileURLToPath(new URL('../../../fonts/', import.meta.url));

const cache = new Map<string, Uint8Array | undefined>();

/** Bytes of a shipped font file (the same object on every call), or undefined if absent. */
export function shippedBytes(fileName: string): Uint8Array | undefined {
  if (!cache.has(fileName)) {
    const p = join(FONTS_DIR, fileName);
    cache.set(fileName, existsSync(p) ? new Uint8Array(readFileSync(p)) : undefined);
  }
  return cache.get(fileName);
}

/** A synchronous FontSource over the shipped fonts, counting the files it was asked for. */
export function testFontSource(extraFaces: FontSource['extraFaces'] = []): FontSource & { readonly asked: string[] } {
  const asked: string[] = [];
  return { extraFaces, asked, loadFile: (f: string) => (asked.push(f), shippedBytes(f)) };
}

/** An asynchronous FontSource over the shipped fonts. */
export function asyncFontSource(): FontSource {
  return { loadFile: async (f: string) => shippedBytes(f) };
}
