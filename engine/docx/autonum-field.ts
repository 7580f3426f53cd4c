/**
 * AUTONUM, AUTONUMLGL and AUTONUMOUT fields (ECMA-376 Part 1 §17.16.5.5–7; Microsoft's field
 * reference, "Field codes: AutoNum / AutoNumLgl / AutoNumOut field"): Word's paragraph numbers from
 * before LISTNUM. Word keeps no result for them (the standard: the field value "shall not" be
 * stored) and numbers them live, so they are always computed.
 *
 * Each kind counts apart, per story, by the outline level of its paragraph. A heading (outline level
 * 0–8, as Word's heading styles set it) counts at its level in the story's list counters, which
 * restarts the deeper levels; body text counts in a sequence of its own, restarted by each heading
 * the kind numbers ("the paragraph numbering of the body text is restarted at 1 after each heading";
 * without numbered headings it runs on through the document).
 * - AUTONUM: the count of its own level and a separator (`\s`, a period by default): 1. 2. ...
 * - AUTONUMLGL: the counts of its heading's levels joined by the separator, body text's own count
 *   after its heading's (the reference: after heading 1.2.3, body text is 1.2.3.1, 1.2.3.2, ...);
 *   `\e` drops the trailing separator.
 * - AUTONUMOUT (no switches): a heading shows its level's label in Word's outline scheme, the
 *   OutlineDefault list (I. A. 1. a) (1) ...); body text an Arabic number and a period (the
 *   standard's example: 1. 2.).
 * A `\*` number format formats each count (the standard's examples: alphabetic, ROMAN, OrdText).
 * Not stated anywhere we found: whether the three kinds share counts (kept apart here, as LISTNUM
 * keeps NumberDefault, LegalDefault and OutlineDefault apart), and what a heading level skipped on
 * the way down shows (its start, 1, as a list level skipped so does).
 */
import type { FieldInstruction } from '../model';
import type { StoryState } from './context';
import { applyFormatSwitches, formatNumberResult, hasSwitch, switchArg } from './fields';
import { formatLabel } from './list-counters';
import { builtInList } from './listnum-field';
import type { ResolvedList } from './numbering';

/** A story's count of one kind: the last numbered heading's counts (its level's and those above) and body text's count since. */
export interface AutoNumState {
  path: number[];
  body: number;
}

/**
 * The lists the kinds' headings count in: OutlineDefault's nine levels (AUTONUMOUT shows their
 * labels; the other kinds use only their start, 1, and restarts), each under a counter key of its own.
 */
const LISTS: ReadonlyMap<string, ResolvedList> = new Map(
  ['AUTONUM', 'AUTONUMLGL', 'AUTONUMOUT'].map((kind) => [kind, { ...builtInList('OutlineDefault')!, counterKey: `autonum:${kind}` }]),
);

/** True for the field names this module computes. */
export function isAutoNumField(name: string): boolean {
  return LISTS.has(name);
}

/** The number an AUTONUM, AUTONUMLGL or AUTONUMOUT field shows, counted in the story's counters. */
export function autoNumText(story: StoryState, instr: FieldInstruction): string {
  const kind = instr.name;
  const states = (story.autoNum ??= new Map());
  let state = states.get(kind);
  if (!state) {
    state = { path: [], body: 0 };
    states.set(kind, state);
  }
  const outline = story.listNum?.outlineLevel;
  if (outline === undefined) {
    state.body++;
    if (kind === 'AUTONUMOUT') return `${state.body}.`;
    return label(instr, kind === 'AUTONUMLGL' ? [...state.path, state.body] : [state.body]);
  }
  const list = LISTS.get(kind)!;
  const values = story.counters.count(list.counterKey, list, outline);
  state.path = values.slice(0, outline + 1);
  state.body = 0;
  if (kind === 'AUTONUMOUT') return formatLabel(list, outline, values);
  return label(instr, kind === 'AUTONUMLGL' ? state.path : [values[outline]!]);
}

/** Counts joined by the separator (the first character of `\s`, else a period), with a trailing one unless AUTONUMLGL's `\e`. */
function label(instr: FieldInstruction, counts: readonly number[]): string {
  const sep = Array.from(switchArg(instr, '\\s') ?? '')[0] ?? '.';
  const trailing = instr.name === 'AUTONUMLGL' && hasSwitch(instr, '\\e') ? '' : sep;
  return applyFormatSwitches(counts.map((n) => formatNumberResult(n, instr)).join(sep) + trailing, instr);
}
