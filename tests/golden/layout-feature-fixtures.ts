/**
 * Fixtures for line numbering (w:lnNumType), text frames (w:framePr) and vertical text in table cells
 * (w:tcPr/w:textDirection): small documents made with makeDocx, dumped in layout.test.ts and checked
 * feature by feature in layout-features.test.ts.
 */
import { LETTER_SECT_PR, OFFICE_THEME, WORD_DEFAULT_STYLES, para, type MakeDocxOptions } from '../helpers/make-docx';

const TEXT =
  'Body text flows beside the frame the way it flows beside a floating picture, line after line, until it passes the bottom of the frame and uses the full width again.';

/** The "line number" character style under a localized id (Word looks it up by its built-in name). */
const LINE_NUMBER_STYLE =
  '<w:style w:type="character" w:styleId="a7"><w:name w:val="line number"/><w:basedOn w:val="DefaultParagraphFont"/><w:rPr><w:color w:val="FF0000"/><w:sz w:val="16"/></w:rPr></w:style>';

function doc(body: string, extra: Partial<MakeDocxOptions> = {}): MakeDocxOptions {
  return { styles: WORD_DEFAULT_STYLES, theme: OFFICE_THEME, body, ...extra };
}

/** A section property list with line numbering. */
function numbered(lnNumType: string): string {
  return LETTER_SECT_PR.replace('<w:cols', `${lnNumType}<w:cols`);
}

const tight = '<w:spacing w:before="0" w:after="0"/>';

function cell(widthTwips: number, text: string, tcPr = ''): string {
  return `<w:tc><w:tcPr><w:tcW w:w="${widthTwips}" w:type="dxa"/>${tcPr}</w:tcPr>${para(text, tight)}</w:tc>`;
}

/** The fixtures, by name. */
export const LAYOUT_FEATURE_FIXTURES: Record<string, MakeDocxOptions> = {
  // 60 one-line paragraphs over two pages: numbers on every 5th line, restarting on page 2.
  'line-numbers-count-by-5': doc(
    Array.from({ length: 60 }, (_, i) => para(`Line ${i + 1}`, tight)).join(''),
    { sectPr: numbered('<w:lnNumType w:countBy="5" w:restart="newPage"/>') },
  ),
  // A suppressed paragraph is skipped and not counted; numbers use the LineNumber style (red, 8 pt).
  'line-numbers-suppressed': doc(
    para('First line.', tight) + para('Not numbered.', `<w:suppressLineNumbers/>${tight}`) + para('Second line.', tight) + para('Third line.', tight),
    { styles: WORD_DEFAULT_STYLES + LINE_NUMBER_STYLE, sectPr: numbered('<w:lnNumType w:countBy="1" w:distance="360"/>') },
  ),
  // Two sections numbered continuously from 10 (start 9), a table between: its rows are neither numbered nor counted.
  'line-numbers-sections-table': doc(
    para('Alpha.', tight) +
      para('Beta.', tight + `<w:sectPr><w:type w:val="continuous"/>${numbered('<w:lnNumType w:countBy="1" w:start="9" w:restart="continuous"/>').slice('<w:sectPr>'.length)}`) +
      '<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid><w:gridCol w:w="3000"/></w:tblGrid><w:tr>' + cell(3000, 'In a table.') + '</w:tr>' +
      '<w:tr>' + cell(3000, 'Second row.') + '</w:tr></w:tbl>' +
      para('Gamma.', tight) + para('', tight) + para('Delta.', tight),
    { sectPr: numbered('<w:lnNumType w:countBy="1" w:start="9" w:restart="continuous"/>').replace('<w:sectPr>', '<w:sectPr><w:type w:val="continuous"/>') },
  ),
  // A framed paragraph 2 in wide at (1 in, 1.5 in) from the margin; the next paragraphs wrap around it.
  'frame-xy-wrap': doc(
    para('Framed text in a box two inches wide.', '<w:framePr w:w="2880" w:hSpace="180" w:wrap="around" w:vAnchor="margin" w:hAnchor="margin" w:x="0" w:y="0"/>' + tight) +
      para(TEXT + ' ' + TEXT, tight) + para(TEXT, tight),
  ),
  // A right-aligned frame of two joined paragraphs (same framePr), anchored to the text.
  'frame-right-aligned': doc(
    para('Right frame, first paragraph.', '<w:framePr w:w="2160" w:hSpace="144" w:wrap="around" w:vAnchor="text" w:hAnchor="margin" w:xAlign="right" w:y="1"/>' + tight) +
      para('Second paragraph, same frame.', '<w:framePr w:w="2160" w:hSpace="144" w:wrap="around" w:vAnchor="text" w:hAnchor="margin" w:xAlign="right" w:y="1"/>' + tight) +
      para(TEXT + ' ' + TEXT, tight),
  ),
  // Vertical text: a btLr and a tbRl cell beside a normal one; the auto-height row grows to fit.
  'table-vertical-text': doc(
    '<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblBorders><w:top w:val="single" w:sz="4"/><w:left w:val="single" w:sz="4"/><w:bottom w:val="single" w:sz="4"/>' +
      '<w:right w:val="single" w:sz="4"/><w:insideH w:val="single" w:sz="4"/><w:insideV w:val="single" w:sz="4"/></w:tblBorders></w:tblPr>' +
      '<w:tblGrid><w:gridCol w:w="720"/><w:gridCol w:w="720"/><w:gridCol w:w="3000"/></w:tblGrid><w:tr>' +
      cell(720, 'Bottom to top', '<w:textDirection w:val="btLr"/>') + cell(720, 'Top to bottom', '<w:textDirection w:val="tbRl"/>') + cell(3000, 'Horizontal') +
      '</w:tr></w:tbl>' + para(''),
  ),
  // An exact 0.5 in row: btLr text longer than that wraps into lines stacked across the cell.
  'table-vertical-exact': doc(
    '<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid><w:gridCol w:w="1440"/><w:gridCol w:w="3000"/></w:tblGrid>' +
      '<w:tr><w:trPr><w:trHeight w:val="720" w:hRule="exact"/></w:trPr>' +
      cell(1440, 'Turned text that wraps', '<w:textDirection w:val="btLr"/>') + cell(3000, 'Horizontal') + '</w:tr></w:tbl>' + para(''),
  ),
};
