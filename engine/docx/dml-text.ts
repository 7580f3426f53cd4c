/**
 * DrawingML text bodies (a:txBody / dsp:txBody: a:p, a:r, a:t, §21.1.2) as model paragraphs, for
 * SmartArt drawings: size (hundredths of a point), bold, italic, underline, colour, Latin typeface
 * and paragraph alignment.
 */
import type { Block, Inline, ParagraphProps, RunProps } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, children, textContent } from '../xml';
import type { DocxContext } from './context';
import { drawingColor } from './theme';
import { intValue } from './values';

const ALIGN: Record<string, ParagraphProps['alignment']> = { l: 'left', ctr: 'center', r: 'right', just: 'both', dist: 'distribute' };

function baseParagraphProps(alignment: ParagraphProps['alignment']): ParagraphProps {
  return {
    alignment,
    indent: { leftPt: 0, rightPt: 0, firstLinePt: 0 },
    spacing: { beforePt: 0, afterPt: 0, beforeAuto: false, afterAuto: false, line: { rule: 'auto', multiple: 0.9 } },
    contextualSpacing: false, keepNext: false, keepLines: false, widowControl: true, pageBreakBefore: false,
    suppressAutoHyphens: false, tabs: [], bidi: false, snapToGrid: false,
  };
}

/**
 * A DrawingML Latin typeface (a:latin/@typeface): a theme font reference (+mj-lt, +mn-lt, §20.1.4.1.16)
 * becomes the theme's major or minor Latin face; an absent or empty one, or a reference the theme does not
 * fill, takes `fallbackFont`.
 */
export function dmlLatinFont(ctx: DocxContext, typeface: string | undefined, fallbackFont: string): string {
  if (typeface === '+mj-lt') return ctx.env.theme.major.latin || fallbackFont;
  if (typeface === '+mn-lt') return ctx.env.theme.minor.latin || fallbackFont;
  return typeface || fallbackFont;
}

function latinFont(ctx: DocxContext, rPr: XmlElement | undefined, fallbackFont: string): string {
  return dmlLatinFont(ctx, attr(child(rPr, 'a:latin'), 'typeface'), fallbackFont);
}

function runProps(ctx: DocxContext, rPr: XmlElement | undefined, fallbackFont: string, fallbackColor?: string): RunProps {
  const sz = intValue(attr(rPr, 'sz'));
  const u = attr(rPr, 'u');
  const p: { -readonly [K in keyof RunProps]: RunProps[K] } = {
    font: latinFont(ctx, rPr, fallbackFont),
    sizePt: sz && sz > 0 ? Math.min(sz / 100, 400) : 18,
    bold: attr(rPr, 'b') === '1',
    italic: attr(rPr, 'i') === '1',
    strike: attr(rPr, 'strike') === 'sngStrike',
    doubleStrike: attr(rPr, 'strike') === 'dblStrike',
    caps: attr(rPr, 'cap') === 'all',
    smallCaps: attr(rPr, 'cap') === 'small',
    vertAlign: 'baseline', positionPt: 0, spacingPt: 0, scalePct: 100, hidden: false, rtl: false,
  };
  if (u && u !== 'none') p.underline = { style: 'single' };
  const color = drawingColor(ctx.env.theme, ctx.env.mapping, child(rPr, 'a:solidFill')) ?? fallbackColor;
  if (color) p.color = color;
  return p;
}

/**
 * Converts a text body to paragraphs. Runs naming no typeface take the shape style's a:fontRef
 * font (§20.1.4.1.17: idx "major" the theme's major Latin face, else its minor one), and runs
 * naming no colour take `color` (the a:fontRef colour).
 */
export function dmlTextBlocks(ctx: DocxContext, txBody: XmlElement | undefined, at: string, color?: string, fontRef?: XmlElement): Block[] {
  const theme = ctx.env.theme;
  const font = (attr(fontRef, 'idx') === 'major' ? theme.major.latin : undefined) || theme.minor.latin || 'Calibri';
  const out: Block[] = [];
  for (const p of children(txBody, 'a:p')) {
    const inlines: Inline[] = [];
    for (const r of p.children) {
      if (r.kind !== 'element') continue;
      if (r.name === 'a:r' || r.name === 'a:fld') inlines.push({ kind: 'text', text: textContent(child(r, 'a:t') ?? r), props: runProps(ctx, child(r, 'a:rPr'), font, color) });
      else if (r.name === 'a:br') inlines.push({ kind: 'break', type: 'line', props: runProps(ctx, child(r, 'a:rPr'), font, color) });
    }
    const endProps = runProps(ctx, child(p, 'a:endParaRPr') ?? child(child(p, 'a:r'), 'a:rPr'), font, color);
    out.push({ kind: 'paragraph', props: baseParagraphProps(ALIGN[attr(child(p, 'a:pPr'), 'algn') ?? 'l'] ?? 'left'), inlines, markProps: endProps, at });
  }
  return out;
}
