// The pure part of scripts/word-pages.mjs: from a document's XML, the keys of Word's saved page starts
// (<w:lastRenderedPageBreak/>), and which page of a PDF's extracted text each one opens. No I/O here,
// so tests/scripts/word-pages.test.ts can check each rule on a small fixture. The drawn text the keys
// are cut from is read by word-pages-body.mjs.
//
// Every rule here must hold for any renderer: it describes what is drawn and how pdftotext orders it,
// never how one layout breaks pages.
import { bodyText, readStyles, ROBUST, SLACK } from './word-pages-body.mjs';

export { bodyText, norm, readStyles, ROBUST, SLACK, LABEL } from './word-pages-body.mjs';

/** How much text after a mark identifies it, and the least worth trusting. */
export const KEY = 30;
export const MIN_KEY = 12;
/** How much of the body text just before a mark must not come before its key on the page. */
export const TAIL = 8;
/**
 * How much body text before a mark must be on the page before when the key starts further into its
 * page than SLACK (text of pictures, text boxes or a long header can come first in extraction order).
 */
export const FAR_TAIL = 20;

/**
 * The keys of a document's page-start marks: `mark` is the mark's place among all the document's marks
 * (from 1), `pieces` the body's drawn text after it, each piece with the `gap` of unknown text that may
 * come before it on the page, `key` the same as one string (pieces joined by '…'), `tail` and `farTail`
 * the drawn text before it (TAIL and FAR_TAIL long) with `lead`, the gap between them and the key,
 * `rank` and `copies` how many times the key's text occurs in the body before the mark and in all.
 * `styles` is word/styles.xml (hidden text and numbering through styles); without it only direct
 * formatting counts. `rules` are the body's (ROBUST in word-pages-body.mjs).
 */
export function markKeys(xml, styles = '', rules = ROBUST) {
  const body = bodyText(xml, readStyles(styles), rules);
  const starts = pageStarts(xml, body);
  const keys = [];
  starts.forEach(({ pos, seam, index, row, cell }, k) => {
    // The key ends where Word's next page starts: text after the next mark was not on this page, and
    // a key that runs into it (a page with a short heading only) cannot open it.
    const end = starts[k + 1]?.pos ?? body.text.length;
    // In a table cell the key ends with the cell: the row's other cells may end on the page before
    // or go on beside it, in an order extraction does not keep. It goes on after the row, past up
    // to as many letters as the rest of the row holds.
    const ranges = [{ from: pos, to: end }];
    if (cell !== undefined && body.cells[cell].end < end) {
      const cellEnd = body.cells[cell].end;
      const rowEnd = Math.min(body.rows[row].end, end);
      ranges.splice(0, 1, { from: pos, to: cellEnd }, { from: rowEnd, to: end, gap: rowEnd - cellEnd });
    }
    const pieces = piecesAfter(body, seam, ranges);
    if (pieces.reduce((n, p) => n + p.text.length, 0) < MIN_KEY) return;
    // A typed label at the mark is read after it (its tab comes later), but may be drawn before the key.
    const lead = body.seams.filter((s, i) => s.pos === pos && s.kind !== 'stop' && (i < seam || s.kind === 'typed')).reduce((g, s) => g + s.gap, 0);
    // Where the key's text repeats in the body, which of its occurrences the mark's is.
    const found = occurrences(body.text, pieces);
    const rank = found.filter((at) => at < pos).length;
    keys.push({ mark: index + 1, key: pieces.map((p) => p.text).join('…'), pieces, lead, tail: piecesBefore(body, pos, seam, TAIL), farTail: piecesBefore(body, pos, seam, FAR_TAIL), rank, copies: found.length });
  });
  return keys;
}

/** The marks that start a page of the body, each with its `index` among all the document's marks. */
function pageStarts(xml, body) {
  const sections = sectionsOf(xml);
  const rowOwner = new Map();
  // The rows that run onto a page: a mark falls inside one of their cells, after its start.
  const split = new Set(body.marks.filter((m) => m.row !== undefined && m.drawn && m.pos > body.cells[m.cell].start).map((m) => m.row));
  let section = 0;
  return body.marks.map((m, index) => ({ ...m, index })).filter(({ at, drawn, pos, row, cell }) => {
    // Word writes the mark at column starts too, and a column start need not open a page: marks in
    // sections of several columns are left out. A section ends at its w:sectPr.
    while (section < sections.length - 1 && sections[section].end < at) section++;
    if (sections[section]?.columns) return false;
    // Word also writes the mark in the first paragraph after a continuous section break, where its
    // layout starts the new section on the same page: oxsdk-complex2010 (9 pages in app.xml) has it
    // in 15 of the 17 paragraphs that open a continuous section (the other two are empty, with no
    // run to hold it). Such a mark need not open a page: it is left out.
    if (sections[section]?.continuous && section > 0 && opensSection(xml, sections[section - 1].end, at)) return false;
    // A mark inside a text box does not start a page of the body.
    if (!drawn) return false;
    if (row === undefined) return true;
    // Where a table row runs onto a page, Word writes the mark where each of its cells goes on, at
    // the start of cells that go on whole, and at the start of the next row of the table, which
    // follows the row's end on the same page: docling-docx_rich_tables_01 (6 pages in app.xml) has
    // 15 marks for its 5 page starts, one cell holding two (at its start and in its middle), and
    // after 4 of its 5 split rows the next row opens with one; docx4j-rFonts has one after each of
    // its 7. The page start is counted in the row's first cell with a mark; the others repeat it.
    const { previous } = body.rows[row];
    if (previous !== undefined && split.has(previous) && pos === body.rows[row].start && body.cells[cell].index === 0) return false;
    if (!rowOwner.has(row)) rowOwner.set(row, cell);
    return rowOwner.get(row) === cell;
  });
}

/**
 * The drawn text of `ranges` (the first from the mark's `pos`, whose first seam is `seam`; a later
 * one after a `gap` of text that may or may not be on the page), at most KEY letters and digits, cut
 * in pieces where extraction may put unknown text (a list label, a note reference). Seams at the
 * mark's `pos` come before the key, which the slack allows. A page or column break ends the key: the
 * text after it is on another page. A typed label's letters are left out, a gap as long in their
 * place: the page may hold them there or elsewhere.
 */
function piecesAfter(body, seam, ranges) {
  const pieces = [{ gap: 0, text: '' }];
  let length = 0;
  const piece = (gap) => {
    const last = pieces[pieces.length - 1];
    if (last.text === '') last.gap += gap;
    else pieces.push({ gap, text: '' });
  };
  for (const [r, { from, to, gap }] of ranges.entries()) {
    if (length >= KEY) break;
    if (r > 0) piece(gap);
    let at = from;
    const take = (upTo) => {
      const text = body.text.slice(at, Math.min(upTo, to, at + KEY - length));
      pieces[pieces.length - 1].text += text;
      length += text.length;
      at = upTo;
    };
    for (const s of body.seams.slice(seam)) {
      if (s.pos < from) continue;
      if (s.pos >= to || length >= KEY) break;
      take(s.pos);
      if (length >= KEY || s.kind === 'stop') return pieces;
      if (s.kind === 'typed') at = Math.min(to, s.pos + s.skip);
      if (r === 0 && s.pos === from) continue;
      piece(s.gap);
    }
    if (length < KEY) take(to);
  }
  return pieces.filter((p, i) => i === 0 || p.text !== '');
}

/** The last `size` letters and digits drawn before `pos` (none when there are fewer), in pieces. */
function piecesBefore(body, pos, seam, size) {
  if (pos < size) return [];
  // A seam at j lets unknown text come between the letters at j - 1 and j.
  const gaps = new Map();
  for (const s of body.seams.slice(0, seam)) if (s.pos < pos && s.kind !== 'stop' && s.kind !== 'typed') gaps.set(s.pos, (gaps.get(s.pos) ?? 0) + s.gap);
  const pieces = [{ gap: 0, text: '' }];
  for (let j = pos - 1, n = 1; n <= size; j--, n++) {
    pieces[0].text = body.text[j] + pieces[0].text;
    if (n < size && gaps.has(j)) {
      pieces[0].gap = gaps.get(j);
      pieces.unshift({ gap: 0, text: '' });
    }
  }
  return pieces;
}

/** The document's sections in order: where each one's w:sectPr is, and whether it has several columns. */
function sectionsOf(xml) {
  const out = [];
  for (let start = xml.indexOf('<w:sectPr'); start >= 0; start = xml.indexOf('<w:sectPr', start + 1)) {
    const end = xml.indexOf('</w:sectPr>', start);
    const sect = xml.slice(start, end < 0 ? undefined : end);
    const num = /<w:cols\b[^>]*\bw:num="(\d+)"/.exec(sect);
    out.push({
      end: start,
      columns: (num !== null && Number(num[1]) > 1) || (sect.match(/<w:col\b/g) ?? []).length > 1,
      continuous: /<w:type\b[^>]*\bw:val="continuous"/.test(sect),
    });
  }
  return out;
}

/**
 * Whether the mark at `at` is in the first paragraph after the w:sectPr at `prevSect` (which sits in
 * the previous section's last paragraph): only that paragraph's end comes between them.
 */
function opensSection(xml, prevSect, at) {
  let ends = 0;
  for (let i = xml.indexOf('</w:p>', prevSect); i >= 0 && i < at && ends < 2; i = xml.indexOf('</w:p>', i + 1)) ends++;
  return ends === 1;
}

/**
 * A pattern for pieces of normalised text, each after up to its gap of any letters or digits. It is
 * used without the u flag: keys are cut in UTF-16 code units, and one cut inside a surrogate pair
 * (a CJK Extension B letter) must still match; normalised text holds no regular-expression syntax.
 */
function patternOf(pieces) {
  return pieces.map((p) => (p.gap > 0 ? `.{0,${p.gap}}` : '') + p.text).join('');
}

/**
 * Where a mark's key opens a page (its index in the page's normalised text, -1 when it does not):
 * the key's first occurrence, when the text before it does not end with the mark's tail (the page
 * started a line or more before Word's did), and it starts within SLACK — or further, when the text
 * before it holds none of the tail and the page before (`previous`) holds the FAR_TAIL text before
 * the mark but not the key: then the page break falls at the mark, and what comes first on the page
 * is not body text (a picture's or a text box's text, a long header).
 * `head` (robust rules) gives how much of the text before the key is the page's running head: a tail
 * found only in it is the header's text, not the line before the mark (oxsdk-BackgroundReport's
 * header ends "governance arrangements", as does the paragraph its page 17 goes on with).
 * `across` says the page was read across its lines (pdftotext -layout): a table row's cells then come
 * between a cell's lines, so the tail must not be anywhere before the key, not only not just before it.
 */
export function keyOpens(page, mark, previous, head, across = false) {
  const key = new RegExp(patternOf(mark.pieces));
  const found = key.exec(page);
  if (!found) return -1;
  const before = page.slice(0, found.index);
  const tail = mark.tail.length > 0 ? patternOf(mark.tail) : undefined;
  const ends = (text) => new RegExp(across ? tail : `${tail}.{0,${mark.lead}}$`).test(text);
  if (tail !== undefined && ends(before)) {
    const size = head?.(before) ?? 0;
    if (size === 0 || ends(before.slice(size))) return -1;
  }
  if (found.index <= SLACK) return found.index;
  if (tail === undefined || mark.farTail.length === 0 || previous === undefined) return -1;
  // The key found there must not be a repeat of text that began on the page before.
  return !new RegExp(tail).test(before) && new RegExp(patternOf(mark.farTail)).test(previous) && !key.test(previous) ? found.index : -1;
}

/**
 * Where `pieces` match in `text`, overlapping matches included; a gap before the first piece's text
 * is left out of the match (else every start within it would count).
 */
const textOf = (pieces) => new RegExp(patternOf([{ ...pieces[0], gap: 0 }, ...pieces.slice(1)]), 'g');
function occurrences(text, pieces) {
  const key = textOf(pieces);
  const out = [];
  for (let m = key.exec(text); m !== null; m = key.exec(text)) {
    out.push(m.index);
    key.lastIndex = m.index + 1;
  }
  return out;
}

/** A PDF's pages as one text, with where each page starts in it (computed once per pages array). */
const joined = new WeakMap();
function joinedOf(pages) {
  if (!joined.has(pages)) {
    const starts = [];
    let at = 0;
    for (const page of pages) {
      starts.push(at);
      at += page.length;
    }
    joined.set(pages, { text: pages.join(''), starts, found: new Map() });
  }
  return joined.get(pages);
}

/**
 * Whether the key found at `index` on page `p` can be the mark's own occurrence of its text: where
 * the text repeats in the body (a pasted paragraph, a table's title, a repeated news item), the body's
 * occurrences before the mark's (its `rank`) are drawn before it, so the match must be the PDF's
 * occurrence of that rank — give or take the occurrences the PDF holds more (a header, a text box's
 * text) or fewer (text extraction split) than the body.
 */
function rightCopy(pages, mark, p, index) {
  const all = joinedOf(pages);
  if (!all.found.has(mark)) all.found.set(mark, occurrences(all.text, mark.pieces));
  const found = all.found.get(mark);
  // The key's own text starts at the first occurrence at or after where its match (gap included) does.
  const at = found.find((i) => i >= all.starts[p] + index);
  const rank = found.filter((i) => i < at).length;
  const more = Math.max(0, found.length - mark.copies);
  const fewer = Math.max(0, mark.copies - found.length);
  return rank >= mark.rank - fewer && rank <= mark.rank + more;
}

/**
 * How much of `text`, the start of page `self`, is its running head: the longest start of it that at
 * least two other pages also open with, when that is at least MIN_KEY long (0 when none is). A start
 * that only one other page shares can be body text repeated (a pasted paragraph).
 */
export function runningHead(pages, self, text) {
  const shared = [];
  for (const [p, page] of pages.entries()) {
    if (p === self) continue;
    let n = 0;
    while (n < text.length && n < page.length && text[n] === page[n]) n++;
    shared.push(n);
  }
  const size = shared.sort((a, b) => b - a)[1] ?? 0;
  return size >= MIN_KEY ? size : 0;
}

/**
 * The first page (from 0) at or after `from` that a mark's key opens, -1 when none does. A mark
 * starts a page after another: it never opens the first. Robust `rules` let a running head hold
 * the tail (keyOpens).
 */
export function pageOpened(pages, mark, from = 1, rules = ROBUST, across = false) {
  for (let p = Math.max(from, 1); p < pages.length; p++) {
    const head = rules.robust ? (text) => runningHead(pages, p, text) : undefined;
    const index = keyOpens(pages[p], mark, pages[p - 1], head, across);
    if (index >= 0 && rightCopy(pages, mark, p, index)) return p;
  }
  return -1;
}

/**
 * The page (from 0, -1 for none) each of a document's marks opens. Marks come in document order and
 * so do the pages they open: each is looked for after the page the last one opened, so that a key
 * repeated in the document (a table's title, a pasted paragraph) cannot open an earlier page.
 * `readings` are extractions of the same pages read across their lines (pdftotext -layout, robust
 * rules; keyOpens' `across`): a mark opens the first page it opens in any of them. One reading order cannot serve every page: the plain one
 * splits a justified line at a wide space and reads a column of short labels, or a table's row
 * labels, as a block apart; the layout one reads a page's columns across.
 */
export function pagesOpened(pages, marks, rules = ROBUST, readings = []) {
  let from = 1;
  return marks.map((mark) => {
    const found = [pages, ...readings].map((reading, i) => pageOpened(reading, mark, from, rules, i > 0)).filter((p) => p >= 0);
    const p = found.length > 0 ? Math.min(...found) : -1;
    if (p >= 0) from = p + 1;
    return p;
  });
}
