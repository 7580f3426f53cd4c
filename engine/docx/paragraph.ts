/**
 * Reads one w:p (CT_P, §17.3.1.22): cascaded paragraph properties (the original ones under
 * w:pPrChange in the `original` view), the paragraph mark's run properties and revision, the list
 * label counted in this story, and the inline content.
 */
import type { ImageInline, ListLabel, Paragraph, ParagraphProps, Revision, RunProps } from '../model';
import type { XmlElement } from '../xml';
import { child } from '../xml';
import { cascadeParagraph, cascadeRun, type CellFormat, type ParagraphCascade } from './cascade';
import { revisionOf, type DocxContext, type StoryState } from './context';
import { charUnitPt } from './char-unit';
import { splitBySlot, Slot } from './font-slots';
import { InlineReader } from './inline-reader';
import { formatLabel } from './list-counters';
import { internPara, internRun } from './intern';
import { outlineLevelOf, resolveParagraph } from './resolve-para';
import { resolveRun } from './resolve-run';
import { overrideRun, type RawRun } from './run-props';
import type { LevelDef } from './numbering';
import { pictureBulletImage } from './picture-bullet';

/** A paragraph as read, with what the block reader must do next. */
export interface ReadParagraph {
  readonly paragraph: Paragraph;
  /** The mark is removed in this view (deleted in `final`, inserted in `original`): merge into the next paragraph. */
  readonly joinsNext: boolean;
  /** A section ends with this paragraph (w:pPr/w:sectPr). */
  readonly sectPr?: XmlElement;
}

const MARK_REVISIONS: ReadonlyMap<string, Revision['type']> = new Map([['w:ins', 'insert'], ['w:del', 'delete'], ['w:moveFrom', 'moveFrom'], ['w:moveTo', 'moveTo']]);

const propsCache = new WeakMap<ParagraphCascade, Map<number, ParagraphProps>>();

/** Resolved paragraph properties, shared by paragraphs with the same cascade and character unit. */
function paragraphProps(ctx: DocxContext, cascade: ParagraphCascade, charUnitPt: number): ParagraphProps {
  let m = propsCache.get(cascade);
  if (!m) {
    m = new Map();
    propsCache.set(cascade, m);
  }
  let hit = m.get(charUnitPt);
  if (!hit) {
    const styleName = styleNameOf(ctx, cascade);
    hit = resolveParagraph(cascade.raw, {
      autoSpacingPt: ctx.settings.doNotUseHtmlParagraphAutoSpacing ? 5 : 14,
      charUnitPt,
      ...(styleName ? { styleName } : {}),
    });
    m.set(charUnitPt, hit);
  }
  return hit;
}

function styleNameOf(ctx: DocxContext, cascade: ParagraphCascade): string | undefined {
  return cascade.styleId ? ctx.styles.styles.get(cascade.styleId)?.name : undefined;
}

/** The w:pPr children read here, found in one pass. */
interface PPrParts {
  pPr?: XmlElement;
  rPr?: XmlElement;
  sectPr?: XmlElement;
  change?: XmlElement;
  /** w:numPr/w:ins: the numbering itself is a tracked insertion (§17.13.5.19). */
  numberingInsert?: XmlElement;
}

function pPrParts(p: XmlElement): PPrParts {
  const out: PPrParts = {};
  let first: XmlElement | undefined;
  for (let i = 0; i < p.children.length && !first; i++) {
    const c = p.children[i]!;
    if (c.kind === 'element') first = c;
  }
  if (!first || first.name !== 'w:pPr') return out;
  out.pPr = first;
  // Index loops (here and in markChange): this runs for every paragraph.
  const kids = first.children;
  for (let i = 0; i < kids.length; i++) {
    const c = kids[i]!;
    if (c.kind !== 'element') continue;
    if (c.name === 'w:rPr') out.rPr = c;
    else if (c.name === 'w:sectPr') out.sectPr = c;
    else if (c.name === 'w:pPrChange') out.change = c;
    else if (c.name === 'w:numPr') {
      const ins = c.children.find((x): x is XmlElement => x.kind === 'element' && x.name === 'w:ins');
      if (ins) out.numberingInsert = ins;
    }
  }
  return out;
}

/** The tracked change of a paragraph mark (w:pPr/w:rPr/w:ins etc.) and whether this view removes the mark. */
function markChange(ctx: DocxContext, markPr: XmlElement | undefined): { revision?: Revision; removed: boolean } {
  if (!markPr) return { removed: false };
  const kids = markPr.children;
  for (let i = 0; i < kids.length; i++) {
    const c = kids[i]!;
    if (c.kind !== 'element') continue;
    const type = MARK_REVISIONS.get(c.name);
    if (!type) continue;
    const isInsert = type === 'insert' || type === 'moveTo';
    if (ctx.view === 'markup') return { revision: revisionOf(ctx, type, c), removed: false };
    return { removed: ctx.view === 'final' ? !isInsert : isInsert };
  }
  return { removed: false };
}

/** Reads a paragraph in a story (cell format for paragraphs inside table cells). */
export function readParagraph(ctx: DocxContext, story: StoryState, p: XmlElement, cell: CellFormat | undefined): ReadParagraph {
  const at = `${story.part}#p${++story.paragraphs}`;
  const parts = pPrParts(p);
  let direct = internPara(ctx, parts.pPr, at);
  if (parts.change && ctx.view === 'original') direct = internPara(ctx, child(parts.change, 'w:pPr'), at);
  else if (parts.numberingInsert && ctx.view === 'original') direct = { ...direct, numPr: { numId: '0' } };
  const cascade = cascadeParagraph(ctx, direct, cell);
  const markRaw = cascadeRun(ctx, cascade.runBase, internRun(ctx, parts.rPr, at));
  const markProps = resolveRun(markRaw, Slot.Ascii, ctx.declared);
  const mark = markChange(ctx, parts.rPr);
  let markRevision = mark.revision;
  const formatChange = parts.change ?? parts.numberingInsert;
  if (!markRevision && formatChange && ctx.view === 'markup') markRevision = revisionOf(ctx, 'format', formatChange);
  const joinsNext = mark.removed && !parts.sectPr;
  const reader = new InlineReader(ctx, story, cascade, at);
  if (story.pendingMarks.length > 0) {
    reader.out.push(...story.pendingMarks);
    story.pendingMarks = [];
  }
  // The paragraph's number counts before its LISTNUM fields, which number on in its list after it.
  const numbered = cascade.list && !joinsNext ? cascade.list : undefined;
  const list = numbered ? listLabel(ctx, story, numbered, markRaw) : undefined;
  // AUTONUM fields number by the paragraph's outline level (autonum-field.ts).
  const outlineLevel = outlineLevelOf(cascade.raw, styleNameOf(ctx, cascade));
  story.listNum = { ...(numbered ? { list: numbered } : {}), ...(outlineLevel !== undefined ? { outlineLevel } : {}) };
  reader.content(p);
  const inlines = reader.finish();
  const props = paragraphProps(ctx, cascade, charUnitPt(ctx, cascade, p, markProps, at));
  const paragraph: Paragraph = {
    kind: 'paragraph',
    props: list ? { ...props, list } : props,
    inlines,
    markProps,
    ...(markRevision ? { markRevision } : {}),
    at,
  };
  return parts.sectPr ? { paragraph, joinsNext, sectPr: parts.sectPr } : { paragraph, joinsNext };
}

const labelProps = new WeakMap<RawRun, WeakMap<LevelDef, RawRun>>();

/**
 * Counts the paragraph in its list and builds its label: the paragraph mark's run properties
 * overlaid by the level's w:rPr (Word ignores the text runs' formatting for the label).
 */
function listLabel(ctx: DocxContext, story: StoryState, l: NonNullable<ParagraphCascade['list']>, markRaw: RawRun): ListLabel {
  const values = story.counters.count(l.numId, l.list, l.ilvl);
  const level = l.list.levels[l.ilvl]!;
  const text = formatLabel(l.list, l.ilvl, values);
  let m = labelProps.get(markRaw);
  if (!m) {
    m = new WeakMap();
    labelProps.set(markRaw, m);
  }
  let raw = m.get(level);
  if (!raw) {
    raw = overrideRun(overrideRun({}, markRaw), level.rPr);
    m.set(level, raw);
  }
  const slot = text === '' ? Slot.Ascii : splitBySlot(text, raw.hint, raw.rtl === true, false)[0]!.slot;
  const props = resolveRun(raw, slot, ctx.declared);
  const picture = level.picture && level.numFmt === 'bullet' ? labelPicture(ctx, level, props, story.part) : undefined;
  return { text, props, ...(picture ? { picture } : {}), suffix: level.suffix, alignment: level.jc, ...(level.legacy ? { legacy: level.legacy } : {}), numId: l.numId, level: l.ilvl };
}

const labelPictures = new WeakMap<LevelDef, WeakMap<RunProps, ImageInline | null>>();

/** A picture bullet's image for a label of these properties, read once per level and properties. */
function labelPicture(ctx: DocxContext, level: LevelDef, props: RunProps, at: string): ImageInline | undefined {
  let m = labelPictures.get(level);
  if (!m) {
    m = new WeakMap();
    labelPictures.set(level, m);
  }
  let image = m.get(props);
  if (image === undefined) {
    image = pictureBulletImage(ctx, level.picture!, props, at) ?? null;
    m.set(props, image);
  }
  return image ?? undefined;
}
