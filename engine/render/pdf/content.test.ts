import { describe, expect, it } from 'vitest';
import type { GlyphRun, LayoutFont, LayoutItem, LayoutPage } from '../../model';
import { ByteSink } from './byte-sink';
import { mixedCode } from './cmaps';
import type { ContentFont } from './content';
import { PageDrafter, writeDraftContent } from './page-draft';

/** A font whose glyph g has CID g and width 500 + g (1/1000 em); codes in the mixed encoding. */
function font(resource: string, opts: { bold?: boolean; italic?: boolean } = {}): ContentFont {
  const size = 400;
  const codes = new Int32Array(size);
  const widths = new Float64Array(size);
  for (let g = 0; g < size; g++) {
    codes[g] = mixedCode(g);
    widths[g] = 500 + g;
  }
  return { resource, codes, widths, missingCode: 0, missingWidth: 500, syntheticBold: opts.bold ?? false, syntheticItalic: opts.italic ?? false };
}

const FONTS = [font('F0'), font('F1'), font('F2', { bold: true }), font('F3', { italic: true })];
const EMBEDDED = new Map(FONTS.map((content, i) => [i, { content }]));
const LAYOUT_FONTS = FONTS.map((f) => ({ syntheticBold: f.syntheticBold, syntheticItalic: f.syntheticItalic })) as unknown as LayoutFont[];

/** A page's content stream as renderPdf writes it: drafted, then filled in with the fonts (and the images given). */
function writePageContent(page: LayoutPage, sink: ByteSink, images: ReadonlyMap<number, unknown> = new Map([[0, {}]])): void {
  const draft = new PageDrafter({ fonts: LAYOUT_FONTS }).draft(page);
  writeDraftContent(draft, EMBEDDED, images, sink);
}

function run(x: number, y: number, glyphs: number[], opts: Partial<GlyphRun> = {}): GlyphRun {
  const f = opts.font ?? 0;
  const size = opts.sizePt ?? 10;
  const th = (opts.scalePct ?? 100) / 100;
  // Natural advances unless given: width × size × horizontal scale.
  const advances = opts.advances ?? glyphs.map((g) => ((FONTS[f]!.widths[g] ?? 500) / 1000) * size * th);
  return { kind: 'glyphs', x, y, font: f, sizePt: size, glyphs, advances, text: 'x'.repeat(glyphs.length), clusters: glyphs.map((_, i) => i), color: '000000', ...opts };
}

interface Drawn {
  readonly glyph: number;
  readonly x: number;
  readonly y: number;
  readonly font: string;
  readonly size: number;
  readonly tz: number;
  readonly tr: number;
  readonly skewed: boolean;
}

/** A content stream interpreter for what writePageContent emits: text state, positioning and TJ. */
function interpret(bytes: Uint8Array): Drawn[] {
  const out: Drawn[] = [];
  const stack: Array<{ font: string; size: number; tz: number; tr: number }> = [];
  let st = { font: '', size: 0, tz: 100, tr: 0 };
  let originX = 0;
  let originY = 0;
  let relX = 0;
  let relY = 0;
  let skewed = false;
  let inText = false;
  const operands: unknown[] = [];
  let i = 0;
  const show = (items: unknown[]) => {
    let pen = relX + originX;
    const y = relY + originY;
    const f = FONTS.find((x) => x.resource === st.font)!;
    for (const it of items) {
      if (typeof it === 'number') {
        pen -= (it / 1000) * st.size * (st.tz / 100);
        continue;
      }
      const b = it as number[];
      for (let k = 0; k < b.length; ) {
        const code = b[k]! < 0x80 ? b[k++]! : ((b[k++]! << 8) | b[k++]!) - 0x8000;
        out.push({ glyph: code, x: pen, y, font: st.font, size: st.size, tz: st.tz, tr: st.tr, skewed });
        pen += ((f.widths[code] ?? 500) / 1000) * st.size * (st.tz / 100);
      }
    }
  };
  while (i < bytes.length) {
    const c = bytes[i]!;
    if (c === 32 || c === 10 || c === 13) {
      i++;
    } else if (c === 0x28) {
      const s: number[] = [];
      i++;
      for (;;) {
        const b = bytes[i++]!;
        if (b === 0x29) break;
        if (b === 0x5c) {
          const e = bytes[i++]!;
          s.push(e === 0x6e ? 10 : e === 0x72 ? 13 : e);
        } else s.push(b);
      }
      operands.push(s);
    } else if (c === 0x5b || c === 0x5d) {
      operands.push(c === 0x5b ? '[' : ']');
      i++;
    } else {
      let j = i;
      while (j < bytes.length && ![32, 10, 13, 0x28, 0x5b, 0x5d].includes(bytes[j]!)) j++;
      const tok = String.fromCharCode(...bytes.subarray(i, j));
      i = j;
      if (/^-?[\d.]+$/.test(tok)) operands.push(Number(tok));
      else if (tok.startsWith('/')) operands.push(tok.slice(1));
      else {
        const a = operands.splice(0) as Array<string | number>;
        const num = (k: number) => Number(a[k]);
        if (tok === 'BT') (inText = true), (originX = originY = relX = relY = 0), (skewed = false);
        else if (tok === 'ET') inText = false;
        else if (tok === 'q') stack.push({ ...st });
        else if (tok === 'Q') st = stack.pop()!;
        else if (tok === 'Tf') (st.font = String(a[0])), (st.size = num(1));
        else if (tok === 'Tz') st.tz = num(0);
        else if (tok === 'Tr') st.tr = num(0);
        else if (tok === 'Td') (relX += num(0)), (relY += num(1));
        else if (tok === 'Tm') (originX = num(4)), (originY = num(5)), (relX = relY = 0), (skewed = num(2) !== 0);
        else if (tok === 'Tj' || tok === 'TJ') {
          expect(inText).toBe(true);
          show(tok === 'Tj' ? [a[0]] : a.filter((x) => x !== '[' && x !== ']'));
        }
      }
    }
  }
  return out;
}

function draw(items: LayoutItem[], height = 800): Drawn[] {
  const page: LayoutPage = { widthPt: 600, heightPt: height, items, section: 0, label: '1' };
  const sink = new ByteSink(16);
  writePageContent(page, sink);
  return interpret(sink.view());
}

/** Where the layout puts each glyph of the runs (PDF coordinates). */
function expected(runs: GlyphRun[], height = 800): Array<{ glyph: number; x: number; y: number }> {
  const out: Array<{ glyph: number; x: number; y: number }> = [];
  for (const r of runs) {
    let x = r.x;
    r.glyphs.forEach((g, k) => {
      out.push({ glyph: g, x, y: height - r.y });
      x += r.advances[k]!;
    });
  }
  return out;
}

function expectPlaced(drawn: Drawn[], runs: GlyphRun[]): void {
  const want = expected(runs);
  expect(drawn.map((d) => d.glyph)).toEqual(want.map((w) => w.glyph));
  drawn.forEach((d, k) => {
    expect(d.x).toBeCloseTo(want[k]!.x, 2);
    expect(d.y).toBeCloseTo(want[k]!.y, 2);
  });
}

describe('writePageContent', () => {
  it('places every glyph at its layout position across runs, lines and adjustments', () => {
    const runs = [
      run(72, 100, [1, 2, 3]),
      run(90.123, 100, [200, 4], { font: 1, sizePt: 12 }),
      run(72, 114.4567, [5, 6, 7], { advances: [6, 7.25, 5] }),
      run(300.5, 600.25, [8, 9]),
    ];
    const drawn = draw(runs);
    expectPlaced(drawn, runs);
    expect(drawn.map((d) => d.font)).toEqual(['F0', 'F0', 'F0', 'F1', 'F1', 'F0', 'F0', 'F0', 'F0', 'F0']);
  });

  it('writes codes that need escaping and two-byte codes so they read back as the same glyphs', () => {
    // 0x28 '(' 0x29 ')' 0x5c '\' 0x0a 0x0d; CIDs above 127 become 0x80xx codes, 0x128 contains 0x28.
    const runs = [run(10, 10, [0x28, 0x29, 0x5c, 0x0a, 0x0d, 0x7f, 0x80, 0x128, 0x15c])];
    expectPlaced(draw(runs), runs);
  });

  it('resets horizontal scaling after a scaled run (a scaled run used to leave Tz set)', () => {
    const runs = [run(10, 10, [1, 2], { scalePct: 80 }), run(10, 30, [3, 4]), run(10, 50, [5], { scalePct: 150 })];
    const drawn = draw(runs);
    expectPlaced(drawn, runs);
    expect(drawn.map((d) => d.tz)).toEqual([80, 80, 100, 100, 150]);
  });

  it('restores the text state after a group, and draws synthetic bold and italic', () => {
    const inner = run(20, 40, [3], { font: 1, sizePt: 20 });
    const bold = run(40, 60, [4, 5], { font: 2 });
    const italic = run(60, 80, [6], { font: 3 });
    const after = run(80, 100, [7]);
    const runs = [run(10, 20, [1]), inner, bold, italic, after];
    const drawn = draw([runs[0]!, { kind: 'group', items: [inner], clip: { x: 0, y: 0, w: 100, h: 100 } }, bold, italic, after]);
    expectPlaced(drawn, runs);
    expect(drawn.map((d) => [d.font, d.size, d.tr, d.skewed])).toEqual([
      ['F0', 10, 0, false], ['F1', 20, 0, false], ['F2', 10, 2, false], ['F2', 10, 2, false], ['F3', 10, 0, true], ['F0', 10, 0, false],
    ]);
  });

  it('draws translucent glyphs in their own graphics state and outlined glyphs filled and stroked (WordArt)', () => {
    const faint = run(10, 20, [1, 2], { color: 'ff0000', fillOpacity: 0.5 });
    const outlined = run(10, 60, [3], { outline: { color: '0000ff', widthPt: 1.5 } });
    const after = run(10, 90, [4]);
    const drawn = draw([faint, outlined, after]);
    expectPlaced(drawn, [faint, outlined, after]);
    expect(drawn.map((d) => d.tr)).toEqual([0, 0, 2, 0]);
    const sink = new ByteSink();
    writePageContent({ widthPt: 100, heightPt: 100, items: [faint, outlined], section: 0, label: '1' }, sink);
    const text = String.fromCharCode(...sink.view());
    // The alpha state is scoped by q/Q outside the text object; the outline sets its stroke first.
    expect(text).toMatch(/^q\n\/GS\d+ gs\n1 0 0 rg\nBT\n[^]*ET\nQ\n/);
    expect(text).toContain('0 0 1 RG\n1.5 w\n');
  });

  it('writes invisible text in render mode 3 and the next run visible again (warped WordArt keeps its text findable)', () => {
    const hidden = run(10, 20, [1, 2], { invisible: true });
    const outlined = run(10, 60, [3], { outline: { color: '0000ff', widthPt: 1.5 }, invisible: true });
    const after = run(10, 90, [4]);
    const drawn = draw([hidden, outlined, after]);
    expectPlaced(drawn, [hidden, outlined, after]);
    expect(drawn.map((d) => d.tr)).toEqual([3, 3, 3, 0]);
    const sink = new ByteSink();
    writePageContent({ widthPt: 100, heightPt: 100, items: [outlined], section: 0, label: '1' }, sink);
    // Nothing is stroked, so an invisible run's outline sets no stroke state.
    expect(String.fromCharCode(...sink.view())).not.toContain(' RG\n');
  });

  it('strokes hollow glyphs without filling them (render mode 1) with the outline\'s width and dash, then fills the next run again', () => {
    const hollow = run(10, 20, [1, 2], { unfilled: true, outline: { color: '00ff00', widthPt: 0.5, dash: [2, 1.5] } });
    const after = run(10, 60, [3], { outline: { color: '0000ff', widthPt: 1 } });
    const drawn = draw([hollow, after]);
    expectPlaced(drawn, [hollow, after]);
    expect(drawn.map((d) => d.tr)).toEqual([1, 1, 2]);
    const sink = new ByteSink();
    writePageContent({ widthPt: 100, heightPt: 100, items: [hollow, after], section: 0, label: '1' }, sink);
    const text = String.fromCharCode(...sink.view());
    expect(text).toContain('0 1 0 RG\n0.5 w\n[2 1.5] 0 d\n1 Tr\n');
    expect(text).toContain('0 0 1 RG\n1 w\n[] 0 d\n2 Tr\n');
  });

  it('clips a group with cut-outs: each one a frame and its rectangle, filled even-odd', () => {
    const sink = new ByteSink();
    const box = { kind: 'rect' as const, x: 0, y: 0, w: 100, h: 100, fill: '00ff00' };
    writePageContent({ widthPt: 100, heightPt: 100, items: [{ kind: 'group', clip: { x: 0, y: 0, w: 50, h: 100 }, clipOut: [{ x: 10, y: 20, w: 30, h: 40 }], items: [box] }], section: 0, label: '1' }, sink);
    const text = String.fromCharCode(...sink.view());
    expect(text).toContain('q\n0 0 50 100 re W n\n-100000 -100000 200000 200000 re 10 40 30 40 re W* n\n');
  });

  it('closes the text object before graphics and keeps glyph positions exact after them', () => {
    const a = run(10, 10, [1]);
    const b = run(10, 30, [2]);
    const drawn = draw([a, { kind: 'line', x1: 0, y1: 0, x2: 5, y2: 5, width: 1, color: 'ff0000' }, b]);
    expectPlaced(drawn, [a, b]);
    const sink = new ByteSink();
    writePageContent({ widthPt: 100, heightPt: 100, items: [a, { kind: 'rect', x: 1, y: 2, w: 3, h: 4, fill: '00ff00' }], section: 0, label: '1' }, sink);
    const text = String.fromCharCode(...sink.view());
    expect(text).toMatch(/ET\n0 1 0 rg\n1 94 3 4 re f\n$/);
  });

  it('fills a translucent path in its own graphics state and restores the colour after it', () => {
    const square = [{ op: 'M', x: 0, y: 0 }, { op: 'L', x: 10, y: 0 }, { op: 'L', x: 10, y: 10 }, { op: 'Z' }] as const;
    const sink = new ByteSink();
    const items: LayoutItem[] = [
      { kind: 'path', commands: square, fill: 'ff0000' },
      { kind: 'path', commands: square, fill: '0000ff', fillOpacity: 0.35 },
      { kind: 'path', commands: square, fill: 'ff0000' },
    ];
    writePageContent({ widthPt: 100, heightPt: 100, items, section: 0, label: '1' }, sink);
    const text = String.fromCharCode(...sink.view());
    // The opaque red after the translucent blue must set red again: Q brought back the state before q.
    expect(text).toBe('1 0 0 rg\n0 100 m 10 100 l 10 90 l h f\nq\n/GS0 gs\n0 0 1 rg\n0 100 m 10 100 l 10 90 l h f\nQ\n0 100 m 10 100 l 10 90 l h f\n');
  });

  it('drops the drawing of an image that could not be embedded, and only it', () => {
    const picture = (image: number): LayoutItem => ({ kind: 'image', x: 10, y: 10, w: 20, h: 20, image });
    const page: LayoutPage = { widthPt: 100, heightPt: 100, items: [picture(0), { kind: 'rect', x: 1, y: 2, w: 3, h: 4, fill: '00ff00' }, picture(1)], section: 0, label: '1' };
    const sink = new ByteSink();
    writePageContent(page, sink, new Map([[1, {}]]));
    const text = String.fromCharCode(...sink.view());
    expect(text).not.toContain('/Im0');
    expect(text).toBe('0 1 0 rg\n1 94 3 4 re f\nq\n20 0 0 20 10 70 cm\n/Im1 Do\nQ\n');
  });

  it('writes a run\'s codes and adjustments only when the fonts are known: one draft, two subsets', () => {
    const draft = new PageDrafter({ fonts: LAYOUT_FONTS }).draft({ widthPt: 100, heightPt: 100, items: [run(10, 10, [1, 300], { advances: [6, 9] })], section: 0, label: '1' });
    expect(draft.glyphs).toEqual(new Int32Array([1, 300]));
    const twoByte: ContentFont = { ...FONTS[0]!, codes: FONTS[0]!.codes.map((_, g) => 0x10000 | g), widths: FONTS[0]!.widths.map(() => 600) };
    const shown = (font: ContentFont) => {
      const sink = new ByteSink();
      writeDraftContent(draft, new Map([[0, { content: font }]]), new Map(), sink);
      return String.fromCharCode(...sink.view()).match(/ ?\[?\(.*T[Jj]/s)?.[0];
    };
    // Mixed codes: glyph 1 is one byte, 300 two; adjustment 501 − 600 = −99. Identity codes: two bytes each, 600 − 600 = 0.
    expect(shown(FONTS[0]!)).toBe(`[(${String.fromCharCode(mixedCode(1))})-99(${String.fromCharCode(mixedCode(300) >> 8, mixedCode(300) & 0xff)})]TJ`);
    expect(shown(twoByte)).toBe(' (\x00\x01\x01\x2c)Tj');
  });
});

describe('shaded paths', () => {
  const square = [{ op: 'M', x: 10, y: 10 }, { op: 'L', x: 30, y: 10 }, { op: 'L', x: 30, y: 20 }, { op: 'Z' }] as const;
  const stops = [{ pos: 0, color: 'FF0000' }, { pos: 1, color: '0000FF' }];
  const text = (item: LayoutItem) => {
    const sink = new ByteSink();
    const draft = new PageDrafter({ fonts: LAYOUT_FONTS }).draft({ widthPt: 100, heightPt: 100, items: [item], section: 0, label: '1' });
    writeDraftContent(draft, EMBEDDED, new Map(), sink);
    return { content: new TextDecoder('latin1').decode(sink.view()), shadings: [...draft.shadings.values()] };
  };

  it('clips to the path, paints the shading named in the page resources with y flipped, then strokes on its own', () => {
    const { content, shadings } = text({ kind: 'path', commands: square, fill: '0000FF', shading: { kind: 'axial', coords: [10, 15, 30, 15], stops }, stroke: '000000', lineWidth: 1 });
    expect(content).toBe('q\n10 90 m 30 90 l 30 80 l h W n\n/Sh0 sh\nQ\n0 0 0 RG\n1 w\n10 90 m 30 90 l 30 80 l h S\n');
    expect(shadings).toEqual([{ name: 'Sh0', shading: { kind: 'axial', coords: [10, 85, 30, 85], stops } }]);
  });

  it('fills flat when the shading has coordinates beyond numbers', () => {
    const { content, shadings } = text({ kind: 'path', commands: square, fill: '0000FF', shading: { kind: 'axial', coords: [NaN, 15, 30, 15], stops } });
    expect(content).toBe('0 0 1 rg\n10 90 m 30 90 l 30 80 l h f\n');
    expect(shadings).toEqual([]);
  });
});
