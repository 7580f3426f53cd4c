/**
 * renderPdf end to end on a made-up document: the output is read back by independent tools
 * (poppler's pdftotext and pdffonts, qpdf --check) when they are installed, so the encodings we
 * write (mixed one-/two-byte CMap, ToUnicode) are checked against real readers.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { makeDocx, para } from '../../../tests/helpers/make-docx';
import { convertDocxToPdf } from '../../convert';
import { createNodeHost } from '../../../node/host';
import type { LayoutDoc, LayoutItem, LayoutPage } from '../../model';
import { renderPdf } from './render';

function tool(name: string, args: string[]): string | undefined {
  try {
    return execFileSync(name, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const err = e as { code?: string; stdout?: string };
    if (err.code === 'ENOENT') return undefined;
    return err.stdout ?? '';
  }
}

// Enough distinct characters that the subset has more than 128 glyphs (two-byte codes), plus the
// characters whose codes need escaping in literal strings.
const LATIN = 'The quick brown fox (jumps) over \\ the lazy dog: 0123456789.';
const EXTENDED = 'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿ ĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğ';
const GREEK = 'ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ αβγδεζηθικλμνξοπρστυφχψω';

describe('renderPdf', () => {
  it('writes a PDF whose text real readers extract, with fonts they accept', async () => {
    const docx = makeDocx(para(LATIN) + para(EXTENDED) + para(GREEK) + para('<w:r><w:rPr><w:w w:val="80"/></w:rPr><w:t>Scaled text</w:t></w:r>'));
    const r = await convertDocxToPdf(docx, {}, createNodeHost());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const dir = mkdtempSync(join(tmpdir(), 'colophon-render-'));
    const file = join(dir, 'out.pdf');
    writeFileSync(file, r.value.pdf);
    const text = tool('pdftotext', [file, '-']);
    if (text === undefined) return;
    const flat = text.replace(/\s+/g, ' ');
    for (const line of [LATIN, EXTENDED, GREEK, 'Scaled text']) expect(flat).toContain(line);
    const fonts = tool('pdffonts', [file]) ?? '';
    expect(fonts).toMatch(/CID TrueType\s+Custom\s+yes\s+yes\s+yes/);
    const check = tool('qpdf', ['--check', file]);
    if (check !== undefined) expect(check).toContain('No syntax or stream encoding errors');
  });

  it('gives the same bytes for the same input', async () => {
    const docx = makeDocx(para(LATIN) + para(GREEK));
    const a = await convertDocxToPdf(docx, {}, createNodeHost());
    const b = await convertDocxToPdf(docx, {}, createNodeHost());
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) expect(Buffer.from(a.value.pdf).equals(Buffer.from(b.value.pdf))).toBe(true);
  });
});

describe('renderPdf translucency', () => {
  it('gives a translucent fill an ExtGState with its alpha, and pages without one none', async () => {
    const square = [{ op: 'M', x: 10, y: 10 }, { op: 'L', x: 60, y: 10 }, { op: 'L', x: 60, y: 60 }, { op: 'Z' }] as const;
    const page = (items: LayoutItem[]): LayoutPage => ({ widthPt: 100, heightPt: 100, items, section: 0, label: '1' });
    const layout: LayoutDoc = {
      pages: [page([{ kind: 'path', commands: square, fill: '0000ff', fillOpacity: 0.35 }]), page([{ kind: 'path', commands: square, fill: '0000ff' }])],
      fonts: [], images: [], destinations: {}, outline: [], info: {},
    };
    const r = await renderPdf(layout, {}, createNodeHost());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const doc = await PDFDocument.load(r.value);
    const [first, second] = doc.getPages().map((p) => p.node.Resources()!);
    const states = first!.lookup(PDFName.of('ExtGState'), PDFDict);
    const gs = states.lookup(PDFName.of('GS0'), PDFDict);
    expect((gs.get(PDFName.of('ca')) as PDFNumber).asNumber()).toBe(0.35);
    expect(second!.get(PDFName.of('ExtGState'))).toBeUndefined();
    const qpdf = tool('qpdf', ['--version']);
    if (qpdf !== undefined) {
      const dir = mkdtempSync(join(tmpdir(), 'colophon-alpha-'));
      writeFileSync(join(dir, 'a.pdf'), r.value);
      expect(tool('qpdf', ['--check', join(dir, 'a.pdf')])).toMatch(/No syntax or stream encoding errors/);
    }
  });
});

describe('renderPdf page tree', () => {
  it('puts the pages in order under one /Pages node, each with its size, its parent and the count', async () => {
    const sizes = [100, 200, 300, 400, 500];
    const layout: LayoutDoc = {
      pages: sizes.map((w) => ({ widthPt: w, heightPt: 50, items: [], section: 0, label: String(w) })),
      fonts: [], images: [], destinations: {}, outline: [], info: {},
    };
    const r = await renderPdf(layout, {}, createNodeHost());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const doc = await PDFDocument.load(r.value);
    const root = doc.catalog.Pages();
    expect(root.Count().asNumber()).toBe(sizes.length);
    expect(root.Kids().size()).toBe(sizes.length);
    const pages = doc.getPages();
    expect(pages.map((p) => p.getWidth())).toEqual(sizes);
    for (const p of pages) expect(p.node.get(PDFName.of('Parent'))).toBe(doc.catalog.get(PDFName.of('Pages')));
  });
});

describe('renderPdf soft masks', () => {
  // A blurred shadow of the same silhouette moved along the line (as a repeated run of text is), by
  // amounts that leave different last bits in its coordinates, and one of another silhouette.
  const silhouette = (dx: number, wide = 40) => [{ op: 'M', x: 20.1 + dx, y: 20.3 }, { op: 'L', x: 20.1 + wide + dx, y: 20.3 }, { op: 'L', x: 20.1 + wide + dx, y: 40.7 }, { op: 'L', x: 20.1 + dx, y: 40.7 }, { op: 'Z' }] as const;
  const shadow = (dx: number, wide?: number): LayoutItem => {
    const x = Math.round((17.1 + dx) * 1000) / 1000;
    return {
      kind: 'group',
      softMask: { shapes: [{ commands: silhouette(dx, wide), fill: true }], grid: { x, y: 17.3, w: (wide ?? 40) + 6, h: 26.4, cols: 2 * ((wide ?? 40) + 6), rows: 53 }, growPt: 0, sigmaPt: 1 },
      items: [{ kind: 'path', commands: [{ op: 'M', x, y: 17.3 }, { op: 'L', x: x + 46, y: 17.3 }, { op: 'L', x: x + 46, y: 43.7 }, { op: 'Z' }], fill: '808080' }],
    };
  };

  it('writes one image for masks of the same silhouette, each drawn at its own box', async () => {
    const page = (items: LayoutItem[]): LayoutPage => ({ widthPt: 300, heightPt: 100, items, section: 0, label: '1' });
    const layout: LayoutDoc = {
      pages: [page([shadow(0), shadow(61.37), shadow(0, 30)]), page([shadow(123.456789)])],
      fonts: [], images: [], destinations: {}, outline: [], info: {},
    };
    const r = await renderPdf(layout, {}, createNodeHost());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const doc = await PDFDocument.load(r.value);
    const images = new Set<PDFDict>();
    const boxes: number[] = [];
    for (const p of doc.getPages()) {
      const states = p.node.Resources()!.lookup(PDFName.of('ExtGState'), PDFDict);
      for (const name of states.keys()) {
        const mask = states.lookup(name, PDFDict).lookup(PDFName.of('SMask'), PDFDict);
        const form = mask.lookup(PDFName.of('G'), PDFStream).dict;
        images.add(form.lookup(PDFName.of('Resources'), PDFDict).lookup(PDFName.of('XObject'), PDFDict).lookup(PDFName.of('M'), PDFStream).dict);
        boxes.push((form.lookup(PDFName.of('BBox'), PDFArray).lookup(0, PDFNumber)).asNumber());
      }
    }
    // Four masks, two silhouettes: two images; each form placed at its own grid's left edge.
    expect(boxes).toEqual([17.1, 78.47, 17.1, 140.557]);
    expect(images.size).toBe(2);
  });
});
