/**
 * Reads a paragraph's content (EG_PContent, §17.3.2) into inlines: runs and their content, hyperlinks,
 * simple and complex fields, tracked changes, bookmarks, comments, content controls, custom XML and
 * smart tags (transparent), and markup-compatibility choices. Unknown containers are recursed into.
 */
import type { Inline, LinkTarget, Revision, RunProps } from '../model';
import type { XmlElement } from '../xml';
import { chooseAlternate } from './alternate';
import { cascadeRun, type ParagraphCascade } from './cascade';
import { revisionOf, unsupported, type DocxContext, type StoryState } from './context';
import { appendInstruction, currentTarget, fieldLink, flushOpenFields } from './field-state';
import { Slot, splitBySlot } from './font-slots';
import { internRun } from './intern';
import type { RawRun } from './run-props';
import { resolveRun, type FontLookup } from './resolve-run';
import { RUN_CONTENT } from './run-content';
import { rememberUnreadShapeTypes } from './vml';
import { PARA_CONTENT } from './para-content';

/** Reads inline content of one paragraph (and of fields that continue into it). */
export class InlineReader {
  readonly out: Inline[] = [];
  link: LinkTarget | undefined;
  revision: Revision | undefined;
  /** The run being read: its cascaded properties. */
  raw: RawRun;
  private text = '';
  private textRaw: RawRun | undefined;
  private textRevision: Revision | undefined;
  private textLink: LinkTarget | undefined;

  constructor(
    readonly ctx: DocxContext,
    readonly story: StoryState,
    readonly cascade: ParagraphCascade,
    readonly at: string,
  ) {
    this.raw = cascade.runBase;
  }

  /** Reads paragraph-level children of `parent`. */
  content(parent: XmlElement): void {
    // Index loops here and in runContent: an array iterator that escapes into the readers' calls
    // was allocated for every paragraph.
    const kids = parent.children;
    for (let i = 0; i < kids.length; i++) {
      const c = kids[i]!;
      if (c.kind !== 'element') continue;
      const reader = PARA_CONTENT[c.name];
      if (reader) reader(this, c);
      else if (c.name === 'mc:AlternateContent') {
        const chosen = chooseAlternate(c);
        rememberUnreadShapeTypes(this, c, chosen);
        if (chosen) this.content(chosen);
      } else if (!IGNORED_PARA_CONTENT.has(c.name)) {
        unsupported(this.ctx, c, this.at);
        this.content(c);
      }
    }
  }

  /** Reads a w:r (CT_R, §17.3.2.25). */
  run(r: XmlElement): void {
    const rPr = firstChild(r, 'w:rPr');
    const savedRaw = this.raw;
    const savedRevision = this.revision;
    let direct = internRun(this.ctx, rPr, this.at);
    const change = rPr ? firstChild(rPr, 'w:rPrChange') : undefined;
    if (change) {
      if (this.ctx.view === 'original') direct = internRun(this.ctx, firstChild(change, 'w:rPr'), this.at);
      else if (this.ctx.view === 'markup' && !this.revision) this.revision = revisionOf(this.ctx, 'format', change);
    }
    this.raw = cascadeRun(this.ctx, this.cascade.runBase, direct);
    this.runContent(r);
    this.flushText();
    this.raw = savedRaw;
    this.revision = savedRevision;
  }

  /** Reads run content children (EG_RunInnerContent, §17.3.3). */
  runContent(parent: XmlElement): void {
    const kids = parent.children;
    for (let i = 0; i < kids.length; i++) {
      const c = kids[i]!;
      if (c.kind !== 'element') continue;
      const reader = RUN_CONTENT[c.name];
      if (reader) {
        if (reader(this, c, kids, i) === 'skip-next') i = nextElementIndex(kids, i);
      } else if (c.name === 'mc:AlternateContent') {
        const chosen = chooseAlternate(c);
        rememberUnreadShapeTypes(this, c, chosen);
        if (chosen) this.runContent(chosen);
      } else if (!IGNORED_RUN_CONTENT.has(c.name)) {
        unsupported(this.ctx, c, this.at);
        this.content(c);
      }
    }
  }

  /** Run properties of non-text items in the current run (the Latin slot). */
  props(): RunProps {
    return resolveRun(this.raw, Slot.Ascii, this.declared);
  }

  /** Appends characters of the current run. */
  addText(s: string): void {
    if (s === '') return;
    const link = this.currentLink();
    if (this.textRaw !== this.raw || this.textRevision !== this.revision || this.textLink !== link) this.flushText();
    this.textRaw = this.raw;
    this.textRevision = this.revision;
    this.textLink = link;
    this.text += s;
  }

  /** Emits buffered text as TextRuns, one per font slot. */
  flushText(): void {
    if (this.text === '' || !this.textRaw) return;
    const raw = this.textRaw;
    const text = this.text;
    this.text = '';
    const target = currentTarget(this.story, this.out);
    if (!target) {
      appendInstruction(this.story, text);
      return;
    }
    const complex = raw.rtl === true || raw.complex === true;
    for (const piece of splitBySlot(text, raw.hint, complex, raw.ascii === raw.hAnsi)) {
      target.push(this.decorate({ kind: 'text', text: piece.text, props: resolveRun(raw, piece.slot, this.declared) }, this.textRevision, this.textLink));
    }
  }

  /** Emits a non-text inline (flushing text first), with the current revision and link. */
  emit(inline: Inline): void {
    this.flushText();
    const target = currentTarget(this.story, this.out);
    if (!target) return;
    target.push(inline.kind === 'bookmark' || inline.kind === 'comment' ? inline : this.decorate(inline, this.revision, this.currentLink()));
  }

  /** Ends the paragraph: flushes text and moves open fields' results in. */
  finish(): Inline[] {
    this.flushText();
    flushOpenFields(this.ctx, this.story, this.out, this.at);
    return this.out;
  }

  currentLink(): LinkTarget | undefined {
    return this.link ?? fieldLink(this.story);
  }

  private decorate<T extends Inline>(inline: T, revision: Revision | undefined, link: LinkTarget | undefined): T {
    if (!revision && !link) return inline;
    const o = { ...inline } as T & { revision?: Revision; link?: LinkTarget };
    if (revision && !('revision' in inline && inline.revision)) o.revision = revision;
    if (link && !('link' in inline && inline.link)) o.link = link;
    return o;
  }

  get declared(): FontLookup {
    return this.ctx.declared;
  }
}

/** The first child element named `name` (a loop, no callback: this runs for every run). */
function firstChild(el: XmlElement, name: string): XmlElement | undefined {
  const cs = el.children;
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i]!;
    if (c.kind === 'element' && c.name === name) return c;
  }
  return undefined;
}

function nextElementIndex(kids: XmlElement['children'], i: number): number {
  for (let j = i + 1; j < kids.length; j++) if (kids[j]!.kind === 'element') return j;
  return i;
}

/** Paragraph-level elements without visible content (proofing marks, permissions, range markers). */
const IGNORED_PARA_CONTENT = new Set([
  'w:pPr', 'w:proofErr', 'w:permStart', 'w:permEnd', 'w:moveFromRangeStart', 'w:moveFromRangeEnd', 'w:moveToRangeStart',
  'w:moveToRangeEnd', 'w:customXmlInsRangeStart', 'w:customXmlInsRangeEnd', 'w:customXmlDelRangeStart', 'w:customXmlDelRangeEnd',
  'w:customXmlMoveFromRangeStart', 'w:customXmlMoveFromRangeEnd', 'w:customXmlMoveToRangeStart', 'w:customXmlMoveToRangeEnd',
  'w:smartTagPr', 'w:customXmlPr', 'w:sdtPr', 'w:sdtEndPr', 'w:rPr', 'w:lastRenderedPageBreak', 'w14:checkbox',
]);

/** Run-level elements without visible content. */
const IGNORED_RUN_CONTENT = new Set(['w:rPr', 'w:lastRenderedPageBreak', 'w:annotationRef', 'w:separator', 'w:continuationSeparator', 'w:proofErr']);
