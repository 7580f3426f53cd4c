/**
 * A stand-in laid out on the original's widths (Georgia drawn as DejaVu Serif on Word's advances)
 * writes those advances into the PDF's /W, so viewers find no gap inside a word: Georgia's "J" is
 * 518/1000 em in Word against DejaVu Serif's condensed 345, and pdftotext split "Justified" into
 * "J ustified" (Word's docxside-case7 render has it whole).
 *
 * One program standing in for two fonts drawn on different widths (Liberation Sans for Aptos,
 * J 331/1000 em, and for Aptos Display, about 455) has one /W: the body's majority J left a gap
 * after every heading's J, and pdftotext read aspose-JavaScript_in_HREF's headings as "J avaScript".
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
  return pdfOfBody(para(text, '', GEORGIA));
}

async function pdfOfBody(body: string): Promise<Uint8Array> {
  const r = await convertDocxToPdf(makeDocx({ body }), {}, host);
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
    const text = pdfText(await pdfOf('Justified Georgia text'));
    if (text !== undefined) expect(text).toContain('Justified Georgia text');
  });

  it('gives a glyph drawn on two widths one that reads as a word with both', async () => {
    const aptos = (size: number, display: boolean): string => {
      const name = display ? 'Aptos Display' : 'Aptos';
      return `<w:rFonts w:ascii="${name}" w:hAnsi="${name}"/><w:sz w:val="${size}"/>`;
    };
    // Three body J's (Aptos, 331/1000 em) outvote the heading's (Aptos Display's, about 455).
    const body = ['Jam', 'Jar', 'Jet'].map((t) => para(t, '', aptos(24, false))).join('') + para('Jazz', '', aptos(40, true));
    const bytes = await pdfOfBody(body);
    const text = pdfText(bytes);
    // Neither drawing is left a gap of 0.1 em after the J, nor overlapped by 0.2 em.
    if (text !== undefined) expect(text.split(/\s+/)).toEqual(expect.arrayContaining(['Jam', 'Jar', 'Jet', 'Jazz']));
  });
});

/** pdftotext's text of `bytes`, or undefined where poppler is not installed (CI installs it). */
function pdfText(bytes: Uint8Array): string | undefined {
  const file = join(mkdtempSync(join(tmpdir(), 'colophon-respaced-')), 'doc.pdf');
  writeFileSync(file, bytes);
  try {
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  } catch {
    return undefined;
  }
}
