/**
 * The copies of a loop's content for its second and later repetitions. The content's fields are found
 * once, in a pristine copy; each repetition clones that copy and maps the found fields onto the clone,
 * instead of scanning every clone again (tag isolation, field parsing: most of a loop item's cost).
 * A clone of the pristine copy is exactly what scanning it would meet, so the tokens are the same.
 */
import type { XmlElement, XmlNode } from '../xml';
import { dropOrphanMarks } from './ids';
import { collectTokens, type Token } from './tokens';
import type { Delimiters } from './types';
import { cloneNode, el } from './wml';

/** One repetition's content: a `#fragment` holding it, its fields, and the warnings finding them gave. */
export interface LoopCopy {
  readonly fragment: XmlElement;
  readonly tokens: Token[];
  readonly warnings: ReadonlyArray<readonly [code: string, message: string]>;
}

export class LoopCopies {
  private readonly pristine: XmlElement;
  private readonly tokens: Token[];
  private readonly warnings: Array<[string, string]> = [];
  /** Elements the tokens refer to, each with its copy in the latest clone. */
  private readonly copyOf = new Map<XmlElement, XmlElement>();

  /** `body` must not be changed before this is built (the copies are of its state now). */
  constructor(body: readonly XmlNode[], d: Delimiters) {
    const nodes = body.map((n) => cloneNode(n));
    // What renumbering drops from every copy is dropped before the scan, which would otherwise see it.
    dropOrphanMarks(nodes);
    this.pristine = el('#fragment', {}, nodes);
    this.tokens = collectTokens(this.pristine, d, (code, message) => this.warnings.push([code, message]));
    for (const t of this.tokens) for (const e of referencedElements(t)) this.copyOf.set(e, e);
  }

  /** A new copy (call renumbering on its fragment's children before filling it). */
  next(): LoopCopy {
    const map = this.copyOf;
    const fragment = el('#fragment', {}, this.pristine.children.map((n) => cloneNode(n, map)));
    map.set(this.pristine, fragment);
    const m = (e: XmlElement): XmlElement => map.get(e)!;
    return { fragment, tokens: this.tokens.map((t) => mapToken(t, m)), warnings: this.warnings };
  }
}

function referencedElements(t: Token): XmlElement[] {
  const out = [...t.path, t.node];
  if (t.kind === 'merge') {
    out.push(...t.nodes);
    if (t.codeRPr) out.push(t.codeRPr);
    if (t.resultRPr) out.push(t.resultRPr);
  }
  return out;
}

function mapToken(t: Token, m: (e: XmlElement) => XmlElement): Token {
  const path = t.path.map(m);
  if (t.kind !== 'merge') return { ...t, node: m(t.node), path };
  return {
    ...t,
    node: m(t.node),
    path,
    nodes: t.nodes.map(m),
    ...(t.codeRPr ? { codeRPr: m(t.codeRPr) } : {}),
    ...(t.resultRPr ? { resultRPr: m(t.resultRPr) } : {}),
  };
}
