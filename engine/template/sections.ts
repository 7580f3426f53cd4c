/**
 * Loops and conditions: `{{#name}}...{{/name}}` repeats its content once per list item (or shows it
 * once when the value is true), `{{^name}}...{{/name}}` shows it when the value is false or empty.
 * The content is what lies between the tags: runs (both tags in one paragraph), table rows (tags in
 * different rows, or in different cells of one row: that row), or paragraphs and tables. A paragraph
 * holding nothing but a tag disappears with it.
 */
import { abort, type DiagnosticBag } from '../core';
import type { XmlElement, XmlNode } from '../xml';
import { countElements, spend, type FillContext } from './context';
import { isTruthy, type Scope } from './scope';
import { sectionOf, type Token } from './tokens';
import { isBlankParagraph, replaceNodes } from './write-value';
import { LoopCopies } from './loop-copies';
import { el } from './wml';

/** Deepest nesting of loops. */
export const MAX_LOOP_DEPTH = 32;

const BLOCK_CONTAINERS = new Set([
  '#fragment', 'w:body', 'w:tc', 'w:txbxContent', 'w:hdr', 'w:ftr', 'w:footnote', 'w:endnote', 'w:tbl', 'w:tr',
  'w:document', 'w:footnotes', 'w:endnotes', 'w:comment', 'w:docPartBody',
]);

/**
 * For every section-opening token, the index of the token that closes it (same name, nesting
 * counted per name), or -1. One pass with a stack per name, so unclosed tags cost nothing extra.
 */
export function matchSections(tokens: readonly Token[]): Int32Array {
  const match = new Int32Array(tokens.length).fill(-1);
  const open = new Map<string, number[]>();
  tokens.forEach((t, i) => {
    const s = sectionOf(t);
    if (!s) return;
    let stack = open.get(s.name);
    if (s.kind !== 'close') {
      if (!stack) open.set(s.name, (stack = []));
      stack.push(i);
    } else if (stack && stack.length > 0) {
      match[stack.pop()!] = i;
    }
  });
  return match;
}

function isInline(chain: readonly XmlElement[], from: number): boolean {
  for (let i = from; i >= 0; i--) {
    const n = chain[i]!.name;
    if (n === 'w:p') return true;
    if (BLOCK_CONTAINERS.has(n)) return false;
  }
  return false;
}

function markerNodes(t: Token): readonly XmlElement[] {
  return t.kind === 'merge' ? t.nodes : [t.node];
}

function removeMarker(t: Token): void {
  replaceNodes(t.path[t.path.length - 1]!, markerNodes(t), []);
}

/** The scopes to render the section's content with: one per repetition. */
function repetitions(kind: 'open' | 'inverse', value: unknown, exists: boolean, scope: Scope): Scope[] {
  if (kind === 'inverse') return !exists || !isTruthy(value) ? [scope] : [];
  if (!exists) return [];
  if (Array.isArray(value)) return value.map((item) => scope.push(item));
  if (!isTruthy(value)) return [];
  return [typeof value === 'object' && value !== null ? scope.push(value) : scope];
}

/** Expands one section in place. `render` fills each copy (this is how nested sections are reached). */
export function expandSection(
  ctx: FillContext,
  open: Token,
  close: Token,
  sec: { kind: 'open' | 'inverse' | 'close'; name: string },
  scope: Scope,
  render: (ctx: FillContext, container: XmlElement, scope: Scope, tokens?: Token[]) => void,
): void {
  if (scope.depth >= MAX_LOOP_DEPTH) {
    abort('template/too-deep', `Loops are nested more than ${MAX_LOOP_DEPTH} levels deep at '${sec.name}'.`, { hint: 'Flatten the data or the template.' });
  }
  const range = sectionRange(open, close, ctx.bag, ctx.part, sec.name);
  if (!range) return;
  const { parent, first, last, inline } = range;
  const a = parent.children.indexOf(first);
  const b = parent.children.indexOf(last);
  const before = parent.children.slice(0, a);
  const after = parent.children.slice(b + 1);
  const original = parent.children.slice(a, b + 1);
  removeMarker(open);
  removeMarker(close);
  const dropped = new Set<XmlNode>([...markerNodes(open), ...markerNodes(close)]);
  if (!inline) {
    for (const edge of [first, last]) if (edge.name === 'w:p' && isBlankParagraph(edge)) dropped.add(edge);
  }
  const body = original.filter((n) => !dropped.has(n));
  const found = scope.lookup(sec.name);
  if (!open.fallback) {
    if (found) ctx.report.filled(sec.name);
    else ctx.report.missing(sec.name);
  }
  const scopes = repetitions(sec.kind === 'inverse' ? 'inverse' : 'open', found?.value, found !== undefined, scope);
  const elements = body.filter((n): n is XmlElement => n.kind === 'element');
  if (scopes.length > 1) spend(ctx, countElements(elements) * (scopes.length - 1), `loop '${sec.name}'`);
  // Each copy is made just before it is filled (not all up front), so the parts a fill replaces die
  // young instead of being promoted with thousands of waiting copies.
  const copies = scopes.length > 1 ? new LoopCopies(body, ctx.delims) : undefined;
  const result: XmlNode[] = [];
  scopes.forEach((s, i) => {
    if (i === 0 || !copies) {
      const fragment = el('#fragment', {}, body);
      render(ctx, fragment, s);
      result.push(...fragment.children);
      return;
    }
    const copy = copies.next();
    ctx.ids.renumberClone(copy.fragment.children, i + 1);
    for (const [code, message] of copy.warnings) ctx.bag.warn(code, message, { at: ctx.part });
    render(ctx, copy.fragment, s, copy.tokens);
    result.push(...copy.fragment.children);
  });
  parent.children = [...before, ...result, ...after];
}

interface Range {
  readonly parent: XmlElement;
  readonly first: XmlElement;
  readonly last: XmlElement;
  readonly inline: boolean;
}

/** Finds the siblings a section covers, from the lowest common ancestor of its two tags. */
function sectionRange(open: Token, close: Token, bag: DiagnosticBag, part: string, name: string): Range | undefined {
  const chainO = [...open.path, open.node];
  const chainC = [...close.path, close.node];
  let k = 0;
  while (k < chainO.length && k < chainC.length && chainO[k] === chainC[k]) k++;
  if (k === 0 || k >= chainO.length || k >= chainC.length) {
    bag.warn('template/bad-section', `The tags of section '${name}' are nested in each other; it was left as it was.`, { at: part });
    return undefined;
  }
  const lca = chainO[k - 1]!;
  if (lca.name === 'w:tr' && k >= 2) return { parent: chainO[k - 2]!, first: lca, last: lca, inline: false };
  return { parent: lca, first: chainO[k]!, last: chainC[k]!, inline: isInline(chainO, k - 1) };
}
