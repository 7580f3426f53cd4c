/**
 * Original metrics: what Word measures of the families our shipped stand-ins replace. For a family
 * without a metric-compatible open twin, its widths (a monospace advance or an average width ratio)
 * and Word's single-spacing line (ORIGINAL_METRICS); for the twins whose vertical metrics are the
 * original's, which they are (VERTICAL_TWINS). Data only: substitution.ts picks the stand-in and
 * attaches these (its header gives the evidence for each figure); font-context.ts and text-faces.ts
 * apply them. Keys are compact family names (substitution.ts compactFamilyName).
 */

/**
 * Word's metrics of a family that has no metric-compatible open twin, in the original's font units.
 * The stand-in is drawn condensed (or widened) to the original's widths: by `monoAdvance` over the
 * stand-in's own advance for a monospace original (exact), else by `widthScale`, an average width
 * ratio measured against the stand-in family `standIn` (an approximation, applied to that family only).
 */
export interface OriginalMetrics {
  readonly unitsPerEm: number;
  /** Monospace original: the advance of every glyph. */
  readonly monoAdvance?: number;
  /** Proportional original: average advance ratio original / `standIn` over real text. */
  readonly widthScale?: number;
  /** The shipped family `widthScale` was measured against. */
  readonly standIn?: string;
  /**
   * Word's single-spacing metrics (GDI: usWinAscent, usWinDescent, external leading; line-metrics.ts),
   * all three or none: without them (not measured) the stand-in keeps its own line height.
   */
  readonly ascent?: number;
  readonly descent?: number;
  readonly lineGap?: number;
  /**
   * The original is an East Asian font that draws CJK characters itself: the fallback face that
   * draws them for its stand-in takes these line metrics too (text-faces.ts).
   */
  readonly eastAsian?: boolean;
  /**
   * A monospaced East Asian original: the advance of its printable ASCII characters (half its em),
   * drawn by the shipped monospaced family `asciiStandIn` condensed to it.
   */
  readonly asciiAdvance?: number;
  readonly asciiStandIn?: string;
}

/**
 * East Asian originals (none has an open twin; their CJK characters are drawn by the East Asian
 * fallback face, Latin by their generic class). Word does not give an East Asian font the GDI line
 * of line-metrics.ts: its single line is 1.3 × the font's ascent + descent (no line gap), the extra
 * 0.3 em split evenly above and below. Sources:
 * - The ctex-kit zhlineskip manual (CTeX-org/ctex-kit, zhlineskip-man.tex, "Microsoft Word 中的
 *   单倍行距" table), measured in Word: the Zhongyi fonts (宋体 SimSun, 黑体 SimHei, 楷体 KaiTi,
 *   仿宋 FangSong) have a single line of 332/256 = 1.296875 em, where the same table's Arial and Times
 *   New Roman get 2355/2048, exactly this file's GDI rule. 256 units per em, ascent 220, descent 36
 *   (PDF FontDescriptors of SimSun and SimHei: Ascent 859, Descent −141 per 1000), so
 *   332 = 256 × 1.3 to the unit below: ascent 220 + 38, descent 36 + 38.
 * - MS Mincho and MS Gothic (ＭＳ 明朝, ＭＳ ゴシック, and their proportional P variants) share the
 *   256-unit em and 220/36 split (their PDF FontDescriptors: Ascent 859, Descent −140, FontBBox
 *   [0 −137 1000 859]); Word's East Asian rule gives them the same 332/256 line. Word's measured
 *   1.3 factor on other East Asian faces (Malgun Gothic, Meiryo, Yu Gothic, Microsoft YaHei 3513/2048
 *   = 1.3 × its 2703) is reported by several open DOCX renderers that compare with Word's PDFs.
 * The stand-in LibreOffice uses for the CJK characters, Droid Sans Fallback, has 1.3086 em lines of
 * its own: with them a 48 pt 宋体 title on a 15.6 pt document grid needs 5 pitches (62.8 pt) where
 * Word's 62.25 pt fit 4 (oxsdk-text_direction-2).
 */
const ZHONGYI_OR_MS_CJK: OriginalMetrics = { unitsPerEm: 256, ascent: 258, descent: 74, lineGap: 0, eastAsian: true };

/**
 * The monospaced ones (the Zhongyi fonts, their GB2312 editions, MS Mincho and MS Gothic; their
 * font-table entries say w:pitch "fixed", SimSun's "variable" only for its double-width ideographs)
 * draw every printable ASCII character half-width: 128 of their 256 units. Their stand-ins drew
 * ASCII at their own widths (DejaVu Sans's digits are 0.636 em), so a 16 pt 仿宋_GB2312 "2005年"
 * took 2 pt more than in Word and wrapped where Word's line held it (oxsdk-2007). ASCII is therefore
 * drawn by a monospaced shipped family near the original's Latin design (thin serifs for the Song,
 * Kai, FangSong and Mincho faces, none for Hei and Gothic), condensed to half an em (text-faces.ts);
 * their other characters keep the stand-in they had (MS Gothic's ☐ and ☒ are full-width: only ASCII
 * is known to be half an em). The proportional P variants keep their stand-in's own widths (no
 * published table of their advances is at hand).
 */
const HALF_WIDTH_SERIF: OriginalMetrics = { ...ZHONGYI_OR_MS_CJK, asciiAdvance: 128, asciiStandIn: 'Liberation Mono' };
const HALF_WIDTH_SANS: OriginalMetrics = { ...ZHONGYI_OR_MS_CJK, asciiAdvance: 128, asciiStandIn: 'DejaVu Sans Mono' };
const EAST_ASIAN_ORIGINALS: ReadonlyArray<readonly [string, OriginalMetrics]> = [
  ...[
    'simsun', '宋体', 'nsimsun', '新宋体', 'kaiti', '楷体', 'kaitigb2312', '楷体gb2312', 'fangsong', '仿宋', 'fangsonggb2312',
    '仿宋gb2312', 'msmincho', 'ｍｓ明朝',
  ].map((k) => [k, HALF_WIDTH_SERIF] as const),
  ...['simhei', '黑体', 'msgothic', 'ｍｓゴシック'].map((k) => [k, HALF_WIDTH_SANS] as const),
  ...['mspmincho', 'ｍｓｐ明朝', 'mspgothic', 'ｍｓｐゴシック'].map((k) => [k, ZHONGYI_OR_MS_CJK] as const),
];

/**
 * Measured metrics of originals without an open twin (see the header). Word's embedded Consolas,
 * Consolas-Bold and Consolas-Italic in docx4j-Docx4j_GettingStarted.word.pdf all have these.
 */
export const ORIGINAL_METRICS: ReadonlyMap<string, OriginalMetrics> = new Map([
  ['consolas', { unitsPerEm: 2048, monoAdvance: 1126, ascent: 1884, descent: 514, lineGap: 0 }],
  // docxside-case7.word.pdf: /Widths of Word's Georgia subsets over the text drawn in them.
  ['georgia', { unitsPerEm: 2048, widthScale: 0.861, standIn: 'DejaVu Serif', ascent: 1878, descent: 449, lineGap: 0 }],
  // Aptos and Aptos Display (docxside-case6 and case2 .word.pdf, Word's embedded programs): OS/2 sets
  // USE_TYPO_METRICS and Word honours it: typo 1923/−577/0 (1.2207 em; win would give 1.2847). Word's
  // 12 pt, 1.15-spaced body lines are 16.75-17.0 pt apart (mean 16.84 = 12 × 1.2207 × 1.15) and its
  // single-spaced table rows 15.0-15.25 pt (14.65 + a 0.5 pt border). Widths: word-widths.ts.
  ['aptos', { unitsPerEm: 2048, ascent: 1923, descent: 577, lineGap: 0 }],
  // Cambria (docxside-case11 .word.pdf, Word's embedded program): win 1946/455, no typo flag, 1.1724 em
  // against Caladea's 1.15; Word's 11 pt, 1.15-spaced lines are 14.75-14.78 pt apart (Caladea: 14.55).
  ['cambria', { unitsPerEm: 2048, ascent: 1946, descent: 455, lineGap: 0 }],
  ['aptosdisplay', { unitsPerEm: 2048, ascent: 1923, descent: 577, lineGap: 0 }],
  // Symbol fonts keep their characters' stand-in (symbol-fonts.ts) but their own line height: Word's
  // Symbol (WordAddIn_walkthrough, GettingStarted .word.pdf) has win 2059/450, so a bulleted 10 pt
  // Calibri line is 10.05 (Symbol's ascent) + 2.69 (Calibri's descent) = 12.75 pt, as Word's list items
  // in GettingStarted are apart, where DejaVu Sans's 1901/483 left Calibri's 12.2. Wingdings
  // (GettingStarted): win 1841/432.
  ['symbol', { unitsPerEm: 2048, ascent: 2059, descent: 450, lineGap: 0 }],
  ['wingdings', { unitsPerEm: 2048, ascent: 1841, descent: 432, lineGap: 0 }],
  // Verdana (GettingStarted and case7 .word.pdf, Word's embedded Verdana and Verdana-Italic): win
  // 2059/430, 1.2153 em, where its stand-in DejaVu Sans has 1.1641. Its widths: word-widths.ts.
  ['verdana', { unitsPerEm: 2048, ascent: 2059, descent: 430, lineGap: 0 }],
  // Lucida Console (GettingStarted .word.pdf, Word's embedded program): every advance 1234, win
  // 1616/432, a 1.0 em line where DejaVu Sans Mono has 1.1641. Word fits oxsdk-bookmark's keep-lines
  // code paragraphs on the pages its w:lastRenderedPageBreak marks say only with these lines.
  ['lucidaconsole', { unitsPerEm: 2048, monoAdvance: 1234, ascent: 1616, descent: 432, lineGap: 0 }],
  // Trebuchet MS: win 1923/455 (1.1611 em), drawn with Liberation Sans (1.149 em of its own).
  ['trebuchetms', { unitsPerEm: 2048, ascent: 1923, descent: 455, lineGap: 0 }],
  // Lucida Sans Unicode: the Windows font's win (and hhea) metrics are 2246/901 per 2048 em, lineGap
  // 0: a 1.5366 em line, DejaVu Sans's being 1.1641. Checked on Word's own page starts: poi-bug59058
  // ends its page 48 under fourteen empty 9.5 pt paragraphs in it; on this line the last of them go
  // to page 49 above its article, which then breaks where Word's marks open pages 50 and 51 (on
  // DejaVu Sans's line all fourteen fitted on page 48 and both pages opened four lines late).
  ['lucidasansunicode', { unitsPerEm: 2048, ascent: 2246, descent: 901, lineGap: 0 }],
  // Tahoma and Segoe UI: the capsize font-metrics dataset (@capsizecss/metrics 3.x, read from the
  // Windows font files) lists Tahoma ascent 2049, descent −423, line gap 0 and Segoe UI 2210 / −514 / 0
  // per 2048 em (hhea; Word's GDI line takes the OS/2 win values, the same figures in both fonts):
  // 1.2070 and 1.3301 em lines against DejaVu Sans's 1.1641.
  ['tahoma', { unitsPerEm: 2048, ascent: 2049, descent: 423, lineGap: 0 }],
  // Segoe UI's letters are narrower than DejaVu Sans's too, and no table of its advances is at hand
  // (string-pixel-width has none), so it gets an average ratio: the same dataset's frequency-weighted
  // Latin width (xWidthAvg) is 908 per 2048 em for Segoe UI and 917 for Tahoma, whose text sets 0.876
  // of DejaVu Sans's (word-widths.ts), so Segoe UI sets 908 / 917 × 0.876 = 0.8675 of it (Verdana,
  // xWidthAvg 1049 and 1.006–1.012 of DejaVu Sans, gives 0.873). docx4j-rFonts (body text in Segoe UI
  // 10 pt) then ends its sixth and seventh pages where Word's w:lastRenderedPageBreak marks say; on
  // DejaVu Sans's own widths two paragraphs above its table take a line more each, the table's last
  // row on page 6 splits and page 7 ends a row early.
  ['segoeui', { unitsPerEm: 2048, widthScale: 0.8675, standIn: 'DejaVu Sans', ascent: 2210, descent: 514, lineGap: 0 }],
  // Comic Sans MS: not in the capsize dataset; the Windows font's win (and hhea) metrics are
  // 2257/597 per 2048 em, lineGap 0: a 1.3936 em line, DejaVu Sans's being 1.1641. Checked on Word's
  // own page starts: oxsdk-2003_Consumer_Confidence_Report (Comic Sans MS throughout, mostly single
  // lines) ends its first page where Word's w:lastRenderedPageBreak says only with this line (on
  // Comic Sans MS's widths, word-widths.ts); on DejaVu Sans's own line it takes four paragraphs
  // more (and the document 5 pages, where Word saved 6).
  ['comicsansms', { unitsPerEm: 2048, ascent: 2257, descent: 597, lineGap: 0 }],
  // Traditional Arabic (Windows' naskh face; no open twin, drawn with DejaVu Sans as LibreOffice
  // draws it): its Arabic sets about 0.594 of DejaVu Sans Arabic's width at the same size. Measured on
  // Word's own pagination of poi-stress011, 50,000 Arabic letters of body and notes in Traditional
  // Arabic on exact 19 pt and 15 pt lines, so only widths decide where its pages break: Word saved
  // 27 pages and a w:lastRenderedPageBreak at the start of every page from the second; at its own
  // widths DejaVu Sans needs 41 pages. With the notes' space after counted (pass.ts noteStory),
  // 0.5935-0.595 make Word's 27 pages with every located mark opening Word's own page number (17 of
  // its 26 page starts; 0.59 and 0.592 14, 0.5965 and up 28 pages). Its line metrics are not known
  // (no Word render holds the font): the stand-in keeps its own.
  ['traditionalarabic', { unitsPerEm: 2048, widthScale: 0.594, standIn: 'DejaVu Sans' }],
  ...EAST_ASIAN_ORIGINALS,
]);

/**
 * Shipped twins whose vertical metrics are the original's, checked against the programs Word embedded
 * in its renders of the dev corpus: Carlito = Calibri (win 1950/550, hhea 1536/−512/452), Liberation
 * Sans = Arial (1854/434, 1854/−434/67), Liberation Serif = Times New Roman (1825/443, 1825/−443/87),
 * Liberation Mono = Courier New (1705/615, 1705/−615/0). Not Caladea (Cambria has ORIGINAL_METRICS),
 * Liberation Sans Narrow (Arial Narrow not measured) or DejaVu Math TeX Gyre (Cambria Math differs).
 */
const VERTICAL_TWINS = new Set(['Carlito', 'Liberation Sans', 'Liberation Serif', 'Liberation Mono']);

/** True when a shipped family's line metrics are those of the original it stands in for. */
export function hasOriginalVerticalMetrics(shippedFamily: string): boolean {
  return VERTICAL_TWINS.has(shippedFamily);
}
