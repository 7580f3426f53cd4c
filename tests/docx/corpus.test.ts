/**
 * Corpus test: every DOCX of the shared dev corpus parses, and the model agrees with facts the
 * corpus manifest records about each document. Runs only when ../shared/corpus/docx/dev exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countByCode, type Diagnostic } from '../../engine/core';
import { parseDocx } from '../../engine/docx';
import type { DocModel } from '../../engine/model';
import { bodyTextChars, modelFacts } from './corpus-facts';

const DIR = '/work/shared/corpus/docx/dev';
const present = existsSync(`${DIR}/manifest.json`);

interface ManifestFile {
  readonly name: string;
  readonly features: Record<string, number | boolean | string | object>;
}

describe.skipIf(!present)('dev corpus', () => {
  const manifest = present ? (JSON.parse(readFileSync(`${DIR}/manifest.json`, 'utf8')) as { files: ManifestFile[] }) : { files: [] };
  const parsed = new Map<string, DocModel>();
  const warnings: Diagnostic[] = [];

  it('parses every document', () => {
    const failures: string[] = [];
    let cpuMs = 0;
    for (const f of manifest.files) {
      const bytes = new Uint8Array(readFileSync(`${DIR}/${f.name}`));
      const t0 = process.cpuUsage();
      const r = parseDocx(bytes, { fileName: f.name }, {});
      const d = process.cpuUsage(t0);
      cpuMs += (d.user + d.system) / 1000;
      warnings.push(...r.warnings);
      if (r.ok) parsed.set(f.name, r.value);
      else failures.push(`${f.name}: ${r.errors.map((e) => `${e.code} ${e.message}`).join('; ')}`);
    }
    console.log(`parsed ${parsed.size}/${manifest.files.length} documents in ${cpuMs.toFixed(0)} ms CPU (first run, cold)`);
    console.log('warnings by code:', countByCode(warnings));
    expect(failures).toEqual([]);
    expect(parsed.size).toBe(manifest.files.length);
  });

  it('agrees with the manifest on sections, tables, notes, charts, comments, headers/footers and revision authors', () => {
    const mismatches: string[] = [];
    const check = (name: string, what: string, ours: number, theirs: unknown) => {
      if (typeof theirs === 'number' && ours !== theirs) mismatches.push(`${name}: ${what} ${ours} ≠ ${theirs}`);
    };
    for (const f of manifest.files) {
      const doc = parsed.get(f.name);
      if (!doc) continue;
      const facts = modelFacts(doc);
      const ft = f.features;
      check(f.name, 'sections', facts.sections, ft['sections']);
      check(f.name, 'footnote references', facts.footnoteRefs, ft['footnotes']);
      check(f.name, 'endnote references', facts.endnoteRefs, ft['endnotes']);
      check(f.name, 'charts', facts.charts, ft['charts']);
      check(f.name, 'comments', facts.comments, ft['comments']);
      check(f.name, 'header/footer parts', facts.headerFooterParts, ft['headerFooterParts']);
      check(f.name, 'revision authors', facts.revisionAuthors, ft['trackedChangeAuthors']);
      // The manifest counts tables and pictures in both branches of markup-compatibility choices; we read one.
      if (typeof ft['tables'] === 'number' && facts.tables > ft['tables']) mismatches.push(`${f.name}: tables ${facts.tables} > ${ft['tables']}`);
      if (typeof ft['tables'] === 'number' && ft['tables'] > 0 && facts.tables === 0) mismatches.push(`${f.name}: no tables`);
      if (typeof ft['images'] === 'number' && ft['images'] > 0 && facts.images === 0) mismatches.push(`${f.name}: no images`);
    }
    expect(mismatches).toEqual([]);
  });

  it('keeps the text: every character of w:t/w:delText in the body reaches the model', () => {
    const short: string[] = [];
    for (const f of manifest.files) {
      // Regenerated tables of contents hold the headings' current text, not the saved entries.
      const r = parseDocx(new Uint8Array(readFileSync(`${DIR}/${f.name}`)), { fileName: f.name, tocs: 'cached' }, {});
      if (!r.ok) continue;
      const doc = r.value;
      const expected = bodyTextChars(new Uint8Array(readFileSync(`${DIR}/${f.name}`)));
      const ours = modelFacts(doc).textChars;
      if (ours < expected) short.push(`${f.name}: ${ours} of ${expected}`);
    }
    expect(short).toEqual([]);
  });
});
