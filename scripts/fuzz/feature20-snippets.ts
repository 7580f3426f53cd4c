/**
 * Hostile story snippets for the features of session 20: tables and footnotes in unequal columns,
 * column breaks before a balanced section end, next-column and odd/even section breaks (w:sectPr/w:type),
 * m:brk in inline equations, m:eqArr with m:maxDist / m:objDist.
 */
import type { Rng } from './rng';

const wr = (t: string) => `<w:r><w:t xml:space="preserve">${t}</w:t></w:r>`;
const mr = (t: string, rPr = '') => `<m:r>${rPr ? `<m:rPr>${rPr}</m:rPr>` : ''}<m:t xml:space="preserve">${t}</m:t></m:r>`;
const para = (t: string) => `<w:p>${wr(t)}</w:p>`;
const PAGE = '<w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>';
const TWIPS = ['0', '-720', '1', '2147483647', '720', '-2147483648', '1e9', 'NaN'];

/** w:cols of unequal widths: `n` w:col of widths and spaces picked from the hostile list. */
function unequalCols(r: Rng, n: number): string {
  let cols = '';
  for (let i = 0; i < n; i++) cols += `<w:col w:w="${r.pick(TWIPS)}" w:space="${r.pick(TWIPS)}"/>`;
  return `<w:cols w:num="${n}" w:space="${r.pick(TWIPS)}" w:equalWidth="0">${cols}</w:cols>`;
}

/** A section end (the paragraph carrying w:sectPr: it ends the content before it). */
const sectionEnd = (type: string, cols: string, extra = '') =>
  `<w:p><w:pPr><w:sectPr><w:type w:val="${type}"/>${PAGE}${cols}${extra}</w:sectPr></w:pPr></w:p>`;

/** A table of 0-width (or hostile-width) grid columns, `rows` rows, to continue across many columns. */
function thinTable(r: Rng, rows: number, cells: number): string {
  const w = r.pick(['0', '1', '-100', '2147483647']);
  const grid = `<w:gridCol w:w="${w}"/>`.repeat(cells);
  const tc = `<w:tc><w:tcPr><w:tcW w:w="${w}" w:type="${r.pick(['dxa', 'pct', 'auto'])}"/></w:tcPr>${para('cell text')}</w:tc>`;
  const tblW = `<w:tblW w:w="${r.pick(['0', '5000', '2147483647', '-5'])}" w:type="${r.pick(['pct', 'dxa', 'auto'])}"/>`;
  const head = r.chance(0.5) ? '<w:trPr><w:tblHeader/></w:trPr>' : '';
  return `<w:tbl><w:tblPr>${tblW}<w:jc w:val="${r.pick(['center', 'right', 'left'])}"/></w:tblPr><w:tblGrid>${grid}</w:tblGrid>${`<w:tr>${head}${tc.repeat(cells)}</w:tr>`.repeat(rows)}</w:tbl>`;
}

/** Paragraphs each ending a next-column section, with column counts and widths that change. */
function nextColumnEverywhere(r: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    const cols = r.chance(0.5) ? `<w:cols w:num="${r.pick(['1', '2', '45', '1000', '0', '-3'])}" w:space="${r.pick(TWIPS)}"/>` : unequalCols(r, r.pick([1, 2, 7, 45]));
    s += para(`n${i}`) + sectionEnd(r.pick(['nextColumn', 'nextColumn', 'continuous', 'oddPage']), cols);
  }
  return s;
}

/** Odd/even section breaks in a row, some with a title page and page-number restarts. */
function oddEvenBreaks(r: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    const extra = (r.chance(0.5) ? '<w:titlePg/>' : '') + `<w:pgNumType w:start="${r.pick(['0', '1', '2147483647', '-1'])}"/>`;
    s += (r.chance(0.5) ? para(`c${i}`) : '') + sectionEnd(r.pick(['oddPage', 'evenPage']), '', extra);
  }
  return s;
}

/** Text and column breaks, then a continuous section end with `cols` (balanced before it). */
function breaksBeforeBalance(r: Rng, breaks: number, cols: string): string {
  const br = '<w:r><w:br w:type="column"/></w:r>';
  const body = r.chance(0.5) ? `<w:p>${(wr('line of text ') + br).repeat(breaks)}</w:p>` : `${para('a')}<w:p>${br}</w:p>`.repeat(breaks);
  return body + sectionEnd('continuous', cols) + para('after the balanced section');
}

/** Footnote references in a paragraph laid out in 1-twip (or hostile) unequal columns. */
function notesInThinColumns(r: Rng, refs: number): string {
  const ref = '<w:r><w:footnoteReference w:id="1"/></w:r><w:r><w:endnoteReference w:id="1"/></w:r>';
  const cols = `<w:cols w:num="3" w:space="0" w:equalWidth="0"><w:col w:w="${r.pick(['1', '0', '-1'])}" w:space="0"/><w:col w:w="9000" w:space="${r.pick(TWIPS)}"/><w:col w:w="1" w:space="0"/></w:cols>`;
  return `<w:p>${(wr('word ') + ref).repeat(refs)}</w:p>` + sectionEnd(r.pick(['continuous', 'nextPage']), cols, '<w:footnotePr><w:numFmt w:val="decimal"/></w:footnotePr>');
}

/** Every way to put m:brk into nested inline math: runs, fractions, scripts, radicals, n-ary, delimiters. */
function nestedBreaks(r: Rng, depth: number): string {
  const brk = `<m:brk m:alnAt="${r.pick(['1', '0', '-1', '2147483647'])}"/>`;
  const b = (t: string) => mr(t, brk);
  let inner = b('x') + mr('+') + b('−') + b('');
  for (let i = 0; i < depth; i++) {
    const w = r.int(5);
    if (w === 0) inner = `<m:f><m:num>${inner}${b('+')}</m:num><m:den>${b('y')}</m:den></m:f>`;
    else if (w === 1) inner = `<m:sSubSup><m:e>${inner}</m:e><m:sub>${b('i')}</m:sub><m:sup>${b('2')}</m:sup></m:sSubSup>${b('=')}`;
    else if (w === 2) inner = `<m:rad><m:deg>${b('3')}</m:deg><m:e>${inner}</m:e></m:rad>${b('+')}`;
    else if (w === 3) inner = `<m:nary><m:naryPr><m:chr m:val="∑"/></m:naryPr><m:sub>${b('k')}</m:sub><m:sup>${b('n')}</m:sup><m:e>${inner}</m:e></m:nary>`;
    else inner = `<m:d><m:e>${inner}</m:e><m:e>${b(',')}</m:e></m:d>${b('×')}`;
  }
  const math = `<m:oMath>${inner}</m:oMath>`;
  return `<w:p>${wr('text ')}${math}${wr(' between ')}${math}${wr(' end')}</w:p>`;
}

/** An equation array spread to the line (m:maxDist, m:objDist) with `amps` alignment points per row. */
function spreadArray(rows: number, amps: number, nested: boolean): string {
  const pr = '<m:eqArrPr><m:maxDist/><m:objDist/><m:rSp m:val="0"/></m:eqArrPr>';
  const row = `<m:e>${(mr('a') + mr('&amp;') + mr('=')).repeat(amps)}${mr('b')}</m:e>`;
  const arr = `<m:eqArr>${pr}${row.repeat(rows)}</m:eqArr>`;
  return nested ? `<m:eqArr>${pr}<m:e>${arr}${mr('&amp;')}${arr}</m:e><m:e><m:f><m:num>${arr}</m:num><m:den>${mr('d')}</m:den></m:f></m:e></m:eqArr>` : arr;
}

const spreadMath = (r: Rng, inner: string) =>
  r.chance(0.5) ? `<w:p>${wr('so ')}<m:oMath>${inner}</m:oMath>${wr(' then')}</w:p>` : `<w:p><m:oMathPara><m:oMath>${inner}</m:oMath></m:oMathPara></w:p>`;

/** The session-20 story snippets by name. */
export const FEATURE20_SNIPPETS: Record<string, (r: Rng) => string> = {
  // Row and cell counts kept under 20,000 cells: 189,000 take about 1.4 GB in any columns (a table's own cost).
  tableAcrossUnequalCols: (r) => thinTable(r, ...r.pick<[number, number]>([[40, 63], [400, 3], [3_000, 1], [3_000, 6]])) + sectionEnd('continuous', unequalCols(r, r.pick([2, 3, 45]))),
  nextColumnEverywhere: (r) => nextColumnEverywhere(r, r.pick([20, 300, 2_000])),
  oddEvenBreaks: (r) => oddEvenBreaks(r, r.pick([10, 300, 1_500])),
  breaksBeforeBalance: (r) => breaksBeforeBalance(r, r.pick([3, 100, 3_000]), r.chance(0.5) ? `<w:cols w:num="${r.pick(['2', '45', '1000'])}" w:space="${r.pick(TWIPS)}"/>` : unequalCols(r, r.pick([2, 45]))),
  // Every move into a column of another width lays the block out again: long blocks across many such columns
  // (100,000 words in its 5 pt columns are 200,000 lines of about 1.2 KB each while the passes run: the lines' own cost).
  longParaUnequalCols: (r) => para('ab '.repeat(r.pick([2_000, 20_000, 60_000]))) + sectionEnd('continuous', `<w:cols w:num="45" w:space="0" w:equalWidth="0">${Array.from({ length: 45 }, (_, i) => `<w:col w:w="${100 + i * 4}" w:space="0"/>`).join('')}</w:cols>`),
  notesInThinColumns: (r) => notesInThinColumns(r, r.pick([1, 50, 1_000])),
  inlineMathBreaks: (r) => nestedBreaks(r, r.pick([3, 30, 120])),
  spreadEqArr: (r) => spreadMath(r, spreadArray(...r.pick<[number, number]>([[2, 1_000], [1_000, 2], [3, 3]]), r.chance(0.3))),
};
