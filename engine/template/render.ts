/**
 * Fills one piece of content with a scope: finds its fields in document order, expands loops and
 * conditions (recursively, each copy with its item's scope), and writes every other field's value.
 */
import { checkCancelled } from '../core';
import type { XmlElement } from '../xml';
import { spend, textWeight, type FillContext } from './context';
import { formatMergeValue, usesCharFormat, usesMergeFormat } from './merge-instruction';
import { chooseExtent, drawingExtent, replacePicture } from './drawing';
import type { FoundValue, Scope } from './scope';
import { controlKeys, readControl } from './sdt';
import { fillControl } from './sdt-fill';
import { expandSection, matchSections } from './sections';
import { collectTokens, sectionOf, type MergeToken, type PictureToken, type SdtToken, type TagToken, type Token } from './tokens';
import { resolveValue, type Resolved } from './values';
import { isImageDataUrl } from './image';
import type { SignatureLabel } from './types';
import { labelRun, replaceNodes, writeAtSite } from './write-value';
import { firstChild } from './wml';

/**
 * Fills every field in `container` (loops expanded) using `scope`; returns how many fields it found.
 * `found`: the container's fields when the caller already has them (a loop copy, see LoopCopies).
 */
export function renderContent(ctx: FillContext, container: XmlElement, scope: Scope, found?: Token[]): number {
  const tokens = found ?? collectTokens(container, ctx.delims, (code, message) => ctx.bag.warn(code, message, { at: ctx.part }));
  const stale = new Set<XmlElement>();
  const closes = matchSections(tokens);
  for (let i = 0; i < tokens.length; i++) {
    checkCancelled(ctx.host);
    const t = tokens[i]!;
    if (isStale(t, stale)) continue;
    const sec = sectionOf(t);
    if (sec) {
      if (sec.kind === 'close') {
        ctx.bag.warn('template/unopened-section', `'${sec.name}' is closed without being opened; the tag was left as it was.`, { at: ctx.part });
        continue;
      }
      const j = closes[i]!;
      if (j < 0) {
        ctx.bag.warn('template/unclosed-section', `'${sec.name}' is opened but never closed in ${ctx.part}; the tag was left as it was.`, { at: ctx.part });
        continue;
      }
      expandSection(ctx, t, tokens[j]!, sec, scope, renderContent);
      i = j;
      continue;
    }
    for (const e of fillToken(ctx, t, scope, tokens[i + 1])) stale.add(e);
  }
  return tokens.length;
}

function isStale(t: Token, stale: Set<XmlElement>): boolean {
  if (stale.size === 0) return false;
  if (stale.has(t.node)) return true;
  for (const p of t.path) if (stale.has(p)) return true;
  return false;
}

function report(ctx: FillContext, t: Token, name: string, filled: boolean): void {
  if (t.fallback) return;
  if (filled) ctx.report.filled(name);
  else ctx.report.missing(name);
}

/** Fills one token; returns elements whose content was replaced. */
function fillToken(ctx: FillContext, t: Token, scope: Scope, next: Token | undefined): XmlElement[] {
  switch (t.kind) {
    case 'tag':
      return fillTag(ctx, t, scope);
    case 'merge':
      return fillMerge(ctx, t, scope);
    case 'sdt':
      return fillSdt(ctx, t, scope, next);
    case 'picture':
      return fillPicture(ctx, t, scope);
  }
}

function missing(ctx: FillContext, t: Token, name: string, parent: XmlElement, nodes: readonly XmlElement[]): XmlElement[] {
  report(ctx, t, name, false);
  if (!ctx.removeMissing) return [];
  replaceNodes(parent, nodes, []);
  return [...nodes];
}

/** Resolves a value and charges its text to the output budget (a long value in a loop adds up). */
function resolveCharged(ctx: FillContext, found: FoundValue): Resolved {
  const r = resolveValue(found, ctx.values);
  const text = r.kind === 'text' ? r.text : r.kind === 'dropdown' ? r.value : '';
  if (text.length > 0) spend(ctx, textWeight(text.length), `the value of '${found.name}'`);
  return r;
}

function fillTag(ctx: FillContext, t: TagToken, scope: Scope): XmlElement[] {
  const parent = t.path[t.path.length - 1]!;
  const found = scope.lookup(t.tag.name);
  if (!found) return missing(ctx, t, t.tag.name, parent, [t.node]);
  const r = resolveCharged(ctx, found);
  const keep = r.kind !== 'text' || r.keepStyles;
  report(ctx, t, t.tag.name, true);
  return writeAtSite(ctx, { parent, nodes: [t.node], path: t.path }, r, keep ? firstChild(t.node, 'w:rPr') : undefined, t.tag.name);
}

function fillMerge(ctx: FillContext, t: MergeToken, scope: Scope): XmlElement[] {
  const parent = t.path[t.path.length - 1]!;
  const name = t.instr.name;
  const found = scope.lookup(name);
  if (!found) return missing(ctx, t, name, parent, t.nodes);
  const r = resolveCharged(ctx, t.instr.image && found.type === undefined ? { ...found, type: 'image' } : found);
  // Word: without \* MERGEFORMAT the result takes the field code's formatting; with it, the previous result's.
  const rPr = usesCharFormat(t.instr) || !usesMergeFormat(t.instr) ? t.codeRPr ?? t.resultRPr : t.resultRPr ?? t.codeRPr;
  const keep = r.kind !== 'text' || r.keepStyles;
  report(ctx, t, name, true);
  return writeAtSite(ctx, { parent, nodes: t.nodes, path: t.path }, r, keep ? rPr : undefined, name, (s) => formatMergeValue(s, t.instr));
}

function lookupControl(scope: Scope, keys: readonly string[], groups: readonly string[]): FoundValue | undefined {
  for (const k of keys) {
    const f = scope.lookup(k);
    if (f) return f;
  }
  for (const g of groups) {
    const f = scope.root.lookupGroup(g) ?? scope.lookup(g);
    if (f) return f;
  }
  return undefined;
}

function fillSdt(ctx: FillContext, t: SdtToken, scope: Scope, next: Token | undefined): XmlElement[] {
  const parent = t.path[t.path.length - 1];
  const info = readControl(t.node, parent);
  if (!info.isField) return [];
  const groups = [info.jsonGroup, info.tag, info.alias].filter((g): g is string => g !== undefined && g.trim() !== '');
  const found = lookupControl(scope, controlKeys(info), groups);
  if (!found) {
    const isContainer = next !== undefined && next.path.includes(t.node);
    if (isContainer || info.type === 'group') return [];
    report(ctx, t, info.name, false);
    if (ctx.removeMissing && parent) {
      replaceNodes(parent, [t.node], []);
      return [t.node];
    }
    return [];
  }
  const r = info.type === 'repeatingSection' ? { kind: 'text' as const, text: '', keepStyles: true } : resolveCharged(ctx, found);
  const ok = fillControl(ctx, info, t.path, r, scope, (c, s) => renderContent(ctx, c, s), found.value);
  if (ok) report(ctx, t, info.name, true);
  return ok ? [t.node] : [];
}

function fillPicture(ctx: FillContext, t: PictureToken, scope: Scope): XmlElement[] {
  let found: FoundValue | undefined;
  for (const n of t.names) {
    found = scope.lookup(n);
    if (found) break;
  }
  const name = t.names[0]!;
  if (!found) {
    if (t.delimited) report(ctx, t, name, false);
    return [];
  }
  const isImage = found.type === 'image' || found.type === 'signature' || (typeof found.value === 'string' && isImageDataUrl(found.value));
  if (!isImage && !t.delimited) return [];
  const r = resolveCharged(ctx, found.type === undefined || found.type === 'text' ? { ...found, type: 'image' } : found);
  if (r.kind !== 'image') {
    ctx.bag.warn('template/type-mismatch', `Picture '${name}' can only take an image; it was left as it was.`, { at: ctx.part });
    return [];
  }
  const rId = ctx.pkg.addImage(ctx.part, r.image.data, r.image.ext);
  replacePicture(t.node, rId, chooseExtent(r.image, r.dims, drawingExtent(t.node), ctx.textWidthEmu));
  addLabels(t, r.top, r.bottom);
  report(ctx, t, name, true);
  return [t.node];
}


/** Puts signature labels in runs before and after the picture's run. */
function addLabels(t: PictureToken, top: SignatureLabel | undefined, bottom: SignatureLabel | undefined): void {
  const run = t.path[t.path.length - 1];
  const holder = t.path[t.path.length - 2];
  if (!run || !holder || run.name !== 'w:r') return;
  const rPr = firstChild(run, 'w:rPr');
  const at = holder.children.indexOf(run);
  if (bottom) holder.children.splice(at + 1, 0, labelRun(rPr, bottom, 'bottom'));
  if (top) holder.children.splice(at, 0, labelRun(rPr, top, 'top'));
}
