/**
 * Reads block-level content (EG_BlockLevelElts, §17.2): paragraphs, tables, content controls and
 * custom XML (transparent), block-level tracked changes, bookmarks between blocks; and in the
 * `final`/`original` views joins a paragraph whose mark is removed with the next paragraph.
 */
import type { Block, Paragraph } from '../model';
import type { XmlElement } from '../xml';
import { child, textContent } from '../xml';
import { chooseAlternate } from './alternate';
import type { CellFormat } from './cascade';
import { MAX_STORY_DEPTH, unsupported, type DocxContext, type StoryState } from './context';
import { readParagraph } from './paragraph';
import { readTable } from './tables';

/** Where blocks go, and who is told about section breaks (the body only). */
export interface BlockSink {
  blocks: Block[];
  sectionBreak?: (sectPr: XmlElement) => void;
}

const IGNORED_BLOCK = new Set([
  'w:sectPr', 'w:proofErr', 'w:permStart', 'w:permEnd', 'w:moveFromRangeStart', 'w:moveFromRangeEnd', 'w:moveToRangeStart',
  'w:moveToRangeEnd', 'w:customXmlPr', 'w:sdtPr', 'w:sdtEndPr', 'w:customXmlInsRangeStart', 'w:customXmlInsRangeEnd',
  'w:customXmlDelRangeStart', 'w:customXmlDelRangeEnd', 'w:tblPr', 'w:tcPr', 'w:trPr',
]);

/** Reads the blocks of a container (body, cell, header, note, text box). */
export function readBlocks(ctx: DocxContext, story: StoryState, container: XmlElement, cell?: CellFormat, sink?: BlockSink): Block[] {
  const target: BlockSink = sink ?? { blocks: [] };
  if (ctx.depth >= MAX_STORY_DEPTH) {
    ctx.bag.warn('docx/too-deep', `Content nested more than ${MAX_STORY_DEPTH} levels deep is flattened to plain text.`, { at: story.part });
    target.blocks.push(plainParagraph(ctx, story, container));
    return target.blocks;
  }
  ctx.depth++;
  try {
    const state: WalkState = { carry: undefined };
    walk(ctx, story, container, cell, target, state);
    if (state.carry) target.blocks.push(state.carry);
    attachPendingMarks(story, target.blocks);
  } finally {
    ctx.depth--;
  }
  return target.blocks;
}

interface WalkState {
  /** A paragraph whose mark is removed in this view, waiting to be joined with the next paragraph. */
  carry: Paragraph | undefined;
}

function walk(ctx: DocxContext, story: StoryState, container: XmlElement, cell: CellFormat | undefined, sink: BlockSink, state: WalkState): void {
  const kids = container.children;
  for (let i = 0; i < kids.length; i++) {
    const el = kids[i]!;
    if (el.kind !== 'element') continue;
    switch (el.name) {
      case 'w:p': {
        const r = readParagraph(ctx, story, el, cell);
        let p = r.paragraph;
        if (state.carry) {
          p = { ...p, inlines: [...state.carry.inlines, ...p.inlines] };
          state.carry = undefined;
        }
        if (r.joinsNext) state.carry = p;
        else sink.blocks.push(p);
        if (r.sectPr && sink.sectionBreak) sink.sectionBreak(r.sectPr);
        break;
      }
      case 'w:tbl':
        flushCarry(sink, state);
        sink.blocks.push(readTable(ctx, story, el, cell));
        break;
      case 'w:sdt': {
        const content = child(el, 'w:sdtContent');
        if (content) walk(ctx, story, content, cell, sink, state);
        break;
      }
      case 'w:customXml':
        walk(ctx, story, el, cell, sink, state);
        break;
      case 'w:ins':
      case 'w:moveTo':
        if (ctx.view !== 'original') walk(ctx, story, el, cell, sink, state);
        break;
      case 'w:del':
      case 'w:moveFrom':
        if (ctx.view !== 'final') walk(ctx, story, el, cell, sink, state);
        break;
      case 'w:bookmarkStart':
      case 'w:bookmarkEnd':
      case 'w:commentRangeStart':
      case 'w:commentRangeEnd':
        pendingMark(story, el);
        break;
      case 'w:altChunk':
        ctx.bag.warn('docx/alt-chunk', 'Imported content (w:altChunk) is not converted; it is left out.', {
          at: story.part,
          hint: 'Open and save the document in Word to merge the imported content into the document.',
        });
        break;
      case 'mc:AlternateContent': {
        const chosen = chooseAlternate(el);
        if (chosen) walk(ctx, story, chosen, cell, sink, state);
        break;
      }
      default:
        if (IGNORED_BLOCK.has(el.name)) break;
        unsupported(ctx, el, story.part);
        walk(ctx, story, el, cell, sink, state);
    }
  }
}

/** Bookmarks after the last paragraph of a container end that paragraph rather than leak into the next story. */
function attachPendingMarks(story: StoryState, blocks: Block[]): void {
  const last = blocks[blocks.length - 1];
  if (story.pendingMarks.length === 0 || !last || last.kind !== 'paragraph') return;
  blocks[blocks.length - 1] = { ...last, inlines: [...last.inlines, ...story.pendingMarks] };
  story.pendingMarks = [];
}

function flushCarry(sink: BlockSink, state: WalkState): void {
  if (state.carry) {
    sink.blocks.push(state.carry);
    state.carry = undefined;
  }
}

function pendingMark(story: StoryState, el: XmlElement): void {
  const id = el.attrs['w:id'];
  if (id === undefined || story.pendingMarks.length > 10_000) return;
  if (el.name === 'w:bookmarkStart') story.pendingMarks.push({ kind: 'bookmark', edge: 'start', id, name: el.attrs['w:name'] ?? '' });
  else if (el.name === 'w:bookmarkEnd') story.pendingMarks.push({ kind: 'bookmark', edge: 'end', id });
  else story.pendingMarks.push({ kind: 'comment', edge: el.name === 'w:commentRangeStart' ? 'start' : 'end', id });
}

/** Too deeply nested content, kept as one plain paragraph of its text. */
function plainParagraph(ctx: DocxContext, story: StoryState, el: XmlElement): Paragraph {
  const p = readParagraph(ctx, story, { kind: 'element', name: 'w:p', attrs: {}, children: [] }, undefined).paragraph;
  const text = textContent(el);
  return text ? { ...p, inlines: [{ kind: 'text', text, props: p.markProps }] } : p;
}
