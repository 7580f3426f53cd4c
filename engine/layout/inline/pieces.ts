/**
 * Shape: styled spans → pieces of positioned glyphs, split at line-break opportunities so the line
 * builder only ever breaks between pieces (or inside one, as an emergency, at a cluster boundary).
 */
import type { ParaContent, Span, Special } from './itemize';

/** Glyphs of one span between two break opportunities. Advances in points, final except justification. */
export interface GlyphPiece {
  readonly k: 'glyphs';
  readonly start: number;
  readonly end: number;
  readonly span: Span;
  readonly glyphs: number[];
  readonly advances: number[];
  /** Absolute text index of each glyph's first character. */
  readonly clusters: number[];
  readonly width: number;
  /** Width of the spaces this piece ends with (they hang past the line end). */
  readonly trailingSpace: number;
}

/** A tab, break or inline object. */
export interface SpecialPiece {
  readonly k: 'special';
  readonly start: number;
  readonly end: number;
  readonly special: Special;
  /** For objects: their size. */
  readonly width: number;
  readonly ascent: number;
  readonly descent: number;
}

/** Any piece. */
export type Piece = GlyphPiece | SpecialPiece;

/** Shapes the spans of a paragraph into pieces in text order. `breaks[i]` ≠ 0 marks an opportunity before i. */
export function shapePieces(content: ParaContent, breaks: Uint8Array): Piece[] {
  const out: Piece[] = [];
  const { text, spans, specials } = content;
  let si = 0;
  let i = 0;
  while (i < text.length) {
    const special = specials.get(i);
    if (special) {
      out.push(specialPiece(i, special));
      i++;
      continue;
    }
    while (si < spans.length && spans[si]!.end <= i) si++;
    const span = spans[si];
    if (!span || span.start > i) {
      // Characters outside every span (cannot happen for itemized content); skip defensively.
      i++;
      continue;
    }
    let end = i + 1;
    while (end < span.end && breaks[end] === 0 && !specials.has(end)) end++;
    out.push(shapeGlyphPiece(text, i, end, span));
    i = end;
  }
  return out;
}

function specialPiece(at: number, special: Special): SpecialPiece {
  if (special.kind === 'object') {
    const { widthPt, heightPt } = special.inline;
    return { k: 'special', start: at, end: at + 1, special, width: widthPt, ascent: heightPt, descent: 0 };
  }
  return { k: 'special', start: at, end: at + 1, special, width: 0, ascent: 0, descent: 0 };
}

/** Shapes text[start, end) of one span into a glyph piece. */
export function shapeGlyphPiece(text: string, start: number, end: number, span: Span): GlyphPiece {
  const str = text.slice(start, end);
  const p = span.props;
  const kern = p.kernMinPt !== undefined && span.sizePt >= p.kernMinPt;
  const shaped = span.face.shape(str, kern, p.ligatures === true, p.rtl);
  const n = shaped.glyphs.length;
  const scale = (span.sizePt / span.face.unitsPerEm) * (p.scalePct / 100);
  const glyphs = new Array<number>(n);
  const advances = new Array<number>(n);
  const clusters = new Array<number>(n);
  let width = 0;
  for (let g = 0; g < n; g++) {
    glyphs[g] = shaped.glyphs[g]!;
    const a = shaped.advances[g]! * scale + p.spacingPt;
    advances[g] = a;
    clusters[g] = start + shaped.clusters[g]!;
    width += a;
  }
  let trailingSpace = 0;
  for (let g = n - 1; g >= 0; g--) {
    const ch = text.charCodeAt(clusters[g]!);
    if (ch !== 0x20 && ch !== 0x3000) break;
    trailingSpace += advances[g]!;
  }
  return { k: 'glyphs', start, end, span, glyphs, advances, clusters, width, trailingSpace };
}

/** Splits a glyph piece at glyph index `g` (a cluster boundary), reshaping nothing. */
export function splitGlyphPiece(piece: GlyphPiece, g: number, text: string): [GlyphPiece, GlyphPiece] {
  const cut = piece.clusters[g] ?? piece.end;
  const make = (from: number, to: number, start: number, end: number): GlyphPiece => {
    const advances = piece.advances.slice(from, to);
    let width = 0;
    for (const a of advances) width += a;
    const clusters = piece.clusters.slice(from, to);
    let trailingSpace = 0;
    for (let k = advances.length - 1; k >= 0; k--) {
      const ch = text.charCodeAt(clusters[k]!);
      if (ch !== 0x20 && ch !== 0x3000) break;
      trailingSpace += advances[k]!;
    }
    return { k: 'glyphs', start, end, span: piece.span, glyphs: piece.glyphs.slice(from, to), advances, clusters, width, trailingSpace };
  };
  return [make(0, g, piece.start, cut), make(g, piece.glyphs.length, cut, piece.end)];
}
