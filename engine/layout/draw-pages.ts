/**
 * Drawing laid-out pages: a page's units, notes, line numbers, header and footer, page borders and
 * comment balloons become its absolutely positioned items, one page at a time and in order (line
 * numbers, comment balloons and the font and image tables carry over from page to page).
 */
import type { DocModel, DocumentInfo, LayoutItem, LayoutPage, OutlineEntry, Destination, PathCommand } from '../model';
import type { EngineHost } from '../core';
import { emitStory, type Story } from './blocks';
import { columnSeparatorItems, hasArtPageBorder, pageBorderItems } from './decorations';
import type { DocumentEnv } from './context';
import { CollectingSink, ResourceTables, stackedFloats } from './emit/sink';
import type { PageState } from './flow/paginate';
import { storyCuts } from './pass';
import type { PassResult, PassState } from './pass-state';
import { balanceNotes } from './flow/note-columns';
import { pageGeometry } from './float-position';
import { gradientShadings, shadedPath } from './gradient';
import { metafileKind } from './metafile';
import { pathPicture } from './picture-fill';
import type { CommentMargin } from './comments';
import { LineNumberer } from './line-numbers';
import { onSheet, sheetTransform, turnPage } from './vertical';

/**
 * Draws the pages of a finished layout pass in order, each once. The tables (fonts, images,
 * destinations, outline) hold what the pages drawn so far use. A drawn page's units are released.
 */
export class PageDrawer {
  readonly resources: ResourceTables;
  readonly destinations: Record<string, Destination> = {};
  readonly outline: OutlineEntry[] = [];
  readonly info: DocumentInfo;
  private readonly numberer: LineNumberer;
  private next = 0;

  constructor(
    private readonly doc: DocModel,
    private readonly result: PassResult,
    private readonly state: PassState,
    private readonly env: DocumentEnv,
    private readonly host: EngineHost,
    private readonly margin?: CommentMargin,
  ) {
    this.resources = new ResourceTables((code, message) => env.bag.warn(code, message));
    this.numberer = new LineNumberer(doc, env);
    this.info = documentInfo(doc);
    if (doc.sections.some((s) => hasArtPageBorder(s.props))) {
      env.bag.warn('layout/art-border', 'An art page border (a row of pictures, w:pgBorders) is not drawn: its pictures are Word\'s own.');
    }
  }

  /** Number of pages. */
  get pageCount(): number {
    return this.result.pages.length;
  }

  /** Draws the next page (pages are drawn in order); its units are released once drawn. */
  drawNext(): LayoutPage {
    const index = this.next++;
    const { doc, result, env, resources, margin } = this;
    const page = result.pages[index]!;
    const info = result.info[index]!;
    const s = doc.sections[info.section]!.props;
    const sink = new CollectingSink(resources, pageGeometry(page.frame, info.area, info.number));
    if (margin) sink.comments = margin.layer();
    const offset = verticalOffset(page, s.verticalAlign);
    for (const p of page.placed) p.unit.emit(sink, p.x, p.y + offset);
    if (this.numberer.active) this.numberer.drawPage(page, sink, offset);
    drawNotes(page, sink, result, env);
    const chrome = new CollectingSink(resources, sink.page);
    drawHeaderFooter(result, index, chrome, this.state, env);
    const fill = doc.settings.displayBackgroundShape ? pageBackground(doc, page.frame.widthPt, page.frame.heightPt, resources, env) : [];
    const borders = pageBorderItems(s, page, info.firstOfSection, info.area);
    const front = s.pageBorders?.zOrder !== 'back';
    // concat, not push(...list): a page may hold more items than a call takes arguments.
    // Headers and footers under the body, each with its floats behind its text and the others over it.
    const items = fill.concat(front ? [] : borders, stackedFloats(chrome, true), chrome.background, chrome.items, chrome.foreground, stackedFloats(chrome, false),
      stackedFloats(sink, true), sink.background, columnSeparatorItems(page, doc.sections), sink.items, sink.foreground, stackedFloats(sink, false), front ? borders : []);
    env.budget.pageDrawn(items);
    const flat: LayoutPage = { widthPt: page.frame.widthPt, heightPt: page.frame.heightPt, items, section: info.section, label: info.label };
    const turn = s.textDirection;
    const laid = turn ? turnPage(flat, turn) : flat;
    const sheet = turn ? sheetTransform(turn, flat.widthPt, flat.heightPt) : undefined;
    const framed =
      margin && sink.comments && !turn
        ? margin.frame(laid, sink.comments, resources, sink.page)
        : { page: laid, map: (x: number, y: number) => (sheet ? onSheet(sheet, x, y) : { x, y }) };
    for (const d of sink.destinations) this.destinations[d.name] ??= { page: index, ...framed.map(d.x, d.y) };
    for (const h of sink.headings) this.outline.push({ title: h.title, level: h.level, page: index, y: framed.map(0, h.y).y });
    // Nothing reads a drawn page's units again: let them go with its items.
    page.placed.length = 0;
    this.host.onProgress?.({ stage: 'layout', done: index + 1, total: result.pages.length });
    return framed.page;
  }
}

/** Section vertical alignment (w:vAlign, §17.6.23): centre or bottom-align the body of a page. */
function verticalOffset(page: PageState, align: 'top' | 'center' | 'both' | 'bottom'): number {
  if (align === 'top' || align === 'both' || page.placed.length === 0) return 0;
  let bottom = page.frame.bodyTop;
  for (const p of page.placed) if (!p.unit.discardable) bottom = Math.max(bottom, p.y + p.unit.heightPt);
  const free = page.frame.bodyBottom - bottom;
  return free <= 0 ? 0 : align === 'center' ? free / 2 : free;
}

function drawNotes(page: PageState, sink: CollectingSink, result: PassResult, env: DocumentEnv): void {
  if (page.notes.length === 0) return;
  const columns = page.noteColumns ?? page.frame.noteColumns ?? page.frame.columns;
  if (columns.length > 1) {
    if (env.doc.settings.compatibilityMode < 15 && !page.frame.noteColumns) drawColumnNotes(page, columns, sink, result);
    else drawBalancedNotes(page, columns, sink, result);
    return;
  }
  let total = 0;
  for (const n of page.notes) total += n.heightPt;
  const sep = result.separatorPt;
  const x = columns[0]!.x;
  const width = columns[0]!.width;
  let y = page.frame.bodyBottom - total - sep;
  drawNoteSeparator(page.notes[0]!, sink, x, y + sep / 2, width);
  y += sep;
  for (const n of page.notes) {
    const story = result.noteStory(n.call, n.widthPt);
    if (story) emitStorySlice(story, sink, x, y, n.fromPt ?? 0, n.heightPt);
    y += n.heightPt;
  }
}

/**
 * A note continued from the previous page (the first under the separator) comes under the continuation separator, which Word
 * draws across the column (w:continuationSeparator, §17.11.1); otherwise the 2-inch separator.
 */
function drawNoteSeparator(first: PageState['notes'][number], sink: CollectingSink, x: number, y: number, width: number): void {
  const lineWidth = (first.fromPt ?? 0) > 0 ? width : 144;
  sink.items.push({ kind: 'line', x1: x, y1: y, x2: x + lineWidth, y2: y, width: 0.5, color: '000000' });
}

type NoteColumns = PageState['frame']['columns'];

/**
 * Word 2013 on: the notes of a page in columns fill the columns of its footnote area from the first,
 * balanced, under one separator over the first column (flow/note-columns.ts). They are laid out at
 * the width the paginator measured them at (the narrowest column's: flow/page-notes.ts noteWidth).
 */
function drawBalancedNotes(page: PageState, columns: NoteColumns, sink: CollectingSink, result: PassResult): void {
  const width = columns[0]!.width;
  const stories = page.notes.map((n) => result.noteStory(n.call, n.widthPt));
  const pieces = page.notes.map((n, i) => {
    const from = n.fromPt ?? 0;
    return { heightPt: n.heightPt, cuts: storyCuts(stories[i]).filter((c) => c - from > 0.01 && c - from < n.heightPt - 0.01).map((c) => c - from) };
  });
  const { heightPt, placements } = balanceNotes(pieces, columns.length);
  const sep = result.separatorPt;
  const top = page.frame.bodyBottom - heightPt - sep;
  drawNoteSeparator(page.notes[0]!, sink, columns[0]!.x, top + sep / 2, width);
  for (const q of placements) {
    const story = stories[q.piece];
    const col = columns[q.column] ?? columns[0]!;
    if (story) emitStorySlice(story, sink, col.x, top + sep + q.yPt, (page.notes[q.piece]!.fromPt ?? 0) + q.fromPt, q.heightPt);
  }
}

/**
 * Word 2010 and earlier: each column's notes at its own foot, in its width, under a separator of
 * its own (a continuation's across the column).
 */
function drawColumnNotes(page: PageState, columns: NoteColumns, sink: CollectingSink, result: PassResult): void {
  const sep = result.separatorPt;
  columns.forEach((col, c) => {
    const mine = page.notes.filter((n) => (n.column ?? 0) === c);
    if (mine.length === 0) return;
    let y = page.frame.bodyBottom - sep;
    for (const n of mine) y -= n.heightPt;
    drawNoteSeparator(mine[0]!, sink, col.x, y + sep / 2, col.width);
    y += sep;
    for (const n of mine) {
      const story = result.noteStory(n.call, n.widthPt);
      if (story) emitStorySlice(story, sink, col.x, y, n.fromPt ?? 0, n.heightPt);
      y += n.heightPt;
    }
  });
}

/** Draws the units of a story that start within [from, from + height), with `from` at y. */
function emitStorySlice(story: Story, sink: CollectingSink, x: number, y: number, from: number, height: number): void {
  if (from === 0 && height >= story.heightPt - 0.01) {
    emitStory(story, sink, x, y);
    return;
  }
  for (const { y: uy, unit } of story.units) if (uy >= from - 0.01 && uy < from + height - 0.01) unit.emit(sink, x, y + uy - from);
}

function drawHeaderFooter(result: PassResult, index: number, sink: CollectingSink, state: PassState, env: DocumentEnv): void {
  const info = result.info[index]!;
  const s = env.doc.sections[info.section]!.props;
  const width = info.area.right - info.area.left;
  if (info.header) {
    const story = result.headerFooter(info.header.part, info, width, state);
    emitStory(story, sink, info.area.left, s.margins.header);
  }
  if (info.footer) {
    const story = result.headerFooter(info.footer.part, info, width, state);
    emitStory(story, sink, info.area.left, s.pageHeightPt - s.margins.footer - story.heightPt);
  }
}

function documentInfo(doc: DocModel): DocumentInfo {
  const p = doc.properties;
  const title = p.title ?? (doc.fileName ? doc.fileName.replace(/\.[^.]+$/, '') : undefined);
  return {
    ...(title ? { title } : {}),
    ...(p.creator ? { author: p.creator } : {}),
    ...(p.subject ? { subject: p.subject } : {}),
    ...(p.keywords ? { keywords: p.keywords } : {}),
    ...(p.application ? { creator: p.application } : {}),
    ...(p.created ? { created: p.created } : {}),
    ...(p.modified ? { modified: p.modified } : {}),
  };
}

/**
 * The page background (w:background, drawn when settings' displayBackgroundShape is on): its colour,
 * or its fill effect over the page, a picture (tiled from the page's top-left corner, or stretched)
 * or a gradient, in its place.
 */
function pageBackground(doc: DocModel, w: number, h: number, resources: ResourceTables, env: DocumentEnv): LayoutItem[] {
  const { background, backgroundFill } = doc.settings;
  const box = { x: 0, y: 0, w, h };
  const commands: PathCommand[] = [{ op: 'M', x: 0, y: 0 }, { op: 'L', x: w, y: 0 }, { op: 'L', x: w, y: h }, { op: 'L', x: 0, y: h }, { op: 'Z' }];
  const picture = backgroundFill?.picture;
  const media = picture ? doc.media[picture.media] : undefined;
  if (picture && media) {
    const painted = metafileKind(media) ? 'it is a metafile' : pathPicture(picture, media, box, commands, resources);
    if (typeof painted !== 'string') return [{ kind: 'path', commands, picture: painted, ...(background ? { fill: background } : {}) }];
    env.bag.warn('layout/picture-fill', `The picture ${picture.media} filling the page background is not drawn (${painted}); its colour is.`);
  }
  const gradient = backgroundFill?.gradient;
  if (gradient) {
    const middle = gradient.stops[Math.floor(gradient.stops.length / 2)]?.color ?? background ?? 'FFFFFF';
    return shadedPath(commands, middle, gradientShadings(gradient, box, 0), {});
  }
  return background ? [{ kind: 'rect', x: 0, y: 0, w, h, fill: background }] : [];
}
