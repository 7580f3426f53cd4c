/**
 * Form fields of a revision (ISO 32000-1 §12.7.3): the field tree under /AcroForm /Fields with
 * fully qualified names, inherited /FT and /V, and the widget annotations of each terminal field.
 * Hostile trees (cycles, depth, huge fan-out) are cut with a warning-free bound: verification only
 * needs the fields a real form has.
 */
import type { PdfDict, PdfDocument, PdfObject } from '../pdf';
import { decodePdfText, isArray, isDict, isName, isRef, isString } from '../pdf';

/** One terminal field. */
export interface FormField {
  /** Fully qualified name (§12.7.3.2): partial names joined by periods. */
  readonly name: string;
  /** Object number of the field dictionary (0 when direct). */
  readonly num: number;
  readonly dict: PdfDict;
  /** Inherited field type: Btn, Tx, Ch, Sig. */
  readonly type?: string;
  /** Inherited value. */
  readonly value?: PdfObject;
  /** Object numbers of the widget annotations (the field itself when merged). */
  readonly widgets: readonly number[];
  /** A widget with field entries that the AcroForm does not list (seen only through a page's /Annots). */
  readonly dangling?: boolean;
}

const MAX_DEPTH = 32;
const MAX_FIELDS = 100_000;

/** Lists the terminal fields of a document's AcroForm. */
export function listFormFields(doc: PdfDocument): FormField[] {
  const out: FormField[] = [];
  const acro = doc.resolveDict(doc.catalog()?.entries.get('AcroForm'));
  const fields = doc.resolve(acro?.entries.get('Fields'));
  if (!isArray(fields)) return out;
  const seen = new Set<number>();
  const walk = (o: PdfObject, parentName: string, inherited: { type?: string; value?: PdfObject }, depth: number): void => {
    if (depth > MAX_DEPTH || out.length >= MAX_FIELDS) return;
    const num = isRef(o) ? o.num : 0;
    if (num && seen.has(num)) return;
    if (num) seen.add(num);
    const d = doc.resolveDict(o);
    if (!d) return;
    const t = doc.resolve(d.entries.get('T'));
    const partial = isString(t) ? decodePdfText(t) : undefined;
    const name = partial === undefined ? parentName : parentName ? `${parentName}.${partial}` : partial;
    const ft = doc.resolve(d.entries.get('FT'));
    const here = {
      type: isName(ft) ? ft.value : inherited.type,
      value: d.entries.has('V') ? d.entries.get('V') : inherited.value,
    };
    const kids = doc.resolve(d.entries.get('Kids'));
    const childFields = isArray(kids) ? kids.items.filter((k) => hasPartialName(doc, k)) : [];
    if (childFields.length > 0) {
      for (const k of childFields) walk(k, name, here, depth + 1);
      return;
    }
    const widgets: number[] = [];
    if (isArray(kids)) for (const k of kids.items) if (isRef(k)) widgets.push(k.num);
    if (widgets.length === 0 && num) widgets.push(num);
    out.push({ name, num, dict: d, ...(here.type ? { type: here.type } : {}), ...(here.value !== undefined ? { value: here.value } : {}), widgets });
  };
  for (const f of fields.items.slice(0, MAX_FIELDS)) walk(f, '', {}, 0);
  return out;
}

function hasPartialName(doc: PdfDocument, o: PdfObject): boolean {
  const d = doc.resolveDict(o);
  return !!d && (d.entries.has('T') || (isArray(doc.resolve(d.entries.get('Kids'))) && !isName(d.entries.get('Subtype'), 'Widget')));
}

/** A signature field with its signature dictionary. */
export interface SignatureField {
  readonly field: FormField;
  /** Object number of the signature dictionary (0 when direct). */
  readonly sigNum: number;
  readonly sig: PdfDict;
  /** The field has a /V, but it does not lead to a readable signature dictionary (damaged or deleted). */
  readonly unreadable?: boolean;
}

/** The signed signature fields of a document, in field-tree order. */
export function listSignatureFields(doc: PdfDocument, fields: readonly FormField[] = listFormFields(doc)): { signed: SignatureField[]; unsigned: string[] } {
  const signed: SignatureField[] = [];
  const unsigned: string[] = [];
  for (const f of fields) {
    if (f.type !== 'Sig') continue;
    const v = f.value;
    const sig = isDict(v) ? v : doc.resolveDict(v);
    if (!sig) {
      // A /V that leads nowhere readable is a broken signature, not an empty field.
      if (v !== undefined && v !== null) signed.push({ field: f, sigNum: isRef(v) ? v.num : 0, sig: { kind: 'dict', entries: new Map() }, unreadable: true });
      else unsigned.push(f.name);
      continue;
    }
    signed.push({ field: f, sigNum: isRef(v) ? v.num : 0, sig });
  }
  return { signed, unsigned };
}
