/**
 * Page drafts: a page's content stream written as soon as the page is drawn, so its items can be
 * dropped before the next page is drawn (a line's items cost kilobytes; a draft keeps bytes and
 * typed arrays, which the garbage collector never walks).
 *
 * The text of a draft stays open: glyph codes and the /W widths that TJ adjustments are measured
 * against depend on the subsets, which depend on the glyphs of every page (font-embed.ts). A draft
 * keeps each run's glyph ids and advances, and `writeDraftContent` fills the holes once the fonts are
 * embedded, giving the bytes a writer knowing the fonts would have given. Likewise an image's drawing is kept
 * and dropped later if the image cannot be embedded.
 */
import type { GlyphRun, LayoutFont, LayoutPage, PathShading, SoftMask } from '../../model';
import { ByteSink } from './byte-sink';
import { writeContent, type ContentFace, type ContentTarget } from './content';
import { writeShow, type ContentFont } from './show-text';
import { GlyphUsageCollector, type GlyphUsage } from './glyph-usage';
import { grown } from './grown';
import { pageLinks, type LinkedPage } from './navigation';
import { shadingKey } from './shading';
import { draftSoftMask, type DraftMask, type MaskImages } from './soft-mask';

/** Hole kinds: a glyph run (counted for drawn widths, or not: size 0), or an image's drawing. */
const SHOW = 0;
const SHOW_UNCOUNTED = 1;
const IMAGE = 2;
/** Numbers per hole: offset in the bytes, kind, font or image index, glyph count or byte length. */
const HOLE = 4;

/** A page's content with its text and images to be filled in, and what the page's dictionary needs. */
export interface PageDraft extends LinkedPage {
  readonly widthPt: number;
  readonly bytes: Uint8Array;
  /** `HOLE` numbers per hole, in the order of their offsets. */
  readonly holes: Int32Array;
  /** The glyph ids of the runs, one after the other. */
  readonly glyphs: Int32Array;
  /** Each glyph's advance in 1/1000 text space (the width /W would need for no adjustment). */
  readonly advances: Float64Array;
  /** Fonts and images the page uses, in order of first use (their order in /Resources). */
  readonly fonts: readonly number[];
  readonly images: readonly number[];
  /** Graphics states by fill alpha, in order of first use. */
  readonly alphas: ReadonlyMap<number, string>;
  /** Graphics states by stroke alpha, in order of first use. */
  readonly strokeAlphas: ReadonlyMap<number, string>;
  /** Shadings by key (shading.ts), with their resource names, in order of first use. */
  readonly shadings: ReadonlyMap<string, { readonly name: string; readonly shading: PathShading }>;
  /** Soft masks (graphics states named `SM0`, `SM1`…), in order of use. */
  readonly masks: readonly DraftMask[];
}

/** Drafts the pages of one document in order, collecting the glyphs each font uses. */
export class PageDrafter implements ContentTarget {
  private readonly glyphUsage = new GlyphUsageCollector();
  private readonly sink = new ByteSink();
  private readonly faces: ContentFace[] = [];
  private holes = new Int32Array(256);
  private holeCount = 0;
  private glyphs = new Int32Array(4096);
  private advances = new Float64Array(4096);
  private glyphCount = 0;
  private fonts: number[] = [];
  private images: number[] = [];
  private alphas = new Map<number, string>();
  private strokeAlphas = new Map<number, string>();
  private shadings = new Map<string, { readonly name: string; readonly shading: PathShading }>();
  private masks: DraftMask[] = [];
  /** The document's mask images so far, shared by the pages' masks of the same silhouette. */
  private readonly maskImages: MaskImages = new Map();

  /** For each font index: glyph id → the characters it shows, over the pages drafted so far. */
  get usage(): GlyphUsage {
    return this.glyphUsage.usage;
  }

  /** `source.fonts` is read when a font is first met: it may grow, or be replaced, between pages. */
  constructor(private readonly source: { readonly fonts: readonly LayoutFont[] }) {}

  /** The draft of a page; the page itself is not kept. */
  draft(page: LayoutPage): PageDraft {
    this.holeCount = this.glyphCount = 0;
    this.fonts = [];
    this.images = [];
    this.alphas = new Map();
    this.strokeAlphas = new Map();
    this.shadings = new Map();
    this.masks = [];
    this.glyphUsage.add(page.items);
    writeContent(page, this, this.sink);
    return {
      widthPt: page.widthPt,
      heightPt: page.heightPt,
      bytes: this.sink.view().slice(),
      holes: this.holes.slice(0, this.holeCount * HOLE),
      glyphs: this.glyphs.slice(0, this.glyphCount),
      advances: this.advances.slice(0, this.glyphCount),
      fonts: this.fonts,
      images: this.images,
      alphas: this.alphas,
      strokeAlphas: this.strokeAlphas,
      shadings: this.shadings,
      masks: this.masks,
      links: pageLinks(page.items),
    };
  }

  face(index: number): ContentFace {
    if (!this.fonts.includes(index)) this.fonts.push(index);
    let face = this.faces[index];
    if (!face) {
      const font = this.source.fonts[index];
      face = { resource: `F${index}`, syntheticBold: font?.syntheticBold ?? false, syntheticItalic: font?.syntheticItalic ?? false };
      this.faces[index] = face;
    }
    return face;
  }

  show(out: ByteSink, run: GlyphRun, th: number): void {
    const n = run.glyphs.length;
    const scale = 1000 / (run.sizePt * th);
    // collectDrawnWidths counts no run without a size (nor one whose scale is not finite).
    this.hole(out.len, run.sizePt > 0 && Number.isFinite(scale) ? SHOW : SHOW_UNCOUNTED, run.font, n);
    if (this.glyphCount + n > this.glyphs.length) {
      this.glyphs = grown(this.glyphs, this.glyphCount + n);
      this.advances = grown(this.advances, this.glyphCount + n);
    }
    const g = this.glyphs;
    const a = this.advances;
    let k = this.glyphCount;
    for (let i = 0; i < n; i++, k++) {
      g[k] = run.glyphs[i]!;
      a[k] = run.advances[i]! * scale;
    }
    this.glyphCount = k;
  }

  image(index: number): string {
    if (!this.images.includes(index)) this.images.push(index);
    return `Im${index}`;
  }

  imageWritten(index: number, from: number): void {
    this.hole(from, IMAGE, index, this.sink.len - from);
  }

  fillAlpha(alpha: number): string {
    let name = this.alphas.get(alpha);
    if (name === undefined) this.alphas.set(alpha, (name = `GS${this.alphas.size}`));
    return name;
  }

  strokeAlpha(alpha: number): string {
    let name = this.strokeAlphas.get(alpha);
    if (name === undefined) this.strokeAlphas.set(alpha, (name = `GSS${this.strokeAlphas.size}`));
    return name;
  }

  shading(shading: PathShading): string {
    const key = shadingKey(shading);
    let entry = this.shadings.get(key);
    if (!entry) this.shadings.set(key, (entry = { name: `Sh${this.shadings.size}`, shading }));
    return entry.name;
  }

  softMask(mask: SoftMask, pageHeight: number): string | undefined {
    const drafted = draftSoftMask(mask, pageHeight, this.maskImages);
    if (!drafted) return undefined;
    this.masks.push(drafted);
    return `SM${this.masks.length - 1}`;
  }

  private hole(offset: number, kind: number, ref: number, n: number): void {
    if ((this.holeCount + 1) * HOLE > this.holes.length) this.holes = grown(this.holes, (this.holeCount + 1) * HOLE);
    const at = this.holeCount++ * HOLE;
    this.holes[at] = offset;
    this.holes[at + 1] = kind;
    this.holes[at + 2] = ref;
    this.holes[at + 3] = n;
  }
}

/**
 * Writes a draft's content stream into `out` (reset first): its bytes with each run's codes and
 * adjustments from the embedded fonts, and without the drawings of images that were not embedded.
 */
export function writeDraftContent(draft: PageDraft, fonts: ReadonlyMap<number, { readonly content: ContentFont }>, images: ReadonlyMap<number, unknown>, out: ByteSink): void {
  out.reset();
  const { bytes, holes, glyphs, advances } = draft;
  let at = 0;
  let glyph = 0;
  for (let h = 0; h < holes.length; h += HOLE) {
    const offset = holes[h]!;
    const kind = holes[h + 1]!;
    const ref = holes[h + 2]!;
    const n = holes[h + 3]!;
    if (kind === IMAGE) {
      if (images.has(ref)) continue;
      out.bytes(bytes.subarray(at, offset));
      at = offset + n;
      continue;
    }
    out.bytes(bytes.subarray(at, offset));
    at = offset;
    writeShow(out, glyphs, advances, glyph, n, fonts.get(ref)!.content);
    glyph += n;
  }
  out.bytes(bytes.subarray(at));
}

/**
 * Calls `run(font, glyphs, advances, start, count)` for each run of the drafts in a font `counted`
 * accepts, drawn on its advances: glyphs `start` to `start + count` of the arrays (a draft's own).
 */
export function forEachDrawnRun(
  drafts: readonly PageDraft[], counted: (font: number) => boolean,
  run: (font: number, glyphs: Int32Array, advances: Float64Array, start: number, count: number) => void,
): void {
  for (const d of drafts) {
    let glyph = 0;
    for (let h = 0; h < d.holes.length; h += HOLE) {
      const kind = d.holes[h + 1]!;
      if (kind === IMAGE) continue;
      const font = d.holes[h + 2]!;
      const n = d.holes[h + 3]!;
      if (kind === SHOW && counted(font)) run(font, d.glyphs, d.advances, glyph, n);
      glyph += n;
    }
  }
}
