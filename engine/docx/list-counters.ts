/**
 * List counters (§17.9): counted in document order per story, shared by numbering instances of one
 * abstract numbering, restarted by w:lvlRestart rules and by start overrides when an instance is
 * first used; and the label text built from w:lvlText's %1..%9 placeholders.
 */
import { formatNumber } from '../format';
import type { ResolvedList } from './numbering';

/** Counters of one story (the body, or one header, footer or note). */
export class ListCounters {
  /** By counter key: each level's current value, and the start override waiting for its next item (see count). */
  private readonly counters = new Map<string, { readonly values: Array<number | undefined>; readonly seeds: Array<number | undefined> }>();
  private readonly usedNums = new Set<string>();

  /**
   * Counts one paragraph (or LISTNUM field) at `ilvl` and returns every level's current value (start
   * values where unused); `startAt` sets the level's value instead of counting on (LISTNUM's \s).
   */
  count(numId: string, list: ResolvedList, ilvl: number, startAt?: number): number[] {
    let entry = this.counters.get(list.counterKey);
    if (!entry) {
      entry = { values: new Array(9).fill(undefined), seeds: new Array(9).fill(undefined) };
      this.counters.set(list.counterKey, entry);
    }
    const { values: c, seeds: seed } = entry;
    if (!this.usedNums.has(numId)) {
      this.usedNums.add(numId);
      // A numbering instance with start overrides restarts those levels when it is first used: they
      // are unused again, and their next item takes the override. Not start - 1 as a count: such a
      // level is still unused, so a skipped one counts as used below (aspose-Hyperlinks: an
      // instance overriding every level opens at level 1, and its first level-0 item is B., not A.).
      for (const [lvl, start] of list.startOverrides) {
        c[lvl] = undefined;
        seed[lvl] = start;
      }
    }
    const first = (j: number) => seed[j] ?? startFor(list, j, list.levels[j]?.start ?? 1);
    // A level skipped on the way down (an item at level 3 right after one at level 0) counts as
    // used at its start value, as Word counts it: the next item at that level takes the value after
    // (LibreOffice's "phantom" list entries do the same for Word documents).
    for (let j = 0; j < ilvl; j++) {
      if (c[j] === undefined) {
        c[j] = first(j);
        seed[j] = undefined;
      }
    }
    const prev = c[ilvl];
    c[ilvl] = startAt ?? (prev === undefined ? first(ilvl) : prev + 1);
    seed[ilvl] = undefined;
    for (let j = ilvl + 1; j < 9; j++) {
      const restart = list.levels[j]?.restart ?? j;
      if (ilvl < restart) {
        c[j] = undefined;
        seed[j] = undefined;
      }
    }
    const out: number[] = [];
    for (let j = 0; j < 9; j++) out.push(c[j] ?? first(j));
    return out;
  }
}

function startFor(list: ResolvedList, ilvl: number, start: number): number {
  return list.startOverrides.get(ilvl) ?? start;
}

/** Builds a label from the level's lvlText: %n becomes level n's value in its own format (decimal when isLgl). */
export function formatLabel(list: ResolvedList, ilvl: number, values: readonly number[]): string {
  const def = list.levels[ilvl];
  if (!def || def.lvlText === undefined) return '';
  if (def.numFmt === 'bullet') return def.lvlText === '' && def.pictureBullet ? '\u2022' : def.lvlText;
  return def.lvlText.replace(/%([1-9])/g, (_m, d: string) => {
    const k = Number(d) - 1;
    const lvl = list.levels[k];
    const fmt = def.isLgl && k <= ilvl ? (lvl?.numFmt === 'decimalZero' ? 'decimalZero' : 'decimal') : lvl?.numFmt ?? 'decimal';
    return formatNumber(values[k] ?? 1, fmt);
  });
}
