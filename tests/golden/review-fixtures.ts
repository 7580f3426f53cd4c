/**
 * Golden fixtures for tracked changes and comments (issue 4): one feature each, made with makeDocx.
 * Layout options per fixture are in REVIEW_LAYOUT_OPTIONS (comments are hidden unless asked for).
 */
import { OFFICE_THEME, WORD_DEFAULT_STYLES, para, run, type MakeDocxOptions } from '../helpers/make-docx';

const base = { styles: WORD_DEFAULT_STYLES, theme: OFFICE_THEME };
const D = 'w:date="2026-01-01T00:00:00Z"';

/** A w:ins / w:del / w:moveTo / w:moveFrom wrapper around runs. */
export function change(kind: 'ins' | 'del' | 'moveTo' | 'moveFrom', id: number, author: string, text: string): string {
  const deleted = kind === 'del' || kind === 'moveFrom';
  const t = deleted ? `<w:delText xml:space="preserve">${text}</w:delText>` : `<w:t xml:space="preserve">${text}</w:t>`;
  return `<w:${kind} w:id="${id}" w:author="${author}" ${D}><w:r>${t}</w:r></w:${kind}>`;
}

const cell = (text: string, tcPr = '') => `<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/>${tcPr}</w:tcPr>${para(text)}</w:tc>`;
const row = (cells: string, trPr = '') => `<w:tr>${trPr ? `<w:trPr>${trPr}</w:trPr>` : ''}${cells}</w:tr>`;
const TBL_PR =
  '<w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblBorders><w:top w:val="single" w:sz="4"/><w:left w:val="single" w:sz="4"/><w:bottom w:val="single" w:sz="4"/>' +
  '<w:right w:val="single" w:sz="4"/><w:insideH w:val="single" w:sz="4"/><w:insideV w:val="single" w:sz="4"/></w:tblBorders></w:tblPr><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>';

const comment = (id: number, author: string, initials: string, text: string) =>
  `<w:comment w:id="${id}" w:author="${author}" w:initials="${initials}" ${D}>${para(text, '<w:pStyle w:val="CommentText"/>')}</w:comment>`;
const rangeStart = (id: number) => `<w:commentRangeStart w:id="${id}"/>`;
const rangeEnd = (id: number) => `<w:commentRangeEnd w:id="${id}"/><w:r><w:commentReference w:id="${id}"/></w:r>`;

/** The review fixtures, by name. */
export const REVIEW_FIXTURES: Record<string, MakeDocxOptions> = {
  'tc-two-authors': {
    ...base,
    body:
      '<w:p>' + run('Kept ') + change('ins', 1, 'Alice', 'added by Alice ') + change('del', 2, 'Bob', 'removed by Bob ') + run('middle ') +
      change('ins', 3, 'Bob', 'added by Bob ') + change('del', 4, 'Alice', 'removed by Alice ') + run('end.') + '</w:p>' + para('Unchanged paragraph.'),
  },
  'tc-move': {
    ...base,
    body:
      '<w:p>' + run('First ') + '<w:moveFromRangeStart w:id="10" w:author="Alice" ' + D + ' w:name="move1"/>' + change('moveFrom', 11, 'Alice', 'moved words ') +
      '<w:moveFromRangeEnd w:id="10"/>' + run('stay here.') + '</w:p>' +
      '<w:p>' + run('Second ') + '<w:moveToRangeStart w:id="12" w:author="Alice" ' + D + ' w:name="move1"/>' + change('moveTo', 13, 'Alice', 'moved words ') +
      '<w:moveToRangeEnd w:id="12"/>' + run('arrive.') + '</w:p>',
  },
  'tc-rpr-change': {
    ...base,
    body:
      '<w:p>' + run('Plain ') + `<w:r><w:rPr><w:b/><w:sz w:val="32"/><w:rPrChange w:id="20" w:author="Alice" ${D}><w:rPr/></w:rPrChange></w:rPr><w:t xml:space="preserve">now bold and big</w:t></w:r>` +
      run(' plain again.') + '</w:p>',
  },
  'tc-ppr-change': {
    ...base,
    body:
      `<w:p><w:pPr><w:jc w:val="center"/><w:ind w:left="1440"/><w:pPrChange w:id="30" w:author="Bob" ${D}><w:pPr><w:jc w:val="left"/></w:pPr></w:pPrChange></w:pPr>` +
      run('Centred and indented now; left-aligned without indent before.') + '</w:p>' + para('Unchanged paragraph.'),
  },
  'tc-table-rows': {
    ...base,
    body:
      `<w:tbl>${TBL_PR}` + row(cell('A1') + cell('B1')) + row(cell('A2 inserted') + cell('B2 inserted'), `<w:ins w:id="40" w:author="Alice" ${D}/>`) +
      row(cell('A3 deleted') + cell('B3 deleted'), `<w:del w:id="41" w:author="Bob" ${D}/>`) +
      row(cell('A4') + cell('B4 cell inserted', `<w:cellIns w:id="42" w:author="Alice" ${D}/>`)) + '</w:tbl>' + para('After the table.'),
  },
  'tc-deleted-mark': {
    ...base,
    body:
      `<w:p><w:pPr><w:rPr><w:del w:id="50" w:author="Alice" ${D}/></w:rPr></w:pPr>` + run('First part,') + '</w:p>' + para(' joined with the second.') +
      `<w:p><w:pPr><w:rPr><w:ins w:id="51" w:author="Bob" ${D}/></w:rPr></w:pPr>` + change('ins', 52, 'Bob', 'A new paragraph.') + '</w:p>' + para('Last.'),
  },
  'tc-list-items': {
    ...base,
    numbering:
      '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/><w:lvlJc w:val="left"/>' +
      '<w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>',
    body:
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>${run('Kept item')}</w:p>` +
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr><w:rPr><w:ins w:id="60" w:author="Alice" ${D}/></w:rPr></w:pPr>${change('ins', 61, 'Alice', 'Inserted item')}</w:p>` +
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr><w:rPr><w:del w:id="62" w:author="Bob" ${D}/></w:rPr></w:pPr>${change('del', 63, 'Bob', 'Deleted item')}</w:p>` +
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>${run('Last item')}</w:p>`,
  },
  'comment-range': {
    ...base,
    body: '<w:p>' + run('Before ') + rangeStart(0) + run('the commented words') + rangeEnd(0) + run(' after.') + '</w:p>' + para('Next paragraph.'),
    comments: comment(0, 'Alice Smith', 'AS', 'Please check this phrase.'),
  },
  'comment-overlap': {
    ...base,
    body:
      '<w:p>' + run('Start ') + rangeStart(1) + run('outer ') + rangeStart(2) + run('both ') + rangeEnd(1) + run('inner') + rangeEnd(2) + run(' end.') + '</w:p>' +
      '<w:p>' + rangeStart(3) + run('Across paragraphs: one') + '</w:p>' + '<w:p>' + run('and two') + rangeEnd(3) + '</w:p>',
    comments: comment(1, 'Alice Smith', 'AS', 'Outer comment.') + comment(2, 'Bob Jones', 'BJ', 'Inner comment, a longer one that wraps onto a second line in its balloon.') +
      comment(3, 'Alice Smith', 'AS', 'Spans two paragraphs.'),
  },
  'comment-table': {
    ...base,
    body: `<w:tbl>${TBL_PR}` + row(cell('A1') + `<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/></w:tcPr><w:p>${rangeStart(5)}${run('B1 noted')}${rangeEnd(5)}</w:p></w:tc>`) + '</w:tbl>' + para('After.'),
    comments: comment(5, 'Carol', '', 'A comment in a table cell.'),
  },
};

/** Layout options of the review fixtures that need more than the defaults. */
export const REVIEW_LAYOUT_OPTIONS: Record<string, { readonly comments?: 'show' | 'hide'; readonly trackedChanges?: 'markup' | 'final' | 'original' }> = {
  'comment-range': { comments: 'show' },
  'comment-overlap': { comments: 'show' },
  'comment-table': { comments: 'show' },
};
