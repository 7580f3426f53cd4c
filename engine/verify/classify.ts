/**
 * Classifies every object changed after a signature by the role it had in the signed revision
 * (roles.ts), rule by rule (classify-rules.ts): DSS / time-stamp updates, signing, form filling,
 * annotations, or other changes — and raises the shadow-attack flags (content streams, XObjects,
 * fonts, optional content, page tree, /NeedAppearances, signature dictionaries, redirections).
 */
import type { PdfDict, PdfObject } from '../pdf';
import { decodeStreamData, isDict, isStream } from '../pdf';
import type { Change, FlagName, RuleContext } from './classify-rules';
import { acroFormChanges, annotationListChanges, appearanceChange, catalogChanges, changedFieldValues, fieldChanges, pageChanges } from './classify-rules';
import type { ObjectChange, RevisionDiff } from './diff';
import type { Role, RoleMap } from './roles';
import type { RefGraph } from './ref-graph';
import { buildRefGraph } from './ref-graph';
import type { ChangeKind, ModificationFlags, ModificationLevel } from './types';
import type { PdfDocument } from '../pdf';

/** Drawing roles: a change to such an object changes what a signed page shows. */
const DRAWING: readonly [Role, FlagName, string][] = [
  ['content', 'contentStreams', 'page content stream'],
  ['xobject', 'xobjects', 'XObject drawn on a page'],
  ['font', 'fonts', 'font used by page content'],
  ['optional-content', 'optionalContent', 'optional content group'],
  ['page-tree', 'pageTree', 'page tree node'],
];

/** The level of a change kind (DocMDP-aligned). */
export function levelOf(kind: ChangeKind): ModificationLevel {
  // Metadata (XMP, /Info) never changes what a page shows; pyHanko whitelists it at the lowest level too.
  if (kind === 'dss' || kind === 'timestamp' || kind === 'metadata') return 'dss';
  if (kind === 'signature' || kind === 'form-filling') return 'form-filling';
  if (kind === 'annotation') return 'annotations';
  return 'other';
}

const ORDER: readonly ModificationLevel[] = ['none', 'dss', 'form-filling', 'annotations', 'other'];

/** The larger of two levels. */
export function maxLevel(a: ModificationLevel, b: ModificationLevel): ModificationLevel {
  return ORDER.indexOf(a) >= ORDER.indexOf(b) ? a : b;
}

/** Ordinal of a level, for comparisons. */
export function levelRank(l: ModificationLevel): number {
  return ORDER.indexOf(l);
}

/** Classifies the changes of a diff. */
export function classifyChanges(diff: RevisionDiff, before: PdfDocument, after: PdfDocument, oldRoles: RoleMap, newRoles: RoleMap): Change[] {
  let graph: RefGraph | undefined;
  const ctx: RuleContext = { before, after, oldRoles, newRoles, valueChanged: changedFieldValues(oldRoles.fields, newRoles.fields, before, after), oldGraph: () => (graph ??= buildRefGraph(before)) };
  const out: Change[] = [];
  for (const c of diff.changes) out.push(...classifyObject(ctx, c));
  if (newRoles.catalogNum && oldRoles.catalogNum && newRoles.catalogNum !== oldRoles.catalogNum) {
    const a = before.catalog();
    const b = after.catalog();
    if (a && b) out.push({ kind: 'other', object: newRoles.catalogNum, description: 'the trailer points to a different catalog object' }, ...catalogChanges(ctx, newRoles.catalogNum, a, b));
  }
  if (diff.hiddenDefinitions.length > 0) {
    const list = diff.hiddenDefinitions.slice(0, 10).join(', ');
    out.push({ kind: 'other', flag: 'hiddenDefinitions', description: `objects ${list} are defined after signing but ignored by the cross-reference table` });
  }
  return out;
}

function dictOf(o: PdfObject | undefined): PdfDict | undefined {
  if (isDict(o)) return o;
  if (isStream(o)) return o.dict;
  return undefined;
}

function classifyObject(ctx: RuleContext, c: ObjectChange): Change[] {
  const roles = ctx.oldRoles.roles.get(c.num);
  if (c.redirectedTo !== undefined) {
    return [{ kind: 'other', object: c.num, flag: 'xrefRedirect', description: `the cross-reference entry of object ${c.num}${roleText(roles)} now points at the bytes of object ${c.redirectedTo}` }];
  }
  if (c.before === undefined) return [];
  if (!roles || roles.size === 0) return unroledChange(ctx, c);
  if (c.freed) {
    if ([...roles].every((r) => r === 'annotation')) return [{ kind: 'annotation', object: c.num, description: `annotation object ${c.num} was deleted` }];
    const drawing = DRAWING.some(([r]) => roles.has(r)) || roles.has('appearance') || roles.has('widget');
    return [{ kind: 'other', object: c.num, ...(drawing ? { flag: 'xrefRedirect' as const } : {}), description: `object ${c.num}${roleText(roles)} was deleted` }];
  }
  for (const [role, flag, what] of DRAWING) {
    if (roles.has(role)) return [{ kind: 'other', object: c.num, flag, description: `${what} (object ${c.num}) changed` }];
  }
  const a = dictOf(c.before);
  const b = dictOf(c.after);
  if (roles.has('signature')) {
    return [{ kind: 'other', object: c.num, flag: 'signatureDictionary', description: `signature dictionary ${c.num} changed` }];
  }
  if (roles.has('catalog') && a && b) return catalogChanges(ctx, c.num, a, b);
  if (roles.has('page') && a && b) return pageChanges(ctx, c.num, a, b);
  if ((roles.has('field') || roles.has('widget')) && a && b) {
    const field = ctx.oldRoles.fieldByWidget.get(c.num) ?? ctx.oldRoles.fields.find((f) => f.num === c.num);
    return fieldChanges(ctx, c.num, field, a, b);
  }
  if (roles.has('appearance')) return appearanceOwnerChanges(ctx, c.num);
  if (roles.has('acroform')) return a && b ? acroFormChanges(ctx, c.num, a, b) : [{ kind: 'form-filling', object: c.num, description: 'form field list or resources updated' }];
  if (roles.has('annotation')) {
    if (!a && !b) return annotationListChanges(ctx, 1 + (ctx.oldRoles.pageIndex.get(c.num) ?? 0), c.before, c.after);
    return [{ kind: 'annotation', object: c.num, description: `annotation ${c.num} changed` }];
  }
  if (roles.has('dss')) return [{ kind: 'dss', object: c.num, description: 'validation data (DSS) updated' }];
  if (roles.has('info')) return [{ kind: 'metadata', object: c.num, description: 'document information dictionary updated' }];
  if (roles.has('metadata')) {
    return looksLikeXmp(c.after)
      ? [{ kind: 'metadata', object: c.num, description: 'XMP metadata updated' }]
      : [{ kind: 'other', object: c.num, description: `the XMP metadata stream (object ${c.num}) was replaced by something that is not XMP` }];
  }
  if (roles.has('resources')) return [{ kind: 'other', object: c.num, flag: 'xobjects', description: `resources of page content (object ${c.num}) changed` }];
  return [{ kind: 'other', object: c.num, description: `object ${c.num}${roleText(roles)} changed` }];
}

/** Classes of changes to reachable objects without a specific role, by the catalog entry they hang from. */
const VIA_KIND: Record<string, ChangeKind> = { Info: 'metadata', DSS: 'dss', AcroForm: 'form-filling' };

/** A changed object with no specific role: harmless when unreachable in the signed revision. */
function unroledChange(ctx: RuleContext, c: ObjectChange): Change[] {
  const g = ctx.oldGraph();
  const via = g.via.get(c.num);
  if (via === undefined) return [];
  const kind = VIA_KIND[via] ?? 'other';
  return [{ kind, object: c.num, description: `object ${c.num} (reached through /${via}) changed` }];
}

function appearanceOwnerChanges(ctx: RuleContext, num: number): Change[] {
  const owners = ctx.oldRoles.appearanceOwners.get(num);
  if (!owners || owners.size === 0) return [{ kind: 'form-filling', object: num, description: `appearance resources (object ${num}) updated` }];
  // An overwritten appearance stream must be used by its widgets' appearance dictionaries only.
  const foreign = [...(ctx.oldGraph().referrers.get(num) ?? [])].filter((r) => !owners.has(r) && !ctx.oldRoles.roles.get(r)?.has('appearance'));
  if (foreign.length > 0) {
    return [{ kind: 'other', object: num, flag: 'xobjects', description: `appearance stream ${num} was overwritten although object ${foreign[0]} also uses it` }];
  }
  const out: Change[] = [];
  for (const w of owners) {
    const field = ctx.oldRoles.fieldByWidget.get(w);
    const change = appearanceChange(ctx, num, field, field?.name ?? `annotation ${w}`);
    out.push(change);
  }
  // The most severe owner decides (an appearance shared with an unchanged field is suspicious).
  out.sort((x, y) => levelRank(levelOf(y.kind)) - levelRank(levelOf(x.kind)));
  return [out[0]!];
}

/** An XMP packet (ISO 16684-1 §7.3): a stream whose XML has an x:xmpmeta (or rdf:RDF) root. */
function looksLikeXmp(o: PdfObject | undefined): boolean {
  if (!isStream(o)) return false;
  try {
    const head = new TextDecoder('latin1').decode(decodeStreamData(o, 16 * 1024 * 1024));
    return /^\s*(<\?xpacket[^>]*>\s*)?<(x:xmpmeta|rdf:RDF)\b/.test(head.replace(/^\uFEFF|^ï»¿/, ''));
  } catch {
    return false;
  }
}

function roleText(roles: ReadonlySet<Role> | undefined): string {
  return roles && roles.size > 0 ? ` (${[...roles].join(', ')})` : '';
}

/** The flags raised by a list of changes. */
export function flagsOf(changes: readonly Change[]): ModificationFlags {
  const has = (f: FlagName): boolean => changes.some((c) => c.flag === f);
  return {
    contentStreams: has('contentStreams'),
    xobjects: has('xobjects'),
    fonts: has('fonts'),
    optionalContent: has('optionalContent'),
    pageTree: has('pageTree'),
    needAppearances: has('needAppearances'),
    signatureDictionary: has('signatureDictionary'),
    appearanceWithoutValue: has('appearanceWithoutValue'),
    xrefRedirect: has('xrefRedirect'),
    hiddenDefinitions: has('hiddenDefinitions'),
  };
}
