/**
 * Child of long-cell.test.ts: lays out a table cell 26 pt wide holding 110 000 characters (about
 * 40 000 lines, 667 pages) and prints the page count. Run under a small heap by the test.
 */
import { convertDocxToPdf } from '../../engine/convert';
import { createNodeHost } from '../../node/host';
import { makeDocx, para, WORD_DEFAULT_STYLES } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });
const cell = (w: number, text: string) => `<w:tc><w:tcPr><w:tcW w:w="${w}" w:type="dxa"/></w:tcPr>${para(text)}</w:tc>`;
const text = '\u0645\u0631\u062d\u0628\u0627 abc\u4e2d\u6587'.repeat(10_000);
const body = `<w:tbl><w:tblGrid><w:gridCol w:w="6000"/><w:gridCol w:w="526"/></w:tblGrid><w:tr>${cell(6000, 'left')}${cell(526, text)}</w:tr></w:tbl>${para('after')}`;
const r = await convertDocxToPdf(makeDocx({ body, styles: WORD_DEFAULT_STYLES }), {}, host);
process.stdout.write(JSON.stringify(r.ok ? { pages: (r.value as { pages: number }).pages } : { errors: r.errors.map((e) => e.code) }));
