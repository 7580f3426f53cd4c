import { describe, expect, it } from 'vitest';
import { buildTrueTypeFont } from './font-builder';
import { FontProgram } from './font-program';
import { Shaper } from './shaper';
import { SHIPPED_FACES } from './shipped-fonts';
import { shippedBytes } from './testing/shipped';
import { fastClass, FastClass, forEachFastCodePointIn } from './unicode-props';

/** The shaper's reachable glyphs as they were first computed: every fast-path code point looked up. */
function reachableByLookingUpAll(p: FontProgram): Uint8Array {
  const r = new Uint8Array(p.metrics.numGlyphs);
  for (let cp = 0; cp <= 0xffff; cp++) if (fastClass(cp) !== FastClass.None) r[p.glyphId(cp)] = 1;
  return r;
}

function reachableOf(p: FontProgram): Uint8Array {
  return (new Shaper(p) as unknown as { reachableGlyphs(): Uint8Array }).reachableGlyphs();
}

describe('cmap spans', () => {
  it('visits the fast-path code points inside the spans and counts those outside', () => {
    const seen: number[] = [];
    const outside = forEachFastCodePointIn([0x41, 0x42, 0x7f, 0xa0, 0x4e00, 0x4e01], (cp) => seen.push(cp));
    expect(seen).toEqual([0x41, 0x42, 0xa0, 0x4e00, 0x4e01]);
    let all = 0;
    for (let cp = 0; cp <= 0x10ffff; cp++) if (fastClass(cp) !== FastClass.None) all++;
    expect(outside).toBe(all - seen.length);
  });

  it("cover every code point a shipped font maps, ascending and apart, and give the same reachable glyphs as looking each up", () => {
    for (const face of SHIPPED_FACES) {
      const bytes = shippedBytes(face.fileName);
      if (!bytes) continue;
      const p = new FontProgram(bytes);
      const spans = p.cmap.spans;
      for (let i = 2; i < spans.length; i += 2) expect(spans[i]!).toBeGreaterThan(spans[i - 1]! + 1);
      const inside = new Uint8Array(0x20000);
      for (let i = 0; i < spans.length; i += 2) for (let cp = spans[i]!; cp <= Math.min(spans[i + 1]!, 0x1ffff); cp++) inside[cp] = 1;
      for (let cp = 0; cp < 0x20000; cp++) if (!inside[cp] && p.cmap.lookup(cp) !== 0) throw new Error(`${face.fileName}: U+${cp.toString(16)} maps outside the spans`);
      expect(reachableOf(p), face.fileName).toEqual(reachableByLookingUpAll(p));
    }
  });

  it("of a symbol font take in the 8-bit codes that map through U+F0xx", () => {
    const bytes = buildTrueTypeFont({ family: 'Sym', symbol: true, glyphs: [{ codePoint: 0x6c, advance: 800, height: 600 }] });
    const p = new FontProgram(bytes);
    const has = (cp: number) => p.cmap.spans.some((_, i) => i % 2 === 0 && cp >= p.cmap.spans[i]! && cp <= p.cmap.spans[i + 1]!);
    expect(p.cmap.lookup(0x6c)).toBe(1);
    expect(has(0x6c)).toBe(true);
    expect(has(0xf06c)).toBe(true);
    expect(reachableOf(p)).toEqual(reachableByLookingUpAll(p));
  });
});
