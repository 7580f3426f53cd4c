import { describe, expect, it } from 'vitest';
import type { Paragraph } from '../model';
import { para } from '../../tests/helpers/make-docx';
import { textOf } from './field-state';
import { bodyParagraphs, parseFixture } from './test-util';

const LEVELS = `
  <w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/><w:lvlJc w:val="left"/>
    <w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl>
  <w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%1.%2)"/><w:suff w:val="space"/><w:lvlJc w:val="right"/>
    <w:pPr><w:ind w:left="1440" w:hanging="360"/></w:pPr><w:rPr><w:b/><w:color w:val="FF0000"/></w:rPr></w:lvl>
  <w:lvl w:ilvl="2"><w:start w:val="3"/><w:numFmt w:val="upperRoman"/><w:lvlText w:val="%3"/><w:lvlRestart w:val="0"/></w:lvl>`;

const NUMBERING = `
  <w:abstractNum w:abstractNumId="0">${LEVELS}</w:abstractNum>
  <w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="\uF0B7"/>
    <w:rPr><w:rFonts w:ascii="Symbol" w:hAnsi="Symbol" w:hint="default"/></w:rPr></w:lvl></w:abstractNum>
  <w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
  <w:num w:numId="2"><w:abstractNumId w:val="0"/></w:num>
  <w:num w:numId="3"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="5"/></w:lvlOverride></w:num>
  <w:num w:numId="4"><w:abstractNumId w:val="1"/></w:num>
  <w:num w:numId="5"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride>
    <w:lvlOverride w:ilvl="1"><w:startOverride w:val="1"/></w:lvlOverride></w:num>`;

const li = (text: string, numId: number, ilvl = 0, extra = '') => para(text, `${extra}<w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="${numId}"/></w:numPr>`);
const labels = (ps: Paragraph[]) => ps.map((p) => p.props.list?.text ?? null);

describe('numbering', () => {
  it('counts levels, restarts deeper levels after a higher one, and formats %n in each level\'s format', () => {
    const body = li('a', 1) + li('b', 1, 1) + li('c', 1, 1) + li('d', 1) + li('e', 1, 1) + li('f', 1, 2) + li('g', 1) + li('h', 1, 2);
    const ps = bodyParagraphs(parseFixture({ body, numbering: NUMBERING }));
    // Level 2 never restarts (lvlRestart 0) and starts at 3.
    expect(labels(ps)).toEqual(['1.', '1.a)', '1.b)', '2.', '2.a)', 'III', '3.', 'IV']);
  });

  it('counts a level skipped on the way down as used, so the next item at that level takes the value after', () => {
    // An item at level 1 before any at level 0 shows level 0 at its start (1.a)) and uses it: the
    // next level-0 item is 2., as Word numbers it (tika-testWORD_numbered_list: "2. A ii 2").
    const body = li('a', 1, 1) + li('b', 1) + li('c', 1, 2) + li('d', 1, 1);
    expect(labels(bodyParagraphs(parseFixture({ body, numbering: NUMBERING })))).toEqual(['1.a)', '2.', 'III', '2.b)']);
  });

  it('leaves the levels a start override restarts unused, so a skipped one still counts as used', () => {
    // numId 5 overrides levels 0 and 1 and opens at level 1: level 0 shows its start (1.a), not the
    // 0.a) of a counter set to start - 1) and is used, so the first level-0 item is 2. (Word's skipped-level
    // rule; LibreOffice numbers aspose-Hyperlinks' "B. Concrete surfaces" after its 1.-6. sub-items so).
    const body = li('a', 5, 1) + li('b', 5, 1) + li('c', 5) + li('d', 5, 1);
    expect(labels(bodyParagraphs(parseFixture({ body, numbering: NUMBERING })))).toEqual(['1.a)', '1.b)', '2.', '2.a)']);
  });

  it('numbers a w14 custom format by its sample (w:format), and its Fallback is not read', () => {
    const custom = (sample: string) =>
      '<mc:AlternateContent><mc:Choice Requires="w14"><w:numFmt w:val="custom" w:format="' + sample + '"/></mc:Choice>' +
      '<mc:Fallback><w:numFmt w:val="decimal"/></mc:Fallback></mc:AlternateContent>';
    const numbering =
      `<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/>${custom('α, β, γ, ...')}<w:lvlText w:val="Some-%1-Format"/></w:lvl>` +
      `<w:lvl w:ilvl="1"><w:start w:val="1"/>${custom('001, 002, 003, ...')}<w:lvlText w:val="%1.%2"/></w:lvl></w:abstractNum>` +
      '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>';
    const body = li('a', 1) + li('b', 1) + li('c', 1, 1);
    expect(labels(bodyParagraphs(parseFixture({ body, numbering })))).toEqual(['Some-α-Format', 'Some-β-Format', 'β.001']);
  });

  it('continues lists across numbering instances of one abstract, and restarts on a start override', () => {
    const body = li('a', 1) + li('b', 2) + li('c', 3) + li('d', 3) + li('e', 1);
    expect(labels(bodyParagraphs(parseFixture({ body, numbering: NUMBERING })))).toEqual(['1.', '2.', '5.', '6.', '7.']);
  });

  it('merges the level indents above the paragraph style and builds the label from the mark and level rPr', () => {
    const styles = '<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/><w:pPr><w:ind w:left="720"/></w:pPr></w:style>';
    const body = li('a', 1, 1, '<w:pStyle w:val="ListParagraph"/><w:rPr><w:i/><w:sz w:val="28"/></w:rPr>');
    const [p] = bodyParagraphs(parseFixture({ body, numbering: NUMBERING, styles }));
    expect(p!.props.indent).toEqual({ leftPt: 72, rightPt: 0, firstLinePt: -18 });
    expect(p!.props.list).toMatchObject({ text: '1.a)', suffix: 'space', alignment: 'right', numId: '1', level: 1 });
    expect(p!.props.list!.props).toMatchObject({ bold: true, italic: true, color: 'FF0000', sizePt: 14 });
  });

  it('keeps symbol-font bullets as the private-use character in the bullet font', () => {
    const [p] = bodyParagraphs(parseFixture({ body: li('x', 4), numbering: NUMBERING }));
    expect(p!.props.list!.text).toBe('\uF0B7');
    expect(p!.props.list!.props.font).toBe('Symbol');
  });

  it('reaches numbering through paragraph styles, and numId 0 switches it off', () => {
    const styles = `<w:style w:type="paragraph" w:styleId="H1"><w:name w:val="heading 1"/><w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr></w:style>
      <w:style w:type="paragraph" w:styleId="H2"><w:name w:val="heading 2"/><w:pPr><w:numPr><w:ilvl w:val="1"/><w:numId w:val="1"/></w:numPr></w:pPr></w:style>`;
    const body = para('a', '<w:pStyle w:val="H1"/>') + para('b', '<w:pStyle w:val="H2"/>') + para('c', '<w:pStyle w:val="H1"/><w:numPr><w:numId w:val="0"/></w:numPr>') + para('d', '<w:pStyle w:val="H1"/>');
    const ps = bodyParagraphs(parseFixture({ body, numbering: NUMBERING, styles }));
    expect(labels(ps)).toEqual(['1.', '1.a)', null, '2.']);
    expect(ps.map((p) => p.props.outlineLevel)).toEqual([0, 1, 0, 0]);
  });

  it('follows numStyleLink to the abstract numbering with the matching styleLink', () => {
    const numbering = `<w:abstractNum w:abstractNumId="5"><w:styleLink w:val="MyList"/>${LEVELS}</w:abstractNum>
      <w:abstractNum w:abstractNumId="6"><w:numStyleLink w:val="MyList"/></w:abstractNum>
      <w:num w:numId="7"><w:abstractNumId w:val="5"/></w:num><w:num w:numId="8"><w:abstractNumId w:val="6"/></w:num>`;
    const styles = '<w:style w:type="numbering" w:styleId="MyList"><w:name w:val="MyList"/><w:pPr><w:numPr><w:numId w:val="7"/></w:numPr></w:pPr></w:style>';
    expect(labels(bodyParagraphs(parseFixture({ body: li('a', 8) + li('b', 8), numbering, styles })))).toEqual(['1.', '2.']);
  });

  it('survives numStyleLink cycles', () => {
    const numbering = `<w:abstractNum w:abstractNumId="1"><w:numStyleLink w:val="S1"/></w:abstractNum>
      <w:num w:numId="1"><w:abstractNumId w:val="1"/></w:num>`;
    const styles = '<w:style w:type="numbering" w:styleId="S1"><w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr></w:style>';
    expect(labels(bodyParagraphs(parseFixture({ body: li('a', 1), numbering, styles })))).toEqual([null]);
  });

  it('shows all levels in decimal when the level is legal (isLgl)', () => {
    const numbering = `<w:abstractNum w:abstractNumId="0">
      <w:lvl w:ilvl="0"><w:numFmt w:val="upperRoman"/><w:lvlText w:val="%1."/></w:lvl>
      <w:lvl w:ilvl="1"><w:isLgl/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>`;
    expect(labels(bodyParagraphs(parseFixture({ body: li('a', 1) + li('b', 1) + li('c', 1, 1), numbering })))).toEqual(['I.', 'II.', '2.1']);
  });

  it('counts paragraphs inside tables in body order, and headers count on their own', () => {
    const body = li('a', 1) + `<w:tbl><w:tblGrid><w:gridCol w:w="1000"/></w:tblGrid><w:tr><w:tc>${li('b', 1)}</w:tc></w:tr></w:tbl>` + li('c', 1) +
      '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/></w:sectPr>';
    const doc = parseFixture({ body, numbering: NUMBERING, headers: { rIdH: li('h', 1) } });
    const table = doc.sections[0]!.blocks[1]!;
    if (table.kind !== 'table') throw new Error('expected a table');
    expect((table.rows[0]!.cells[0]!.blocks[0] as Paragraph).props.list!.text).toBe('2.');
    expect(labels(bodyParagraphs(doc))).toEqual(['1.', '3.']);
    expect((doc.headerFooters['word/header1.xml']!.blocks[0] as Paragraph).props.list!.text).toBe('1.');
  });

  it('does not count a paragraph whose mark is deleted in the final view', () => {
    const deleted = para('b', '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr><w:rPr><w:del w:id="1" w:author="A"/></w:rPr>');
    const body = li('a', 1) + deleted + li('c', 1);
    expect(labels(bodyParagraphs(parseFixture({ body, numbering: NUMBERING }, { trackedChanges: 'final' })))).toEqual(['1.', '2.']);
    expect(labels(bodyParagraphs(parseFixture({ body, numbering: NUMBERING }, { trackedChanges: 'markup' })))).toEqual(['1.', '2.', '3.']);
  });
});

describe('LISTNUM fields', () => {
  const field = (instr: string) =>
    `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve">${instr}</w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`;
  const withListnum = (instr: string, text: string) => `<w:p>${field(instr)}<w:r><w:t xml:space="preserve"> ${text}</w:t></w:r></w:p>`;
  const named = NUMBERING.replace('<w:abstractNum w:abstractNumId="0">', '<w:abstractNum w:abstractNumId="0"><w:name w:val="Outline"/>');

  it('shows the named list\'s label at its level, counted with the list\'s paragraphs (Word keeps no result for it)', () => {
    const body = li('Heading', 1) + withListnum(' LISTNUM  Outline \\l 2 ', 'first') + withListnum('LISTNUM Outline \\l 2', 'second') +
      li('Next heading', 2) + withListnum('LISTNUM Outline \\l 2', 'third') + withListnum('LISTNUM "Outline" \\l 2 \\s 5', 'fifth') +
      li('Sub item', 1, 1);
    const ps = bodyParagraphs(parseFixture({ body, numbering: named }));
    expect(ps.map((p) => textOf(p.inlines))).toEqual(['Heading', '1.a) first', '1.b) second', 'Next heading', '2.a) third', '2.e) fifth', 'Sub item']);
    // The list's own paragraphs count on after the fields: the heading is 2., the item after "2.e)" is "2.f)".
    expect(labels(ps)).toEqual(['1.', null, null, '2.', null, null, '2.f)']);
  });

  const inline = (...parts: string[]) => `<w:p>${parts.map((x) => x.startsWith('LISTNUM') ? field(x) : `<w:r><w:t xml:space="preserve">${x}</w:t></w:r>`).join('')}</w:p>`;
  const texts = (body: string, numbering = NUMBERING) => bodyParagraphs(parseFixture({ body, numbering })).map((p) => textOf(p.inlines));

  it('numbers Word\'s built-in lists NumberDefault, OutlineDefault and LegalDefault, which no abstract numbering defines', () => {
    const levels = (name: string) => inline(...Array.from({ length: 9 }, (_, i) => `LISTNUM ${name} \\l ${i + 1}`));
    expect(texts(levels('NumberDefault') + levels('OutlineDefault') + levels('LegalDefault'))).toEqual([
      '1)a)i)(1)(a)(i)1.a.i.',
      'I.A.1.a)(1)(a)(i)(a)(i)',
      '1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.',
    ]);
    // A document's own abstract numbering of a built-in name wins.
    const own = NUMBERING.replace('<w:abstractNum w:abstractNumId="0">', '<w:abstractNum w:abstractNumId="0"><w:name w:val="NumberDefault"/>');
    expect(texts(inline('LISTNUM NumberDefault') + inline('LISTNUM'), own)).toEqual(['1.', '2.']);
  });

  it('numbers an unnamed field in NumberDefault, and in its paragraph\'s list one level below the paragraph\'s number', () => {
    const body = inline('LISTNUM', ' plain') + li('Item', 1) + inline('LISTNUM', ' x') +
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>${field('LISTNUM')}<w:r><w:t xml:space="preserve"> inline</w:t></w:r></w:p>`;
    const ps = bodyParagraphs(parseFixture({ body, numbering: NUMBERING }));
    expect(ps.map((p) => textOf(p.inlines))).toEqual(['1) plain', 'Item', '2) x', '2.a) inline']);
    expect(labels(ps)).toEqual([null, '1.', null, '2.']);
  });

  it('puts each later field of a paragraph without \\l one level below the one before; \\l gives the level', () => {
    const body = inline('LISTNUM NumberDefault', ' ', 'LISTNUM', ' ', 'LISTNUM') + inline('LISTNUM \\l 2', ' ', 'LISTNUM \\l 2', ' ', 'LISTNUM');
    // The third field of the second paragraph is one below the \l 2 before it: level 3, restarted by the level-2 counts.
    expect(texts(body)).toEqual(['1) a) i)', 'b) c) i)']);
  });

  it('keeps the level of the field before when text opens the paragraph (the standard\'s "i) ... ii) ... iii)" example)', () => {
    const body = inline('Steps: ', 'LISTNUM NumberDefault \\l 3 \\s 1', ' approve, ', 'LISTNUM', ' fund, ', 'LISTNUM', ' hire.') +
      li('Item', 1) + `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t xml:space="preserve">List: </w:t></w:r>` +
      `<w:fldSimple w:instr=" LISTNUM "/><w:r><w:t xml:space="preserve"> one </w:t></w:r><w:fldSimple w:instr=" LISTNUM "/></w:p>`;
    expect(texts(body)).toEqual(['Steps: i) approve, ii) fund, iii) hire.', 'Item', 'List: 2.a) one 2.b)']);
  });

  it('restarts a field\'s level when a higher level of its list advances, by field or by paragraph', () => {
    const body = inline('LISTNUM \\l 1', ' ', 'LISTNUM \\l 2', ' ', 'LISTNUM \\l 2') + inline('LISTNUM \\l 1', ' ', 'LISTNUM \\l 2') +
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>${field('LISTNUM')}${field('LISTNUM \\l 2')}</w:p>` +
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>${field('LISTNUM \\l 2')}</w:p>`;
    // The numbered paragraphs count before their fields: "2." restarts level 2 for the field after it.
    expect(texts(body)).toEqual(['1) a) b)', '2) a)', '1.a)1.b)', '2.a)']);
  });

  it('shows nothing for a list no abstract numbering is named after', () => {
    const ps = bodyParagraphs(parseFixture({ body: li('Heading', 1) + withListnum('LISTNUM Other \\l 2', 'text'), numbering: named }));
    expect(ps.map((p) => textOf(p.inlines))).toEqual(['Heading', ' text']);
  });
});
