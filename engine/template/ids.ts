/**
 * Document-wide ids that must stay unique when rows, paragraphs or pictures are repeated:
 * drawing object ids (`wp:docPr/@id`, ECMA-376 Part 1 §20.4.2.5), bookmark ids and names
 * (`w:bookmarkStart`, §17.13.6.2), content control ids (`w:sdtPr/w:id`, §17.5.2.18) and paragraph ids
 * (`w14:paraId`, which Word requires unique; clones drop them and Word assigns new ones).
 */
import type { XmlElement, XmlNode } from '../xml';
import { ownAttrs } from './wml';

const INT32_MAX = 0x7fffffff;

/** The elements `renumberOne` changes (others are skipped without a call). */
const RENUMBERED = new Set(['wp:docPr', 'w:bookmarkStart', 'w:bookmarkEnd', 'w:sdtPr', 'w:p', 'w:tr']);

/** Comment anchors: a copy drops them (a comment is anchored once). */
const COMMENT_MARKS = new Set(['w:commentRangeStart', 'w:commentRangeEnd', 'w:commentReference']);

/** Allocates fresh ids after scanning every story part of the package. */
export class IdAllocator {
  private docPr = 0;
  private bookmark = 0;
  private readonly bookmarkNames = new Set<string>();
  private readonly sdtIds = new Set<number>();
  private nextSdt = 1;

  /** Records the ids used in a part. */
  scan(root: XmlElement): void {
    const stack: XmlNode[] = [root];
    while (stack.length) {
      const n = stack.pop()!;
      if (n.kind !== 'element') continue;
      switch (n.name) {
        case 'wp:docPr': {
          const id = Number(n.attrs.id);
          if (Number.isSafeInteger(id) && id > this.docPr) this.docPr = id;
          break;
        }
        case 'w:bookmarkStart':
        case 'w:bookmarkEnd': {
          const id = Number(n.attrs['w:id']);
          if (Number.isSafeInteger(id) && id > this.bookmark) this.bookmark = id;
          if (n.attrs['w:name'] !== undefined) this.bookmarkNames.add(n.attrs['w:name'].toLowerCase());
          break;
        }
        case 'w:sdtPr': {
          const idEl = n.children.find((c): c is XmlElement => c.kind === 'element' && c.name === 'w:id');
          const id = Number(idEl?.attrs['w:val']);
          if (Number.isSafeInteger(id)) this.sdtIds.add(id);
          break;
        }
      }
      for (const c of n.children) if (c.kind === 'element') stack.push(c);
    }
  }

  /** A new drawing object id. */
  nextDocPrId(): number {
    return ++this.docPr;
  }

  /** A new content control id (a signed 32-bit value, unused in the package). */
  nextSdtId(): number {
    while (this.sdtIds.has(this.nextSdt) && this.nextSdt < INT32_MAX) this.nextSdt++;
    this.sdtIds.add(this.nextSdt);
    return this.nextSdt;
  }

  /** Gives fresh ids to a repeated copy of content (see file comment); `copy` is the 1-based repetition. */
  renumberClone(nodes: readonly XmlNode[], copy: number): void {
    const bookmarkMap = new Map<string, string>();
    const all: XmlElement[] = [];
    const { starts, ends } = dropOrphanMarks(nodes, all);
    for (const n of all) this.renumberOne(n, copy, bookmarkMap, starts, ends);
  }

  private renumberOne(n: XmlElement, copy: number, map: Map<string, string>, starts: Set<string>, ends: Set<string>): void {
    if (n.name === 'wp:docPr') {
      ownAttrs(n).id = String(this.nextDocPrId());
    } else if (n.name === 'w:bookmarkStart' || n.name === 'w:bookmarkEnd') {
      const old = n.attrs['w:id'] ?? '';
      if (!(starts.has(old) && ends.has(old))) return;
      let id = map.get(old);
      if (id === undefined) {
        id = String(++this.bookmark);
        map.set(old, id);
      }
      const attrs = ownAttrs(n);
      attrs['w:id'] = id;
      const name = attrs['w:name'];
      if (name !== undefined) attrs['w:name'] = this.uniqueBookmarkName(name, copy);
    } else if (n.name === 'w:sdtPr') {
      const idEl = n.children.find((c): c is XmlElement => c.kind === 'element' && c.name === 'w:id');
      if (idEl) ownAttrs(idEl)['w:val'] = String(this.nextSdtId());
    } else if (n.name === 'w:p' || n.name === 'w:tr') {
      delete n.attrs['w14:paraId'];
      delete n.attrs['w14:textId'];
    }
  }

  private uniqueBookmarkName(name: string, copy: number): string {
    // Bookmark names are at most 40 characters (§17.13.6.2 remarks, as Word enforces).
    const base = name.slice(0, 32);
    let k = copy;
    let candidate = `${base}_${k}`;
    while (this.bookmarkNames.has(candidate.toLowerCase())) candidate = `${base}_${++k}`;
    this.bookmarkNames.add(candidate.toLowerCase());
    return candidate;
  }
}

/**
 * Drops what `renumberClone` drops from a copy (orphan bookmark marks, comment anchors), without new
 * ids; returns the bookmark ids of starts and ends seen, and collects into `renumbered` the elements
 * renumbering changes.
 */
export function dropOrphanMarks(nodes: readonly XmlNode[], renumbered: XmlElement[] = []): { starts: Set<string>; ends: Set<string> } {
  const starts = new Set<string>();
  const ends = new Set<string>();
  let comments = false;
  const stack: XmlNode[] = [...nodes];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.kind !== 'element') continue;
    if (RENUMBERED.has(n.name)) renumbered.push(n);
    if (n.name === 'w:bookmarkStart') starts.add(n.attrs['w:id'] ?? '');
    else if (n.name === 'w:bookmarkEnd') ends.add(n.attrs['w:id'] ?? '');
    else if (COMMENT_MARKS.has(n.name)) comments = true;
    for (const c of n.children) stack.push(c);
  }
  // Most copies have nothing to drop: the second walk is skipped for them.
  const orphan = (a: Set<string>, b: Set<string>) => [...a].some((id) => !b.has(id));
  if (comments || orphan(starts, ends) || orphan(ends, starts)) removeOrphans(nodes, starts, ends);
  return { starts, ends };
}

/** Drops bookmark starts/ends and comment ranges whose partner is outside the copied content. */
function removeOrphans(nodes: readonly XmlNode[], starts: Set<string>, ends: Set<string>): void {
  const keep = (c: XmlNode): boolean => {
    if (c.kind !== 'element') return true;
    if (c.name === 'w:bookmarkStart') return ends.has(c.attrs['w:id'] ?? '');
    if (c.name === 'w:bookmarkEnd') return starts.has(c.attrs['w:id'] ?? '');
    // A comment is anchored once; a copy would reference it twice.
    return !COMMENT_MARKS.has(c.name);
  };
  const stack: XmlNode[] = [...nodes];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.kind !== 'element') continue;
    // Most elements keep all their children: only those that lose one get a new array.
    if (!n.children.every(keep)) n.children = n.children.filter(keep);
    for (const c of n.children) stack.push(c);
  }
}
