#!/usr/bin/env node
/**
 * Benchmark: filling a 113-page template (700 paragraphs of 80 words, each with a placeholder, as
 * LibreOffice lays it out) whose table gets 1,000 rows from a loop (148 pages filled), through
 * fillTemplate. In the same run, for comparison: docxtemplater (the common JavaScript alternative,
 * same template, data and delimiters) and the floor any XML-level filler pays (unzip + parse +
 * serialise + zip of a package the size of the filled output). Prints medians and ratios.
 * Run: node scripts/bench-template.mjs [rows] [paragraphs] [save-filled-to.docx]
 */
import { register } from 'tsx/esm/api';
import { performance } from 'node:perf_hooks';

register();
const { fillTemplate } = await import('../engine/template/index.ts');
const { openZip, writeZip } = await import('../engine/zip/index.ts');
const { parseXml, serializeXml } = await import('../engine/xml/index.ts');
const { makeDocx, para, WORD_DEFAULT_STYLES } = await import('../tests/helpers/make-docx.ts');

const rows = Number(process.argv[2] ?? 1000);
const paragraphs = Number(process.argv[3] ?? 700);
const saveTo = process.argv[4]; // optional: write the filled DOCX there (to count its pages)
const RUNS = 7;

const words = 'the quick brown fox jumps over a lazy dog while the committee reviews every clause of this agreement carefully'.split(' ');
const sentence = (i) => Array.from({ length: 80 }, (_, k) => words[(i * 7 + k) % words.length]).join(' ');
const cell = (t) => `<w:tc><w:tcPr><w:tcW w:w="2340" w:type="dxa"/></w:tcPr>${para(t)}</w:tc>`;
const body = [
  para('Agreement between {{client.name}} and {{vendor}}', '<w:jc w:val="center"/>', '<w:b/><w:sz w:val="32"/>'),
  ...Array.from({ length: paragraphs }, (_, i) => para(`${i + 1}. ${sentence(i)} for {{client.name}}.`)),
  `<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/></w:tblPr><w:tblGrid>${'<w:gridCol w:w="2340"/>'.repeat(4)}</w:tblGrid>`,
  `<w:tr>${cell('SKU')}${cell('Item')}${cell('Qty')}${cell('Price')}</w:tr>`,
  `<w:tr>${cell('{{#rows}}{{sku}}')}${cell('{{name}}')}${cell('{{qty}}')}${cell('{{price}}{{/rows}}')}</w:tr></w:tbl>`,
  para('Signed for {{client.name}}'),
].join('');
const template = makeDocx({ body, styles: WORD_DEFAULT_STYLES });
const data = {
  client: { name: 'Zanzibar Trading Ltd' },
  vendor: 'Colophon',
  rows: Array.from({ length: rows }, (_, i) => ({ sku: `SKU-${String(i).padStart(5, '0')}`, name: `Item number ${i}`, qty: String((i % 9) + 1), price: `${(i * 1.25).toFixed(2)}` })),
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function time(fn) {
  await fn(); // warm-up
  const ts = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    ts.push(performance.now() - t);
  }
  return median(ts);
}

let ours;
const oursMs = await time(async () => {
  const r = await fillTemplate(template, { data });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  ours = r.value;
});
const outXml = new TextDecoder().decode(openZip(ours.docx).read('word/document.xml'));
const trCount = (outXml.match(/<w:tr>/g) ?? []).length;
if (trCount !== rows + 1 || ours.report.missing.length > 0) throw new Error(`unexpected output: ${trCount} rows, missing ${ours.report.missing}`);

const floorMs = await time(async () => {
  const zip = openZip(ours.docx);
  const out = zip.entries.map((e) => {
    const bytes = zip.read(e);
    if (!e.name.endsWith('.xml')) return { name: e.name, data: bytes };
    const doc = parseXml(bytes, { keepWhitespace: true });
    return { name: e.name, data: new TextEncoder().encode(serializeXml(doc.value)) };
  });
  writeZip(out);
});

let dtMs;
try {
  const PizZip = (await import('pizzip')).default;
  const Docxtemplater = (await import('docxtemplater')).default;
  dtMs = await time(async () => {
    const doc = new Docxtemplater(new PizZip(template), { paragraphLoop: true, linebreaks: true, delimiters: { start: '{{', end: '}}' } });
    doc.render(data);
    doc.getZip().generate({ type: 'uint8array', compression: 'DEFLATE' });
  });
} catch (e) {
  console.log(`docxtemplater not available (${e.message}); install the dev dependencies to compare.`);
}

if (saveTo) (await import('node:fs')).writeFileSync(saveTo, ours.docx);
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(`Template: ${paragraphs} paragraphs of 80 words (700 = 113 pages) + a table filled with ${rows} rows; ${kb(template.length)} in, ${kb(ours.docx.length)} out.`);
console.log(`fillTemplate (Colophon)        median ${oursMs.toFixed(1)} ms over ${RUNS} runs`);
console.log(`floor: zip+XML round trip      median ${floorMs.toFixed(1)} ms  (Colophon / floor = ${(oursMs / floorMs).toFixed(2)})`);
if (dtMs !== undefined) console.log(`docxtemplater 3 + PizZip       median ${dtMs.toFixed(1)} ms  (Colophon / docxtemplater = ${(oursMs / dtMs).toFixed(2)})`);
console.log(oursMs < 1000 ? 'OK: well under the one-second budget.' : 'SLOW: over the one-second budget.');
