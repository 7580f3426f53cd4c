/**
 * ItemSink: where emitters put page items, and the document-wide font and image tables.
 */
import type { Destination, LayoutFont, LayoutImage, LayoutItem, MediaItem, PictureAdjust } from '../../model';
import type { CommentLayer } from '../comments/layer';
import type { Face } from '../faces';

/**
 * Most recoloured versions of one picture part: each is decoded and re-encoded whole by the renderer
 * (a 6-megapixel picture took a second a version), so a few bytes of a:blip effects repeated over
 * many uses of one large picture would cost its decoding that many times. Word documents recolour a
 * picture once or twice (a logo in colour and in grey).
 */
export const MAX_RECOLOURINGS = 4;

/** Document-wide tables of fonts and images referenced by index from items. */
export class ResourceTables {
  readonly fonts: LayoutFont[] = [];
  readonly images: LayoutImage[] = [];
  private readonly fontIndex = new Map<string, number>();
  private readonly imageIndex = new Map<string, number>();
  /** Recoloured versions of each picture part so far (key → count). */
  private readonly recolourings = new Map<string, number>();

  /** `warn` is told when a picture's recolouring is not drawn (past MAX_RECOLOURINGS). */
  constructor(private readonly warn?: (code: string, message: string) => void) {}

  /** Index of a face in the font table, adding it on first use. */
  font(face: Face): number {
    const key = face.programKey ?? face.key;
    let i = this.fontIndex.get(key);
    if (i === undefined) {
      i = this.fonts.length;
      this.fonts.push({
        key,
        postscriptName: face.postscriptName,
        family: face.family,
        data: face.data,
        unitsPerEm: face.unitsPerEm,
        syntheticBold: face.syntheticBold,
        syntheticItalic: face.syntheticItalic,
      });
      this.fontIndex.set(key, i);
    }
    if (face.programKey && !this.fonts[i]!.respaced) this.fonts[i] = { ...this.fonts[i]!, respaced: true };
    return i;
  }

  /**
   * Index of a media item in the image table, adding it on first use. A recoloured use (`adjust`)
   * is an image of its own, shared by every use with the same adjustments; past MAX_RECOLOURINGS
   * versions of one part, further recolourings draw the picture as stored, with a warning.
   */
  image(key: string, media: MediaItem, adjust?: PictureAdjust): number {
    const full = adjust ? `${key}\u0000${JSON.stringify(adjust)}` : key;
    let i = this.imageIndex.get(full);
    if (i !== undefined) return i;
    if (adjust) {
      const n = this.recolourings.get(key) ?? 0;
      if (n >= MAX_RECOLOURINGS) {
        this.warn?.('layout/too-many-recolourings', `The picture ${key} is recoloured more than ${MAX_RECOLOURINGS} ways; its other recolourings are not drawn (the picture is drawn as stored).`);
        return this.image(key, media);
      }
      this.recolourings.set(key, n + 1);
    }
    i = this.images.length;
    this.images.push({ contentType: media.contentType, data: media.data, ...(adjust ? { adjust } : {}) });
    this.imageIndex.set(full, i);
    return i;
  }
}

/** Page geometry that floating objects are positioned against. */
export interface SinkPage {
  readonly widthPt: number;
  readonly heightPt: number;
  readonly marginLeft: number;
  readonly marginRight: number;
  readonly marginTop: number;
  readonly marginBottom: number;
  /**
   * An even-numbered page, whose inside margin is its right (and bottom) one: floats placed or sized
   * from the inside or outside margin look at it. Absent: an odd page.
   */
  readonly evenPage?: boolean;
}

/** Receives the items of one page (or one story being measured). */
export interface ItemSink {
  readonly resources: ResourceTables;
  /** The page being drawn, for floating objects. */
  readonly page: SinkPage;
  /** Items of floating objects in front of the text (drawn last). */
  readonly foreground: LayoutItem[];
  /** Items drawn under the text (shading, highlight). */
  readonly background: LayoutItem[];
  readonly items: LayoutItem[];
  /** Floating objects, stacked by the page in their z-order (see FloatDrawing). */
  readonly floats: FloatDrawing[];
  /** Records a named destination (bookmark) at a position on this page. */
  destination(name: string, x: number, y: number): void;
  /** Records a heading for the outline. */
  heading(title: string, level: number, y: number): void;
  /** The page's comment layer when comments are shown (highlights and balloon anchors). */
  readonly comments?: CommentLayer;
}

/**
 * One floating object's items. Word stacks a page's floats by their wp:anchor/@relativeHeight
 * (§20.4.2.3; VML's z-index), whatever order their anchors come in: those behind the text
 * (behindDoc) under all of the page's text, the others over all of it, the higher over the lower
 * (oxsdk-Complex01's cover page: its dark abstract box comes before the white panel in the file but
 * is drawn over it).
 */
export interface FloatDrawing {
  readonly z: number;
  readonly behind: boolean;
  readonly items: readonly LayoutItem[];
}

/**
 * The items of a sink's floats behind its text (`behind`) or over it, in stacking order: lowest
 * first, ties in the order they were drawn.
 */
export function stackedFloats(sink: ItemSink, behind: boolean): LayoutItem[] {
  const floats = sink.floats.filter((f) => f.behind === behind);
  const order = floats.map((_, i) => i).sort((a, b) => floats[a]!.z - floats[b]!.z || a - b);
  const out: LayoutItem[] = [];
  for (const i of order) for (const item of floats[i]!.items) out.push(item);
  return out;
}

/**
 * What `from` (a sub-sink drawn upright) holds, into `to` under `transform`: one group per layer, and
 * each float in a group of its own, still stacked with the page's.
 */
export function drawTransformed(from: ItemSink, to: ItemSink, transform: readonly [number, number, number, number, number, number]): void {
  if (from.background.length > 0) to.background.push({ kind: 'group', transform, items: from.background });
  if (from.items.length > 0) to.items.push({ kind: 'group', transform, items: from.items });
  if (from.foreground.length > 0) to.foreground.push({ kind: 'group', transform, items: from.foreground });
  for (const f of from.floats) to.floats.push({ ...f, items: [{ kind: 'group', transform, items: [...f.items] }] });
}

/**
 * A sink drawing into arrays of its own, that passes bookmarks, headings, comment anchors and floats
 * on to `parent`: one floating object drawn apart from the page's other items.
 */
export function layerSink(parent: ItemSink): ItemSink & { readonly background: LayoutItem[]; readonly items: LayoutItem[]; readonly foreground: LayoutItem[] } {
  return {
    resources: parent.resources,
    page: parent.page,
    background: [],
    items: [],
    foreground: [],
    floats: parent.floats,
    destination: (name, x, y) => parent.destination(name, x, y),
    heading: (title, level, y) => parent.heading(title, level, y),
    ...(parent.comments ? { comments: parent.comments } : {}),
  };
}

/** A sink collecting into arrays, with destinations relative to an unknown page resolved later. */
export class CollectingSink implements ItemSink {
  readonly background: LayoutItem[] = [];
  readonly items: LayoutItem[] = [];
  readonly foreground: LayoutItem[] = [];
  readonly floats: FloatDrawing[] = [];
  readonly destinations: Array<{ name: string } & Omit<Destination, 'page'>> = [];
  readonly headings: Array<{ title: string; level: number; y: number }> = [];
  comments?: CommentLayer;
  constructor(
    readonly resources: ResourceTables,
    readonly page: SinkPage,
  ) {}
  destination(name: string, x: number, y: number): void {
    this.destinations.push({ name, x, y });
  }
  heading(title: string, level: number, y: number): void {
    this.headings.push({ title, level, y });
  }
}
