/**
 * The normal appearance of a signature widget (ISO 32000-1 §12.7.4.5, §12.5.5): a form XObject
 * with an optional image on the left and lines of text (signer, date, reason) on the right, set
 * in the standard Helvetica font (§9.6.2.2) with WinAnsiEncoding. Invisible signatures get an
 * empty appearance, as PDF/A and PAdES validators expect one.
 */
import { formatPdfNumber } from '../core';
import type { PdfRef } from '../pdf';
import { pdfArray, pdfDict, pdfName, pdfStream } from '../pdf';
import type { UpdateSet } from './form-update';
import { embedImage } from './image';

// Helvetica advance widths (Adobe AFM, 1/1000 em) for U+0020..U+007E.
const HELVETICA_ASCII = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667,
  667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500,
  556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** Width of text in Helvetica at 1 pt (Latin-1 letters outside ASCII approximated by 556). */
export function helveticaWidth(text: string): number {
  let w = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    w += c >= 0x20 && c <= 0x7e ? HELVETICA_ASCII[c - 0x20]! : 556;
  }
  return w / 1000;
}

/** Encodes text for a WinAnsi literal string in a content stream; characters outside Latin-1 become '?'. */
export function winAnsiLiteral(text: string): string {
  let s = '(';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    const byte = c >= 0x20 && c <= 0xff && !(c >= 0x7f && c < 0xa0) ? c : 0x3f;
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) s += '\\' + String.fromCharCode(byte);
    else if (byte >= 0x80) s += '\\' + byte.toString(8).padStart(3, '0');
    else s += String.fromCharCode(byte);
  }
  return s + ')';
}

/** What a visible appearance shows. */
export interface AppearanceContent {
  readonly widthPt: number;
  readonly heightPt: number;
  readonly lines: readonly string[];
  /** PNG or JPEG bytes drawn on the left. */
  readonly image?: Uint8Array;
}

const n = (v: number): string => formatPdfNumber(v);

/** Adds an appearance form XObject to the update and returns it. */
export function addAppearance(set: UpdateSet, c: AppearanceContent): PdfRef {
  const w = Math.max(0, c.widthPt);
  const h = Math.max(0, c.heightPt);
  const ops: string[] = [];
  const xobjects = pdfDict();
  let textX = 2;
  if (c.image && w > 0 && h > 0) {
    const img = embedImage(set, c.image);
    const boxW = c.lines.length > 0 ? w * 0.4 : w;
    const scale = Math.min(boxW / img.width, h / img.height);
    const iw = img.width * scale;
    const ih = img.height * scale;
    ops.push(`q ${n(iw)} 0 0 ${n(ih)} ${n((boxW - iw) / 2)} ${n((h - ih) / 2)} cm /Im1 Do Q`);
    xobjects.entries.set('Im1', img.ref);
    textX = boxW + 4;
  }
  const lines = c.lines.filter((l) => l.length > 0);
  if (lines.length > 0 && w > textX && h > 0) {
    const avail = w - textX - 2;
    const widest = Math.max(...lines.map(helveticaWidth));
    const size = Math.max(1, Math.min(10, (h - 4) / (lines.length * 1.2), widest > 0 ? avail / widest : 10));
    const top = h - 2 - size;
    ops.push('BT', `/F1 ${n(size)} Tf`, `${n(size * 1.2)} TL`, `${n(textX)} ${n(top)} Td`);
    lines.forEach((l, i) => ops.push(`${i === 0 ? '' : 'T* '}${winAnsiLiteral(l)} Tj`));
    ops.push('ET');
  }
  const font = pdfDict({ Type: pdfName('Font'), Subtype: pdfName('Type1'), BaseFont: pdfName('Helvetica'), Encoding: pdfName('WinAnsiEncoding') });
  const resources = pdfDict({ Font: pdfDict({ F1: font }) });
  if (xobjects.entries.size > 0) resources.entries.set('XObject', xobjects);
  const dict = pdfDict({ Type: pdfName('XObject'), Subtype: pdfName('Form'), BBox: pdfArray([0, 0, w, h]), Resources: resources });
  return set.add(pdfStream(dict, new TextEncoder().encode(ops.join('\n'))));
}

/** Adds the empty appearance of an invisible signature. */
export function addEmptyAppearance(set: UpdateSet): PdfRef {
  return set.add(pdfStream(pdfDict({ Type: pdfName('XObject'), Subtype: pdfName('Form'), BBox: pdfArray([0, 0, 0, 0]) }), new Uint8Array(0)));
}
