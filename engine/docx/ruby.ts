/**
 * Phonetic guides (w:ruby, ECMA-376 Part 1 §17.3.3.25): the base text (w:rubyBase) is read as the
 * paragraph's own runs between two ruby marks, the start mark carrying the guide text (w:rt) with
 * its size, raise and alignment from w:rubyPr (§17.3.3.28). Layout draws the guide over the base.
 */
import type { RubyAlign, RubyGuide, RunProps } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, textContent } from '../xml';
import { cascadeRun } from './cascade';
import { Slot, splitBySlot } from './font-slots';
import type { InlineReader } from './inline-reader';
import { internRun } from './intern';
import { resolveRun } from './resolve-run';
import type { RawRun } from './run-props';
import { halfPtAttr } from './values';

const ALIGNS: ReadonlySet<string> = new Set<RubyAlign>(['center', 'distributeLetter', 'distributeSpace', 'left', 'right', 'rightVertical']);

/** Largest guide size and raise taken from input (ST_HpsMeasure allows far more than a page). */
const MAX_PT = 1584;

/** Reads a w:ruby: its base as ordinary runs, framed by ruby marks when it has guide text. */
export function readRuby(r: InlineReader, el: XmlElement): void {
  const rt = child(el, 'w:rt');
  const base = child(el, 'w:rubyBase');
  const guide = rt ? readGuide(r, rt, child(el, 'w:rubyPr')) : undefined;
  if (guide) r.emit({ kind: 'ruby', edge: 'start', guide });
  if (base) r.content(base);
  if (guide) r.emit({ kind: 'ruby', edge: 'end' });
}

/** The guide text of w:rt (its runs' w:t), in the first run's properties at the w:hps size. */
function readGuide(r: InlineReader, rt: XmlElement, rubyPr: XmlElement | undefined): RubyGuide | undefined {
  let text = '';
  let raw: RawRun | undefined;
  for (const run of rt.children) {
    if (run.kind !== 'element' || run.name !== 'w:r') continue;
    raw ??= cascadeRun(r.ctx, r.cascade.runBase, internRun(r.ctx, child(run, 'w:rPr'), r.at));
    for (const t of run.children) if (t.kind === 'element' && t.name === 'w:t') text += textContent(t);
  }
  if (text.trim() === '') return undefined;
  raw ??= r.raw;
  const slot = splitBySlot(text, raw.hint, raw.rtl === true || raw.complex === true, raw.ascii === raw.hAnsi)[0]?.slot ?? Slot.Ascii;
  const hps = halfPtAttr(child(rubyPr, 'w:hps'));
  const props = guideProps(resolveRun(raw, slot, r.declared), hps !== undefined && hps > 0 ? Math.min(hps, MAX_PT) : undefined);
  const raise = halfPtAttr(child(rubyPr, 'w:hpsRaise'));
  const align = attr(child(rubyPr, 'w:rubyAlign'), 'w:val') ?? '';
  return {
    text,
    props,
    align: ALIGNS.has(align) ? (align as RubyAlign) : 'center',
    raisePt: raise !== undefined ? Math.max(0, Math.min(MAX_PT, raise)) : r.props().sizePt,
  };
}

/** The guide's own properties at its size, without the spacing and fit of the base it was copied from. */
function guideProps(props: RunProps, sizePt: number | undefined): RunProps {
  const { fitText: _fit, ...rest } = props;
  return { ...rest, spacingPt: 0, ...(sizePt !== undefined ? { sizePt } : {}) };
}
