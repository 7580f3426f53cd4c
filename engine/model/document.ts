/**
 * DocModel: the whole document as readonly data, produced by parseDocx and consumed by layout.
 * Styles are resolved, lengths are points, numbering labels are counted, theme colours applied.
 */
import type { Block } from './content';
import type { GradientFill, PictureFill } from './drawing';
import type { Border, Color, FontGeneric, RunProps } from './props';
import type { ChartModel } from './chart';
import type { MathSettings } from './math';

/** Number formats (ST_NumberFormat, §17.18.59) that the engine formats itself. */
export type NumberFormat =
  | 'decimal' | 'decimalZero' | 'upperRoman' | 'lowerRoman' | 'upperLetter' | 'lowerLetter' | 'ordinal'
  | 'cardinalText' | 'ordinalText' | 'hex' | 'chicago' | 'bullet' | 'none' | 'decimalEnclosedCircle'
  | 'decimalFullWidth' | 'ideographDigital' | 'chineseCounting' | 'japaneseCounting' | 'arabicAlpha' | 'hebrew1'
  | 'numberInDash';

/** Page borders (w:pgBorders, §17.6.10). */
export interface PageBorders {
  readonly top?: Border;
  readonly left?: Border;
  readonly bottom?: Border;
  readonly right?: Border;
  readonly offsetFrom: 'page' | 'text';
  readonly display: 'allPages' | 'firstPage' | 'notFirstPage';
  readonly zOrder: 'front' | 'back';
}

/** Footnote or endnote numbering options (w:footnotePr / w:endnotePr, §17.11). */
export interface NoteOptions {
  readonly format: NumberFormat;
  readonly start: number;
  readonly restart: 'continuous' | 'eachSect' | 'eachPage';
  /** Endnotes: `docEnd` or `sectEnd`; footnotes: `pageBottom` or `beneathText`. */
  readonly position: 'pageBottom' | 'beneathText' | 'sectEnd' | 'docEnd';
}

/** Which header/footer parts a section uses; keys into DocModel.headerFooters. Inheritance is resolved. */
export interface HeaderFooterRefs {
  readonly default?: string;
  readonly first?: string;
  readonly even?: string;
}

/** Resolved section properties (w:sectPr, §17.6.17). */
export interface SectionProps {
  readonly pageWidthPt: number;
  readonly pageHeightPt: number;
  readonly orientation: 'portrait' | 'landscape';
  readonly margins: {
    readonly top: number;
    readonly right: number;
    readonly bottom: number;
    readonly left: number;
    readonly header: number;
    readonly footer: number;
    readonly gutter: number;
  };
  readonly columns: {
    readonly count: number;
    readonly spacePt: number;
    readonly separator: boolean;
    /** Unequal columns (w:equalWidth="0"): each width and the space after it. */
    readonly widths?: ReadonlyArray<{ readonly widthPt: number; readonly spacePt: number }>;
  };
  readonly type: 'nextPage' | 'continuous' | 'evenPage' | 'oddPage' | 'nextColumn';
  readonly verticalAlign: 'top' | 'center' | 'both' | 'bottom';
  readonly titlePage: boolean;
  readonly headers: HeaderFooterRefs;
  readonly footers: HeaderFooterRefs;
  readonly pageNumbers: { readonly format: NumberFormat; readonly start?: number };
  readonly docGrid?: { readonly type: 'default' | 'lines' | 'linesAndChars' | 'snapToChars'; readonly linePitchPt: number; readonly charSpacePt?: number };
  readonly pageBorders?: PageBorders;
  readonly bidi: boolean;
  /**
   * Columns of the footnote area of the section's pages (w15:footnoteColumns, written by Word 2013
   * on: Word's FootnoteOptions.LayoutColumns); absent or 0: as many as the text has.
   */
  readonly footnoteColumns?: number;
  /**
   * A vertical section (w:textDirection, §17.6.20): lines run down the page, following ones to their
   * left (tbRl), or up the page, following ones to their right (btLr). Absent: horizontal.
   */
  readonly textDirection?: 'tbRl' | 'btLr';
  readonly footnotes?: NoteOptions;
  readonly endnotes?: NoteOptions;
  readonly lineNumbering?: {
    readonly countBy: number;
    readonly start: number;
    readonly distancePt: number;
    readonly restart: 'newPage' | 'newSection' | 'continuous';
    /** Run properties of the numbers: the Normal style with the LineNumber character style applied. */
    readonly props?: RunProps;
  };
}

/** A section: its properties and its body blocks. */
export interface Section {
  readonly props: SectionProps;
  readonly blocks: readonly Block[];
}

/** A header or footer part (w:hdr / w:ftr). */
export interface HeaderFooter {
  readonly part: string;
  readonly blocks: readonly Block[];
}

/** A footnote, endnote or separator (w:footnote / w:endnote). */
export interface Note {
  readonly id: string;
  readonly type: 'normal' | 'separator' | 'continuationSeparator' | 'continuationNotice';
  readonly blocks: readonly Block[];
}

/** A comment (w:comment, §17.13.4.2). */
export interface Comment {
  readonly id: string;
  readonly author: string;
  readonly initials?: string;
  readonly date?: string;
  readonly blocks: readonly Block[];
}

/** An image or other binary part referenced from the content. */
export interface MediaItem {
  /** MIME type from [Content_Types].xml (or sniffed). */
  readonly contentType: string;
  readonly data: Uint8Array;
}

/** A font face embedded in the document (word/fonts, de-obfuscated). */
export interface EmbeddedFontFace {
  readonly family: string;
  readonly bold: boolean;
  readonly italic: boolean;
  readonly data: Uint8Array;
}

/** A font the document declares in its font table (w:font, §17.8.3.10). */
export interface FontDeclaration {
  readonly name: string;
  readonly generic: FontGeneric;
  readonly altName?: string;
  readonly pitch?: 'fixed' | 'variable' | 'default';
  readonly charset?: string;
}

/** Document settings that change layout (word/settings.xml, §17.15). */
export interface DocSettings {
  readonly defaultTabStopPt: number;
  readonly evenAndOddHeaders: boolean;
  readonly mirrorMargins: boolean;
  readonly gutterAtTop: boolean;
  readonly autoHyphenation: boolean;
  readonly hyphenationZonePt?: number;
  readonly consecutiveHyphenLimit?: number;
  readonly doNotHyphenateCaps: boolean;
  /** w:compat/w:compatSetting compatibilityMode (11 = Word 2003 … 15 = Word 2013+). */
  readonly compatibilityMode: number;
  readonly footnotes: NoteOptions;
  readonly endnotes: NoteOptions;
  /** Page background colour (w:background, shown when displayBackgroundShape is set). */
  readonly background?: Color;
  /**
   * The fill effect of the page background (w:background/v:background/v:fill, ECMA-376 Part 4
   * §19.1.2.5): a picture (tiled, a pattern, or stretched over the page) or a gradient, drawn over
   * `background` in its place.
   */
  readonly backgroundFill?: { readonly picture?: PictureFill; readonly gradient?: GradientFill };
  readonly displayBackgroundShape: boolean;
  /** Word's "don't use HTML paragraph auto spacing" (w:doNotUseHTMLParagraphAutoSpacing). */
  readonly doNotUseHtmlParagraphAutoSpacing: boolean;
  /**
   * w:adjustLineHeightInTable (§17.15.3.1): lines in table cells follow the document grid too
   * (without it a cell's text is off the grid).
   */
  readonly adjustLineHeightInTable?: boolean;
  /**
   * w:compat/w:usePrinterMetrics (ISO/IEC 29500 1st edition §9.7.3.52, a legacy setting of ECMA-376
   * Part 4): text is laid out on the printer's device widths instead of ideal ones (WordCache).
   */
  readonly usePrinterMetrics?: boolean;
  /**
   * w:compat/w:ulTrailSpace (ISO/IEC 29500-1 1st edition §17.15.3.8, a legacy setting of ECMA-376
   * Part 4): the spaces at the end of a line are underlined too (without it they are not).
   */
  readonly underlineTrailingSpaces?: boolean;
  /**
   * w:compat/w:splitPgBreakAndParaMark (ISO/IEC 29500 1st edition §9.7.3.38, a legacy setting of
   * ECMA-376 Part 4): a page break with nothing after it in its paragraph still ends the page, and
   * the paragraph mark goes down to a line of its own on the next page (without it the paragraph
   * ends on the page of the break).
   */
  readonly splitPageBreakAndParaMark?: boolean;
  /** Space before at the top of a page is suppressed unless this compatibility option asks otherwise. */
  readonly suppressSpacingAtTopOfPage: boolean;
  /** The document's w15:docId GUID, without braces (used for telemetry identity). */
  readonly docId?: string;
  /** Office Math defaults (m:mathPr, §22.1.2.62), when the settings have them. */
  readonly math?: MathSettings;
}

/** Document properties from docProps/core.xml, app.xml and custom.xml. */
export interface DocProperties {
  readonly title?: string;
  readonly subject?: string;
  readonly creator?: string;
  readonly keywords?: string;
  readonly description?: string;
  readonly lastModifiedBy?: string;
  readonly revision?: string;
  readonly category?: string;
  /** ISO 8601 timestamps, verbatim from the package. */
  readonly created?: string;
  readonly modified?: string;
  readonly lastPrinted?: string;
  readonly application?: string;
  readonly company?: string;
  readonly manager?: string;
  readonly template?: string;
  readonly pages?: number;
  readonly words?: number;
  readonly characters?: number;
  readonly totalEditingMinutes?: number;
  readonly custom: Readonly<Record<string, string>>;
}

/** The whole parsed document. */
export interface DocModel {
  readonly kind: 'document';
  readonly sections: readonly Section[];
  readonly headerFooters: Readonly<Record<string, HeaderFooter>>;
  readonly footnotes: Readonly<Record<string, Note>>;
  readonly endnotes: Readonly<Record<string, Note>>;
  readonly comments: Readonly<Record<string, Comment>>;
  readonly media: Readonly<Record<string, MediaItem>>;
  readonly charts: Readonly<Record<string, ChartModel>>;
  readonly fonts: readonly FontDeclaration[];
  readonly embeddedFonts: readonly EmbeddedFontFace[];
  readonly settings: DocSettings;
  readonly properties: DocProperties;
  /** Paragraph style id → display name, for STYLEREF and TOC. */
  readonly styleNames: Readonly<Record<string, string>>;
  /** Authors of tracked changes in order of first appearance (index = Revision.authorIndex). */
  readonly revisionAuthors: readonly string[];
  /** The file name given by the caller, for FILENAME fields and the PDF title fallback. */
  readonly fileName?: string;
}
