/**
 * ItemSink: where emitters put page items, and the document-wide font and image tables.
 */
import type { Destination, LayoutFont, LayoutImage, LayoutItem, MediaItem } from '../../model';
import type { CommentLayer } from '../comments/layer';
import type { Face } from '../faces';

/** Document-wide tables of fonts and images referenced by index from items. */
export class ResourceTables {
  readonly fonts: LayoutFont[] = [];
  readonly images: LayoutImage[] = [];
  private readonly fontIndex = new Map<string, number>();
  private readonly imageIndex = new Map<string, number>();

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

  /** Index of a media item in the image table, adding it on first use. */
  image(key: string, media: MediaItem): number {
    let i = this.imageIndex.get(key);
    if (i === undefined) {
      i = this.images.length;
      this.images.push({ contentType: media.contentType, data: media.data });
      this.imageIndex.set(key, i);
    }
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
}

/** Receives the items of one page (or one story being measured). */
export interface ItemSink {
  readonly resources: ResourceTables;
  /** The page being drawn, for floating objects. */
  readonly page: SinkPage;
  /** Items of floating objects in front of the text (drawn last). */
  readonly foreground: LayoutItem[];
  /** Items drawn under the text (shading, highlight, behind-text floats). */
  readonly background: LayoutItem[];
  readonly items: LayoutItem[];
  /** Records a named destination (bookmark) at a position on this page. */
  destination(name: string, x: number, y: number): void;
  /** Records a heading for the outline. */
  heading(title: string, level: number, y: number): void;
  /** The page's comment layer when comments are shown (highlights and balloon anchors). */
  readonly comments?: CommentLayer;
}

/** A sink collecting into arrays, with destinations relative to an unknown page resolved later. */
export class CollectingSink implements ItemSink {
  readonly background: LayoutItem[] = [];
  readonly items: LayoutItem[] = [];
  readonly foreground: LayoutItem[] = [];
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
