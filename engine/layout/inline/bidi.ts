/**
 * Bidirectional text in paragraphs (UAX #9): levels for the itemized text, spans split where the
 * level changes (each piece is then shaped in one direction), and per line the L1 whitespace rule
 * and the L2 visual order of the line's fragments.
 *
 * Lines are filled in logical order. A right-to-left paragraph (w:bidi, ECMA-376 Part 1 §17.3.1.6)
 * is filled in a mirrored frame where x runs from the right edge, so first-line indents, list
 * numbers and tab stops work from the start side; its fragments are mirrored back when finished.
 */
import { resolveBidiParagraph, visualOrder, type BidiParagraph } from '../../text';
import type { EverySpanField, Span } from './itemize';
import { makeGlyphFragment, type Fragment, type GlyphFragment } from './fragments';
import { splitGlyphPiece, type Piece } from './pieces';

/** Characters that make a left-to-right paragraph need the algorithm (R, AL, AN and explicit controls). */
const RTL_CHARS = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u200F\u202A-\u202E\u2066-\u2069\u061C]|[\uD802\uD803\uD83A\uD83B]/;

/**
 * Resolves the paragraph's levels (runs in their own direction: `resolveByRuns`), or undefined when
 * everything is left to right, which keeps the common case free. A left-to-right paragraph without
 * right-to-left characters is left alone even when some runs carry w:rtl: stray w:rtl on spaces and
 * punctuation of Latin text is common in documents written with a right-to-left keyboard layout, and
 * LibreOffice ignores it too. `labelEnd`: the end of the list label, which is not a run.
 */
export function resolveParagraphBidi(text: string, spans: readonly Span[], rtlParagraph: boolean, labelEnd = 0): BidiParagraph | undefined {
  if (!rtlParagraph && !RTL_CHARS.test(text)) return undefined;
  const bidi = resolveByRuns(text, spans, rtlParagraph, labelEnd);
  if (!rtlParagraph && bidi.levels.every((l) => l === 0)) return undefined;
  return bidi;
}

const LRE = '\u202A';
const RLE = '\u202B';
const PDF = '\u202C';
const LRI = '\u2066';
const RLI = '\u2067';
const PDI = '\u2069';

/**
 * The paragraph's levels with each run laid out in its own direction, as Word does: runs whose
 * direction (w:rtl or not) differs from the paragraph's are set in an embedding of their direction
 * (RLE / LRE … PDF), consecutive ones in logical order inside one, and each such run is resolved on
 * its own (an isolate, RLI / LRI … PDI), so its numbers do not turn Arabic because of the letters of
 * the run before it. The list label takes the paragraph's direction. Evidence: Word's own drawing of
 * docx4j-arabic_align's page 1 (docProps/thumbnail.emf). In its right-to-left paragraphs, a run
 * without w:rtl holding 'ONE' and Arabic shows ONE on the left; runs 'وثيقة ', 'تجربة :', ' 123456789'
 * end with the number on the right; 'attributes!' keeps its mark on the right. In a left-to-right
 * paragraph, a w:rtl run 'TWO' + Arabic shows the Arabic on the left. Plain UBA, and LibreOffice,
 * give the opposite in all four.
 */
function resolveByRuns(text: string, spans: readonly Span[], rtlParagraph: boolean, labelEnd: number): BidiParagraph {
  const n = text.length;
  const base = rtlParagraph ? 'rtl' : 'ltr';
  // Per unit: in a w:rtl run (its neutrals count as R), and the run it belongs to when that run's
  // direction is not the paragraph's (-1 otherwise, and in the list label).
  let rtlRuns: Uint8Array | undefined;
  const against = new Int32Array(n).fill(-1);
  let anyAgainst = false;
  let runId = -1;
  let last: unknown;
  for (const s of spans) {
    if (s.props !== last) runId++;
    last = s.props;
    const rtl = s.props.rtl === true;
    if (rtl) (rtlRuns ??= new Uint8Array(n)).fill(1, s.start, s.end);
    if (rtl !== rtlParagraph && s.end > labelEnd) {
      against.fill(runId, Math.max(labelEnd, s.start), s.end);
      anyAgainst = true;
    }
  }
  if (!anyAgainst) return resolveBidiParagraph(text, base, rtlRuns ? { rtlRuns } : {});
  // Runs against the paragraph are all of the other direction: one embedding of it around each
  // stretch of them, one isolate around each run.
  const embed = rtlParagraph ? LRE : RLE;
  const isolate = rtlParagraph ? LRI : RLI;
  let out = '';
  const at = new Int32Array(n);
  let open = -1;
  for (let i = 0; i < n; i++) {
    const r = against[i]!;
    if (r !== open) {
      if (open >= 0) out += r >= 0 ? PDI : PDI + PDF;
      else out += embed;
      if (r >= 0) out += isolate;
      open = r;
    }
    at[i] = out.length;
    out += text[i];
  }
  if (open >= 0) out += PDI + PDF;
  let mapped: Uint8Array | undefined;
  if (rtlRuns) {
    mapped = new Uint8Array(out.length);
    for (let i = 0; i < n; i++) mapped[at[i]!] = rtlRuns[i]!;
  }
  const r = resolveBidiParagraph(out, base, mapped ? { rtlRuns: mapped } : {});
  const levels = new Uint8Array(n);
  const classes = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    levels[i] = r.levels[at[i]!]!;
    classes[i] = r.classes[at[i]!]!;
  }
  return { paragraphLevel: r.paragraphLevel, levels, classes };
}

/** Splits spans where the resolved level changes; each part records its level (odd = shaped RTL). */
export function splitSpansAtLevels(spans: readonly Span[], levels: Uint8Array): Span[] {
  const out: Span[] = [];
  for (const s of spans) {
    let from = s.start;
    for (let i = s.start + 1; i <= s.end; i++) {
      if (i < s.end && levels[i] === levels[from]) continue;
      const level = levels[from] ?? 0;
      // Field by field in Span's one order (itemize.ts), not spread: a spread object gets a shape of its own.
      const part: EverySpanField = {
        start: from,
        end: i,
        props: s.props,
        face: s.face,
        shapeKey: (level & 1) === 1 ? s.shapeKey + '|rtl' : s.shapeKey,
        sizePt: s.sizePt,
        risePt: s.risePt,
        color: s.color,
        underline: s.underline,
        strike: s.strike,
        link: s.link,
        revision: s.revision,
        level,
        rubyTopPt: s.rubyTopPt,
      };
      out.push(part);
      from = i;
    }
  }
  return out;
}

/**
 * Level of a fragment: its span's, tabs and breaks at the paragraph level (L1), objects their
 * character's. Math runs left to right: the pieces of an inline equation take the next even level,
 * so in right-to-left text they stay in their order, one left-to-right island.
 */
function levelOf(f: Fragment, bidi: BidiParagraph): number {
  if (f.k === 'glyphs') return f.span.level ?? 0;
  const kind = f.piece.special.kind;
  if (kind === 'object' || kind === 'checkBox' || kind === 'combined' || kind === 'upright') return bidi.levels[f.piece.start] ?? bidi.paragraphLevel;
  if (kind === 'math') return ((bidi.levels[f.piece.start] ?? bidi.paragraphLevel) + 1) & ~1;
  return bidi.paragraphLevel;
}

/**
 * Splits a glyph fragment before glyph `g` (logical order), keeping its stretched advances; `piece`
 * is the piece it was made from (each part's hanging width is that of the piece's own advances).
 */
function splitFragment(f: GlyphFragment, piece: Piece, g: number, text: string): [GlyphFragment, GlyphFragment] {
  if (piece.k !== 'glyphs') throw new Error('A glyph fragment comes from a glyph piece.');
  const [a, b] = splitGlyphPiece(piece, g, text);
  const adv1 = f.advances.slice(0, g);
  const adv2 = f.advances.slice(g);
  const w1 = adv1.reduce((s, v) => s + v, 0);
  return [makeGlyphFragment(a, f.x, adv1, w1), makeGlyphFragment(b, f.x + w1, adv2, f.width - w1)];
}

/** Index of the first trailing space glyph of a fragment (logical order), or the glyph count. */
function trailingSpaceStart(p: GlyphFragment, text: string): number {
  let g = p.glyphs.length;
  while (g > 0) {
    const ch = text.charCodeAt(p.start + p.rel[g - 1]!);
    if (ch !== 0x20 && ch !== 0x3000) break;
    g--;
  }
  return g;
}

/**
 * L1: whitespace at the end of the line and before tabs goes to the paragraph level. A fragment
 * whose trailing spaces are at another level is split so the spaces can move on their own.
 * `pieces[k]` is the piece `frags[k]` was made from.
 */
function separateTrailingSpaces(frags: readonly Fragment[], pieces: readonly Piece[], bidi: BidiParagraph, text: string): { frags: Fragment[]; levels: number[] } {
  const out: Fragment[] = [];
  const levels: number[] = [];
  for (let k = 0; k < frags.length; k++) {
    const f = frags[k]!;
    const next = frags[k + 1];
    const beforeSeparator = !next || (next.k === 'special' && next.piece.special.kind !== 'object') || isAllSpace(next, text);
    const level = levelOf(f, bidi);
    if (f.k === 'glyphs' && beforeSeparator && level !== bidi.paragraphLevel) {
      const g = trailingSpaceStart(f, text);
      if (g === 0) {
        out.push(f);
        levels.push(bidi.paragraphLevel);
        continue;
      }
      if (g < f.glyphs.length) {
        const [ink, space] = splitFragment(f, pieces[k]!, g, text);
        out.push(ink, space);
        levels.push(level, bidi.paragraphLevel);
        continue;
      }
    }
    out.push(f);
    levels.push(level);
  }
  return { frags: out, levels };
}

function isAllSpace(f: Fragment, text: string): boolean {
  return f.k === 'glyphs' && trailingSpaceStart(f, text) === 0;
}

/** A fragment with its glyphs in visual order (reversed for an odd level). */
function inVisualOrder(f: Fragment, level: number, x: number): Fragment {
  if (f.k !== 'glyphs') return { ...f, x };
  const odd = (level & 1) === 1;
  return {
    k: 'glyphs',
    x,
    width: f.width,
    span: f.span,
    start: f.start,
    end: f.end,
    glyphs: odd ? f.glyphs.slice().reverse() : f.glyphs,
    advances: odd ? f.advances.slice().reverse() : f.advances,
    rel: odd ? f.rel.slice().reverse() : f.rel,
    trailingSpace: f.trailingSpace,
    leadPt: f.leadPt,
  };
}

/**
 * Positions a line's fragments for display (L1, L2). `startX` is where the line's logical start sits;
 * with `mirrorWidthPt` the line was filled in the mirrored frame of a right-to-left paragraph and
 * the result is turned back into left-to-right x.
 */
export function orderLineFragments(
  frags: readonly Fragment[], pieces: readonly Piece[], bidi: BidiParagraph, text: string, startX: number, mirrorWidthPt?: number,
): Fragment[] {
  const sep = separateTrailingSpaces(frags, pieces, bidi, text);
  const order = visualOrder(sep.levels);
  // In the mirrored frame x grows leftwards: place the visual order from its right end.
  if (mirrorWidthPt !== undefined) order.reverse();
  const placed = new Array<Fragment>(sep.frags.length);
  let x = startX;
  for (const k of order) {
    const f = sep.frags[k]!;
    // A lead (room before a widened ruby base, outside the fragment) goes on its logical start side:
    // the left of a left-to-right fragment, the right of a right-to-left one (mirrored frame: reversed).
    const lead = f.k === 'glyphs' ? f.leadPt ?? 0 : 0;
    const leadFirst = ((sep.levels[k]! & 1) === 0) !== (mirrorWidthPt !== undefined);
    if (leadFirst) x += lead;
    placed[k] = inVisualOrder(f, sep.levels[k]!, mirrorWidthPt !== undefined ? mirrorWidthPt - x - f.width : x);
    x += f.width + (leadFirst ? 0 : lead);
  }
  // Fragments stay in logical order, each at its visual x: the page content then reads in logical
  // order, as Word and LibreOffice write it, which is what text extraction (search, copy) follows.
  return placed;
}
