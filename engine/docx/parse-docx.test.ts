import { describe, expect, it } from 'vitest';
import type { DocModel, Paragraph, TextRun } from '../model';
import { makeDocx, para, run, WORD_DEFAULT_STYLES, OFFICE_THEME } from '../../tests/helpers/make-docx';
import { parseDocx } from './index';

function parse(o: Parameters<typeof makeDocx>[0], options = {}): DocModel {
  const r = parseDocx(makeDocx(o), options, {});
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.code}: ${e.message}`).join('\n'));
  return r.value;
}

function paragraphs(doc: DocModel): Paragraph[] {
  return doc.sections.flatMap((s) => s.blocks).filter((b): b is Paragraph => b.kind === 'paragraph');
}

function texts(p: Paragraph): TextRun[] {
  return p.inlines.filter((i): i is TextRun => i.kind === 'text');
}

describe('parseDocx: package', () => {
  it('reads a minimal document with Word defaults when styles are absent', () => {
    const doc = parse({ body: para('Hello') });
    const [p] = paragraphs(doc);
    expect(texts(p!).map((t) => t.text)).toEqual(['Hello']);
    expect(texts(p!)[0]!.props.font).toBe('Times New Roman');
    expect(texts(p!)[0]!.props.sizePt).toBe(10);
    expect(doc.sections).toHaveLength(1);
    expect(doc.sections[0]!.props.pageWidthPt).toBe(612);
    expect(doc.settings.defaultTabStopPt).toBe(36);
  });

  it('fails with docx/bad-zip on bytes that are not a zip', () => {
    const r = parseDocx(new Uint8Array([1, 2, 3, 4, 5]), {}, {});
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]!.code).toBe('docx/bad-zip');
  });

  it('fails with docx/no-main-document when the package has no document part', () => {
    const bytes = makeDocx({ rawDocument: '<?xml version="1.0"?><x/>' });
    const r = parseDocx(bytes, {}, {});
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]!.code).toBe('docx/no-main-document');
  });

  it('fails with docx/bad-xml when document.xml is malformed, but skips a malformed optional part with a warning', () => {
    const bad = parseDocx(makeDocx({ rawDocument: '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' }), {}, {});
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors[0]!.code).toBe('docx/bad-xml');
    const r = parseDocx(makeDocx({ body: para('x'), styles: '<w:style w:type="paragraph"' }), {}, {});
    expect(r.ok).toBe(true);
    expect(r.warnings.map((w) => w.code)).toContain('docx/bad-part');
  });
});

describe('parseDocx: styles and runs', () => {
  it('applies theme fonts, docDefaults and the Normal style', () => {
    const doc = parse({ body: para('Text'), styles: WORD_DEFAULT_STYLES, theme: OFFICE_THEME });
    const [p] = paragraphs(doc);
    const t = texts(p!)[0]!;
    expect(t.props.font).toBe('Calibri');
    expect(t.props.sizePt).toBe(11);
    expect(t.props.lang).toBe('en-US');
    expect(p!.props.spacing.afterPt).toBe(8);
    expect(p!.props.spacing.line).toEqual({ rule: 'auto', multiple: 259 / 240 });
    expect(p!.props.styleId).toBe('Normal');
  });

  it('toggles bold between paragraph and character styles, while direct formatting is absolute', () => {
    const styles = `${WORD_DEFAULT_STYLES}
      <w:style w:type="paragraph" w:styleId="H"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:rPr><w:b/></w:rPr></w:style>
      <w:style w:type="character" w:styleId="Strong"><w:name w:val="Strong"/><w:rPr><w:b/></w:rPr></w:style>`;
    const body = `<w:p><w:pPr><w:pStyle w:val="H"/></w:pPr>${run('a')}${run('b', '<w:rStyle w:val="Strong"/>')}${run('c', '<w:rStyle w:val="Strong"/><w:b/>')}${run('d', '<w:b w:val="0"/>')}</w:p>`;
    const [p] = paragraphs(parse({ body, styles }));
    expect(texts(p!).map((t) => [t.text, t.props.bold])).toEqual([['a', true], ['b', false], ['c', true], ['d', false]]);
    expect(p!.props.outlineLevel).toBe(0);
  });

  it('splits runs by rFonts slot: ascii, eastAsia, cs', () => {
    const body = `<w:p>${run('Aé中ש', '<w:rFonts w:ascii="A" w:hAnsi="H" w:eastAsia="E" w:cs="C"/><w:b/><w:bCs w:val="0"/><w:sz w:val="20"/><w:szCs w:val="30"/>')}</w:p>`;
    const [p] = paragraphs(parse({ body }));
    expect(texts(p!).map((t) => [t.text, t.props.font, t.props.bold, t.props.sizePt])).toEqual([
      ['A', 'A', true, 10], ['é', 'H', true, 10], ['中', 'E', true, 10], ['ש', 'C', false, 15],
    ]);
  });

  it('reads run properties: underline, colour (theme with shade), highlight, caps, position, spacing, scale, hidden', () => {
    const rPr = '<w:u w:val="double" w:color="FF0000"/><w:color w:val="000000" w:themeColor="accent1" w:themeShade="BF"/><w:highlight w:val="yellow"/><w:caps/><w:position w:val="6"/><w:spacing w:val="40"/><w:w w:val="150"/><w:vanish/><w:vertAlign w:val="superscript"/><w:strike/>';
    const [p] = paragraphs(parse({ body: `<w:p>${run('x', rPr)}</w:p>`, theme: OFFICE_THEME }));
    const pr = texts(p!)[0]!.props;
    expect(pr.underline).toEqual({ style: 'double', color: 'FF0000' });
    // Word's own palette entry for accent1 darker 25% is 2F5496.
    expect(pr.color).toBe('2F5496');
    expect(pr.highlight).toBe('FFFF00');
    expect([pr.caps, pr.positionPt, pr.spacingPt, pr.scalePct, pr.hidden, pr.vertAlign, pr.strike]).toEqual([true, 3, 2, 150, true, 'superscript', true]);
  });

  it('reads a w:w outside 1-600% as 100%, over a style that scales: a list label reset with w:w="0" stays visible', () => {
    const styles = `${WORD_DEFAULT_STYLES}<w:style w:type="character" w:styleId="Narrow"><w:rPr><w:w w:val="50"/></w:rPr></w:style>`;
    const body = `<w:p>${run('a', '<w:w w:val="0"/>')}${run('b', '<w:rStyle w:val="Narrow"/><w:w w:val="700"/>')}${run('c', '<w:w w:val="600"/>')}${run('d', '<w:rStyle w:val="Narrow"/>')}</w:p>`;
    const [p] = paragraphs(parse({ body, styles }));
    expect(texts(p!).map((t) => t.props.scalePct)).toEqual([100, 100, 600, 50]);
  });

  it('keeps tabs, breaks, symbols, soft and non-breaking hyphens', () => {
    const body = '<w:p><w:r><w:t>a</w:t><w:tab/><w:t>b</w:t><w:br w:type="page"/><w:softHyphen/><w:noBreakHyphen/><w:sym w:font="Wingdings" w:char="F0FC"/><w:cr/></w:r></w:p>';
    const [p] = paragraphs(parse({ body }));
    expect(p!.inlines.map((i) => (i.kind === 'text' ? `${i.text}@${i.props.font}` : i.kind === 'break' ? `br:${i.type}` : i.kind))).toEqual([
      'a@Times New Roman', 'tab', 'b@Times New Roman', 'br:page', '\u00ad\u2011@Times New Roman', '\uf0fc@Wingdings', 'br:line',
    ]);
  });
});

describe('parseDocx: paragraphs and sections', () => {
  it('reads alignment, indents, spacing, keep flags, borders, shading and tabs (style tabs merged, cleared)', () => {
    const styles = '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/><w:tab w:val="center" w:pos="1440"/></w:tabs></w:pPr></w:style>';
    const pPr = '<w:jc w:val="both"/><w:ind w:left="720" w:right="360" w:hanging="360"/><w:spacing w:before="240" w:after="120" w:line="360" w:lineRule="exact"/>' +
      '<w:keepNext/><w:keepLines/><w:widowControl w:val="0"/><w:pageBreakBefore/><w:contextualSpacing/>' +
      '<w:pBdr><w:top w:val="single" w:sz="8" w:space="1" w:color="FF0000"/><w:bottom w:val="none"/></w:pBdr><w:shd w:val="clear" w:fill="EEEEEE"/>' +
      '<w:tabs><w:tab w:val="clear" w:pos="720"/><w:tab w:val="right" w:leader="dot" w:pos="9000"/></w:tabs>';
    const [p] = paragraphs(parse({ body: para('x', pPr), styles }));
    const pr = p!.props;
    expect(pr.alignment).toBe('both');
    expect(pr.indent).toEqual({ leftPt: 36, rightPt: 18, firstLinePt: -18 });
    expect(pr.spacing).toMatchObject({ beforePt: 12, afterPt: 6, line: { rule: 'exact', pt: 18 } });
    expect([pr.keepNext, pr.keepLines, pr.widowControl, pr.pageBreakBefore, pr.contextualSpacing]).toEqual([true, true, false, true, true]);
    expect(pr.borders).toEqual({ top: { style: 'single', widthPt: 1, spacePt: 1, color: 'FF0000' } });
    expect(pr.shading).toEqual({ fill: 'EEEEEE' });
    expect(pr.tabs).toEqual([
      { positionPt: 72, alignment: 'center', leader: 'none' },
      { positionPt: 450, alignment: 'right', leader: 'dot' },
    ]);
  });

  it('uses 14 pt for auto spacing, and widow control on by default', () => {
    const [p] = paragraphs(parse({ body: para('x', '<w:spacing w:beforeAutospacing="1" w:afterAutospacing="1" w:before="100"/>') }));
    expect(p!.props.spacing).toMatchObject({ beforePt: 14, afterPt: 14, beforeAuto: true, afterAuto: true });
    expect(p!.props.widowControl).toBe(true);
  });

  it('splits sections and inherits header references from the previous section', () => {
    const body =
      para('one', '<w:sectPr><w:headerReference w:type="default" r:id="rIdH1"/><w:pgSz w:w="16838" w:h="11906" w:orient="landscape"/>' +
        '<w:pgMar w:top="-1000" w:right="1000" w:bottom="1000" w:left="1000" w:header="500" w:footer="500" w:gutter="200"/><w:cols w:num="2" w:space="360" w:sep="1"/><w:type w:val="continuous"/><w:titlePg/></w:sectPr>') +
      para('two') +
      '<w:sectPr><w:footerReference w:type="first" r:id="rIdF1"/><w:pgNumType w:fmt="lowerRoman" w:start="3"/><w:vAlign w:val="center"/></w:sectPr>';
    const doc = parse({ body, headers: { rIdH1: para('Head') }, footers: { rIdF1: para('Foot') } });
    expect(doc.sections).toHaveLength(2);
    const [a, b] = doc.sections;
    expect(a!.props).toMatchObject({ pageWidthPt: 841.9, pageHeightPt: 595.3, orientation: 'landscape', type: 'continuous', titlePage: true });
    expect(a!.props.margins).toEqual({ top: -50, right: 50, bottom: 50, left: 50, header: 25, footer: 25, gutter: 10 });
    expect(a!.props.columns).toEqual({ count: 2, spacePt: 18, separator: true });
    expect(a!.props.headers).toEqual({ default: 'word/header1.xml' });
    expect(b!.props.headers).toEqual({ default: 'word/header1.xml' });
    expect(b!.props.footers).toEqual({ first: 'word/footer1.xml' });
    expect(b!.props.pageNumbers).toEqual({ format: 'lowerRoman', start: 3 });
    expect(b!.props.verticalAlign).toBe('center');
    expect(b!.props.pageWidthPt).toBe(612);
    expect(Object.keys(doc.headerFooters).sort()).toEqual(['word/footer1.xml', 'word/header1.xml']);
    expect(texts(doc.headerFooters['word/header1.xml']!.blocks[0] as Paragraph)[0]!.text).toBe('Head');
  });

  it('reads a vertical section (w:textDirection tbRl, btLr), and warns about directions laid out horizontally', () => {
    const r = parseDocx(makeDocx({ body: para('縦書き') + '<w:sectPr><w:textDirection w:val="tbRl"/></w:sectPr>' }), {}, {});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.sections[0]!.props.textDirection).toBe('tbRl');
    expect(r.warnings.some((w) => w.code === 'docx/vertical-section')).toBe(false);
    const up = parseDocx(makeDocx({ body: para('x') + '<w:sectPr><w:textDirection w:val="btLr"/></w:sectPr>' }), {}, {});
    expect(up.ok && up.value.sections[0]!.props.textDirection).toBe('btLr');
    const other = parseDocx(makeDocx({ body: para('x') + '<w:sectPr><w:textDirection w:val="lrTbV"/></w:sectPr>' }), {}, {});
    expect(other.ok).toBe(true);
    if (!other.ok) return;
    expect(other.value.sections[0]!.props.textDirection).toBeUndefined();
    expect(other.warnings.find((w) => w.code === 'docx/vertical-section')).toMatchObject({ at: 'word/document.xml' });
    const plain = parseDocx(makeDocx({ body: para('x') + '<w:sectPr><w:textDirection w:val="lrTb"/></w:sectPr>' }), {}, {});
    expect(plain.ok && plain.warnings.some((w) => w.code === 'docx/vertical-section')).toBe(false);
  });

  it('reports margins that leave no text area, and keeps the text', () => {
    const sect = (left: number, right: number, top = 1440) =>
      `<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="${top}" w:right="${right}" w:bottom="1440" w:left="${left}" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>`;
    const wide = parseDocx(makeDocx({ body: para('Kept') + sect(7000, 7000) }), {}, {});
    expect(wide.ok).toBe(true);
    if (!wide.ok) return;
    const w = wide.warnings.find((d) => d.code === 'docx/margins-exceed-page');
    expect(w?.message).toContain('-88 pt of the page\'s 612 pt width');
    expect(texts(wide.value.sections[0]!.blocks[0] as Paragraph)[0]!.text).toBe('Kept');
    const tall = parseDocx(makeDocx({ body: para('x') + sect(1440, 1440, 15000) }), {}, {});
    expect(tall.ok && tall.warnings.find((d) => d.code === 'docx/margins-exceed-page')?.message).toContain('height');
    const normal = parseDocx(makeDocx({ body: para('x') + sect(1440, 1440) }), {}, {});
    expect(normal.ok && normal.warnings.some((d) => d.code === 'docx/margins-exceed-page')).toBe(false);
  });
});
