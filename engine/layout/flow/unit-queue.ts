/**
 * The paginator's queue of units waiting to be placed: taken from the head, and put back at the
 * head (a unit that did not fit, lines moved on by widow control, rows of a floating table). An
 * array with a moving head, so that neither costs anything per unit waiting behind: with
 * Array.shift and unshift, a paragraph of 100 000 lines took time in the square of its length
 * (a hostile file ran for minutes before reaching the page limit).
 */
import { reflowOf, type Unit } from './units';

/** A queue of units with O(1) taking from and putting back at the head. */
export class UnitQueue {
  private items: Array<Unit | undefined> = [];
  private start = 0;

  /** How many units wait. */
  get length(): number {
    return this.items.length - this.start;
  }

  /** Appends units at the tail. */
  push(units: readonly Unit[]): void {
    for (const u of units) this.items.push(u);
  }

  /** Takes the head unit. */
  shift(): Unit | undefined {
    if (this.start >= this.items.length) return undefined;
    const u = this.items[this.start];
    this.items[this.start++] = undefined;
    if (this.start === this.items.length) {
      this.items.length = 0;
      this.start = 0;
    }
    return u;
  }

  /** Puts units back at the head, in their order. */
  unshift(units: readonly Unit[]): void {
    if (units.length <= this.start) {
      this.start -= units.length;
      for (let i = 0; i < units.length; i++) this.items[this.start + i] = units[i];
      return;
    }
    this.items = [...units, ...this.items.slice(this.start)];
    this.start = 0;
  }

  /**
   * Lays the head unit out again for a column `widthPt` wide (Unit.reflow): the following units of
   * its block are replaced by the re-laid rest. Returns whether anything changed.
   */
  reflowHead(widthPt: number): boolean {
    const r = reflowOf(this.items[this.start], widthPt);
    if (!r) return false;
    const rest = this.items.slice(this.start + 1).filter((u) => u!.reflow?.block !== r.block);
    this.items = [...r.fresh, ...rest];
    this.start = 0;
    return true;
  }
}
