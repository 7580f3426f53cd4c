/**
 * How drawings are painted: picture fills and recolouring, effects (shadow, glow, reflection, soft
 * edge), outline paths, gradients and lines, shared by pictures, shapes, charts, page backgrounds and
 * text effects.
 */
import type { Color, RunProps } from './props';

/** A drawing's glow and reflection (a:effectLst's a:glow, a:reflection), drawn under it, and its soft edge. */
export interface DrawingEffects {
  readonly glow?: Glow;
  readonly reflection?: Reflection;
  /** A soft edge (a:softEdge, §20.1.8.53): the object fades to nothing over this width inside its edge. */
  readonly softEdgePt?: number;
  /**
   * A shape's outer shadow (a:outerShdw, §20.1.8.49, its own or its theme effect style's): its
   * outline's silhouette offset in the shadow's colour. Pictures keep theirs in ImageInline.shadow.
   */
  readonly shapeShadow?: OuterShadow;
}

/**
 * A picture filling a shape or the page (a:blipFill §20.1.8.14, VML v:fill with an image): stretched
 * over the box, or repeated at its own size (its pixels at its resolution) when `tile` is set.
 */
export interface PictureFill {
  /** Key into DocModel.media. */
  readonly media: string;
  readonly tile: boolean;
  /**
   * Where the tiles lie (a:tile §20.1.8.58): the first tile's offset from the box corner `align`
   * names, in points, and the scale of the picture's own size. Absent: top-left, unscaled.
   */
  readonly tiling?: { readonly offsetXPt: number; readonly offsetYPt: number; readonly scaleX: number; readonly scaleY: number; readonly align: string };
  /** Recolouring of the picture (its a:blip's effects, a theme fill's duotone in its placeholder colour). */
  readonly adjust?: PictureAdjust;
}
/**
 * A picture's recolouring (the blip effects of CT_Blip, ECMA-376 Part 1 §20.1.8; VML v:imagedata's
 * chromakey, gain, blacklevel, grayscale and bilevel), applied to its pixels in this order: the
 * colour change, then grey / two-tone / black-and-white, then brightness and contrast.
 */
export interface PictureAdjust {
  /** a:clrChange (§20.1.8.16), VML chromakey: pixels of `from` become `to` seen through `toOpacity` (0: "Set Transparent Color"). */
  readonly colorChange?: { readonly from: Color; readonly to: Color; readonly toOpacity: number };
  /** a:grayscl (§20.1.8.34), VML grayscale="t": each pixel its luminance. */
  readonly grayscale?: boolean;
  /** a:duotone (§20.1.8.23): the luminance mapped from the first colour (black) to the second (white). */
  readonly duotone?: readonly [Color, Color];
  /** a:biLevel thresh (§20.1.8.11), VML bilevel="t" (0.5): black below the luminance threshold 0–1, white from it. */
  readonly biLevelThreshold?: number;
  /** a:lum bright, a14:brightnessContrast bright, VML blacklevel: −1 (black) … 1 (white). */
  readonly brightness?: number;
  /** a:lum contrast, a14:brightnessContrast contrast, VML gain: −1 (flat grey) … 1 (full contrast). */
  readonly contrast?: number;
}

/** An outer shadow: the object's silhouette in one colour, offset and blurred. */
export interface OuterShadow {
  readonly color: Color;
  /** 0 (invisible) to 1 (opaque). */
  readonly opacity: number;
  /** Offset of the shadow in points, from its distance and direction (y down). */
  readonly dxPt: number;
  readonly dyPt: number;
  /** Blur radius in points. */
  readonly blurPt: number;
}

/**
 * A glow (a:glow, CT_GlowEffect, ECMA-376 Part 1 §20.1.8.32; w14:glow on text): a soft halo of the
 * colour around the object's outline, fading out over `radPt` beyond it.
 */
export interface Glow {
  readonly color: Color;
  /** Opacity of the halo at the outline, 0 (invisible) to 1. */
  readonly opacity: number;
  readonly radPt: number;
}

/** Where a reflection's scaling is anchored on the object's box (ST_RectAlignment, §20.1.10.53). */
export type RectAlignment = 'tl' | 't' | 'tr' | 'l' | 'ctr' | 'r' | 'bl' | 'b' | 'br';

/**
 * A reflection (a:reflection, CT_ReflectionEffect, §20.1.8.50; w14:reflection on text): a copy of
 * the object scaled by (sx, sy) about the alignment point of its box (sy -1: mirrored below it),
 * moved by (dx, dy), and fading along the fade direction from `startOpacity` at `startPos` to
 * `endOpacity` at `endPos` (fractions of the reflection's extent, from its side nearest the object).
 */
export interface Reflection {
  readonly startOpacity: number;
  readonly startPos: number;
  readonly endOpacity: number;
  readonly endPos: number;
  /** Offset of the reflection in points, from its distance and direction (y down). */
  readonly dxPt: number;
  readonly dyPt: number;
  /** Direction of the fade, a quarter turn clockwise from +x: 0 right, 1 down, 2 left, 3 up. */
  readonly fadeQuarter: 0 | 1 | 2 | 3;
  /** Scale as fractions (negative mirrors). */
  readonly sx: number;
  readonly sy: number;
  readonly align: RectAlignment;
  /** Blur radius in points (not drawn). */
  readonly blurPt: number;
}

/** A path command in a shape's own coordinate space (points, origin at the shape's top-left). */
export type PathCommand =
  | { readonly op: 'M' | 'L'; readonly x: number; readonly y: number }
  | { readonly op: 'C'; readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number; readonly x: number; readonly y: number }
  | { readonly op: 'Z' };

/**
 * How one path of a shape is painted (a:path/@fill and @stroke, §20.1.9.15): absent fields mean
 * filled with the shape's fill and stroked with its line. `darken`… shade the shape's fill.
 */
export interface PathPaint {
  readonly fill?: 'none' | 'darken' | 'darkenLess' | 'lighten' | 'lightenLess';
  readonly stroke?: false;
}

/**
 * WordArt (VML v:textpath in a shape whose path has textpathok, ECMA-376 Part 4 §19.1.2.22; the classic
 * header watermark; and a DrawingML text box with a text warp, a:prstTxWarp): the string as one line,
 * stretched on both axes to fill the shape's box (fitshape), bent by `warp` when it has one. The
 * glyphs take the shape's fill (`props.color`, seen through `opacity`) and stroke.
 */
export interface WordArt {
  readonly text: string;
  /** Font family, bold, italic and the fill colour; the size is the box's, not `sizePt`. */
  readonly props: RunProps;
  /** Fill opacity 0–1 (v:fill/@opacity), when below 1. */
  readonly opacity?: number;
  /** The glyphs' outline (the shape's stroke), when stroked. */
  readonly outline?: ShapeLine;
  /** v:textpath/@trim: the glyphs' ink, not the font's line, fills the box's height. */
  readonly trim: boolean;
  /**
   * Lines of a string of several (its style's v-text-align): all share the widest line's stretch
   * and sit left, centred (the default) or right; `stretch` stretches each over the whole width.
   */
  readonly align?: 'left' | 'right' | 'stretch';
  /**
   * A text warp (VML shape types 137-175, whose path holds guide curves; DrawingML a:prstTxWarp,
   * §20.1.9.19): the guide paths in the box's coordinates. One path: the text is set along it; two:
   * the text fills the band between the first (top) and the second (bottom).
   */
  readonly warp?: { readonly guides: ReadonlyArray<readonly PathCommand[]> };
  /** The area the text fills inside the shape's box (a warped text box's bodyPr insets); the whole box when absent. */
  readonly insetsPt?: { readonly top: number; readonly bottom: number; readonly left: number; readonly right: number };
}

/** One colour stop of a gradient: where it sits along the blend (0–1) and its colour. */
export interface GradientStop {
  readonly pos: number;
  readonly color: Color;
}

/**
 * A gradient fill (DrawingML a:gradFill, CT_GradientFillProperties §20.1.8.33; VML v:fill of type
 * gradient or gradientRadial). Stops ascend in position. `linear` blends along `angleDeg`, clockwise
 * from +x with y down, position 0 at the start (a:lin §20.1.8.41; `scaled`: the angle is taken in the
 * unit square and stretched to the box). `circle`, `rect` and `shape` (a:path §20.1.8.46) blend from
 * the focus rectangle (position 0) out to the box's edge (position 1).
 */
export interface GradientFill {
  readonly kind: 'linear' | 'circle' | 'rect' | 'shape';
  readonly stops: readonly GradientStop[];
  readonly angleDeg: number;
  readonly scaled: boolean;
  /** Path gradients: the focus rectangle (a:fillToRect) as fractions of the box, inset from each side. */
  readonly focus?: { readonly l: number; readonly t: number; readonly r: number; readonly b: number };
  /** The gradient turns with the shape (a:gradFill/@rotWithShape, VML v:fill/@rotate). */
  readonly rotWithShape: boolean;
}

/** Line (outline) properties of a shape. */
export interface ShapeLine {
  readonly color?: Color;
  readonly widthPt: number;
  readonly dash?: readonly number[];
  readonly headArrow?: boolean;
  readonly tailArrow?: boolean;
}
