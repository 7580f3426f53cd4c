/**
 * The style cascade, applied once per paragraph and run (§17.7.2):
 * paragraph: docDefaults → table style → [numbering level, when the style carries numPr] →
 * paragraph style → [numbering level, when numPr is direct] → direct;
 * run: docDefaults → table style → paragraph style → character style (toggles flip, §17.7.3) → direct.
 * A level's pPr goes above the paragraph style when numbering is direct because Word indents a list
 * paragraph by its level even when its style (List Paragraph) has its own indent.
 */
import type { DocxContext } from './context';
import type { ResolvedList } from './numbering';
import { cloneRawPara, overridePara, type RawPara } from './para-props';
import { overrideRun, toggleRun, type RawRun } from './run-props';

/** Table-style formatting that applies to one cell's content (conditions already combined). */
export interface CellFormat {
  readonly key: string;
  readonly rPr: RawRun;
  readonly pPr: RawPara;
}

/** A paragraph's cascaded properties and the base its runs build on. */
export interface ParagraphCascade {
  readonly raw: RawPara;
  readonly styleId?: string;
  readonly runBase: RawRun;
  readonly list?: { readonly numId: string; readonly ilvl: number; readonly list: ResolvedList };
}

const runBaseCache = new WeakMap<DocxContext, Map<string, RawRun>>();
const charCache = new WeakMap<RawRun, Map<string, RawRun>>();

/** The run base of a paragraph: docDefaults, table style and paragraph style (memoised). */
export function runBaseFor(ctx: DocxContext, styleId: string | undefined, cell: CellFormat | undefined): RawRun {
  let map = runBaseCache.get(ctx);
  if (!map) {
    map = new Map();
    runBaseCache.set(ctx, map);
  }
  const key = `${cell?.key ?? ''}\u0000${styleId ?? ''}`;
  let base = map.get(key);
  if (!base) {
    base = overrideRun({}, ctx.styles.defaultRun);
    if (cell) toggleRun(base, cell.rPr);
    if (styleId) toggleRun(base, ctx.styles.chainRun(styleId));
    map.set(key, base);
  }
  return base;
}

const directCache = new WeakMap<RawRun, Map<RawRun, RawRun>>();

/**
 * Cascades a run: the paragraph's base, its character style, then direct formatting. `direct` must be
 * interned (intern.ts), so results are memoised by identity and equal formatting gives one object.
 */
export function cascadeRun(ctx: DocxContext, base: RawRun, direct: RawRun | undefined): RawRun {
  if (!direct) return base;
  let m = directCache.get(base);
  if (!m) {
    m = new Map();
    directCache.set(base, m);
  }
  let hit = m.get(direct);
  if (!hit) {
    hit = cascadeRunUncached(ctx, base, direct);
    m.set(direct, hit);
  }
  return hit;
}

function cascadeRunUncached(ctx: DocxContext, base: RawRun, direct: RawRun): RawRun {
  const charStyle = ctx.styles.characterStyle(direct.rStyle);
  let styled = base;
  if (charStyle) {
    let m = charCache.get(base);
    if (!m) {
      m = new Map();
      charCache.set(base, m);
    }
    styled = m.get(charStyle) ?? toggleRun(overrideRun({}, base), ctx.styles.chainRun(charStyle));
    m.set(charStyle, styled);
  }
  if (isEmpty(direct)) return styled;
  return overrideRun(overrideRun({}, styled), direct);
}

function isEmpty(o: object): boolean {
  for (const _k in o) return false;
  return true;
}

const paraCache = new WeakMap<RawPara, Map<string, ParagraphCascade>>();

/** Cascades a paragraph's properties (memoised per interned direct properties and cell format). */
export function cascadeParagraph(ctx: DocxContext, direct: RawPara, cell: CellFormat | undefined): ParagraphCascade {
  let m = paraCache.get(direct);
  if (!m) {
    m = new Map();
    paraCache.set(direct, m);
  }
  const key = cell?.key ?? '';
  let hit = m.get(key);
  if (!hit) {
    hit = cascadeParagraphUncached(ctx, direct, cell);
    m.set(key, hit);
  }
  return hit;
}

/** Cascades a paragraph's properties, finding its numbering (direct numPr, else the style's). */
function cascadeParagraphUncached(ctx: DocxContext, direct: RawPara, cell: CellFormat | undefined): ParagraphCascade {
  const styles = ctx.styles;
  const styleId = direct.pStyle && styles.styles.get(direct.pStyle)?.type === 'paragraph' ? direct.pStyle : styles.defaultParagraphStyle;
  const styleRaw = styles.chainPara(styleId);
  const directNum = direct.numPr?.numId;
  const numId = directNum ?? styleRaw.numPr?.numId;
  const list = numId !== undefined ? ctx.numbering.list(numId) : undefined;
  let ilvl = 0;
  if (list) {
    const fromStyleLevel = list.levels.findIndex((l) => l?.pStyle !== undefined && l.pStyle === styleId);
    ilvl = direct.numPr?.ilvl ?? styleRaw.numPr?.ilvl ?? (fromStyleLevel >= 0 ? fromStyleLevel : 0);
  }
  const level = list?.levels[ilvl];
  const raw = cloneRawPara(styles.defaultPara);
  if (cell) overridePara(raw, cell.pPr);
  if (level && directNum === undefined) overridePara(raw, level.pPr);
  overridePara(raw, styleRaw);
  if (level && directNum !== undefined) overridePara(raw, level.pPr);
  overridePara(raw, direct);
  if (styleId) raw.pStyle = styleId;
  return {
    raw,
    ...(styleId ? { styleId } : {}),
    runBase: runBaseFor(ctx, styleId, cell),
    ...(list && numId !== undefined && level ? { list: { numId, ilvl, list } } : {}),
  };
}
