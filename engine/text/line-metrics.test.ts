import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { deobfuscateFont } from './obfuscation';
import { FontProgram } from './font-program';
import { libreOfficeLineMetrics, wordLineMetrics } from './line-metrics';
import { buildTrueTypeFont } from './font-builder';
import { shippedBytes } from './testing/shipped';

const metrics = (file: string) => new FontProgram(shippedBytes(file)!).metrics;

describe('wordLineMetrics', () => {
  it('gives Calibri (Carlito) 11 pt single spacing of 13.43 pt', () => {
    const m = wordLineMetrics(metrics('Carlito-Regular.ttf'), 11);
    expect(m.lineHeightPt).toBeCloseTo(13.4277, 3);
    expect(m.ascentPt).toBeCloseTo((1950 / 2048) * 11, 6);
    expect(m.lineGapPt).toBe(0);
  });

  it('gives Times New Roman (Liberation Serif) 12 pt single spacing of 13.80 pt, external leading included', () => {
    const m = wordLineMetrics(metrics('LiberationSerif-Regular.ttf'), 12);
    expect(m.lineHeightPt).toBeCloseTo(13.799, 3);
    expect(m.lineGapPt).toBeCloseTo((87 / 2048) * 12, 6);
  });

  it('gives Arial (Liberation Sans) 10 pt 11.50 pt', () => {
    expect(wordLineMetrics(metrics('LiberationSans-Regular.ttf'), 10).lineHeightPt).toBeCloseTo(11.4990, 3);
  });

  it('uses hhea when the OS/2 win metrics are zero', () => {
    const m = metrics('Carlito-Regular.ttf');
    const noWin = { ...m, winAscent: 0, winDescent: 0 };
    expect(wordLineMetrics(noWin, 10).lineHeightPt).toBeCloseTo(((1536 + 512 + 452) / 2048) * 10, 6);
  });
});

describe('libreOfficeLineMetrics', () => {
  it('uses hhea values without USE_TYPO_METRICS', () => {
    const m = libreOfficeLineMetrics(metrics('DejaVuSans.ttf'), 10);
    expect(m.lineHeightPt).toBeCloseTo(((1901 + 483) / 2048) * 10, 6);
  });

  it('uses typo values when the font sets USE_TYPO_METRICS', () => {
    const m = metrics('Caladea-Regular.ttf');
    expect(m.useTypoMetrics).toBe(true);
    expect(libreOfficeLineMetrics(m, 10).lineHeightPt).toBeCloseTo(((m.typoAscender - m.typoDescender + m.typoLineGap) / 1000) * 10, 6);
  });

  it('agrees with Word for the metric-compatible fonts', () => {
    for (const f of ['Carlito-Regular.ttf', 'LiberationSerif-Regular.ttf', 'LiberationSans-Regular.ttf']) {
      const m = metrics(f);
      expect(libreOfficeLineMetrics(m, 11).lineHeightPt).toBeCloseTo(wordLineMetrics(m, 11).lineHeightPt, 6);
    }
    const built = new FontProgram(buildTrueTypeFont({ family: 'X', glyphs: [], ascender: 900, descender: -300, lineGap: 100 })).metrics;
    expect(wordLineMetrics(built, 10).lineHeightPt).toBeCloseTo(13, 6);
  });
});

const embedded = '/work/shared/corpus/docx/dev/docx4j-FontEmbedded.docx';

describe.runIf(existsSync(embedded))('against real Calibri embedded in a corpus document', () => {
  it('Carlito has the same line spacing and advance widths as Calibri', () => {
    const zip = unzipSync(new Uint8Array(readFileSync(embedded)));
    const table = strFromU8(zip['word/fontTable.xml']!);
    const key = /<w:font w:name="Calibri">.*?w:fontKey="([^"]+)"/s.exec(table)![1]!;
    const r = deobfuscateFont(zip['word/fonts/font1.odttf']!, key);
    if (!r.ok) throw new Error('de-obfuscation failed');
    const calibri = new FontProgram(r.value);
    const carlito = new FontProgram(shippedBytes('Carlito-Regular.ttf')!);
    expect(calibri.names.family).toBe('Calibri');
    expect(wordLineMetrics(calibri.metrics, 11).lineHeightPt).toBeCloseTo(13.43, 2);
    expect(wordLineMetrics(carlito.metrics, 11).lineHeightPt).toBeCloseTo(wordLineMetrics(calibri.metrics, 11).lineHeightPt, 6);
    for (const ch of 'The quick brown fox 0123456789') {
      const cp = ch.codePointAt(0)!;
      expect(carlito.advanceWidth(carlito.glyphId(cp))).toBe(calibri.advanceWidth(calibri.glyphId(cp)));
    }
  });
});
