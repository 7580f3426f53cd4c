/**
 * Dev-corpus check for templating: every DOCX tagged `sdt` or `mergefields` is listed, filled with a
 * value for every field it has (text, check box toggled, date, first list entry, image; two items per
 * loop), and the result must pass the package check with no new problems, reopen with parseDocx, and,
 * when LibreOffice is installed, convert to PDF showing the filled text. Runs only where the shared
 * corpus exists.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocx } from '../../engine/docx';
import { fillTemplate, listFields, type FieldInfo } from '../../engine/template';
import { createNodeHost } from '../../node/host';
import { checkPackage, pngDataUrl } from './helpers';

const CORPUS = '/work/shared/corpus/docx/dev';
const hasCorpus = existsSync(join(CORPUS, 'manifest.json'));

interface ManifestFile {
  readonly name: string;
  readonly tags: readonly string[];
}

function files(): ManifestFile[] {
  if (!hasCorpus) return [];
  const m = JSON.parse(readFileSync(join(CORPUS, 'manifest.json'), 'utf8')) as { files: ManifestFile[] };
  return m.files.filter((f) => f.tags.includes('sdt') || f.tags.includes('mergefields'));
}

function has(cmd: string, args: string[]): boolean {
  try {
    execFileSync(cmd, args, { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
}

/** A data object giving every listed field a value of its type. */
function dataFor(fields: readonly FieldInfo[]): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.type === 'loop' || f.type === 'inverse' || f.type === 'group' || f.type === 'repeatingSection') continue;
    data[f.name] =
      f.type === 'checkbox' ? f.currentValue !== true
      : f.type === 'image' ? pngDataUrl(40, 30)
      : f.type === 'date' ? '2024-01-31'
      : f.type === 'dropdown' || f.type === 'comboBox' ? f.items?.[0]?.value ?? 'x'
      : `Filled ${f.name.slice(0, 24)}`;
  }
  const item = { ...data };
  for (const f of fields) if (f.type === 'loop') data[f.name] = [item, item];
  return data;
}

describe.runIf(hasCorpus)('dev corpus: templates with content controls or MERGEFIELDs', () => {
  const host = createNodeHost();
  const outDir = mkdtempSync(join(tmpdir(), 'colophon-template-corpus-'));
  const filled: Array<{ name: string; path: string; textFields: number }> = [];

  it('finds the tagged files', () => {
    expect(files().length).toBeGreaterThanOrEqual(10);
  });

  for (const f of files()) {
    it(`lists, fills and reopens ${f.name}`, async () => {
      const bytes = new Uint8Array(readFileSync(join(CORPUS, f.name)));
      const listed = listFields(bytes);
      expect(listed.ok).toBe(true);
      if (!listed.ok) return;
      const result = await fillTemplate(bytes, { data: dataFor(listed.value) }, {}, host);
      if (!result.ok) throw new Error(result.errors.map((e) => `${e.code}: ${e.message}`).join('\n'));
      expect(result.value.report.missing).toEqual([]);
      expect(result.value.report.unknown.length).toBeLessThanOrEqual(listed.value.length);
      if (listed.value.some((x) => x.source !== 'section')) expect(result.value.report.filled.length).toBeGreaterThan(0);
      const before = new Set(checkPackage(bytes));
      expect(checkPackage(result.value.docx).filter((p) => !before.has(p))).toEqual([]);
      expect(parseDocx(result.value.docx, {}, host).ok).toBe(true);
      const path = join(outDir, f.name);
      writeFileSync(path, result.value.docx);
      const textFields = listed.value.filter((x) => x.type === 'text' && x.location.story === 'body' && !x.location.inTextBox).length;
      filled.push({ name: f.name, path, textFields });
    });
  }

  it.runIf(has('soffice', ['--version']))('converts every filled file with LibreOffice, showing the filled text', () => {
    expect(filled.length).toBe(files().length);
    const pdfDir = join(outDir, 'pdf');
    execFileSync('soffice', ['--headless', '--norestore', `-env:UserInstallation=file://${join(outDir, 'lo-profile')}`, '--convert-to', 'pdf', '--outdir', pdfDir, ...filled.map((f) => f.path)], {
      stdio: 'ignore',
      timeout: 300_000,
    });
    const pdftotext = has('pdftotext', ['-v']);
    for (const f of filled) {
      const pdf = join(pdfDir, f.name.replace(/\.docx$/, '.pdf'));
      expect([f.name, existsSync(pdf)]).toEqual([f.name, true]);
      expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      if (pdftotext && f.textFields > 0) expect([f.name, execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).includes('Filled ')]).toEqual([f.name, true]);
    }
  }, 330_000);
});
