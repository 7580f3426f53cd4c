/**
 * The reference graph of a revision: which objects are reachable from the trailer, through which
 * catalog entry, and which objects refer to each (ISO 32000-1 §7.3.10). Built lazily — only when a
 * changed object has no specific role, or an overwritten stream must be shown to be used nowhere
 * else (pyHanko's rule against stream overrides, which fault-tolerant viewers make exploitable).
 */
import type { PdfDocument, PdfObject } from '../pdf';
import { isRef } from '../pdf';

/** Reachability and referrers of a revision's objects. */
export interface RefGraph {
  /** Reachable object → the trailer or catalog key it was first reached through. */
  readonly via: ReadonlyMap<number, string>;
  /** Object → the objects whose values contain a reference to it. */
  readonly referrers: ReadonlyMap<number, ReadonlySet<number>>;
  /** True when the walk stopped at its bound; absent objects may then still be reachable. */
  readonly truncated: boolean;
}

const MAX_OBJECTS = 300_000;
const MAX_DEPTH = 64;

/** Walks every object reachable from the trailer. */
export function buildRefGraph(doc: PdfDocument): RefGraph {
  const via = new Map<number, string>();
  const referrers = new Map<number, Set<number>>();
  const queue: number[] = [];
  const visit = (num: number, from: number, label: string): void => {
    let r = referrers.get(num);
    if (!r) referrers.set(num, (r = new Set()));
    if (from >= 0) r.add(from);
    if (via.has(num)) return;
    via.set(num, label);
    queue.push(num);
  };
  const scan = (o: PdfObject | undefined, from: number, label: string, depth: number): void => {
    if (o === null || typeof o !== 'object' || depth > MAX_DEPTH) return;
    if (isRef(o)) visit(o.num, from, label);
    else if (o.kind === 'array') for (const x of o.items) scan(x, from, label, depth + 1);
    else if (o.kind === 'dict') for (const x of o.entries.values()) scan(x, from, label, depth + 1);
    else if (o.kind === 'stream') for (const x of o.dict.entries.values()) scan(x, from, label, depth + 1);
  };
  const trailer = doc.trailer.entries;
  for (const key of ['Root', 'Info']) scan(trailer.get(key), -1, key, 0);
  const rootNum = isRef(trailer.get('Root')) ? (trailer.get('Root') as { num: number }).num : -1;
  let truncated = false;
  for (let i = 0; i < queue.length; i++) {
    if (i >= MAX_OBJECTS) {
      truncated = true;
      break;
    }
    const num = queue[i]!;
    const value = doc.getObject(num);
    if (num === rootNum && value && typeof value === 'object' && value.kind === 'dict') {
      for (const [k, x] of value.entries) scan(x, num, k, 1);
    } else scan(value, num, via.get(num)!, 0);
  }
  return { via, referrers, truncated };
}
