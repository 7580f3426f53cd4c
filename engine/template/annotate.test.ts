import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNodeHost } from '../../node/host';
import { makeDocx, para } from '../../tests/helpers/make-docx';
import { partText } from '../../tests/template/helpers';
import { annotateDocument, DOCX_CONTENT_TYPE } from './annotate';

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const template = makeDocx(para('Certificate for {{name}}') + para('{{#modules}}') + para('Module {{title}} passed') + para('{{/modules}}'));
const request = { data: { name: 'Grace Hopper', modules: [{ title: 'Compilers' }, { title: 'COBOL' }] } };

describe('annotateDocument', () => {
  it('returns the filled DOCX by default', async () => {
    const r = await annotateDocument(template, request, {}, createNodeHost());
    if (!r.ok) throw new Error(r.errors[0]!.message);
    expect(r.value.contentType).toBe(DOCX_CONTENT_TYPE);
    expect(partText(r.value.document)).toBe('Certificate for Grace Hopper\nModule Compilers passed\nModule COBOL passed');
    expect(r.value.report).toEqual({ filled: ['name', 'modules', 'title'], missing: [], unknown: [] });
  });

  it('converts the filled document to PDF with to=pdf', async () => {
    const r = await annotateDocument(template, request, { to: 'pdf' }, createNodeHost());
    if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
    expect(r.value.contentType).toBe('application/pdf');
    expect(Buffer.from(r.value.document.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(r.value.report.filled).toEqual(['name', 'modules', 'title']);
  });

  it.runIf(hasPdftotext)('puts the filled text in the PDF (pdftotext)', async () => {
    const r = await annotateDocument(template, request, { to: 'pdf' }, createNodeHost());
    if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
    const file = join(mkdtempSync(join(tmpdir(), 'colophon-annotate-')), 'out.pdf');
    writeFileSync(file, r.value.document);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Certificate for Grace Hopper');
    expect(text).toContain('Module Compilers passed');
    expect(text).toContain('Module COBOL passed');
  });

  it('passes fill errors through without converting', async () => {
    const r = await annotateDocument(template, { data: {} }, { to: 'pdf', strict: true }, createNodeHost());
    expect(!r.ok && r.errors.map((e) => e.code)).toEqual(['template/missing-field', 'template/missing-field']);
  });
});
