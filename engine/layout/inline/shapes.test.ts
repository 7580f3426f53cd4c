// Hot layout objects are made with every field present, in one order, by whichever code makes them:
// V8 then sees one object shape per kind and keeps its optimised code (new combinations of optional
// fields deoptimised the line breaker again and again over a corpus).
import { describe, expect, it } from 'vitest';
import type { RunProps } from '../../model';
import type { Face } from '../faces';
import { withAdvances } from './advances';
import { splitSpansAtLevels } from './bidi';
import type { Span } from './itemize';
import { makeSpecialPiece, type GlyphPiece, type SpecialPiece } from './pieces';
import { padRunBorders } from './run-borders';

const props = { sizePt: 10 } as unknown as RunProps;
const face = { key: 'f' } as unknown as Face;
const SPAN_FIELDS = ['start', 'end', 'props', 'face', 'shapeKey', 'sizePt', 'risePt', 'color', 'underline', 'strike', 'link', 'revision', 'level', 'rubyTopPt'];

describe('span shape', () => {
  it('parts split at bidi levels carry every span field in the one order, values kept', () => {
    const link = { url: 'https://example.com' } as unknown as Span['link'];
    const s: Span = { start: 0, end: 4, props, face, shapeKey: 'k', sizePt: 10, risePt: 0, color: '000000', underline: false, strike: false, link };
    const parts = splitSpansAtLevels([s], Uint8Array.from([0, 0, 1, 1]));
    expect(parts).toHaveLength(2);
    for (const p of parts) expect(Object.keys(p)).toEqual(SPAN_FIELDS);
    expect(parts.map((p) => [p.start, p.end, p.level, p.link])).toEqual([[0, 2, 0, link], [2, 4, 1, link]]);
  });
});

describe('piece shape', () => {
  const span: Span = { start: 0, end: 2, props, face, shapeKey: 'k', sizePt: 10, risePt: 0, color: '000000', underline: false, strike: false };
  const piece: GlyphPiece = { k: 'glyphs', start: 0, end: 2, span, glyphs: [1, 2], advances: [5, 5], rel: [0, 1], width: 10, trailingSpace: 0, leadPt: undefined };

  it('a glyph piece given new advances keeps its fields and their order, with or without a lead', () => {
    const plain = withAdvances(piece, [6, 6], 'ab');
    const led = withAdvances(piece, [6, 6], 'ab', 3);
    expect(Object.keys(plain)).toEqual(Object.keys(piece));
    expect(Object.keys(led)).toEqual(Object.keys(piece));
    expect([plain.width, plain.leadPt, led.width, led.leadPt]).toEqual([12, undefined, 15, 3]);
  });

  it('an object padded for a run border keeps the fields of every special piece', () => {
    const object = { kind: 'object', inline: {}, props: { ...props, border: { style: 'single', widthPt: 1, spacePt: 2, color: '000000' } } } as unknown as SpecialPiece['special'];
    const p = makeSpecialPiece(0, object, 20, 10, 0, undefined, undefined);
    const pieces = [p as GlyphPiece | SpecialPiece];
    padRunBorders(pieces, '\uFFFC');
    const padded = pieces[0] as SpecialPiece;
    expect(Object.keys(padded)).toEqual(Object.keys(p));
    expect(padded.width).toBeGreaterThan(20);
    expect(padded.inset?.left).toBeGreaterThan(0);
  });
});
