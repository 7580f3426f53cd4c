/**
 * Per-character font fallback on text from all over Unicode in many fonts: the answers kept (face and
 * warning per character and chain) are bounded for the whole document. They were kept per character
 * and chain with no bound: a fuzz case (3,000 paragraphs in 20 fonts, characters from far-off ranges)
 * held 135,000 of them. Dropping them past the limit must not change a face or a warning.
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../engine/core';
import { createFontContext } from '../../engine/text/font-context';
import type { LoadedFont } from '../../engine/text/loaded-font';
import { FALLBACK_CACHE_LIMIT, FallbackCache, segmentText } from '../../engine/text/segment';
import { testFontSource } from '../../engine/text/testing/shipped';

const ctx = createFontContext(testFontSource());
const face = (family: string, bold = false, italic = false): LoadedFont => ctx.resolve({ family, bold, italic });
const dejaVu = face('DejaVu Sans');
/** Five chains whose primaries lack most of the text, as a document in many fonts gives. */
const chains: LoadedFont[][] = [
  [face('Calibri'), dejaVu], [face('Calibri', true), dejaVu], [face('Cambria'), dejaVu],
  [face('Times New Roman'), dejaVu], [face('Arial', false, true), dejaVu],
];

/** `count` distinct characters from Greek, Cyrillic, symbols and CJK (some DejaVu Sans has, some no face has). */
function farText(count: number): string {
  const cps: number[] = [];
  for (const [from, to] of [[0x370, 0x52f], [0x2100, 0x2bff], [0x4e00, 0x9fff]] as const) {
    for (let cp = from; cp <= to && cps.length < count; cp++) cps.push(cp);
  }
  return String.fromCodePoint(...cps);
}

function run(text: string, cache: FallbackCache): { segments: string[]; warnings: Map<string, number> } {
  const warnings = new Map<string, number>();
  const report = (d: Diagnostic): void => void warnings.set(`${d.code} ${d.message}`, (warnings.get(`${d.code} ${d.message}`) ?? 0) + 1);
  const segments: string[] = [];
  // Twice over, so the second pass asks for answers the first kept (or dropped).
  for (let pass = 0; pass < 2; pass++) {
    for (const chain of chains) {
      for (const s of segmentText(text, chain, report, cache)) segments.push(`${s.start}-${s.end}:${s.font.id}`);
    }
  }
  return { segments, warnings };
}

describe('font fallback answers on text from all over Unicode in five fonts', () => {
  it('stay within the limit for the document, not one per character and chain', () => {
    const text = farText(20_000);
    const cache = new FallbackCache();
    run(text, cache);
    // Unbounded (as before), five chains kept an answer for each of the characters their primaries lack.
    const unbounded = new FallbackCache(Number.MAX_SAFE_INTEGER);
    run(text, unbounded);
    expect(unbounded.size).toBeGreaterThan(5 * FALLBACK_CACHE_LIMIT);
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.size).toBeLessThanOrEqual(FALLBACK_CACHE_LIMIT);
    expect(cache.evictions).toBeGreaterThan(0);
  });

  it('give the same faces and the same warning counts when dropped as when kept', () => {
    const text = farText(3_000);
    const small = new FallbackCache(500);
    const kept = run(text, new FallbackCache(Number.MAX_SAFE_INTEGER));
    const dropped = run(text, small);
    expect(small.evictions).toBeGreaterThan(10);
    expect(dropped.segments).toEqual(kept.segments);
    expect([...dropped.warnings]).toEqual([...kept.warnings]);
    expect([...kept.warnings.keys()].some((k) => k.startsWith('text/font-fallback'))).toBe(true);
    expect([...kept.warnings.keys()].some((k) => k.startsWith('text/missing-glyph'))).toBe(true);
  });
});
