import { describe, expect, it } from 'vitest';
import { createFontContext } from './font-context';
import { buildTrueTypeFont } from './font-builder';
import { asyncFontSource, shippedBytes, testFontSource } from './testing/shipped';

const req = (family: string, bold = false, italic = false) => ({ family, bold, italic });

function customFont(family: string, bold = false, italic = false): Uint8Array {
  return buildTrueTypeFont({ family, bold, italic, glyphs: [{ codePoint: 0x41, advance: 640, height: 700 }, { codePoint: 0x20, advance: 200 }] });
}

describe('resolve', () => {
  it('maps Calibri to Carlito with the requested style, silently but for an info note', async () => {
    const ctx = createFontContext(testFontSource());
    await ctx.prepare([req('Calibri', true, true)]);
    const f = ctx.resolve(req('Calibri', true, true));
    expect(f.id).toBe('Carlito-BoldItalic.ttf');
    expect([f.bold, f.italic, f.syntheticBold, f.syntheticItalic]).toEqual([true, true, false, false]);
    expect(f.origin).toBe('shipped');
    const d = ctx.diagnostics();
    expect(d.map((x) => x.code)).toEqual(['text/font-metric-substitute']);
    expect(d[0]!.severity).toBe('info');
  });

  it('falls back to DejaVu Sans for unknown families and warns once per family', async () => {
    const ctx = createFontContext(testFontSource());
    await ctx.prepare([req('Tahoma'), req('Tahoma', true)]);
    expect(ctx.resolve(req('Tahoma')).id).toBe('DejaVuSans.ttf');
    expect(ctx.resolve(req('tahoma', true)).id).toBe('DejaVuSans-Bold.ttf');
    ctx.resolve(req('Tahoma'));
    const w = ctx.diagnostics().filter((d) => d.code === 'text/font-substituted');
    expect(w).toHaveLength(1);
    expect(w[0]!.message).toContain("'Tahoma'");
  });

  it('prefers host extra faces over embedded fonts over shipped substitutes', async () => {
    const hostArial = customFont('Arial');
    const embeddedArial = customFont('Arial');
    const embedded = [{ family: 'Arial', bold: false, italic: false, data: embeddedArial }];
    const withHost = createFontContext(testFontSource([{ family: 'Arial', data: hostArial }]), embedded);
    expect(withHost.resolve(req('Arial')).origin).toBe('host');
    const withEmbedded = createFontContext(testFontSource(), embedded);
    const e = withEmbedded.resolve(req('Arial'));
    expect(e.origin).toBe('embedded');
    expect(e.id).toMatch(/^embedded:Arial:regular:[0-9a-f]+$/);
    const shippedOnly = createFontContext(testFontSource());
    expect(shippedOnly.resolve(req('Arial')).id).toBe('LiberationSans-Regular.ttf');
  });

  it('takes the nearest style of a family and flags synthetic bold / italic', () => {
    const ctx = createFontContext(testFontSource(), [
      { family: 'House', bold: false, italic: false, data: customFont('House') },
      { family: 'House', bold: false, italic: true, data: customFont('House', false, true) },
    ]);
    const bi = ctx.resolve(req('House', true, true));
    expect([bi.bold, bi.italic, bi.syntheticBold, bi.syntheticItalic]).toEqual([false, true, true, false]);
    const b = ctx.resolve(req('House', true, false));
    expect([b.italic, b.syntheticBold]).toEqual([false, true]);
    // DejaVu Math has only a regular face.
    const m = ctx.resolve(req('Cambria Math', false, true));
    expect([m.family, m.syntheticItalic]).toEqual(['DejaVu Math TeX Gyre', true]);
  });

  it('warns about a broken embedded font and uses the substitute', () => {
    const broken = new Uint8Array(400).fill(7);
    const ctx = createFontContext(testFontSource(), [{ family: 'Calibri', bold: false, italic: false, data: broken }]);
    const f = ctx.resolve(req('Calibri'));
    expect(f.id).toBe('Carlito-Regular.ttf');
    expect(ctx.diagnostics().map((d) => d.code)).toContain('text/bad-font');
  });

  it('loads fonts from an asynchronous host in prepare and resolves synchronously afterwards', async () => {
    const ctx = createFontContext(asyncFontSource());
    await ctx.prepare([req('Times New Roman', false, true)]);
    expect(ctx.resolve(req('Times New Roman', false, true)).id).toBe('LiberationSerif-Italic.ttf');
    // Not prepared: an async host cannot answer now, so the default face (prepared) is used, with a warning.
    expect(ctx.resolve(req('Courier New')).family).toBe('DejaVu Sans');
    expect(ctx.diagnostics().map((d) => d.code)).toContain('text/font-not-prepared');
  });

  it('still returns a face when the host has no fonts at all', () => {
    const ctx = createFontContext(undefined);
    const f = ctx.resolve(req('Calibri'));
    expect(f.origin).toBe('builtin');
    expect(f.glyphId(0x41)).toBeGreaterThan(0);
    expect(f.shape('Hi').glyphs.length).toBe(2);
    expect(ctx.diagnostics().map((d) => d.code)).toContain('text/no-fonts');
  });

  it('honours family overrides and symbol families', () => {
    const ctx = createFontContext(testFontSource(), [], { familyOverrides: { 'Calibri Light': 'DejaVu Sans' } });
    expect(ctx.resolve(req('Calibri Light')).family).toBe('DejaVu Sans');
    expect(ctx.resolve(req('Wingdings')).family).toBe('DejaVu Sans');
  });

  it('returns the same LoadedFont object for equal requests', () => {
    const ctx = createFontContext(testFontSource());
    expect(ctx.resolve(req('Arial'))).toBe(ctx.resolve(req('ARIAL')));
  });

  it('asks the host only for the files the requests need', async () => {
    const src = testFontSource();
    const ctx = createFontContext(src);
    await ctx.prepare([req('Calibri'), req('Calibri', true)]);
    expect([...src.asked].sort()).toEqual([
      'Carlito-Bold.ttf', 'Carlito-Regular.ttf', 'DejaVuMathTeXGyre.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSans.ttf', 'DejaVuSerif.ttf',
    ]);
  });
});

describe('standInFit', () => {
  it('condenses DejaVu Sans Mono to Consolas\'s advance (1126 / 1233) and gives Consolas\'s line height', async () => {
    const ctx = createFontContext(testFontSource());
    for (const [bold, italic] of [[false, false], [true, false], [false, true]] as const) {
      await ctx.prepare([req('Consolas', bold, italic)]);
      expect(ctx.resolve(req('Consolas', bold, italic)).family).toBe('DejaVu Sans Mono');
      const fit = ctx.standInFit(req('Consolas', bold, italic))!;
      expect(fit.widthScale).toBeCloseTo(1126 / 1233, 10);
      expect(fit.lineMetrics!(10)).toMatchObject({ ascentPt: (10 * 1884) / 2048, descentPt: (10 * 514) / 2048, lineHeightPt: (10 * 2398) / 2048 });
    }
  });

  it('scales DejaVu Serif by Georgia\'s measured ratio, but not the face that stands in when it is missing', async () => {
    const ctx = createFontContext(testFontSource());
    await ctx.prepare([req('Georgia', true)]);
    expect(ctx.standInFit(req('Georgia', true))!.widthScale).toBe(0.861);
    expect(ctx.standInFit(req('Georgia', true))!.lineMetrics!(16).lineHeightPt).toBeCloseTo((16 * 2327) / 2048, 10);
    // Without DejaVu Serif, Georgia falls back to DejaVu Sans, which the ratio was not measured for.
    const noSerif = createFontContext({ loadFile: (f: string) => (f.startsWith('DejaVuSerif') ? undefined : shippedBytes(f)) });
    await noSerif.prepare([req('Georgia')]);
    expect(noSerif.resolve(req('Georgia')).family).toBe('DejaVu Sans');
    expect(noSerif.standInFit(req('Georgia'))).toBeUndefined();
  });

  it('condenses DejaVu Sans to Segoe UI\'s average width ratio and gives Segoe UI\'s line height', async () => {
    const ctx = createFontContext(testFontSource());
    await ctx.prepare([req('Segoe UI')]);
    expect(ctx.resolve(req('Segoe UI')).family).toBe('DejaVu Sans');
    const fit = ctx.standInFit(req('Segoe UI'))!;
    expect(fit.widthScale).toBe(0.8675);
    expect(fit.lineMetrics!(10).lineHeightPt).toBeCloseTo((10 * 2724) / 2048, 10);
  });

  it('leaves real faces and ordinary substitutes alone', async () => {
    const ctx = createFontContext(testFontSource([{ family: 'Consolas', data: customFont('Consolas') }]));
    await ctx.prepare([req('Consolas'), req('Courier New'), req('DejaVu Sans Mono')]);
    expect(ctx.standInFit(req('Consolas'))).toBeUndefined();
    expect(ctx.standInFit(req('Courier New'))).toBeUndefined();
    expect(ctx.standInFit(req('DejaVu Sans Mono'))).toBeUndefined();
  });
});

describe('LoadedFont', () => {
  it('exposes metrics and Word line spacing', () => {
    const f = createFontContext(testFontSource()).resolve(req('Calibri'));
    expect(f.unitsPerEm).toBe(2048);
    expect(f.metrics.winAscent).toBe(1950);
    expect(f.metrics.capHeight).toBeGreaterThan(1200);
    expect(f.wordLineMetrics(11).lineHeightPt).toBeCloseTo(13.43, 2);
    expect(f.data).toBe(shippedBytes('Carlito-Regular.ttf'));
    expect(f.postscriptName).toBe('Carlito');
    expect(f.isSymbolFont).toBe(false);
  });
});

describe('segmentByFont', () => {
  const ctx = createFontContext(testFontSource());
  const carlito = ctx.resolve(req('Calibri'));

  it('keeps text the primary face has in one segment', () => {
    const s = ctx.segmentByFont('Hello, world.', carlito);
    expect(s).toEqual([{ start: 0, end: 13, font: carlito }]);
  });

  it('draws characters the primary lacks with the first fallback that has them', () => {
    const text = 'a\u2713b\u263Ac';
    const s = ctx.segmentByFont(text, carlito);
    expect(s.map((x) => [x.start, x.end, x.font.family])).toEqual([
      [0, 1, 'Carlito'], [1, 2, 'DejaVu Sans'], [2, 3, 'Carlito'], [3, 4, 'DejaVu Sans'], [4, 5, 'Carlito'],
    ]);
    const codes = ctx.diagnostics().filter((d) => d.code === 'text/font-fallback').map((d) => d.message);
    expect(codes.some((m) => m.startsWith('U+2713'))).toBe(true);
  });

  it('uses the bold fallback face for a bold request', () => {
    const bold = ctx.resolve(req('Calibri', true));
    const s = ctx.segmentByFont('\u2713', bold);
    expect(s[0]!.font.id).toBe('DejaVuSans-Bold.ttf');
  });

  it('emboldens and slants the one-style CJK face in bold and italic runs (Word draws SimSun so)', () => {
    const cjk = createFontContext(testFontSource(), [], { eastAsianFallback: true });
    const style = (bold: boolean, italic: boolean) => {
      const f = cjk.segmentByFont('\u4e2d', cjk.resolve(req('Calibri', bold, italic)))[0]!.font;
      return [f.family, f.syntheticBold, f.syntheticItalic];
    };
    expect(style(false, false)).toEqual(['Droid Sans Fallback', false, false]);
    expect(style(true, false)).toEqual(['Droid Sans Fallback', true, false]);
    expect(style(false, true)).toEqual(['Droid Sans Fallback', false, true]);
    expect(style(true, true)).toEqual(['Droid Sans Fallback', true, true]);
  });

  it('gives a synthetic style of a program an id of its own', () => {
    // The LayoutDoc's font table is keyed by id: a shared id drew plain and bold text alike.
    const plain = ctx.resolve(req('Cambria Math'));
    const italic = ctx.resolve(req('Cambria Math', false, true));
    expect(plain.data).toBe(italic.data);
    expect(italic.id).not.toBe(plain.id);
    expect(plain.id).toBe('DejaVuMathTeXGyre.ttf');
  });

  it('moves a base character with a combining mark its face lacks to a face that has both', () => {
    // Carlito has no U+0301: 'e' + acute go to DejaVu Sans together, 'x' stays in Carlito.
    const s = ctx.segmentByFont('ae\u0301x', carlito);
    expect(s.map((x) => [x.start, x.end, x.font.family])).toEqual([[0, 1, 'Carlito'], [1, 3, 'DejaVu Sans'], [3, 4, 'Carlito']]);
    // DejaVu Sans has the mark: it stays with its base.
    const dv = ctx.resolve(req('DejaVu Sans'));
    expect(ctx.segmentByFont('e\u0301', dv)).toHaveLength(1);
  });

  it('keeps controls and ignorables with their neighbours', () => {
    expect(ctx.segmentByFont('a\tb\u200dc', carlito)).toHaveLength(1);
    const leading = ctx.segmentByFont('\t\u2713', carlito);
    expect(leading).toHaveLength(1);
    expect(leading[0]!.font.family).toBe('DejaVu Sans');
  });

  it('reports characters no face has and draws them with the primary', () => {
    const s = ctx.segmentByFont('\u4e2d', carlito);
    expect(s[0]!.font).toBe(carlito);
    expect(ctx.diagnostics().some((d) => d.code === 'text/missing-glyph' && d.message.includes('U+4E2D'))).toBe(true);
  });

  it('returns one empty segment for empty text', () => {
    expect(ctx.segmentByFont('', carlito)).toEqual([{ start: 0, end: 0, font: carlito }]);
  });
});

describe('segmentByFont with the emoji face', () => {
  const withEmoji = createFontContext(testFontSource(), [], { emojiFallback: true });
  const carlito = withEmoji.resolve(req('Calibri'));
  const families = (text: string) => withEmoji.segmentByFont(text, carlito).map((x) => [text.slice(x.start, x.end), x.font.family]);

  it('draws emoji the primary lacks with the emoji face, even where an earlier fallback has them', () => {
    // DejaVu Sans has U+1F600 too; Word draws it with its emoji face, as the other emoji.
    expect(families('ok \u{1F600}\u{1F44D}\u{1F3FD}')).toEqual([['ok ', 'Carlito'], ['\u{1F600}\u{1F44D}\u{1F3FD}', 'Noto Emoji']]);
    expect(withEmoji.diagnostics().some((d) => d.message === "U+1F600 is not in 'Carlito'; 'Noto Emoji' draws it.")).toBe(true);
  });

  it('keeps text-style symbols in the text faces, unless VS16 asks for emoji style', () => {
    expect(families('\u2764 \u2714')).toEqual([['\u2764', 'DejaVu Sans'], [' ', 'Carlito'], ['\u2714', 'DejaVu Sans']]);
    expect(families('\u2764\ufe0f \u2714')).toEqual([['\u2764\ufe0f', 'Noto Emoji'], [' ', 'Carlito'], ['\u2714', 'DejaVu Sans']]);
    // VS15 asks for text style: an emoji-style character the text faces have stays with them.
    expect(families('\u2615\ufe0e \u2615')).toEqual([['\u2615\ufe0e', 'DejaVu Sans'], [' ', 'Carlito'], ['\u2615', 'Noto Emoji']]);
    // A keycap: the digit the primary has goes with its VS16 and U+20E3 to the emoji face.
    expect(families('a1\ufe0f\u20e3b')).toEqual([['a', 'Carlito'], ['1\ufe0f\u20e3', 'Noto Emoji'], ['b', 'Carlito']]);
  });

  it('keeps a ZWJ sequence and a flag in one emoji segment', () => {
    expect(families('\u{1F468}\u200d\u{1F469}\u200d\u{1F467} \u{1F1EB}\u{1F1F7}')).toEqual([
      ['\u{1F468}\u200d\u{1F469}\u200d\u{1F467}', 'Noto Emoji'], [' ', 'Carlito'], ['\u{1F1EB}\u{1F1F7}', 'Noto Emoji'],
    ]);
  });

  it('leaves chains without the emoji face as they were', () => {
    const plain = createFontContext(testFontSource());
    const primary = plain.resolve(req('Calibri'));
    expect(plain.segmentByFont('\u{1F600}', primary)[0]!.font.family).toBe('DejaVu Sans');
    expect(plain.segmentByFont('\u2764\ufe0f', primary)[0]!.font.family).toBe('DejaVu Sans');
  });
});
