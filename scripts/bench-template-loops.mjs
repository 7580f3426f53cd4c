#!/usr/bin/env node
/**
 * Benchmark: template filling with large loops. One template holds a repeating table row (4 fields,
 * `{{#rows}}` in the first cell and `{{/rows}}` in the last) and a repeating section of two paragraphs
 * (`{{#entries}}` ... `{{/entries}}`, 3 fields), runs with Word-like properties; each list gets N items. Prints the CPU time
 * (process.cpuUsage, user + system; median of 3 runs after a warm-up) per size and per item.
 * Run: node scripts/bench-template-loops.mjs [sizes, e.g. 1000,10000,40000] [save-prefix]
 * With save-prefix, the filled DOCX of each size is written to PREFIX-N.docx (for byte comparisons).
 */
import { register } from 'tsx/esm/api';
import { writeFileSync } from 'node:fs';

register();
const { fillTemplate } = await import('../engine/template/index.ts');
const { makeDocx, para, WORD_DEFAULT_STYLES } = await import('../tests/helpers/make-docx.ts');

const sizes = (process.argv[2] ?? '1000,10000,40000').split(',').map(Number);
const savePrefix = process.argv[3];
const RUNS = 3;

// Run properties as Word writes them in a typical template (font, size, language).
const RPR = '<w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/><w:sz w:val="20"/><w:szCs w:val="20"/><w:lang w:val="en-GB"/>';
const cell = (t) => `<w:tc><w:tcPr><w:tcW w:w="2340" w:type="dxa"/></w:tcPr>${para(t, '', RPR)}</w:tc>`;
const body = [
  para('Statement for {{client.name}}', '<w:jc w:val="center"/>', '<w:b/><w:sz w:val="32"/>'),
  `<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/></w:tblPr><w:tblGrid>${'<w:gridCol w:w="2340"/>'.repeat(4)}</w:tblGrid>`,
  `<w:tr>${cell('SKU')}${cell('Item')}${cell('Qty')}${cell('Price')}</w:tr>`,
  `<w:tr>${cell('{{#rows}}{{sku}}')}${cell('{{name}}')}${cell('{{qty}}')}${cell('{{price}}{{/rows}}')}</w:tr></w:tbl>`,
  para('{{#entries}}'),
  para('Entry {{date}}: {{title}}', '', `<w:b/>${RPR}`),
  para('{{text}} ({{client.name}})', '', RPR),
  para('{{/entries}}'),
  para('Signed for {{client.name}}'),
].join('');
const template = makeDocx({ body, styles: WORD_DEFAULT_STYLES });
const dataFor = (n) => ({
  client: { name: 'Zanzibar Trading Ltd' },
  rows: Array.from({ length: n }, (_, i) => ({ sku: `SKU-${String(i).padStart(5, '0')}`, name: `Item number ${i}`, qty: String((i % 9) + 1), price: `${(i * 1.25).toFixed(2)}` })),
  entries: Array.from({ length: n }, (_, i) => ({ date: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`, title: `Payment ${i}`, text: `Received with thanks, reference ${i * 7}` })),
});

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function cpuMs(fn) {
  const c0 = process.cpuUsage();
  const r = await fn();
  const c = process.cpuUsage(c0);
  return { ms: (c.user + c.system) / 1000, r };
}

const fill = async (data) => {
  const r = await fillTemplate(template, { data }, { limits: { maxXmlElements: 50_000_000 } });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};
await fill(dataFor(200)); // warm-up
for (const n of sizes) {
  const data = dataFor(n);
  const times = [];
  let out;
  for (let k = 0; k < RUNS; k++) {
    const { ms, r } = await cpuMs(() => fill(data));
    times.push(ms);
    out = r;
  }
  if (out.report.missing.length > 0) throw new Error(`missing: ${out.report.missing}`);
  if (savePrefix) writeFileSync(`${savePrefix}-${n}.docx`, out.docx);
  const m = median(times);
  console.log(`${String(n).padStart(6)} items (x2 loops): CPU median ${m.toFixed(0).padStart(6)} ms  (${((m * 1000) / n).toFixed(1)} µs per item; runs ${times.map((t) => t.toFixed(0)).join(', ')}; ${(out.docx.length / 1024).toFixed(0)} KB out)`);
}
