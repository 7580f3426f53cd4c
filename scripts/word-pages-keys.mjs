// The pure part of scripts/word-pages.mjs: from a document's XML, the keys of Word's saved page starts
// (<w:lastRenderedPageBreak/>), and whether a page's extracted text opens with one. No I/O here, so
// tests/scripts/word-pages.test.ts can check each rule on a small fixture.

/**
 * Letters and digits only, in lower case: extraction differs in spaces, hyphens and quotes, not in
 * these, and text in w:caps or w:smallCaps runs is stored in lower case but drawn in capitals.
 */
export const norm = (s) => s.replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase();

/** How much text after a mark identifies it, and the least worth trusting. */
export const KEY = 30;
export const MIN_KEY = 12;
/** How far into a page the key may start and still count as opening it (a header line, a number). */
export const SLACK = 150;
/** How much of the body text just before a mark must not come before its key on the page. */
export const TAIL = 8;

const MARK = '<w:lastRenderedPageBreak/>';

/** The text of an XML text node: the five predefined entities and character references decoded. */
const ENTITIES = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
export function xmlText(s) {
  return s.replace(/&(lt|gt|amp|quot|apos|#x[0-9a-fA-F]+|#[0-9]+);/g, (_, e) =>
    e[0] !== '#' ? ENTITIES[e] : String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1))));
}

/**
 * The keys of a document's page-start marks (the body's own text after each mark): `mark` is the
 * mark's place among all the document's marks (from 1), `key` its text, `tail` the text before it.
 */
export function markKeys(xml) {
  const keys = [];
  const sections = sectionsOf(xml);
  let section = 0;
  let mark = 0;
  for (let at = xml.indexOf(MARK); at >= 0; at = xml.indexOf(MARK, at + MARK.length)) {
    mark++;
    // Word writes the mark at column starts too, and a column start need not open a page: marks in
    // sections of several columns are left out. A section ends at its w:sectPr.
    while (section < sections.length - 1 && sections[section].end < at) section++;
    if (sections[section]?.columns) continue;
    // Word also writes the mark in the first paragraph after a continuous section break, where its
    // layout starts the new section on the same page: oxsdk-complex2010 (9 pages in app.xml) has it
    // in 15 of the 17 paragraphs that open a continuous section (the other two are empty, with no
    // run to hold it). Such a mark need not open a page: it is left out.
    if (sections[section]?.continuous && section > 0 && opensSection(xml, sections[section - 1].end, at)) continue;
    let text = '';
    for (const m of xml.slice(at + MARK.length, at + MARK.length + 8000).matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)) {
      text += xmlText(m[1]);
      if (norm(text).length >= KEY) break;
    }
    const key = norm(text).slice(0, KEY);
    if (key.length >= MIN_KEY) keys.push({ mark, key, tail: tailBefore(xml, at) });
  }
  return keys;
}

/**
 * The last TAIL letters and digits of the body text before a mark. A page whose text before the key
 * ends with them starts a line or more before Word's page did: the slack must not count it.
 */
function tailBefore(xml, at) {
  const texts = [...xml.slice(Math.max(0, at - 8000), at).matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)];
  let text = '';
  for (let i = texts.length - 1; i >= 0 && norm(text).length < TAIL; i--) text = xmlText(texts[i][1]) + text;
  const tail = norm(text).slice(-TAIL);
  return tail.length === TAIL ? tail : '';
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
 * Where a mark's key opens a page: the first occurrence of the key in the page's normalised text,
 * when it starts within SLACK and the text before it does not end with the mark's tail; -1 otherwise.
 */
export function keyOpens(page, { key, tail }) {
  const i = page.slice(0, key.length + SLACK).indexOf(key);
  return i >= 0 && !(tail && page.slice(0, i).endsWith(tail)) ? i : -1;
}

/** The first page (from 0) that a mark's key opens, -1 when none does. */
export function pageOpened(pages, mark) {
  return pages.findIndex((p) => keyOpens(p, mark) >= 0);
}
