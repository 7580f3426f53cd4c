/**
 * One pass's pages: opening each page the paginator asks for. A page gets its number (restarted
 * where a section says, a continuous section's on the page it begins), its text area, its header
 * and footer laid out for it (chrome-stories.ts), and the areas where their floats keep the body's
 * text out. Limits the pass to `limits.maxPages` pages. The Pass (pass.ts) extends it and fills the
 * pages; `info` holds one entry per page opened, by page index.
 */
import { abort, type EngineHost, type InputLimits } from '../core';
import type { SectionProps } from '../model';
import type { Story } from './blocks';
import type { ChromeStories } from './chrome-stories';
import type { DocumentEnv } from './context';
import { formatPageNumber } from './fields';
import type { PageFrame } from './flow/paginate';
import type { Exclusion } from './flow/exclusions';
import { buildFrame, chooseRef, textArea } from './frame';
import { pageGeometry, type PageGeometry } from './float-position';
import type { NoteNumbers } from './notes';
import type { PageInfo, PassState } from './pass-state';
import type { XrefIndex } from './xref-index';

/** Opens the pages of one pass, for the Pass that extends it. */
export abstract class PassPages {
  readonly info: PageInfo[] = [];
  /** The page each continuous section began on, partway down a page the section before opened. */
  protected readonly sectionBegan = new Map<number, number>();
  /** The page whose header and footer floats are being placed (chromeExclusions). */
  protected chromePage: PageGeometry | undefined;
  protected abstract readonly chrome: ChromeStories;

  constructor(
    protected readonly env: DocumentEnv,
    protected readonly state: PassState,
    protected readonly notes: NoteNumbers,
    protected readonly host: EngineHost,
    protected readonly limits: InputLimits,
    protected readonly xref: XrefIndex,
  ) {}

  protected section(s: number): SectionProps {
    return this.env.doc.sections[Math.min(s, this.env.doc.sections.length - 1)]!.props;
  }

  protected openFrame(sectionIndex: number, pageIndex: number): PageFrame {
    // Checked as each page opens, not after a block: one paragraph or table can fill any number of pages.
    if (pageIndex >= this.limits.maxPages) {
      abort('layout/too-many-pages', `The document lays out to more than ${this.limits.maxPages} pages.`, { hint: 'Raise limits.maxPages if this is expected.' });
    }
    const s = this.section(sectionIndex);
    const doc = this.env.doc;
    const existing = this.info[pageIndex];
    if (existing) {
      // A continuous section break: same page, header and footer; the new section's columns.
      if (existing.section !== sectionIndex && !this.sectionBegan.has(sectionIndex)) this.sectionBegan.set(sectionIndex, pageIndex);
      if (existing.section !== sectionIndex && s.pageNumbers.start !== undefined) this.restartNumbering(existing, sectionIndex);
      const area = textArea(s, existing.number % 2 === 0, doc.settings.mirrorMargins, doc.settings.gutterAtTop);
      return buildFrame(s, area, existing.header?.story.heightPt ?? 0, existing.footer?.story.heightPt ?? 0, doc.settings.gutterAtTop);
    }
    const prev = this.info[pageIndex - 1];
    // The first page of a section is the page it begins on (§17.10.6 titlePg): for a continuous
    // section that is the page it shares with the section before, which keeps that section's header
    // and footer, so the next page is its second and takes the default ones (as LibreOffice does).
    const began = this.sectionBegan.get(sectionIndex);
    const firstOfSection = !prev || (prev.section !== sectionIndex && !(began !== undefined && began < pageIndex));
    const restart = firstOfSection && s.pageNumbers.start !== undefined && prev?.restartedBy !== sectionIndex;
    const number = restart ? s.pageNumbers.start! : (prev?.number ?? 0) + 1;
    const even = number % 2 === 0;
    const area = textArea(s, even, doc.settings.mirrorMargins, doc.settings.gutterAtTop);
    const info: PageInfo = { index: pageIndex, number, label: formatPageNumber(number, s.pageNumbers.format), section: sectionIndex, firstOfSection, area };
    this.info[pageIndex] = info;
    const evenOdd = doc.settings.evenAndOddHeaders;
    const headerPart = chooseRef(s.headers, firstOfSection, s.titlePage, even, evenOdd);
    const footerPart = chooseRef(s.footers, firstOfSection, s.titlePage, even, evenOdd);
    if (headerPart) info.header = { part: headerPart, story: this.chrome.story(headerPart, info, area.right - area.left, this.state) };
    if (footerPart) info.footer = { part: footerPart, story: this.chrome.story(footerPart, info, area.right - area.left, this.state) };
    this.host.onProgress?.({ stage: 'layout', done: pageIndex + 1 });
    const frame = buildFrame(s, area, info.header?.story.heightPt ?? 0, info.footer?.story.heightPt ?? 0, doc.settings.gutterAtTop);
    const chrome = this.chromeExclusions(info, s, frame);
    const early = this.state.earlyFloats?.[pageIndex];
    return { ...frame, ...(chrome.length > 0 ? { chromeExclusions: chrome } : {}), ...(early ? { earlyExclusions: early } : {}) };
  }

  /**
   * Where the wrapping floats and text frames of a page's header and footer keep the body's text out
   * (placed where document.ts draws the header and footer). Word wraps body text around them as
   * around the body's own floats. A header frame with w:wrap="none" keeps none out (frames.ts
   * frameAnchor: oxsdk-complex2010's first-page picture frame lies over the body text in Word).
   */
  protected chromeExclusions(info: PageInfo, s: SectionProps, frame: PageFrame): Exclusion[] {
    const out: Exclusion[] = [];
    this.chromePage = pageGeometry(frame, info.area, info.number);
    const place = (story: Story, top: number) => {
      for (const { y, unit } of story.units) if (unit.exclusions) out.push(...unit.exclusions(info.area.left, top + y));
    };
    if (info.header) place(info.header.story, s.margins.header);
    if (info.footer) place(info.footer.story, s.pageHeightPt - s.margins.footer - info.footer.story.heightPt);
    return out;
  }

  /**
   * Word restarts the numbering of a continuous section on the page where the section begins, not on
   * the first page it opens: a section that starts below a table of contents with
   * w:pgNumType w:start="0" makes that page 0 and the next page 1 (the numbers Word saved in the
   * TOC say so). The page's header and footer stay its first section's, laid out again for the number.
   */
  protected restartNumbering(page: PageInfo, sectionIndex: number): void {
    const number = this.section(sectionIndex).pageNumbers.start!;
    if (page.number === number && page.restartedBy === sectionIndex) return;
    const updated: PageInfo = { ...page, number, label: formatPageNumber(number, this.section(page.section).pageNumbers.format), restartedBy: sectionIndex };
    const width = page.area.right - page.area.left;
    if (page.header) updated.header = { part: page.header.part, story: this.chrome.story(page.header.part, updated, width, this.state) };
    if (page.footer) updated.footer = { part: page.footer.part, story: this.chrome.story(page.footer.part, updated, width, this.state) };
    this.info[page.index] = updated;
  }
}
