/**
 * Node adapters: an EngineHost backed by the shipped font files, Node's WebCrypto and clock.
 * In: options from the CLI or server. Out: an EngineHost. The engine itself never imports this.
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { webcrypto, randomBytes } from 'node:crypto';
import * as zlib from 'node:zlib';
import type { EngineHost, ExtraFontFace, FontSource } from '../engine/core';

/** Finds the shipped `fonts/` folder from the source tree or the built `dist/` bundle. */
export function findFontsDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [join(here, '..', 'fonts'), join(here, '..', '..', 'fonts'), resolve('fonts')]) {
    if (existsSync(join(candidate, 'Carlito-Regular.ttf'))) return candidate;
  }
  throw new Error('The shipped fonts folder was not found next to Colophon; reinstall the package.');
}

/** A FontSource reading shipped fonts from disk once and keeping them (the same bytes object every time). */
export function createNodeFontSource(fontsDir = findFontsDir(), extraFaces: readonly ExtraFontFace[] = []): FontSource {
  const cache = new Map<string, Uint8Array | undefined>();
  return {
    extraFaces,
    loadFile(fileName: string): Uint8Array | undefined {
      if (cache.has(fileName)) return cache.get(fileName);
      if (!/^[A-Za-z0-9._-]+$/.test(fileName)) return undefined;
      const path = join(fontsDir, fileName);
      const data = existsSync(path) ? new Uint8Array(readFileSync(path)) : undefined;
      cache.set(fileName, data);
      return data;
    },
  };
}

/** Options for the Node host. */
export interface NodeHostOptions {
  /** Fixed clock, for reproducible output. Defaults to the real clock. */
  readonly now?: () => Date;
  readonly signal?: AbortSignal;
  readonly fonts?: FontSource;
}

let sharedFonts: FontSource | undefined;

const nativeCrc32 = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;

/** Creates the host used by the CLI and server: shipped fonts, real clock, Node WebCrypto. */
export function createNodeHost(options: NodeHostOptions = {}): EngineHost {
  sharedFonts ??= createNodeFontSource();
  return {
    fonts: options.fonts ?? sharedFonts,
    now: options.now ?? (() => new Date()),
    randomBytes: (n: number) => new Uint8Array(randomBytes(n)),
    crypto: webcrypto as unknown as Crypto,
    // Native zlib, bounded: a lying zip entry cannot expand past its declared size.
    inflateRaw: (data, size) => {
      const out = zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, size) });
      return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    },
    // zlib.crc32 exists from Node 20.15; the engine's own CRC is used without it.
    ...(typeof nativeCrc32 === 'function' ? { crc32: (data: Uint8Array, previous?: number) => nativeCrc32(data, previous ?? 0) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
}
