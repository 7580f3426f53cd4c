/**
 * Resolved formatting: what a run, paragraph, border or shading looks like after the style cascade.
 * All lengths are points; colours are 6-digit upper-case hex `RRGGBB` (theme colours already applied),
 * `undefined` meaning automatic.
 */
import type { GradientFill, Glow, Reflection } from './drawing';
import type { ImageInline } from './content';

/** An RGB colour as `RRGGBB`. */
export type Color = string;

/** Underline styles (w:u/@w:val, ST_Underline, ECMA-376 Part 1 §17.18.99). */
export type UnderlineStyle =
  | 'single' | 'words' | 'double' | 'thick' | 'dotted' | 'dottedHeavy' | 'dash' | 'dashedHeavy' | 'dashLong'
  | 'dashLongHeavy' | 'dotDash' | 'dashDotHeavy' | 'dotDotDash' | 'dashDotDotHeavy' | 'wave' | 'wavyHeavy' | 'wavyDouble';

/** Line styles of borders (ST_Border, §17.18.2), reduced to what a renderer distinguishes. */
export type BorderStyle =
  | 'single' | 'thick' | 'double' | 'dotted' | 'dashed' | 'dotDash' | 'dotDotDash' | 'triple' | 'wave' | 'doubleWave'
  | 'thinThick' | 'thickThin' | 'thinThickThin' | 'inset' | 'outset' | 'threeDEmboss' | 'threeDEngrave' | 'art';

/** One border line (CT_Border, §17.3.4). `none`/`nil` borders are absent (undefined), not modelled. */
export interface Border {
  readonly style: BorderStyle;
  readonly widthPt: number;
  /** Distance from the text (w:space, in points). */
  readonly spacePt: number;
  readonly color?: Color;
  readonly shadow?: boolean;
}

/** Shading (CT_Shd, §17.3.5) resolved to one fill colour (patterns blended with their colour). */
export interface Shading {
  readonly fill: Color;
}

/** Vertical alignment of a run (w:vertAlign). */
export type VertAlign = 'baseline' | 'superscript' | 'subscript';

/** Generic class of a font from the font table (w:family, §17.8.3.9), used to choose a substitute. */
export type FontGeneric = 'roman' | 'swiss' | 'modern' | 'script' | 'decorative' | 'auto';

/** Tracked-change mark on content (w:ins, w:del, w:moveFrom, w:moveTo, w:rPrChange; §17.13.5). */
export interface Revision {
  readonly type: 'insert' | 'delete' | 'moveFrom' | 'moveTo' | 'format';
  readonly author: string;
  /** Index of the author in order of first appearance in the document (stable colours). */
  readonly authorIndex: number;
  readonly date?: string;
}

/** Resolved run properties (CT_RPr, §17.3.2) for one stretch of text in one font slot. */
export interface RunProps {
  /** The font family to draw with, already chosen from rFonts by character class (ascii/hAnsi/eastAsia/cs). */
  readonly font: string;
  readonly fontGeneric?: FontGeneric;
  /** The font table's w:altName for `font` (§17.8.3.1): comma-separated names to try when `font` is not available. */
  readonly fontAlt?: string;
  readonly sizePt: number;
  readonly bold: boolean;
  readonly italic: boolean;
  readonly underline?: { readonly style: UnderlineStyle; readonly color?: Color };
  readonly strike: boolean;
  readonly doubleStrike: boolean;
  readonly color?: Color;
  readonly highlight?: Color;
  readonly shading?: Shading;
  readonly caps: boolean;
  readonly smallCaps: boolean;
  readonly vertAlign: VertAlign;
  /** Baseline raise (w:position), positive up. */
  readonly positionPt: number;
  /** Extra space after each character (w:spacing). */
  readonly spacingPt: number;
  /** Horizontal scale in percent (w:w). */
  readonly scalePct: number;
  /** Kerning applies at or above this size (w:kern); undefined = no kerning. */
  readonly kernMinPt?: number;
  /** OpenType standard ligatures requested (w14:ligatures). */
  readonly ligatures?: boolean;
  /** Hidden text (w:vanish): not drawn, takes no space. */
  readonly hidden: boolean;
  readonly emboss?: boolean;
  readonly imprint?: boolean;
  /** Hollow letters (w:outline, §17.3.2.23): the glyph outlines stroked in the text colour, the inside white. */
  readonly outline?: boolean;
  /** Text shadow (w:shadow, §17.3.2.31): a copy of the glyphs below and to the right. */
  readonly shadow?: boolean;
  /** Word 2010 text effects (w14:textFill, w14:textOutline, w14:shadow; [MS-DOCX] 2.6). */
  readonly textEffects?: TextEffects;
  /** East Asian emphasis mark over (or under) each character (w:em, §17.3.2.12). */
  readonly emphasisMark?: EmphasisMark;
  /** Right-to-left run (w:rtl) or complex-script class. */
  readonly rtl: boolean;
  /** Language tag for this run's script (w:lang). */
  readonly lang?: string;
  readonly border?: Border;
  /** Manual run width (w:fitText, §17.3.2.14): the text of the region is spread or squeezed to this width. */
  readonly fitText?: FitText;
  /** East Asian typography (w:eastAsianLayout, §17.3.2.10): two lines in one, horizontal in vertical. */
  readonly eastAsianLayout?: EastAsianLayout;
  /** Character style id, kept for STYLEREF and TOC. */
  readonly styleId?: string;
}

/** A paint of a text effect: a colour and its opacity (1 when not given). */
export interface TextPaint {
  readonly color: Color;
  readonly alpha?: number;
}

/** A w14:textFill: a flat paint, or a gradient (`color` its representative colour). */
export interface TextFill extends TextPaint {
  readonly gradient?: GradientFill;
}

/**
 * Word 2010 text effects of a run ([MS-DOCX] 2.6.x, w14 namespace). A solid w14:textFill's colour is
 * already the run's `color`; its opacity is here.
 */
export interface TextEffects {
  /** w14:textFill (CT_FillTextEffect): 'none' = w14:noFill (glyphs not filled); a paint: its opacity or gradient. */
  readonly fill?: TextFill | 'none';
  /** w14:textOutline (CT_TextOutlineEffect): the glyph outlines stroked; 'none' = w14:noFill. */
  readonly outline?: (TextPaint & { readonly widthPt: number; readonly dash?: readonly number[] }) | 'none';
  /** w14:shadow (CT_Shadow): a copy of the glyphs offset by dx, dy (points, y down), not blurred. */
  readonly shadow?: TextPaint & { readonly dxPt: number; readonly dyPt: number; readonly blurPt: number };
  /** w14:glow (CT_Glow): a halo around the glyphs. */
  readonly glow?: Glow;
  /** w14:reflection (CT_Reflection): a faded mirror copy of the glyphs, below their line by default. */
  readonly reflection?: Reflection;
}

/**
 * A fit-text region's width (w:fitText, §17.3.2.14). Consecutive runs with the same `id` and width
 * form one region. The standard makes a run without w:id a region of its own; Word gives it id 0
 * and links it with the runs around it that have no id or id 0 ([MS-OI29500] 2.1.78), and so do we.
 */
export interface FitText {
  readonly widthPt: number;
  /** w:id as a decimal number ("0" when omitted, as Word reads it), or the attribute as written when it is not a number. */
  readonly id: string;
}

/**
 * East Asian typography of a run (CT_EastAsianLayout, §17.3.2.10). Consecutive runs with the same
 * `id` are one region.
 */
export interface EastAsianLayout {
  readonly id?: string;
  /** Two lines in one (w:combine): the region's characters set in two half-size lines within the line. */
  readonly combine?: boolean;
  /** Brackets around two lines in one (w:combineBrackets, ST_CombineBrackets §17.18.8). */
  readonly brackets?: 'round' | 'square' | 'angle' | 'curly';
  /** Horizontal in vertical (w:vert): in vertical text the region stands upright as one unit (tate-chu-yoko). */
  readonly vert?: boolean;
  /** w:vertCompress: such a region is squeezed to one character's width so its line keeps its height. */
  readonly vertCompress?: boolean;
}

/** Paragraph alignment (w:jc, ST_Jc, §17.18.44), start/end already resolved for the paragraph direction. */
export type Alignment = 'left' | 'center' | 'right' | 'both' | 'distribute';

/** Line spacing (w:spacing/@w:line + @w:lineRule, §17.3.1.33). */
export type LineSpacing =
  | { readonly rule: 'auto'; readonly multiple: number }
  | { readonly rule: 'exact'; readonly pt: number }
  | { readonly rule: 'atLeast'; readonly pt: number };

/** A tab stop (CT_TabStop, §17.3.1.37); cleared stops are already removed. */
export interface TabStop {
  readonly positionPt: number;
  readonly alignment: 'left' | 'center' | 'right' | 'decimal' | 'bar';
  readonly leader: 'none' | 'dot' | 'hyphen' | 'underscore' | 'heavy' | 'middleDot';
}

/** Paragraph borders (w:pBdr, §17.3.1.24). */
export interface ParagraphBorders {
  readonly top?: Border;
  readonly bottom?: Border;
  readonly left?: Border;
  readonly right?: Border;
  readonly between?: Border;
  readonly bar?: Border;
}

/** The resolved list label of a numbered or bulleted paragraph (numbering.xml applied, counters counted). */
export interface ListLabel {
  /** The label text, e.g. `2.1.` or `•`; a symbol-font bullet keeps its code (e.g. U+F0B7 in Symbol) and `props.font`, for layout to map. */
  readonly text: string;
  readonly props: RunProps;
  /**
   * A picture bullet (w:lvlPicBulletId, §17.9.20) drawn in place of `text`, which keeps a plain
   * bullet for where only text goes (references to the paragraph, tables of contents).
   */
  readonly picture?: ImageInline;
  /** What follows the label (w:suff). */
  readonly suffix: 'tab' | 'space' | 'nothing';
  /** Label justification (w:lvlJc). */
  readonly alignment: 'left' | 'center' | 'right';
  /**
   * A Word 6/95 list level (w:legacy with w:legacy on, §17.9.5): the text starts `indentPt` after
   * the label's start, or `spacePt` after its end where the label is wider (w:legacyIndent,
   * w:legacySpace), instead of at the next tab stop.
   */
  readonly legacy?: { readonly indentPt: number; readonly spacePt: number };
  readonly numId: string;
  readonly level: number;
}

/** ST_Em (§17.18.24) without `none`: a dot, a sesame-like comma or a ring above, or a dot below. */
export type EmphasisMark = 'dot' | 'comma' | 'circle' | 'underDot';

/** Resolved paragraph properties (CT_PPr, §17.3.1). */
export interface ParagraphProps {
  readonly styleId?: string;
  readonly styleName?: string;
  /** Outline level 0–8 for headings (w:outlineLvl, directly or from the style); undefined for body text. */
  readonly outlineLevel?: number;
  readonly alignment: Alignment;
  readonly indent: { readonly leftPt: number; readonly rightPt: number; readonly firstLinePt: number };
  readonly spacing: {
    readonly beforePt: number;
    readonly afterPt: number;
    readonly beforeAuto: boolean;
    readonly afterAuto: boolean;
    readonly line: LineSpacing;
  };
  readonly contextualSpacing: boolean;
  readonly keepNext: boolean;
  readonly keepLines: boolean;
  readonly widowControl: boolean;
  readonly pageBreakBefore: boolean;
  readonly suppressAutoHyphens: boolean;
  readonly borders?: ParagraphBorders;
  readonly shading?: Shading;
  readonly tabs: readonly TabStop[];
  readonly bidi: boolean;
  /** Snap line pitch to the section's document grid (w:snapToGrid, default true). */
  readonly snapToGrid: boolean;
  /**
   * No automatic space between East Asian text and Latin letters (w:autoSpaceDE off, §17.3.1.2) or
   * digits (w:autoSpaceDN off, §17.3.1.3); both are on when omitted.
   */
  readonly noAutoSpaceLatin?: boolean;
  readonly noAutoSpaceDigits?: boolean;
  readonly list?: ListLabel;
  /** Text frame / drop cap (w:framePr, §17.3.1.11). */
  readonly frame?: FrameProps;
  /** No line numbers beside this paragraph, which does not count either (w:suppressLineNumbers, §17.3.1.34). */
  readonly suppressLineNumbers?: boolean;
}

/** A text frame or drop cap (CT_FramePr). */
export interface FrameProps {
  readonly dropCap?: 'drop' | 'margin';
  readonly lines?: number;
  readonly widthPt?: number;
  readonly heightPt?: number;
  readonly heightRule?: 'auto' | 'atLeast' | 'exact';
  readonly xPt?: number;
  readonly yPt?: number;
  readonly xAlign?: 'left' | 'center' | 'right' | 'inside' | 'outside';
  readonly yAlign?: 'top' | 'center' | 'bottom' | 'inside' | 'outside' | 'inline';
  readonly hAnchor?: 'text' | 'margin' | 'page';
  readonly vAnchor?: 'text' | 'margin' | 'page';
  readonly hSpacePt?: number;
  readonly vSpacePt?: number;
  readonly wrap?: 'auto' | 'notBeside' | 'around' | 'tight' | 'through' | 'none';
}
