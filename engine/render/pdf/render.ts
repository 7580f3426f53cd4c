/**
 * renderPdf: LayoutDoc → PDF bytes (ISO 32000-1), with pdf-lib's object model and writer.
 *
 * Deterministic: no clock, no random subset tags, the document ID derived from the content. Fonts
 * are subset-embedded as CIDFontType2 (or CFF) with Identity-H and a ToUnicode CMap, so text stays
 * real text; links become Link annotations; headings become the outline.
 */
import { PDFDocument, PDFHexString, PDFName, PDFPage, PDFString, type PDFRef } from 'pdf-lib';
import { crc32, DiagnosticBag, encodeUtf8, guardAsync, checkCancelled, type EngineHost, type Result } from '../../core';
import type { LayoutDoc } from '../../model';
import { ByteSink } from './byte-sink';
import { writePageContent, type ContentFont } from './content';
import { embedFonts } from './font-embed';
import { loadFontkit, subsetNeedsFontkit } from '../../text';
import { collectDrawnWidths, collectGlyphUsage } from './glyph-usage';
import { embedImages } from './images';
import { addLinks, addOutline } from './navigation';
import { flateStream } from './streams';

/** Options of renderPdf. */
export interface RenderPdfOptions {
  /** The Producer entry; defaults to `Colophon`. */
  readonly producer?: string;
}

/** Renders a laid-out document to PDF bytes. Never throws. */
export async function renderPdf(layout: LayoutDoc, options: RenderPdfOptions, host: EngineHost): Promise<Result<Uint8Array>> {
  const bag = new DiagnosticBag();
  return guardAsync('render', bag, async () => {
    const pdf = await PDFDocument.create({ updateMetadata: false });
    const ctx = pdf.context;
    // CFF fonts are subset with fontkit, loaded on first need (text/fontkit-loader.ts).
    if (layout.fonts.some((f) => subsetNeedsFontkit(f.data))) await loadFontkit();
    const usage = collectGlyphUsage(layout);
    const fonts = embedFonts(pdf, layout, usage, bag, collectDrawnWidths(layout));
    const images = embedImages(pdf, layout, bag, host.inflateRaw);
    const pageRefs: PDFRef[] = [];
    const hash = new ContentHash();
    const sink = new ByteSink();
    for (let i = 0; i < layout.pages.length; i++) {
      checkCancelled(host);
      const page = layout.pages[i]!;
      const usedFonts = new Map<number, ContentFont>();
      const usedImages = new Map<number, string>();
      const usedAlphas = new Map<number, string>();
      writePageContent(page, {
        font: (index) => {
          const f = fonts.get(index)!;
          usedFonts.set(index, f.content);
          return f.content;
        },
        image: (index) => {
          const img = images.get(index);
          if (img) usedImages.set(index, img.name);
          return img?.name;
        },
        fillAlpha: (alpha) => {
          let name = usedAlphas.get(alpha);
          if (name === undefined) usedAlphas.set(alpha, (name = `GS${usedAlphas.size}`));
          return name;
        },
      }, sink);
      const content = sink.view();
      const stream = flateStream(ctx, content);
      hash.add(content.length, stream.contents);
      const leaf = addPageOfSize(pdf, page.widthPt, page.heightPt);
      leaf.node.set(PDFName.of('Contents'), ctx.register(stream));
      const fontDict: Record<string, PDFRef> = {};
      for (const [index, f] of usedFonts) fontDict[f.resource] = fonts.get(index)!.ref;
      const xobjects: Record<string, PDFRef> = {};
      for (const [index, name] of usedImages) xobjects[name] = images.get(index)!.ref;
      const states: Record<string, { Type: string; ca: number }> = {};
      for (const [alpha, name] of usedAlphas) states[name] = { Type: 'ExtGState', ca: alpha };
      leaf.node.set(PDFName.of('Resources'), ctx.obj({ Font: fontDict, XObject: xobjects, ...(usedAlphas.size > 0 ? { ExtGState: states } : {}) }));
      pageRefs.push(leaf.ref);
      host.onProgress?.({ stage: 'render', done: i + 1, total: layout.pages.length });
    }
    addLinks(pdf, layout, pageRefs, bag);
    addOutline(pdf, layout, pageRefs);
    setInfo(pdf, layout, options, hash.hex());
    // Object streams would be compressed with pdf-lib's slow deflate for a few kilobytes saved.
    // pdf-lib yields to the event loop (setTimeout 0, at least 1 ms in Node) every `objectsPerTick`
    // objects, 50 by default: half a second of idle wall time over the dev corpus. renderPdf runs
    // in a worker or a server, where there is no UI to keep responsive, so it never yields.
    const bytes = await pdf.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false, objectsPerTick: Infinity });
    return bytes;
  });
}

/**
 * Appends a page with a MediaBox of the given size: the same objects as `pdf.addPage([w, h])`,
 * whose setSize also reads back the crop, bleed, trim and art boxes through the page tree (none
 * exist on a new page), a fifth of the render stage's allocations for the page dictionaries.
 */
function addPageOfSize(pdf: PDFDocument, widthPt: number, heightPt: number): PDFPage {
  const page = PDFPage.create(pdf);
  page.setMediaBox(0, 0, widthPt, heightPt);
  return pdf.addPage(page);
}

function setInfo(pdf: PDFDocument, layout: LayoutDoc, options: RenderPdfOptions, contentHash: string): void {
  const info = layout.info;
  if (info.title) pdf.setTitle(info.title, { showInWindowTitleBar: true });
  if (info.author) pdf.setAuthor(info.author);
  if (info.subject) pdf.setSubject(info.subject);
  if (info.keywords) pdf.setKeywords([info.keywords]);
  if (info.creator) pdf.setCreator(info.creator);
  pdf.setProducer(options.producer ?? 'Colophon');
  const created = parseIsoDate(info.created);
  const modified = parseIsoDate(info.modified);
  if (created) pdf.setCreationDate(created);
  if (modified) pdf.setModificationDate(modified);
  if (info.lang) pdf.catalog.set(PDFName.of('Lang'), PDFString.of(info.lang));
  // A content-derived file identifier (§14.4): the same document gives the same ID.
  const infoHash = crc32(encodeUtf8(JSON.stringify(info))).toString(16).padStart(8, '0');
  const id = PDFHexString.of((contentHash + infoHash).toUpperCase());
  pdf.context.trailerInfo.ID = pdf.context.obj([id, id]);
}

function parseIsoDate(iso: string | undefined): Date | undefined {
  if (!iso) return undefined;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/**
 * Identifies the pages from their content streams without another pass over them: the Adler-32
 * that ends each zlib stream (RFC 1950) and the stream's length, both sizes summed. 24 hex digits.
 */
class ContentHash {
  private readonly records: number[] = [];
  private plain = 0;
  private packed = 0;

  add(plainLength: number, zlib: Uint8Array): void {
    const n = zlib.length;
    const adler = n >= 4 ? ((zlib[n - 4]! << 24) | (zlib[n - 3]! << 16) | (zlib[n - 2]! << 8) | zlib[n - 1]!) >>> 0 : 0;
    this.records.push(adler, plainLength);
    this.plain += plainLength;
    this.packed += n;
  }

  hex(): string {
    const bytes = new Uint8Array(this.records.length * 4);
    const view = new DataView(bytes.buffer);
    this.records.forEach((v, i) => view.setUint32(i * 4, v >>> 0));
    return [crc32(bytes), this.plain, this.packed].map((v) => (v >>> 0).toString(16).padStart(8, '0')).join('');
  }
}

