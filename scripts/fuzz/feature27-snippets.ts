/**
 * Hostile story snippets for the code session 26 changed that the other snippets reach little: EQ fields
 * (\f fractions at the text's size and the other switches: deep nesting, empty and missing parts, huge
 * text, instructions split over many differently formatted runs), the render stage (many pages, many
 * fonts, glyph ids far past 16 bits' worth of a font's first glyphs, empty pages, symbol fonts), and the
 * shaped-word caches' bound on key characters (many distinct very long words, different in every case,
 * so a fuzz worker converting one document after another keeps meeting new ones).
 */
import type { Rng } from './rng';

const wr = (t: string, rPr = '') => `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${t}</w:t></w:r>`;
const instr = (t: string, rPr = '') => `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:instrText xml:space="preserve">${t}</w:instrText></w:r>`;
const fld = (type: string) => `<w:r><w:fldChar w:fldCharType="${type}"/></w:r>`;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An EQ field around instruction runs, with a cached result or none. */
function eqField(runs: string, r: Rng): string {
  const result = r.chance(0.5) ? `${fld('separate')}${wr(r.pick(['1/2', '', 'x'.repeat(500)]))}` : r.chance(0.5) ? fld('separate') : '';
  return `${fld('begin')}${runs}${result}${fld('end')}`;
}

/** The EQ commands with the switches that change their layout, each taking its arguments after. */
const COMMANDS = ['\\f', '\\f', '\\r', '\\s\\up8', '\\s\\do4', '\\s', '\\b\\lc\\{', '\\b\\bc\\[', '\\a\\co3', '\\a\\al\\co64\\hs2\\vs9', '\\o\\ac', '\\x\\to\\bo', '\\l', '\\i\\su', '\\i\\in', '\\d\\fo9\\li', '\\s\\up99999999999', '\\b\\rc\\)'];

/** `depth` commands nested in their first argument, each with `parts` arguments. */
function nestedEq(r: Rng, depth: number, parts: number, leaf: string): string {
  let s = leaf;
  for (let i = 0; i < depth; i++) {
    const args = [s, ...Array.from({ length: parts - 1 }, () => r.pick(['', 'y', leaf, ' ', '\\,', '(a,b)']))];
    s = `${r.pick(COMMANDS)}(${args.join(r.pick([',', ',', ';']))})`;
  }
  return s;
}

/** Broken and empty EQ forms: missing parentheses, parts, arguments and commands. */
const BROKEN_EQ = ['\\f(,)', '\\f()', '\\f(', '\\f)', '\\f', '\\f(,,,,,,,,)', '\\a\\co0()', '\\a\\co-5(1;2)', '\\r(,)', '\\s\\up()', '\\b\\lc\\(', '\\d\\fo()', '\\', '\\\\\\\\', '((((', '))))', ',,,;;;', '\\f(\\f(\\f(', '\\x(\\x(', '\\o(,,,,)', '\\i(,,)', '\\zz(1,2)'];

/** One EQ instruction of the given form. */
function eqInstruction(r: Rng): string {
  const form = r.pick(['deep', 'deep', 'broken', 'huge', 'many', 'wide']);
  if (form === 'deep') return nestedEq(r, r.pick([5, 33, 34, 200, 3_000]), r.pick([1, 2, 2, 3]), r.pick(['x', '1', '']));
  if (form === 'broken') return Array.from({ length: r.pick([1, 5, 50]) }, () => r.pick(BROKEN_EQ)).join(r.pick(['', ' ', 'x']));
  if (form === 'huge') return `\\f(${'x'.repeat(r.pick([1_000, 50_000, 99_000]))},${'y'.repeat(r.pick([0, 10, 99_000]))})`;
  if (form === 'many') return r.pick(['\\f(1,2)', '\\r(3,x)', '\\s\\up2(a)', '\\b(c)']).repeat(r.pick([100, 5_001, 12_000]));
  // A fraction whose parts are arrays of many cells or long lists.
  return `\\f(\\a\\co${r.pick([1, 64])}(${Array.from({ length: r.pick([10, 2_000]) }, (_, i) => `${i}`).join(',')}),\\l(${'a,'.repeat(r.pick([10, 3_000]))}))`;
}

/** EQ fields in a paragraph: the instruction in one run, or split over runs of other sizes, fonts and positions. */
function eqFields(r: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    const text = ` EQ ${eqInstruction(r)} `;
    let runs: string;
    if (r.chance(0.6)) runs = instr(esc(text), r.chance(0.5) ? `<w:sz w:val="${r.pick(['24', '1', '0', '3276', '1000000000'])}"/>` : '');
    else {
      // Split every few characters, the runs differently formatted (the props looked up per character).
      const step = r.pick([1, 3, 50]);
      runs = '';
      for (let p = 0; p < text.length && p < step * 2_000; p += step) {
        runs += instr(esc(text.slice(p, p + step)), `<w:sz w:val="${r.pick(['12', '24', '48', '3276'])}"/>${r.chance(0.3) ? '<w:rFonts w:ascii="Symbol" w:hAnsi="Symbol"/>' : ''}${r.chance(0.2) ? `<w:position w:val="${r.pick(['6', '-2147483648'])}"/>` : ''}`);
      }
    }
    s += eqField(runs, r) + (r.chance(0.5) ? wr(' t ') : '');
  }
  const pPr = r.chance(0.3) ? `<w:pPr><w:spacing w:line="${r.pick(['240', '1', '2147483647'])}" w:lineRule="${r.pick(['auto', 'exact'])}"/><w:jc w:val="${r.pick(['both', 'center', 'distribute'])}"/></w:pPr>` : '';
  return `<w:p>${pPr}${s}</w:p>`;
}

/** Families the campaign names: shipped ones, stand-ins with Word widths, symbol fonts and names no font has. */
const FAMILIES = ['Calibri', 'Cambria', 'Times New Roman', 'Arial', 'Courier New', 'Georgia', 'Verdana', 'Tahoma', 'Comic Sans MS', 'Aptos', 'Consolas', 'Symbol', 'Wingdings', 'Webdings', 'MS Mincho', 'SimSun', 'Lucida Sans Unicode', 'Segoe UI Emoji', 'Cambria Math'];

/** A run of text in a family (or a made-up one), with random bold, italic, caps and size. */
function fontRun(r: Rng, text: string, i: number): string {
  const family = r.chance(0.7) ? r.pick(FAMILIES) : `Fuzz Face ${i}`;
  const rPr = `<w:rFonts w:ascii="${family}" w:hAnsi="${family}" w:eastAsia="${family}" w:cs="${family}"/>${r.chance(0.3) ? '<w:b/>' : ''}${r.chance(0.3) ? '<w:i/>' : ''}${r.chance(0.1) ? '<w:caps/>' : ''}${r.chance(0.1) ? '<w:rtl/>' : ''}<w:sz w:val="${r.pick(['20', '24', '2', '200', '3276'])}"/>`;
  return wr(text, rPr);
}

/** Characters whose glyphs sit far into large fonts: Hangul syllables, CJK ideographs, emoji, astral and unassigned ones. */
function farCharacters(r: Rng, n: number): string {
  const ranges: Array<[number, number]> = [[0xac00, 11_172], [0x4e00, 20_992], [0x1f300, 768], [0x20000, 42_720], [0xe000, 6_400], [0x10000, 128], [0x0600, 256], [0xfb50, 688], [0x2c00, 96]];
  let s = '';
  for (let i = 0; i < n; i++) {
    const [start, count] = r.pick(ranges);
    s += String.fromCodePoint(start + r.int(count));
  }
  return esc(s);
}

/** A w:sym with a hostile character code in a symbol font or any other. */
function sym(r: Rng): string {
  const char = r.pick(['F0E8', 'F021', '0000', 'FFFF', 'D800', 'F0FF', '10FFFF', 'ZZZZ', '41', '-1']);
  return `<w:r><w:sym w:font="${r.pick(['Wingdings', 'Symbol', 'Webdings', 'Arial', 'No Such Font', ''])}" w:char="${char}"/></w:r>`;
}

/** Pages that each bring new fonts and far glyphs, some empty, some with only a symbol, in sections of hostile sizes. */
function pagesOfFonts(r: Rng, pages: number): string {
  let s = '';
  for (let p = 0; p < pages; p++) {
    const kind = r.int(10);
    if (kind < 2) s += '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
    else if (kind === 2) s += `<w:p>${sym(r)}<w:r><w:br w:type="page"/></w:r></w:p>`;
    else if (kind === 3) s += `<w:p><w:pPr><w:sectPr><w:pgSz w:w="${r.pick(['12240', '1', '31680'])}" w:h="${r.pick(['15840', '1', '31680'])}"/><w:pgMar w:top="0" w:right="0" w:bottom="0" w:left="0" w:header="0" w:footer="0" w:gutter="0"/></w:sectPr></w:pPr></w:p>`;
    else {
      let runs = '';
      for (let i = 0, n = r.pick([1, 3, 20]); i < n; i++) runs += fontRun(r, r.chance(0.5) ? farCharacters(r, r.pick([1, 10, 200])) : `text ${p}.${i} `, p * 100 + i);
      s += `<w:p>${runs}${r.chance(0.3) ? sym(r) : ''}<w:r><w:br w:type="page"/></w:r></w:p>`;
    }
  }
  return s;
}

/** Many fonts in one paragraph, each run a different family, some with far characters. */
function manyFonts(r: Rng, runs: number): string {
  let s = '';
  for (let i = 0; i < runs; i++) s += fontRun(r, r.chance(0.3) ? farCharacters(r, r.pick([1, 30])) : `f${i} `, i);
  return `<w:p>${s}</w:p>`;
}

/** Distinct long words, salted per case so successive documents in a worker do not share them. */
function distinctLongWords(r: Rng, words: number, length: number): string {
  const salt = r.int(1 << 30).toString(36);
  const alphabet = r.pick(['abcdefghijklmnopqrstuvwxyz', '\u4e00\u4e8c\u4e09\u56db\u4e94\u516d', '\u0627\u0628\u062a\u062b\u062c', 'abc\u0301\u0308']);
  let s = '';
  for (let i = 0; i < words; i++) {
    const stem = `${salt}${i.toString(36)}`;
    let w = stem;
    for (let k = 0; w.length < length; k++) w += alphabet[(k * 7 + i) % alphabet.length]!;
    s += `${w.slice(0, length)} `;
  }
  const rPr = r.chance(0.5) ? '' : `<w:rFonts w:ascii="${r.pick(FAMILIES)}" w:hAnsi="${r.pick(FAMILIES)}"/>`;
  return `<w:p>${wr(s, rPr)}</w:p>`;
}

/** The session-27 story snippets by name. */
export const FEATURE27_SNIPPETS: Record<string, (r: Rng) => string> = {
  eqFields: (r) => eqFields(r, r.pick([1, 3, 40])),
  // EQ fields in a table's cells: their math measured for the column's width (autofit) as well as laid out.
  eqInCells: (r) => `<w:tbl><w:tblGrid><w:gridCol w:w="${r.pick(['2000', '1'])}"/><w:gridCol w:w="2000"/></w:tblGrid>${`<w:tr><w:tc>${eqFields(r, 1)}</w:tc><w:tc>${eqFields(r, 1)}</w:tc></w:tr>`.repeat(r.pick([1, 20, 300]))}</w:tbl><w:p/>`,
  pagesOfFonts: (r) => pagesOfFonts(r, r.pick([5, 300, 3_000])),
  manyFonts: (r) => manyFonts(r, r.pick([20, 500, 5_000])),
  farGlyphs: (r) => `<w:p>${fontRun(r, farCharacters(r, r.pick([100, 5_000, 30_000])), 0)}</w:p>`,
  symbols: (r) => `<w:p>${Array.from({ length: r.pick([5, 2_000]) }, () => sym(r)).join('')}</w:p>`,
  // 400 words of 2,000 characters, 2,000 of 500 or 20 of 100,000: past a word-pool generation's 1.6 M characters.
  distinctLongWords: (r) => distinctLongWords(r, ...r.pick<[number, number]>([[400, 2_000], [2_000, 500], [20, 100_000], [5_000, 40]])),
};
