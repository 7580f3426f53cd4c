/**
 * Reads one w:p (CT_P, §17.3.1.22): cascaded paragraph properties (the original ones under
 * w:pPrChange in the `original` view), the paragraph mark's run properties and revision, the list
 * label counted in this story, and the inline content.
 */
import type { ListLabel, Paragraph, Revision } from '../model';
import type { XmlElement } from '../xml';
import { child } from '../xml';
import { cascadeParagraph, cascadeRun, type CellFormat } from './cascade';
import { revisionOf, unsupported, type DocxContext, type StoryState } from './context';
import { splitBySlot, Slot } from './font-slots';
import { InlineReader } from './inline-reader';
import { formatLabel } from './list-counters';
import { readRawPara } from './para-props';
import { resolveParagraph } from './resolve-para';
import { resolveRun } from './resolve-run';
import { overrideRun, readRawRun } from './run-props';

/** A paragraph as read, with what the block reader must do next. */
export interface ReadParagraph {
  readonly paragraph: Paragraph;
  /** The mark is removed in this view (deleted in `final`, inserted in `original`): merge into the next paragraph. */
  readonly joinsNext: boolean;
  /** A section ends with this paragraph (w:pPr/w:sectPr). */
  readonly sectPr?: XmlElement;
}

const MARK_REVISIONS: ReadonlyArray<[string, Revision['type']]> = [['w:ins', 'insert'], ['w:del', 'delete'], ['w:moveFrom', 'moveFrom'], ['w:moveTo', 'moveTo']];

/** Reads a paragraph in a story (cell format for paragraphs inside table cells). */
export function readParagraph(ctx: DocxContext, story: StoryState, p: XmlElement, cell: CellFormat | undefined): ReadParagraph {
  const at = `${story.part}#p${++story.paragraphs}`;
  const pPr = child(p, 'w:pPr');
  const unknown = (name: string) => unsupported(ctx, name, at);
  let direct = readRawPara(ctx.env, pPr, unknown);
  const change = child(pPr, 'w:pPrChange');
  if (change && ctx.view === 'original') direct = readRawPara(ctx.env, child(change, 'w:pPr'));
  const cascade = cascadeParagraph(ctx, direct, cell);
  const markPr = child(pPr, 'w:rPr');
  const markRaw = cascadeRun(ctx, cascade.runBase, markPr ? readRawRun(ctx.env, markPr, unknown) : undefined);
  const generic = (font: string) => ctx.fontGenerics.get(font);
  const markProps = resolveRun(markRaw, Slot.Ascii, generic);
  let markRevision: Revision | undefined;
  let removed = false;
  for (const [name, type] of MARK_REVISIONS) {
    const el = child(markPr, name);
    if (!el) continue;
    const isInsert = type === 'insert' || type === 'moveTo';
    removed = ctx.view === 'final' ? !isInsert : ctx.view === 'original' ? isInsert : false;
    if (ctx.view === 'markup') markRevision = revisionOf(ctx, type, el);
    break;
  }
  if (!markRevision && change && ctx.view === 'markup') markRevision = revisionOf(ctx, 'format', change);
  const sectPr = child(pPr, 'w:sectPr');
  const joinsNext = removed && !sectPr;
  const reader = new InlineReader(ctx, story, cascade, at);
  if (story.pendingMarks.length > 0) {
    reader.out.push(...story.pendingMarks);
    story.pendingMarks = [];
  }
  reader.content(p);
  const inlines = reader.finish();
  const styleName = cascade.styleId ? ctx.styles.styles.get(cascade.styleId)?.name : undefined;
  const props = resolveParagraph(cascade.raw, {
    autoSpacingPt: ctx.settings.doNotUseHtmlParagraphAutoSpacing ? 5 : 14,
    charUnitPt: markProps.sizePt,
    ...(styleName ? { styleName } : {}),
  });
  let list: ListLabel | undefined;
  if (cascade.list && !joinsNext) {
    const { numId, ilvl, list: def } = cascade.list;
    const values = story.counters.count(numId, def, ilvl);
    const level = def.levels[ilvl]!;
    const text = formatLabel(def, ilvl, values);
    const labelRaw = overrideRun(overrideRun({}, markRaw), level.rPr);
    const slot = text === '' ? Slot.Ascii : splitBySlot(text, labelRaw.hint, labelRaw.rtl === true, false)[0]!.slot;
    list = { text, props: resolveRun(labelRaw, slot, generic), suffix: level.suffix, alignment: level.jc, numId, level: ilvl };
  }
  const paragraph: Paragraph = {
    kind: 'paragraph',
    props: list ? { ...props, list } : props,
    inlines,
    markProps,
    ...(markRevision ? { markRevision } : {}),
    at,
  };
  return { paragraph, joinsNext, ...(sectPr ? { sectPr } : {}) };
}
