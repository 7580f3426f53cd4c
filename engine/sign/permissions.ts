/**
 * Modification permissions that bind a new signature (ISO 32000-1 §12.8.2.2 DocMDP, §12.8.2.4
 * FieldMDP; ISO 32000-2 §12.8.4.5 /Lock /P): signing is refused, with a clear diagnostic, when an
 * earlier certification or field lock forbids further changes.
 */
import type { Diagnostic } from '../core';
import { error } from '../core';
import type { PdfDict, PdfDocument } from '../pdf';
import { isArray, isName } from '../pdf';
import type { FieldInfo } from './fields';

/** The DocMDP permission level of a certified document, or undefined when not certified. */
export function docMdpLevel(doc: PdfDocument): 1 | 2 | 3 | undefined {
  const perms = doc.resolveDict(doc.catalog()?.entries.get('Perms'));
  const sig = doc.resolveDict(perms?.entries.get('DocMDP'));
  if (!sig) return undefined;
  return transformLevel(doc, sig, 'DocMDP') ?? 2;
}

/** The /P of a signature's first /Reference entry with the given transform method. */
function transformLevel(doc: PdfDocument, sig: PdfDict, method: string): 1 | 2 | 3 | undefined {
  const refs = doc.resolve(sig.entries.get('Reference'));
  if (!isArray(refs)) return undefined;
  for (const r of refs.items) {
    const d = doc.resolveDict(r);
    if (!d || !isName(d.entries.get('TransformMethod'), method)) continue;
    const params = doc.resolveDict(d.entries.get('TransformParams'));
    const p = doc.resolve(params?.entries.get('P'));
    // Table 254: /P defaults to 2; values outside 1..3 are treated as the default.
    return p === 1 || p === 3 ? p : 2;
  }
  return undefined;
}

/** What the new signature will do, for the permission check. */
export interface IntendedSignature {
  readonly certify: boolean;
  /** Name of an existing empty signature field to fill, if any. */
  readonly existingField?: string;
}

/** Returns the errors that forbid adding the intended signature (empty when allowed). */
export function checkSigningAllowed(doc: PdfDocument, fields: readonly FieldInfo[], intent: IntendedSignature): Diagnostic[] {
  const errors: Diagnostic[] = [];
  const level = docMdpLevel(doc);
  if (level === 1) {
    errors.push(
      error('sign/docmdp-forbids', 'The document is certified with DocMDP P=1: no changes, not even new signatures, are permitted.', {
        hint: 'Sign the original document before it was certified, or ask the certifier for a version that allows signing (P=2 or P=3).',
      }),
    );
  }
  const signed = fields.filter((f) => f.isSigned);
  if (intent.certify && (signed.length > 0 || level !== undefined)) {
    errors.push(
      error('sign/certify-not-first', 'A certification (DocMDP) signature must be the first signature of a document, and this one is already signed.', {
        hint: 'Add an approval signature instead (leave out --certify).',
      }),
    );
  }
  for (const f of signed) {
    const lock = doc.resolveDict(f.dict.entries.get('Lock'));
    const p = doc.resolve(lock?.entries.get('P'));
    if (p === 1) {
      errors.push(error('sign/field-lock-forbids', `Signature field '${f.name}' locks the document against any change (/Lock /P 1).`, { at: f.name }));
    }
  }
  if (intent.existingField) {
    const f = fields.find((x) => x.name === intent.existingField);
    if (f && f.type !== 'Sig') errors.push(error('sign/not-a-signature-field', `Field '${f.name}' is not a signature field.`, { at: f.name }));
    if (f && f.isSigned) errors.push(error('sign/field-already-signed', `Signature field '${f.name}' is already signed.`, { at: f.name, hint: 'Choose another field name.' }));
  }
  return errors;
}
