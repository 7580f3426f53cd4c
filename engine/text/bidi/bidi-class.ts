/**
 * Bidi character properties (UAX #9 §3.2, Unicode 16.0): Bidi_Class, paired brackets and mirrored
 * glyphs, decoded once from the generated tables on first use.
 */
import { BIDI_BRACKETS, BIDI_CLASS_RANGES, BIDI_MIRRORS } from './bidi-data.generated';

/** Bidi_Class values (UAX #9 Table 4); the order matches scripts/gen-bidi-data.mjs. */
export enum BidiClass {
  L, R, AL, EN, ES, ET, AN, CS, NSM, BN, B, S, WS, ON, LRE, LRO, RLE, RLO, PDF, LRI, RLI, FSI, PDI,
}

let starts: Uint32Array | undefined;
let classes: Uint8Array | undefined;
let latin: Uint8Array | undefined;
let brackets: Map<number, { pair: number; open: boolean }> | undefined;
let mirrors: Map<number, number> | undefined;

function load(): void {
  const items = BIDI_CLASS_RANGES.split(' ');
  starts = new Uint32Array(items.length);
  classes = new Uint8Array(items.length);
  let cp = 0;
  for (let i = 0; i < items.length; i++) {
    const [d, c] = items[i]!.split('.');
    cp += parseInt(d!, 36);
    starts[i] = cp;
    classes[i] = parseInt(c!, 36);
  }
  latin = new Uint8Array(0x800);
  for (let c = 0; c < 0x800; c++) latin[c] = lookup(c);
}

function lookup(cp: number): BidiClass {
  const s = starts!;
  let lo = 0;
  let hi = s.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (s[mid]! <= cp) lo = mid;
    else hi = mid - 1;
  }
  return classes![lo]!;
}

/** The Bidi_Class of a code point (defaults for unassigned code points as DerivedBidiClass.txt). */
export function bidiClassOf(cp: number): BidiClass {
  if (!latin) load();
  if (cp < 0x800) return latin![cp]!;
  if (cp > 0x10ffff || cp < 0) return BidiClass.L;
  return lookup(cp);
}

/** The paired bracket of a code point (BD14, BD15), or undefined when it is not a paired bracket. */
export function pairedBracketOf(cp: number): { readonly pair: number; readonly open: boolean } | undefined {
  if (!brackets) brackets = new Map(BIDI_BRACKETS.map(([c, p, t]) => [c, { pair: p, open: t === 1 }]));
  return brackets.get(cp);
}

/** Bidi_Mirroring_Glyph of a code point (rule L4), or undefined when it has none. */
export function mirroredCodePoint(cp: number): number | undefined {
  if (!mirrors) mirrors = new Map(BIDI_MIRRORS);
  return mirrors.get(cp);
}

/** Whether a class is strong right-to-left (R or AL). */
export function isStrongRtl(c: BidiClass): boolean {
  return c === BidiClass.R || c === BidiClass.AL;
}
