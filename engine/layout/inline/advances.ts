/**
 * Advances changed after shaping: a glyph piece's width and hanging space follow its advances, and
 * the stretches that set text to a width of its own (fit-text regions, ruby bases under a wider guide)
 * share out the difference around and between their characters.
 */
import type { RubyAlign } from '../../model';
import type { RubyBase } from './itemize';
import type { GlyphPiece, Piece } from './pieces';

/**
 * Ideographic commas and full stops (full- and half-width). w:overflowPunct (ECMA-376 Part 1
 * §17.3.1.21, on when omitted) lets one of them extend past the line end instead of taking the
 * ideograph before it to the next line, as Word and LibreOffice do for East Asian text.
 */
function isHangingPunctuation(ch: number): boolean {
  return ch === 0x3001 || ch === 0x3002 || ch === 0xff0c || ch === 0xff0e || ch === 0xff61 || ch === 0xff64;
}

/** Width that may hang past the line end: trailing spaces, and a hanging punctuation mark before them. */
export function trailingSpaceOf(text: string, advances: readonly number[], rel: readonly number[], base: number): number {
  let t = 0;
  let g = advances.length - 1;
  for (; g >= 0; g--) {
    const ch = text.charCodeAt(base + rel[g]!);
    if (ch !== 0x20 && ch !== 0x3000) break;
    t += advances[g]!;
  }
  if (g > 0 && isHangingPunctuation(text.charCodeAt(base + rel[g]!))) t += advances[g]!;
  return t;
}

/** A glyph piece with other advances and lead (its width and hanging space follow). */
export function withAdvances(p: GlyphPiece, advances: readonly number[], text: string, leadPt = p.leadPt ?? 0): GlyphPiece {
  let width = leadPt;
  for (const a of advances) width += a;
  // Built field by field in GlyphPiece's one order (see glyphPiece): a spread would make another shape.
  return { k: 'glyphs', start: p.start, end: p.end, span: p.span, glyphs: p.glyphs, advances, rel: p.rel, width, trailingSpace: trailingSpaceOf(text, advances, p.rel, p.start), leadPt: leadPt !== 0 ? leadPt : undefined };
}

/** Room shared out over a stretch of characters: before the first, after each but the last, after the last. */
interface Share {
  readonly lead: number;
  readonly gap: number;
  readonly tail: number;
}

/**
 * How w:rubyAlign (ST_RubyAlign, ECMA-376 Part 1 §17.18.80) places the narrower of a guide and its
 * base over the other, `free` being the difference and `clusters` the narrower's characters:
 * centred, at the left or right, spread to both ends (distributeLetter, centred when alone), or with
 * equal gaps and half a gap at either end (distributeSpace). rightVertical is for vertical text: centred.
 */
export function rubyShare(align: RubyAlign, free: number, clusters: number): Share {
  switch (align) {
    case 'left':
      return { lead: 0, gap: 0, tail: free };
    case 'right':
      return { lead: free, gap: 0, tail: 0 };
    case 'distributeLetter':
      if (clusters > 1) return { lead: 0, gap: free / (clusters - 1), tail: 0 };
      break;
    case 'distributeSpace':
      if (clusters > 0) return { lead: free / clusters / 2, gap: free / clusters, tail: free / clusters / 2 };
      break;
    default:
      break;
  }
  return { lead: free / 2, gap: 0, tail: free / 2 };
}

/** The summed width of pieces [from, to) and how many clusters their glyphs hold. */
function measure(pieces: readonly Piece[], from: number, to: number): { natural: number; clusters: number } {
  let natural = 0;
  let clusters = 0;
  for (let k = from; k < to; k++) {
    const p = pieces[k]!;
    natural += p.width;
    if (p.k === 'glyphs') for (let g = 0; g < p.rel.length; g++) if (g === 0 || p.rel[g] !== p.rel[g - 1]) clusters++;
  }
  return { natural, clusters };
}

/** Adds a share to the glyph pieces of [from, to): the lead to the first, gaps and tail after clusters. */
function spread(pieces: Piece[], from: number, to: number, clusters: number, share: Share, text: string): void {
  let seen = 0;
  let lead = share.lead;
  for (let k = from; k < to; k++) {
    const p = pieces[k]!;
    if (p.k !== 'glyphs') continue;
    const advances = [...p.advances];
    for (let g = 0; g < advances.length; g++) {
      if (g + 1 < advances.length && p.rel[g + 1] === p.rel[g]) continue;
      seen++;
      advances[g] = advances[g]! + (seen < clusters ? share.gap : share.tail);
    }
    pieces[k] = withAdvances(p, advances, text, (p.leadPt ?? 0) + lead);
    lead = 0;
  }
}

/**
 * Manual run width (w:fitText, ECMA-376 Part 1 §17.3.2.14): the characters of a region (adjacent
 * pieces of runs with the same w:id and width, a missing id being 0) keep their advances, and the
 * difference to the region's width goes evenly into the gaps between them, none after the last:
 * Word's renders of Japanese forms set "所在地" in 84 pt as 12 pt ideographs 24 pt apart. Negative
 * when the text is wider, which draws the characters closer.
 */
export function fitTextRegions(pieces: Piece[], text: string): void {
  for (let k = 0; k < pieces.length; ) {
    const first = pieces[k]!;
    const fit = first.k === 'glyphs' ? first.span.props.fitText : undefined;
    let end = k + 1;
    if (fit) {
      while (end < pieces.length && inRegion(pieces[end - 1]!, pieces[end]!)) end++;
      const { natural, clusters } = measure(pieces, k, end);
      const slack = fit.widthPt - natural;
      // One character alone takes the whole slack after it.
      if (clusters > 0) spread(pieces, k, end, clusters, { lead: 0, gap: slack / Math.max(1, clusters - 1), tail: clusters === 1 ? slack : 0 }, text);
    }
    k = end;
  }
}

function inRegion(prev: Piece, next: Piece): boolean {
  if (prev.k !== 'glyphs' || next.k !== 'glyphs' || next.start !== prev.end) return false;
  const a = prev.span.props;
  const b = next.span.props;
  if (a === b) return true;
  return a.fitText !== undefined && a.fitText.id === b.fitText?.id && a.fitText.widthPt === b.fitText.widthPt;
}

/**
 * A phonetic guide wider than its base (w:ruby, §17.3.3.25): Word sets the base across the guide's
 * width by w:rubyAlign, as it sets a narrower guide over its base (rubyShare), instead of letting
 * the guide overhang the text around it; the room before the base is its first piece's lead.
 */
export function widenRubyBases(pieces: Piece[], rubies: readonly RubyBase[] | undefined, text: string): void {
  if (!rubies) return;
  const byStart = [...rubies].sort((a, b) => a.start - b.start);
  let k = 0;
  for (const r of byStart) {
    while (k < pieces.length && pieces[k]!.start < r.start) k++;
    let end = k;
    while (end < pieces.length && pieces[end]!.end <= r.end) end++;
    const { natural, clusters } = measure(pieces, k, end);
    const free = r.guideWidthPt - natural;
    if (free > 0 && clusters > 0) spread(pieces, k, end, clusters, rubyShare(r.guide.align, free, clusters), text);
  }
}
