/**
 * Interning of property elements: identical w:rPr / w:pPr elements (found by a content hash and
 * confirmed by comparison) are read once per document, so the cascade and resolution caches
 * downstream hit by object identity. Documents repeat a few dozen distinct formattings thousands of
 * times; this keeps parsing linear and light. Buckets are bounded, so colliding input stays linear.
 */
import type { XmlElement } from '../xml';
import { unsupported, type DocxContext } from './context';
import { readRawPara, type RawPara } from './para-props';
import { readRawRun, type RawRun } from './run-props';

/** One interned record with the element it was read from (for the equality check on hash hits). */
interface Interned<T> {
  readonly el: XmlElement | undefined;
  readonly raw: T;
  readonly unknown: readonly string[];
}

/** Per-document caches of interned property records, by content hash. */
export interface ParseCaches {
  readonly runs: Map<number, Array<Interned<RawRun>>>;
  readonly paras: Map<number, Array<Interned<RawPara>>>;
}

/** Creates empty caches. */
export function newCaches(): ParseCaches {
  return { runs: new Map(), paras: new Map() };
}

function hashString(h0: number, s: string): number {
  let h = h0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h;
}

/** An FNV-1a hash of an element's content (child names, attributes, text), skipping some children. */
export function elementHash(el: XmlElement, skip?: ReadonlySet<string>, seed = 0x811c9dc5): number {
  let h = seed;
  const kids = el.children;
  // Index loops: this runs for every run and paragraph, and an array iterator allocated when not inlined.
  for (let i = 0; i < kids.length; i++) {
    const c = kids[i]!;
    if (c.kind === 'text') {
      h = hashString(h, c.text);
      continue;
    }
    if (c.kind !== 'element' || (skip && skip.has(c.name))) continue;
    h = hashString(Math.imul(h ^ 60, 16777619), c.name);
    const a = c.attrs;
    for (const k in a) h = hashString(hashString(Math.imul(h ^ 32, 16777619), k), a[k]!);
    if (c.children.length > 0) h = elementHash(c, undefined, Math.imul(h ^ 62, 16777619));
  }
  return h;
}

/** Structural equality of two elements' content, with the same skipped children. */
export function sameContent(a: XmlElement, b: XmlElement, skip?: ReadonlySet<string>): boolean {
  const ac = a.children;
  const bc = b.children;
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < ac.length && isSkipped(ac[i]!, skip)) i++;
    while (j < bc.length && isSkipped(bc[j]!, skip)) j++;
    if (i >= ac.length || j >= bc.length) return i >= ac.length && j >= bc.length;
    const x = ac[i++]!;
    const y = bc[j++]!;
    if (x.kind !== y.kind) return false;
    if (x.kind === 'text') {
      if (x.text !== (y as typeof x).text) return false;
      continue;
    }
    if (x.kind !== 'element' || y.kind !== 'element' || x.name !== y.name || !sameAttrs(x.attrs, y.attrs) || !sameContent(x, y)) return false;
  }
}

function isSkipped(n: XmlElement['children'][number], skip: ReadonlySet<string> | undefined): boolean {
  return n.kind === 'comment' || n.kind === 'pi' || (n.kind === 'element' && skip !== undefined && skip.has(n.name));
}

function sameAttrs(a: Record<string, string>, b: Record<string, string>): boolean {
  let n = 0;
  for (const k in a) {
    if (a[k] !== b[k]) return false;
    n++;
  }
  for (const _k in b) n--;
  return n === 0;
}

/** Entries kept per hash value; beyond it records are read fresh (and downstream caches simply miss). */
const MAX_BUCKET = 16;

const RUN_SKIP = new Set(['w:rPrChange', 'w:ins', 'w:del', 'w:moveFrom', 'w:moveTo']);
const PARA_SKIP = new Set(['w:rPr', 'w:sectPr', 'w:pPrChange']);

/** Looks an element up in a cache: the entry read from equal content, or undefined (with its hash). */
function lookup<T>(cache: Map<number, Array<Interned<T>>>, el: XmlElement | undefined, skip: ReadonlySet<string>, h: number): Interned<T> | undefined {
  const bucket = cache.get(h);
  if (!bucket) return undefined;
  for (let i = 0; i < bucket.length; i++) {
    const e = bucket[i]!;
    if (e.el === el || (e.el && el && sameContent(e.el, el, skip))) return e;
  }
  return undefined;
}

function store<T>(cache: Map<number, Array<Interned<T>>>, h: number, made: Interned<T>): Interned<T> {
  const bucket = cache.get(h);
  if (!bucket) cache.set(h, [made]);
  else if (bucket.length < MAX_BUCKET) bucket.push(made);
  return made;
}

function report(ctx: DocxContext, hit: Interned<unknown>, at: string): void {
  for (let i = 0; i < hit.unknown.length; i++) unsupported(ctx, hit.unknown[i]!, at);
}

/** The interned RawRun of a w:rPr (undefined element → undefined). Unsupported children are reported each time. */
export function internRun(ctx: DocxContext, rPr: XmlElement | undefined, at: string): RawRun | undefined {
  if (!rPr) return undefined;
  const h = elementHash(rPr, RUN_SKIP);
  let hit = lookup(ctx.caches.runs, rPr, RUN_SKIP, h);
  if (!hit) {
    const unknown: string[] = [];
    hit = store(ctx.caches.runs, h, { el: rPr, raw: readRawRun(ctx.env, rPr, (n) => unknown.push(n)), unknown });
  }
  if (hit.unknown.length > 0) report(ctx, hit, at);
  return hit.raw;
}

/**
 * The interned RawPara of a w:pPr (w:rPr, w:sectPr and w:pPrChange are read elsewhere). An absent
 * w:pPr shares this document's empty record (never a module-wide one: downstream caches key on it).
 */
export function internPara(ctx: DocxContext, pPr: XmlElement | undefined, at: string): RawPara {
  const h = pPr ? elementHash(pPr, PARA_SKIP) : 0;
  let hit = lookup(ctx.caches.paras, pPr, PARA_SKIP, h);
  if (!hit) {
    const unknown: string[] = [];
    hit = store(ctx.caches.paras, h, { el: pPr, raw: pPr ? readRawPara(ctx.env, pPr, (n) => unknown.push(n)) : {}, unknown });
  }
  if (hit.unknown.length > 0) report(ctx, hit, at);
  return hit.raw;
}
