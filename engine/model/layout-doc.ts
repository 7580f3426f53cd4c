/**
 * LayoutDoc: pages of absolutely positioned items, the only input of the PDF and canvas renderers.
 *
 * Coordinates are points with the origin at the page's top-left corner and y growing downwards.
 * Plain data throughout (it crosses the worker boundary; font and image bytes travel with it).
 */
import type { Color, GradientStop, PathCommand, PictureAdjust } from './index';

/** A font program used by glyph runs. */
export interface LayoutFont {
  /** Stable key of the face (shipped file name, or an embedded/extra face key). */
  readonly key: string;
  readonly postscriptName: string;
  readonly family: string;
  readonly data: Uint8Array;
  readonly unitsPerEm: number;
  /** Draw with a stroke to embolden (the document asked for bold and no bold face exists). */
  readonly syntheticBold: boolean;
  /** Slant by 12° (the document asked for italic and no italic face exists). */
  readonly syntheticItalic: boolean;
  /**
   * Some runs draw this program on advances other than its own (a stand-in laid out on the original's
   * widths, engine/text substitution.ts): the PDF's /W then takes the advances the glyphs are drawn
   * on, so text extraction sees no gaps inside words.
   */
  readonly respaced?: boolean;
}

/** An image used by image items. */
export interface LayoutImage {
  readonly contentType: string;
  readonly data: Uint8Array;
  /** Colour adjustments renderers apply to the decoded pixels (a recoloured use of a picture is its own image). */
  readonly adjust?: PictureAdjust;
}

/** A run of positioned glyphs in one font, size and colour on one baseline. */
export interface GlyphRun {
  readonly kind: 'glyphs';
  /** Pen position of the first glyph on the baseline. */
  readonly x: number;
  readonly y: number;
  /** Index into LayoutDoc.fonts. */
  readonly font: number;
  readonly sizePt: number;
  readonly glyphs: readonly number[];
  /** Pen advance after each glyph in points (kerning, letter spacing and justification included). */
  readonly advances: readonly number[];
  /** The characters the glyphs show, for text extraction. */
  readonly text: string;
  /** For each glyph, the index in `text` of its first character (clusters ascend in logical order). */
  readonly clusters: readonly number[];
  readonly color: Color;
  /** Horizontal scale in percent (w:w), default 100. */
  readonly scalePct?: number;
  /** Right-to-left run: glyphs are in visual order, clusters map back to logical text. */
  readonly rtl?: boolean;
  /** Fill opacity 0–1 when the glyphs let what is under them show through (WordArt watermarks). */
  readonly fillOpacity?: number;
  /** Outlined glyphs: stroked with this colour and width besides being filled (WordArt's stroke). */
  readonly outline?: { readonly color: Color; readonly widthPt: number; readonly dash?: readonly number[] };
  /**
   * Glyphs whose inside is not painted, only their `outline` stroked (PDF text render mode 1, ISO
   * 32000-1 §9.3.6): a w14:textFill of no fill (w14:noFill) under a w14:textOutline.
   */
  readonly unfilled?: boolean;
  /**
   * Glyphs filled with this blend instead of their flat `color` (a w14:textFill gradient): the PDF
   * clips to them (text render mode 7, or 5 with an outline) and paints the shading.
   */
  readonly shading?: PathShading;
  /**
   * Text that is not painted (PDF text render mode 3, ISO 32000-1 §9.3.6), only searchable and
   * selectable: it lies over glyphs drawn as paths (warped WordArt).
   */
  readonly invisible?: boolean;
}

/** A filled and/or stroked rectangle. */
export interface RectItem {
  readonly kind: 'rect';
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly fill?: Color;
  readonly stroke?: Color;
  readonly lineWidth?: number;
}

/** A straight line. */
export interface LineItem {
  readonly kind: 'line';
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly width: number;
  readonly color: Color;
  /** Dash pattern in points. */
  readonly dash?: readonly number[];
}

/**
 * A smooth blend painted inside a path in place of its flat fill (PDF Type 2 / Type 3 shadings,
 * ISO 32000-1 §8.7.4.5.3–4), in page coordinates: `axial` blends from (x0, y0) to (x1, y1),
 * `radial` from the circle (x0, y0, r0) to (x1, y1, r1); both extend past their ends.
 */
export interface PathShading {
  readonly kind: 'axial' | 'radial';
  /** axial: x0 y0 x1 y1; radial: x0 y0 r0 x1 y1 r1. */
  readonly coords: readonly number[];
  /** At least two, ascending in position from 0 to 1. */
  readonly stops: readonly GradientStop[];
  /**
   * A further outline the shading is clipped to, besides the path (one face of a rectangular path
   * gradient: the path item is then drawn once per face, each with its own blend).
   */
  readonly clip?: readonly PathCommand[];
}

/**
 * A picture painted inside a path: image `image` drawn in the cell (x, y, w, h), page coordinates,
 * and, for a tiled fill, again `across` × `down` times at steps of the cell's size to the right and
 * down (one copy of the picture, drawn many times; PDF: one image XObject).
 */
export interface PathPicture {
  /** Index into LayoutDoc.images. */
  readonly image: number;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly across?: number;
  readonly down?: number;
}

/** A vector path (shapes, chart elements), in page coordinates. */
export interface PathItem {
  readonly kind: 'path';
  readonly commands: readonly PathCommand[];
  /** The flat fill; with `shading`, the colour a renderer that cannot blend paints instead. */
  readonly fill?: Color;
  /** A gradient painted inside the path (which then needs `fill` too). */
  readonly shading?: PathShading;
  /** A picture painted inside the path instead of a flat fill (a picture-filled shape or page). */
  readonly picture?: PathPicture;
  readonly stroke?: Color;
  readonly lineWidth?: number;
  readonly dash?: readonly number[];
  readonly fillOpacity?: number;
  /** Stroke opacity 0–1 when the stroke lets what is under it show through (a glow's rings). */
  readonly strokeOpacity?: number;
  /** The stroke's joins and caps are round (PDF `1 j 1 J`), not mitred and butt: a glow's rings. */
  readonly roundJoins?: boolean;
}

/** A placed image. */
export interface ImageItem {
  readonly kind: 'image';
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  /** Index into LayoutDoc.images. */
  readonly image: number;
  readonly crop?: { readonly left: number; readonly top: number; readonly right: number; readonly bottom: number };
  readonly rotationDeg?: number;
  readonly flipH?: boolean;
  readonly flipV?: boolean;
  /** Opacity 0–1 when the picture lets what is under it show through (a reflection's bands). */
  readonly opacity?: number;
}

/** A clickable area: an external URL or an internal destination (a bookmark name). */
export interface LinkItem {
  readonly kind: 'link';
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly url?: string;
  readonly dest?: string;
}

/** A group with an optional clip rectangle and transform (text boxes, rotated shapes). */
export interface GroupItem {
  readonly kind: 'group';
  readonly clip?: { readonly x: number; readonly y: number; readonly w: number; readonly h: number };
  /** Rectangles cut out of the clip (metafiles' ExcludeClipRect): nothing in them is drawn. */
  readonly clipOut?: ReadonlyArray<{ readonly x: number; readonly y: number; readonly w: number; readonly h: number }>;
  /** Affine matrix [a b c d e f] applied to the children, in page coordinates (y down). */
  readonly transform?: readonly [number, number, number, number, number, number];
  /** The items show through this mask only (a blurred shadow or glow, a soft edge), inside the clip and transform. */
  readonly softMask?: SoftMask;
  readonly items: readonly LayoutItem[];
}

/**
 * A soft mask (ISO 32000-1 §11.6.5, drawn the same by the canvas preview): the silhouette of
 * `shapes` (outlines filled nonzero where `fill`, stroked `lineWidth` wide with round joins), grown
 * (growPt > 0) or shrunk by growPt, blurred with a Gaussian of sigmaPt, rasterised on `grid` (a box
 * in the group's coordinates and its size in pixels, engine/image softMaskGrid); nothing shows
 * outside the box. Both renderers rasterise it with engine/image's rasterizeSoftMask.
 */
export interface SoftMask {
  readonly shapes: ReadonlyArray<{ readonly commands: readonly PathCommand[]; readonly fill?: boolean; readonly lineWidth?: number }>;
  readonly grid: { readonly x: number; readonly y: number; readonly w: number; readonly h: number; readonly cols: number; readonly rows: number };
  readonly growPt: number;
  readonly sigmaPt: number;
}

/** Any item on a page. Items are drawn in order (later on top). */
export type LayoutItem = GlyphRun | RectItem | LineItem | PathItem | ImageItem | LinkItem | GroupItem;

/** One laid-out page. */
export interface LayoutPage {
  readonly widthPt: number;
  readonly heightPt: number;
  readonly items: readonly LayoutItem[];
  /** Index of the section this page belongs to. */
  readonly section: number;
  /** The page number as printed (after pgNumType formatting). */
  readonly label: string;
}

/** A named place in the document (a bookmark) for internal links and the outline. */
export interface Destination {
  readonly page: number;
  readonly x: number;
  readonly y: number;
}

/** An entry of the document outline (PDF bookmarks) from headings. */
export interface OutlineEntry {
  readonly title: string;
  readonly level: number;
  readonly page: number;
  readonly y: number;
}

/** Document metadata for the PDF's Info dictionary and XMP. */
export interface DocumentInfo {
  readonly title?: string;
  readonly author?: string;
  readonly subject?: string;
  readonly keywords?: string;
  readonly creator?: string;
  /** ISO 8601 timestamps from the package (never the clock unless the caller asks). */
  readonly created?: string;
  readonly modified?: string;
  readonly lang?: string;
}

/**
 * A laid-out document as renderPdf reads it: the pages in order, and the tables their items refer to.
 * A LayoutDoc is one; layoutPages gives one whose pages are drawn as they are iterated (each page once,
 * in order), so a renderer can drop a page's items before the next is drawn. The tables then grow as
 * pages are drawn: a page's items refer only to fonts and images already in them, and the
 * destinations and outline are complete once the last page has been drawn.
 */
export interface LayoutSource {
  readonly pages: Iterable<LayoutPage> | AsyncIterable<LayoutPage>;
  readonly fonts: readonly LayoutFont[];
  readonly images: readonly LayoutImage[];
  readonly destinations: Readonly<Record<string, Destination>>;
  readonly outline: readonly OutlineEntry[];
  readonly info: DocumentInfo;
}

/** The output of layoutDocument: every page drawn. */
export interface LayoutDoc extends LayoutSource {
  readonly pages: readonly LayoutPage[];
  readonly fonts: readonly LayoutFont[];
  readonly images: readonly LayoutImage[];
  readonly destinations: Readonly<Record<string, Destination>>;
  readonly outline: readonly OutlineEntry[];
  readonly info: DocumentInfo;
}
