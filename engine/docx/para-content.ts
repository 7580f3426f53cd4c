/**
 * Readers for paragraph content (EG_PContent, §17.3.2 and §17.13): hyperlinks, simple fields, tracked
 * insertions/deletions/moves, content controls, custom XML, smart tags, bookmarks, comment ranges, math.
 */
import type { XmlElement } from '../xml';
import { attr, child } from '../xml';
import { revisionOf, type FieldFrame } from './context';
import { buildField } from './field-state';
import { hyperlinkTarget, parseInstruction } from './fields';
import type { InlineReader } from './inline-reader';
import { noteListNumStart } from './listnum-field';
import { readMath } from './math';

/** A paragraph content reader. */
export type ParaContentReader = (r: InlineReader, el: XmlElement) => void;

/** w:hyperlink (§17.16.22): r:id → external URL (with w:anchor as fragment), or w:anchor → bookmark. */
function hyperlink(r: InlineReader, el: XmlElement): void {
  const saved = r.link;
  const id = attr(el, 'r:id');
  const anchor = attr(el, 'w:anchor');
  const rel = id ? r.ctx.pkg.rels(r.story.part).get(id) : undefined;
  if (rel) r.link = { url: anchor ? `${rel.target}#${anchor}` : rel.target };
  else if (anchor) r.link = { anchor };
  r.content(el);
  r.flushText();
  r.link = saved;
}

/** w:fldSimple (§17.16.19): instruction in w:instr, cached result as content (read through a field frame). */
function fldSimple(r: InlineReader, el: XmlElement): void {
  const raw = attr(el, 'w:instr') ?? '';
  r.flushText();
  const lock = attr(el, 'w:fldLock');
  const frame: FieldFrame = {
    instruction: raw, state: 'result', result: [], props: r.props(), flushed: false, inParentInstruction: false,
    ...(r.revision ? { revision: r.revision } : {}), ...(lock === '1' || lock === 'true' ? { locked: true } : {}),
  };
  const instruction = parseInstruction(raw);
  if (instruction.name === 'HYPERLINK') {
    const link = hyperlinkTarget(instruction);
    if (link) frame.link = link;
  }
  const depth = r.story.fields.length;
  r.story.fields.push(frame);
  r.content(el);
  r.flushText();
  r.story.fields.length = depth;
  if (depth === 0) noteListNumStart(r.story, raw, r.out);
  const field = buildField(r.ctx, frame, r.at, false, r.story);
  if (field) r.emit(field);
}

/** w:ins / w:moveTo: kept (marked in markup view), dropped in the original view (§17.13.5). */
function inserted(type: 'insert' | 'moveTo'): ParaContentReader {
  return (r, el) => {
    if (r.ctx.view === 'original') return;
    const saved = r.revision;
    if (r.ctx.view === 'markup') r.revision = revisionOf(r.ctx, type, el);
    r.content(el);
    r.flushText();
    r.revision = saved;
  };
}

/** w:del / w:moveFrom: dropped in the final view, kept (marked in markup view) otherwise. */
function deleted(type: 'delete' | 'moveFrom'): ParaContentReader {
  return (r, el) => {
    if (r.ctx.view === 'final') return;
    const saved = r.revision;
    if (r.ctx.view === 'markup') r.revision = revisionOf(r.ctx, type, el);
    r.content(el);
    r.flushText();
    r.revision = saved;
  };
}

const transparent: ParaContentReader = (r, el) => r.content(el);

/** w:sdt (§17.5.2): the content flows as if there were no control; placeholder text is in the content. */
function sdt(r: InlineReader, el: XmlElement): void {
  const content = child(el, 'w:sdtContent');
  if (content) r.content(content);
}

/** One reader per paragraph content element. */
export const PARA_CONTENT: Record<string, ParaContentReader> = {
  'w:r': (r, el) => r.run(el),
  'w:hyperlink': hyperlink,
  'w:fldSimple': fldSimple,
  'w:ins': inserted('insert'),
  'w:moveTo': inserted('moveTo'),
  'w:del': deleted('delete'),
  'w:moveFrom': deleted('moveFrom'),
  'w:smartTag': transparent,
  'w:customXml': transparent,
  'w:dir': transparent,
  'w:bdo': transparent,
  'w:sdt': sdt,
  'w:bookmarkStart': (r, el) => {
    const id = attr(el, 'w:id');
    if (id !== undefined) r.emit({ kind: 'bookmark', edge: 'start', id, name: attr(el, 'w:name') ?? '' });
  },
  'w:bookmarkEnd': (r, el) => {
    const id = attr(el, 'w:id');
    if (id !== undefined) r.emit({ kind: 'bookmark', edge: 'end', id });
  },
  'w:commentRangeStart': (r, el) => {
    const id = attr(el, 'w:id');
    if (id !== undefined) r.emit({ kind: 'comment', edge: 'start', id });
  },
  'w:commentRangeEnd': (r, el) => {
    const id = attr(el, 'w:id');
    if (id !== undefined) r.emit({ kind: 'comment', edge: 'end', id });
  },
  'm:oMath': (r, el) => readMath(r, el, false),
  'm:oMathPara': (r, el) => readMath(r, el, true),
};
