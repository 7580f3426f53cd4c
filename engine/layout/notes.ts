/**
 * Note numbering (§17.11): footnotes and endnotes are numbered in the order their references
 * appear in the body, from w:numStart, formatted with w:numFmt. A custom mark replaces the number.
 */
import type { Block, DocModel, Inline } from '../model';
import { formatPageNumber } from './fields';
import type { NoteCall } from './flow/units';

/** Numbers of the document's notes. */
export interface NoteNumbers {
  /** The printed mark of a note. */
  mark(noteType: 'footnote' | 'endnote', id: string): string;
  /** Endnote ids in reference order. */
  readonly endnoteOrder: readonly string[];
}

/** Numbers every referenced note in body order. */
export function numberNotes(doc: DocModel): NoteNumbers {
  const foot = new Map<string, number>();
  const end = new Map<string, number>();
  const endOrder: string[] = [];
  const visit = (inlines: readonly Inline[]) => {
    for (const i of inlines) {
      if (i.kind === 'noteRef' && i.customMark === undefined) {
        const map = i.noteType === 'footnote' ? foot : end;
        if (!map.has(i.id)) {
          map.set(i.id, map.size);
          if (i.noteType === 'endnote') endOrder.push(i.id);
        }
      } else if (i.kind === 'field') visit(i.result);
      else if (i.kind === 'shape' && i.text) blocks(i.text.blocks);
    }
  };
  const blocks = (list: readonly Block[]) => {
    for (const b of list) {
      if (b.kind === 'paragraph') visit(b.inlines);
      else for (const r of b.rows) for (const c of r.cells) blocks(c.blocks);
    }
  };
  for (const s of doc.sections) blocks(s.blocks);
  const fo = doc.settings.footnotes;
  const eo = doc.settings.endnotes;
  return {
    endnoteOrder: endOrder,
    mark(noteType, id) {
      const map = noteType === 'footnote' ? foot : end;
      const opts = noteType === 'footnote' ? fo : eo;
      const k = map.get(id);
      return k === undefined ? '' : formatPageNumber(opts.start + k, opts.format);
    },
  };
}

/**
 * The notes referenced from blocks (a table row's cells, nested tables included), in order: a row
 * carries them so that they land on its page, as a paragraph line carries its own.
 */
export function noteCallsIn(list: readonly Block[]): NoteCall[] {
  const out: NoteCall[] = [];
  const visit = (inlines: readonly Inline[]) => {
    for (const i of inlines) {
      if (i.kind === 'noteRef') out.push({ noteType: i.noteType, id: i.id });
      else if (i.kind === 'field') visit(i.result);
    }
  };
  const blocks = (bs: readonly Block[]) => {
    for (const b of bs) {
      if (b.kind === 'paragraph') visit(b.inlines);
      else for (const r of b.rows) for (const c of r.cells) blocks(c.blocks);
    }
  };
  blocks(list);
  return out;
}
