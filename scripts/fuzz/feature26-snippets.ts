/**
 * Hostile story snippets for the features of sessions 25 and 26: floats anchored in a run that goes on to
 * the next page (lateFloats), legacy form checkboxes (FORMCHECKBOX), Word 6/95 numbering (w:legacy),
 * underlined trailing spaces (w:ulTrailSpace), tab stops past the right indent, header frames with
 * w:wrap="none", vertically merged rows breaking at the page end, East Asian monospaced fonts' ASCII, and
 * content sized to reach the layout budgets (maxLayoutUnits, maxDrawnUnits).
 */
import { anchoredPicture, inlinePicture } from '../../tests/helpers/tiny-png';
import type { Rng } from './rng';

/** The relationship id of the campaign's picture (snippets.ts FUZZ_IMAGE_RID, kept here to avoid a cycle). */
const IMG = 'rIdFuzzImg';
/** The w:num the legacy-numbering numbering snippet defines (NUMBERING26_SNIPPETS). */
export const LEGACY_NUM_ID = '26';

const wr = (t: string, rPr = '') => `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${t}</w:t></w:r>`;
const para = (t: string, pPr = '') => `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${wr(t)}</w:p>`;
const PAGE = '<w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>';
const TWIPS = ['0', '-720', '1', '2147483647', '720', '-2147483648', '1e9', 'NaN'];
const sectionEnd = (cols: string) => `<w:p><w:pPr><w:sectPr><w:type w:val="continuous"/>${PAGE}${cols}</w:sectPr></w:pPr></w:p>`;

/** A picture floating in the text: hostile sizes and offsets now and then, wrapped square or top-and-bottom. */
function float(r: Rng, i: number): string {
  const size = r.chance(0.8) ? r.pick([4, 20, 60]) : r.pick([0, 700, 1e6]);
  const y = r.chance(0.8) ? r.pick([0, 10, -30]) : r.pick([1e6, -1e6]);
  return anchoredPicture(IMG, size, size, { x: r.pick([0, 200, -50, 1e5]), y, wrap: r.pick(['square', 'topAndBottom', 'square']) }, 2600 + (i % 5000));
}

/** A long paragraph with `floats` pictures anchored through it, `words` words between them, keepLines or widow control. */
function floatsThroughParagraph(r: Rng, floats: number, words: number): string {
  const pPr = r.pick(['<w:keepLines/>', '<w:widowControl/>', '<w:keepLines/><w:keepNext/>', '<w:widowControl w:val="0"/>', '']);
  let s = '';
  for (let i = 0; i < floats; i++) s += wr('word '.repeat(words)) + float(r, i);
  return `<w:p><w:pPr>${pPr}</w:pPr>${s}${wr('end')}</w:p>`;
}

/** w:cols of unequal widths, one of them hair-thin. */
function unequalCols(r: Rng, n: number): string {
  let cols = '';
  for (let i = 0; i < n; i++) cols += `<w:col w:w="${i === 1 ? r.pick(['1', '0', '-5']) : r.pick(['2000', '500', TWIPS[r.int(TWIPS.length)]!])}" w:space="${r.pick(['0', '360', '-720'])}"/>`;
  return `<w:cols w:num="${n}" w:space="0" w:equalWidth="0">${cols}</w:cols>`;
}

/** Floats through paragraphs in a table cell (or a text box inside one), the row allowed to split or not. */
function floatsInCell(r: Rng, floats: number, words: number, rows: number): string {
  const inner = floatsThroughParagraph(r, floats, words);
  const content = r.chance(0.5) ? inner : `<w:p><w:r><w:pict><v:shape style="width:${r.pick(['200', '1', '100000'])}pt;height:${r.pick(['100', '0', '100000'])}pt"><v:textbox><w:txbxContent>${inner}</w:txbxContent></v:textbox></v:shape></w:pict></w:r></w:p>`;
  const trPr = r.chance(0.5) ? '<w:trPr><w:cantSplit/></w:trPr>' : '';
  const row = `<w:tr>${trPr}<w:tc><w:tcPr><w:tcW w:w="${r.pick(['3000', '1', '0'])}" w:type="dxa"/></w:tcPr>${content}</w:tc><w:tc>${para('x')}</w:tc></w:tr>`;
  return `<w:tbl><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>${row.repeat(rows)}</w:tbl>${para('')}`;
}

const FIELD_END = '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>\u2610</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>';

/** A FORMCHECKBOX field with a hostile w:size (half-points), w:sizeAuto, state and run font size. */
function checkBox(r: Rng): string {
  const size = r.pick(['', `<w:size w:val="${r.pick(['0', '1', '2', '3276', '3277', '-24', '2147483647', 'NaN', '1e9', '24.5'])}"/>`, '<w:sizeAuto/>', '<w:sizeAuto w:val="0"/><w:size w:val="3276"/>']);
  const state = r.pick(['<w:default w:val="1"/>', '<w:checked/>', '<w:checked w:val="0"/>', '']);
  const rPr = `<w:rPr><w:sz w:val="${r.pick(['24', '0', '1', '3276', '1000000000', '-24'])}"/><w:position w:val="${r.pick(['0', '2147483647', '-100000'])}"/></w:rPr>`;
  return `<w:r>${rPr}<w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="Check1"/><w:enabled/><w:checkBox>${size}${state}</w:checkBox></w:ffData></w:fldChar></w:r><w:r><w:instrText xml:space="preserve"> FORMCHECKBOX </w:instrText></w:r>${FIELD_END}`;
}

/** `n` checkboxes in one paragraph (or a table of them), with hostile line spacing. */
function checkBoxes(r: Rng, n: number): string {
  const spacing = `<w:spacing w:line="${r.pick(['240', '1', '-20', '2147483647'])}" w:lineRule="${r.pick(['auto', 'exact', 'atLeast'])}"/>`;
  let s = '';
  for (let i = 0; i < n; i++) s += checkBox(r) + wr(r.chance(0.5) ? ' ' : '');
  return `<w:p><w:pPr>${spacing}</w:pPr>${s}</w:p>`;
}

/** Paragraphs of the legacy list (LEGACY_NUM_ID) at hostile levels, with tabs and long labels' text. */
function legacyList(r: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    const ind = r.chance(0.5) ? `<w:ind w:left="${r.pick(TWIPS)}" w:hanging="${r.pick(TWIPS)}" w:right="${r.pick(['0', '9000', '-9000'])}"/>` : '';
    s += `<w:p><w:pPr><w:numPr><w:ilvl w:val="${r.pick(['0', '1', '2', '8'])}"/><w:numId w:val="${LEGACY_NUM_ID}"/></w:numPr>${ind}</w:pPr>${wr(r.pick(['item', '\tx\ty', 'long '.repeat(100)]))}</w:p>`;
  }
  return s;
}

/** Lines of underlined text ending in long runs of spaces (w:ulTrailSpace underlines them), some of tabs and breaks. */
function trailingSpaces(r: Rng, n: number): string {
  const u = `<w:u w:val="${r.pick(['single', 'double', 'wave', 'dotDash', 'words', 'thick'])}"/>`;
  let s = '';
  for (let i = 0; i < n; i++) s += wr(`w${i}${' '.repeat(r.pick([1, 200, 5_000]))}`, u) + (r.chance(0.3) ? '<w:r><w:tab/></w:r>' : '') + (r.chance(0.2) ? '<w:r><w:br/></w:r>' : '');
  return `<w:p><w:pPr><w:jc w:val="${r.pick(['both', 'right', 'center', 'distribute', 'left'])}"/><w:ind w:right="${r.pick(['0', '9000', '-2147483648'])}"/></w:pPr>${s}</w:p>`;
}

/** Custom tab stops past the right indent (and past the page), each kind, followed by many tabs. */
function tabsPastRight(r: Rng, stops: number, tabs: number): string {
  let t = '';
  for (let i = 0; i < stops; i++) t += `<w:tab w:val="${r.pick(['left', 'right', 'center', 'decimal', 'bar', 'clear', 'num'])}" w:pos="${r.pick(['9400', '12000', '31680', '2147483647', '-2147483648', String(9360 + i * 7)])}" w:leader="${r.pick(['dot', 'none', 'heavy'])}"/>`;
  const ind = `<w:ind w:left="${r.pick(['0', '8000', '-1440'])}" w:right="${r.pick(['0', '2000', '-5000', '9000'])}" w:firstLine="${r.pick(['0', '9000'])}"/>`;
  return `<w:p><w:pPr><w:tabs>${t}</w:tabs>${ind}</w:pPr>${'<w:r><w:tab/><w:t>1.5</w:t></w:r>'.repeat(tabs)}</w:p>`;
}

/** Frames with w:wrap="none" (a header's lie over the body text), hostile sizes and positions. */
function framesNoWrap(r: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    const fp = `<w:framePr w:wrap="${r.pick(['none', 'none', 'around', 'notBeside'])}" w:w="${r.pick(['0', '2000', '2147483647', '-5'])}" w:h="${r.pick(['0', '400', '-100000000', '100000000'])}" w:hRule="${r.pick(['exact', 'atLeast', 'auto'])}" w:x="${r.pick(['0', '1e9', '-99999999', '500'])}" w:y="${r.pick(['0', '2147483647', '-720'])}" w:hAnchor="${r.pick(['page', 'margin', 'text'])}" w:vAnchor="${r.pick(['page', 'margin', 'text'])}"/>`;
    s += para(r.pick(['frame', 'frame text '.repeat(300)]), fp);
  }
  return s;
}

/** Rows of a vertically merged column, tall or exact, some unsplittable, headers repeated, across page ends. */
function vMergeAcrossPages(r: Rng, rows: number): string {
  // Merges of 1, 7 or 1,000 rows, or one merge over them all.
  const every = r.pick([1, 7, 1000, rows]);
  const h = () => `<w:trHeight w:val="${r.pick(['400', '14000', '20000', '2147483647', '0'])}" w:hRule="${r.pick(['exact', 'atLeast'])}"/>`;
  let body = '';
  for (let i = 0; i < rows; i++) {
    const merge = i % every === 0 ? '<w:vMerge w:val="restart"/>' : '<w:vMerge/>';
    const trPr = `<w:trPr>${i < 2 && r.chance(0.5) ? '<w:tblHeader/>' : ''}${r.chance(0.3) ? '<w:cantSplit/>' : ''}${h()}</w:trPr>`;
    const text = r.chance(rows > 2_000 ? 0.001 : 0.2) ? 'long cell '.repeat(r.pick([50, 2_000])) : 'c';
    body += `<w:tr>${trPr}<w:tc><w:tcPr>${merge}<w:vAlign w:val="${r.pick(['top', 'center', 'bottom'])}"/></w:tcPr>${para(text)}</w:tc><w:tc><w:tcPr>${r.chance(0.3) ? '<w:vMerge/>' : ''}</w:tcPr>${para(`r${i}`)}</w:tc></w:tr>`;
  }
  return `<w:tbl><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>${body}</w:tbl>${para('')}`;
}

/** ASCII in East Asian monospaced fonts (drawn condensed to half-width), with hostile sizes, scaling and spacing. */
function eastAsianMono(r: Rng, n: number): string {
  const font = r.pick(['SimSun', 'MS Gothic', 'ＭＳ 明朝', '宋体', 'MS Mincho', 'SimHei', '仿宋_GB2312']);
  const rPr = `<w:rFonts w:ascii="${font}" w:hAnsi="${font}" w:eastAsia="${font}" w:cs="${font}"/><w:sz w:val="${r.pick(['21', '0', '1', '3276', '1000000000'])}"/><w:w w:val="${r.pick(['100', '1', '600', '0', '-50'])}"/><w:spacing w:val="${r.pick(['0', '-100000', '2147483647'])}"/>${r.chance(0.3) ? '<w:fitText w:val="100" w:id="7"/>' : ''}`;
  const text = r.pick(['ASCII abc 123 ', '中文ABC混合 ', 'x'.repeat(2_000)]);
  return `<w:p><w:pPr><w:snapToGrid w:val="${r.pick(['0', '1'])}"/></w:pPr>${wr(text.repeat(n), rPr)}</w:p>`;
}

/** The session-26 story snippets by name. */
export const FEATURE26_SNIPPETS: Record<string, (r: Rng) => string> = {
  // Floats every few words of a long paragraph: each one a late float once the paragraph goes on to the next page.
  floatsThroughParagraph: (r) => floatsThroughParagraph(r, ...r.pick<[number, number]>([[6, 40], [300, 20], [3_000, 2], [50, 1_000]])),
  floatsInUnequalCols: (r) => floatsThroughParagraph(r, r.pick([6, 200, 1_500]), r.pick([3, 30])) + sectionEnd(unequalCols(r, r.pick([2, 3, 12]))),
  floatsInCells: (r) => floatsInCell(r, r.pick([3, 100, 600]), r.pick([5, 50]), r.pick([1, 3, 40])),
  formCheckBoxes: (r) => checkBoxes(r, r.pick([5, 500, 5_000])),
  legacyList: (r) => legacyList(r, r.pick([5, 300, 3_000])),
  trailingSpaces: (r) => trailingSpaces(r, r.pick([5, 100, 1_000])),
  tabsPastRight: (r) => tabsPastRight(r, r.pick([3, 64, 1_000]), r.pick([5, 500, 5_000])),
  framesNoWrap: (r) => framesNoWrap(r, r.pick([3, 100, 1_000])),
  // 20,000 rows under one merge: each part of the merge cut at a page end kept a view of the whole table (1.3 GB at 40,000).
  vMergeAcrossPages: (r) => vMergeAcrossPages(r, r.pick([10, 200, 2_000, 20_000])),
  eastAsianMono: (r) => eastAsianMono(r, r.pick([5, 200, 3_000])),
  // One picture placed many times (in a header: on every page), against maxDrawnUnits.
  pictureCopies: (r) => `<w:p>${float(r, 0)}${inlinePicture(IMG, r.pick([1, 20]), r.pick([1, 20]), 2599).repeat(r.pick([10, 2_000, 20_000]))}</w:p>`,
};

/** Numbering-part snippets of session 26: a w:legacy list with hostile legacyIndent / legacySpace at every level. */
export const NUMBERING26_SNIPPETS: Record<string, (r: Rng) => string> = {
  legacyLevels: (r) => {
    const v = () => r.pick(['0', '-360', '360', '31680', '31681', '2147483647', '-2147483648', 'NaN', '1e9']);
    let lvls = '';
    for (let i = 0; i < 9; i++) {
      lvls += `<w:lvl w:ilvl="${i}"><w:start w:val="1"/><w:numFmt w:val="${r.pick(['decimal', 'upperRoman', 'bullet', 'cardinalText'])}"/><w:lvlText w:val="${r.pick(['%1.', '%1.%2.%3.%4.%5.%6.%7.%8.%9', 'x'.repeat(200)])}"/><w:suff w:val="${r.pick(['tab', 'space', 'nothing'])}"/><w:legacy w:legacy="${r.pick(['1', 'on', 'true', '0'])}" w:legacyIndent="${v()}" w:legacySpace="${v()}"/><w:pPr><w:ind w:left="${v()}" w:hanging="${v()}"/></w:pPr></w:lvl>`;
    }
    return `<w:abstractNum w:abstractNumId="${LEGACY_NUM_ID}">${lvls}</w:abstractNum><w:num w:numId="${LEGACY_NUM_ID}"><w:abstractNumId w:val="${LEGACY_NUM_ID}"/></w:num>`;
  },
};
