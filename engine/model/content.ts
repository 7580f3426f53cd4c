/**
 * Document content: blocks (paragraphs, tables) and the inline items of a paragraph. The table types
 * (w:tbl and its rows and cells) are in table.ts.
 */
import type { Color, ParagraphProps, Revision, RunProps } from './props';
import type { MathRow, MathWrap } from './math';
import type { DrawingEffects, GradientFill, OuterShadow, PathCommand, PathPaint, PictureAdjust, PictureFill, ShapeLine, WordArt } from './drawing';
import type { Table } from './table';

/** A block-level item of a story (body, header, footer, note, cell, text box). */
export type Block = Paragraph | Table;

/** A paragraph (w:p, §17.3.1.22). */
export interface Paragraph {
  readonly kind: 'paragraph';
  readonly props: ParagraphProps;
  readonly inlines: readonly Inline[];
  /** Properties of the paragraph mark (its height counts for empty paragraphs). */
  readonly markProps: RunProps;
  /** Tracked change of the paragraph mark itself (an inserted or deleted paragraph break). */
  readonly markRevision?: Revision;
  /** Location for diagnostics, e.g. `word/document.xml#p12`. */
  readonly at?: string;
}

/** Where a hyperlink goes (w:hyperlink, §17.16.22). */
export type LinkTarget = { readonly url: string } | { readonly anchor: string };

/** An inline item of a paragraph. */
export type Inline =
  | TextRun
  | TabInline
  | BreakInline
  | FieldInline
  | NoteReference
  | NoteMark
  | ImageInline
  | ShapeInline
  | ChartInline
  | MathInline
  | CheckBoxInline
  | BookmarkMark
  | CommentMark
  | RubyMark;

/** Properties shared by inline items that sit in a run. */
interface InRun {
  readonly props: RunProps;
  readonly revision?: Revision;
  readonly link?: LinkTarget;
}

/** Text in one font slot with one set of properties (w:r/w:t, w:sym, w:noBreakHyphen, ...). */
export interface TextRun extends InRun {
  readonly kind: 'text';
  /** The characters; soft hyphens are U+00AD, non-breaking hyphens U+2011, no-break spaces U+00A0. */
  readonly text: string;
}

/** A tab character (w:tab) or an absolute position tab (w:ptab, §17.3.3.23). */
export interface TabInline extends InRun {
  readonly kind: 'tab';
  readonly ptab?: {
    readonly alignment: 'left' | 'center' | 'right';
    readonly relativeTo: 'margin' | 'indent';
    readonly leader: 'none' | 'dot' | 'hyphen' | 'underscore' | 'middleDot';
  };
}

/** A break (w:br, §17.3.3.1; w:cr). */
export interface BreakInline extends InRun {
  readonly kind: 'break';
  readonly type: 'line' | 'page' | 'column';
  /** For line breaks next to floating objects (w:clear). */
  readonly clear?: 'none' | 'left' | 'right' | 'all';
}

/** Parsed field instruction (§17.16.5): `PAGE \* roman` → name PAGE, args [], switches [['\\*','roman']]. */
export interface FieldInstruction {
  readonly name: string;
  readonly args: readonly string[];
  readonly switches: ReadonlyArray<readonly [string, string | undefined]>;
}

/**
 * A field (w:fldSimple or fldChar begin/separate/end). Layout computes PAGE, NUMPAGES, SECTIONPAGES,
 * PAGEREF and the like; other fields show `result` (the cached result, or a value the reader computed).
 */
export interface FieldInline extends InRun {
  readonly kind: 'field';
  readonly instruction: FieldInstruction;
  readonly rawInstruction: string;
  readonly result: readonly Inline[];
  /** True when the reader already computed `result` from the package (AUTHOR, DATE, DOCPROPERTY...). */
  readonly computed?: boolean;
  /**
   * The field's result continues past this paragraph (a TOC's result spans many paragraphs): `result`
   * holds the part in this paragraph; the following paragraphs hold the rest as ordinary inlines.
   */
  readonly continues?: boolean;
  /**
   * Marks where a field whose result continued past its first paragraph ends (fldChar end): it has
   * the field's instruction and no result, and prints nothing.
   */
  readonly closes?: boolean;
  /** The field is locked (w:fldLock, §17.16.18): its cached result must not be updated. */
  readonly locked?: boolean;
}

/**
 * A legacy form checkbox (w:ffData/w:checkBox, §17.16.7, the result of a FORMCHECKBOX field): a
 * square drawn in the line, crossed when checked. Its side is `sizePt` (w:size, exact) or, with
 * w:sizeAuto or no size, the run's font size (§17.16.25: "displayed in the point size" of its run).
 */
export interface CheckBoxInline extends InRun {
  readonly kind: 'checkBox';
  readonly checked: boolean;
  /** The exact side (w:checkBox/w:size, half-points converted); absent: the run's font size. */
  readonly sizePt?: number;
}

/** A footnote or endnote reference mark in the text (w:footnoteReference, w:endnoteReference). */
export interface NoteReference extends InRun {
  readonly kind: 'noteRef';
  readonly noteType: 'footnote' | 'endnote';
  readonly id: string;
  /** A custom mark (w:customMarkFollows) replaces the number. */
  readonly customMark?: string;
}

/** The note's own number at the start of its text (w:footnoteRef, w:endnoteRef). */
export interface NoteMark extends InRun {
  readonly kind: 'noteMark';
  readonly noteType: 'footnote' | 'endnote';
}

/** Placement of a floating object (wp:anchor, §20.4.2.3). */
export interface FloatAnchor {
  readonly horizontal: {
    readonly relativeTo: 'page' | 'margin' | 'column' | 'character' | 'leftMargin' | 'rightMargin' | 'insideMargin' | 'outsideMargin';
    readonly align?: 'left' | 'center' | 'right' | 'inside' | 'outside';
    readonly offsetPt?: number;
    /** Offset as a fraction of the reference area's width (wp14:pctPosHOffset), when given instead of points. */
    readonly offsetPct?: number;
  };
  readonly vertical: {
    readonly relativeTo: 'page' | 'margin' | 'paragraph' | 'line' | 'topMargin' | 'bottomMargin' | 'insideMargin' | 'outsideMargin';
    readonly align?: 'top' | 'center' | 'bottom' | 'inside' | 'outside';
    readonly offsetPt?: number;
    /** Offset as a fraction of the reference area's height (wp14:pctPosVOffset), when given instead of points. */
    readonly offsetPct?: number;
  };
  readonly wrap: 'none' | 'square' | 'tight' | 'through' | 'topAndBottom';
  readonly wrapSide: 'both' | 'left' | 'right' | 'largest';
  /**
   * Tight and through wrapping: the wrap polygon (wp:wrapPolygon, §20.4.2.16–17) as fractions of the
   * object's extent (0..1, may reach a little outside); absent for other wrapping or a degenerate polygon.
   */
  readonly wrapPolygon?: readonly { readonly x: number; readonly y: number }[];
  readonly distancePt: { readonly top: number; readonly bottom: number; readonly left: number; readonly right: number };
  readonly behindText: boolean;
  readonly allowOverlap: boolean;
  readonly layoutInCell: boolean;
  /** Stacking order within the float's layer, higher over lower (relativeHeight; a VML z-index as Word's relativeHeight, vml-style.ts relativeHeightOf). */
  readonly zIndex: number;
  /**
   * Width and height as shares of an area of the page the object lands on (wp14:sizeRelH and
   * wp14:sizeRelV, [MS-ODRAWXML] 2.18.1.3-4; VML mso-width-percent with mso-width-relative), in place
   * of the saved extent: `share` is a fraction (1 = the whole area). Absent, or a share of 0: the extent.
   */
  readonly relativeSize?: {
    readonly width?: { readonly relativeTo: 'page' | 'margin' | 'leftMargin' | 'rightMargin' | 'insideMargin' | 'outsideMargin'; readonly share: number };
    readonly height?: { readonly relativeTo: 'page' | 'margin' | 'topMargin' | 'bottomMargin' | 'insideMargin' | 'outsideMargin'; readonly share: number };
  };
}

/** Geometry transforms shared by pictures and shapes. */
export interface Transform2D {
  readonly rotationDeg?: number;
  readonly flipH?: boolean;
  readonly flipV?: boolean;
}

/**
 * Room an inline object keeps around itself for its drawing effects (wp:effectExtent, §20.4.2.6:
 * shadows, glows, picture frames): it counts in line layout, and the object is drawn inside it.
 */
export interface EffectExtent {
  readonly effectPt?: { readonly left: number; readonly top: number; readonly right: number; readonly bottom: number };
}

/** A picture (pic:pic in wp:inline / wp:anchor, or VML v:imagedata). */
export interface ImageInline extends InRun, Transform2D, EffectExtent, DrawingEffects {
  readonly kind: 'image';
  /** Key into DocModel.media. */
  readonly media: string;
  readonly widthPt: number;
  readonly heightPt: number;
  /** Cropping as fractions of the source image (a:srcRect, 1/100000 units converted). */
  readonly crop?: { readonly left: number; readonly top: number; readonly right: number; readonly bottom: number };
  readonly anchor?: FloatAnchor;
  readonly alt?: string;
  readonly title?: string;
  /** Outline stroked centred on the picture's edge (pic:spPr/a:ln, VML stroked="t"). */
  readonly outline?: ShapeLine;
  /**
   * The picture's shape when it is not a rectangle (pic:spPr/a:prstGeom or a:custGeom, e.g. Word's
   * rounded "Bevel" picture styles): outlines in the picture's own coordinates (points, origin at its
   * top left), which clip the picture and which its outline follows.
   */
  readonly shapePaths?: ReadonlyArray<readonly PathCommand[]>;
  /**
   * The outline lies wholly outside the picture instead of centred on its edge: Word draws a bevelled
   * picture's line so (a:sp3d with a:bevelT / a:bevelB, as in its "Simple Frame" picture styles).
   */
  readonly outlineOutside?: boolean;
  /** Outer shadow cast by the picture and its outline (a:effectLst/a:outerShdw, §20.1.8.49). */
  readonly shadow?: OuterShadow;
  /** Opacity 0–1 of a translucent picture (a:blip/a:alphaModFix amt, §20.1.8.4: "Picture Transparency"). */
  readonly opacity?: number;
  /** Colour adjustments Word applies to the picture's pixels (a:blip effects, VML v:imagedata attributes). */
  readonly adjust?: PictureAdjust;
}


/** A drawn shape or text box (wps:wsp, wpg:wgp children, v:shape, v:rect...). */
export interface ShapeInline extends InRun, Transform2D, EffectExtent, DrawingEffects {
  readonly kind: 'shape';
  readonly widthPt: number;
  readonly heightPt: number;
  /** Preset geometry name (a:prstGeom/@prst) or `custom`. */
  readonly geometry: string;
  /** Outline of the geometry in shape coordinates, when it is drawn. */
  readonly paths: ReadonlyArray<readonly PathCommand[]>;
  /** Per path (same index), how it is painted when not simply filled and stroked. */
  readonly pathPaints?: ReadonlyArray<PathPaint | undefined>;
  readonly fill?: Color;
  /**
   * Opacity 0–1 of a flat `fill` that lets what is under it show through (a:alpha in a:solidFill,
   * VML v:fill/@opacity), when below 1.
   */
  readonly fillOpacity?: number;
  /**
   * Picture fill (a:blipFill in spPr, VML v:fill with an image): key into DocModel.media. The image
   * is stretched over the shape, or repeated at its own size when `tile` is set; `fill` then holds
   * a representative colour for renderers that cannot draw it.
   */
  readonly fillImage?: PictureFill;
  /** Gradient fill; `fill` then holds a representative colour for renderers and readers that need one. */
  readonly fillGradient?: GradientFill;
  readonly line?: ShapeLine;
  /** Text box content (wps:txbx / v:textbox). */
  readonly text?: {
    readonly blocks: readonly Block[];
    readonly insetsPt: { readonly top: number; readonly bottom: number; readonly left: number; readonly right: number };
    readonly verticalAlign: 'top' | 'center' | 'bottom';
    /** The box grows to fit its text (a:spAutoFit / mso-fit-shape-to-text). */
    readonly autoFit: boolean;
    /**
     * The text keeps its orientation whatever the shape's rotation and flips: a:bodyPr upright, and
     * VML text boxes, whose text Word does not turn (its Circle page-number shape is rotation:180;
     * flip:x with the number upright).
     */
    readonly upright?: boolean;
    /**
     * The text's own turn in degrees clockwise, about the centre of its area, in place of the
     * shape's rotation and flips (a SmartArt shape's dsp:txXfrm rot: a turned arrow keeps its
     * label level).
     */
    readonly rotationDeg?: number;
  };
  /** A WordArt text path drawn instead of a text box (VML v:textpath): one line stretched over the box. */
  readonly wordArt?: WordArt;
  /** Grouped children (wpg:wgp), positioned in this shape's coordinates. */
  readonly children?: ReadonlyArray<{ readonly xPt: number; readonly yPt: number; readonly item: ImageInline | ShapeInline }>;
  readonly anchor?: FloatAnchor;
  /** Watermark-style shape in a header (VML with a PowerPlusWaterMarkObject id). */
  readonly watermark?: boolean;
  /**
   * A horizontal rule without a width of its own (VML o:hr with width 0): its width is this share
   * (0–1, from o:hrpct) of the width its line has, set when the paragraph is laid out.
   */
  readonly ruleShare?: number;
}

/** A chart (c:chartSpace), with its data from the cached values. The chart model lives in chart.ts. */
export interface ChartInline extends InRun, EffectExtent {
  readonly kind: 'chart';
  readonly widthPt: number;
  readonly heightPt: number;
  /** Key into DocModel.charts. */
  readonly chart: string;
  readonly anchor?: FloatAnchor;
}

/**
 * An equation (m:oMath, §22.1.2.77): its tree for typesetting, and its linear text (Word's linear
 * format) for text extraction and as the fallback when the tree could not be read.
 */
export interface MathInline extends InRun {
  readonly kind: 'math';
  readonly linearText: string;
  /** Display math: an equation of an m:oMathPara, on its own line. */
  readonly display: boolean;
  readonly tree?: MathRow;
  /** Justification of display math (m:oMathParaPr/m:jc, else m:mathPr/m:defJc); absent: centred. */
  readonly jc?: 'left' | 'right' | 'center' | 'centerGroup';
  /** Line breaking of display math wider than its column (the document's m:mathPr); absent: Word's defaults. */
  readonly wrap?: MathWrap;
  /** The equations of one m:oMathPara holding several share this object: m:jc centerGroup aligns them as a group. */
  readonly group?: MathGroup;
  /** How many of its equation arrays are spread to the container's width (m:maxDist); absent: none. */
  readonly spreads?: number;
}

/** Identifies the equations of one m:oMathPara (compared by reference). */
export interface MathGroup {
  readonly size: number;
}

/** Start or end of a bookmark (w:bookmarkStart / w:bookmarkEnd, §17.13.6). */
export interface BookmarkMark {
  readonly kind: 'bookmark';
  readonly edge: 'start' | 'end';
  readonly id: string;
  /** Only on starts. */
  readonly name?: string;
}

/** Start or end of a comment's range, or its reference mark (§17.13.4). */
export interface CommentMark {
  readonly kind: 'comment';
  readonly edge: 'start' | 'end' | 'reference';
  readonly id: string;
}

/**
 * Where a phonetic guide's base text starts or ends (w:ruby, ECMA-376 Part 1 §17.3.3.25): the base
 * (w:rubyBase) sits between the two marks as ordinary inlines; the start mark carries the guide.
 */
export type RubyMark = { readonly kind: 'ruby'; readonly edge: 'start'; readonly guide: RubyGuide } | { readonly kind: 'ruby'; readonly edge: 'end' };

/** The guide text of a ruby (w:rt) and how it is set (w:rubyPr, §17.3.3.28). */
export interface RubyGuide {
  readonly text: string;
  /** The guide's run properties, at the ruby size (w:hps). */
  readonly props: RunProps;
  /** w:rubyAlign (ST_RubyAlign, §17.18.80), which CT_RubyPr requires; centre when it is missing. */
  readonly align: RubyAlign;
  /** w:hpsRaise: from the base text's baseline up to the guide's. */
  readonly raisePt: number;
}

/** How a guide sits over its base (ST_RubyAlign, §17.18.80). */
export type RubyAlign = 'center' | 'distributeLetter' | 'distributeSpace' | 'left' | 'right' | 'rightVertical';
