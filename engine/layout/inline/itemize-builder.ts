/**
 * The itemizer's builder: walks a paragraph's inlines (fields, equations, objects, phonetic guides,
 * gathered East Asian regions) and appends their text, spans, specials and markers.
 */
import type { FieldInline, Inline, LinkTarget, MathGroup, MathInline, PathCommand, Revision, RubyGuide, RunProps, TabInline } from '../../model';
import { inlineMathPieces, layoutMath, mathUnits } from '../math';
import { combinedBox } from './combine';
import { shapePlainText } from './plain-text';
import { uprightBox } from './upright';
import { markupStyle } from '../revisions';
import { gatheredLayout, isLower, runStyle, sameRegion, shapeKeyOf, SMALL_CAPS_SCALE } from './run-style';
import type { EverySpanField, ItemizeContext, Marker, ObjectInline, RubyBase, Span, Special } from './itemize';

const MAX_FIELD_DEPTH = 16;

/** Builds one paragraph's itemized content (itemizeParagraph reads what it made). */
export class Builder {
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
        if (!inline.props.hidden) this.tab(inline);
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

  /** A tab, with the underline or strike-through its run (or its revision's markup) draws across it. */
  private tab(inline: TabInline): void {
    const m = markupStyle(inline.revision, inline.props, this.ctx.revisionMarkup);
    const lines = m.underline || m.strike ? { props: m.props, color: m.color, underline: m.underline, strike: m.strike } : undefined;
    this.special({ kind: 'tab', props: inline.props, ...(inline.ptab ? { ptab: inline.ptab } : {}), ...(lines ? { lines } : {}) }, '\t');
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
