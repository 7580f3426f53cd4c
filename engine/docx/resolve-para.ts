/**
 * Final paragraph properties from a fully cascaded RawPara (§17.3.1): alignment with start/end
 * resolved by direction, indents (character-unit variants approximated from the mark's size),
 * spacing with auto spacing and line rules, borders without explicit `none`s, tab stops resolved.
 */
import type { Alignment, ParagraphBorders, ParagraphProps } from '../model';
import { resolveTabs, type RawPara } from './para-props';

/** Inputs besides the cascaded properties. */
export interface ParaResolveInput {
  /** Space for beforeAutospacing/afterAutospacing: 14 pt, or 5 pt with doNotUseHTMLParagraphAutoSpacing. */
  readonly autoSpacingPt: number;
  /** Size of the paragraph mark's font: one "character" for *Chars indents. */
  readonly charUnitPt: number;
  readonly styleName?: string;
}

/** Word's built-in heading style names carry outline levels even without w:outlineLvl. */
const HEADING_NAME = /^heading ([1-9])$/i;

/** Resolves ST_Jc (§17.18.44, including Word 2010 kashida and Thai values) for the paragraph direction. */
export function resolveAlignment(jc: string | undefined, bidi: boolean): Alignment {
  switch (jc) {
    case undefined:
    case 'left':
    case 'start':
      return bidi ? 'right' : 'left';
    case 'right':
    case 'end':
      return bidi ? 'left' : 'right';
    case 'center':
      return 'center';
    case 'both':
    case 'lowKashida':
    case 'mediumKashida':
    case 'highKashida':
      return 'both';
    case 'distribute':
    case 'thaiDistribute':
      return 'distribute';
    default:
      return bidi ? 'right' : 'left';
  }
}

/** One line of "spacing in lines" (w:beforeLines), in points: Word uses 12 pt per line without a grid. */
const LINE_UNIT_PT = 12;

/** Builds ParagraphProps (without the list label, which numbering adds). */
export function resolveParagraph(raw: RawPara, input: ParaResolveInput): ParagraphProps {
  const bidi = raw.bidi === true;
  const ind = raw.ind ?? {};
  const unit = input.charUnitPt;
  const leftPt = ind.leftChars ? (ind.leftChars / 100) * unit : ind.left ?? 0;
  const rightPt = ind.rightChars ? (ind.rightChars / 100) * unit : ind.right ?? 0;
  const firstLinePt = ind.firstLineChars ? (ind.firstLineChars / 100) * unit : ind.firstLine ?? 0;
  const sp = raw.spacing ?? {};
  const beforeAuto = sp.beforeAuto === true;
  const afterAuto = sp.afterAuto === true;
  const beforePt = beforeAuto ? input.autoSpacingPt : sp.beforeLines ? (sp.beforeLines / 100) * LINE_UNIT_PT : sp.before ?? 0;
  const afterPt = afterAuto ? input.autoSpacingPt : sp.afterLines ? (sp.afterLines / 100) * LINE_UNIT_PT : sp.after ?? 0;
  const p: { -readonly [K in keyof ParagraphProps]: ParagraphProps[K] } = {
    alignment: resolveAlignment(raw.jc, bidi),
    // Transitional w:left/w:right mean start/end (as in w:jc): physical sides swap in a bidi paragraph.
    indent: bidi ? { leftPt: rightPt, rightPt: leftPt, firstLinePt } : { leftPt, rightPt, firstLinePt },
    spacing: { beforePt, afterPt, beforeAuto, afterAuto, line: lineSpacing(sp.line, sp.lineRule) },
    contextualSpacing: raw.contextualSpacing === true,
    keepNext: raw.keepNext === true,
    keepLines: raw.keepLines === true,
    // Word writes w:widowControl w:val="0" to turn it off; absent everywhere means on.
    widowControl: raw.widowControl !== false,
    pageBreakBefore: raw.pageBreakBefore === true,
    suppressAutoHyphens: raw.suppressAutoHyphens === true,
    tabs: resolveTabs(raw.tabs),
    bidi,
    snapToGrid: raw.snapToGrid !== false,
  };
  if (raw.autoSpaceDE === false) p.noAutoSpaceLatin = true;
  if (raw.autoSpaceDN === false) p.noAutoSpaceDigits = true;
  if (raw.pStyle) p.styleId = raw.pStyle;
  if (input.styleName) p.styleName = input.styleName;
  const outline = outlineLevelOf(raw, input.styleName);
  if (outline !== undefined) p.outlineLevel = outline;
  const borders = paragraphBorders(raw);
  if (borders) p.borders = borders;
  if (raw.shd) p.shading = raw.shd;
  if (raw.framePr && Object.keys(raw.framePr).length > 0) p.frame = raw.framePr;
  if (raw.suppressLineNumbers) p.suppressLineNumbers = true;
  return p;
}

/** A paragraph's outline level 0–8 (w:outlineLvl, else a built-in heading style's); undefined for body text (level 9 or none). */
export function outlineLevelOf(raw: RawPara, styleName: string | undefined): number | undefined {
  const outline = raw.outlineLvl ?? headingLevel(styleName);
  return outline !== undefined && outline < 9 ? outline : undefined;
}

function headingLevel(name: string | undefined): number | undefined {
  const m = name ? HEADING_NAME.exec(name) : null;
  return m ? Number(m[1]) - 1 : undefined;
}

function lineSpacing(line: number | undefined, rule: 'auto' | 'exact' | 'atLeast' | undefined): ParagraphProps['spacing']['line'] {
  if (line === undefined) return { rule: 'auto', multiple: 1 };
  if (rule === 'exact') return { rule: 'exact', pt: Math.min(1584, Math.abs(line) / 20) };
  if (rule === 'atLeast') return { rule: 'atLeast', pt: Math.min(1584, Math.max(0, line) / 20) };
  const m = line / 240;
  return { rule: 'auto', multiple: m <= 0 ? 1 : Math.min(m, 132) };
}

function paragraphBorders(raw: RawPara): ParagraphBorders | undefined {
  const b = raw.pBdr;
  if (!b) return undefined;
  const out: { -readonly [K in keyof ParagraphBorders]: ParagraphBorders[K] } = {};
  let any = false;
  for (const side of ['top', 'bottom', 'left', 'right', 'between', 'bar'] as const) {
    const v = b[side];
    if (v) {
      out[side] = v;
      any = true;
    }
  }
  return any ? out : undefined;
}
