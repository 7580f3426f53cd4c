/**
 * `{{name}}` placeholders: parsing a tag, and isolating every tag of a paragraph into a run of its
 * own even when Word split it across runs, proofing marks (`w:proofErr`, §17.13.8.2), bookmarks
 * (`w:bookmarkStart`, §17.13.6.2) or `w:lastRenderedPageBreak`. The first run's formatting is kept.
 */
import type { XmlElement, XmlNode } from '../xml';
import { cloneNode, el, makeT, tText } from './wml';
import type { Delimiters } from './types';

/** A parsed tag: a value, a section start (`#`), an inverted section (`^`) or a section end (`/`). */
export interface ParsedTag {
  readonly kind: 'value' | 'open' | 'inverse' | 'close';
  readonly name: string;
}

const OPAQUE = '\uFFFC';
/** Containers whose runs flow as one text with their neighbours. */
const TRANSPARENT = new Set(['w:hyperlink', 'w:smartTag', 'w:ins', 'w:customXml', 'w:dir', 'w:bdo', 'w:moveTo']);
/** Run children that are not text and do not break a tag. */
const RUN_TRANSPARENT = new Set(['w:rPr', 'w:lastRenderedPageBreak']);
/** Deleted content: never part of the visible text. */
const SKIPPED = new Set(['w:del', 'w:moveFrom', 'w:pPr']);
const MAX_TAG_CHARS = 256;

/** Parses `text` as one whole tag (delimiters included), or undefined. */
export function parseTag(text: string, d: Delimiters): ParsedTag | undefined {
  if (text.length > MAX_TAG_CHARS + d.start.length + d.end.length) return undefined;
  if (!text.startsWith(d.start) || !text.endsWith(d.end) || text.length < d.start.length + d.end.length + 1) return undefined;
  const inner = text.slice(d.start.length, text.length - d.end.length).trim();
  if (inner.length === 0) return undefined;
  const c = inner[0];
  const kind = c === '#' ? 'open' : c === '^' ? 'inverse' : c === '/' ? 'close' : 'value';
  const name = (kind === 'value' ? inner : inner.slice(1)).trim();
  if (!isTagName(name, d)) return undefined;
  return { kind, name };
}

function isTagName(name: string, d: Delimiters): boolean {
  if (name.length === 0 || name.length > MAX_TAG_CHARS) return false;
  if (/[<>"\n\t\uFFFC]/.test(name)) return false;
  return !name.includes(d.start) && !name.includes(d.end) && !name.includes(d.start[0]!) && !name.includes(d.end[d.end.length - 1]!);
}

/** The tag an isolated tag run holds (a run whose only text child is one whole tag), or undefined. */
export function tagOfRun(run: XmlElement, d: Delimiters): ParsedTag | undefined {
  let t: XmlElement | undefined;
  for (const c of run.children) {
    if (c.kind !== 'element') continue;
    if (RUN_TRANSPARENT.has(c.name)) continue;
    if (c.name !== 'w:t' || t) return undefined;
    t = c;
  }
  return t ? parseTag(tText(t), d) : undefined;
}

interface Segment {
  readonly start: number;
  readonly text: string;
  /** The w:t element, or undefined for an opaque item. */
  readonly t: XmlElement | undefined;
  readonly run: XmlElement | undefined;
  readonly parent: XmlElement | undefined;
}

function collectSegments(p: XmlElement): { segments: Segment[]; text: string } {
  const segments: Segment[] = [];
  let text = '';
  const push = (s: string, t?: XmlElement, run?: XmlElement, parent?: XmlElement) => {
    segments.push({ start: text.length, text: s, t, run, parent });
    text += s;
  };
  let fieldDepth = 0;
  const visit = (container: XmlElement): void => {
    for (const c of container.children) {
      if (c.kind !== 'element' || SKIPPED.has(c.name)) continue;
      if (c.name === 'w:r') {
        for (const rc of c.children) {
          if (rc.kind !== 'element' || RUN_TRANSPARENT.has(rc.name)) continue;
          if (rc.name === 'w:fldChar') {
            const type = rc.attrs['w:fldCharType'];
            fieldDepth = Math.max(0, fieldDepth + (type === 'begin' ? 1 : type === 'end' ? -1 : 0));
            push(OPAQUE);
          } else if (rc.name === 'w:t' && fieldDepth === 0) push(tText(rc), rc, c, container);
          else push(OPAQUE);
        }
      } else if (TRANSPARENT.has(c.name)) visit(c);
      else if (c.name === 'w:sdt') {
        push(OPAQUE);
        const content = c.children.find((x): x is XmlElement => x.kind === 'element' && x.name === 'w:sdtContent');
        if (content) visit(content);
        push(OPAQUE);
      } else if (c.name === 'w:proofErr' || c.name === 'w:bookmarkStart' || c.name === 'w:bookmarkEnd' || c.name.startsWith('w:commentRange') || c.name.startsWith('w:perm')) {
        continue;
      } else push(OPAQUE);
    }
  };
  visit(p);
  return { segments, text };
}

/**
 * Rewrites a paragraph so each tag sits alone in one run. Returns the number of tags found.
 * The paragraph's visible text is unchanged; only run boundaries move. Tags are found on the text
 * first, then isolated from last to first, so one pass over the runs serves every tag (earlier text
 * and the runs holding it are never moved by a later tag's isolation).
 */
export function isolateTags(p: XmlElement, d: Delimiters): number {
  const { segments, text } = collectSegments(p);
  if (text.indexOf(d.start) === -1) return 0;
  const tags: Array<[number, number]> = [];
  let pos = 0;
  for (;;) {
    let s = text.indexOf(d.start, pos);
    if (s === -1) break;
    const e = text.indexOf(d.end, s + d.start.length);
    if (e === -1) break;
    const inner = text.lastIndexOf(d.start, e - 1);
    if (inner > s && inner + d.start.length <= e) s = inner;
    const end = e + d.end.length;
    if (parseTag(text.slice(s, end), d)) {
      tags.push([s, end]);
      pos = end;
    } else pos = s + 1;
  }
  const edits: Edits = new Map();
  for (let k = tags.length - 1; k >= 0; k--) {
    const [s, end] = tags[k]!;
    if (!isIsolated(segments, s, end)) isolate(segments, s, end, text.slice(s, end), edits);
  }
  applyEdits(edits);
  return tags.length;
}

/** Run-level changes per parent, applied in one pass each (thousands of tags stay linear). */
type Edits = Map<XmlElement, Map<XmlElement, { keep: boolean; after: XmlElement[] }>>;

function editOf(edits: Edits, parent: XmlElement, run: XmlElement): { keep: boolean; after: XmlElement[] } {
  let m = edits.get(parent);
  if (!m) edits.set(parent, (m = new Map()));
  let e = m.get(run);
  if (!e) m.set(run, (e = { keep: true, after: [] }));
  return e;
}

function applyEdits(edits: Edits): void {
  for (const [parent, m] of edits) {
    const out: XmlNode[] = [];
    for (const c of parent.children) {
      const e = c.kind === 'element' ? m.get(c) : undefined;
      if (!e) {
        out.push(c);
        continue;
      }
      if (e.keep) out.push(c);
      for (const a of e.after) out.push(a);
    }
    parent.children = out;
  }
}

function segmentAt(segments: readonly Segment[], offset: number): number {
  let lo = 0;
  let hi = segments.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (segments[mid]!.start <= offset) lo = mid;
    else hi = mid - 1;
  }
  while (lo < segments.length - 1 && segments[lo]!.text.length === 0) lo++;
  return lo;
}

function isIsolated(segments: readonly Segment[], s: number, end: number): boolean {
  const seg = segments[segmentAt(segments, s)]!;
  if (seg.start !== s || seg.text.length !== end - s || !seg.run || !seg.t) return false;
  return seg.run.children.every((c) => c === seg.t || c.kind !== 'element' || RUN_TRANSPARENT.has(c.name));
}

function setText(t: XmlElement, text: string): void {
  const fresh = makeT(text);
  t.attrs = fresh.attrs;
  t.children = fresh.children;
}

function isolate(segments: readonly Segment[], s: number, end: number, tagText: string, edits: Edits): void {
  const i = segmentAt(segments, s);
  const j = segmentAt(segments, end - 1);
  const first = segments[i]!;
  const offset = s - first.start;
  const emptied: Segment[] = [];
  if (i !== j) {
    setText(first.t!, tText(first.t!).slice(0, offset) + tagText);
    for (let k = i + 1; k <= j; k++) {
      const seg = segments[k]!;
      if (!seg.t) continue;
      // Live text: a later tag may already have cut this run after our end.
      const rest = k === j ? tText(seg.t).slice(end - seg.start) : '';
      setText(seg.t, rest);
      if (rest === '') emptied.push(seg);
    }
  }
  splitRun(first.run!, first.t!, offset, offset + tagText.length, editOf(edits, first.parent!, first.run!));
  for (const seg of emptied) {
    seg.run!.children = seg.run!.children.filter((c) => c !== seg.t);
    const hasContent = seg.run!.children.some((c) => c.kind === 'element' && c.name !== 'w:rPr');
    if (!hasContent) editOf(edits, seg.parent!, seg.run!).keep = false;
  }
}

/**
 * Splits `run` around characters [from, to) of its text element `t` so that range gets a run of its
 * own. The original run keeps what precedes the range (so text before it stays where it was).
 */
function splitRun(run: XmlElement, t: XmlElement, from: number, to: number, edit: { after: XmlElement[] }): void {
  const text = tText(t);
  const rPr = run.children.find((c): c is XmlElement => c.kind === 'element' && c.name === 'w:rPr');
  const at = run.children.indexOf(t);
  const after = run.children.slice(at + 1);
  const head = text.slice(0, from);
  const tail = text.slice(to);
  const shell = (content: XmlNode[]): XmlElement => el('w:r', { ...run.attrs }, rPr ? [cloneNode(rPr), ...content] : content);
  const hasBefore = run.children.slice(0, at).some((c) => c.kind === 'element' && c !== rPr);
  const inserted: XmlElement[] = [];
  if (head !== '' || hasBefore) {
    run.children = run.children.slice(0, head !== '' ? at + 1 : at);
    if (head !== '') setText(t, head);
    inserted.push(shell([makeT(text.slice(from, to))]));
  } else {
    run.children = run.children.slice(0, at + 1);
    setText(t, text.slice(from, to));
  }
  if (after.some((c) => c.kind === 'element') || tail !== '') inserted.push(shell([...(tail !== '' ? [makeT(tail)] : []), ...after]));
  // Runs split off for a tag further left come before those split off for tags further right.
  edit.after.unshift(...inserted);
}

/** Parses a delimiter option (`'{{ }}'`, `'{ }'`, or an object) into start and end. */
export function resolveDelimiters(option: Delimiters | string | undefined): Delimiters | undefined {
  if (option === undefined) return { start: '{{', end: '}}' };
  if (typeof option === 'string') {
    const parts = option.trim().split(/\s+/);
    if (parts.length !== 2) return undefined;
    return validDelimiters({ start: parts[0]!, end: parts[1]! });
  }
  return validDelimiters(option);
}

function validDelimiters(d: Delimiters): Delimiters | undefined {
  if (typeof d.start !== 'string' || typeof d.end !== 'string') return undefined;
  if (d.start.length === 0 || d.end.length === 0 || d.start.length > 8 || d.end.length > 8) return undefined;
  if (/[\s<>&"]/.test(d.start + d.end)) return undefined;
  return { start: d.start, end: d.end };
}
