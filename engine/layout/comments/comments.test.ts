import { describe, expect, it } from 'vitest';
import type { CommentMark, DocModel, Inline, Paragraph } from '../../model';
import { initialsOf, localizeCommentRanges, stackBalloons } from './index';

const mark = (edge: CommentMark['edge'], id: string): CommentMark => ({ kind: 'comment', edge, id });
const para = (...inlines: Inline[]): Paragraph => ({ kind: 'paragraph', props: {} as Paragraph['props'], inlines, markProps: {} as Paragraph['markProps'], at: 'p' });
const text = (t: string): Inline => ({ kind: 'text', text: t, props: {} as Paragraph['markProps'] });

function doc(...blocks: Paragraph[]): DocModel {
  return {
    sections: [{ props: {}, blocks }],
    comments: { a: { id: 'a', author: 'X', blocks: [] }, b: { id: 'b', author: 'Y', blocks: [] } },
  } as unknown as DocModel;
}

describe('localizeCommentRanges', () => {
  it('closes a range at the end of each paragraph it spans and reopens it at the next', () => {
    const r = localizeCommentRanges(doc(para(text('x'), mark('start', 'a'), text('y')), para(text('z')), para(text('w'), mark('end', 'a'), mark('reference', 'a'))));
    const [p1, p2, p3] = r.doc.sections[0]!.blocks as Paragraph[];
    expect(p1!.inlines.at(-1)).toEqual(mark('end', 'a'));
    expect([p2!.inlines[0], p2!.inlines.at(-1)]).toEqual([mark('start', 'a'), mark('end', 'a')]);
    expect(p3!.inlines[0]).toEqual(mark('start', 'a'));
    expect(p3!.inlines.at(-1)).toEqual(mark('reference', 'a'));
    expect([...r.referenced]).toEqual(['a']);
  });

  it('numbers comments in reading order and ignores ids without a comment', () => {
    const r = localizeCommentRanges(doc(para(mark('start', 'zz'), mark('start', 'b'), mark('start', 'a'), mark('end', 'a'), mark('end', 'b'))));
    expect(r.order).toEqual(['b', 'a']);
    const p = r.doc.sections[0]!.blocks[0] as Paragraph;
    expect(p.inlines).toHaveLength(5);
  });

  it('leaves paragraphs without comments untouched (same object)', () => {
    const p = para(text('plain'));
    expect(localizeCommentRanges(doc(p)).doc.sections[0]!.blocks[0]).toBe(p);
  });
});

describe('stackBalloons', () => {
  it('keeps balloons at their anchors when they fit', () => {
    expect(stackBalloons([100, 200], [20, 20], 0, 700)).toEqual([100, 200]);
  });

  it('pushes a balloon down below the previous one so none overlap', () => {
    const tops = stackBalloons([100, 105, 110], [30, 30, 30], 0, 700);
    for (let i = 1; i < tops.length; i++) expect(tops[i]!).toBeGreaterThanOrEqual(tops[i - 1]! + 30);
  });

  it('moves the stack up from the page foot when it would run off the page', () => {
    const tops = stackBalloons([650, 660, 670], [40, 40, 40], 20, 700);
    expect(tops[2]! + 40).toBeLessThanOrEqual(700);
    expect(tops[1]! + 40).toBeLessThanOrEqual(tops[2]!);
  });
});

describe('stackBalloons when they do not fit', () => {
  it('never overlaps: the last balloons run off the foot instead', () => {
    const tops = stackBalloons([10, 10, 10, 10], [100, 100, 100, 100], 0, 200);
    for (let i = 1; i < tops.length; i++) expect(tops[i]!).toBeGreaterThanOrEqual(tops[i - 1]! + 100);
    expect(tops[0]).toBe(0);
  });
});

describe('initialsOf', () => {
  it('takes the first letter of each word', () => {
    expect(initialsOf('alice  van Smith')).toBe('AVS');
    expect(initialsOf('')).toBe('');
  });
});
