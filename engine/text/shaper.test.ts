import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SHIPPED_FACES } from './shipped-fonts';
import { FontProgram } from './font-program';
import { Shaper, shaperFor, type ShapedText } from './shaper';
import { buildTrueTypeFont } from './font-builder';
import { shippedBytes } from './testing/shipped';

function program(file: string): FontProgram {
  return new FontProgram(shippedBytes(file)!);
}

function plain(r: ShapedText): unknown {
  return {
    glyphs: [...r.glyphs], advances: [...r.advances], clusters: [...r.clusters],
    xOffsets: r.xOffsets ? [...r.xOffsets] : undefined, yOffsets: r.yOffsets ? [...r.yOffsets] : undefined,
    totalAdvance: r.totalAdvance, simplified: r.simplified,
  };
}

// Characters the fast path accepts, weighted towards letters that start ligatures and context rules.
const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZfffiijjlt0123456789 .,;:!?\'"()-–—…“”‘’«»@#%&/*+=<>[]{}|~$€£¥©®™°±×÷§¶•·ÀÉÎÕÜßçñøåæœŁłŒĳǅẞαβγδεζηθλμπσςωΆΈΑΒΓΔΩабвгдежзийклмнопрстуфхцчшщъыьэюяЁЖЩЯ→←↑↓■□▪●○◆✓✗★中文字國あいうゝアイウヽ、。「」ｶﾅＡ１々〇';
const wordArb = fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 14 }).map((a) => a.join(''));

describe('fast path equals fontkit layout', () => {
  for (const face of SHIPPED_FACES) {
    it(`${face.fileName}: same glyphs, advances and clusters for random words`, () => {
      const p = program(face.fileName);
      const fast = new Shaper(p);
      const slow = new Shaper(p);
      slow.fastPathEnabled = false;
      fc.assert(
        fc.property(wordArb, fc.boolean(), fc.boolean(), (w, kern, liga) => {
          expect(plain(fast.shape(w, { kern, liga }))).toEqual(plain(slow.shape(w, { kern, liga })));
        }),
        { numRuns: 150, seed: 20240601 },
      );
    });
  }

  it('takes the fast path for most ordinary words', () => {
    const s = new Shaper(program('Carlito-Regular.ttf')) as unknown as { tryFast(t: string, k: boolean, l: boolean): ShapedText | undefined };
    const words = 'The quick brown fox jumps over the lazy dog, 12.5% faster than before.'.split(' ');
    expect(words.filter((w) => s.tryFast(w, true, false)).length).toBe(words.length);
    // Ligatures are formed on the fast path too.
    expect(s.tryFast('office', true, true)?.glyphs.length).toBe(4);
    expect(s.tryFast('office', true, false)?.glyphs.length).toBe(6);
    // Hebrew needs full shaping.
    expect(s.tryFast('\u05e9\u05dc\u05d5\u05dd', true, true)).toBeUndefined();
  });
});

describe('context rules on the fast path (pairs, not letters)', () => {
  // DejaVu Sans Mono's ccmp (lookup 1, class-based chained context) swaps i and j for dotless forms
  // before a combining-mark-class character, U+0374 among them (in the fast path's Greek set): the
  // pair is blocked, not the letters, so "version" takes the fast path and "i\u0374" does not.
  const pieces = ['i', 'j', 'ij', '\u0374', '\u0374i', 'ver', 'sion', 'x', ' ', '.', 'fi', 'α', 'Ά', 'I', 'J', 'ï'];
  const wordArb = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 8 }).map((a) => a.join(''));
  const words = ['version', 'jinx', 'i\u0374', 'j\u0374', 'ti\u0374s', '\u0374i', 'ii\u0374', 'i \u0374', 'ij'];
  for (const face of SHIPPED_FACES.filter((f) => /^DejaVuSans|^Carlito|^Liberation/.test(f.fileName))) {
    it(`${face.fileName}: equal to fontkit for i and j before and not before U+0374`, () => {
      const p = program(face.fileName);
      const fast = new Shaper(p);
      const slow = new Shaper(p);
      slow.fastPathEnabled = false;
      for (const w of words) for (const liga of [true, false]) expect(plain(fast.shape(w, { kern: true, liga })), w).toEqual(plain(slow.shape(w, { kern: true, liga })));
      fc.assert(
        fc.property(wordArb, fc.boolean(), fc.boolean(), (w, kern, liga) => {
          expect(plain(fast.shape(w, { kern, liga }))).toEqual(plain(slow.shape(w, { kern, liga })));
        }),
        { numRuns: 200, seed: 20261127 },
      );
    });
  }

  it('DejaVuSansMono: words with i or j take the fast path unless U+0374 follows the letter', () => {
    const s = new Shaper(program('DejaVuSansMono.ttf')) as unknown as { tryFast(t: string, k: boolean, l: boolean): ShapedText | undefined };
    for (const w of ['version', 'jinx', 'ij', '\u0374i', 'i \u0374']) expect(s.tryFast(w, true, true), w).toBeDefined();
    for (const w of ['i\u0374', 'j\u0374', 'ti\u0374s']) expect(s.tryFast(w, true, true), w).toBeUndefined();
  });
});

describe('ligatures on the fast path', () => {
  const words = ['office', 'affluent', 'fifth', 'ttt', 'attic', 'fjord', 'Æfter', 'fi', 'ff', 'f', 'fft', 'tft', 'ffi.', 'question', 'nation,'];
  for (const file of ['Carlito-Regular.ttf', 'Carlito-BoldItalic.ttf', 'DejaVuSans.ttf', 'DejaVuSerif-Italic.ttf', 'LiberationSerif-Regular.ttf']) {
    it(`${file}: equal to fontkit for ligature-heavy words`, () => {
      const p = program(file);
      const fast = new Shaper(p);
      const slow = new Shaper(p);
      slow.fastPathEnabled = false;
      for (const w of words) for (const kern of [true, false]) expect(plain(fast.shape(w, { kern, liga: true })), w).toEqual(plain(slow.shape(w, { kern, liga: true })));
    });
  }
});

describe('shape', () => {
  it('returns identical results on cache hits and misses (property)', () => {
    const p = program('DejaVuSans.ttf');
    const cached = new Shaper(p);
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.boolean(), fc.boolean(), (t, kern, rtl) => {
        const first = plain(cached.shape(t, { kern, rtl }));
        const again = plain(cached.shape(t, { kern, rtl }));
        const fresh = plain(new Shaper(p).shape(t, { kern, rtl }));
        expect(again).toEqual(first);
        expect(fresh).toEqual(first);
      }),
      { numRuns: 200, seed: 7 },
    );
  });

  it('applies pair kerning only when asked', () => {
    const s = shaperFor(program('LiberationSans-Regular.ttf'));
    const on = s.shape('AV', { kern: true });
    const off = s.shape('AV', { kern: false });
    expect(on.totalAdvance).toBeLessThan(off.totalAdvance);
    expect([...off.advances]).toEqual([1366, 1366]);
  });

  it('forms ligatures with clusters pointing at their first character', () => {
    const s = shaperFor(program('Carlito-Regular.ttf'));
    const lig = s.shape('office', { liga: true });
    const none = s.shape('office', { liga: false });
    expect(none.glyphs.length).toBe(6);
    expect(lig.glyphs.length).toBe(4); // o, ffi, c, e
    expect([...lig.clusters]).toEqual([0, 1, 4, 5]);
  });

  it('reports clusters in UTF-16 units for astral characters', () => {
    const s = shaperFor(program('DejaVuSans.ttf'));
    const r = s.shape('a\u{1D400}b');
    expect([...r.clusters]).toEqual([0, 1, 3]);
  });

  it('returns right-to-left text in visual order with decreasing clusters', () => {
    const s = shaperFor(program('DejaVuSans.ttf'));
    const r = s.shape('\u05e9\u05dc\u05d5\u05dd', { rtl: true });
    expect(r.glyphs.length).toBe(4);
    expect([...r.clusters]).toEqual([3, 2, 1, 0]);
  });

  it('shapes Arabic with joining forms (contextual glyphs differ from isolated ones)', () => {
    const p = program('DejaVuSans.ttf');
    const s = shaperFor(p);
    const word = s.shape('\u0628\u0628\u0628', { rtl: true });
    const isolated = p.glyphId(0x628);
    expect([...word.glyphs].every((g) => g !== isolated)).toBe(true);
  });

  it('draws default-ignorable characters as zero-width spaces', () => {
    const p = program('Carlito-Regular.ttf');
    const r = shaperFor(p).shape('a\u200db\u00adc');
    expect(r.glyphs.length).toBe(5);
    expect(r.advances[1]).toBe(0);
    expect(r.advances[3]).toBe(0);
  });

  it('maps 8-bit codes through a symbol (3,0) cmap', () => {
    const bytes = buildTrueTypeFont({ family: 'Sym', symbol: true, glyphs: [{ codePoint: 0x6c, advance: 800, height: 600 }] });
    const p = new FontProgram(bytes);
    expect(p.cmap.isSymbol).toBe(true);
    const a = shaperFor(p).shape('l');
    const b = shaperFor(p).shape('\uf06c');
    expect([...a.glyphs]).toEqual([1]);
    expect([...b.glyphs]).toEqual([1]);
    expect(a.totalAdvance).toBe(800);
  });

  it('uses the legacy kern table when the font has no GPOS', () => {
    const bytes = buildTrueTypeFont({
      family: 'Kerned',
      glyphs: [{ codePoint: 0x41, advance: 600, height: 700 }, { codePoint: 0x56, advance: 600, height: 700 }],
      kernPairs: [[1, 2, -80]],
    });
    const p = new FontProgram(bytes);
    const fast = new Shaper(p);
    const slow = new Shaper(p);
    slow.fastPathEnabled = false;
    expect([...fast.shape('AV').advances]).toEqual([520, 600]);
    expect(plain(slow.shape('AV'))).toEqual(plain(fast.shape('AV')));
    expect([...fast.shape('AV', { kern: false }).advances]).toEqual([600, 600]);
  });

  it('kerns right-to-left text with the legacy kern table in visual order, as fontkit does', () => {
    // fontkit's OpenType engine reverses the glyphs before LayoutEngine kerns them with the kern
    // table: the pair (bet, alef) kerns "אב", drawn bet first; (alef, bet) would not.
    const bytes = buildTrueTypeFont({
      family: 'KernedHebrew', emptyGsub: true,
      glyphs: [{ codePoint: 0x5d0, advance: 600, height: 700 }, { codePoint: 0x5d1, advance: 500, height: 700 }],
      kernPairs: [[2, 1, -80]],
    });
    const p = new FontProgram(bytes);
    const fast = new Shaper(p);
    const slow = new Shaper(p);
    slow.fastPathEnabled = false;
    const r = (fast as unknown as { tryFastRtl(t: string, k: boolean, l: boolean): ShapedText | undefined }).tryFastRtl('אב', true, true)!;
    expect([...r.glyphs]).toEqual([2, 1]);
    expect([...r.advances]).toEqual([420, 600]);
    for (const w of ['אב', 'בא', 'אבא', '(אב)']) {
      for (const kern of [true, false]) expect(plain(fast.shape(w, { rtl: true, kern })), w).toEqual(plain(slow.shape(w, { rtl: true, kern })));
    }
    // Without GSUB and GPOS fontkit runs no OpenType engine and reverses nothing: full path.
    const bare = new Shaper(new FontProgram(buildTrueTypeFont({ family: 'BareHebrew', glyphs: [{ codePoint: 0x5d0, advance: 600, height: 700 }] })));
    expect((bare as unknown as { tryFastRtl(t: string, k: boolean, l: boolean): ShapedText | undefined }).tryFastRtl('א', true, true)).toBeUndefined();
  });
});

describe('right-to-left fast path equals fontkit layout', () => {
  // Hebrew letters, final forms, Yiddish ligatures, maqaf, geresh and gershayim; points and
  // cantillation (which must stay on the full path); mirrored brackets and other Common characters.
  const pieces = [
    ...'אבגדהוזחטיכךלמםנןסעפףצץקרשת', '\u05f0', '\u05f2', '\u05be', '\u05f3', '\u05f4', '\u05c0', '\u05c3',
    '\u05b7', '\u05bc', '\u05b0', '\u0591', '\u05c1', '\u05c7', ...'()[]{}<>«»‹›≤≥', ...'0123456789', ...' .,:;!?-"\'%/',
  ];
  const wordArb = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 12 }).map((a) => a.join(''));
  for (const face of SHIPPED_FACES) {
    it(`${face.fileName}: same glyphs, advances and clusters for random Hebrew words`, () => {
      const p = program(face.fileName);
      const fast = new Shaper(p);
      const slow = new Shaper(p);
      slow.fastPathEnabled = false;
      for (const w of ['שלום', '(שלום)', '[12]', 'א<ב', 'ש\u05b8\u05c1לוֹם', '«עברית»', 'צה"ל']) {
        for (const kern of [true, false]) expect(plain(fast.shape(w, { rtl: true, kern })), w).toEqual(plain(slow.shape(w, { rtl: true, kern })));
      }
      fc.assert(
        fc.property(wordArb, fc.boolean(), fc.boolean(), (w, kern, liga) => {
          expect(plain(fast.shape(w, { rtl: true, kern, liga }))).toEqual(plain(slow.shape(w, { rtl: true, kern, liga })));
        }),
        { numRuns: 150, seed: 20261127 },
      );
    });
  }

  it('takes the fast path for Hebrew words without points, and not with them', () => {
    const s = new Shaper(program('DejaVuSans.ttf')) as unknown as { tryFastRtl(t: string, k: boolean, l: boolean): ShapedText | undefined };
    for (const w of ['שלום', '(שלום)', 'צה"ל', '1948', 'בית־ספר']) expect(s.tryFastRtl(w, true, true), w).toBeDefined();
    // Points and cantillation, Arabic (which joins) and Latin letters go to fontkit.
    for (const w of ['שָׁלוֹם', 'בְּ', '\u0591א', 'سلام', 'abc']) expect(s.tryFastRtl(w, true, true), w).toBeUndefined();
    // Visual order with mirrored brackets: the closing bracket, last in logical order, is drawn
    // first, as an opening one.
    const p = program('DejaVuSans.ttf');
    const r = s.tryFastRtl('(א)', true, true)!;
    expect([...r.clusters]).toEqual([2, 1, 0]);
    expect([...r.glyphs]).toEqual([p.glyphId(0x28), p.glyphId(0x5d0), p.glyphId(0x29)]);
  });
});
