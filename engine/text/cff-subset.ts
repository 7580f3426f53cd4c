/**
 * CFF subsetting through fontkit's CFFSubset (CFF spec, Adobe TN #5176): keeps the used charstrings
 * and the subroutines they call, and writes a CID-keyed CFF (ROS Adobe-Identity-0) whose CIDs are
 * the new glyph ids — what a CIDFontType0 with FontFile3 /Subtype /CIDFontType0C expects
 * (ISO 32000-1 §9.9). fontkit's encoder writes to a Node-style stream asynchronously; we drive its
 * synchronous `encode` with a small in-memory stream that offers the writer methods it calls.
 */
import { requireFontkit } from './fontkit-loader';
import { ByteWriter } from './sfnt-writer';

interface FkSubset {
  includeGlyph(glyphId: number): number;
  encode(stream: unknown): void;
}

/** The writer methods fontkit's restructure encoders call, over a ByteWriter. */
class SyncEncodeStream {
  private readonly w = new ByteWriter();

  get pos(): number {
    return this.w.length;
  }

  writeUInt8(v: number): void { this.w.u8(v); }
  writeInt8(v: number): void { this.w.u8(v < 0 ? v + 0x100 : v); }
  writeUInt16BE(v: number): void { this.w.u16(v); }
  writeInt16BE(v: number): void { this.w.i16(v); }
  writeUInt24BE(v: number): void { this.w.u8(v >>> 16).u8(v >>> 8).u8(v); }
  writeInt24BE(v: number): void { this.writeUInt24BE(v < 0 ? v + 0x1000000 : v); }
  writeUInt32BE(v: number): void { this.w.u32(v >>> 0); }
  writeInt32BE(v: number): void { this.w.u32(v >>> 0); }
  writeFloatBE(v: number): void { this.writeView(4, (d) => d.setFloat32(0, v)); }
  writeDoubleBE(v: number): void { this.writeView(8, (d) => d.setFloat64(0, v)); }
  writeBuffer(b: Uint8Array): void { this.w.bytes(b); }
  writeString(s: string): void {
    for (let i = 0; i < s.length; i++) this.w.u8(s.charCodeAt(i));
  }
  fill(value: number, length: number): void {
    for (let i = 0; i < length; i++) this.w.u8(value);
  }

  private writeView(n: number, set: (d: DataView) => void): void {
    const b = new Uint8Array(n);
    set(new DataView(b.buffer));
    this.w.bytes(b);
  }

  bytes(): Uint8Array {
    return this.w.toBytes();
  }
}

/**
 * Subsets the CFF table of an OpenType font to `glyphIds` (ascending, starting with 0); new glyph
 * id i is `glyphIds[i]`. Throws if fontkit cannot encode the font (the caller embeds it whole).
 */
export function subsetCff(fontBytes: Uint8Array, glyphIds: readonly number[]): Uint8Array {
  const font = requireFontkit().create(fontBytes) as { createSubset(): FkSubset };
  const subset = font.createSubset();
  glyphIds.forEach((g, i) => {
    if (subset.includeGlyph(g) !== i) throw new Error('unexpected CFF subset glyph order');
  });
  const stream = new SyncEncodeStream();
  subset.encode(stream);
  const out = stream.bytes();
  // Header offSize (absolute offset size) must be 1-4; fontkit writes the source table's length there.
  if (out.length > 4) out[3] = 4;
  return out;
}
