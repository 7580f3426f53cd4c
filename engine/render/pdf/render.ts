/**
 * renderPdf: a laid-out document → PDF bytes (ISO 32000-1), with pdf-lib's object model and writer.
 *
 * Deterministic: no clock, no random subset tags, the document ID derived from the content. Fonts
 * are subset-embedded as CIDFontType2 (or CFF) with Identity-H and a ToUnicode CMap, so text stays
 * real text; links become Link annotations; headings become the outline.
 *
 * Pages are read one at a time: each is written into a draft (page-draft.ts) as it comes, so a
 * layout that draws its pages as they are asked for (layoutPages) never holds more than one page's
 * items. The fonts are subset and the PDF objects made once every page is drafted, in the order a
 * LayoutDoc's would be (fonts, images, then each page's dictionary and content), so both give the
 * same bytes.
 */
import { PDFDocument, PDFHexString, PDFName, PDFPage, PDFString, type PDFRef } from 'pdf-lib';
import { crc32, DiagnosticBag, encodeUtf8, guardAsync, checkCancelled, type EngineHost, type Result } from '../../core';
import type { DocumentInfo, LayoutSource } from '../../model';
import { ByteSink } from './byte-sink';
import { embedFonts, type EmbeddedFont } from './font-embed';
import { loadFontkit, subsetNeedsFontkit } from '../../text';
import { collectDrawnWidths } from './glyph-usage';
import { embedImages, type EmbeddedImage } from './images';
import { addLinks, addOutline } from './navigation';
import { forEachDrawnRun, PageDrafter, writeDraftContent, type PageDraft } from './page-draft';
import { registerShading } from './shading';
import { registerSoftMask } from './soft-mask';
import { flateStream } from './streams';

/** Options of renderPdf. */
export interface RenderPdfOptions {
  /** The Producer entry; defaults to `Colophon`. */
  readonly producer?: string;
}

/**
 * Renders a laid-out document to PDF bytes: a LayoutDoc, or a layout whose pages are drawn as they
 * are iterated (each page's items are dropped before the next is asked for). Never throws.
 */
export async function renderPdf(layout: LayoutSource, options: RenderPdfOptions, host: EngineHost): Promise<Result<Uint8Array>> {
  const bag = new DiagnosticBag();
  return guardAsync('render', bag, async () => {
    const pdf = await PDFDocument.create({ updateMetadata: false });
    const drafter = new PageDrafter(layout);
    const drafts: PageDraft[] = [];
    for await (const page of layout.pages) {
      checkCancelled(host);
      drafts.push(drafter.draft(page));
    }
    // CFF fonts are subset with fontkit, loaded on first need (text/fontkit-loader.ts).
    if (layout.fonts.some((f) => subsetNeedsFontkit(f.data))) await loadFontkit();
    const drawn = collectDrawnWidths((counted, vote) => forEachDrawnRun(drafts, counted, vote), layout.fonts);
    const fonts = embedFonts(pdf, layout, drafter.usage, bag, drawn);
    const images = embedImages(pdf, layout, bag, host.inflateRaw);
    const { pageRefs, contentHash } = writePages(pdf, drafts, fonts, images, host);
    addLinks(pdf, layout, drafts, pageRefs, bag);
    addOutline(pdf, layout, drafts, pageRefs);
    setInfo(pdf, layout.info, options, contentHash);
    // Object streams would be compressed with pdf-lib's slow deflate for a few kilobytes saved.
    // pdf-lib yields to the event loop (setTimeout 0, at least 1 ms in Node) every `objectsPerTick`
    // objects, 50 by default: half a second of idle wall time over the dev corpus. renderPdf runs
    // in a worker or a server, where there is no UI to keep responsive, so it never yields.
    const bytes = await pdf.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false, objectsPerTick: Infinity });
    return bytes;
  });
}

/** Adds each drafted page: its content stream, filled in and deflated, and its resources. */
function writePages(
  pdf: PDFDocument, drafts: readonly PageDraft[], fonts: ReadonlyMap<number, EmbeddedFont>, images: ReadonlyMap<number, EmbeddedImage>, host: EngineHost,
): { pageRefs: PDFRef[]; contentHash: string } {
  const ctx = pdf.context;
  const pageRefs: PDFRef[] = [];
  const hash = new ContentHash();
  const sink = new ByteSink();
  // A shading drawn on several pages is written once.
  const shadingRefs = new Map<string, PDFRef>();
  // A mask image several masks share (the same silhouette) is written once.
  const maskImageRefs = new Map<Uint8Array, PDFRef>();
  drafts.forEach((draft, i) => {
    checkCancelled(host);
    writeDraftContent(draft, fonts, images, sink);
    const content = sink.view();
    const stream = flateStream(ctx, content);
    hash.add(content.length, stream.contents);
    const leaf = addPageOfSize(pdf, draft.widthPt, draft.heightPt);
    leaf.node.set(PDFName.of('Contents'), ctx.register(stream));
    const fontDict: Record<string, PDFRef> = {};
    for (const index of draft.fonts) fontDict[fonts.get(index)!.content.resource] = fonts.get(index)!.ref;
    const xobjects: Record<string, PDFRef> = {};
    for (const index of draft.images) {
      const img = images.get(index);
      if (img) xobjects[img.name] = img.ref;
    }
    const states: Record<string, { Type: string; ca?: number; CA?: number } | PDFRef> = {};
    for (const [alpha, name] of draft.alphas) states[name] = { Type: 'ExtGState', ca: alpha };
    for (const [alpha, name] of draft.strokeAlphas) states[name] = { Type: 'ExtGState', CA: alpha };
    draft.masks.forEach((m, k) => (states[`SM${k}`] = registerSoftMask(ctx, m, maskImageRefs)));
    const shadings: Record<string, PDFRef> = {};
    for (const [key, { name, shading }] of draft.shadings) {
      let ref = shadingRefs.get(key);
      if (!ref) shadingRefs.set(key, (ref = registerShading(ctx, shading)));
      shadings[name] = ref;
    }
    const extra = { ...(draft.alphas.size + draft.strokeAlphas.size + draft.masks.length > 0 ? { ExtGState: states } : {}), ...(draft.shadings.size > 0 ? { Shading: shadings } : {}) };
    leaf.node.set(PDFName.of('Resources'), ctx.obj({ Font: fontDict, XObject: xobjects, ...extra }));
    pageRefs.push(leaf.ref);
    host.onProgress?.({ stage: 'render', done: i + 1, total: drafts.length });
  });
  return { pageRefs, contentHash: hash.hex() };
}

/**
 * Appends a page with a MediaBox of the given size: the same objects as `pdf.addPage([w, h])`,
 * whose setSize also reads back the crop, bleed, trim and art boxes through the page tree (none
 * exist on a new page), a fifth of the render stage's allocations for the page dictionaries.
 * The page goes straight to the end of the root page tree's /Kids, as addPage puts it, but
 * addPage first walks every kid to find the end (insertLeafNode), so n pages cost n²/2 lookups:
 * 73 ms of CPU for 2,106 pages, 214 ms for 5,000.
 */
function addPageOfSize(pdf: PDFDocument, widthPt: number, heightPt: number): PDFPage {
  const page = PDFPage.create(pdf);
  page.setMediaBox(0, 0, widthPt, heightPt);
  // The tree renderPdf's document starts with: one flat /Pages node (PDFDocument.create).
  pdf.catalog.Pages().pushLeafNode(page.ref);
  page.node.setParent(pdf.catalog.get(PDFName.of('Pages')) as PDFRef);
  return page;
}

function setInfo(pdf: PDFDocument, info: DocumentInfo, options: RenderPdfOptions, contentHash: string): void {
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

