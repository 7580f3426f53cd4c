/**
 * Line numbering (w:sectPr/w:lnNumType, CT_LineNumber, ECMA-376 Part 1 §17.6.8): numbers in the margin
 * left of each column beside the body's text lines, drawn once pages are final.
 *
 * What counts follows Word: every line of body text, empty paragraphs included, except paragraphs with
 * w:suppressLineNumbers (§17.3.1.34). Tables, headers, footers, notes, text boxes and frames are
 * neither numbered nor counted (Word's documented rule; LibreOffice's renders of the corpus agree:
 * the count goes on after a table where it stopped before it). A number shows on the lines
 * whose count is a multiple of countBy, right-aligned `distance` left of the column, in the LineNumber
 * character style over Normal. The count restarts at `start` on each page, each section, or never.
 */
import type { DocModel, Paragraph, ParagraphProps, RunProps, SectionProps } from '../model';
import { blockContext, type DocumentEnv } from './context';
import type { ItemSink } from './emit/sink';
import { emitLine } from './emit/line';
import type { PageState } from './flow/paginate';
import { layoutParagraph, type ParagraphContext } from './paragraph';

type Numbering = NonNullable<SectionProps['lineNumbering']>;

/** Width of the box a number is right-aligned in (wide enough for five digits at any usual size). */
const NUMBER_BOX_PT = 72;

const NUMBER_PARA: ParagraphProps = {
  alignment: 'right',
  indent: { leftPt: 0, rightPt: 0, firstLinePt: 0 },
  spacing: { beforePt: 0, afterPt: 0, beforeAuto: false, afterAuto: false, line: { rule: 'auto', multiple: 1 } },
  contextualSpacing: false,
  keepNext: false,
  keepLines: false,
  widowControl: false,
  pageBreakBefore: false,
  suppressAutoHyphens: true,
  tabs: [],
  bidi: false,
  snapToGrid: false,
};

/** Draws line numbers page by page, carrying the count across pages and sections in document order. */
export class LineNumberer {
  private count = 0;
  private section = -1;
  private readonly contexts = new Map<number, ParagraphContext>();

  constructor(
    private readonly doc: DocModel,
    private readonly env: DocumentEnv,
  ) {}

  /** Whether any section numbers its lines (callers skip the per-page walk otherwise). */
  get active(): boolean {
    return this.doc.sections.some((s) => s.props.lineNumbering !== undefined);
  }

  /** Counts the page's body lines and draws the numbers due; `dy` is the page's vertical-alignment offset. */
  drawPage(page: PageState, sink: ItemSink, dy: number): void {
    let fresh = true;
    page.regions.forEach((region, r) => {
      const end = page.regions[r + 1]?.firstUnit ?? page.placed.length;
      const ln = this.doc.sections[region.section]?.props.lineNumbering;
      if (!ln) return;
      if (region.section !== this.section) {
        if (ln.restart !== 'continuous' || this.section < 0) this.count = ln.start - 1;
        this.section = region.section;
      } else if (fresh && ln.restart === 'newPage') {
        this.count = ln.start - 1;
      }
      fresh = false;
      for (let i = region.firstUnit; i < end && i < page.placed.length; i++) {
        const p = page.placed[i]!;
        const baseline = p.unit.numberedLinePt;
        if (baseline === undefined) continue;
        this.count++;
        if (this.count % ln.countBy === 0) this.drawNumber(region.section, ln, this.count, p.x - ln.distancePt, p.y + dy + baseline, sink);
      }
    });
  }

  /** Draws `n` with its right edge at `right` and its baseline at `baseline`. */
  private drawNumber(section: number, ln: Numbering, n: number, right: number, baseline: number, sink: ItemSink): void {
    const ctx = this.contextFor(section);
    const props = ln.props ?? NUMBER_FALLBACK_PROPS;
    const para: Paragraph = { kind: 'paragraph', props: NUMBER_PARA, inlines: [{ kind: 'text', text: String(n), props }], markProps: props };
    const laid = layoutParagraph(para, NUMBER_BOX_PT, ctx);
    const line = laid.lines[0];
    if (!line) return;
    emitLine(line, laid.content, right - NUMBER_BOX_PT, baseline - line.baselinePt, sink, ctx);
  }

  private contextFor(section: number): ParagraphContext {
    let ctx = this.contexts.get(section);
    if (!ctx) {
      ctx = blockContext(this.env, this.doc.sections[section]!.props, { fieldText: () => undefined, noteMark: () => '' });
      this.contexts.set(section, ctx);
    }
    return ctx;
  }
}

/** Numbers of a model built without the docx reader's resolved props: the format's default run (§17.7.2). */
const NUMBER_FALLBACK_PROPS: RunProps = {
  font: 'Times New Roman', sizePt: 10, bold: false, italic: false, strike: false, doubleStrike: false, caps: false, smallCaps: false,
  vertAlign: 'baseline', positionPt: 0, spacingPt: 0, scalePct: 100, hidden: false, rtl: false,
};
