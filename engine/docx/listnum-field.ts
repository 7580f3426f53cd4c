/**
 * LISTNUM fields (ECMA-376 Part 1 §17.16.5, LISTNUM): a list number in running text. The field names
 * its list (an abstract numbering's w:name), `\l` gives the level (1-9, 1 by default) and `\s` a
 * start-at value; it counts in that list's counters, in document order with the list's numbered
 * paragraphs, and shows the level's label (w:lvlText) as Word does. Word keeps no result for it: it is
 * always computed.
 */
import type { FieldInstruction } from '../model';
import type { DocxContext, StoryState } from './context';
import { switchArg } from './fields';
import { formatLabel } from './list-counters';

/** The label a LISTNUM field shows, counted in the story's counters; undefined when its list is unknown. */
export function listNumText(ctx: DocxContext, story: StoryState, instr: FieldInstruction): string | undefined {
  const name = instr.args[0];
  // Word's built-in lists (NumberDefault, OutlineDefault, LegalDefault) and the list of the field's
  // own paragraph, which an unnamed field uses, are not modelled: such fields still show nothing.
  const list = name ? ctx.numbering.named(name) : undefined;
  if (!list) return undefined;
  const ilvl = Math.min(8, Math.max(0, intSwitch(instr, '\\l', 1) - 1));
  const start = intSwitch(instr, '\\s', -1);
  const values = story.counters.count(`listnum:${name}`, list, ilvl, start >= 0 ? Math.min(32767, start) : undefined);
  return formatLabel(list, ilvl, values);
}

function intSwitch(instr: FieldInstruction, sw: string, fallback: number): number {
  const v = switchArg(instr, sw);
  const n = v === undefined || v.trim() === '' ? NaN : Number(v);
  return Number.isInteger(n) ? n : fallback;
}
