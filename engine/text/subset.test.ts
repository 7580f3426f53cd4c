import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { cidWidthArray, subsetFont, subsetTagFor } from './subset';
import { toUnicodeCMap } from './to-unicode';
import { createFontContext } from './font-context';
import { FontProgram } from './font-program';
import { buildTrueTypeFont } from './font-builder';
import { buildCffFont } from './testing/cff-font';
import { subsetPdf } from './testing/pdf-fixture';
import { SHIPPED_FACES } from './shipped-fonts';
import { testFontSource } from './testing/shipped';
import type { LoadedFont } from './loaded-font';

const ctx = createFontContext(testFontSource());
const face = (fileName: string): LoadedFont => {
  const f = SHIPPED_FACES.find((x) => x.fileName === fileName)!;
  return ctx.shippedFace(f.family, f)!;
};

type FkFont = { getGlyph(id: number): { path: { toSVG(): string }; advanceWidth: number }; numGlyphs: number };
const fk = (b: Uint8Array) => (fontkit as unknown as { create(b: Uint8Array): FkFont }).create(b);

const sample = 'Subset fonts: ÅÉÎ, “quotes” & 123 → done.';

function glyphsOf(font: LoadedFont, text: string): number[] {
  return [...font.shape(text, { kern: false, liga: false }).glyphs];
}

describe('subsetFont (TrueType)', () => {
  for (const f of SHIPPED_FACES) {
    it(`${f.fileName}: subset parses back with the same outlines and advances`, () => {
      const font = face(f.fileName);
      const gids = glyphsOf(font, sample);
      const s = subsetFont(font, gids);
      expect(s.format).toBe('truetype');
      const p = new FontProgram(s.data);
      expect(p.metrics.numGlyphs).toBe(s.glyphCount);
      expect(s.glyphMap.get(0)).toBe(0);
      const original = fk(font.data);
      const sub = fk(s.data);
      for (const g of gids) {
        const n = s.glyphMap.get(g)!;
        expect(p.advanceWidth(n)).toBe(font.advanceWidth(g));
        expect(sub.getGlyph(n).path.toSVG()).toBe(original.getGlyph(g).path.toSVG());
        expect(s.widths[n]).toBeCloseTo((font.advanceWidth(g) * 1000) / font.unitsPerEm, 9);
      }
      expect(s.data.length).toBeLessThan(font.data.length / 3);
    });
  }

  it('is deterministic and independent of the order and repetition of glyph ids', () => {
    const font = face('DejaVuSans.ttf');
    const gids = glyphsOf(font, sample);
    const a = subsetFont(font, gids);
    const b = subsetFont(font, [...gids].reverse().concat(gids));
    expect(Buffer.compare(a.data, b.data)).toBe(0);
    expect(a.subsetTag).toBe(b.subsetTag);
    expect(a.subsetTag).toMatch(/^[A-Z]{6}$/);
    expect(a.baseFontName).toBe(`${a.subsetTag}+DejaVuSans`);
    const c = subsetFont(font, gids.slice(1));
    expect(c.subsetTag).not.toBe(a.subsetTag);
  });

  it('includes the components of composite glyphs and renumbers their references', () => {
    const bytes = buildTrueTypeFont({
      family: 'Composite',
      glyphs: [{ codePoint: 0x61, advance: 500, height: 500 }, { codePoint: 0x62, advance: 400, height: 300 }, { codePoint: 0x63, advance: 900, components: [1, 2] }],
    });
    const c = createFontContext(testFontSource([{ family: 'Composite', data: bytes }])).resolve({ family: 'Composite', bold: false, italic: false });
    const s = subsetFont(c, [3]);
    expect([...s.glyphMap.entries()]).toEqual([[0, 0], [1, 1], [2, 2], [3, 3]]);
    const s2 = subsetFont(c, [3, 7, -1, 1.5]);
    expect(s2.glyphCount).toBe(4);
    const only = subsetFont(c, [2]);
    expect([...only.glyphMap.keys()]).toEqual([0, 2]);
    expect(fk(s.data).getGlyph(3).path.toSVG()).toBe(fk(bytes).getGlyph(3).path.toSVG());
  });

  it('fills the PDF font descriptor in 1000-unit glyph space', () => {
    const d = subsetFont(face('LiberationSerif-Italic.ttf'), [36]).descriptor;
    expect(d.flags & 64).toBe(64); // italic
    expect(d.flags & 2).toBe(2); // serif
    expect(d.flags & 32).toBe(32); // nonsymbolic
    expect(d.italicAngle).toBeLessThan(0);
    expect(d.ascent).toBe(Math.round((1825 * 1000) / 2048));
    expect(d.descent).toBe(Math.round((-443 * 1000) / 2048));
    const mono = subsetFont(face('LiberationMono-Regular.ttf'), [36]).descriptor;
    expect(mono.flags & 1).toBe(1);
  });
});

describe('subsetFont (CFF)', () => {
  const cffBytes = buildCffFont('Test Cff', [
    { codePoint: 0x41, advance: 600, height: 700 }, { codePoint: 0x42, advance: 550, height: 650 }, { codePoint: 0x43, advance: 520, height: 600 },
  ]);
  const cff = createFontContext(testFontSource([{ family: 'Test Cff', data: cffBytes }])).resolve({ family: 'Test Cff', bold: false, italic: false });

  it('writes a CID-keyed CFF with the used charstrings', () => {
    expect(cff.isCff).toBe(true);
    const s = subsetFont(cff, [3, 1]);
    expect(s.format).toBe('cff');
    expect([...s.data.subarray(0, 4)]).toEqual([1, 0, 4, 4]);
    expect([...s.glyphMap.entries()]).toEqual([[0, 0], [1, 1], [3, 2]]);
    expect(s.widths).toEqual([500, 600, 520]);
    const again = subsetFont(cff, [1, 3]);
    expect(Buffer.compare(s.data, again.data)).toBe(0);
  });
});

describe('cidWidthArray', () => {
  it('groups equal widths into ranges and others into lists', () => {
    expect(cidWidthArray([500, 600, 600, 600, 600, 250, 333.3333])).toEqual([0, [500], 1, 4, 600, 5, [250, 333.333]]);
    expect(cidWidthArray([])).toEqual([]);
    expect(cidWidthArray([1, 2, 3])).toEqual([0, [1, 2, 3]]);
  });

  it('derives subset tags from the glyph set', () => {
    expect(subsetTagFor('X.ttf', [0, 1, 2])).toBe(subsetTagFor('X.ttf', [0, 1, 2]));
    expect(subsetTagFor('X.ttf', [0, 1, 2])).not.toBe(subsetTagFor('Y.ttf', [0, 1, 2]));
  });
});

const hasPoppler = spawnSync('pdffonts', ['-v']).status === 0 && spawnSync('pdftotext', ['-v']).status === 0;

async function checkWithPoppler(font: LoadedFont, text: string, expectType: string): Promise<void> {
  const shaped = font.shape(text, { kern: false, liga: false });
  const s = subsetFont(font, shaped.glyphs);
  const entries = new Map<number, string>();
  shaped.glyphs.forEach((g, i) => entries.set(s.glyphMap.get(g)!, text.slice(shaped.clusters[i]!, shaped.clusters[i + 1] ?? text.length)));
  const pdf = await subsetPdf(s, toUnicodeCMap(entries), [...shaped.glyphs].map((g) => s.glyphMap.get(g)!));
  const dir = mkdtempSync(join(tmpdir(), 'colophon-text-'));
  const file = join(dir, 'subset.pdf');
  writeFileSync(file, pdf);
  const fonts = spawnSync('pdffonts', [file], { encoding: 'utf8' });
  expect(fonts.stderr).toBe('');
  expect(fonts.stdout).toContain(s.baseFontName);
  expect(fonts.stdout).toContain(expectType);
  expect(fonts.stdout).toMatch(/Identity-H\s+yes\s+yes\s+yes/);
  expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).trim()).toBe(text);
  const render = spawnSync('pdftoppm', ['-r', '20', '-png', file, join(dir, 'page')], { encoding: 'utf8' });
  expect(render.stderr).toBe('');
}

describe.runIf(hasPoppler)('subsets in poppler (pdffonts, pdftotext, pdftoppm)', () => {
  it('reads TrueType subsets of every shipped family with their text', async () => {
    for (const f of SHIPPED_FACES.filter((x) => !x.bold && !x.italic)) {
      const text = f.generic === 'math' ? 'x+y=z∑' : f.family === 'Droid Sans Fallback' ? '中文字体测试かなカナ' : f.family === 'NanumGothic' ? '한국어 글꼴 시험' : f.family === 'Noto Emoji' ? '😀👍✅⛵' : 'Fidelity: Ünïcödé “text” → ok';
      await checkWithPoppler(face(f.fileName), text, 'CID TrueType');
    }
  });

  it('reads a CFF subset with its text', async () => {
    const bytes = buildCffFont('Test Cff', [{ codePoint: 0x41, advance: 600, height: 700 }, { codePoint: 0x42, advance: 550, height: 650 }]);
    const f = createFontContext(testFontSource([{ family: 'Test Cff', data: bytes }])).resolve({ family: 'Test Cff', bold: false, italic: false });
    await checkWithPoppler(f, 'ABBA', 'CID Type 0C');
  });
});
