/**
 * The object changes that attach a signature field to a document (ISO 32000-1 §12.7.2 AcroForm,
 * §12.5.6.19 widget annotations, §12.8.1 signature fields): a merged field/widget, the page's
 * /Annots, the AcroForm /Fields and /SigFlags, and the catalog when it must change. Existing
 * objects are copied and changed, never edited in place, and written in the incremental update.
 */
import { abort } from '../core';
import type { PdfArray, PdfDict, PdfDocument, PdfObject, PdfRef, UpdateObject } from '../pdf';
import { ObjectAllocator, copyDict, isArray, isDict, isRef, pdfArray, pdfDict, pdfName, pdfText } from '../pdf';

/** Collects changed and new objects for one incremental update. */
export class UpdateSet {
  private readonly objects = new Map<number, UpdateObject>();
  readonly alloc: ObjectAllocator;
  private catalogCopy?: PdfDict;

  constructor(readonly doc: PdfDocument) {
    this.alloc = new ObjectAllocator(doc);
  }

  /** Adds a new object and returns its reference. */
  add(value: PdfObject): PdfRef {
    const ref = this.alloc.allocate();
    this.objects.set(ref.num, { num: ref.num, gen: 0, value });
    return ref;
  }

  /** Sets (or replaces) the value of an object number in this update. */
  set(ref: PdfRef, value: PdfObject): void {
    this.objects.set(ref.num, { num: ref.num, gen: ref.gen, value });
  }

  /** The pending value of an object in this update, or the document's. */
  current(ref: PdfRef): PdfObject {
    const hit = this.objects.get(ref.num);
    return hit ? hit.value : this.doc.resolve(ref);
  }

  /** A writable copy of the catalog, written back on `list()`. */
  catalog(): PdfDict {
    if (!this.catalogCopy) {
      const c = this.doc.catalog();
      if (!c) abort('sign/no-catalog', 'The document has no catalog.');
      this.catalogCopy = copyDict(c);
    }
    return this.catalogCopy;
  }

  /** All objects to write. */
  list(): UpdateObject[] {
    if (this.catalogCopy) {
      const root = this.doc.rootRef();
      if (!root) abort('sign/no-catalog', 'The trailer /Root is not an indirect reference.');
      this.set(root, this.catalogCopy);
    }
    return [...this.objects.values()];
  }
}

/** Appends `item` to an array held at `key` of `dict` (inline or indirect), recording the changes. */
export function appendToArray(set: UpdateSet, dict: PdfDict, key: string, item: PdfObject): void {
  const v = dict.entries.get(key);
  if (isRef(v)) {
    const arr = set.current(v);
    const items = isArray(arr) ? [...arr.items, item] : [item];
    set.set(v, pdfArray(items));
    return;
  }
  dict.entries.set(key, pdfArray(isArray(v) ? [...v.items, item] : [item]));
}

/** The AcroForm dictionary to change, and how to write it back. */
function acroFormForUpdate(set: UpdateSet): { dict: PdfDict; commit: () => void } {
  const catalog = set.doc.catalog()!;
  const acro = catalog.entries.get('AcroForm');
  if (isRef(acro)) {
    const cur = set.current(acro);
    const dict = isDict(cur) ? copyDict(cur) : pdfDict();
    return { dict, commit: () => set.set(acro, dict) };
  }
  const dict = isDict(acro) ? copyDict(acro) : pdfDict({ Fields: pdfArray([]) });
  return {
    dict,
    commit: () => {
      set.catalog().entries.set('AcroForm', set.add(dict));
    },
  };
}

/** Where and how the widget of a new signature field appears. */
export interface WidgetPlacement {
  readonly page: { readonly ref: PdfRef; readonly dict: PdfDict };
  /** Annotation rectangle [x0, y0, x1, y1] in default user space; [0 0 0 0] for invisible. */
  readonly rect: readonly [number, number, number, number];
  /** Normal appearance stream. */
  readonly appearance: PdfRef;
}

/** Adds a new signature field (merged with its widget) pointing to `sigRef`; returns the field reference. */
export function addSignatureField(set: UpdateSet, name: string, sigRef: PdfRef | undefined, placement: WidgetPlacement, lock?: PdfDict): PdfRef {
  const field = pdfDict({
    Type: pdfName('Annot'),
    Subtype: pdfName('Widget'),
    FT: pdfName('Sig'),
    T: pdfText(name),
    V: sigRef,
    // §12.5.3 Table 165: Print (4) + Locked (128).
    F: 132,
    Rect: pdfArray([...placement.rect]),
    P: placement.page.ref,
    AP: pdfDict({ N: placement.appearance }),
    Lock: lock,
  });
  const fieldRef = set.add(field);
  const current = set.current(placement.page.ref);
  const page = copyDict(isDict(current) ? current : placement.page.dict);
  appendToArray(set, page, 'Annots', fieldRef);
  set.set(placement.page.ref, page);
  registerField(set, fieldRef);
  return fieldRef;
}

/** Adds a field to the AcroForm /Fields and sets /SigFlags SignaturesExist|AppendOnly (§12.7.2 Table 219). */
export function registerField(set: UpdateSet, fieldRef: PdfRef): void {
  const { dict, commit } = acroFormForUpdate(set);
  appendToArray(set, dict, 'Fields', fieldRef);
  dict.entries.set('SigFlags', 3);
  commit();
}

/** Points an existing empty signature field at `sigRef`. */
export function fillSignatureField(set: UpdateSet, fieldRef: PdfRef, fieldDict: PdfDict, sigRef: PdfRef, lock?: PdfDict): void {
  const field = copyDict(fieldDict);
  field.entries.set('V', sigRef);
  if (lock && !field.entries.has('Lock')) field.entries.set('Lock', lock);
  set.set(fieldRef, field);
  const { dict, commit } = acroFormForUpdate(set);
  dict.entries.set('SigFlags', 3);
  commit();
}

/** Reads an existing array (inline or indirect) for inspection. */
export function readArray(doc: PdfDocument, o: PdfObject | undefined): PdfArray | undefined {
  const v = doc.resolve(o);
  return isArray(v) ? v : undefined;
}
