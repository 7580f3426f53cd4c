/**
 * layoutDocument: DocModel → LayoutDoc. Prepares fonts, runs layout passes until values that depend
 * on the layout (page counts, page references) are stable, then draws each page's units, notes,
 * header and footer into absolutely positioned items (draw-pages.ts).
 *
 * layoutPages stops before drawing: its pages are drawn as a renderer iterates them, so only one
 * page's items exist at a time (convert's path); layoutDocument iterates them all into a LayoutDoc.
 */
import { DiagnosticBag, error, fail, guardAsync, ok, resolveLimits, toDiagnostic, type Diagnostic, type EngineHost, type InputLimits, type Result } from '../core';
import { FontkitNotLoaded, loadFontkit } from '../text';
import type { DocModel, LayoutDoc, LayoutPage, LayoutSource } from '../model';
import type { DocumentEnv } from './context';
import { numberNotes } from './notes';
import { WordCache } from './inline/pieces';
import { LayoutBudget } from './budget';
import { runPasses } from './passes';
import { createFaceResolver, type DocumentFaces } from './text-faces';
import { drawChart } from './chart';
import { balloonHeadingFaces, CommentMargin, localizeCommentRanges } from './comments';
import { dropVanishedParagraphs } from './hidden-marks';
import { turnedSections } from './vertical';
import { PageDrawer } from './draw-pages';

/** The resolution text is laid out at for a document with w:usePrinterMetrics (see WordCache). */
const PRINTER_DPI = 600;

/** Options of layoutDocument. */
export interface LayoutOptions {
  /** Tracked changes as the model holds them: `markup` draws insertions and deletions in author colours. */
  readonly trackedChanges?: 'markup' | 'final' | 'original';
  /** `show` draws comment balloons in a markup area right of the (scaled-down) page; `hide` (default) draws nothing of comments. */
  readonly comments?: 'show' | 'hide';
  readonly limits?: Partial<InputLimits>;
}

/**
 * A laid-out document whose pages are drawn as they are iterated (each once, in order): what
 * renderPdf reads. The tables grow as pages are drawn (see LayoutSource).
 */
export interface LayoutStream extends LayoutSource {
  readonly pageCount: number;
  readonly pages: AsyncIterable<LayoutPage>;
  /**
   * The layout stage's outcome, once the pages have been iterated: its warnings, or the error that
   * stopped the drawing (the pages iterated then are not the whole document).
   */
  outcome(): Result<void>;
}

/** Lays out a document into pages. Never throws. */
export async function layoutDocument(input: DocModel, options: LayoutOptions, host: EngineHost): Promise<Result<LayoutDoc>> {
  const laid = await layoutPages(input, options, host);
  if (!laid.ok) return laid;
  const stream = laid.value;
  const pages: LayoutPage[] = [];
  for await (const page of stream.pages) pages.push(page);
  const outcome = stream.outcome();
  if (!outcome.ok) return outcome;
  const { fonts, images, destinations, outline, info } = stream;
  return ok({ pages, fonts, images, destinations, outline, info }, outcome.warnings);
}

/**
 * Lays out a document up to drawing its pages, which happens as the stream's pages are iterated.
 * Never throws; its warnings come with the stream's outcome.
 */
export async function layoutPages(input: DocModel, options: LayoutOptions, host: EngineHost): Promise<Result<LayoutStream>> {
  const first = await startRun(input, options, host);
  const run = first ?? (await startRunWithFontkit(input, options, host));
  return run.ok ? ok(new PageStream(input, options, host, run.value), []) : run;
}

/** A layout run up to drawing: the diagnostics so far and the drawer of its pages. */
interface Run {
  readonly bag: DiagnosticBag;
  readonly drawer: PageDrawer;
  readonly faces: DocumentFaces;
  readonly budget: LayoutBudget;
}

/**
 * Some text needs full OpenType shaping and fontkit is not loaded yet (once per process; see
 * text/fontkit-loader.ts): load it and start over, so the pages are those of a single run.
 */
async function startRunWithFontkit(input: DocModel, options: LayoutOptions, host: EngineHost): Promise<Result<Run>> {
  const bag = new DiagnosticBag();
  const again = await guardAsync('layout', bag, async () => {
    await loadFontkit();
    return startRun(input, options, host);
  });
  return again.ok ? (again.value ?? fail(error('layout/internal', 'fontkit could not be loaded.'), [])) : again;
}

/** Runs the layout passes; undefined when they stopped because shaping needed fontkit before it was loaded. */
async function startRun(input: DocModel, options: LayoutOptions, host: EngineHost): Promise<Result<Run> | undefined> {
  const bag = new DiagnosticBag();
  const ranges = options.comments === 'show' ? localizeCommentRanges(input) : undefined;
  // Vertical sections are laid out on their pages turned a quarter, and turned back when drawn.
  const doc = turnedSections(dropVanishedParagraphs(ranges?.doc ?? input));
  let fontkitMissing = false;
  const result = await guardAsync('layout', bag, async () => {
    try {
      return await passRun(doc, options, host, bag, ranges);
    } catch (e) {
      if (e instanceof FontkitNotLoaded) fontkitMissing = true;
      throw e;
    }
  });
  return fontkitMissing ? undefined : result;
}

async function passRun(
  doc: DocModel, options: LayoutOptions, host: EngineHost, bag: DiagnosticBag, ranges: ReturnType<typeof localizeCommentRanges> | undefined,
): Promise<Run> {
  const limits = resolveLimits(options.limits);
  // Balloon headings ask for a face no run of the model does; it is prepared with the others.
  const faces = await createFaceResolver(doc, host, ranges ? balloonHeadingFaces(doc) : []);
  const env: DocumentEnv = {
    doc,
    faces,
    bag,
    revisionMarkup: (options.trackedChanges ?? 'markup') === 'markup',
    // w:usePrinterMetrics: the printer's widths, for a 600 dpi printer (the usual laser resolution;
    // the printer Word used is not recorded). Word's page starts in oxsdk-complexity (9 marks) are
    // met 8 times on these widths, 5 times on ideal ones, and no better at 300 or 1200 dpi.
    wordCache: new WordCache(doc.settings.usePrinterMetrics ? PRINTER_DPI : 0),
    budget: new LayoutBudget(limits.maxLayoutUnits, limits.maxDrawnUnits, limits.maxEffectUnits),
    drawChart: (key, x, y, w, h, sink) => drawChart(doc.charts[key], x, y, w, h, sink, { faces, bag }),
  };
  const notes = numberNotes(doc);
  const { result, state } = runPasses(env, notes, host, limits);
  const drawer = new PageDrawer(doc, result, state, env, host, ranges && new CommentMargin(doc, ranges, env));
  return { bag, drawer, faces, budget: env.budget };
}

/** The pages of a run, drawn as they are iterated. */
class PageStream implements LayoutStream {
  readonly pageCount: number;
  readonly pages: AsyncIterable<LayoutPage> = { [Symbol.asyncIterator]: () => this.drawAll() };
  private failure: Diagnostic | undefined;
  private iterated = false;

  constructor(
    private readonly input: DocModel,
    private readonly options: LayoutOptions,
    private readonly host: EngineHost,
    private run: Run,
  ) {
    this.pageCount = run.drawer.pageCount;
  }

  get fonts() {
    return this.run.drawer.resources.fonts;
  }
  get images() {
    return this.run.drawer.resources.images;
  }
  get destinations() {
    return this.run.drawer.destinations;
  }
  get outline() {
    return this.run.drawer.outline;
  }
  get info() {
    return this.run.drawer.info;
  }

  outcome(): Result<void> {
    const warnings = this.run.bag.list();
    if (this.failure) return fail(this.failure, warnings);
    if (!this.iterated) return fail(error('layout/internal', 'The pages were not drawn: iterate them before asking for the outcome.'), warnings);
    return ok(undefined, warnings);
  }

  private async *drawAll(): AsyncGenerator<LayoutPage> {
    if (this.iterated) throw new Error('The pages of a layout stream can be iterated once.');
    this.iterated = true;
    for (let i = 0; i < this.pageCount; i++) {
      const page = await this.draw(i);
      if (!page) return;
      yield page;
    }
    this.run.faces.reportTo(this.run.bag);
    this.run.budget.reportMasks(this.run.bag);
  }

  /** Draws page `index`, or records why it could not be drawn. */
  private async draw(index: number): Promise<LayoutPage | undefined> {
    try {
      return this.run.drawer.drawNext();
    } catch (e) {
      if (!(e instanceof FontkitNotLoaded)) {
        this.failure = toDiagnostic('layout', e);
        return undefined;
      }
    }
    return this.restart(index);
  }

  /**
   * Drawing needed fontkit before it was loaded: load it and lay out again, redrawing the pages
   * already given (text that did not need fontkit shapes the same with it), so that the tables are
   * those of a single run.
   */
  private async restart(index: number): Promise<LayoutPage | undefined> {
    const again = await startRunWithFontkit(this.input, this.options, this.host);
    if (!again.ok) {
      this.failure = again.errors[0];
      return undefined;
    }
    this.run = again.value;
    try {
      if (this.run.drawer.pageCount !== this.pageCount) throw new Error('the layout with fontkit has another number of pages');
      for (let i = 0; i < index; i++) this.run.drawer.drawNext();
      return this.run.drawer.drawNext();
    } catch (e) {
      this.failure = toDiagnostic('layout', e);
      return undefined;
    }
  }
}
