/**
 * Images: the pictures a LayoutDoc draws, embedded as image XObjects (§8.9.5). PNG and JPEG are
 * embedded directly; other formats (GIF, BMP, TIFF, EMF/WMF, SVG) are issue #4 and are reported.
 */
import type { PDFDocument, PDFRef } from 'pdf-lib';
import type { DiagnosticBag } from '../../core';
import type { LayoutDoc } from '../../model';

/** An embedded image: its reference and resource name. */
export interface EmbeddedImage {
  readonly ref: PDFRef;
  readonly name: string;
}

/** The format of image bytes, from their signature. */
export function sniffImage(data: Uint8Array): 'png' | 'jpeg' | 'gif' | 'bmp' | 'tiff' | 'emf' | 'wmf' | 'svg' | 'unknown' {
  const b = data;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 4 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return 'gif';
  if (b.length >= 2 && b[0] === 0x42 && b[1] === 0x4d) return 'bmp';
  if (b.length >= 4 && ((b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a) || (b[0] === 0x4d && b[1] === 0x4d && b[3] === 0x2a))) return 'tiff';
  if (b.length >= 44 && b[0] === 1 && b[1] === 0 && b[2] === 0 && b[3] === 0 && b[40] === 0x20 && b[41] === 0x45 && b[42] === 0x4d && b[43] === 0x46) return 'emf';
  if (b.length >= 4 && ((b[0] === 0xd7 && b[1] === 0xcd && b[2] === 0xc6 && b[3] === 0x9a) || (b[0] === 1 && b[1] === 0 && b[2] === 9 && b[3] === 0))) return 'wmf';
  const head = new TextDecoder().decode(b.subarray(0, Math.min(256, b.length)));
  if (/<svg[\s>]/i.test(head) || /^\s*<\?xml[^>]*>\s*<svg/i.test(head)) return 'svg';
  return 'unknown';
}

/** Embeds every image of the layout that the renderer supports. */
export async function embedImages(pdf: PDFDocument, layout: LayoutDoc, bag: DiagnosticBag): Promise<Map<number, EmbeddedImage>> {
  const out = new Map<number, EmbeddedImage>();
  for (let i = 0; i < layout.images.length; i++) {
    const img = layout.images[i]!;
    const kind = sniffImage(img.data);
    try {
      if (kind === 'png') out.set(i, { ref: (await pdf.embedPng(img.data)).ref, name: `Im${i}` });
      else if (kind === 'jpeg') out.set(i, { ref: (await pdf.embedJpg(img.data)).ref, name: `Im${i}` });
      else bag.warn('render/unsupported-image', `A ${kind.toUpperCase()} picture is not drawn yet (issue #4).`);
    } catch (e) {
      bag.warn('render/bad-image', `A ${kind.toUpperCase()} picture could not be decoded and is not drawn (${e instanceof Error ? e.message : String(e)}).`);
    }
  }
  return out;
}
