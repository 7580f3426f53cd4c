// Word's own pagination, read from the documents: Word writes <w:lastRenderedPageBreak/> where its last
// render of a document started a new page. For each dev document with such marks, this counts how many of
// those page starts a PDF reproduces (the text after the mark opens one of its pages), for our PDFs and,
// for comparison, LibreOffice's reference renders. It is evidence of what Word does for the documents that
// have no Word rendering; the marks can be stale when a file was edited after Word last laid it out.
//
//   node scripts/word-pages.mjs [CAND_PDF_DIR] [--json OUT.json]
// CAND_PDF_DIR defaults to .fidelity/dev/pdf (where `npm run fidelity` writes our PDFs). Needs pdftotext.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shared = resolve(process.env.COLOPHON_SHARED ?? join(root, '..', 'shared'));
const docxDir = join(shared, 'corpus', 'docx', 'dev');
const refDir = join(shared, 'corpus', 'docx', 'dev-ref');
const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonOut = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
const cand = resolve(args.find((a, i) => !a.startsWith('--') && (jsonAt < 0 || i !== jsonAt + 1)) ?? join(root, '.fidelity', 'dev', 'pdf'));
if (!existsSync(docxDir)) {
  console.log(`word-pages: skipped — no corpus at ${docxDir}.`);
  process.exit(0);
}
if (spawnSync('pdftotext', ['-v']).error) {
  console.log('word-pages: skipped — pdftotext (poppler-utils) is not installed.');
  process.exit(0);
}

/**
 * Letters and digits only, in lower case: extraction differs in spaces, hyphens and quotes, not in
 * these, and text in w:caps or w:smallCaps runs is stored in lower case but drawn in capitals.
 */
const norm = (s) => s.replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase();
/** How much text after a mark identifies it, and the least worth trusting. */
const KEY = 30;
const MIN_KEY = 12;
/** How far into a page the key may start and still count as opening it (a header line, a number). */
const SLACK = 150;
/** How much of the body text just before a mark must not come before its key on the page. */
const TAIL = 8;

/** The package's main document and the page count Word saved in docProps/app.xml (when it did). */
function readPackage(docx) {
  try {
    const z = unzipSync(readFileSync(docx), { filter: (f) => f.name === 'word/document.xml' || f.name === 'docProps/app.xml' });
    const app = z['docProps/app.xml'] ? strFromU8(z['docProps/app.xml']) : '';
    const wordApp = /<Application>\s*Microsoft Office Word/i.test(app);
    const pages = wordApp ? Number(/<Pages>(\d+)<\/Pages>/.exec(app)?.[1] ?? NaN) : NaN;
    return { xml: z['word/document.xml'] ? strFromU8(z['word/document.xml']) : '', pages: Number.isFinite(pages) && pages > 0 ? pages : undefined };
  } catch {
    return { xml: '', pages: undefined };
  }
}

/** The text of an XML text node: the five predefined entities and character references decoded. */
const ENTITIES = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
function xmlText(s) {
  return s.replace(/&(lt|gt|amp|quot|apos|#x[0-9a-fA-F]+|#[0-9]+);/g, (_, e) =>
    e[0] !== '#' ? ENTITIES[e] : String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1))));
}

/** The text keys of a document's page-start marks (the body's own text after each mark). */
function markKeys(xml) {
  const MARK = '<w:lastRenderedPageBreak/>';
  const keys = [];
  const sections = sectionsOf(xml);
  let section = 0;
  for (let at = xml.indexOf(MARK); at >= 0; at = xml.indexOf(MARK, at + MARK.length)) {
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
    if (key.length >= MIN_KEY) keys.push({ key, tail: tailBefore(xml, at) });
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

/** Each page's text, normalised, read once per PDF (undefined when it is missing or unreadable). */
const pageTexts = new Map();
function pagesOf(pdf) {
  if (!pageTexts.has(pdf)) {
    const r = existsSync(pdf) ? spawnSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }) : undefined;
    // pdftotext ends every page with a form feed: the last piece of the split is not a page.
    pageTexts.set(pdf, r?.status === 0 ? r.stdout.split('\f').slice(0, -1).map(norm) : undefined);
  }
  return pageTexts.get(pdf);
}

/** How many keys open a page of the PDF (undefined when the PDF is missing or unreadable). */
function matched(keys, pdf) {
  const pages = pagesOf(pdf);
  if (!pages) return undefined;
  return keys.filter(({ key, tail }) =>
    pages.some((p) => {
      const i = p.slice(0, key.length + SLACK).indexOf(key);
      return i >= 0 && !(tail && p.slice(0, i).endsWith(tail));
    }),
  ).length;
}

/** A PDF's page count. */
function pageCount(pdf) {
  return pagesOf(pdf)?.length;
}

const rows = [];
const counts = { documents: 0, ours: 0, libreoffice: 0 };
for (const file of readdirSync(docxDir).filter((f) => f.endsWith('.docx')).sort()) {
  const name = file.slice(0, -5);
  const oursPdf = join(cand, `${name}.pdf`);
  if (!existsSync(oursPdf)) continue;
  const { xml, pages } = readPackage(join(docxDir, file));
  // Word's saved page count, against ours and LibreOffice's (the same staleness caveat applies).
  if (pages !== undefined) {
    counts.documents++;
    if (pageCount(oursPdf) === pages) counts.ours++;
    if (pageCount(join(refDir, `${name}.pdf`)) === pages) counts.libreoffice++;
  }
  const keys = markKeys(xml);
  if (keys.length < 3) continue;
  const ours = matched(keys, oursPdf);
  if (ours === undefined) continue;
  rows.push({ name, marks: keys.length, ours, libreoffice: matched(keys, join(refDir, `${name}.pdf`)), wordPages: pages });
}
const sum = (k) => rows.reduce((s, r) => s + (r[k] ?? 0), 0);
const marks = sum('marks');
for (const r of rows) console.log(`${r.name.slice(0, 58).padEnd(58)} marks ${String(r.marks).padStart(3)}  ours ${String(r.ours).padStart(3)}  LibreOffice ${String(r.libreoffice ?? '-').padStart(3)}`);
console.log(
  `\nword-pages: Word's page starts reproduced over ${rows.length} documents: ours ${sum('ours')}/${marks} ` +
    `(${((100 * sum('ours')) / Math.max(1, marks)).toFixed(1)}%), LibreOffice's render ${sum('libreoffice')}/${marks}`,
);
console.log(`word-pages: Word's saved page count (docProps/app.xml) matched: ours ${counts.ours}/${counts.documents}, LibreOffice's render ${counts.libreoffice}/${counts.documents}`);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ documents: rows, marks, ours: sum('ours'), libreoffice: sum('libreoffice'), pageCounts: counts }, null, 2));
