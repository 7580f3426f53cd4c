/**
 * Readers for run content (EG_RunInnerContent, §17.3.3): text, tabs, breaks, symbols, hyphens,
 * field characters and instructions, note references, legacy date/page fields, drawings.
 */
import { datePartsFromDate, formatDatePicture } from '../format';
import { hostNow } from '../core';
import type { BreakInline, CheckBoxInline, FieldInline, NoteReference, TabInline } from '../model';
import type { XmlElement, XmlNode } from '../xml';
import { attr, child, textContent } from '../xml';
import { beginField, endField, separateField, appendInstruction } from './field-state';
import { DATE_ELEMENT_PICTURES, parseInstruction } from './fields';
import type { InlineReader } from './inline-reader';
import { readDrawing } from './drawing';
import { readRuby } from './ruby';
import { readVml } from './vml';

/** A run content reader; returning 'skip-next' consumes the next sibling element too. */
export type RunContentReader = (r: InlineReader, el: XmlElement, siblings: readonly XmlNode[], index: number) => void | 'skip-next';

const PTAB_ALIGN = { left: 'left', center: 'center', right: 'right' } as const;
const PTAB_LEADER = { none: 'none', dot: 'dot', hyphen: 'hyphen', underscore: 'underscore', middleDot: 'middleDot' } as const;

function text(r: InlineReader, el: XmlElement): void {
  const c = el.children;
  const only = c.length === 1 ? c[0]! : undefined;
  r.addText(only && only.kind === 'text' ? only.text : textContent(el));
}

function breakOf(r: InlineReader, el: XmlElement): void {
  const t = attr(el, 'w:type');
  const type: BreakInline['type'] = t === 'page' ? 'page' : t === 'column' ? 'column' : 'line';
  const clear = attr(el, 'w:clear');
  const b: BreakInline = { kind: 'break', type, props: r.props(), ...(clear === 'left' || clear === 'right' || clear === 'all' ? { clear } : {}) };
  r.emit(b);
}

function ptab(r: InlineReader, el: XmlElement): void {
  const tab: TabInline = {
    kind: 'tab',
    props: r.props(),
    ptab: {
      alignment: PTAB_ALIGN[attr(el, 'w:alignment') as keyof typeof PTAB_ALIGN] ?? 'left',
      relativeTo: attr(el, 'w:relativeTo') === 'indent' ? 'indent' : 'margin',
      leader: PTAB_LEADER[attr(el, 'w:leader') as keyof typeof PTAB_LEADER] ?? 'none',
    },
  };
  r.emit(tab);
}

/** w:sym (§17.3.3.30): a character of a symbol font, kept in that font (PUA codes as written). */
function sym(r: InlineReader, el: XmlElement): void {
  const code = parseInt(attr(el, 'w:char') ?? '', 16);
  if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff) return;
  const font = attr(el, 'w:font');
  r.flushText();
  const props = font ? { ...r.props(), font } : r.props();
  r.emit({ kind: 'text', text: String.fromCodePoint(code), props });
}

function noteReference(type: 'footnote' | 'endnote'): RunContentReader {
  return (r, el, siblings, index) => {
    const id = attr(el, 'w:id');
    if (id === undefined) return;
    const ref: { -readonly [K in keyof NoteReference]: NoteReference[K] } = { kind: 'noteRef', noteType: type, id, props: r.props() };
    const custom = attr(el, 'w:customMarkFollows');
    if (custom === '1' || custom === 'true' || custom === 'on') {
      const next = nextElement(siblings, index);
      if (next && next.name === 'w:t') {
        ref.customMark = textContent(next);
        r.emit(ref);
        return 'skip-next';
      }
    }
    r.emit(ref);
    return undefined;
  };
}

function nextElement(siblings: readonly XmlNode[], index: number): XmlElement | undefined {
  for (let j = index + 1; j < siblings.length; j++) {
    const s = siblings[j]!;
    if (s.kind === 'element') return s;
  }
  return undefined;
}

function fldChar(r: InlineReader, el: XmlElement): void {
  const type = attr(el, 'w:fldCharType');
  r.flushText();
  if (type === 'begin') {
    const lock = attr(el, 'w:fldLock');
    beginField(r.story, r.props(), r.revision, lock === '1' || lock === 'true' || lock === 'on');
    // Form checkboxes and drop-downs have no cached result: their state is the result.
    const frame = r.story.fields[r.story.fields.length - 1];
    const box = formCheckBox(el, r);
    if (box && frame) frame.result.push(box);
    const state = box ? undefined : formDropDownText(el);
    if (state !== undefined && frame) frame.result.push({ kind: 'text', text: state, props: r.props() });
  } else if (type === 'separate') separateField(r.story);
  else if (type === 'end') endField(r.ctx, r.story, r.out, r.at);
}

/**
 * A legacy form checkbox (w:ffData/w:checkBox, §17.16.7): drawn as a box, crossed when checked
 * (w:checked, else w:default). w:size (§17.16.31, half-points) sets its side; w:sizeAuto or no size
 * leaves it to the run's font size.
 */
function formCheckBox(el: XmlElement, r: InlineReader): CheckBoxInline | undefined {
  const cb = child(child(el, 'w:ffData'), 'w:checkBox');
  if (!cb) return undefined;
  const state = child(cb, 'w:checked') ?? child(cb, 'w:default');
  const v = state ? attr(state, 'w:val') : undefined;
  const checked = state !== undefined && v !== '0' && v !== 'false' && v !== 'off';
  const auto = child(cb, 'w:sizeAuto');
  const autoOn = auto !== undefined && !['0', 'false', 'off'].includes(attr(auto, 'w:val') ?? '');
  const half = Number(attr(child(cb, 'w:size'), 'w:val'));
  // A size from 1 to 1638 pt, as Word's dialog allows; anything else falls back to the font size.
  const sizePt = !autoOn && Number.isFinite(half) && half >= 2 && half <= 3276 ? half / 2 : undefined;
  return { kind: 'checkBox', checked, props: r.props(), ...(sizePt !== undefined ? { sizePt } : {}) };
}

/** A legacy drop-down form field (w:ffData/w:ddList, §17.16.9) shows its selected entry. */
function formDropDownText(el: XmlElement): string | undefined {
  const dd = child(child(el, 'w:ffData'), 'w:ddList');
  if (!dd) return undefined;
  const entries = dd.children.filter((c): c is XmlElement => c.kind === 'element' && c.name === 'w:listEntry').map((e) => attr(e, 'w:val') ?? '');
  const index = Number(attr(child(dd, 'w:result'), 'w:val') ?? attr(child(dd, 'w:default'), 'w:val') ?? 0);
  return entries[Number.isInteger(index) && index >= 0 ? index : 0] ?? '';
}

/** A field that the element stands for (w:pgNum, w:dayShort...), with a computed result when possible. */
function legacyField(r: InlineReader, instruction: string, computedText: string | undefined): void {
  const props = r.props();
  const f: FieldInline = {
    kind: 'field',
    instruction: parseInstruction(instruction),
    rawInstruction: instruction,
    result: computedText === undefined ? [] : [{ kind: 'text', text: computedText, props }],
    props,
    ...(computedText === undefined ? {} : { computed: true }),
  };
  r.emit(f);
}

function dateElement(picture: string): RunContentReader {
  return (r) => legacyField(r, `DATE \\@ "${picture}"`, formatDatePicture(datePartsFromDate(hostNow(r.ctx.host)), picture));
}

/** One reader per run content element. */
export const RUN_CONTENT: Record<string, RunContentReader> = {
  'w:t': text,
  'w:delText': text,
  'w:instrText': (r, el) => {
    r.flushText();
    appendInstruction(r.story, textContent(el), r.props());
  },
  'w:delInstrText': (r, el) => {
    r.flushText();
    appendInstruction(r.story, textContent(el));
  },
  'w:fldChar': fldChar,
  'w:tab': (r) => r.emit({ kind: 'tab', props: r.props() }),
  'w:ptab': ptab,
  'w:br': breakOf,
  'w:cr': (r) => r.emit({ kind: 'break', type: 'line', props: r.props() }),
  'w:softHyphen': (r) => r.addText('\u00ad'),
  'w:noBreakHyphen': (r) => r.addText('\u2011'),
  'w:sym': sym,
  'w:footnoteReference': noteReference('footnote'),
  'w:endnoteReference': noteReference('endnote'),
  'w:footnoteRef': (r) => r.emit({ kind: 'noteMark', noteType: 'footnote', props: r.props() }),
  'w:endnoteRef': (r) => r.emit({ kind: 'noteMark', noteType: 'endnote', props: r.props() }),
  'w:commentReference': (r, el) => {
    const id = attr(el, 'w:id');
    if (id !== undefined) r.emit({ kind: 'comment', edge: 'reference', id });
  },
  'w:pgNum': (r) => legacyField(r, 'PAGE', undefined),
  ...Object.fromEntries(Object.entries(DATE_ELEMENT_PICTURES).map(([name, pic]) => [name, dateElement(pic)])),
  'w:drawing': (r, el) => {
    for (const i of readDrawing(r, el)) r.emit(i);
  },
  'w:pict': (r, el) => {
    for (const i of readVml(r, el)) r.emit(i);
  },
  'w:object': (r, el) => {
    for (const i of readVml(r, el)) r.emit(i);
  },
  'w:ruby': readRuby,
};
