/**
 * Word's page-start measure (scripts/word-pages.mjs): the keys it cuts after each
 * <w:lastRenderedPageBreak/> and how it finds them in a PDF's extracted pages, each rule on a
 * small document built here. Pages are given as pdftotext would extract them, then normalised.
 */
import { describe, expect, it } from 'vitest';
import { FAR_TAIL, keyOpens, markKeys, norm, pageOpened, pagesOpened, runningHead, SLACK, type MarkKey } from '../../scripts/word-pages-keys.mjs';

const MARK = '<w:r><w:lastRenderedPageBreak/></w:r>';
const run = (text: string, rPr = '') => `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${text}</w:t></w:r>`;
const para = (content: string, pPr = '') => `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${content}</w:p>`;
const doc = (body: string) =>
  `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
/** Text long enough to identify a page, distinct per word. */
const words = (seed: string) => `${seed} alpha bravo charlie delta echo foxtrot golf hotel india`;
const BEFORE = para(run(words('Before the break the last lines of the page')));
const pages = (...texts: string[]) => texts.map(norm);

function onlyKey(xml: string, styles?: string): MarkKey {
  const keys = markKeys(xml, styles);
  expect(keys).toHaveLength(1);
  return keys[0]!;
}

describe('word-pages keys: only the text a renderer draws', () => {
  it('leaves hidden text out, direct or through a style', () => {
    const direct = onlyKey(doc(BEFORE + para(MARK + run('Top of Form', '<w:vanish/>') + run(words('Journal')))));
    expect(direct.key.startsWith('journalalpha')).toBe(true);
    const styles = '<w:styles><w:style w:type="character" w:styleId="Gone"><w:rPr><w:vanish/></w:rPr></w:style></w:styles>';
    const styled = onlyKey(doc(BEFORE + para(MARK + run('Top of Form', '<w:rStyle w:val="Gone"/>') + run(words('Journal')))), styles);
    expect(styled.key.startsWith('journalalpha')).toBe(true);
    // w:vanish w:val="0" shows the text.
    const shown = onlyKey(doc(BEFORE + para(MARK + run('Shown', '<w:vanish w:val="0"/>') + run(words('Journal')))));
    expect(shown.key.startsWith('shownjournal')).toBe(true);
  });

  it('keeps text whose tracked formatting change hid it before (w:rPrChange holds the old properties)', () => {
    const changed = '<w:b/><w:rPrChange w:id="1" w:author="A"><w:rPr><w:vanish/></w:rPr></w:rPrChange>';
    const key = onlyKey(doc(BEFORE + para(MARK + run('Shown now', changed) + run(words('Journal')))));
    expect(key.key.startsWith('shownnowjournal')).toBe(true);
  });

  it('leaves field codes out, nested ones too, and keeps the result', () => {
    const field =
      '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>IF </w:instrText></w:r>' +
      '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>REF x</w:instrText></w:r>' +
      '<w:r><w:fldChar w:fldCharType="separate"/></w:r>' + run('nestedcode') + '<w:r><w:fldChar w:fldCharType="end"/></w:r>' +
      '<w:r><w:fldChar w:fldCharType="separate"/></w:r>' + run('Result') + '<w:r><w:fldChar w:fldCharType="end"/></w:r>';
    const key = onlyKey(doc(BEFORE + para(MARK + field + run(words(' after')))));
    expect(key.key.startsWith('resultafteralpha')).toBe(true);
  });

  it("leaves a text box's text out of the key, and a mark inside a text box out", () => {
    const box = (content: string) => `<w:r><w:pict><v:textbox><w:txbxContent>${content}</w:txbxContent></v:textbox></w:pict></w:r>`;
    const key = onlyKey(doc(BEFORE + para(MARK + box(para(run('Boxed words'))) + run(words('Body')))));
    expect(key.key.startsWith('bodyalpha')).toBe(true);
    expect(markKeys(doc(BEFORE + para(box(para(MARK + run(words('Boxed'))))) + para(run(words('Body')))))).toEqual([]);
  });

  it('keeps a mark in a deleted run, keyed on the drawn text after it', () => {
    const deleted = '<w:del w:id="1" w:author="A"><w:r><w:lastRenderedPageBreak/><w:delText>Gone text</w:delText></w:r></w:del>';
    const key = onlyKey(doc(BEFORE + para(deleted + run(words('Kept')))));
    expect(key.key.startsWith('keptalpha')).toBe(true);
  });
});

describe('word-pages keys: where a key ends', () => {
  it('ends at the next page start, and leaves out a mark with too little text before it', () => {
    const keys = markKeys(doc(BEFORE + para(MARK + run('Appendix heading')) + para(MARK + run(words('Next page')))));
    expect(keys.map((k) => k.key)).toEqual(['appendixheading', norm(words('Next page')).slice(0, 30)]);
    const short = markKeys(doc(BEFORE + para(MARK + run('Year')) + para(MARK + run(words('Next page')))));
    expect(short.map((k) => k.mark)).toEqual([2]);
  });

  it('ends at a page break', () => {
    const key = onlyKey(doc(BEFORE + para(MARK + run('Short heading') + '<w:r><w:br w:type="page"/></w:r>' + run(words('Other')))));
    expect(key.key).toBe('shortheading');
  });

  it("counts a table row's page start once, in the first cell with a mark", () => {
    const cell = (content: string) => `<w:tc>${content}</w:tc>`;
    const row = `<w:tbl><w:tr>${cell(para(MARK + run(words('Left cell'))) + para(MARK + run(words('Left again'))))}${cell(para(MARK + run(words('Right cell'))))}</w:tr></w:tbl>`;
    const keys = markKeys(doc(BEFORE + row + para(run(words('After')))));
    // The first cell's two marks are two page starts of a tall row; the second cell's repeats one.
    expect(keys.map((k) => k.mark)).toEqual([1, 2]);
  });
});

describe('word-pages matching', () => {
  it('matches Arabic whose lam-alef ligature pdftotext extracts as alef-lam', () => {
    // One glyph stands for lam + alef (U+0644 U+0627); pdftotext reverses it with the right-to-left
    // line around it and gives alef + lam: "أولاً" comes out as "أوالً" (poi-stress011's headings).
    const arabic = 'أولاً مقدمة تعرف اتفاقية حقوق الطفل الطفلَ بأنه كل إنسان لم يتجاوز';
    const key = onlyKey(doc(BEFORE + para(MARK + run(arabic))));
    const [previous, page] = pages(words('Before the break the last lines of the page'), arabic.replace(/\u0644\u0627/g, '\u0627\u0644'));
    expect(keyOpens(page!, key, previous)).toBe(0);
  });

  it('lets a list label come before a numbered paragraph inside the key', () => {
    const numbered = para(run(words('Data integrity')), '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="3"/></w:numPr>');
    const key = onlyKey(doc(BEFORE + para(MARK + run('Some mini rules')) + numbered));
    const [previous, page] = pages(words('Before the break the last lines of the page'), `Some mini rules 1. ${words('Data integrity')}`);
    expect(keyOpens(page!, key, previous)).toBe(0);
  });

  it('finds numbering through the paragraph style', () => {
    const styles = '<w:styles><w:style w:type="paragraph" w:styleId="List"><w:pPr><w:numPr><w:numId w:val="2"/></w:numPr></w:pPr></w:style></w:styles>';
    const key = onlyKey(doc(BEFORE + para(MARK + run('Some mini rules')) + para(run(words('Data integrity')), '<w:pStyle w:val="List"/>')), styles);
    expect(keyOpens(norm(`Some mini rules a) ${words('Data integrity')}`), key)).toBe(0);
  });

  it('lets a footnote reference number come inside the key', () => {
    const key = onlyKey(doc(BEFORE + para(MARK + run('after Erich Neumann') + '<w:r><w:footnoteReference w:id="2"/></w:r>' + run(words('. For Jung')))));
    expect(keyOpens(norm(`after Erich Neumann74. ${words('For Jung')}`), key)).toBe(0);
  });

  it('matches a key cut inside a surrogate pair', () => {
    const text = `${'a'.repeat(29)}\u{20000}\u{20001} more text`;
    const key = onlyKey(doc(BEFORE + para(MARK + run(text))));
    expect(key.key).toHaveLength(30);
    expect(keyOpens(norm(text), key)).toBe(0);
  });

  it('does not count a page whose text before the key ends with the text before the mark', () => {
    const key = onlyKey(doc(BEFORE + para(MARK + run(words('Opening')))));
    expect(keyOpens(norm(`Header ${words('Opening')}`), key)).toBe(6);
    // The page starts a line early: the end of the text before the mark comes first.
    expect(keyOpens(norm(`golf hotel india ${words('Opening')}`), key)).toBe(-1);
  });

  it('counts a key further than the slack into its page only when the page before ends with the text before the mark', () => {
    const key = onlyKey(doc(BEFORE + para(MARK + run(words('Opening')))));
    const header = 'A long header or a picture whose text comes first. '.repeat(5);
    expect(norm(header).length).toBeGreaterThan(SLACK);
    const page = norm(header + words('Opening'));
    expect(keyOpens(page, key)).toBe(-1);
    expect(keyOpens(page, key, norm(words('Before the break the last lines of the page')))).toBe(norm(header).length);
    // The page before must hold the FAR_TAIL text before the mark...
    expect(FAR_TAIL).toBeGreaterThan(8);
    expect(keyOpens(page, key, norm('something else entirely'))).toBe(-1);
    // ...and not the key: then the key found here repeats text that began there.
    expect(keyOpens(page, key, norm(`${words('Before the break the last lines of the page')} ${words('Opening')}`))).toBe(-1);
  });

  it('looks for each mark after the page the previous one opened, never on the first page', () => {
    const key = onlyKey(doc(BEFORE + para(MARK + run(words('Lorem ipsum')))));
    const pdf = pages(words('Lorem ipsum'), 'Other', words('Lorem ipsum'), words('Lorem ipsum'));
    expect(pageOpened(pdf, key)).toBe(2);
    expect(pageOpened(pdf, key, 3)).toBe(3);
    expect(pageOpened(pdf, key, 0)).toBe(2);
  });

  it('finds the pages of repeated text in document order', () => {
    const keys = markKeys(doc(BEFORE + para(MARK + run(words('Table title'))) + para(run('rows')) + para(MARK + run(words('Table title')))));
    expect(keys).toHaveLength(2);
    // The cover repeats the title: a copy the body does not hold, so either copy may be the second mark's.
    const pdf = pages(`Cover ${words('Table title')}`, words('Table title'), 'rows', words('Table title'));
    expect(keys.map((k) => pageOpened(pdf, k))).toEqual([1, 1]);
    expect(pagesOpened(pdf, keys)).toEqual([1, 3]);
  });

  it("counts a repeated text's page only where it is the mark's own copy", () => {
    const news = words('News item');
    const first = onlyKey(doc(BEFORE + para(MARK + run(news)) + para(run(words('Filler'))) + para(run(news))));
    expect([first.rank, first.copies]).toEqual([0, 2]);
    // The page opens with the second copy: the first, the mark's, was drawn on the page before.
    const late = pages(`${words('Before the break the last lines of the page')} ${news} ${words('Filler')}`, news);
    expect(keyOpens(late[1]!, first, late[0])).toBe(0);
    expect(pageOpened(late, first)).toBe(-1);
    expect(pageOpened(pages(words('Before the break the last lines of the page'), `${news} ${words('Filler')} ${news}`), first)).toBe(1);
    const second = onlyKey(doc(BEFORE + para(run(news)) + para(run(words('Filler'))) + para(MARK + run(news))));
    expect([second.rank, second.copies]).toEqual([1, 2]);
    expect(pageOpened(late, second)).toBe(1);
  });
});

describe('word-pages robust rules', () => {
  const FIRST = { robust: false };
  const tab = '<w:r><w:tab/></w:r>';
  const before = words('Before the break the last lines of the page');

  it('folds lam + alef once over the joined body, where a lam ends one paragraph and an alef opens the next', () => {
    // poi-stress011: "العنف ضد الأطفال" ends a heading, "الحماية" opens the next; on the page nothing
    // but a line break comes between the lam and the alef, so the page's fold turns them round.
    const body = BEFORE + para(MARK + run('العنف ضد الأطفال')) + para(run('الحماية من جميع أشكال العنف'));
    const page = norm('العنف ضد الأطفال\nالحماية من جميع أشكال العنف');
    expect(keyOpens(page, onlyKey(doc(body)))).toBe(0);
    expect(keyOpens(page, markKeys(doc(body), '', FIRST)[0]!)).toBe(-1);
  });

  it('leaves a typed label out of the key: extraction may give it after its line', () => {
    // poi-stress011: "(أ)" and a tab open a right-to-left paragraph; pdftotext gives the label after
    // the line's text, at its left end.
    const text = words('National strategies');
    const body = BEFORE + para(MARK + tab + run('(a)') + tab + run(text));
    const key = onlyKey(doc(body));
    expect(key.key.startsWith('nationalstrategies')).toBe(true);
    expect(key.lead).toBe(1);
    const page = norm(`${text.slice(0, 40)} (a) ${text.slice(40)}`);
    expect(keyOpens(page, key)).toBe(0);
    expect(keyOpens(page, markKeys(doc(body), '', FIRST)[0]!)).toBe(-1);
    // Where it is drawn first, as in a left-to-right paragraph, the key still opens the page.
    expect(keyOpens(norm(`(a) ${text}`), key)).toBe(1);
    // A page that starts a line early is still seen, the label between that line and the key.
    expect(keyOpens(norm(`golf hotel india (a) ${text}`), key)).toBe(-1);
    // Inside a key a typed label leaves a gap: "1-" before the next paragraph's text.
    const inner = onlyKey(doc(BEFORE + para(MARK + run('Introduction')) + para(run('1-') + tab + run(words('The convention')))));
    expect(inner.pieces.map((p) => p.gap)).toEqual([0, 1]);
    expect(keyOpens(norm(`Introduction ${words('The convention')} 1-`), inner)).toBe(0);
  });

  it('does not take text longer than a label before a tab for one', () => {
    const key = onlyKey(doc(BEFORE + para(MARK + run('Chemical or constituent') + tab + run(words('Sample date')))));
    expect(key.key.startsWith('chemicalorconstituent')).toBe(true);
  });

  it('finds a tail only in the running head as the header, not as the line before the mark', () => {
    // oxsdk-BackgroundReport: the header ends "governance arrangements", and so does the text before
    // the mark (a paragraph that goes on on the next page); other pages open with the same header.
    const body = BEFORE + para(run('a de facto form of governance is arising from arrangements') + MARK + run(words('being increasingly')));
    const key = onlyKey(doc(body));
    const header = 'Assessing the adequacy of existing governance arrangements';
    const pdf = pages('Cover', `${header} ${words('being increasingly')}`, `${header} other text`, `${header} more text`);
    expect(runningHead(pdf, 1, pdf[1]!.slice(0, norm(header).length))).toBe(norm(header).length);
    expect(pageOpened(pdf, key)).toBe(1);
    expect(pageOpened(pdf, key, 1, FIRST)).toBe(-1);
    // A start only one other page shares may be body text: not a running head.
    const once = pages('Cover', `${header} ${words('being increasingly')}`, `${header} other text`, 'more text');
    expect(pageOpened(once, key)).toBe(-1);
    // A page that starts a line early is still seen after the header.
    const early = pages('Cover', `${header} from arrangements ${words('being increasingly')}`, `${header} other text`, `${header} more text`);
    expect(pageOpened(early, key)).toBe(-1);
  });

  it('counts a page opened in the -layout reading, with the tail looked for anywhere before the key', () => {
    // oxsdk-MSDN_-_EULA: a justified line with a wide space, which the default reading splits.
    const key = onlyKey(doc(BEFORE + para(MARK + run('Faculty member or Staff member that they are no longer authorized to use'))));
    const plain = pages(before, 'Faculty member or Staff member to use the Product. that they are no longer authorized');
    const layout = pages(before, 'Faculty member or Staff member that they are no longer authorized to use the Product.');
    expect(pagesOpened(plain, [key])).toEqual([-1]);
    expect(pagesOpened(plain, [key], undefined, [layout])).toEqual([1]);
    // Read across, a split row's other cells come between the text before the mark and the key.
    const split = `<w:tbl><w:tr><w:tc>${para(run('Mathematical unit ') + MARK + run('Formatting'))}</w:tc><w:tc>${para(run(words('Convert interval')))}</w:tc></w:tr></w:tbl>`;
    const rowKey = onlyKey(doc(BEFORE + split + para(run(words('Percentage')))));
    const across = pages(before, `Mathematical unit ${words('Convert interval')} Formatting ${words('Percentage')}`);
    expect(keyOpens(across[1]!, rowKey)).toBe(norm(`Mathematical unit ${words('Convert interval')}`).length);
    expect(keyOpens(across[1]!, rowKey, undefined, undefined, true)).toBe(-1);
    expect(pagesOpened(pages(before, 'Other'), [rowKey], undefined, [across])).toEqual([-1]);
  });
});

describe('word-pages keys in tables', () => {
  const cell = (content: string) => `<w:tc>${content}</w:tc>`;
  const row = (...cells: string[]) => `<w:tr>${cells.map(cell).join('')}</w:tr>`;
  const table = (...rows: string[]) => `<w:tbl>${rows.join('')}</w:tbl>`;

  it('ends a key in a table cell with the cell, and goes on after the row', () => {
    const split = row(para(run('Mathematical unit ') + MARK + run('Formatting')), para(run(words('Convert interval'))));
    const key = onlyKey(doc(BEFORE + table(split, row(para(run(words('Percentage'))), para(run('Replace'))))));
    expect(key.pieces.map((p) => p.text)).toEqual(['formatting', norm(words('Percentage')).slice(0, 20)]);
    expect(key.pieces[1]!.gap).toBe(norm(words('Convert interval')).length);
    // The row's other cell ended on the page before, or goes on beside the key.
    expect(keyOpens(norm(`Formatting ${words('Percentage')}`), key)).toBe(0);
    expect(keyOpens(norm(`Formatting ${words('Convert interval')} ${words('Percentage')}`), key)).toBe(0);
  });

  it('counts the copies of a key that starts after a gap once each', () => {
    // A mark in an empty cell: the key is the next row's text, after the rest of the row ('Note').
    const rows = table(row(para(MARK), para(run('Note'))), row(para(run(words('Percentage')))));
    const key = onlyKey(doc(BEFORE + para(run(words('Percentage'))) + rows));
    expect(key.pieces[0]).toEqual({ gap: 4, text: norm(words('Percentage')).slice(0, 30) });
    expect([key.rank, key.copies]).toEqual([1, 2]);
    const pdf = pages(`${words('Before the break the last lines of the page')} ${words('Percentage')}`, `Note ${words('Percentage')}`);
    expect(pageOpened(pdf, key)).toBe(1);
  });

  it('leaves out the marks Word repeats where a row runs onto a page', () => {
    // The row splits in its first cell; Word marks the second cell's start and the next row's too.
    const split = row(para(run(words('Left')) + MARK + run(words('Left goes on'))), para(MARK + run(words('Right'))));
    const next = row(para(MARK + run(words('Next row'))), para(run(words('Beside'))));
    expect(markKeys(doc(BEFORE + table(split, next))).map((k) => k.mark)).toEqual([1]);
    // A row that goes onto the page whole is no split: the next row's mark is a page start of its own.
    const whole = row(para(MARK + run(words('Whole row'))), para(MARK + run(words('Right'))));
    expect(markKeys(doc(BEFORE + table(whole, next))).map((k) => k.mark)).toEqual([1, 3]);
    // Nor is the first row of the next table.
    expect(markKeys(doc(BEFORE + table(split) + para(run('Between')) + table(next))).map((k) => k.mark)).toEqual([1, 3]);
  });
});
