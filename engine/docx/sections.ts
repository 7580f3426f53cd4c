/**
 * Section properties (w:sectPr, CT_SectPr, §17.6.17) with Word's defaults for missing elements and
 * header/footer references inherited from the previous section (§17.10.5).
 */
import type { HeaderFooterRefs, NoteOptions, NumberFormat, PageBorders, RunProps, SectionProps } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, children } from '../xml';
import { readBorder } from './borders';
import type { PropsEnv } from './env';
import { intAttr, intValue, measureValue, onOff, oneOf } from './values';

/** Page size when w:pgSz is absent: US Letter, as Word's en-US Normal template (the spec leaves it to the application). */
export const DEFAULT_PAGE = { widthPt: 612, heightPt: 792 };
/** Margins when w:pgMar is absent: 1 inch, header and footer 0.5 inch. */
export const DEFAULT_MARGINS = { top: 72, right: 72, bottom: 72, left: 72, header: 36, footer: 36, gutter: 0 };

/** ST_NumberFormat values the model names; other formats fall back to decimal (§17.18.59). */
const NUMBER_FORMATS = new Set<NumberFormat>([
  'decimal', 'decimalZero', 'upperRoman', 'lowerRoman', 'upperLetter', 'lowerLetter', 'ordinal', 'cardinalText', 'ordinalText',
  'hex', 'chicago', 'bullet', 'none', 'decimalEnclosedCircle', 'decimalFullWidth', 'ideographDigital', 'chineseCounting',
  'japaneseCounting', 'arabicAlpha', 'hebrew1', 'numberInDash',
]);

/** Maps an ST_NumberFormat string onto the model's NumberFormat (unknown ones → `fallback`). */
export function toNumberFormat(v: string | undefined, fallback: NumberFormat): NumberFormat {
  if (v === undefined) return fallback;
  if (NUMBER_FORMATS.has(v as NumberFormat)) return v as NumberFormat;
  if (v === 'decimalFullWidth2') return 'decimalFullWidth';
  if (v === 'decimalEnclosedCircleChinese') return 'decimalEnclosedCircle';
  return fallback;
}

/** Reads w:footnotePr / w:endnotePr over a base (§17.11.11, §17.11.5). */
export function readNoteOptions(el: XmlElement | undefined, base: NoteOptions): NoteOptions {
  if (!el) return base;
  const fmt = attr(child(el, 'w:numFmt'), 'w:val');
  const start = intAttr(child(el, 'w:numStart'));
  const restart = oneOf(attr(child(el, 'w:numRestart'), 'w:val'), ['continuous', 'eachSect', 'eachPage'] as const);
  const pos = oneOf(attr(child(el, 'w:pos'), 'w:val'), ['pageBottom', 'beneathText', 'sectEnd', 'docEnd'] as const);
  return {
    format: toNumberFormat(fmt, base.format),
    start: start === undefined ? base.start : Math.max(0, Math.min(32767, start)),
    restart: restart ?? base.restart,
    position: pos ?? base.position,
  };
}

/** Default footnote and endnote options (§17.11.17: decimal footnotes, lowerRoman endnotes at document end). */
export const DEFAULT_FOOTNOTES: NoteOptions = { format: 'decimal', start: 1, restart: 'continuous', position: 'pageBottom' };
export const DEFAULT_ENDNOTES: NoteOptions = { format: 'lowerRoman', start: 1, restart: 'continuous', position: 'docEnd' };

/** What section reading needs from the document. */
export interface SectionContext {
  readonly env: PropsEnv;
  /** Resolves a header/footer r:id to its part name (undefined when the relationship is missing). */
  readonly storyPart: (rId: string) => string | undefined;
  readonly footnotes: NoteOptions;
  readonly endnotes: NoteOptions;
  /** Reports what a section asks for that is not laid out as asked. */
  readonly warn?: (code: string, message: string) => void;
  /** Run properties line numbers print in (the LineNumber character style over Normal). */
  readonly lineNumberProps?: () => RunProps;
}

/** Vertical section directions (§17.6.20, with the transitional names): tbRl and btLr layouts. */
const VERTICAL_SECTIONS: Record<string, 'tbRl' | 'btLr'> = { tbRl: 'tbRl', tb: 'tbRl', rl: 'tbRl', tbRlV: 'tbRl', tbV: 'tbRl', rlV: 'tbRl', btLr: 'btLr' };

/** Reads a w:sectPr; `previous` supplies inherited header/footer references. */
export function readSection(ctx: SectionContext, el: XmlElement | undefined, previous: SectionProps | undefined): SectionProps {
  const pgSz = child(el, 'w:pgSz');
  const pw = measureValue(attr(pgSz, 'w:w'), 20);
  const ph = measureValue(attr(pgSz, 'w:h'), 20);
  const widthPt = pw !== undefined && pw >= 36 ? pw : DEFAULT_PAGE.widthPt;
  const heightPt = ph !== undefined && ph >= 36 ? ph : DEFAULT_PAGE.heightPt;
  const orient = attr(pgSz, 'w:orient');
  const props: { -readonly [K in keyof SectionProps]: SectionProps[K] } = {
    pageWidthPt: widthPt,
    pageHeightPt: heightPt,
    orientation: orient === 'landscape' || (orient === undefined && widthPt > heightPt) ? 'landscape' : 'portrait',
    margins: readMargins(child(el, 'w:pgMar')),
    columns: readColumns(child(el, 'w:cols')),
    type: oneOf(attr(child(el, 'w:type'), 'w:val'), ['nextPage', 'continuous', 'evenPage', 'oddPage', 'nextColumn'] as const) ?? 'nextPage',
    verticalAlign: oneOf(attr(child(el, 'w:vAlign'), 'w:val'), ['top', 'center', 'both', 'bottom'] as const) ?? 'top',
    titlePage: onOff(child(el, 'w:titlePg')) === true,
    headers: readRefs(ctx, el, 'w:headerReference', previous?.headers),
    footers: readRefs(ctx, el, 'w:footerReference', previous?.footers),
    pageNumbers: readPageNumbers(child(el, 'w:pgNumType')),
    bidi: onOff(child(el, 'w:bidi')) === true,
  };
  warnCrampedPage(ctx, props);
  const direction = attr(child(el, 'w:textDirection'), 'w:val');
  const vertical = direction === undefined ? undefined : VERTICAL_SECTIONS[direction];
  if (vertical) props.textDirection = vertical;
  else if (direction !== undefined && direction !== 'lrTb' && direction !== 'lr') {
    // lrTbV and tbLrV (East Asian text turned within horizontal or left-to-right vertical lines)
    // are laid out as plain horizontal text.
    ctx.warn?.('docx/vertical-section', `A section with text direction ${direction} is laid out horizontally.`);
  }
  const grid = child(el, 'w:docGrid');
  if (grid) {
    const type = oneOf(attr(grid, 'w:type'), ['default', 'lines', 'linesAndChars', 'snapToChars'] as const) ?? 'default';
    const pitch = measureValue(attr(grid, 'w:linePitch'), 20);
    const cs = intValue(attr(grid, 'w:charSpace'));
    props.docGrid = { type, linePitchPt: pitch !== undefined && pitch > 0 ? pitch : 18, ...(cs !== undefined ? { charSpacePt: cs / 4096 } : {}) };
  }
  // Word writes w:val on this w15 element; a count beyond the text's 45 columns is no layout.
  const noteColumns = intValue(attr(child(el, 'w15:footnoteColumns'), 'w:val') ?? attr(child(el, 'w15:footnoteColumns'), 'w15:val'));
  if (noteColumns !== undefined && noteColumns > 0 && noteColumns <= 45) props.footnoteColumns = noteColumns;
  const borders = readPageBorders(ctx.env, child(el, 'w:pgBorders'));
  if (borders) props.pageBorders = borders;
  const fn = child(el, 'w:footnotePr');
  if (fn) props.footnotes = readNoteOptions(fn, ctx.footnotes);
  const en = child(el, 'w:endnotePr');
  if (en) props.endnotes = readNoteOptions(en, ctx.endnotes);
  const ln = child(el, 'w:lnNumType');
  if (ln) props.lineNumbering = readLineNumbering(ln, ctx.lineNumberProps?.());
  return props;
}

/** Least text width or height (points) a page keeps before its margins are reported as leaving no room. */
const CRAMPED_PT = 18;

/**
 * Margins that leave (almost) no text area: the text is still laid out, in the sliver that remains, a
 * character or so per line, but the pages this makes are not what the author saw, so it is reported.
 */
function warnCrampedPage(ctx: SectionContext, p: SectionProps): void {
  const m = p.margins;
  const width = p.pageWidthPt - m.left - m.right - m.gutter;
  const height = p.pageHeightPt - Math.abs(m.top) - Math.abs(m.bottom);
  if (width >= CRAMPED_PT && height >= CRAMPED_PT) return;
  const what = width < CRAMPED_PT ? `${fmt(width)} pt of the page's ${fmt(p.pageWidthPt)} pt width` : `${fmt(height)} pt of the page's ${fmt(p.pageHeightPt)} pt height`;
  ctx.warn?.('docx/margins-exceed-page', `A section's margins leave ${what} for text; its text is laid out in what remains.`);
}

const fmt = (n: number) => String(Math.round(n * 10) / 10);

function readMargins(el: XmlElement | undefined): SectionProps['margins'] {
  if (!el) return DEFAULT_MARGINS;
  const m = (name: string, d: number) => measureValue(attr(el, name), 20) ?? d;
  return {
    top: m('w:top', DEFAULT_MARGINS.top),
    right: Math.max(0, m('w:right', DEFAULT_MARGINS.right)),
    bottom: m('w:bottom', DEFAULT_MARGINS.bottom),
    left: Math.max(0, m('w:left', DEFAULT_MARGINS.left)),
    header: Math.max(0, m('w:header', DEFAULT_MARGINS.header)),
    footer: Math.max(0, m('w:footer', DEFAULT_MARGINS.footer)),
    gutter: Math.max(0, m('w:gutter', 0)),
  };
}

function readColumns(el: XmlElement | undefined): SectionProps['columns'] {
  if (!el) return { count: 1, spacePt: 36, separator: false };
  const num = intAttr(el, 'w:num');
  const count = num === undefined || num < 1 ? 1 : Math.min(num, 45);
  const spacePt = Math.max(0, measureValue(attr(el, 'w:space'), 20) ?? 36);
  const separator = onOff(el, 'w:sep') === true && el.attrs['w:sep'] !== undefined;
  const equal = el.attrs['w:equalWidth'] === undefined || onOff(el, 'w:equalWidth') === true;
  const cols = children(el, 'w:col');
  if (equal || cols.length === 0) return { count, spacePt, separator };
  const widths = cols.slice(0, 45).map((c) => ({
    widthPt: Math.max(0, measureValue(attr(c, 'w:w'), 20) ?? 0),
    spacePt: Math.max(0, measureValue(attr(c, 'w:space'), 20) ?? 0),
  }));
  return { count: widths.length, spacePt, separator, widths };
}

function readRefs(ctx: SectionContext, el: XmlElement | undefined, name: string, inherited: HeaderFooterRefs | undefined): HeaderFooterRefs {
  const out: { default?: string; first?: string; even?: string } = { ...(inherited ?? {}) };
  for (const r of children(el, name)) {
    const type = attr(r, 'w:type') ?? 'default';
    const id = attr(r, 'r:id');
    if (!id || (type !== 'default' && type !== 'first' && type !== 'even')) continue;
    const part = ctx.storyPart(id);
    if (part) out[type] = part;
  }
  return out;
}

function readPageNumbers(el: XmlElement | undefined): SectionProps['pageNumbers'] {
  const format = toNumberFormat(attr(el, 'w:fmt'), 'decimal');
  const start = intAttr(el, 'w:start');
  return start === undefined ? { format } : { format, start: Math.max(0, Math.min(1_000_000, start)) };
}

function readPageBorders(env: PropsEnv, el: XmlElement | undefined): PageBorders | undefined {
  if (!el) return undefined;
  const b: { -readonly [K in keyof PageBorders]: PageBorders[K] } = {
    offsetFrom: attr(el, 'w:offsetFrom') === 'page' ? 'page' : 'text',
    display: oneOf(attr(el, 'w:display'), ['allPages', 'firstPage', 'notFirstPage'] as const) ?? 'allPages',
    zOrder: attr(el, 'w:zOrder') === 'back' ? 'back' : 'front',
  };
  let any = false;
  for (const side of ['top', 'left', 'bottom', 'right'] as const) {
    const v = readBorder(env, child(el, `w:${side}`));
    if (v) {
      b[side] = v;
      any = true;
    }
  }
  return any ? b : undefined;
}

/** w:lnNumType (CT_LineNumber, §17.6.8); an omitted w:distance is Word's automatic 0.25 in. */
function readLineNumbering(el: XmlElement, props: RunProps | undefined): NonNullable<SectionProps['lineNumbering']> {
  const countBy = intAttr(el, 'w:countBy');
  const start = intAttr(el, 'w:start');
  return {
    countBy: countBy === undefined || countBy < 1 ? 1 : Math.min(countBy, 100),
    // w:start is zero-based: Word's "start at 1" is written as 0 or omitted.
    start: (start === undefined || start < 0 ? 0 : Math.min(start, 32767)) + 1,
    distancePt: Math.max(0, measureValue(attr(el, 'w:distance'), 20) ?? 18),
    restart: oneOf(attr(el, 'w:restart'), ['newPage', 'newSection', 'continuous'] as const) ?? 'newPage',
    ...(props ? { props } : {}),
  };
}
