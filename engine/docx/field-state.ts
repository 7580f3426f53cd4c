/**
 * The complex-field state machine (fldChar begin/separate/end, §17.16.18) over a story: fields nest,
 * their instructions may be split across runs, and their results may span paragraphs (a TOC).
 */
import type { FieldInline, FieldInstruction, Inline, LinkTarget, MathInline, Revision, RunProps, TextRun } from '../model';
import type { DocxContext, FieldFrame, StoryState } from './context';
import { evaluateEq, evaluateIf } from './field-eval';
import { MAX_EQ_FIELD_NODES, MAX_EQ_NODES, readEqFieldChecked } from './eq-field';
import { computeFieldText, computeSymbol, hyperlinkTarget, parseInstruction, type ComputedField } from './fields';
import { listNumText, noteListNumStart } from './listnum-field';
import { autoNumText, isAutoNumField } from './autonum-field';

/** Fields whose result layout computes (page numbers, cross-references), so an empty cache is fine. */
const LAYOUT_FIELDS = new Set(['PAGE', 'NUMPAGES', 'SECTIONPAGES', 'PAGEREF', 'REF', 'NOTEREF', 'SEQ', 'STYLEREF', 'TOC', 'SECTION']);
/** Cross-reference fields whose `\h` switch links the result to the bookmark. */
const REF_FIELDS = new Set(['REF', 'PAGEREF', 'NOTEREF']);
/** Fields that produce no visible result by design. */
const SILENT_FIELDS = new Set(['XE', 'TC', 'RD', 'SET', 'PRIVATE', 'ADDIN', 'TA', 'LISTNUM', 'GOTOBUTTON', 'MACROBUTTON', 'AUTOTEXTLIST', 'ASK', 'FILLIN', '']);

/** Opens a field at fldChar begin. */
export function beginField(story: StoryState, props: RunProps, revision: Revision | undefined, locked = false): void {
  const top = story.fields[story.fields.length - 1];
  if (story.fields.length >= 64) return;
  story.fields.push({
    instruction: '',
    state: 'instruction',
    result: [],
    props,
    ...(revision ? { revision } : {}),
    flushed: false,
    inParentInstruction: top !== undefined && top.state === 'instruction',
    ...(locked ? { locked } : {}),
  });
}

/** Switches the innermost field to its result at fldChar separate. */
export function separateField(story: StoryState): void {
  const top = story.fields[story.fields.length - 1];
  if (!top || top.state === 'result') return;
  top.state = 'result';
  const instr = parseInstruction(top.instruction);
  if (instr.name === 'HYPERLINK') {
    const link = hyperlinkTarget(instr);
    if (link) top.link = link;
  } else if (REF_FIELDS.has(instr.name) && instr.args[0] && instr.switches.some(([sw]) => sw === '\\h')) {
    // `\h` makes a cross-reference a link to its bookmark (§17.16.5.46, .55, .45).
    top.link = { anchor: instr.args[0] };
  }
}

const MAX_INSTRUCTION_RUNS = 256;

/** Longest instruction kept for a field; the rest is dropped, with docx/field-instruction-cut when the field is built. */
export const MAX_INSTRUCTION_CHARS = 100_000;

/** Appends instruction text (w:instrText) to the innermost field, noting its run's properties where they change. */
export function appendInstruction(story: StoryState, text: string, props?: RunProps): void {
  const top = story.fields[story.fields.length - 1];
  if (!top || top.state !== 'instruction') return;
  const room = MAX_INSTRUCTION_CHARS - top.instruction.length;
  if (text.length > room) {
    top.instructionCut = true;
    text = text.slice(0, Math.max(0, room));
    if (!text) return;
  }
  const runs = (top.instructionProps ??= []);
  if (props && runs[runs.length - 1]?.props !== props && runs.length < MAX_INSTRUCTION_RUNS) runs.push({ at: top.instruction.length, props });
  top.instruction += text;
}

/** The properties of the instruction's run at an offset (the field's own before the first noted run). */
function instructionPropsAt(frame: FieldFrame, fallback: RunProps): (offset: number) => RunProps {
  const runs = frame.instructionProps ?? [];
  // Asked for every character of the instruction: a binary search over the noted runs (up to
  // MAX_INSTRUCTION_RUNS), not a walk through them.
  return (offset) => {
    let lo = 0;
    let hi = runs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (runs[mid]!.at <= offset) lo = mid;
      else hi = mid - 1;
    }
    return runs[lo]?.props ?? fallback;
  };
}

/** The link that runs emitted now take from enclosing HYPERLINK fields. */
export function fieldLink(story: StoryState): LinkTarget | undefined {
  for (let i = story.fields.length - 1; i >= 0; i--) {
    const f = story.fields[i]!;
    if (f.state === 'result' && f.link) return f.link;
  }
  return undefined;
}

/** Where inline content goes now: the innermost field's result, or `out` (undefined = an instruction, dropped). */
export function currentTarget(story: StoryState, out: Inline[]): Inline[] | undefined {
  const top = story.fields[story.fields.length - 1];
  if (!top) return out;
  return top.state === 'result' ? top.result : undefined;
}

/** Closes the innermost field at fldChar end and emits it into its parent. */
export function endField(ctx: DocxContext, story: StoryState, out: Inline[], at: string): void {
  const frame = story.fields.pop();
  if (!frame) return;
  const parent = story.fields[story.fields.length - 1];
  if (!parent) noteListNumStart(story, frame.instruction, out);
  const field = buildField(ctx, frame, at, false, story);
  if (parent && parent.state === 'instruction') {
    // A nested field inside an instruction contributes its result text (IF { MERGEFIELD x } = ...).
    parent.instruction += textOf(field ? field.result : frame.result);
    return;
  }
  const target = parent ? parent.result : out;
  if (field) target.push(field);
  else {
    for (const i of frame.result) target.push(i);
    // The end of a result that spanned paragraphs, so later stages know where a TOC ends.
    const instruction = parseInstruction(frame.instruction);
    target.push({ kind: 'field', instruction, rawInstruction: frame.instruction.trim(), result: [], props: frame.props, closes: true, ...(frame.locked ? { locked: true } : {}) });
  }
}

/** Moves open fields' results into the paragraph at its end; the fields continue in the next paragraph. */
export function flushOpenFields(ctx: DocxContext, story: StoryState, out: Inline[], at: string): void {
  for (let i = story.fields.length - 1; i >= 0; i--) {
    const frame = story.fields[i]!;
    if (frame.state !== 'result') continue;
    const parent = i > 0 ? story.fields[i - 1] : undefined;
    if (parent && parent.state !== 'result') continue;
    const target = parent ? parent.result : out;
    if (!frame.flushed) {
      const field = buildField(ctx, frame, at, true, story);
      if (field) target.push(field);
    } else {
      for (const x of frame.result) target.push(x);
    }
    frame.result = [];
    frame.flushed = true;
  }
}

/** Builds the FieldInline of a frame; undefined when its result was already flushed (the rest flows plainly). */
export function buildField(ctx: DocxContext, frame: FieldFrame, at: string, continues: boolean, story: StoryState): FieldInline | undefined {
  if (frame.flushed) return undefined;
  if (frame.instructionCut) {
    ctx.bag.warn('docx/field-instruction-cut', `A field's instruction is longer than ${MAX_INSTRUCTION_CHARS} characters; the rest of it is not read.`, { at });
  }
  const instruction = parseInstruction(frame.instruction);
  const computed = continues || frame.locked ? undefined : computeField(ctx, instruction, frame, story);
  let result: Inline[] = frame.result;
  if (computed !== undefined) {
    const base = firstTextProps(frame.result) ?? frame.props;
    const props = computed.font || computed.sizePt ? { ...base, ...(computed.font ? { font: computed.font } : {}), ...(computed.sizePt ? { sizePt: computed.sizePt } : {}) } : base;
    result = computed.text === '' ? [] : [{ kind: 'text', text: computed.text, props, ...(frame.link ? { link: frame.link } : {}) }];
  } else if (result.length === 0 && !LAYOUT_FIELDS.has(instruction.name) && !SILENT_FIELDS.has(instruction.name)) {
    ctx.bag.warn('docx/field-no-result', `The ${instruction.name} field has no cached result and cannot be computed; it shows nothing.`, { at });
  }
  // An EQ field is typeset from its instruction whatever its cached result (Word draws it so).
  const eq = instruction.name === 'EQ' && !continues ? eqResult(ctx, frame, firstTextProps(frame.result) ?? frame.props, at) : undefined;
  if (eq) result = [eq];
  const f: { -readonly [K in keyof FieldInline]: FieldInline[K] } = {
    kind: 'field',
    instruction,
    rawInstruction: frame.instruction.trim(),
    result,
    props: frame.props,
  };
  if (computed !== undefined || eq) f.computed = true;
  if (continues) f.continues = true;
  if (frame.locked) f.locked = true;
  if (frame.revision) f.revision = frame.revision;
  if (frame.link) f.link = frame.link;
  return f;
}

/** An EQ field's equation as a MathInline (linear text: the field evaluated as text); none once the document's EQ budget is spent. */
function eqResult(ctx: DocxContext, frame: FieldFrame, props: RunProps, at: string): MathInline | undefined {
  const tooLarge = () => ctx.bag.warn('docx/eq-too-large', `The document's EQ fields would build more than ${MAX_EQ_NODES} commands and arguments; this one shows its cached result or its text, or only its first commands.`, { at });
  if (ctx.eqNodesLeft <= 0) {
    tooLarge();
    return undefined;
  }
  const { tree, cut } = readEqFieldChecked(frame.instruction, instructionPropsAt(frame, props), ctx);
  // Overspent: the budget ran out inside this field, whose later commands were read as text.
  if (ctx.eqNodesLeft < 0) tooLarge();
  else if (cut) ctx.bag.warn('docx/eq-too-large', `An EQ field builds more than ${MAX_EQ_FIELD_NODES} commands and arguments; the ones after are not drawn.`, { at });
  if (!tree) return undefined;
  return { kind: 'math', linearText: evaluateEq(frame.instruction) ?? '', display: false, props, tree, ...(frame.link ? { link: frame.link } : {}) };
}

function computeField(ctx: DocxContext, instruction: FieldInstruction, frame: FieldFrame, story: StoryState): ComputedField | undefined {
  const raw = frame.instruction;
  const hasCache = frame.result.length > 0;
  if (instruction.name === 'SYMBOL') return computeSymbol(instruction);
  // LISTNUM counts in its list whatever it caches (Word keeps no result for it and renumbers it live).
  if (instruction.name === 'LISTNUM') {
    const t = listNumText(ctx, story, instruction);
    return t === undefined ? undefined : { text: t };
  }
  // Word keeps no result for the AUTONUM fields either: they count in their story like LISTNUM;
  // inside another field's instruction (an IF) Word shows nothing for them (its field reference).
  if (isAutoNumField(instruction.name)) return { text: frame.inParentInstruction ? '' : autoNumText(story, instruction) };
  // IF and EQ results come from their instructions; a cached result (Word's own evaluation) wins.
  if (instruction.name === 'IF' && !hasCache) {
    const t = evaluateIf(instruction);
    return t === undefined ? undefined : { text: t };
  }
  if (instruction.name === 'EQ' && !hasCache) {
    const t = evaluateEq(raw);
    return t === undefined ? undefined : { text: t };
  }
  const text = computeFieldText(ctx, instruction, hasCache);
  return text === undefined ? undefined : { text };
}

function firstTextProps(inlines: readonly Inline[]): RunProps | undefined {
  for (const i of inlines) if (i.kind === 'text') return i.props;
  return undefined;
}

/** The plain text of inlines (text runs and nested field results). */
export function textOf(inlines: readonly Inline[]): string {
  let s = '';
  for (const i of inlines) {
    if (i.kind === 'text') s += (i as TextRun).text;
    else if (i.kind === 'field') s += textOf(i.result);
    else if (i.kind === 'tab') s += '\t';
  }
  return s;
}
