// Word's own pagination, read from the documents: Word writes <w:lastRenderedPageBreak/> where its last
// render of a document started a new page. For each dev document with such marks, this counts how many of
// those page starts a PDF reproduces (the text after the mark opens one of its pages), for our PDFs and,
// for comparison, LibreOffice's reference renders. It is evidence of what Word does for the documents that
// have no Word rendering; the marks can be stale when a file was edited after Word last laid it out.
//
//   node scripts/word-pages.mjs [CAND_PDF_DIR] [--json OUT.json] [--marks MARKS.json]
// --marks writes each counted mark (its place among the document's marks, its key) with the page it
// opens in each PDF (from 1; 0 when none does). The keys and the matching are in word-pages-keys.mjs.
// Counts follow the robust rules (ROBUST in word-pages-body.mjs; each page read both as pdftotext
// reads it by default and with -layout); the counts by the first rules, made before those, are shown
// beside them ("first rules") so figures stay comparable.
// CAND_PDF_DIR defaults to .fidelity/dev/pdf (where `npm run fidelity` writes our PDFs). Needs pdftotext.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';
import { markKeys, norm, pagesOpened } from './word-pages-keys.mjs';

const FIRST_RULES = { robust: false };

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shared = resolve(process.env.COLOPHON_SHARED ?? join(root, '..', 'shared'));
const docxDir = join(shared, 'corpus', 'docx', 'dev');
const refDir = join(shared, 'corpus', 'docx', 'dev-ref');
const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonOut = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
const marksAt = args.indexOf('--marks');
const marksOut = marksAt >= 0 ? args[marksAt + 1] : undefined;
const cand = resolve(args.find((a, i) => !a.startsWith('--') && (jsonAt < 0 || i !== jsonAt + 1) && (marksAt < 0 || i !== marksAt + 1)) ?? join(root, '.fidelity', 'dev', 'pdf'));
if (!existsSync(docxDir)) {
  console.log(`word-pages: skipped — no corpus at ${docxDir}.`);
  process.exit(0);
}
if (spawnSync('pdftotext', ['-v']).error) {
  console.log('word-pages: skipped — pdftotext (poppler-utils) is not installed.');
  process.exit(0);
}

/** The package's main document, its styles and the page count Word saved in docProps/app.xml (when it did). */
const PARTS = ['word/document.xml', 'word/styles.xml', 'docProps/app.xml'];
function readPackage(docx) {
  try {
    const z = unzipSync(readFileSync(docx), { filter: (f) => PARTS.includes(f.name) });
    const app = z['docProps/app.xml'] ? strFromU8(z['docProps/app.xml']) : '';
    const wordApp = /<Application>\s*Microsoft Office Word/i.test(app);
    const pages = wordApp ? Number(/<Pages>(\d+)<\/Pages>/.exec(app)?.[1] ?? NaN) : NaN;
    const part = (name) => (z[name] ? strFromU8(z[name]) : '');
    return { xml: part('word/document.xml'), styles: part('word/styles.xml'), pages: Number.isFinite(pages) && pages > 0 ? pages : undefined };
  } catch {
    return { xml: '', styles: '', pages: undefined };
  }
}

/**
 * Each page's text, normalised, read once per PDF and reading (pdftotext's default order, or
 * `layout`: -layout's lines across the page); undefined when the PDF is missing or unreadable.
 */
const pageTexts = new Map();
function pagesOf(pdf, layout = false) {
  const at = `${layout ? 'layout:' : ''}${pdf}`;
  if (!pageTexts.has(at)) {
    const args = ['-enc', 'UTF-8', ...(layout ? ['-layout'] : []), pdf, '-'];
    const r = existsSync(pdf) ? spawnSync('pdftotext', args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }) : undefined;
    // pdftotext ends every page with a form feed: the last piece of the split is not a page.
    pageTexts.set(at, r?.status === 0 ? r.stdout.split('\f').slice(0, -1).map(norm) : undefined);
  }
  return pageTexts.get(at);
}

/**
 * Which page of the PDF each key opens (from 1, 0 for none; undefined when the PDF is missing or
 * unreadable), by the robust rules, or by the first rules (`first`: the default reading only).
 */
function opened(keys, pdf, first = false) {
  const pages = pagesOf(pdf);
  if (!pages) return undefined;
  const found = first ? pagesOpened(pages, keys, FIRST_RULES) : pagesOpened(pages, keys, undefined, [pagesOf(pdf, true) ?? []]);
  return found.map((p) => p + 1);
}

/** A PDF's page count. */
function pageCount(pdf) {
  return pagesOf(pdf)?.length;
}

const rows = [];
const details = [];
const counts = { documents: 0, ours: 0, libreoffice: 0 };
for (const file of readdirSync(docxDir).filter((f) => f.endsWith('.docx')).sort()) {
  const name = file.slice(0, -5);
  const oursPdf = join(cand, `${name}.pdf`);
  if (!existsSync(oursPdf)) continue;
  const { xml, styles, pages } = readPackage(join(docxDir, file));
  // Word's saved page count, against ours and LibreOffice's (the same staleness caveat applies).
  if (pages !== undefined) {
    counts.documents++;
    if (pageCount(oursPdf) === pages) counts.ours++;
    if (pageCount(join(refDir, `${name}.pdf`)) === pages) counts.libreoffice++;
  }
  const keys = markKeys(xml, styles);
  const firstKeys = markKeys(xml, styles, FIRST_RULES);
  if (keys.length < 3 && firstKeys.length < 3) continue;
  const ours = opened(keys, oursPdf);
  if (ours === undefined) continue;
  const libreoffice = opened(keys, join(refDir, `${name}.pdf`));
  const count = (at) => at?.filter((p) => p > 0).length;
  const first = {
    marks: firstKeys.length,
    ours: count(opened(firstKeys, oursPdf, true)),
    libreoffice: count(opened(firstKeys, join(refDir, `${name}.pdf`), true)),
  };
  rows.push({ name, marks: keys.length, ours: count(ours), libreoffice: count(libreoffice), wordPages: pages, first });
  details.push({ name, marks: keys.map((k, i) => ({ mark: k.mark, key: k.key, ours: ours[i], libreoffice: libreoffice?.[i] })) });
}
const sum = (k, of = (r) => r) => rows.reduce((s, r) => s + (of(r)[k] ?? 0), 0);
const marks = sum('marks');
const pad = (v, n) => String(v ?? '-').padStart(n);
console.log(`${''.padEnd(58)} ${'robust rules'.padEnd(34)} first rules`);
for (const r of rows) {
  const { first } = r;
  console.log(
    `${r.name.slice(0, 58).padEnd(58)} marks ${pad(r.marks, 3)}  ours ${pad(r.ours, 3)}  LibreOffice ${pad(r.libreoffice, 3)}   ` +
      `marks ${pad(first.marks, 3)}  ours ${pad(first.ours, 3)}  LibreOffice ${pad(first.libreoffice, 3)}`,
  );
}
const firstOf = (r) => r.first;
console.log(
  `\nword-pages: Word's page starts reproduced over ${rows.length} documents: ours ${sum('ours')}/${marks} ` +
    `(${((100 * sum('ours')) / Math.max(1, marks)).toFixed(1)}%), LibreOffice's render ${sum('libreoffice')}/${marks}` +
    ` (first rules: ours ${sum('ours', firstOf)}/${sum('marks', firstOf)}, LibreOffice's render ${sum('libreoffice', firstOf)}/${sum('marks', firstOf)})`,
);
console.log(`word-pages: Word's saved page count (docProps/app.xml) matched: ours ${counts.ours}/${counts.documents}, LibreOffice's render ${counts.libreoffice}/${counts.documents}`);
if (marksOut) writeFileSync(marksOut, JSON.stringify(details, null, 1));
const firstRules = { marks: sum('marks', firstOf), ours: sum('ours', firstOf), libreoffice: sum('libreoffice', firstOf) };
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ documents: rows, marks, ours: sum('ours'), libreoffice: sum('libreoffice'), firstRules, pageCounts: counts }, null, 2));
