/**
 * The document's stories besides the body: header and footer parts (§17.10), footnotes and endnotes
 * with their separators (§17.11), and comments (§17.13.4). Each part has its own list counters.
 */
import type { Comment, HeaderFooter, Note } from '../model';
import type { XmlElement } from '../xml';
import { attr, children } from '../xml';
import { readBlocks } from './blocks';
import type { DocxContext, StoryState } from './context';
import { ListCounters } from './list-counters';
import { applyRevisionView } from './revision-view';

/** The part's tree in the document's tracked-changes view (tables and cells of headers, notes and comments too). */
function viewOf(ctx: DocxContext, root: XmlElement | undefined): XmlElement | undefined {
  return root ? applyRevisionView(root, ctx.view) : undefined;
}

/** A fresh story for a part. */
export function newStory(part: string, kind: StoryState['kind']): StoryState {
  return { part, kind, counters: new ListCounters(), fields: [], paragraphs: 0, pendingMarks: [] };
}

/** Reads a header or footer part. */
export function readHeaderFooter(ctx: DocxContext, part: string): HeaderFooter {
  const root = viewOf(ctx, ctx.pkg.xml(part));
  const kind = root?.name === 'w:ftr' ? 'footer' : 'header';
  if (!root) ctx.bag.warn('docx/missing-part', `The ${kind} part ${part} is missing; the section shows no ${kind}.`, { at: part });
  return { part, blocks: root ? readBlocks(ctx, newStory(part, kind), root) : [] };
}

const NOTE_TYPES = new Set(['normal', 'separator', 'continuationSeparator', 'continuationNotice']);

/** Reads footnotes.xml or endnotes.xml. */
export function readNotes(ctx: DocxContext, part: string | undefined, kind: 'footnote' | 'endnote'): Record<string, Note> {
  const out: Record<string, Note> = {};
  if (!part) return out;
  const root = viewOf(ctx, ctx.pkg.xml(part));
  if (!root) return out;
  const story = newStory(part, kind);
  for (const el of children(root, kind === 'footnote' ? 'w:footnote' : 'w:endnote')) {
    const id = attr(el, 'w:id');
    if (id === undefined || id in out) continue;
    const type = attr(el, 'w:type') ?? 'normal';
    story.fields.length = 0;
    out[id] = { id, type: (NOTE_TYPES.has(type) ? type : 'normal') as Note['type'], blocks: readBlocks(ctx, story, el) };
  }
  return out;
}

/** Reads comments.xml. */
export function readComments(ctx: DocxContext, part: string | undefined): Record<string, Comment> {
  const out: Record<string, Comment> = {};
  if (!part) return out;
  const root = viewOf(ctx, ctx.pkg.xml(part));
  if (!root) return out;
  const story = newStory(part, 'comment');
  for (const el of children(root, 'w:comment')) {
    const id = attr(el, 'w:id');
    if (id === undefined || id in out) continue;
    story.fields.length = 0;
    const c: { -readonly [K in keyof Comment]: Comment[K] } = { id, author: attr(el, 'w:author') ?? '', blocks: readBlocks(ctx, story, el as XmlElement) };
    const initials = attr(el, 'w:initials');
    const date = attr(el, 'w:date');
    if (initials) c.initials = initials;
    if (date) c.date = date;
    out[id] = c;
  }
  return out;
}
