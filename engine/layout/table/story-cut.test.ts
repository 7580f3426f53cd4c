/**
 * Cutting a cell's story where its row splits: each cut reads the lines its first part places, not
 * every line after it (copying the rest at each cut made a row over n pages cost n times its lines).
 */
import { describe, expect, it } from 'vitest';
import type { Story } from '../blocks';
import type { Unit } from '../flow/units';
import { splitStory } from './story-cut';

const line = (heightPt: number, extra: Partial<Unit> = {}): Unit => ({ kind: 'line', heightPt, breakAfter: true, emit: () => {}, ...extra });
const space = (heightPt: number): Unit => ({ kind: 'space', heightPt, breakAfter: true, discardable: true, emit: () => {} });

/** A story of `n` 10 pt lines, each followed by 2 pt of spacing, whose line reads are counted. */
function countedStory(n: number): { story: Story; reads: () => number } {
  const units: Array<{ y: number; unit: Unit }> = [];
  let y = 0;
  for (let i = 0; i < n; i++) {
    for (const unit of [line(10), space(2)]) {
      units.push({ y, unit });
      y += unit.heightPt;
    }
  }
  let reads = 0;
  const counted = new Proxy(units, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { story: { units: counted, heightPt: y }, reads: () => reads };
}

/** Cuts the story into pages of `room` until nothing is left; the first parts, in order. */
function pages(story: Story, room: number): Story[] {
  const out: Story[] = [];
  let rest: Story = story;
  for (let solid = true; solid && out.length < 1e6; ) {
    const { first, rest: next } = splitStory(rest, room);
    out.push(first);
    rest = next;
    solid = next.solidFrom(0);
  }
  return out;
}

describe('splitStory', () => {
  it('reads each line of a cell split over many pages a bounded number of times', () => {
    const n = 20_000;
    const { story, reads } = countedStory(n);
    const parts = pages(story, 500);
    // 500 pt take 41 lines and their spacing (492 pt).
    expect(parts.length).toBe(Math.ceil(n / 41));
    expect(parts[0]!.heightPt).toBeCloseTo(492, 6);
    expect(parts.reduce((s, p) => s + p.units.filter((u) => !u.unit.discardable).length, 0)).toBe(n);
    // Each part starts at 0 and keeps its lines 12 pt apart.
    for (const p of [parts[1]!, parts[250]!, parts.at(-1)!]) {
      expect(p.units[0]!.y).toBe(0);
      expect(p.units[2]!.y).toBeCloseTo(12, 6);
    }
    expect(reads()).toBeLessThan(12 * 2 * n);
  });

  it('cuts each rest from the cell\'s own lines, reading only those its part places', () => {
    // Copying the rest at each cut reads the whole cell once, at the first cut, and never again: a
    // later cut works on a copy (0 reads here). A view reads the 41 lines and their spacing it places (255 reads: about three each).
    const { story, reads } = countedStory(20_000);
    let rest = splitStory(story, 500).rest;
    for (let k = 0; k < 100; k++) rest = splitStory(rest, 500).rest;
    const before = reads();
    splitStory(rest, 500);
    const during = reads() - before;
    expect(during).toBeGreaterThan(40);
    expect(during).toBeLessThan(500);
  });

  it('opens the rest with the second part of a line that splits itself, the lines after it moved up', () => {
    const halves: readonly [Unit, Unit] = [line(30), line(50)];
    const story: Story = {
      units: [
        { y: 0, unit: line(10) },
        { y: 10, unit: line(100, { split: () => halves }) },
        { y: 110, unit: line(10) },
      ],
      heightPt: 120,
    };
    const { first, rest } = splitStory(story, 45);
    expect(first.units.map((u) => [u.y, u.unit.heightPt])).toEqual([[0, 10], [10, 30]]);
    expect(rest.units.map((u) => [u.y, u.unit.heightPt])).toEqual([[0, 50], [50, 10]]);
    expect(rest.heightPt).toBe(60);
    // Cut again, the rest's own first line is drawn where it was and the last line moves on.
    const again = splitStory(rest, 55);
    expect(again.first.units.map((u) => [u.y, u.unit.heightPt])).toEqual([[0, 50]]);
    expect(again.rest.units.map((u) => [u.y, u.unit.heightPt])).toEqual([[0, 10]]);
  });
  it('forced at a page top, takes a first line taller than the room rather than nothing', () => {
    const units = [space(5), line(800), space(2), line(10)];
    let y = 0;
    const story: Story = { units: units.map((unit) => ({ y: (y += unit.heightPt) - unit.heightPt, unit })), heightPt: 817 };
    // Unforced, only the spacing above it would be placed: a blank part of the row.
    expect(splitStory(story, 500).first.units.map((u) => u.unit.heightPt)).toEqual([5]);
    const { first, rest } = splitStory(story, 500, true);
    expect(first.units.map((u) => u.unit.heightPt)).toEqual([5, 800]);
    expect(first.heightPt).toBe(805);
    // The spacing that would open the rest vanishes; its line starts at 0.
    expect(rest.units.map((u) => [u.y, u.unit.heightPt])).toEqual([[0, 10]]);
    // A first line that fits is cut as without force.
    expect(splitStory({ units: [{ y: 0, unit: line(10) }, { y: 10, unit: line(10) }], heightPt: 20 }, 15, true).first.units).toHaveLength(1);
  });
});
