/**
 * LISTNUM fields (ECMA-376 Part 1 §17.16.5, LISTNUM): a list number in running text. The field names
 * its list (an abstract numbering's w:name, or one of Word's built-in lists NumberDefault,
 * OutlineDefault and LegalDefault); without a name it numbers in the list of its own paragraph when
 * that paragraph is numbered, else in NumberDefault. `\l` gives the level (1-9); without it the first
 * field of a paragraph sits one level below the paragraph's own number (level 1 elsewhere), and each
 * later one one level below the field before it when the paragraph opens with its fields (the inline
 * "1) a) i)" lists Word builds), or at the same level when text opens the paragraph (the standard's
 * example: "We need to ...: i) ... ii) ... iii) ..."). `\s` is a
 * start-at value. Fields count in the list's counters, in document order with the list's numbered
 * paragraphs, so a level restarts when a higher level advances. Word keeps no result for it: it is
 * always computed.
 */
import type { FieldInstruction, Inline } from '../model';
import type { DocxContext, StoryState } from './context';
import { switchArg } from './fields';
import { formatLabel } from './list-counters';
import type { LevelDef, ResolvedList } from './numbering';

/** The numbering of the paragraph being read and the level of its last LISTNUM field, as LISTNUM (and AUTONUM) need them. */
export interface ListNumParagraph {
  /** The paragraph's own list and level (w:numPr resolved), when it is numbered. */
  readonly list?: { readonly numId: string; readonly ilvl: number; readonly list: ResolvedList };
  /** The 0-based level of the paragraph's last LISTNUM field so far. */
  lastLevel?: number;
  /** Text came before the paragraph's first LISTNUM field: later fields keep its level. */
  opensWithText?: boolean;
  /** The paragraph's outline level 0-8 when it is a heading, as AUTONUM fields number it (autonum-field.ts). */
  readonly outlineLevel?: number;
}

/** Notes, as a paragraph's first LISTNUM field ends, whether text opens the paragraph before it (`out`: the paragraph so far). */
export function noteListNumStart(story: StoryState, rawInstruction: string, out: readonly Inline[]): void {
  const para = story.listNum;
  if (!para || para.lastLevel !== undefined || !/^\s*LISTNUM\b/i.test(rawInstruction)) return;
  para.opensWithText = hasText(out);
}

function hasText(inlines: readonly Inline[]): boolean {
  return inlines.some((i) => (i.kind === 'text' && i.text.trim() !== '') || (i.kind === 'field' && hasText(i.result)));
}

/** The label a LISTNUM field shows, counted in the story's counters; undefined when its list is unknown. */
export function listNumText(ctx: DocxContext, story: StoryState, instr: FieldInstruction): string | undefined {
  const name = instr.args[0];
  const para = story.listNum;
  const target = listTarget(ctx, name, para);
  if (!target) return undefined;
  const { key, list } = target;
  const given = intSwitch(instr, '\\l', 0);
  const ilvl = Math.min(8, Math.max(0, given >= 1 ? given - 1 : defaultLevel(para, list)));
  if (para) para.lastLevel = ilvl;
  const start = intSwitch(instr, '\\s', -1);
  const values = story.counters.count(key, list, ilvl, start >= 0 ? Math.min(32767, start) : undefined);
  return formatLabel(list, ilvl, values);
}

/** The level of a field without \l: after the paragraph's last field (deeper, unless text opens the paragraph), or below the paragraph's own number in its list. */
function defaultLevel(para: ListNumParagraph | undefined, list: ResolvedList): number {
  if (para?.lastLevel !== undefined) return para.opensWithText ? para.lastLevel : para.lastLevel + 1;
  return para?.list && para.list.list.counterKey === list.counterKey ? para.list.ilvl + 1 : 0;
}

/** The list a LISTNUM counts in and the key its numbering instance is counted under. */
function listTarget(ctx: DocxContext, name: string | undefined, para: ListNumParagraph | undefined): { key: string; list: ResolvedList } | undefined {
  if (!name && para?.list) return { key: para.list.numId, list: para.list.list };
  const listName = name ?? 'NumberDefault';
  // A document's own abstract numbering of that name wins over Word's built-in list.
  const list = ctx.numbering.named(listName) ?? BUILT_IN.get(listName);
  return list ? { key: `listnum:${listName}`, list } : undefined;
}

/** A built-in list level: its format and label template (%n as in w:lvlText). */
function level(ilvl: number, numFmt: string, lvlText: string): LevelDef {
  return { ilvl, start: 1, numFmt, lvlText, isLgl: false, suffix: 'tab', jc: 'left', pPr: {}, rPr: {}, pictureBullet: false };
}

function builtIn(name: string, levels: ReadonlyArray<readonly [string, string]>): ResolvedList {
  return { counterKey: `builtin:${name}`, levels: levels.map(([fmt, text], i) => level(i, fmt, text)), startOverrides: new Map() };
}

/**
 * Word's built-in LISTNUM lists (Microsoft KB 162895, "WD97: How to Use the ListNum Field in Word";
 * the support page "Field codes: ListNum field" names them as the AUTONUM, AUTONUMOUT and AUTONUMLGL
 * emulations). LegalDefault is documented for levels 1-3 only (1. 1.1. 1.1.1.); deeper levels here
 * carry the same pattern on (1.1.1.1. ...), which no documentation we found states.
 */
const BUILT_IN: ReadonlyMap<string, ResolvedList> = new Map([
  ['NumberDefault', builtIn('NumberDefault', [
    ['decimal', '%1)'], ['lowerLetter', '%2)'], ['lowerRoman', '%3)'], ['decimal', '(%4)'], ['lowerLetter', '(%5)'],
    ['lowerRoman', '(%6)'], ['decimal', '%7.'], ['lowerLetter', '%8.'], ['lowerRoman', '%9.'],
  ])],
  ['OutlineDefault', builtIn('OutlineDefault', [
    ['upperRoman', '%1.'], ['upperLetter', '%2.'], ['decimal', '%3.'], ['lowerLetter', '%4)'], ['decimal', '(%5)'],
    ['lowerLetter', '(%6)'], ['lowerRoman', '(%7)'], ['lowerLetter', '(%8)'], ['lowerRoman', '(%9)'],
  ])],
  ['LegalDefault', builtIn('LegalDefault', Array.from({ length: 9 }, (_, i) =>
    ['decimal', Array.from({ length: i + 1 }, (_x, k) => `%${k + 1}.`).join('')] as const))],
]);

/** One of Word's built-in LISTNUM lists by name (NumberDefault, OutlineDefault, LegalDefault). */
export function builtInList(name: string): ResolvedList | undefined {
  return BUILT_IN.get(name);
}

function intSwitch(instr: FieldInstruction, sw: string, fallback: number): number {
  const v = switchArg(instr, sw);
  const n = v === undefined || v.trim() === '' ? NaN : Number(v);
  return Number.isInteger(n) ? n : fallback;
}
