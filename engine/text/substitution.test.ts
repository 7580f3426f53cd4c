import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { hasOriginalVerticalMetrics } from './original-metrics';
import { alternateNames, compactFamilyName, substituteFamily, symbolSetOf } from './substitution';
import type { GenericClass } from './shipped-fonts';

describe('substituteFamily', () => {
  it.each([
    ['Calibri', 'Carlito', 'metric'],
    ['Calibri Light', 'Carlito', 'metric'],
    ['CAMBRIA', 'Caladea', 'metric'],
    ['Arial', 'Liberation Sans', 'metric'],
    ['Helvetica', 'Liberation Sans', 'metric'],
    ['Arial MT', 'Liberation Sans', 'metric'],
    ['Times New Roman', 'Liberation Serif', 'metric'],
    ['Times', 'Liberation Serif', 'metric'],
    ['Courier New', 'Liberation Mono', 'metric'],
    ['Courier', 'Liberation Mono', 'metric'],
    ['Arial Narrow', 'Liberation Sans Narrow', 'metric'],
    ['Aptos', 'Liberation Sans', 'metric'],
    ['Aptos Display', 'Liberation Sans', 'metric'],
    ['Aptos Narrow', 'Liberation Sans Narrow', 'metric'],
    ['Cambria Math', 'DejaVu Math TeX Gyre', 'metric'],
    ['Liberation Serif', 'Liberation Serif', 'shipped'],
    ['dejavu sans mono', 'DejaVu Sans Mono', 'shipped'],
    ['Georgia', 'DejaVu Serif', 'generic'],
    ['Garamond', 'Liberation Serif', 'generic'],
    ['Corbel', 'Carlito', 'generic'],
    ['Consolas', 'DejaVu Sans Mono', 'generic'],
    ['Tahoma', 'DejaVu Sans', 'default'],
    ['Segoe UI', 'DejaVu Sans', 'default'],
    ['Arial Black', 'DejaVu Sans', 'default'],
    ['Bookman Old Style', 'DejaVu Sans', 'default'],
  ])('%s → %s (%s)', (family, expected, reason) => {
    const s = substituteFamily(family);
    expect(s.family).toBe(expected);
    expect(s.reason).toBe(reason);
  });

  it('strips style words and PostScript suffixes, noting the style they imply', () => {
    expect(substituteFamily('Times New Roman Bold')).toMatchObject({ family: 'Liberation Serif', impliedBold: true });
    expect(substituteFamily('TimesNewRomanPSMT')).toMatchObject({ family: 'Liberation Serif' });
    expect(substituteFamily('Arial-BoldMT')).toMatchObject({ family: 'Liberation Sans', impliedBold: true });
    expect(substituteFamily('Arial,BoldItalic')).toMatchObject({ family: 'Liberation Sans', impliedBold: true, impliedItalic: true });
    expect(substituteFamily('Arial CYR').family).toBe('Liberation Sans');
    expect(substituteFamily('Times New Roman').impliedBold).toBeUndefined();
  });

  it('looks a font list up by its first name', () => {
    expect(substituteFamily('Courier New;Arial;sans-serif').family).toBe('Liberation Mono');
    expect(substituteFamily('Segoe UI;Lucida Grande;Arial').family).toBe('DejaVu Sans');
  });

  it('uses the generic hint only when asked', () => {
    expect(substituteFamily('Minion Pro', { genericHint: 'serif' }).family).toBe('DejaVu Sans');
    expect(substituteFamily('Minion Pro', { genericHint: 'serif', preferHint: true }).family).toBe('DejaVu Serif');
    expect(substituteFamily('Arial', { genericHint: 'serif', preferHint: true }).family).toBe('Liberation Sans');
  });

  it('locates an unknown family under its declared alternates (w:altName), a known one never', () => {
    const open = substituteFamily('Open Sans', { alternates: alternateNames('Times New Roman') });
    expect(open).toMatchObject({ family: 'Liberation Serif', viaAlternate: 'Times New Roman' });
    expect(substituteFamily('Meta', { alternates: alternateNames('Nowhere,, Courier New') }).family).toBe('Liberation Mono');
    expect(substituteFamily('Meta', { alternates: alternateNames('Nowhere') }).reason).toBe('default');
    expect(substituteFamily('Arial', { alternates: ['Times New Roman'] }).family).toBe('Liberation Sans');
    expect(substituteFamily('Verdana', { alternates: ['Times New Roman'] }).original).toBeDefined();
  });

  it('recognises symbol fonts', () => {
    expect(substituteFamily('Wingdings')).toMatchObject({ reason: 'symbol', symbolSet: 'wingdings', family: 'DejaVu Sans' });
    expect(symbolSetOf('wingdings 2')).toBe('wingdings2');
    expect(symbolSetOf('Symbol')).toBe('symbol');
    expect(symbolSetOf('Segoe UI Symbol')).toBeUndefined();
    expect(compactFamilyName(' Wingdings-3 ')).toBe('wingdings3');
  });
});

describe('original metrics of families without an open twin', () => {
  // Word's embedded Consolas, Consolas-Bold and Consolas-Italic (Docx4j_GettingStarted.word.pdf).
  const CONSOLAS = { unitsPerEm: 2048, monoAdvance: 1126, ascent: 1884, descent: 514, lineGap: 0 };

  it('gives Consolas its measured advance and Word line metrics on its DejaVu Sans Mono stand-in', () => {
    expect(substituteFamily('Consolas')).toMatchObject({ family: 'DejaVu Sans Mono', reason: 'generic', original: CONSOLAS });
    expect(substituteFamily('Consolas Bold')).toMatchObject({ family: 'DejaVu Sans Mono', impliedBold: true, original: CONSOLAS });
    expect(substituteFamily('Consolas', { genericHint: 'mono', preferHint: true }).original).toEqual(CONSOLAS);
    // Word's single line: (1884 + 514) / 2048 em, 1.1709 (DejaVu Sans Mono's own: 2384 / 2048, 1.1641).
    expect((CONSOLAS.ascent + CONSOLAS.descent) / CONSOLAS.unitsPerEm).toBeCloseTo(1.1709, 4);
  });

  it('gives Georgia its average width ratio to DejaVu Serif and its Word line metrics', () => {
    // docxside-case7.word.pdf: 507 characters of Georgia (regular, bold, italic) against DejaVu Serif.
    expect(substituteFamily('Georgia')).toMatchObject({
      family: 'DejaVu Serif', original: { unitsPerEm: 2048, widthScale: 0.861, standIn: 'DejaVu Serif', ascent: 1878, descent: 449, lineGap: 0 },
    });
    expect(substituteFamily('Georgia').original!.monoAdvance).toBeUndefined();
  });

  it('carries none for metric twins, shipped families, or families measured within 3% of their stand-in', () => {
    for (const f of ['Courier New', 'Calibri', 'DejaVu Sans Mono', 'Century Gothic', 'Garamond', 'Webdings']) {
      expect(substituteFamily(f).original, f).toBeUndefined();
    }
  });

  it('gives Tahoma and Segoe UI their published line metrics on DejaVu Sans', () => {
    // The capsize dataset's Windows figures: Tahoma 2049/423, Segoe UI 2210/514 per 2048 em.
    expect(substituteFamily('Tahoma')).toMatchObject({ family: 'DejaVu Sans', original: { unitsPerEm: 2048, ascent: 2049, descent: 423, lineGap: 0 } });
    expect(substituteFamily('Segoe UI')).toMatchObject({ family: 'DejaVu Sans', original: { unitsPerEm: 2048, ascent: 2210, descent: 514, lineGap: 0 } });
  });

  it('gives Comic Sans MS its Windows line metrics on DejaVu Sans', () => {
    // win 2257/597 per 2048 em (1.3936 em), checked on Word's page starts in the corpus.
    expect(substituteFamily('Comic Sans MS')).toMatchObject({ family: 'DejaVu Sans', original: { unitsPerEm: 2048, ascent: 2257, descent: 597, lineGap: 0 } });
  });

  it('gives Lucida Sans Unicode its Windows line metrics on DejaVu Sans', () => {
    // win 2246/901 per 2048 em (1.5366 em), checked on Word's page starts in poi-bug59058.
    expect(substituteFamily('Lucida Sans Unicode')).toMatchObject({ family: 'DejaVu Sans', original: { unitsPerEm: 2048, ascent: 2246, descent: 901, lineGap: 0 } });
  });

  it("gives Verdana only its Word line height: its widths are DejaVu Sans's within 1%", () => {
    // Word's embedded Verdana (GettingStarted, case7 .word.pdf): win 2059/430, 1.2153 em (DejaVu Sans: 1.1641).
    expect(substituteFamily('Verdana')).toMatchObject({ family: 'DejaVu Sans', original: { unitsPerEm: 2048, ascent: 2059, descent: 430, lineGap: 0 } });
    expect(substituteFamily('Verdana').original!.widthScale).toBeUndefined();
  });

  it('draws Lucida Console monospaced on its measured advance and 1.0 em line', () => {
    // Word's embedded Lucida Console (GettingStarted .word.pdf): every advance 1234, win 1616/432.
    expect(substituteFamily('Lucida Console')).toMatchObject({
      family: 'DejaVu Sans Mono', generic: 'mono', original: { unitsPerEm: 2048, monoAdvance: 1234, ascent: 1616, descent: 432, lineGap: 0 },
    });
  });

  it('names the shipped twins whose line metrics are the originals\'', () => {
    for (const f of ['Carlito', 'Liberation Sans', 'Liberation Serif', 'Liberation Mono']) expect(hasOriginalVerticalMetrics(f), f).toBe(true);
    for (const f of ['Caladea', 'Liberation Sans Narrow', 'DejaVu Sans', 'DejaVu Math TeX Gyre']) expect(hasOriginalVerticalMetrics(f), f).toBe(false);
  });

  it('gives Symbol and Wingdings their own line height, with their characters still mapped', () => {
    const s = substituteFamily('Symbol');
    expect(s.symbolSet).toBe('symbol');
    expect(s.original).toEqual({ unitsPerEm: 2048, ascent: 2059, descent: 450, lineGap: 0 });
    expect(substituteFamily('Wingdings').original).toEqual({ unitsPerEm: 2048, ascent: 1841, descent: 432, lineGap: 0 });
  });

  it('gives Aptos, drawn by Liberation Sans, Word\'s line height only (its widths are per character)', () => {
    const a = substituteFamily('Aptos');
    expect(a.family).toBe('Liberation Sans');
    expect(a.original).toEqual({ unitsPerEm: 2048, ascent: 1923, descent: 577, lineGap: 0 });
  });
});

// Fidelity check against the LibreOffice 7.4 renders of the dev corpus: for every family used in a
// visible run, does the PDF LibreOffice produced embed the shipped family we pick?
const corpus = '/work/shared/corpus/docx/dev';

interface ManifestFile {
  readonly name: string;
  readonly libreoffice_fonts: readonly string[];
}

const PS_PREFIX: Record<string, string> = {
  Carlito: 'Carlito', Caladea: 'Caladea', 'Liberation Sans': 'LiberationSans', 'Liberation Sans Narrow': 'LiberationSansNarrow',
  'Liberation Serif': 'LiberationSerif', 'Liberation Mono': 'LiberationMono', 'DejaVu Sans': 'DejaVuSans',
  'DejaVu Serif': 'DejaVuSerif', 'DejaVu Sans Mono': 'DejaVuSansMono', 'DejaVu Math TeX Gyre': 'DejaVuMathTeXGyre',
};

function hintOf(fontTable: string, family: string): GenericClass | undefined {
  const m = new RegExp(`<w:font w:name="${family.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"(.*?)</w:font>`, 's').exec(fontTable);
  if (!m) return undefined;
  if (/w:pitch w:val="fixed"/.test(m[1]!) || /w:family w:val="modern"/.test(m[1]!)) return 'mono';
  if (/w:family w:val="roman"/.test(m[1]!)) return 'serif';
  return 'sans';
}

describe.runIf(existsSync(join(corpus, 'manifest.json')))('substitution against the dev corpus LibreOffice renders', () => {
  it('matches the fonts LibreOffice used better by name than by font-table hints', () => {
    const manifest = JSON.parse(readFileSync(join(corpus, 'manifest.json'), 'utf8')) as { files: ManifestFile[] };
    let byName = 0;
    let byHint = 0;
    let total = 0;
    for (const f of manifest.files) {
      const zip = unzipSync(new Uint8Array(readFileSync(join(corpus, f.name))), {
        filter: (e) => e.name === 'word/document.xml' || e.name === 'word/fontTable.xml',
      });
      const doc = zip['word/document.xml'] ? strFromU8(zip['word/document.xml']) : '';
      const table = zip['word/fontTable.xml'] ? strFromU8(zip['word/fontTable.xml']) : '';
      const used = new Set<string>();
      for (const run of doc.match(/<w:r[ >].*?<\/w:r>/gs) ?? []) {
        const font = /w:ascii="([^"]+)"/.exec(run)?.[1];
        if (font && /<w:t[ >][^<]*[A-Za-z]/.test(run) && !symbolSetOf(font)) used.add(font);
      }
      const lo = new Set(f.libreoffice_fonts.map((n) => n.split('-')[0]!));
      for (const font of used) {
        const name = substituteFamily(font);
        if (name.reason === 'metric' || name.reason === 'shipped') continue; // only the rule for unknown families is in question
        total++;
        if (lo.has(PS_PREFIX[name.family]!)) byName++;
        const hinted = substituteFamily(font, { genericHint: hintOf(table, font), preferHint: true });
        if (lo.has(PS_PREFIX[hinted.family]!)) byHint++;
      }
    }
    expect(total).toBeGreaterThan(40);
    expect(byName / total).toBeGreaterThan(0.95);
    expect(byName).toBeGreaterThan(byHint);
  });
});
