/**
 * Interactive form fields (ISO 32000-1 §12.7.3): walks the AcroForm field tree to find signature
 * fields, their names and values. Bounded against cycles and depth in hostile files.
 */
import type { PdfDict, PdfDocument, PdfRef } from '../pdf';
import { decodePdfText, isArray, isName, isRef, isString } from '../pdf';

/** One terminal field. */
export interface FieldInfo {
  readonly ref: PdfRef;
  readonly dict: PdfDict;
  /** Fully qualified name (§12.7.3.2): partial names joined with periods. */
  readonly name: string;
  /** Field type, inherited (§12.7.3.1 Table 220): Btn, Tx, Ch or Sig. */
  readonly type?: string;
  /** True for a signature field whose /V is set. */
  readonly isSigned: boolean;
}

const MAX_DEPTH = 32;
const MAX_FIELDS = 100_000;

/** Lists every terminal field of the document's AcroForm. */
export function listFields(doc: PdfDocument): FieldInfo[] {
  const out: FieldInfo[] = [];
  const acro = doc.resolveDict(doc.catalog()?.entries.get('AcroForm'));
  const fields = doc.resolve(acro?.entries.get('Fields'));
  if (!isArray(fields)) return out;
  const seen = new Set<number>();
  const walk = (ref: PdfRef, parentName: string, parentType: string | undefined, depth: number): void => {
    if (depth > MAX_DEPTH || seen.has(ref.num) || out.length >= MAX_FIELDS) return;
    seen.add(ref.num);
    const dict = doc.resolveDict(ref);
    if (!dict) return;
    const t = dict.entries.get('T');
    const partial = isString(t) ? decodePdfText(t) : '';
    const name = partial ? (parentName ? `${parentName}.${partial}` : partial) : parentName;
    const ftObj = dict.entries.get('FT');
    const type = isName(ftObj) ? ftObj.value : parentType;
    const kids = doc.resolve(dict.entries.get('Kids'));
    const fieldKids = isArray(kids) ? kids.items.filter((k): k is PdfRef => isRef(k) && doc.resolveDict(k)?.entries.has('T') === true) : [];
    if (fieldKids.length > 0) {
      for (const k of fieldKids) walk(k, name, type, depth + 1);
      return;
    }
    const v = dict.entries.get('V');
    out.push({ ref, dict, name, ...(type ? { type } : {}), isSigned: type === 'Sig' && v !== undefined && doc.resolve(v) !== null });
  };
  for (const f of fields.items) if (isRef(f)) walk(f, '', undefined, 0);
  return out;
}

/** A field name not yet used: `base1`, `base2`, ... */
export function uniqueFieldName(existing: readonly FieldInfo[], base = 'Signature'): string {
  const names = new Set(existing.map((f) => f.name));
  for (let i = 1; ; i++) if (!names.has(`${base}${i}`)) return `${base}${i}`;
}
