/**
 * EngineHost: everything the engine needs from outside, given by the caller.
 *
 * The engine never reads a clock, draws random numbers, opens files or the network by itself.
 * Node, the browser worker and tests each build a host; the same host gives the same bytes.
 */

/** Style of a font face a document asks for. */
export interface FontRequest {
  /** Family name as the document names it, e.g. `Calibri`. */
  readonly family: string;
  readonly bold: boolean;
  readonly italic: boolean;
}

/** Supplies font programs (TrueType/OpenType bytes) by file name from the shipped set, plus extra faces. */
export interface FontSource {
  /** Returns the bytes of a shipped font file (e.g. `Carlito-Regular.ttf`), or undefined if absent. */
  loadFile(fileName: string): Uint8Array | undefined | Promise<Uint8Array | undefined>;
  /** Extra faces the caller adds (their own corporate fonts). Checked before substitution. */
  readonly extraFaces?: readonly ExtraFontFace[];
}

/** A font face added by the host: used whenever a document asks for `family` with this style. */
export interface ExtraFontFace {
  readonly family: string;
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly data: Uint8Array;
}

/** Reports progress of a long stage. */
export interface ProgressEvent {
  readonly stage: 'parse' | 'layout' | 'render' | 'fill' | 'sign' | 'verify';
  /** Units done so far (pages for layout and render). */
  readonly done: number;
  /** Total units if known. */
  readonly total?: number;
}

/** The host object every stage receives. */
export interface EngineHost {
  /** Fonts. Without it only fonts embedded in documents are available. */
  readonly fonts?: FontSource;
  /** The current time, used for dynamic fields and signing times. Defaults to the Unix epoch. */
  readonly now?: () => Date;
  /** Cryptographically strong random bytes (for ids and salts). Without it, ids derive from content. */
  readonly randomBytes?: (n: number) => Uint8Array;
  /** WebCrypto implementation used for signing and verification. */
  readonly crypto?: Crypto;
  /** Cancellation. Stages check it between units of work. */
  readonly signal?: AbortSignal;
  /** Progress callback. */
  readonly onProgress?: (e: ProgressEvent) => void;
  /**
   * Inflates raw DEFLATE data that must expand to exactly `size` bytes, throwing if it would expand
   * further. Optional: the engine inflates in JavaScript without it; a host with native zlib (Node)
   * is several times faster. Decompression is deterministic, so output bytes do not depend on it.
   */
  readonly inflateRaw?: (data: Uint8Array, size: number) => Uint8Array;
  /**
   * CRC-32 (IEEE, as zip uses it) of bytes, continuing from `previous`. Optional: the engine has its
   * own; a native one (Node's zlib.crc32) checks a package's entries ~15× faster. Must give the
   * same values as the engine's crc32.
   */
  readonly crc32?: (data: Uint8Array, previous?: number) => number;
}

/** Fixed epoch used when the host gives no clock, so output stays deterministic. */
export const EPOCH = new Date(Date.UTC(1970, 0, 1));

/** The host's time, or the fixed epoch. */
export function hostNow(host: EngineHost): Date {
  return host.now ? host.now() : EPOCH;
}

/** Throws an AbortError when the host's signal has been aborted. */
export function checkCancelled(host: EngineHost): void {
  const s = host.signal;
  if (s && s.aborted) {
    const e = new Error('The operation was cancelled.');
    e.name = 'AbortError';
    throw e;
  }
}
