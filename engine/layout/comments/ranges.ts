/**
 * Comment ranges made paragraph-local: a range (w:commentRangeStart..w:commentRangeEnd, §17.13.4.4 and
 * §17.13.4.3) may span paragraphs and table cells, but lines are laid out one paragraph at a time. This
 * pass gives every paragraph inside an open range a start mark at its beginning and an end mark at its
 * end, so each paragraph knows its highlighted stretches alone. It also numbers the comments in order of
 * first appearance, as Word prints them ([AB1], [AB2], ...).
 */
import type { Block, CommentMark, DocModel, Inline, Paragraph, Section } from '../../model';

/** The document with paragraph-local comment ranges, and the comment ids in reading order. */
export interface CommentRanges {
  readonly doc: DocModel;
  readonly order: readonly string[];
  /** Comments with a reference mark (w:commentReference) in the body. */
  readonly referenced: ReadonlySet<string>;
}

/** Makes comment ranges paragraph-local and numbers the comments (ids unknown to the comments part are left alone). */
export function localizeCommentRanges(doc: DocModel): CommentRanges {
  const state: WalkState = { open: [], order: [], seen: new Set(), referenced: new Set(), known: doc.comments };
  const sections: Section[] = doc.sections.map((s) => ({ ...s, blocks: walkBlocks(s.blocks, state) }));
  return { doc: { ...doc, sections }, order: state.order, referenced: state.referenced };
}

interface WalkState {
  /** Ranges open at this point, in the order they opened. */
  open: string[];
  readonly order: string[];
  readonly seen: Set<string>;
  readonly referenced: Set<string>;
  readonly known: DocModel['comments'];
}

function walkBlocks(blocks: readonly Block[], state: WalkState): Block[] {
  return blocks.map((b): Block => {
    if (b.kind === 'paragraph') return walkParagraph(b, state);
    return { ...b, rows: b.rows.map((r) => ({ ...r, cells: r.cells.map((c) => ({ ...c, blocks: walkBlocks(c.blocks, state) })) })) };
  });
}

function walkParagraph(p: Paragraph, state: WalkState): Paragraph {
  const before = state.open.map((id): CommentMark => ({ kind: 'comment', edge: 'start', id }));
  let touched = before.length > 0;
  for (const inline of p.inlines) {
    if (inline.kind !== 'comment' || !Object.hasOwn(state.known, inline.id)) continue;
    touched = true;
    if (!state.seen.has(inline.id)) {
      state.seen.add(inline.id);
      state.order.push(inline.id);
    }
    if (inline.edge === 'reference') state.referenced.add(inline.id);
    else if (inline.edge === 'start' && !state.open.includes(inline.id)) state.open.push(inline.id);
    else if (inline.edge === 'end') state.open = state.open.filter((id) => id !== inline.id);
  }
  if (!touched) return p;
  const after = state.open.map((id): CommentMark => ({ kind: 'comment', edge: 'end', id }));
  const inlines: Inline[] = [...before, ...p.inlines, ...after];
  return { ...p, inlines };
}
