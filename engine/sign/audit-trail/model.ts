/**
 * The audit-trail page as a DocModel, so our own layout and PDF renderer draw it: a title, the
 * signer (name, e-mail, IP, user agent), the event id, the SHA-256 of the document before the page
 * was added, and every event with its time.
 */
import type { Block, DocModel, Inline, NoteOptions, Paragraph, ParagraphProps, RunProps, SectionProps } from '../../model';
import type { AuditTrail } from './events';
import { describeEvent } from './events';

/** Inputs of the page besides the trail. */
export interface AuditPageInput {
  readonly trail: AuditTrail;
  /** Lower-case hex SHA-256 of the PDF before the page was appended. */
  readonly documentSha256: string;
  /** When the page was made (the host clock). */
  readonly generatedAt: Date;
  readonly pageWidthPt: number;
  readonly pageHeightPt: number;
}

const FONT = 'Liberation Sans';

function run(sizePt: number, bold = false, color?: string): RunProps {
  return {
    font: FONT, fontGeneric: 'swiss', sizePt, bold, italic: false, strike: false, doubleStrike: false, caps: false, smallCaps: false,
    vertAlign: 'baseline', positionPt: 0, spacingPt: 0, scalePct: 100, hidden: false, rtl: false, ...(color ? { color } : {}),
  };
}

function paragraphProps(afterPt: number, tabsPt: readonly number[] = [], leftPt = 0, firstLinePt = 0, beforePt = 0): ParagraphProps {
  return {
    alignment: 'left',
    indent: { leftPt, rightPt: 0, firstLinePt },
    spacing: { beforePt, afterPt, beforeAuto: false, afterAuto: false, line: { rule: 'auto', multiple: 1.15 } },
    contextualSpacing: false, keepNext: false, keepLines: false, widowControl: true, pageBreakBefore: false, suppressAutoHyphens: true,
    tabs: tabsPt.map((positionPt) => ({ positionPt, alignment: 'left' as const, leader: 'none' as const })),
    bidi: false, snapToGrid: false,
  };
}

function para(parts: ReadonlyArray<{ text: string; props: RunProps } | 'tab'>, props: ParagraphProps): Paragraph {
  const base = run(9);
  const inlines: Inline[] = parts.map((p) => (p === 'tab' ? { kind: 'tab' as const, props: base } : { kind: 'text' as const, text: p.text, props: p.props }));
  return { kind: 'paragraph', props, inlines, markProps: base, at: 'audit-trail' };
}

function labelled(label: string, value: string): Paragraph {
  return para([{ text: label, props: run(10, true) }, 'tab', { text: value, props: run(10) }], paragraphProps(3, [110], 110, -110));
}

/** Builds the DocModel of the audit-trail page(s). */
export function buildAuditTrailModel(input: AuditPageInput): DocModel {
  const { trail } = input;
  const s = trail.signer;
  const blocks: Block[] = [
    para([{ text: 'Audit trail', props: run(18, true) }], paragraphProps(4)),
    para([{ text: `Generated ${input.generatedAt.toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC')} before the electronic signature was applied.`, props: run(9, false, '555555') }], paragraphProps(14)),
    para([{ text: 'Signer', props: run(12, true) }], paragraphProps(6, [], 0, 0, 0)),
    labelled('Name', s.name),
    labelled('E-mail', s.email),
    labelled('IP address', s.ip ?? '—'),
    labelled('User agent', s.userAgent ?? '—'),
    para([{ text: 'Document', props: run(12, true) }], paragraphProps(6, [], 0, 0, 10)),
    labelled('Event id', trail.eventId ?? '—'),
    labelled('SHA-256', input.documentSha256),
    para([{ text: 'Events', props: run(12, true) }], paragraphProps(6, [], 0, 0, 10)),
    para([{ text: 'Time', props: run(9, true) }, 'tab', { text: 'Event', props: run(9, true) }, 'tab', { text: 'Details', props: run(9, true) }], paragraphProps(3, [130, 250], 250, -250)),
    ...trail.events.map((e) => {
      const d = describeEvent(e);
      return para([{ text: d.time, props: run(9) }, 'tab', { text: d.label, props: run(9) }, 'tab', { text: d.details, props: run(9) }], paragraphProps(2, [130, 250], 250, -250));
    }),
  ];
  return {
    kind: 'document',
    sections: [{ props: sectionProps(input.pageWidthPt, input.pageHeightPt), blocks }],
    headerFooters: {}, footnotes: {}, endnotes: {}, comments: {}, media: {}, charts: {},
    fonts: [{ name: FONT, generic: 'swiss' }],
    embeddedFonts: [],
    settings: {
      defaultTabStopPt: 36, evenAndOddHeaders: false, mirrorMargins: false, gutterAtTop: false, autoHyphenation: false, doNotHyphenateCaps: false,
      compatibilityMode: 15, footnotes: NOTES, endnotes: { ...NOTES, position: 'docEnd' }, displayBackgroundShape: false,
      doNotUseHtmlParagraphAutoSpacing: false, suppressSpacingAtTopOfPage: false,
    },
    properties: { title: 'Audit trail', custom: {} },
    styleNames: {},
    revisionAuthors: [],
  };
}

const NOTES: NoteOptions = { format: 'decimal', start: 1, restart: 'continuous', position: 'pageBottom' };

function sectionProps(widthPt: number, heightPt: number): SectionProps {
  return {
    pageWidthPt: widthPt, pageHeightPt: heightPt, orientation: widthPt > heightPt ? 'landscape' : 'portrait',
    margins: { top: 56, right: 56, bottom: 56, left: 56, header: 28, footer: 28, gutter: 0 },
    columns: { count: 1, spacePt: 36, separator: false },
    type: 'nextPage', verticalAlign: 'top', titlePage: false, headers: {}, footers: {}, pageNumbers: { format: 'decimal' }, bidi: false,
  };
}
