/**
 * Per-dictionary change rules: catalog (§7.7.2), interactive form (§12.7.2), page (§7.7.3.3) and
 * field / widget (§12.7.3, §12.5.6.19). Each rule compares the signed and the final version key by
 * key and names the class of every difference; the permission check happens later (mdp.ts).
 */
import type { PdfDict, PdfDocument, PdfObject } from '../pdf';
import { isArray, isDict, isName, isRef } from '../pdf';
import { deepEqual } from './diff';
import type { FormField } from './fields';
import type { RoleMap } from './roles';
import type { RefGraph } from './ref-graph';
import type { ChangeKind } from './types';

/** A classified change with the data the permission check needs. */
export interface Change {
  readonly kind: ChangeKind;
  readonly object?: number;
  readonly description: string;
  /** The form field a form-filling change touches (for FieldMDP). */
  readonly field?: string;
  readonly flag?: FlagName;
}

/** Names of the modification flags (see ModificationFlags). */
export type FlagName = 'contentStreams' | 'xobjects' | 'fonts' | 'optionalContent' | 'pageTree' | 'needAppearances' | 'signatureDictionary' | 'appearanceWithoutValue' | 'xrefRedirect' | 'hiddenDefinitions';

/** What a rule can look at. */
export interface RuleContext {
  readonly before: PdfDocument;
  readonly after: PdfDocument;
  readonly oldRoles: RoleMap;
  readonly newRoles: RoleMap;
  /** Fully qualified names of fields whose value differs between the two revisions. */
  readonly valueChanged: ReadonlySet<string>;
  /** The reference graph of the signed revision (built on first use). */
  readonly oldGraph: () => RefGraph;
}

function changedKeys(a: PdfDict, b: PdfDict): string[] {
  const keys = new Set([...a.entries.keys(), ...b.entries.keys()]);
  return [...keys].filter((k) => !deepEqual(a.entries.get(k), b.entries.get(k), 0));
}

/** Catalog keys and the class of a change to each. */
const CATALOG_KEYS: Record<string, { kind: ChangeKind; flag?: FlagName; what: string }> = {
  DSS: { kind: 'dss', what: 'document security store (DSS) added or updated' },
  Extensions: { kind: 'dss', what: 'extension declarations updated' },
  Version: { kind: 'dss', what: 'PDF version raised' },
  Metadata: { kind: 'metadata', what: 'XMP metadata replaced' },
  Pages: { kind: 'other', flag: 'pageTree', what: 'page tree replaced' },
  OCProperties: { kind: 'other', flag: 'optionalContent', what: 'optional content configuration changed' },
};

/** Changes of the document catalog. */
export function catalogChanges(ctx: RuleContext, num: number, a: PdfDict, b: PdfDict): Change[] {
  const out: Change[] = [];
  for (const key of changedKeys(a, b)) {
    if (key === 'AcroForm') {
      out.push(...acroFormChanges(ctx, num, ctx.before.resolveDict(a.entries.get(key)), ctx.after.resolveDict(b.entries.get(key))));
      continue;
    }
    const rule = CATALOG_KEYS[key];
    out.push({ kind: rule?.kind ?? 'other', object: num, description: `catalog: ${rule?.what ?? `/${key} changed`}`, ...(rule?.flag ? { flag: rule.flag } : {}) });
  }
  return out;
}

function refNums(doc: PdfDocument, o: PdfObject | undefined): number[] {
  const v = doc.resolve(o);
  return isArray(v) ? v.items.filter(isRef).map((r) => r.num) : [];
}

/** Is a field (by its dict) a signature field, and which kind of signature does it hold? */
function signatureKindOf(doc: PdfDocument, d: PdfDict | undefined): 'signature' | 'timestamp' | undefined {
  if (!d) return undefined;
  if (!isName(doc.resolve(d.entries.get('FT')), 'Sig')) return undefined;
  const v = doc.resolveDict(d.entries.get('V'));
  return v && isName(v.entries.get('Type'), 'DocTimeStamp') ? 'timestamp' : 'signature';
}

/** Changes of the interactive form dictionary. */
export function acroFormChanges(ctx: RuleContext, num: number, a: PdfDict | undefined, b: PdfDict | undefined): Change[] {
  if (!a || !b) {
    const kind = b && refNums(ctx.after, b.entries.get('Fields')).every((n) => signatureKindOf(ctx.after, ctx.after.resolveDict({ kind: 'ref', num: n, gen: 0 })));
    return [{ kind: kind ? 'signature' : 'other', object: num, description: a ? 'interactive form removed' : 'interactive form added' }];
  }
  const out: Change[] = [];
  for (const key of changedKeys(a, b)) {
    if (key === 'Fields') out.push(...fieldListChanges(ctx, num, a, b));
    else if (key === 'SigFlags') out.push({ kind: 'signature', object: num, description: 'form: /SigFlags set' });
    else if (key === 'DR' || key === 'DA') out.push({ kind: 'form-filling', object: num, description: `form: default ${key === 'DR' ? 'resources' : 'appearance'} updated` });
    else if (key === 'NeedAppearances') {
      const on = ctx.after.resolve(b.entries.get(key)) === true;
      out.push(on ? { kind: 'other', object: num, flag: 'needAppearances', description: 'form: /NeedAppearances set, so viewers redraw every field' } : { kind: 'form-filling', object: num, description: 'form: /NeedAppearances cleared' });
    } else out.push({ kind: 'other', object: num, description: `form: /${key} changed` });
  }
  return out;
}

function fieldListChanges(ctx: RuleContext, num: number, a: PdfDict, b: PdfDict): Change[] {
  const before = new Set(refNums(ctx.before, a.entries.get('Fields')));
  const after = refNums(ctx.after, b.entries.get('Fields'));
  const out: Change[] = [];
  for (const n of after) {
    if (before.has(n)) continue;
    const kind = signatureKindOf(ctx.after, ctx.after.resolveDict({ kind: 'ref', num: n, gen: 0 }));
    out.push(kind ? { kind, object: n, description: kind === 'timestamp' ? 'document time-stamp field added' : 'signature field added' } : { kind: 'other', object: n, description: 'form field added' });
  }
  for (const n of before) if (!after.includes(n)) out.push({ kind: 'other', object: n, description: 'form field removed' });
  return out;
}

/** Changes of a page dictionary. */
export function pageChanges(ctx: RuleContext, num: number, a: PdfDict, b: PdfDict): Change[] {
  const page = (ctx.oldRoles.pageIndex.get(num) ?? 0) + 1;
  const out: Change[] = [];
  for (const key of changedKeys(a, b)) {
    if (key === 'Annots') out.push(...annotationListChanges(ctx, page, a.entries.get(key), b.entries.get(key)));
    else if (key === 'Contents') out.push({ kind: 'other', object: num, flag: 'contentStreams', description: `page ${page}: /Contents replaced` });
    else if (key === 'Resources') out.push({ kind: 'other', object: num, flag: 'xobjects', description: `page ${page}: /Resources replaced` });
    else out.push({ kind: 'other', object: num, description: `page ${page}: /${key} changed` });
  }
  return out;
}

/** Changes of a page's annotation list (added, removed). */
export function annotationListChanges(ctx: RuleContext, page: number, a: PdfObject | undefined, b: PdfObject | undefined): Change[] {
  const before = new Set(refNums(ctx.before, a));
  const after = refNums(ctx.after, b);
  const out: Change[] = [];
  for (const n of after) {
    if (before.has(n)) continue;
    const d = ctx.after.resolveDict({ kind: 'ref', num: n, gen: 0 });
    const field = ctx.newRoles.fieldByWidget.get(n);
    if (!isName(d?.entries.get('Subtype'), 'Widget')) {
      out.push({ kind: 'annotation', object: n, description: `page ${page}: annotation added` });
    } else if (!field || field.dangling) {
      out.push({ kind: 'annotation', object: n, description: `page ${page}: widget annotation added that belongs to no form field` });
    } else if (field.type === 'Sig') {
      const kind = signatureKindOf(ctx.after, field.dict) ?? 'signature';
      out.push({ kind, object: n, field: field.name, description: `page ${page}: widget of signature field '${field.name}' added` });
    } else {
      out.push({ kind: 'other', object: n, field: field.name, description: `page ${page}: widget of form field '${field.name}' added` });
    }
  }
  for (const n of before) {
    if (after.includes(n)) continue;
    const field = ctx.oldRoles.fieldByWidget.get(n);
    out.push(field ? { kind: 'other', object: n, field: field.name, description: `page ${page}: widget of form field '${field.name}' removed` } : { kind: 'annotation', object: n, description: `page ${page}: annotation removed` });
  }
  return out;
}

/** Field keys whose change is not form filling. */
const FIELD_STRUCTURE = new Set(['FT', 'T', 'Ff', 'DV', 'Parent', 'Kids', 'Opt', 'MaxLen', 'AA', 'A', 'Subtype', 'Type']);

/** Keys that carry a field's value (§12.7.4.4 Table 231: /I and /TI of choice fields follow /V). */
const FIELD_VALUE = new Set(['V', 'I', 'TI', 'RV']);

/** Changes of a field and/or widget dictionary. */
export function fieldChanges(ctx: RuleContext, num: number, field: FormField | undefined, a: PdfDict, b: PdfDict): Change[] {
  const name = field?.name ?? `object ${num}`;
  const out: Change[] = [];
  for (const key of changedKeys(a, b)) {
    if (key === 'V') {
      if (field?.type === 'Sig') {
        const kind = signatureKindOf(ctx.after, b) ?? 'signature';
        out.push(a.entries.has('V') ? { kind: 'other', object: num, field: name, flag: 'signatureDictionary', description: `signature field '${name}' now points to another signature` } : { kind, object: num, field: name, description: `signature field '${name}' signed` });
      } else out.push({ kind: 'form-filling', object: num, field: name, description: `field '${name}' filled in` });
    } else if (FIELD_VALUE.has(key)) {
      out.push({ kind: 'form-filling', object: num, field: name, description: `field '${name}': /${key} updated with its value` });
    } else if (key === 'AP' || key === 'AS') {
      out.push(appearanceChange(ctx, num, field, name));
    } else if (key === 'Lock' || key === 'SV') {
      out.push({ kind: 'signature', object: num, field: name, description: `signature field '${name}': /${key} set` });
    } else if (FIELD_STRUCTURE.has(key)) {
      out.push({ kind: 'other', object: num, field: name, description: `field '${name}': /${key} changed` });
    } else {
      out.push({ kind: 'annotation', object: num, field: name, description: `widget of '${name}': /${key} changed` });
    }
  }
  return out;
}

/** An appearance changed: form filling when the field's value changed too, suspicious otherwise. */
export function appearanceChange(ctx: RuleContext, num: number, field: FormField | undefined, name: string): Change {
  if (field && ctx.valueChanged.has(field.name)) {
    return { kind: field.type === 'Sig' ? 'signature' : 'form-filling', object: num, field: field.name, description: `appearance of field '${name}' updated with its value` };
  }
  if (!field) return { kind: 'annotation', object: num, description: `appearance of annotation ${num} changed` };
  return { kind: 'other', object: num, field: field.name, flag: 'appearanceWithoutValue', description: `appearance of field '${name}' changed although its value did not` };
}

/** Fully qualified names of fields whose value differs (sig fields: signed or re-pointed). */
export function changedFieldValues(before: readonly FormField[], after: readonly FormField[], beforeDoc: PdfDocument, afterDoc: PdfDocument): Set<string> {
  const old = new Map(before.map((f) => [f.name, f]));
  const out = new Set<string>();
  for (const f of after) {
    const o = old.get(f.name);
    if (!o) {
      out.add(f.name);
      continue;
    }
    const a = beforeDoc.resolve(o.value);
    const b = afterDoc.resolve(f.value);
    if (!deepEqual(o.value, f.value, 0) || !deepEqual(a, b, 0)) out.add(f.name);
  }
  return out;
}

/** True for a dictionary value. */
export function asDict(doc: PdfDocument, o: PdfObject | undefined): PdfDict | undefined {
  return isDict(o) ? o : doc.resolveDict(o);
}
