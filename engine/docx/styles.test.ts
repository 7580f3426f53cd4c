import { describe, expect, it } from 'vitest';
import { OFFICE_THEME, para, run, WORD_DEFAULT_STYLES } from '../../tests/helpers/make-docx';
import { bodyParagraphs, parseFixture, textRuns } from './test-util';

describe('style sheet', () => {
  it('follows basedOn chains and survives cycles', () => {
    const styles = `
      <w:style w:type="paragraph" w:styleId="A"><w:basedOn w:val="C"/><w:pPr><w:jc w:val="center"/></w:pPr><w:rPr><w:sz w:val="30"/></w:rPr></w:style>
      <w:style w:type="paragraph" w:styleId="B"><w:basedOn w:val="A"/><w:rPr><w:i/></w:rPr></w:style>
      <w:style w:type="paragraph" w:styleId="C"><w:basedOn w:val="B"/><w:pPr><w:ind w:left="720"/></w:pPr></w:style>`;
    const [p] = bodyParagraphs(parseFixture({ body: para('x', '<w:pStyle w:val="B"/>'), styles }));
    expect(p!.props.alignment).toBe('center');
    expect(p!.props.indent.leftPt).toBe(36);
    expect(textRuns(p!)[0]!.props).toMatchObject({ sizePt: 15, italic: true });
  });

  it('ignores a frame in the document defaults and an exact frame height of zero', () => {
    const styles =
      '<w:docDefaults><w:pPrDefault><w:pPr><w:framePr w:w="0" w:h="0" w:xAlign="left" w:y="0" w:hRule="exact" w:vAnchor="margin"/></w:pPr></w:pPrDefault></w:docDefaults>';
    const doc = parseFixture({ body: para('a') + para('b', '<w:framePr w:w="2000" w:h="0" w:hRule="exact" w:x="100" w:y="100"/>'), styles });
    const [a, b] = bodyParagraphs(doc);
    expect(a!.props.frame).toBeUndefined();
    expect(b!.props.frame).toMatchObject({ widthPt: 100, xPt: 5, yPt: 5 });
    expect(b!.props.frame!.heightRule).toBeUndefined();
    expect(b!.props.frame!.heightPt).toBeUndefined();
  });

  it('uses the default paragraph style when none is named, and ignores unknown style ids', () => {
    const styles = '<w:style w:type="paragraph" w:default="1" w:styleId="Body"><w:name w:val="Body"/><w:rPr><w:color w:val="123456"/></w:rPr></w:style>';
    const doc = parseFixture({ body: para('a') + para('b', '<w:pStyle w:val="Missing"/>'), styles });
    expect(bodyParagraphs(doc).map((p) => [p.props.styleId, textRuns(p)[0]!.props.color])).toEqual([['Body', '123456'], ['Body', '123456']]);
    expect(doc.styleNames).toEqual({ Body: 'Body' });
  });

  it('maps a paragraph style used as rStyle to its linked character style', () => {
    const styles = `
      <w:style w:type="paragraph" w:styleId="Quote"><w:name w:val="Quote"/><w:link w:val="QuoteChar"/><w:rPr><w:i/></w:rPr></w:style>
      <w:style w:type="character" w:styleId="QuoteChar"><w:name w:val="Quote Char"/><w:link w:val="Quote"/><w:rPr><w:color w:val="AA0000"/></w:rPr></w:style>`;
    const [p] = bodyParagraphs(parseFixture({ body: `<w:p>${run('x', '<w:rStyle w:val="Quote"/>')}</w:p>`, styles }));
    expect(textRuns(p!)[0]!.props).toMatchObject({ color: 'AA0000', italic: false, styleId: 'Quote' });
  });

  it('resolves theme fonts per slot with w:themeFontLang choosing script faces', () => {
    const theme = OFFICE_THEME.replace('<a:minorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/>',
      '<a:minorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/><a:font script="Jpan" typeface="MS Mincho"/><a:font script="Arab" typeface="Arial"/>');
    const rPr = '<w:rFonts w:asciiTheme="majorHAnsi" w:hAnsiTheme="minorHAnsi" w:eastAsiaTheme="minorEastAsia" w:cstheme="minorBidi"/>';
    const doc = parseFixture({
      body: `<w:p>${run('Aé日ع', rPr)}</w:p>`, theme, settings: '<w:themeFontLang w:val="en-US" w:eastAsia="ja-JP" w:bidi="ar-SA"/>',
    });
    expect(textRuns(bodyParagraphs(doc)[0]!).map((t) => t.props.font)).toEqual(['Calibri Light', 'Calibri', 'MS Mincho', 'Arial']);
  });

  it('uses the eastAsia font for shared punctuation when w:hint="eastAsia"', () => {
    const rPr = '<w:rFonts w:ascii="Latin" w:hAnsi="Latin" w:eastAsia="EA" w:hint="eastAsia"/>';
    const [p] = bodyParagraphs(parseFixture({ body: `<w:p>${run('a“b”', rPr)}</w:p>` }));
    expect(textRuns(p!).map((t) => [t.text, t.props.font])).toEqual([['a', 'Latin'], ['“', 'EA'], ['b', 'Latin'], ['”', 'EA']]);
  });

  it('treats w:rtl runs as complex script: cs font, bCs, szCs and the bidi language', () => {
    const rPr = '<w:rFonts w:ascii="A" w:cs="C"/><w:rtl/><w:b/><w:bCs/><w:sz w:val="20"/><w:szCs w:val="28"/><w:lang w:val="en-US" w:bidi="he-IL"/>';
    const [p] = bodyParagraphs(parseFixture({ body: `<w:p>${run('abc 123', rPr)}</w:p>` }));
    expect(textRuns(p!).map((t) => [t.text, t.props.font, t.props.bold, t.props.sizePt, t.props.rtl, t.props.lang])).toEqual([['abc 123', 'C', true, 14, true, 'he-IL']]);
  });

  it('applies the table style between docDefaults and the paragraph style', () => {
    const styles = `${WORD_DEFAULT_STYLES}
      <w:style w:type="table" w:styleId="Grid"><w:name w:val="Table Grid"/><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:rPr><w:color w:val="00FF00"/></w:rPr></w:style>
      <w:style w:type="paragraph" w:styleId="Red"><w:name w:val="Red"/><w:rPr><w:color w:val="FF0000"/></w:rPr></w:style>`;
    const body = `<w:tbl><w:tblPr><w:tblStyle w:val="Grid"/></w:tblPr><w:tblGrid><w:gridCol w:w="2000"/></w:tblGrid>
      <w:tr><w:tc>${para('a')}${para('b', '<w:pStyle w:val="Red"/>')}</w:tc></w:tr></w:tbl>`;
    const doc = parseFixture({ body, styles });
    const table = doc.sections[0]!.blocks[0]!;
    if (table.kind !== 'table') throw new Error('expected a table');
    const [a, b] = table.rows[0]!.cells[0]!.blocks as Array<import('../model').Paragraph>;
    expect(a!.props.spacing.afterPt).toBe(0);
    expect(textRuns(a!)[0]!.props.color).toBe('00FF00');
    expect(textRuns(b!)[0]!.props.color).toBe('FF0000');
  });
});
