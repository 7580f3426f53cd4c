/**
 * Itemize: a paragraph's inlines → one string plus styled spans and special items.
 *
 * The string is what the line breaker sees: run text, '\t' for tabs, '\n' for breaks and U+FFFC for
 * inline objects. Hidden runs contribute nothing. Dynamic fields (PAGE, NUMPAGES...) are evaluated
 * through the context; other fields contribute their result inlines.
 */
import type {
  BreakInline, ChartInline, CheckBoxInline, FieldInline, ImageInline, Inline, LinkTarget, MathGroup, MathInline, Paragraph, Revision, RubyGuide, RunProps, ShapeInline, TabInline,
} from '../../model';
import type { MathBox } from '../math';
import type { BidiParagraph } from '../../text';
import type { Face, FaceResolver } from '../faces';
import { resolveParagraphBidi, splitSpansAtLevels } from './bidi';
import type { UprightBox } from './upright';
import { labelRevision } from '../revisions';
import { Builder } from './itemize-builder';

/** A stretch of glyph text in one face and one set of drawing properties. */
export interface Span {
  readonly start: number;
  readonly end: number;
  readonly props: RunProps;
  readonly face: Face;
  /** Everything shaping depends on but the text (face, size, scale, spacing, features): the word cache key. */
  readonly shapeKey: string;
  /** Effective font size after super/subscript and small caps. */
  readonly sizePt: number;
  /** Baseline shift, positive up. */
  readonly risePt: number;
  readonly color: string;
  readonly underline: boolean;
  readonly strike: boolean;
  readonly link?: LinkTarget;
  readonly revision?: Revision;
  /** Bidi embedding level (UAX #9); odd levels are shaped and drawn right to left. Absent: 0. */
  readonly level?: number;
  /** Base text of a phonetic guide: how far above the baseline the guide reaches (the line grows for it). */
  readonly rubyTopPt?: number;
}

/** Lines a tab draws across its advance: its run's underline or strike-through, in the run's or the markup's colour. */
export interface TabLines {
  /** The run's properties as drawn (a revision's markup sets its underline or strike style). */
  readonly props: RunProps;
  readonly color: string;
  readonly underline: boolean;
  readonly strike: boolean;
}

/** A span written out with every field, optional ones too (as `undefined`): the one shape spans are made in. */
export type EverySpanField = Span & Record<keyof Span, unknown>;

/** A phonetic guide over text[start, end) (w:ruby, §17.3.3.25). */
export interface RubyBase {
  readonly start: number;
  readonly end: number;
  readonly guide: RubyGuide;
  /** The guide's width as drawn (emit/ruby.ts); a narrower base is set across it (advances.ts). */
  readonly guideWidthPt: number;
}

/** Something in the text that is not glyphs. */
export type Special =
  | {
    readonly kind: 'tab'; readonly props: RunProps; readonly ptab?: TabInline['ptab'];
    /** The underline or strike-through the tab's run draws across it (its own, or its revision's markup). */
    readonly lines?: TabLines;
  }
  | { readonly kind: 'break'; readonly type: BreakInline['type']; readonly props: RunProps; readonly clear?: BreakInline['clear'] }
  | { readonly kind: 'object'; readonly inline: ImageInline | ShapeInline | ChartInline; readonly props: RunProps }
  | {
    readonly kind: 'math'; readonly inline: MathInline; readonly box: MathBox; readonly display: boolean; readonly props: RunProps; readonly groupWidth?: number;
    /** A piece of inline math: the space at its end (before the next piece's operator), which hangs past a line's end. */
    readonly spacePt?: number;
  }
  /** A legacy form checkbox (CheckBoxInline): a square as wide as it is tall, drawn in the line. */
  | { readonly kind: 'checkBox'; readonly inline: CheckBoxInline; readonly sidePt: number; readonly props: RunProps }
  | { readonly kind: 'combined'; readonly box: MathBox; readonly props: RunProps }
  | { readonly kind: 'upright'; readonly box: UprightBox; readonly props: RunProps };

/** An inline object (picture, shape or chart) laid out in the text. */
export type ObjectInline = ImageInline | ShapeInline | ChartInline;

/** A zero-width item attached to a text position (bookmarks, note references' positions, comments). */
export interface Marker {
  readonly at: number;
  readonly inline: Inline;
}

/** The itemized paragraph. */
export interface ParaContent {
  readonly text: string;
  readonly spans: readonly Span[];
  readonly specials: ReadonlyMap<number, Special>;
  readonly markers: readonly Marker[];
  /** Properties used for an empty paragraph's height (the paragraph mark). */
  readonly markProps: RunProps;
  /** Bidi levels, when the paragraph is right to left or holds right-to-left text. */
  readonly bidi?: BidiParagraph;
  /** End of the list label and its suffix (tab or space) in `text`, for numbered paragraphs. */
  readonly labelEnd?: number;
  /** Automatic space between East Asian text and Latin letters / digits (w:autoSpaceDE / DN); absent: neither. */
  readonly autoSpace?: { readonly latin: boolean; readonly digits: boolean };
  /** Phonetic guides over the text, in text order (absent: none). */
  readonly rubies?: readonly RubyBase[];
  /** Some text, tab or object has a run border (w:bdr): only then are groups padded and boxes drawn. */
  readonly runBorders?: true;
}

/** What the itemizer asks of the surrounding layout. */
export interface ItemizeContext {
  readonly faces: FaceResolver;
  /** Text of a dynamic field (PAGE, NUMPAGES, ...), or undefined to use its cached result. */
  fieldText(field: FieldInline): string | undefined;
  /** The printed mark of a note reference (its number, formatted). */
  noteMark(noteType: 'footnote' | 'endnote', id: string | undefined): string;
  /** Show tracked changes as markup (deletions struck through, insertions underlined). */
  readonly revisionMarkup: boolean;
  /** The text is set in vertical lines (a tbRl section): horizontal-in-vertical runs stand upright. */
  readonly verticalText?: boolean;
  /** Reports what is not laid out as written (an equation too large to typeset). */
  warn?(code: string, message: string): void;
  /** The layout's size budget: typeset equations spend their glyphs as they are itemized. */
  readonly budget?: { spendObjects(units: number): void };
}

/** Builds the paragraph's text, spans and specials. */
export function itemizeParagraph(p: Paragraph, ctx: ItemizeContext, lineWidthPt?: number): ParaContent {
  const b = new Builder(ctx, lineWidthPt);
  if (p.props.list) {
    const { picture } = p.props.list;
    // A picture bullet is an inline picture on the label's baseline (§17.9.20).
    if (picture) {
      if (!picture.props.hidden) b.special({ kind: 'object', inline: picture, props: picture.props }, '\uFFFC');
    } else b.text(p.props.list.text, p.props.list.props, undefined, labelRevision(p.markRevision));
    const suffix = p.props.list.suffix;
    if (suffix === 'tab') b.special({ kind: 'tab', props: p.props.list.props }, '\t');
    else if (suffix === 'space') b.text(' ', p.props.list.props, undefined, undefined);
  }
  const labelEnd = p.props.list ? b.out.length : undefined;
  b.aloneMath = aloneMath(p.inlines);
  b.mathGroups = mathGroups(p.inlines);
  b.inlines(p.inlines, 0);
  b.flushCombined();
  const bidi = resolveParagraphBidi(b.out, b.spans, p.props.bidi, labelEnd ?? 0);
  const spans = bidi ? splitSpansAtLevels(b.spans, bidi.levels) : b.spans;
  const latin = p.props.noAutoSpaceLatin !== true;
  const digits = p.props.noAutoSpaceDigits !== true;
  return {
    text: b.out, spans, specials: b.specials ?? NO_SPECIALS, markers: b.markers, markProps: p.markProps,
    ...(bidi ? { bidi } : {}), ...(labelEnd ? { labelEnd } : {}), ...(latin || digits ? { autoSpace: AUTO_SPACE[latin ? 1 : 0]![digits ? 1 : 0]! } : {}),
    ...(b.rubies.length > 0 ? { rubies: b.rubies } : {}),
    ...(b.runBorders ? { runBorders: true as const } : {}),
  };
}

/**
 * Shared by every paragraph without tabs, breaks or objects, and the autoSpace settings by value: a
 * paragraph's content lives as long as its lines are placed, and most paragraphs had an empty map
 * (about 150 bytes) and an object of two booleans of their own.
 */
const NO_SPECIALS: ReadonlyMap<number, Special> = new Map();
const AUTO_SPACE = [false, true].map((latin) => [false, true].map((digits) => ({ latin, digits })));

/** The paragraph's one equation when nothing else in it shows (bookmarks and comment marks aside). */
function aloneMath(list: readonly Inline[]): MathInline | undefined {
  let found: MathInline | undefined;
  for (const i of list) {
    if (i.kind === 'bookmark' || i.kind === 'comment' || (i.kind === 'text' && i.text.trim() === '')) continue;
    if (i.kind !== 'math' || found) return undefined;
    found = i;
  }
  return found;
}

/** The equations of each m:oMathPara holding several, by group. */
function mathGroups(list: readonly Inline[]): Map<MathGroup, MathInline[]> {
  const out = new Map<MathGroup, MathInline[]>();
  for (const i of list) {
    if (i.kind !== 'math' || !i.group || i.props.hidden) continue;
    const members = out.get(i.group);
    if (members) members.push(i);
    else out.set(i.group, [i]);
  }
  return out;
}
