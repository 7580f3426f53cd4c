/**
 * A stand-in laid out on the original's widths (Georgia drawn as DejaVu Serif on Word's advances)
 * writes those advances into the PDF's /W, so viewers find no gap inside a word: Georgia's "J" is
 * 518/1000 em in Word against DejaVu Serif's condensed 345, and pdftotext split "Justified" into
 * "J ustified" (Word's docxside-case7 render has it whole).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertDocxToPdf } from '../../engine/convert';
import { initKernel } from '../../engine/layout';
import { createNodeHost } from '../../node/host';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const GEORGIA = '<w:rFonts w:ascii="Georgia" w:hAnsi="Georgia"/><w:sz w:val="22"/>';

async function pdfOf(text: string): Promise<Uint8Array> {
  const r = await convertDocxToPdf(makeDocx({ body: para(text, '', GEORGIA) }), {}, host);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value.pdf;
}

/** Every width in the /W arrays of the document's CID fonts. */
async function cidWidths(bytes: Uint8Array): Promise<number[]> {
  const pdf = await PDFDocument.load(bytes);
  const out: number[] = [];
  for (const [, obj] of pdf.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj.get(PDFName.of('Subtype'))?.toString() !== '/CIDFontType2') continue;
    const w = obj.lookup(PDFName.of('W'));
    if (!(w instanceof PDFArray)) continue;
    for (let i = 0; i < w.size(); i++) {
      const item = w.lookup(i);
      if (item instanceof PDFArray) for (let k = 0; k < item.size(); k++) out.push((item.lookup(k) as PDFNumber).asNumber());
    }
  }
  return out;
}

beforeAll(async () => {
  await initKernel();
});

describe('widths of a respaced stand-in', () => {
  it('writes the advances the glyphs are drawn on into /W', async () => {
    const widths = await cidWidths(await pdfOf('Justified'));
    // Word's Georgia J, 518/1000 em, drawn at the fit's 86.1% horizontal scale: 601.6 before scaling.
    expect(widths.some((w) => Math.abs(w - 518 / 0.861) < 0.2)).toBe(true);
  });

  it('extracts words whole', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'colophon-respaced-')), 'georgia.pdf');
    writeFileSync(file, await pdfOf('Justified Georgia text'));
    let text: string;
    try {
      text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    } catch {
      return; // poppler is not installed (CI installs it)
    }
    expect(text).toContain('Justified Georgia text');
  });
});
