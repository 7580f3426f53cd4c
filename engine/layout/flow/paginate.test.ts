import { describe, expect, it } from 'vitest';
import { Paginator, type PageFrame } from './paginate';
import { spaceUnit, type Unit } from './units';

const frame: PageFrame = { widthPt: 600, heightPt: 800, bodyTop: 100, bodyBottom: 200, columns: [{ x: 50, width: 500 }] };
const host = { openFrame: () => frame, noteHeight: () => 10, noteSeparatorPt: 5 };

function line(name: string, h = 20, breakAfter = true, extra: Partial<Unit> = {}): Unit & { name: string } {
  return { name, kind: 'line', heightPt: h, breakAfter, emit: () => {}, ...extra };
}

function layout(units: Unit[]): string[][] {
  const p = new Paginator(host);
  for (const u of units) p.push(u);
  return p.finish().map((page) => page.placed.filter((x) => x.unit.kind !== 'space').map((x) => (x.unit as Unit & { name: string }).name));
}

describe('Paginator', () => {
  it('fills a page and breaks to the next', () => {
    const units = Array.from({ length: 7 }, (_, i) => line(`l${i}`));
    expect(layout(units)).toEqual([['l0', 'l1', 'l2', 'l3', 'l4'], ['l5', 'l6']]);
  });

  it('moves lines after the last allowed break (widow/orphan and keep-with-next)', () => {
    // Five lines fit; e may not end the page (breakAfter false: a widow or keepNext), so e moves with f.
    const units = [line('a'), line('b'), line('c'), line('d'), line('e', 20, false), line('f')];
    expect(layout(units)).toEqual([['a', 'b', 'c', 'd'], ['e', 'f']]);
  });

  it('does not end a column at spacing that follows a keep-with-next line', () => {
    // Four lines fit; the heading (h) must stay with the next line, and the spacing between them does not fit.
    const units = [line('a'), line('b'), line('c'), line('h', 20, false), spaceUnit(30, false), line('next')];
    expect(layout(units)).toEqual([['a', 'b', 'c'], ['h', 'next']]);
  });

  it('breaks where it is when no break is allowed in the whole column', () => {
    const units = Array.from({ length: 7 }, (_, i) => line(`k${i}`, 20, false));
    expect(layout(units)).toEqual([['k0', 'k1', 'k2', 'k3', 'k4'], ['k5', 'k6']]);
  });

  it('gives up keep-with-next before it splits a kept-together paragraph', () => {
    // Paragraphs of two lines kept together (keepLines) and with the next: a|b, c|d, e|f. Five lines
    // fit; no break is allowed anywhere, so the column ends where only keepNext holds (after d).
    const para = (x: string, y: string) => [line(x, 20, false), line(y, 20, false, { keptWithNext: true })];
    const units = [...para('a', 'b'), ...para('c', 'd'), ...para('e', 'f'), line('g')];
    expect(layout(units)).toEqual([['a', 'b', 'c', 'd'], ['e', 'f', 'g']]);
  });

  it('drops spacing at the top of a page reached naturally and lets it hang at the bottom', () => {
    const p = new Paginator(host);
    for (let i = 0; i < 5; i++) p.push(line(`l${i}`));
    p.push(spaceUnit(12));
    p.push(line('next'));
    const pages = p.finish();
    expect(pages[1]!.placed.map((x) => x.unit.kind)).toEqual(['line']);
    expect(pages[1]!.placed[0]!.y).toBe(100);
  });

  it('lets a line\'s blank room under its text hang below the bottom margin, but not its text', () => {
    // 100 pt of body: four 20 pt lines, then 20 pt left. A 22 pt line with 3 pt of room under its text
    // fits (its text ends 1 pt above the margin); with only 1 pt of room it moves to the next page.
    const four = () => Array.from({ length: 4 }, (_, i) => line(`l${i}`));
    expect(layout([...four(), line('hangs', 22, true, { hangPt: 3 }), line('next')])).toEqual([['l0', 'l1', 'l2', 'l3', 'hangs'], ['next']]);
    expect(layout([...four(), line('moves', 22, true, { hangPt: 1 })])).toEqual([['l0', 'l1', 'l2', 'l3'], ['moves']]);
  });

  it('keeps spacing after a hard page break', () => {
    const p = new Paginator(host);
    p.push(line('a', 20, true, { forceBreak: 'page' }));
    p.push(spaceUnit(12));
    p.push(line('b'));
    const pages = p.finish();
    expect(pages).toHaveLength(2);
    expect(pages[1]!.placed.map((x) => x.unit.kind)).toEqual(['space', 'line']);
    expect(pages[1]!.placed[1]!.y).toBe(112);
  });

  it('places a unit taller than a page alone rather than looping', () => {
    expect(layout([line('a'), line('huge', 500), line('b')])).toEqual([['a'], ['huge'], ['b']]);
  });

  it('splits splittable units at the room left', () => {
    const rest = line('rest', 30);
    const big: Unit & { name: string } = { ...line('big', 90), split: (room) => [line(`part${room}`, room), rest] };
    expect(layout([line('a', 40), big])).toEqual([['a', 'part60'], ['rest']]);
  });

  it('reserves room for footnotes referenced by a line, and moves the line when they do not fit', () => {
    const p = new Paginator(host);
    for (let i = 0; i < 4; i++) p.push(line(`l${i}`));
    // 20 pt left; the line (20) plus separator (5) and note (10) need 35.
    p.push(line('ref', 20, true, { notes: [{ noteType: 'footnote', id: '1' }] }));
    const pages = p.finish();
    expect(pages[0]!.notes).toHaveLength(0);
    expect(pages[1]!.notes.map((n) => n.call.id)).toEqual(['1']);
  });

  it('continues a note that does not fit whole on the next page, keeping its first lines with the reference', () => {
    // A 50 pt note that may be cut every 10 pt; 40 pt left: the line (20), separator (5) and 10 pt of note.
    const p = new Paginator({ ...host, noteHeight: () => 50, noteCuts: () => [10, 20, 30, 40] });
    for (let i = 0; i < 3; i++) p.push(line(`l${i}`));
    p.push(line('ref', 20, true, { notes: [{ noteType: 'footnote', id: '1' }] }));
    p.push(line('next'));
    const pages = p.finish();
    expect(pages[0]!.placed.map((x) => (x.unit as Unit & { name: string }).name)).toEqual(['l0', 'l1', 'l2', 'ref']);
    expect(pages[0]!.notes.map((n) => [n.call.id, n.heightPt, n.fromPt ?? 0])).toEqual([['1', 10, 0]]);
    expect(pages[1]!.notes.map((n) => [n.call.id, n.heightPt, n.fromPt])).toEqual([['1', 40, 10]]);
    expect(pages[1]!.placed.map((x) => (x.unit as Unit & { name: string }).name)).toEqual(['next']);
  });

  it('drops a continuation when its referencing line moves on with the next one', () => {
    const p = new Paginator({ ...host, noteHeight: () => 50, noteCuts: () => [10, 20, 30, 40] });
    for (let i = 0; i < 3; i++) p.push(line(`l${i}`));
    // The reference line may not end the page (a widow rule): it moves with the next line and its whole note.
    p.push(line('ref', 20, false, { notes: [{ noteType: 'footnote', id: '1' }] }));
    p.push(line('next'));
    const pages = p.finish();
    expect(pages).toHaveLength(2);
    expect(pages[0]!.notes).toHaveLength(0);
    expect(pages[1]!.notes.map((n) => [n.call.id, n.heightPt, n.fromPt ?? 0])).toEqual([['1', 50, 0]]);
  });

  it('repeats table header rows at the top of each page', () => {
    const header = line('H');
    const rows: Unit[] = [header];
    for (let i = 0; i < 7; i++) rows.push(line(`r${i}`, 20, true, { repeatHeader: [header] }));
    expect(layout(rows)).toEqual([['H', 'r0', 'r1', 'r2', 'r3'], ['H', 'r4', 'r5', 'r6']]);
  });

  it('balances the columns of a section that ends in a continuous break', () => {
    const twoCols: PageFrame = { ...frame, bodyBottom: 700, columns: [{ x: 50, width: 240 }, { x: 310, width: 240 }] };
    const p = new Paginator({ ...host, openFrame: () => twoCols });
    for (let i = 0; i < 6; i++) p.push(line(`l${i}`));
    p.startSection(1, 'continuous');
    p.push(line('after'));
    const page = p.finish()[0]!;
    const cols = page.placed.filter((x) => (x.unit as Unit & { name: string }).name.startsWith('l')).map((x) => x.x);
    expect(cols.filter((x) => x === 50)).toHaveLength(3);
    expect(cols.filter((x) => x === 310)).toHaveLength(3);
    const after = page.placed.find((x) => (x.unit as Unit & { name: string }).name === 'after')!;
    expect(after.y).toBe(100 + 60);
    expect(page.regions.map((r) => [r.top, r.bottom])).toEqual([
      [100, 160],
      [160, 180],
    ]);
  });

  it('keeps a column break when it balances the columns before a continuous break', () => {
    // Two lines, a column break, eight lines: Word starts the eight in the second column, which sets
    // the region's height; before, balancing ignored the break and put three of them in the first.
    const twoCols: PageFrame = { ...frame, bodyBottom: 700, columns: [{ x: 50, width: 240 }, { x: 310, width: 240 }] };
    const p = new Paginator({ ...host, openFrame: () => twoCols });
    p.push(line('a0'));
    p.push(line('a1', 20, true, { forceBreak: 'column' }));
    for (let i = 0; i < 8; i++) p.push(line(`b${i}`));
    p.startSection(1, 'continuous');
    p.push(line('after'));
    const page = p.finish()[0]!;
    const at = (name: string) => page.placed.find((x) => (x.unit as Unit & { name: string }).name === name)!;
    expect(['a0', 'a1'].map((n) => at(n).x)).toEqual([50, 50]);
    for (let i = 0; i < 8; i++) expect(at(`b${i}`)).toMatchObject({ x: 310, y: 100 + 20 * i });
    expect(at('after').y).toBe(100 + 160);
  });

  it('opens pages for sections and skips a page for oddPage breaks', () => {
    const p = new Paginator(host);
    p.startSection(0, 'nextPage');
    p.push(line('a'));
    p.startSection(1, 'oddPage');
    p.push(line('b'));
    const pages = p.finish();
    expect(pages.map((pg) => pg.placed.length)).toEqual([1, 0, 1]);
    expect(pages[2]!.section).toBe(1);
  });

  it('decides odd and even section breaks by the printed page number, not the position', () => {
    // Pages 1-3, then a section restarting at 1 on the fourth page: page "1" is odd, no blank page.
    const restarting = { ...host, pageNumber: (i: number) => (i >= 3 ? i - 2 : i + 1) };
    const p = new Paginator(restarting);
    p.startSection(0, 'nextPage');
    for (const name of ['a', 'b']) {
      p.push(line(name));
      p.breakColumn();
    }
    p.push(line('c'));
    p.startSection(1, 'oddPage');
    p.push(line('d'));
    const pages = p.finish();
    expect(pages.map((pg) => pg.placed.filter((x) => x.unit.kind !== 'space').length)).toEqual([1, 1, 1, 1]);
    expect(pages[3]!.section).toBe(1);
  });
});
