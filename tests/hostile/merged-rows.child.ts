/**
 * Child of merged-rows.test.ts: lays out a table of 20 000 rows under one vertically merged cell
 * (about 500 pages) and prints the page count. Run under a small heap by the test.
 */
import { convertDocxToPdf } from '../../engine/convert';
import { createNodeHost } from '../../node/host';
import { makeDocx, para, WORD_DEFAULT_STYLES } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });
const ROWS = 20_000;
let rows = '';
for (let i = 0; i < ROWS; i++) {
  const merge = i === 0 ? '<w:vMerge w:val="restart"/>' : '<w:vMerge/>';
  rows += `<w:tr><w:tc><w:tcPr>${merge}</w:tcPr>${para(i === 0 ? 'merged' : '')}</w:tc><w:tc>${para(`row ${i}`)}</w:tc></w:tr>`;
}
const body = `<w:tbl><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>${rows}</w:tbl>${para('after')}`;
const r = await convertDocxToPdf(makeDocx({ body, styles: WORD_DEFAULT_STYLES }), {}, host);
process.stdout.write(JSON.stringify(r.ok ? { pages: (r.value as { pages: number }).pages } : { errors: r.errors.map((e) => e.code) }));
