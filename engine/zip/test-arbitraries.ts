/**
 * Test inputs shared by the deflate tests (deflate.test.ts, deflate-property.test.ts); not part of
 * the engine's runtime.
 */
import fc from 'fast-check';

/** Bytes from a small alphabet with back-references, so matches of every length and distance occur. */
export const structured = fc
  .array(fc.oneof(fc.uint8Array({ minLength: 0, maxLength: 40 }), fc.record({ back: fc.nat(40000), len: fc.integer({ min: 1, max: 600 }) })), { maxLength: 200 })
  .map((parts) => {
    const out: number[] = [];
    for (const p of parts) {
      if (p instanceof Uint8Array) for (const b of p) out.push(b & 7);
      else for (let k = 0; k < p.len; k++) out.push(out.length > p.back ? out[out.length - 1 - p.back]! : k & 3);
    }
    return Uint8Array.from(out);
  });
