/**
 * Itemize: a paragraph's inlines → one string plus styled spans and special items.
 *
 * The string is what the line breaker sees: run text, '\t' for tabs, '\n' for breaks and U+FFFC for
 * inline objects. Hidden runs contribute nothing. Dynamic fields (PAGE, NUMPAGES...) are evaluated
 * through the context; other fields contribute their result inlines.
 */
import type {
  BreakInline, ChartInline, CheckBoxInline, FieldInline, ImageInline, Inline, LinkTarget, MathGroup, MathInline, Paragraph, PathCommand, Revision, RubyGuide, RunProps, ShapeInline, TabInline,
} from '../../model';
import { inlineMathPieces, layoutMath, mathUnits, type MathBox } from '../math';
import type { BidiParagraph } from '../../text';
import type { Face, FaceResolver } from '../faces';
import { resolveParagraphBidi, splitSpansAtLevels } from './bidi';
import { combinedBox } from './combine';
import { shapePlainText } from './plain-text';
import { uprightBox, type UprightBox } from './upright';
import { labelRevision, markupStyle, type MarkupStyle } from '../revisions';

/** How far a subscript is lowered, as a fraction of the run's size (LibreOffice's 8 %; Word's is not measured). */
const SUBSCRIPT_DROP = 0.08;
/**
 * Word's superscript and subscript size: two thirds of the run's, in whole half-points rounded down
 * (its render of Docx4j_GettingStarted draws the superscripts of 11 and 10 pt text at 7 and 6.5 pt).
 */
export function scriptSize(sizePt: number): number {
  return Math.floor((sizePt * 4) / 3 + 1e-6) / 2;
}

/** Word raises a superscript by a third of the run's size, in half-points rounded up (4 pt at 11 pt, 3.5 at 10). */
export function superscriptRise(sizePt: number): number {
  return Math.ceil((sizePt * 2) / 3 - 1e-6) / 2;
}

/** Small capitals are drawn as capitals at this fraction of the size. */
export const SMALL_CAPS_SCALE = 0.8;

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
  | { readonly kind: 'tab'; readonly props: RunProps; readonly ptab?: TabInline['ptab'] }
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
    b.text(p.props.list.text, p.props.list.props, undefined, labelRevision(p.markRevision));
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

const MAX_FIELD_DEPTH = 16;

/**
 * Shared by every paragraph without tabs, breaks or objects, and the autoSpace settings by value: a
 * paragraph's content lives as long as its lines are placed, and most paragraphs had an empty map
 * (about 150 bytes) and an object of two booleans of their own.
 */
const NO_SPECIALS: ReadonlyMap<number, Special> = new Map();
const AUTO_SPACE = [false, true].map((latin) => [false, true].map((digits) => ({ latin, digits })));

class Builder {
  /** Some span or special has a run border (ParaContent.runBorders). */
  runBorders = false;
  out = '';
  readonly spans: Span[] = [];
  /** Made at the first special (most paragraphs have none). */
  specials: Map<number, Special> | undefined;
  readonly markers: Marker[] = [];
  readonly rubies: RubyBase[] = [];
  /** Guides whose base is being read, with the height above the baseline each reaches. */
  private readonly openRubies: Array<{ readonly start: number; readonly guide: RubyGuide; readonly topPt: number }> = [];

  /** `lineWidthPt`: the line's width when known, which equation arrays spread to (m:maxDist). */
  constructor(private readonly ctx: ItemizeContext, readonly lineWidthPt?: number) {}

  inlines(list: readonly Inline[], depth: number): void {
    for (const inline of list) this.inline(inline, depth);
  }

  inline(inline: Inline, depth: number): void {
    // Two lines in one gathers a region's text runs; anything else but a position mark ends it.
    if (this.combined && inline.kind !== 'text' && inline.kind !== 'bookmark' && inline.kind !== 'comment') this.flushCombined();
    switch (inline.kind) {
      case 'text':
        this.text(inline.text, inline.props, inline.link, inline.revision);
        break;
      case 'tab':
        if (!inline.props.hidden) this.special({ kind: 'tab', props: inline.props, ...(inline.ptab ? { ptab: inline.ptab } : {}) }, '\t');
        break;
      case 'break':
        if (!inline.props.hidden) this.special({ kind: 'break', type: inline.type, props: inline.props, ...(inline.clear && inline.clear !== 'none' ? { clear: inline.clear } : {}) }, '\n');
        break;
      case 'field':
        this.field(inline, depth);
        break;
      case 'noteRef':
        this.markers.push({ at: this.out.length, inline });
        this.text(inline.customMark ?? this.ctx.noteMark(inline.noteType, inline.id), inline.props, inline.link, inline.revision);
        break;
      case 'noteMark':
        this.text(this.ctx.noteMark(inline.noteType, undefined), inline.props, inline.link, inline.revision);
        break;
      case 'image':
      case 'shape':
      case 'chart':
        if (inline.anchor) this.markers.push({ at: this.out.length, inline });
        else if (!inline.props.hidden) this.special({ kind: 'object', inline: this.sized(inline), props: inline.props }, '\uFFFC');
        break;
      case 'math':
        this.math(inline);
        break;
      case 'checkBox':
        // The box's character (a ballot box) keeps the text's line breaks and extraction as the glyph did.
        if (!inline.props.hidden) this.special({ kind: 'checkBox', inline, sidePt: inline.sizePt ?? inline.props.sizePt, props: inline.props }, inline.checked ? '\u2612' : '\u2610');
        break;
      case 'bookmark':
      case 'comment':
        this.markers.push({ at: this.out.length, inline });
        break;
      case 'ruby':
        if (inline.edge === 'start') this.openRuby(inline.guide);
        else this.closeRuby();
        break;
    }
  }

  /** A guide reaches its raise (baseline to baseline) plus its font's ascent above the base's baseline. */
  openRuby(guide: RubyGuide): void {
    const topPt = guide.raisePt + this.ctx.faces.primary(guide.props).lineMetrics(guide.props.sizePt).ascentPt;
    this.openRubies.push({ start: this.out.length, guide, topPt });
  }

  closeRuby(): void {
    const open = this.openRubies.pop();
    if (!open || this.out.length <= open.start) return;
    const { guide } = open;
    const guideWidthPt = shapePlainText(guide.text, guide.props, guide.props.sizePt, this.ctx.faces).width;
    this.rubies.push({ start: open.start, end: this.out.length, guide, guideWidthPt });
  }

  /** A horizontal rule given as a share of its line (ShapeInline.ruleShare) at that width, once the line's width is known. */
  private sized<T extends ObjectInline>(inline: T): T {
    if (inline.kind !== 'shape' || inline.ruleShare === undefined || this.lineWidthPt === undefined) return inline;
    const w = Math.max(0, this.lineWidthPt * inline.ruleShare);
    const h = inline.heightPt;
    const box: PathCommand[] = [{ op: 'M', x: 0, y: 0 }, { op: 'L', x: w, y: 0 }, { op: 'L', x: w, y: h }, { op: 'L', x: 0, y: h }, { op: 'Z' }];
    return { ...inline, widthPt: w, paths: [box] };
  }

  /**
   * An equation as one object (typeset by engine/layout/math), or its linear text when it has no
   * tree. Inline math is several objects, one per stretch between the places a line may break in it
   * (U+FFFC between them is a break opportunity, UAX #14 LB20), with a line break before each stretch
   * that starts at a manual break.
   */
  math(inline: MathInline): void {
    if (inline.props.hidden) return;
    const deleted = inline.revision?.type === 'delete' || inline.revision?.type === 'moveFrom';
    if (deleted && !this.ctx.revisionMarkup) return;
    const display = inline.display || this.aloneMath === inline;
    const box = layoutMath(inline, this.ctx.faces, display, this.lineWidthPt, this.ctx.warn?.bind(this.ctx));
    if (box) this.ctx.budget?.spendObjects(mathUnits(box));
    if (!box) this.text(inline.linearText, inline.props, inline.link, inline.revision);
    else if (!display) {
      for (const p of inlineMathPieces(box, inline.wrap?.brkBin)) {
        // A manual break (m:brk) ends the line before its piece, as a w:br would.
        if (p.brk) this.special({ kind: 'break', type: 'line', props: inline.props }, '\n');
        this.special({ kind: 'math', inline, box: p.box, display, props: inline.props, ...(p.spacePt > 0 ? { spacePt: p.spacePt } : {}) }, '\uFFFC');
      }
    } else {
      const groupWidth = this.groupWidth(inline);
      this.special({ kind: 'math', inline, box, display, props: inline.props, ...(groupWidth !== undefined ? { groupWidth } : {}) }, '\uFFFC');
    }
  }

  /** The equation that is all a paragraph holds (Word sets it as display math). */
  aloneMath: MathInline | undefined;

  /** The equations of each m:oMathPara holding several, among the paragraph's inlines. */
  mathGroups = new Map<MathGroup, MathInline[]>();

  /** The width of the widest equation of the inline's m:oMathPara, when its m:jc aligns them as a group (centerGroup, the default). */
  groupWidth(inline: MathInline): number | undefined {
    const members = inline.group && (inline.jc ?? 'centerGroup') === 'centerGroup' ? this.mathGroups.get(inline.group) : undefined;
    if (!members || members.length < 2) return undefined;
    return Math.max(...members.map((m) => layoutMath(m, this.ctx.faces, true, this.lineWidthPt)?.width ?? 0));
  }

  field(f: FieldInline, depth: number): void {
    const dynamic = this.ctx.fieldText(f);
    if (dynamic !== undefined) {
      const props = firstRunProps(f.result) ?? f.props;
      this.text(dynamic, props, f.link, f.revision);
    } else if (depth < MAX_FIELD_DEPTH) {
      this.inlines(f.result, depth + 1);
    }
  }

  /** The two-lines-in-one or horizontal-in-vertical region being gathered: its text and first run's properties. */
  combined: { text: string; readonly props: RunProps } | undefined;

  /** Ends the gathered region: its text becomes one box (combine.ts, upright.ts). */
  flushCombined(): void {
    const c = this.combined;
    if (!c) return;
    this.combined = undefined;
    const text = c.text.replace(/[\t\n\r\uFFFC]/g, ' ');
    const { faces } = this.ctx;
    if (c.props.eastAsianLayout?.combine) this.special({ kind: 'combined', box: combinedBox(text, c.props, faces), props: c.props }, '\uFFFC');
    else this.special({ kind: 'upright', box: uprightBox(text, c.props, faces), props: c.props }, '\uFFFC');
  }

  special(s: Special, ch: string): void {
    if ((s.kind === 'tab' || s.kind === 'object') && s.props.border) this.runBorders = true;
    (this.specials ??= new Map()).set(this.out.length, s);
    this.out += ch;
  }

  text(raw: string, props: RunProps, link: LinkTarget | undefined, revision: Revision | undefined): void {
    if (props.hidden || raw.length === 0) return;
    const deleted = revision?.type === 'delete' || revision?.type === 'moveFrom';
    if (deleted && !this.ctx.revisionMarkup) return;
    const gathered = gatheredLayout(props, this.ctx.verticalText === true);
    if (this.combined && (!gathered || !sameRegion(this.combined.props, props))) this.flushCombined();
    if (gathered) {
      if (this.combined) this.combined.text += raw;
      else this.combined = { text: raw, props };
      return;
    }
    let text = this.ctx.faces.mapText(raw, props);
    text = text.replace(/[\t\n\r\uFFFC]/g, ' ');
    if (props.caps) text = text.toUpperCase();
    if (props.smallCaps && !props.caps) {
      this.smallCaps(text, props, link, revision);
      return;
    }
    this.styled(text, props, link, revision, 1);
  }

  private smallCaps(text: string, props: RunProps, link: LinkTarget | undefined, revision: Revision | undefined): void {
    let i = 0;
    while (i < text.length) {
      const lower = isLower(text, i);
      let j = i + 1;
      while (j < text.length && isLower(text, j) === lower) j++;
      const piece = text.slice(i, j);
      this.styled(lower ? piece.toUpperCase() : piece, props, link, revision, lower ? SMALL_CAPS_SCALE : 1);
      i = j;
    }
  }

  private styled(text: string, props: RunProps, link: LinkTarget | undefined, revision: Revision | undefined, scale: number): void {
    const style = runStyle(props, scale);
    const { sizePt, risePt } = style;
    const { props: drawn, color, underline, strike } = revision ? markupStyle(revision, props, this.ctx.revisionMarkup) : style.own;
    const base = this.out.length;
    for (const seg of this.ctx.faces.segment(text, props)) {
      const span: EverySpanField = {
        start: base + seg.start,
        end: base + seg.end,
        props: drawn,
        face: seg.face,
        shapeKey: shapeKeyOf(style, seg.face),
        sizePt,
        risePt,
        color,
        underline,
        strike,
        // Every field is present (absent ones `undefined`) in Span's order, here and in
        // splitSpansAtLevels: spans then share one object shape, and the shaping and line-breaking
        // code that reads them is not deoptimised by each new combination of optional fields.
        link: link || undefined,
        revision: revision || undefined,
        level: undefined,
        rubyTopPt: this.openRubies.length > 0 ? Math.max(...this.openRubies.map((r) => r.topPt)) : undefined,
      };
      if (props.border) this.runBorders = true;
      this.spans.push(span);
    }
    this.out += text;
  }
}

/** What a run's properties make of its spans at one size scale (1, or small capitals'). */
interface RunStyle {
  /** Effective size and baseline shift (super/subscript, small capitals). */
  readonly sizePt: number;
  readonly risePt: number;
  /** Drawing style outside tracked changes. */
  readonly own: MarkupStyle;
  /** Everything shaping depends on but the face and the text. */
  readonly features: string;
  /** Word cache keys by face key. */
  readonly shapeKeys: Map<string, string>;
}

/**
 * Run styles by properties and scale. Run properties are interned by the reader (equal formatting is
 * one object), so most runs of a document share a few styles: recomputing them, with their key
 * strings, for every run of every layout pass was a tenth of what itemizing allocated.
 */
const runStyles = new WeakMap<RunProps, Map<number, RunStyle>>();

function runStyle(props: RunProps, scale: number): RunStyle {
  let byScale = runStyles.get(props);
  if (!byScale) runStyles.set(props, (byScale = new Map()));
  let style = byScale.get(scale);
  if (!style) {
    const full = props.sizePt * scale;
    const sizePt = props.vertAlign === 'baseline' ? full : scriptSize(full);
    const shift = props.vertAlign === 'superscript' ? superscriptRise(props.sizePt) : props.vertAlign === 'subscript' ? -SUBSCRIPT_DROP * props.sizePt : 0;
    const risePt = props.positionPt + shift;
    const kern = props.kernMinPt !== undefined && sizePt >= props.kernMinPt ? 1 : 0;
    const features = `${sizePt}|${props.scalePct}|${props.spacingPt}|${kern}${props.ligatures ? 1 : 0}${props.rtl ? 1 : 0}`;
    style = { sizePt, risePt, own: markupStyle(undefined, props, false), features, shapeKeys: new Map() };
    byScale.set(scale, style);
  }
  return style;
}

function shapeKeyOf(style: RunStyle, face: Face): string {
  let key = style.shapeKeys.get(face.key);
  if (key === undefined) {
    key = face.key + '|' + style.features;
    style.shapeKeys.set(face.key, key);
  }
  return key;
}

function isLower(s: string, i: number): boolean {
  const c = s[i]!;
  return c !== c.toUpperCase();
}

/** Whether a run's text is gathered into a box: two lines in one, or horizontal in vertical in vertical text. */
function gatheredLayout(props: RunProps, vertical: boolean): boolean {
  const ea = props.eastAsianLayout;
  return ea !== undefined && (ea.combine === true || (vertical && ea.vert === true));
}

/** Whether a gathered run continues a region: the same w:eastAsianLayout, or the same w:id. */
function sameRegion(a: RunProps, b: RunProps): boolean {
  const x = a.eastAsianLayout;
  const y = b.eastAsianLayout;
  return x !== undefined && y !== undefined && (x === y || (x.id !== undefined && x.id === y.id && x.combine === y.combine));
}

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

function firstRunProps(list: readonly Inline[]): RunProps | undefined {
  for (const i of list) {
    if (i.kind === 'text') return i.props;
    if (i.kind === 'field') {
      const p = firstRunProps(i.result);
      if (p) return p;
    }
  }
  return undefined;
}
