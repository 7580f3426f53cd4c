import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeDocx, para } from '../../tests/helpers/make-docx';
import { inlineSdt, partText, pngDataUrl } from '../../tests/template/helpers';
import type { CliIo } from '../io';
import { runAnnotate } from './annotate';
import { runFields } from './fields';

function capture(): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => out.push(t), stderr: (t) => err.push(t), isTTY: false };
}

const dir = mkdtempSync(join(tmpdir(), 'colophon-annotate-'));
const template = join(dir, 'offer.docx');
writeFileSync(template, makeDocx(para('Offer for {{client.name}}') + para('{{#lines}}') + para('{{item}}: {{price}}') + para('{{/lines}}') +
  `<w:p>${inlineSdt('<w:tag w:val="signer"/>', '<w:r><w:t>name</w:t></w:r>')}</w:p>` + para('{logo}')));
const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('colophon annotate', () => {
  it('fills from a data file and prints the report', async () => {
    const data = join(dir, 'data.json');
    writeFileSync(data, JSON.stringify({ client: { name: 'ACME' }, lines: [{ item: 'Tea', price: '2' }, { item: 'Cake', price: '3' }], signer: 'Ada', extra: 1 }));
    const io = capture();
    const out = join(dir, 'out.docx');
    expect(await runAnnotate([template, '--data', data, '-o', out], io)).toBe(0);
    const text = partText(new Uint8Array(readFileSync(out)));
    expect(text.split('\n').slice(0, 4)).toEqual(['Offer for ACME', 'Tea: 2', 'Cake: 3', 'Ada']);
    const report = JSON.parse(io.out.join(''));
    expect(report.report).toEqual({ filled: ['client.name', 'lines', 'item', 'price', 'signer'], missing: [], unknown: ['extra'] });
  });

  it('fills from a fields list, with single-brace delimiters', async () => {
    const fields = join(dir, 'fields.json');
    writeFileSync(fields, JSON.stringify({ fields: [{ id: 'logo', type: 'image', value: pngDataUrl(10, 10) }, { id: 'signer', type: 'text', value: 'Bo' }] }));
    const io = capture();
    const out = join(dir, 'single.docx');
    expect(await runAnnotate([template, '--fields', fields, '--delimiters', '{ }', '-o', out], io)).toBe(0);
    const report = JSON.parse(io.out.join('')).report;
    expect(report.filled).toEqual(['signer', 'logo']);
    expect(partText(new Uint8Array(readFileSync(out)))).toContain('Offer for {{client.name}}');
  });

  it('writes a PDF with the filled text when the output ends in .pdf', async () => {
    const data = join(dir, 'pdf.json');
    writeFileSync(data, JSON.stringify({ client: { name: 'Zanzibar Trading' }, lines: [{ item: 'Quokka', price: '42' }], signer: 'Ada' }));
    const out = join(dir, 'out.pdf');
    const io = capture();
    expect(await runAnnotate([template, '--data', data, '-o', out], io)).toBe(0);
    const pdf = readFileSync(out);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    if (!hasPdftotext) return;
    const text = execFileSync('pdftotext', [out, '-'], { encoding: 'utf8' });
    expect(text).toContain('Zanzibar Trading');
    expect(text).toContain('Quokka: 42');
  });

  it('reports usage and input problems with exit codes', async () => {
    const io = capture();
    expect(await runAnnotate([template], io)).toBe(2);
    expect(io.err.join('')).toContain('give --fields FILE or --data FILE');
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{ nope');
    const io2 = capture();
    expect(await runAnnotate([template, '--data', bad], io2)).toBe(1);
    expect(io2.err.join('')).toMatch(/not valid JSON/);
    const empty = join(dir, 'empty.json');
    writeFileSync(empty, '{}');
    const io3 = capture();
    expect(await runAnnotate([template, '--data', empty, '--strict', '-o', join(dir, 's.docx')], io3)).toBe(1);
    expect(io3.err.join('')).toContain("template/missing-field: Template field 'client.name' got no value.");
    expect(existsSync(join(dir, 's.docx'))).toBe(false);
  });
});

describe('colophon fields', () => {
  it('prints the template fields as JSON', async () => {
    const io = capture();
    expect(await runFields([template], io)).toBe(0);
    const list = JSON.parse(io.out.join('')) as Array<{ name: string; source: string }>;
    expect(list.map((f) => `${f.source}:${f.name}`)).toEqual(['placeholder:client.name', 'section:lines', 'placeholder:item', 'placeholder:price', 'content-control:signer']);
    const single = capture();
    expect(await runFields([template, '--delimiters', '{ }'], single)).toBe(0);
    // With '{ }', '{{item}}' is a '{item}' tag between two literal braces.
    expect((JSON.parse(single.out.join('')) as Array<{ name: string }>).map((f) => f.name)).toEqual(['client.name', 'lines', 'item', 'price', 'signer', 'logo']);
    expect(await runFields([], capture())).toBe(2);
    expect(await runFields([join(dir, 'missing.docx')], capture())).toBe(1);
  });
});
