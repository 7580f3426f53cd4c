/**
 * TypeScript 5.9 types Uint8Array over ArrayBufferLike, which WebCrypto's BufferSource rejects
 * because of SharedArrayBuffer. The engine never hands shared memory to WebCrypto, so a view is
 * passed as is (copied only if it really is shared).
 */

/** Returns the bytes typed as a WebCrypto BufferSource. */
export function bufferSource(b: Uint8Array): Uint8Array<ArrayBuffer> {
  return b.buffer instanceof ArrayBuffer ? (b as Uint8Array<ArrayBuffer>) : new Uint8Array(b);
}
