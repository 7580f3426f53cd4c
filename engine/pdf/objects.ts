/**
 * PDF object model (ISO 32000-1 §7.3): plain tagged data, so objects can cross worker boundaries.
 *
 * Numbers are plain JavaScript numbers; `null`, booleans likewise. Everything else carries a `kind`.
 */

/** A name object (§7.3.5), stored decoded (`#20` escapes resolved). */
export interface PdfName {
  readonly kind: 'name';
  readonly value: string;
}

/** A string object (§7.3.4): raw bytes, and whether it was written in hex form. */
export interface PdfString {
  readonly kind: 'string';
  readonly bytes: Uint8Array;
  readonly hex: boolean;
}

/** An indirect reference `num gen R` (§7.3.10). */
export interface PdfRef {
  readonly kind: 'ref';
  readonly num: number;
  readonly gen: number;
}

/** An array object (§7.3.6). */
export interface PdfArray {
  readonly kind: 'array';
  readonly items: PdfObject[];
}

/** A dictionary object (§7.3.7); keys are decoded names without the slash. */
export interface PdfDict {
  readonly kind: 'dict';
  readonly entries: Map<string, PdfObject>;
}

/** A stream object (§7.3.8): its dictionary and the still-encoded data. */
export interface PdfStream {
  readonly kind: 'stream';
  readonly dict: PdfDict;
  readonly data: Uint8Array;
}

/** Pre-serialised bytes written verbatim (placeholders of the signature writer). */
export interface PdfRaw {
  readonly kind: 'raw';
  readonly text: string;
}

/** Any PDF object. */
export type PdfObject = null | boolean | number | PdfName | PdfString | PdfRef | PdfArray | PdfDict | PdfStream | PdfRaw;

/** Makes a name object. */
export function pdfName(value: string): PdfName {
  return { kind: 'name', value };
}

/** Makes an indirect reference. */
export function pdfRef(num: number, gen = 0): PdfRef {
  return { kind: 'ref', num, gen };
}

/** Makes an array object. */
export function pdfArray(items: PdfObject[]): PdfArray {
  return { kind: 'array', items };
}

/** Makes a dictionary from a record (undefined values are left out). */
export function pdfDict(record: Record<string, PdfObject | undefined> = {}): PdfDict {
  const entries = new Map<string, PdfObject>();
  for (const [k, v] of Object.entries(record)) if (v !== undefined) entries.set(k, v);
  return { kind: 'dict', entries };
}

/** Makes a stream object; `/Length` is set by the serialiser. */
export function pdfStream(dict: PdfDict, data: Uint8Array): PdfStream {
  return { kind: 'stream', dict, data };
}

/** Makes a literal string from Latin-1 text (PDFDocEncoding for ASCII), or UTF-16BE with BOM otherwise. */
export function pdfText(text: string): PdfString {
  let isLatin = true;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7e) isLatin = false;
  if (isLatin) {
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return { kind: 'string', bytes, hex: false };
  }
  // §7.9.2.2: text strings outside PDFDocEncoding are UTF-16BE with a byte order mark.
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes[0] = 0xfe;
  bytes[1] = 0xff;
  for (let i = 0; i < text.length; i++) {
    bytes[2 + i * 2] = text.charCodeAt(i) >> 8;
    bytes[3 + i * 2] = text.charCodeAt(i) & 0xff;
  }
  return { kind: 'string', bytes, hex: false };
}

/** Makes a hex string from bytes. */
export function pdfHexString(bytes: Uint8Array): PdfString {
  return { kind: 'string', bytes, hex: true };
}

/** Makes a raw, pre-serialised object. */
export function pdfRaw(text: string): PdfRaw {
  return { kind: 'raw', text };
}

/** Decodes a text string (§7.9.2.2): UTF-16BE with BOM, UTF-8 with BOM, or PDFDocEncoding (as Latin-1). */
export function decodePdfText(s: PdfString): string {
  const b = s.bytes;
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) {
    let out = '';
    for (let i = 2; i + 1 < b.length; i += 2) out += String.fromCharCode((b[i]! << 8) | b[i + 1]!);
    return out;
  }
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return new TextDecoder().decode(b.subarray(3));
  let out = '';
  for (let i = 0; i < b.length; i++) out += String.fromCharCode(b[i]!);
  return out;
}

/** True if the object is a dictionary. */
export function isDict(o: PdfObject | undefined): o is PdfDict {
  return typeof o === 'object' && o !== null && o.kind === 'dict';
}

/** True if the object is a reference. */
export function isRef(o: PdfObject | undefined): o is PdfRef {
  return typeof o === 'object' && o !== null && o.kind === 'ref';
}

/** True if the object is an array. */
export function isArray(o: PdfObject | undefined): o is PdfArray {
  return typeof o === 'object' && o !== null && o.kind === 'array';
}

/** True if the object is a stream. */
export function isStream(o: PdfObject | undefined): o is PdfStream {
  return typeof o === 'object' && o !== null && o.kind === 'stream';
}

/** True if the object is a name, optionally a given one. */
export function isName(o: PdfObject | undefined, value?: string): o is PdfName {
  return typeof o === 'object' && o !== null && o.kind === 'name' && (value === undefined || o.value === value);
}

/** True if the object is a string. */
export function isString(o: PdfObject | undefined): o is PdfString {
  return typeof o === 'object' && o !== null && o.kind === 'string';
}

/** Copies a dictionary one level deep (values shared), so a changed version can be written. */
export function copyDict(d: PdfDict): PdfDict {
  return { kind: 'dict', entries: new Map(d.entries) };
}
