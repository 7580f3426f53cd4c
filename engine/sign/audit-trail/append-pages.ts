/**
 * Appends the pages of one PDF to another in an incremental update (ISO 32000-1 §7.5.6): copies
 * each source page and every object it reaches under fresh numbers, resolves inherited attributes
 * (§7.7.3.4), and adds the pages to the target's root page tree node.
 */
import { abort } from '../../core';
import type { PdfDocument, PdfObject, PdfRef } from '../../pdf';
import { copyDict, inheritedAttribute, isArray, isDict, isRef, listPages, pdfArray, pdfDict } from '../../pdf';
import type { UpdateSet } from '../form-update';

const INHERITED = ['Resources', 'MediaBox', 'CropBox', 'Rotate'];
const MAX_COPIED_OBJECTS = 1_000_000;

/** Copies objects of `source` into an update of another document, renumbering references. */
class ObjectCopier {
  private readonly map = new Map<number, PdfRef>();
  private readonly queue: Array<[number, PdfRef]> = [];

  constructor(
    private readonly source: PdfDocument,
    private readonly set: UpdateSet,
  ) {}

  /** The target reference of a source object (allocated on first use, filled by `drain`). */
  refFor(src: PdfRef): PdfRef {
    const hit = this.map.get(src.num);
    if (hit) return hit;
    if (this.map.size >= MAX_COPIED_OBJECTS) abort('sign/too-many-objects', 'The page to append references too many objects.');
    const ref = this.set.alloc.allocate();
    this.map.set(src.num, ref);
    this.queue.push([src.num, ref]);
    return ref;
  }

  /** Copies a direct value, turning references into target references. */
  copy(o: PdfObject, depth = 0): PdfObject {
    if (depth > 100) abort('sign/too-deep', 'An appended page nests objects too deeply.');
    if (o === null || typeof o !== 'object') return o;
    switch (o.kind) {
      case 'ref':
        return this.refFor(o);
      case 'array':
        return pdfArray(o.items.map((x) => this.copy(x, depth + 1)));
      case 'dict': {
        const d = pdfDict();
        for (const [k, v] of o.entries) d.entries.set(k, this.copy(v, depth + 1));
        return d;
      }
      case 'stream': {
        const d = this.copy(o.dict, depth + 1);
        return { kind: 'stream', dict: d as ReturnType<typeof pdfDict>, data: o.data };
      }
      default:
        return o;
    }
  }

  /** Copies every object reached so far (and what they reach). */
  drain(skip: ReadonlySet<number>): void {
    while (this.queue.length > 0) {
      const [num, ref] = this.queue.shift()!;
      if (skip.has(num)) continue;
      this.set.set(ref, this.copy(this.source.getObject(num)));
    }
  }
}

/** Appends every page of `source` after the last page of `set.doc`; returns the new page references. */
export function appendPages(set: UpdateSet, source: PdfDocument): PdfRef[] {
  const target = set.doc;
  const rootRef = target.catalog()?.entries.get('Pages');
  if (!isRef(rootRef)) abort('sign/no-page-tree', 'The document has no page tree to append to.');
  const copier = new ObjectCopier(source, set);
  const pages = listPages(source);
  const pageNums = new Set(pages.map((p) => p.ref.num));
  const added: PdfRef[] = [];
  for (const page of pages) {
    const ref = copier.refFor(page.ref);
    const dict = copyDict(page.dict);
    dict.entries.delete('Parent');
    for (const key of INHERITED) {
      const v = inheritedAttribute(source, page.dict, key);
      if (v !== undefined) dict.entries.set(key, v);
    }
    const copied = copier.copy(dict);
    if (!isDict(copied)) abort('sign/internal', 'A copied page is not a dictionary.');
    copied.entries.set('Parent', rootRef);
    set.set(ref, copied);
    added.push(ref);
  }
  copier.drain(pageNums);
  const current = set.current(rootRef);
  if (!isDict(current)) abort('sign/no-page-tree', 'The root of the page tree is not a dictionary.');
  const root = copyDict(current);
  const kids = target.resolve(root.entries.get('Kids'));
  root.entries.set('Kids', pdfArray([...(isArray(kids) ? kids.items : []), ...added]));
  const count = target.resolve(root.entries.get('Count'));
  root.entries.set('Count', (typeof count === 'number' ? count : listPages(target).length) + added.length);
  set.set(rootRef, root);
  return added;
}
