/**
 * Line boxes: alignment, justification and line height of filled lines.
 *
 * Line height follows Word: the tallest ascent plus the deepest descent of the fonts on the line
 * (the paragraph mark counts on the last line), then w:spacing/@w:lineRule (§17.3.1.33): `auto`
 * multiplies it, `exact` replaces it, `atLeast` raises it. Proportional spacing puts its extra below
 * the text; exact and at-least heights put theirs above (the descent stays at the bottom).
 */
import type { Alignment, LineSpacing, RunProps } from '../../model';
import type { BidiParagraph } from '../../text';
import type { FaceResolver } from '../faces';
import { orderLineFragments } from './bidi';
import type { LineDraft } from './break-lines';
import { makeGlyphFragment, type Fragment } from './fragments';
import { isInkSpecial, type GlyphPiece, type Piece, type SpecialPiece } from './pieces';
import { runBorderPad } from './run-borders';
import { checkBoxExtent } from './check-box';

export type { Fragment, GlyphFragment, SpecialFragment } from './fragments';

/** A finished line, positions relative to the paragraph box's left edge and the line's top. */
export interface LineBox {
  readonly fragments: readonly Fragment[];
  readonly start: number;
  readonly end: number;
  readonly ascentPt: number;
  readonly descentPt: number;
  readonly heightPt: number;
  /** Distance from the top of the line box to the baseline. */
  readonly baselinePt: number;
  readonly ending: LineDraft['ending'];
  /** Right edge of ink after alignment (for borders and tests). */
  readonly inkRightPt: number;
}

/** Paragraph-level inputs of line finishing. */
export interface LineBoxParams {
  readonly alignment: Alignment;
  readonly spacing: LineSpacing;
  readonly markProps: RunProps;
  readonly faces: FaceResolver;
  readonly limitX: (lineIndex: number) => number;
  /** Document grid line pitch when the paragraph snaps to it. */
  readonly gridPitchPt?: number;
  /** Room above the first line inside its first grid line (ParagraphContext.gridLead). */
  readonly gridLeadPt?: number;
  readonly text: string;
  /** Bidi levels of the paragraph: fragments are put in visual order (UAX #9 L1, L2). */
  readonly bidi?: BidiParagraph;
  /**
   * A right-to-left paragraph: lines were filled in the mirrored frame (x from the right edge) and
   * are mirrored back across a box of this width; `alignment` is still the physical one.
   */
  readonly mirrorWidthPt?: number;
  /** End of the list label in `text` (numbered paragraphs). */
  readonly labelEnd?: number;
}

/** Turns drafts into positioned line boxes. */
export function finishLines(drafts: readonly LineDraft[], params: LineBoxParams): LineBox[] {
  return drafts.map((d, i) => finishLine(d, i, i === drafts.length - 1, params));
}

function finishLine(d: LineDraft, index: number, isLast: boolean, params: LineBoxParams): LineBox {
  const limit = params.limitX(index);
  const free = limit - d.endX;
  // A line that took its last word by shrinking its spaces sets them narrower (Word 2013 and later).
  const justify =
    d.shrunk === true ||
    (free > 0.01 &&
      (params.alignment === 'distribute' || (params.alignment === 'both' && !isLast && d.ending !== 'paragraph' && d.ending !== 'page' && d.ending !== 'column')));
  let shift = 0;
  // In the mirrored frame of a right-to-left paragraph, the physical right is the frame's left.
  const alignEnd = params.mirrorWidthPt !== undefined ? 'left' : 'right';
  if (!justify && free > 0) {
    if (params.alignment === 'center') shift = free / 2;
    else if (params.alignment === alignEnd) shift = free;
  }
  const lastInk = lastInkPiece(d);
  const spaces = justify ? countStretchableSpaces(d, lastInk, params.text) : 0;
  const extraPerSpace = justify ? free / Math.max(1, spaces) : 0;
  const canStretch = spaces > 0;
  const fragments = new Array<Fragment>(d.pieces.length);
  let x = d.startX + shift;
  for (let k = 0; k < d.pieces.length; k++) {
    const piece = d.pieces[k]!;
    if (piece.k === 'glyphs') {
      let advances: readonly number[] = piece.advances;
      let width = piece.width;
      if (canStretch && k >= d.afterLastTab && k <= lastInk) {
        advances = stretchSpaces(piece, params.text, extraPerSpace, k === lastInk);
        width = piece.leadPt ?? 0;
        for (const a of advances) width += a;
      }
      // A lead (room before a widened ruby base) is space on the line, not part of the fragment.
      const lead = piece.leadPt ?? 0;
      fragments[k] = makeGlyphFragment(piece, x + lead, advances, width - lead);
      x += width;
    } else {
      const tab = d.tabs[k];
      const width = tab ? tab.width : piece.width;
      const leader = tab && tab.stop.leader !== 'none' ? tab.stop.leader : undefined;
      fragments[k] = { k: 'special', x, piece, width, leader: leader || undefined };
      x += width;
    }
  }
  const mirror = params.mirrorWidthPt;
  const ordered = params.bidi ? orderLineFragments(fragments, d.pieces, params.bidi, params.text, d.startX + shift, mirror) : fragments;
  const m = lineMetrics(d, params, index === 0 ? (params.gridLeadPt ?? 0) : 0);
  return {
    fragments: ordered,
    start: d.start,
    end: d.end,
    ascentPt: m.ascentPt,
    descentPt: m.descentPt,
    heightPt: m.heightPt,
    baselinePt: m.baselinePt,
    ending: d.ending,
    inkRightPt: mirror !== undefined ? mirror - d.startX - shift : d.endX + shift + (justify ? free : 0),
  };
}

function lastInkPiece(d: LineDraft): number {
  for (let k = d.pieces.length - 1; k >= 0; k--) {
    const p = d.pieces[k]!;
    if (p.k === 'glyphs' && p.width - p.trailingSpace > 0) return k;
    if (p.k === 'special' && isInkSpecial(p.special)) return k;
  }
  return -1;
}

function isStretchable(ch: number): boolean {
  return ch === 0x20 || ch === 0x3000 || ch === 0xa0;
}

function countStretchableSpaces(d: LineDraft, lastInk: number, text: string): number {
  let n = 0;
  for (let k = d.afterLastTab; k <= lastInk; k++) {
    const p = d.pieces[k]!;
    if (p.k !== 'glyphs') continue;
    const limit = k === lastInk ? inkGlyphCount(p, text) : p.glyphs.length;
    for (let g = 0; g < limit; g++) if (isStretchable(text.charCodeAt(p.start + p.rel[g]!))) n++;
  }
  return n;
}

function inkGlyphCount(p: GlyphPiece, text: string): number {
  let g = p.glyphs.length;
  while (g > 0 && (text.charCodeAt(p.start + p.rel[g - 1]!) === 0x20 || text.charCodeAt(p.start + p.rel[g - 1]!) === 0x3000)) g--;
  return g;
}

function stretchSpaces(p: GlyphPiece, text: string, extra: number, isLastInk: boolean): number[] {
  const limit = isLastInk ? inkGlyphCount(p, text) : p.glyphs.length;
  const advances = p.advances.slice();
  for (let g = 0; g < limit; g++) if (isStretchable(text.charCodeAt(p.start + p.rel[g]!))) advances[g] = advances[g]! + extra;
  return advances;
}

type LineSize = Pick<LineBox, 'ascentPt' | 'descentPt' | 'heightPt' | 'baselinePt'>;

/**
 * Scratch objects of lineMetrics, shared by all lines (the caller copies the size out at once): a
 * fresh pair per line, with their number fields boxed, was a tenth of what line finishing allocated.
 */
const scratch: Measure = { ascent: 0, descent: 0, natural: 0, object: 0, label: 0, tabAscent: 0, tabDescent: 0, tabNatural: 0, plainDescent: 0, scripts: false, unscriptedAscent: 0, unscriptedDescent: 0, unscriptedNatural: 0, any: false };
const size: { -readonly [K in keyof LineSize]: number } = { ascentPt: 0, descentPt: 0, heightPt: 0, baselinePt: 0 };

function sized(ascentPt: number, descentPt: number, heightPt: number, baselinePt: number): LineSize {
  size.ascentPt = ascentPt;
  size.descentPt = descentPt;
  size.heightPt = heightPt;
  size.baselinePt = baselinePt;
  return size;
}

/** The line's height and baseline; valid until the next call. */
function lineMetrics(d: LineDraft, params: LineBoxParams, leadPt: number): LineSize {
  const m = scratch;
  const markOnly = measureLine(d, params, m);
  const { descent } = m;
  // A list label raises its line to its own ascent, but the line-spacing multiple applies to the
  // text's height without that raise (Word's 11 pt, 1.15-spaced Calibri items with Symbol bullets are
  // 16.0 pt apart: Symbol's ascent 11.06 + Calibri's descent 2.95 + 0.15 × Calibri's 13.43).
  const ascent = Math.max(m.ascent, m.label);
  const ownHeight = Math.max(m.natural, m.ascent + descent);
  const naturalHeight = Math.max(m.natural, ascent + descent);
  const leading = Math.max(0, naturalHeight - ascent - descent);
  const sp = params.spacing;
  const pitch = params.gridPitchPt && params.gridPitchPt > 1 ? params.gridPitchPt : 0;
  // Inline objects stand on the baseline at their own height: the line-spacing multiple does not scale
  // a picture. Text beside a picture keeps its descent under the baseline, and a multiple adds its
  // extra text-line space below that. A line of pictures only keeps the mark's descent at single
  // spacing, but with a multiple the extra takes the descent's place: Word lays out pictures of 171,
  // 244.5, 303 and 379.5 pt alone in 1.15-spaced Calibri 11 paragraphs at their height plus 2.0-2.1 pt
  // (the extra is 2.0, the descent 2.75), and LibreOffice a 383 pt one at its height plus 2.0. On an
  // 18 pt grid LibreOffice keeps both: 74 and 177 pt pictures take 5 and 11 grid lines.
  // A line-spacing multiple scales the height of the line's own text: a superscript or subscript in a
  // taller font (a 12 pt Calibri note reference in 12 pt Times New Roman) grows the line to its
  // font's height but adds no share of the multiple (Word's page starts in poi-stress008).
  const unscripted = Math.max(m.unscriptedNatural, m.unscriptedAscent + m.unscriptedDescent);
  const multipleOf = m.scripts && unscripted > 0 ? Math.min(ownHeight, unscripted) : ownHeight;
  const extra = sp.rule === 'auto' ? Math.max(0, sp.multiple - 1) * multipleOf : 0;
  const under = markOnly && m.object > 0 && extra > 0 && !pitch ? 0 : descent;
  const objectHeight = m.object > 0 ? m.object + under + extra : 0;

  if (sp.rule === 'auto') {
    // Document grid (w:docGrid type lines, §17.6.5): the natural height rounds up to whole grid lines
    // before the multiple applies, and the text is centred in the extra room (measured in LibreOffice:
    // Calibri 11 pt at 1.15 lines on an 18 pt grid is 20.7 pt high, its text 2.6 pt lower).
    // A table cell's first line shares its first grid line with the room above it in the row (its
    // top border and margin): where the two together pass the line's grid lines, it takes one more
    // (oxsdk-2007: 12 pt 仿宋 cells, 15.56 pt lines, under a 0.5 pt border make 31.2 pt rows on its
    // 15.6 pt grid, the 10 pt ones 15.6 pt rows, in Word's saved page starts). It never takes fewer:
    // no Word render shows whether the room is taken out of a line that fits with it.
    const own = snapToGrid(naturalHeight, pitch);
    const snapped = pitch && leadPt > 0 ? Math.max(own, snapToGrid(naturalHeight + leadPt, pitch) - leadPt) : own;
    const textHeight = pitch ? snapped * sp.multiple : snapped + (sp.multiple - 1) * multipleOf;
    const objectBox = objectLineBox(m.object, objectHeight, extra, pitch, markOnly);
    if (objectBox > textHeight) {
      const base = Math.min(objectBox, Math.max(m.object, (objectBox - objectHeight) / 2 + m.object));
      return sized(Math.max(ascent, m.object), under, objectBox, base);
    }
    const centre = ((snapped - naturalHeight) * sp.multiple) / 2;
    // Proportional spacing adds its extra below the text.
    return sized(ascent, descent, textHeight, Math.min(textHeight - descent, centre + leading + ascent));
  }
  const content = Math.max(naturalHeight, objectHeight);
  const height = sp.rule === 'exact' ? sp.pt : Math.max(content, sp.pt);
  // Exact and at-least heights put the difference above the text: the descent stays at the bottom.
  // An exact line keeps its baseline where its fonts put it: lowered text (w:position) is drawn lower
  // in it, not lifting the baseline, or a lowered run would not move at all. Word's own drop caps
  // rely on that: pandoc-drop_cap's 56 pt letter in a 42.2 pt exact line, lowered 6 pt to reach the
  // third line's baseline, stood 9.8 pt above it.
  const baseUnder = sp.rule === 'exact' && under === descent ? Math.min(under, m.plainDescent) : under;
  return sized(Math.max(ascent, m.object), baseUnder, height, height - baseUnder);
}

/** Measures the line's pieces into `m`; true when only the paragraph mark sizes it (no text). */
function measureLine(d: LineDraft, params: LineBoxParams, m: Measure): boolean {
  resetMeasure(m);
  for (const piece of d.pieces) measure(piece, m, params);
  // Tabs size only a line that has no text: Word lays out 10 pt code lines that open with 12 pt tabs
  // at 10 pt height (Docx4j_GettingStarted, pages 32 and 39).
  if (m.ascent === 0 && m.descent === 0) take(m, m.tabAscent, m.tabDescent, m.tabNatural);
  // The paragraph mark sizes a line without text (empty, or pictures only); LibreOffice does not let
  // it grow a line with text (Word grows the last line).
  const markOnly = m.ascent === 0 && m.descent === 0;
  if (markOnly) {
    const mark = params.markProps;
    const lm = params.faces.primary(mark).lineMetrics(mark.sizePt);
    take(m, lm.ascentPt, lm.descentPt, lm.lineHeightPt);
  }
  return markOnly;
}

function resetMeasure(m: Measure): void {
  m.ascent = 0;
  m.descent = 0;
  m.natural = 0;
  m.object = 0;
  m.label = 0;
  m.tabAscent = 0;
  m.tabDescent = 0;
  m.tabNatural = 0;
  m.plainDescent = 0;
  m.scripts = false;
  m.unscriptedAscent = 0;
  m.unscriptedDescent = 0;
  m.unscriptedNatural = 0;
  m.any = false;
}

/**
 * The height the line's inline objects give it (`objectHeight`: the tallest object with the descent
 * and extra below it), in whole grid lines on a grid. There a line of pictures only takes the grid
 * lines its pictures need: the mark's descent under them does not add one more (Word's saved column
 * break in oxsdk-chart3: a 137.8 pt chart alone in its line takes 9 lines of its 15.6 pt grid,
 * 140.4 pt, not 10 with Calibri's 2.8 pt descent; LibreOffice lays it out the same). The caller
 * centres the picture in those lines as far as they leave it room.
 */
function objectLineBox(objectPt: number, objectHeight: number, extra: number, pitch: number, markOnly: boolean): number {
  return snapToGrid(pitch && markOnly ? objectPt + extra : objectHeight, pitch);
}

/** A height rounded up to whole grid lines (`pitch` 0: no grid). */
function snapToGrid(h: number, pitch: number): number {
  return pitch ? Math.ceil(h / pitch - 0.001) * pitch : h;
}

interface Measure {
  ascent: number;
  descent: number;
  natural: number;
  object: number;
  /** Ascent of the list label, which raises the line but sets no depth or leading. */
  label: number;
  /** The tabs' metrics, which count only on a line without text. */
  tabAscent: number;
  tabDescent: number;
  tabNatural: number;
  /** The descent without what lowered text (w:position) adds to it. */
  plainDescent: number;
  /** Whether a superscript or subscript run is on the line, and the line's height without them. */
  scripts: boolean;
  unscriptedAscent: number;
  unscriptedDescent: number;
  unscriptedNatural: number;
  any: boolean;
}

function take(m: Measure, a: number, d: number, h: number, plainD = d, script = false): void {
  m.ascent = Math.max(m.ascent, a);
  m.descent = Math.max(m.descent, d);
  m.plainDescent = Math.max(m.plainDescent, plainD);
  m.natural = Math.max(m.natural, h);
  m.any = true;
  if (script) {
    m.scripts = true;
    return;
  }
  m.unscriptedAscent = Math.max(m.unscriptedAscent, a);
  m.unscriptedDescent = Math.max(m.unscriptedDescent, d);
  m.unscriptedNatural = Math.max(m.unscriptedNatural, h);
}

function measure(p: Piece, m: Measure, params: LineBoxParams): void {
  if (p.k === 'glyphs') measureGlyphs(p, m, params);
  else measureSpecial(p, m, params);
}

/** A run of glyphs: its font's line at its size, a list label's ascent, or a script at its run's full size. */
function measureGlyphs(p: GlyphPiece, m: Measure, params: LineBoxParams): void {
  const span = p.span;
  const lm = span.face.lineMetrics(span.sizePt);
  if (params.labelEnd !== undefined && p.start < params.labelEnd) {
    // A list label adds its ascent but no depth and no leading: Word's 10 pt Calibri items with
    // Symbol bullets are 12.75 pt apart (Symbol's ascent over Calibri's descent), those with
    // Courier New "o" bullets keep Calibri's 12.2 (Courier's deeper descent does not count).
    m.label = Math.max(m.label, lm.ascentPt + Math.max(0, span.risePt));
    m.any = true;
    return;
  }
  if (span.props.vertAlign !== 'baseline' && span.sizePt < span.props.sizePt) {
    // Superscript and subscript glyphs are drawn smaller and shifted, but the line is sized by the
    // run's font at full size (and w:position), not by the shifted glyphs: Word's render of
    // Docx4j_GettingStarted keeps the height of 11 pt Calibri lines and 10 pt notes that hold
    // 7 and 6.5 pt superscripts raised 4 and 3.5 pt. A superscript in a larger font than its line's
    // grows the line to that font's height (measured in LibreOffice: a 15 pt subscript run sets a
    // 15 pt line; Word's page starts in poi-stress008, where 12 pt Calibri note references sit in
    // 12 pt Times New Roman lines, agree).
    const full = span.face.lineMetrics(span.props.sizePt);
    const pos = span.props.positionPt;
    const fa = full.ascentPt + Math.max(0, pos);
    const fd = full.descentPt + Math.max(0, -pos);
    take(m, fa, fd, fa + fd + (full.lineHeightPt - full.ascentPt - full.descentPt), full.descentPt, true);
    return;
  }
  const rise = span.risePt;
  const leading = lm.lineHeightPt - lm.ascentPt - lm.descentPt;
  // A run border (w:bdr) lies outside the text's line, w:space further out: the line grows by its
  // room above and below, as LibreOffice lays it out (aspose-Rendering's line with a 1 pt border
  // sits 1 pt lower and is 2 pt taller than its neighbours).
  const border = span.props.border ? runBorderPad(span.props.border) : 0;
  // Raised or lowered text grows the line only by what sticks out (w:position); so does a phonetic guide.
  const a = Math.max(lm.ascentPt + Math.max(0, rise) + border, span.rubyTopPt ?? 0);
  const dsc = lm.descentPt + Math.max(0, -rise) + border;
  take(m, a, dsc, a + dsc + leading, lm.descentPt + border);
}

function measureSpecial(p: SpecialPiece, m: Measure, params: LineBoxParams): void {
  if (p.special.kind === 'object') {
    m.object = Math.max(m.object, p.ascent);
    m.any = true;
    return;
  }
  if (p.special.kind === 'checkBox') {
    // A checkbox sits where a character of its run would; an exact size taller than its font grows the line.
    if (p.special.props.hidden) return;
    const e = checkBoxExtent(p.special, params.faces);
    take(m, e.ascentPt, e.descentPt, e.lineHeightPt);
    return;
  }
  if (p.special.kind === 'math' || p.special.kind === 'combined' || p.special.kind === 'upright') {
    // An equation is at least as tall as a line of its font, and grows the line by what sticks out
    // (two lines in one stays within its font's line).
    const lm = params.faces.primary(p.special.props).lineMetrics(p.special.props.sizePt);
    const a = Math.max(lm.ascentPt, p.ascent);
    const d = Math.max(lm.descentPt, p.descent);
    take(m, a, d, a + d + Math.max(0, lm.lineHeightPt - lm.ascentPt - lm.descentPt));
    return;
  }
  const props = p.special.props;
  if (!props.hidden) {
    const lm = params.faces.primary(props).lineMetrics(props.sizePt);
    // The tab after a list label is the label's too.
    if (params.labelEnd !== undefined && p.start < params.labelEnd) m.label = Math.max(m.label, lm.ascentPt);
    else if (p.special.kind === 'tab') {
      m.tabAscent = Math.max(m.tabAscent, lm.ascentPt);
      m.tabDescent = Math.max(m.tabDescent, lm.descentPt);
      m.tabNatural = Math.max(m.tabNatural, lm.lineHeightPt);
      m.any = true;
    } else take(m, lm.ascentPt, lm.descentPt, lm.lineHeightPt);
  }
}
