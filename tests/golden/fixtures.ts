/**
 * Layout fixtures: one small document per feature, made with makeDocx (no corpus files).
 */
import { LETTER_SECT_PR, OFFICE_THEME, WORD_DEFAULT_STYLES, para, run, type MakeDocxOptions } from '../helpers/make-docx';
import { anchoredPicture, inlinePicture, TINY_PNG } from '../helpers/tiny-png';
import type { LayoutOptions } from '../../engine/layout';
import { REVIEW_FIXTURES, REVIEW_LAYOUT_OPTIONS } from './review-fixtures';
import { CHART_FIXTURES } from './chart-fixtures';
import { XREF_FIXTURES } from './xref-fixtures';
import { LAYOUT_FEATURE_FIXTURES } from './layout-feature-fixtures';
import { MATH_FIXTURES } from './math-fixtures';

const LOREM =
  'Colophon lays out documents the way Word does: words fill a line while they fit, spaces at the end of a line hang into the margin, and the next word starts the next line.';

const base = { styles: WORD_DEFAULT_STYLES, theme: OFFICE_THEME };

function doc(body: string, extra: Partial<MakeDocxOptions> = {}): MakeDocxOptions {
  return { ...base, body, ...extra };
}

/** n filler paragraphs of two lines (or four with `long`). */
function filler(n: number, long = false): string {
  return Array.from({ length: n }, (_, i) => para(`Paragraph ${i + 1}. ${LOREM}${long ? ' ' + LOREM : ''}`)).join('');
}

const HEADING_STYLE =
  '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/>' +
  '<w:pPr><w:keepNext/><w:keepLines/><w:spacing w:before="240" w:after="0"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:sz w:val="32"/></w:rPr></w:style>';

const NUMBERING =
  '<w:abstractNum w:abstractNumId="0"><w:multiLevelType w:val="hybridMultilevel"/>' +
  '<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl>' +
  '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%2)"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="1440" w:hanging="360"/></w:pPr></w:lvl>' +
  '</w:abstractNum>' +
  '<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="\uF0B7"/><w:lvlJc w:val="left"/>' +
  '<w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr><w:rPr><w:rFonts w:ascii="Symbol" w:hAnsi="Symbol" w:hint="default"/></w:rPr></w:lvl></w:abstractNum>' +
  '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>';

function listItem(text: string, numId: number, level = 0): string {
  return para(text, `<w:numPr><w:ilvl w:val="${level}"/><w:numId w:val="${numId}"/></w:numPr>`);
}

/** The fixtures, by name. */
export const FIXTURES: Record<string, MakeDocxOptions> = {
  'plain-paragraph': doc(para(LOREM)),
  'alignment': doc(
    para(LOREM, '<w:jc w:val="left"/>') + para(LOREM, '<w:jc w:val="center"/>') + para(LOREM, '<w:jc w:val="right"/>') + para(LOREM + ' ' + LOREM, '<w:jc w:val="both"/>'),
  ),
  'indents': doc(para(LOREM, '<w:ind w:left="720" w:right="1440" w:firstLine="720"/>') + para(LOREM, '<w:ind w:left="1440" w:hanging="720"/>')),
  'line-spacing': doc(
    para(LOREM, '<w:spacing w:line="480" w:lineRule="auto"/>') + para(LOREM, '<w:spacing w:line="300" w:lineRule="exact"/>') + para(LOREM, '<w:spacing w:line="400" w:lineRule="atLeast"/>'),
  ),
  'paragraph-spacing': doc(para('Before 24, after 12.', '<w:spacing w:before="480" w:after="240"/>') + para('Next paragraph.') + para('Contextual A', '<w:pStyle w:val="Normal"/><w:contextualSpacing/>') + para('Contextual B', '<w:contextualSpacing/>')),
  'spacing-collapse': doc(
    para('AAAA after 20', '<w:spacing w:before="0" w:after="400" w:line="240" w:lineRule="auto"/>') +
      para('BBBB before 20', '<w:spacing w:before="400" w:after="0" w:line="240" w:lineRule="auto"/>') +
      para('CCCC before 10', '<w:spacing w:before="200" w:after="0" w:line="240" w:lineRule="auto"/>'),
  ),
  'spacing-add': doc(
    para('AAAA after 20', '<w:spacing w:before="0" w:after="400" w:line="240" w:lineRule="auto"/>') +
      para('BBBB before 10', '<w:spacing w:before="200" w:after="0" w:line="240" w:lineRule="auto"/>') +
      para('CCCC before 10, contextual', '<w:spacing w:before="200" w:after="0" w:line="240" w:lineRule="auto"/><w:contextualSpacing/>'),
    { settings: '<w:compat><w:doNotUseHTMLParagraphAutoSpacing/></w:compat>' },
  ),
  'line-grid': doc(para(LOREM + ' ' + LOREM, '<w:spacing w:before="0" w:after="0" w:line="276" w:lineRule="auto"/>') + para('Single', '<w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/>'), {
    sectPr: LETTER_SECT_PR.replace('<w:docGrid w:linePitch="360"/>', '<w:docGrid w:type="lines" w:linePitch="360"/>'),
  }),
  'inline-image': doc(
    `<w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="276" w:lineRule="auto"/></w:pPr>${inlinePicture('rIdImg', 144, 72)}</w:p>` +
      `<w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="276" w:lineRule="auto"/></w:pPr>${run('Text beside ')}${inlinePicture('rIdImg', 36, 36, 2)}${run(' a small picture.')}</w:p>` +
      para('After the pictures.', '<w:spacing w:before="0" w:after="0"/>'),
    { media: { rIdImg: { name: 'image1.png', data: TINY_PNG } } },
  ),
  'float-wrap-square-left': doc(
    `<w:p>${anchoredPicture('rIdImg', 144, 108, { x: 0, y: 0, wrap: 'square' })}${run(LOREM + ' ' + LOREM + ' ' + LOREM)}</w:p>` + filler(3),
    { media: { rIdImg: { name: 'image1.png', data: TINY_PNG } } },
  ),
  'float-wrap-square-right': doc(
    `<w:p>${anchoredPicture('rIdImg', 144, 72, { x: 324, y: 12, wrap: 'square' })}${run(LOREM + ' ' + LOREM)}</w:p>` + filler(2),
    { media: { rIdImg: { name: 'image1.png', data: TINY_PNG } } },
  ),
  'float-wrap-top-bottom': doc(
    `<w:p>${anchoredPicture('rIdImg', 216, 72, { x: 72, y: 20, wrap: 'topAndBottom', distPt: 0 })}${run(LOREM)}</w:p>` + filler(2),
    { media: { rIdImg: { name: 'image1.png', data: TINY_PNG } } },
  ),
  'drop-cap': doc(
    '<w:p><w:pPr><w:keepNext/><w:framePr w:dropCap="drop" w:lines="3" w:wrap="around" w:vAnchor="text" w:hAnchor="text"/><w:spacing w:line="758" w:lineRule="exact"/></w:pPr>' +
      run('C', '<w:position w:val="-9"/><w:sz w:val="99"/>') + '</w:p>' +
      para(`olophon ${LOREM} ${LOREM}`) + para('After the drop cap.'),
  ),
  'float-wrap-none': doc(
    `<w:p>${anchoredPicture('rIdImg', 144, 72, { x: 0, y: 0, wrap: 'none' })}${run(LOREM)}</w:p>` + filler(1),
    { media: { rIdImg: { name: 'image1.png', data: TINY_PNG } } },
  ),
  'tabs': doc(
    '<w:p><w:pPr><w:tabs><w:tab w:val="center" w:pos="3000"/><w:tab w:val="right" w:leader="dot" w:pos="6000"/><w:tab w:val="decimal" w:pos="8000"/></w:tabs></w:pPr>' +
      run('Left') + '<w:r><w:tab/></w:r>' + run('Centre') + '<w:r><w:tab/></w:r>' + run('Right') + '<w:r><w:tab/></w:r>' + run('12.50') + '</w:p>',
  ),
  'run-formatting': doc(
    '<w:p>' +
      run('Bold ', '<w:b/>') + run('italic ', '<w:i/>') + run('underlined ', '<w:u w:val="single"/>') + run('struck ', '<w:strike/>') +
      run('red ', '<w:color w:val="FF0000"/>') + run('highlighted ', '<w:highlight w:val="yellow"/>') + run('caps ', '<w:caps/>') +
      run('Small Caps ', '<w:smallCaps/>') + run('super', '<w:vertAlign w:val="superscript"/>') + run(' sub', '<w:vertAlign w:val="subscript"/>') +
      run(' big', '<w:sz w:val="36"/>') + run(' hidden', '<w:vanish/>') + run(' spaced', '<w:spacing w:val="40"/>') +
      '</w:p>',
  ),
  'breaks': doc('<w:p>' + run('Before the line break') + '<w:r><w:br/></w:r>' + run('after it.') + '</w:p>' + '<w:p>' + run('Page one.') + '<w:r><w:br w:type="page"/></w:r>' + run('Page two.') + '</w:p>'),
  'page-break-before': doc(para('First page.') + para('Second page.', '<w:pageBreakBefore/>')),
  'widow-orphan': doc(filler(12, true)),
  // The heading fits at the bottom of page 1 but its paragraph (with 30 pt before) does not: both move.
  'keep-next': doc(filler(16) + para('A heading kept with its paragraph', '<w:pStyle w:val="Heading1"/>') + para(LOREM, '<w:spacing w:before="600"/>'), {
    styles: WORD_DEFAULT_STYLES + HEADING_STYLE,
  }),
  'lists': doc(listItem('First item', 1) + listItem('Second item', 1) + listItem('Nested item', 1, 1) + listItem('Third item', 1) + listItem('Bullet one', 2) + listItem('Bullet two', 2), { numbering: NUMBERING }),
  'table': doc(
    '<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblBorders><w:top w:val="single" w:sz="4"/><w:left w:val="single" w:sz="4"/><w:bottom w:val="single" w:sz="4"/><w:right w:val="single" w:sz="4"/><w:insideH w:val="single" w:sz="4"/><w:insideV w:val="single" w:sz="4"/></w:tblBorders></w:tblPr>' +
      '<w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>' +
      ['A', 'B'].map((r) => '<w:tr>' + [1, 2, 3].map((c) => `<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/></w:tcPr>${para(`${r}${c}`)}</w:tc>`).join('') + '</w:tr>').join('') +
      '<w:tr><w:tc><w:tcPr><w:tcW w:w="6000" w:type="dxa"/><w:gridSpan w:val="2"/><w:shd w:val="clear" w:fill="D9E2F3"/></w:tcPr>' + para('Merged across two columns') + '</w:tc>' +
      '<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/></w:tcPr>' + para(LOREM) + '</w:tc></w:tr></w:tbl>' + para(''),
  ),
  'header-footer-page-numbers': doc(filler(24) + `<w:sectPr><w:headerReference w:type="default" r:id="rIdH1"/><w:footerReference w:type="default" r:id="rIdF1"/><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>`, {
    headers: { rIdH1: para('Running header', '<w:jc w:val="right"/>') },
    footers: {
      rIdF1:
        '<w:p><w:pPr><w:jc w:val="center"/></w:pPr>' + run('Page ') + '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>' + run('1') +
        '<w:r><w:fldChar w:fldCharType="end"/></w:r>' + run(' of ') + '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> NUMPAGES </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>' + run('9') + '<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>',
    },
  }),
  'landscape-section': doc(para('Portrait section.') + `<w:p><w:pPr><w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr></w:pPr></w:p>` + para('Landscape section.'), {
    sectPr: '<w:sectPr><w:pgSz w:w="15840" w:h="12240" w:orient="landscape"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>',
  }),
  'footnote': doc('<w:p>' + run('Text with a note') + '<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="1"/></w:r>' + run('.') + '</w:p>', {
    footnotes:
      '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>' +
      '<w:footnote w:id="1"><w:p><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteRef/></w:r>' + run(' The footnote text.') + '</w:p></w:footnote>',
  }),
  'hyperlink': doc('<w:p>' + run('Visit ') + '<w:hyperlink r:id="rIdL1"><w:r><w:rPr><w:color w:val="0563C1"/><w:u w:val="single"/></w:rPr><w:t>the site</w:t></w:r></w:hyperlink>' + run('.') + '</w:p>', { links: { rIdL1: 'https://example.com/' } }),
  'soft-hyphen-nbsp': doc(para('A\u00A0non-breaking space and a hyph\u00ADen\u00ADat\u00ADed word ' + 'extraordinarily '.repeat(6))),
  'long-word': doc(para('Supercalifragilisticexpialidocious'.repeat(6))),
  'paragraph-border-shading': doc(para('Boxed and shaded.', '<w:pBdr><w:top w:val="single" w:sz="8" w:space="1"/><w:left w:val="single" w:sz="8" w:space="4"/><w:bottom w:val="single" w:sz="8" w:space="1"/><w:right w:val="single" w:sz="8" w:space="4"/></w:pBdr><w:shd w:val="clear" w:fill="FFF2CC"/>')),
  'two-columns': doc(filler(12), { sectPr: LETTER_SECT_PR.replace('<w:cols w:space="720"/>', '<w:cols w:num="2" w:space="720"/>') }),
  'columns-balanced': doc(
    filler(3) + `<w:p><w:pPr><w:sectPr><w:type w:val="continuous"/><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/><w:cols w:num="2" w:sep="1" w:space="720"/></w:sectPr></w:pPr></w:p>` +
      para('Full width after the columns.'),
    { sectPr: '<w:sectPr><w:type w:val="continuous"/><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>' },
  ),
  'page-borders': doc(para('A page with a border.'), {
    sectPr: LETTER_SECT_PR.replace('<w:cols w:space="720"/>', '<w:pgBorders w:offsetFrom="page"><w:top w:val="single" w:sz="12" w:space="24" w:color="FF0000"/><w:left w:val="single" w:sz="12" w:space="24" w:color="FF0000"/><w:bottom w:val="single" w:sz="12" w:space="24" w:color="FF0000"/><w:right w:val="single" w:sz="12" w:space="24" w:color="FF0000"/></w:pgBorders><w:cols w:space="720"/>'),
  }),
  'tracked-changes': doc(
    '<w:p>' + run('Kept ') + '<w:ins w:id="1" w:author="Alice" w:date="2026-01-01T00:00:00Z"><w:r><w:t xml:space="preserve">inserted </w:t></w:r></w:ins>' +
      '<w:del w:id="2" w:author="Bob" w:date="2026-01-01T00:00:00Z"><w:r><w:delText xml:space="preserve">deleted </w:delText></w:r></w:del>' + run('end.') + '</w:p>',
  ),
  // Tracked changes and comments (issue 4).
  ...REVIEW_FIXTURES,
  ...CHART_FIXTURES,
  ...XREF_FIXTURES,
  ...LAYOUT_FEATURE_FIXTURES,
  ...MATH_FIXTURES,
  // Bidirectional text (UAX #9) and CJK line breaking.
  'bidi-hebrew-digits': doc(
    '<w:p><w:pPr><w:bidi/></w:pPr>' + run('טיול להודו בשנת 2013, טיסה 787 בשעה 12:30 עם', '<w:rtl/>') + run(' Turkish Airlines ') +
      run('ונחזור בעוד שבועיים (בערך) עם המון חוויות, תמונות וסיפורים לספר לכל החברים והמשפחה.', '<w:rtl/>') + '</w:p>',
  ),
  'bidi-arabic-joining': doc('<w:p><w:pPr><w:bidi/></w:pPr>' + run('سلام عليكم', '<w:rtl/>') + '</w:p>'),
  'bidi-arabic-split-runs': doc(
    ['ا', 'تفاقي', 'ـ', 'ة'].map((t, i) => run(t, `<w:rtl/>${i === 1 ? '<w:color w:val="C00000"/>' : ''}`)).reduce((a, r) => a + r, '<w:p><w:pPr><w:bidi/></w:pPr>') + '</w:p>' +
      '<w:p><w:pPr><w:bidi/></w:pPr>' + run('اتفاقيـة', '<w:rtl/>') + '</w:p>',
  ),
  'bidi-rtl-run-in-ltr': doc('<w:p>' + run('The words ') + run('שלום עולם', '<w:rtl/>') + run(' mean hello world.') + '</w:p>'),
  'bidi-cs-props': doc(
    '<w:p><w:pPr><w:bidi/></w:pPr>' + run('שלום', '<w:rFonts w:cs="Arial"/><w:b/><w:bCs w:val="0"/><w:sz w:val="22"/><w:szCs w:val="36"/><w:rtl/>') +
      run(' abc', '<w:b/><w:sz w:val="22"/><w:szCs w:val="36"/>') + '</w:p>',
  ),
  'bidi-list': doc(
    ['פריט ראשון ברשימה', 'פריט שני עם המספר 42'].map((t) => `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr><w:bidi/></w:pPr>${run(t, '<w:rtl/>')}</w:p>`).join(''),
    { numbering: NUMBERING },
  ),
  'bidi-table': doc(
    '<w:tbl><w:tblPr><w:bidiVisual/><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid><w:gridCol w:w="2000"/><w:gridCol w:w="3000"/></w:tblGrid><w:tr>' +
      `<w:tc><w:tcPr><w:tcW w:w="2000" w:type="dxa"/></w:tcPr><w:p><w:pPr><w:bidi/></w:pPr>${run('ראשון', '<w:rtl/>')}</w:p></w:tc>` +
      `<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/></w:tcPr><w:p><w:pPr><w:bidi/></w:pPr>${run('שני', '<w:rtl/>')}</w:p></w:tc>` +
      '</w:tr></w:tbl>' + para(''),
  ),
  'cjk-hanging-punct': doc(para('中'.repeat(42) + '。' + '文'.repeat(10), '', '<w:rFonts w:eastAsia="SimSun" w:hint="eastAsia"/>')),
  'cjk-kinsoku': doc(
    para('中文排版时，标点符号不能出现在行首。例如句号、逗号和右引号」都不应该出现在一行的开头，而左引号「也不应该出现在行尾。这一段文字足够长，可以换行好几次，从而检验断行规则是否正确。', '', '<w:rFonts w:eastAsia="SimSun" w:hint="eastAsia"/>'),
  ),
};

/** Layout options of fixtures that need more than the defaults. */
export const FIXTURE_LAYOUT_OPTIONS: Record<string, LayoutOptions> = { ...REVIEW_LAYOUT_OPTIONS };
