import { describe, expect, it } from 'vitest';
import type { Paragraph, Table } from '../model';
import { para, WORD_DEFAULT_STYLES } from '../../tests/helpers/make-docx';
import { bodyTables, parseFixture, parseWithWarnings, textRuns } from './test-util';

const tc = (text: string, tcPr = '') => `<w:tc>${tcPr ? `<w:tcPr>${tcPr}</w:tcPr>` : ''}${para(text)}</w:tc>`;
const tr = (cells: string, trPr = '') => `<w:tr>${trPr ? `<w:trPr>${trPr}</w:trPr>` : ''}${cells}</w:tr>`;
const tbl = (rows: string, tblPr = '', grid = [2000, 2000, 2000]) =>
  `<w:tbl><w:tblPr>${tblPr}</w:tblPr><w:tblGrid>${grid.map((w) => `<w:gridCol w:w="${w}"/>`).join('')}</w:tblGrid>${rows}</w:tbl>`;
const cellText = (t: Table, r: number, c: number) => textRuns(t.rows[r]!.cells[c]!.blocks[0] as Paragraph).map((x) => x.text).join('');

const STYLE = `${WORD_DEFAULT_STYLES}
  <w:style w:type="table" w:styleId="Fancy"><w:name w:val="Fancy"/><w:basedOn w:val="TableNormal"/>
    <w:tblPr><w:tblStyleRowBandSize w:val="1"/><w:tblBorders><w:top w:val="single" w:sz="4" w:color="000000"/><w:bottom w:val="single" w:sz="4" w:color="000000"/>
      <w:insideH w:val="single" w:sz="2" w:color="999999"/></w:tblBorders></w:tblPr>
    <w:tblStylePr w:type="firstRow"><w:rPr><w:b/><w:color w:val="FFFFFF"/></w:rPr><w:tcPr><w:shd w:val="clear" w:fill="4472C4"/>
      <w:tcBorders><w:bottom w:val="single" w:sz="12" w:color="FF0000"/><w:insideV w:val="single" w:sz="4" w:color="FFFFFF"/></w:tcBorders></w:tcPr></w:tblStylePr>
    <w:tblStylePr w:type="band1Horz"><w:tcPr><w:shd w:val="clear" w:fill="D9E2F3"/></w:tcPr></w:tblStylePr>
    <w:tblStylePr w:type="firstCol"><w:rPr><w:i/></w:rPr></w:tblStylePr>
    <w:tblStylePr w:type="nwCell"><w:tcPr><w:shd w:val="clear" w:fill="000000"/></w:tcPr></w:tblStylePr>
  </w:style>`;

describe('tables', () => {
  it('reads table, row and cell properties', () => {
    const body = tbl(
      tr(tc('a', '<w:tcW w:w="2000" w:type="dxa"/><w:gridSpan w:val="2"/><w:vAlign w:val="center"/><w:noWrap/><w:textDirection w:val="btLr"/>') + tc('b', '<w:tcW w:w="50%" w:type="pct"/><w:tcMar><w:left w:w="0" w:type="dxa"/></w:tcMar>'),
        '<w:trHeight w:val="400" w:hRule="exact"/><w:cantSplit/><w:tblHeader/><w:jc w:val="center"/>'),
      '<w:tblW w:w="2500" w:type="pct"/><w:jc w:val="center"/><w:tblInd w:w="144" w:type="dxa"/><w:tblLayout w:type="fixed"/><w:tblCellSpacing w:w="20" w:type="dxa"/><w:bidiVisual/>',
    );
    const [t] = bodyTables(parseFixture({ body, styles: WORD_DEFAULT_STYLES }));
    expect(t!.props).toMatchObject({ width: { type: 'pct', value: 0.5 }, alignment: 'center', indentPt: 7.2, layout: 'fixed', cellSpacingPt: 1, bidiVisual: true, styleId: 'TableNormal' });
    expect(t!.props.cellMargins).toEqual({ top: 0, left: 5.4, bottom: 0, right: 5.4 });
    expect(t!.gridPt).toEqual([100, 100, 100]);
    const row = t!.rows[0]!;
    expect(row.props).toMatchObject({ heightPt: 20, heightRule: 'exact', cantSplit: true, header: true, alignment: 'center' });
    expect(row.cells[0]!.props).toMatchObject({ width: { type: 'pt', value: 100 }, gridSpan: 2, verticalAlign: 'center', noWrap: true, textDirection: 'btLr' });
    expect(row.cells[1]!.props.width).toEqual({ type: 'pct', value: 0.5 });
    expect(row.cells[1]!.props.margins).toEqual({ top: 0, left: 0, bottom: 0, right: 5.4 });
  });

  it('keeps a negative table indent (tables reaching into the left margin), within bounds', () => {
    const one = (ind: string) => {
      const body = tbl(tr(tc('a', '<w:tcW w:w="2000" w:type="dxa"/>')), `<w:tblW w:w="2000" w:type="dxa"/>${ind}`);
      return bodyTables(parseFixture({ body, styles: WORD_DEFAULT_STYLES }))[0]!.props.indentPt;
    };
    expect(one('<w:tblInd w:w="-612" w:type="dxa"/>')).toBeCloseTo(-30.6, 5);
    expect(one('<w:tblInd w:w="-99999999" w:type="dxa"/>')).toBe(-1584);
    expect(one('<w:tblInd w:w="10" w:type="pct"/>')).toBe(0);
  });

  it('keeps vMerge and turns legacy hMerge into gridSpan', () => {
    const body = tbl(
      tr(tc('a', '<w:vMerge w:val="restart"/>') + tc('b', '<w:hMerge w:val="restart"/>') + tc('', '<w:hMerge/>')) + tr(tc('', '<w:vMerge/>') + tc('c') + tc('d')),
    );
    const [t] = bodyTables(parseFixture({ body }));
    expect(t!.rows[0]!.cells.map((c) => [c.props.vMerge, c.props.gridSpan])).toEqual([['restart', 1], [undefined, 2]]);
    expect(t!.rows[1]!.cells[0]!.props.vMerge).toBe('continue');
  });

  it('applies table style conditional formatting to shading, borders and content', () => {
    const rows = tr(tc('h1') + tc('h2') + tc('h3')) + tr(tc('r1') + tc('x') + tc('y')) + tr(tc('r2') + tc('x') + tc('y')) + tr(tc('r3') + tc('x') + tc('y'));
    const [t] = bodyTables(parseFixture({ body: tbl(rows, '<w:tblStyle w:val="Fancy"/><w:tblLook w:val="04A0"/>'), styles: STYLE }));
    const shade = (r: number, c: number) => t!.rows[r]!.cells[c]!.props.shading?.fill;
    expect([shade(0, 0), shade(0, 1), shade(1, 1), shade(2, 1), shade(3, 1)]).toEqual(['000000', '4472C4', 'D9E2F3', undefined, 'D9E2F3']);
    const run = (r: number, c: number) => textRuns(t!.rows[r]!.cells[c]!.blocks[0] as Paragraph)[0]!.props;
    expect([run(0, 1).bold, run(0, 1).color, run(1, 1).bold, run(1, 0).italic, run(1, 1).italic]).toEqual([true, 'FFFFFF', false, true, false]);
    // First row: its own bottom border; insideV between its cells, nothing on the row's outer sides.
    const b = t!.rows[0]!.cells[1]!.props.borders;
    expect(b.bottom).toMatchObject({ widthPt: 1.5, color: 'FF0000' });
    expect(b.left).toMatchObject({ widthPt: 0.5, color: 'FFFFFF' });
    expect(b.top).toMatchObject({ widthPt: 0.5, color: '000000' });
    expect(t!.rows[0]!.cells[0]!.props.borders.left).toBeUndefined();
    // Interior horizontal edges take the table's insideH.
    expect(t!.rows[1]!.cells[1]!.props.borders.bottom).toMatchObject({ widthPt: 0.25, color: '999999' });
    expect(t!.rows[3]!.cells[1]!.props.borders.bottom).toMatchObject({ widthPt: 0.5, color: '000000' });
  });

  it('takes row properties from the table style: its header row repeats and does not split', () => {
    const styles = `${WORD_DEFAULT_STYLES}
      <w:style w:type="table" w:styleId="Repeat"><w:name w:val="Repeat"/><w:basedOn w:val="TableNormal"/>
        <w:trPr><w:cantSplit/></w:trPr>
        <w:tblStylePr w:type="firstRow"><w:trPr><w:tblHeader/></w:trPr></w:tblStylePr>
        <w:tblStylePr w:type="band2Horz"><w:trPr><w:cantSplit w:val="0"/></w:trPr></w:tblStylePr>
      </w:style>
      <w:style w:type="table" w:styleId="RepeatChild"><w:name w:val="RepeatChild"/><w:basedOn w:val="Repeat"/></w:style>`;
    const rows = tr(tc('head')) + tr(tc('a')) + tr(tc('b')) + tr(tc('c'), '<w:cantSplit w:val="0"/>');
    const flags = (look: string, style = 'Repeat') =>
      bodyTables(parseFixture({ body: tbl(rows, `<w:tblStyle w:val="${style}"/><w:tblLook ${look}/>`, [2000]), styles }))[0]!.rows.map((r) => [r.props.header, r.props.cantSplit]);
    // The style's own trPr for every row, the first row's condition for the header, the second band
    // lets its rows split, and a row's own trPr wins.
    expect(flags('w:firstRow="1" w:noHBand="0"')).toEqual([[true, true], [false, true], [false, false], [false, false]]);
    expect(flags('w:firstRow="1" w:noHBand="0"', 'RepeatChild')).toEqual([[true, true], [false, true], [false, false], [false, false]]);
    // Without w:tblLook firstRow the first row is a plain band row.
    expect(flags('w:firstRow="0" w:noHBand="1"')).toEqual([[false, true], [false, true], [false, true], [false, false]]);
  });

  it('honours tblLook flags given as attributes', () => {
    const rows = tr(tc('h') + tc('h')) + tr(tc('a') + tc('b'));
    const [t] = bodyTables(parseFixture({ body: tbl(rows, '<w:tblStyle w:val="Fancy"/><w:tblLook w:firstRow="0" w:firstColumn="0" w:noHBand="1" w:noVBand="1"/>'), styles: STYLE }));
    expect(t!.rows[0]!.cells[0]!.props.shading).toBeUndefined();
    expect(textRuns(t!.rows[0]!.cells[0]!.blocks[0] as Paragraph)[0]!.props.bold).toBe(false);
  });

  it('lets direct cell borders win over the table borders and keeps explicit none', () => {
    const rows = tr(tc('a', '<w:tcBorders><w:top w:val="double" w:sz="6" w:color="00FF00"/><w:bottom w:val="nil"/></w:tcBorders>') + tc('b'));
    const [t] = bodyTables(parseFixture({ body: tbl(rows, '<w:tblBorders><w:top w:val="single" w:sz="4"/><w:bottom w:val="single" w:sz="4"/><w:insideV w:val="dotted" w:sz="4"/></w:tblBorders>') }));
    const [a, b] = t!.rows[0]!.cells;
    expect(a!.props.borders.top).toMatchObject({ style: 'double', color: '00FF00' });
    expect(a!.props.borders.bottom).toBeUndefined();
    expect(a!.props.borders.right).toMatchObject({ style: 'dotted' });
    expect(b!.props.borders.left).toMatchObject({ style: 'dotted' });
    expect(t!.props.borders.insideV).toMatchObject({ style: 'dotted' });
  });

  it('reads nested tables, cell content controls and floating table positions', () => {
    const inner = tbl(tr(tc('inner')), '', [1000]);
    const body = tbl(tr(`<w:tc>${inner}${para('after')}</w:tc>` + `<w:sdt><w:sdtContent>${tc('in sdt')}</w:sdtContent></w:sdt>`),
      '<w:tblpPr w:leftFromText="180" w:rightFromText="180" w:vertAnchor="page" w:horzAnchor="margin" w:tblpXSpec="center" w:tblpY="2000"/>');
    const [t] = bodyTables(parseFixture({ body }));
    const nested = t!.rows[0]!.cells[0]!.blocks[0] as Table;
    expect(nested.kind).toBe('table');
    expect(cellText(nested, 0, 0)).toBe('inner');
    expect(cellText(t!, 0, 1)).toBe('in sdt');
    expect(t!.props.floating).toEqual({
      horizontal: { relativeTo: 'margin', align: 'center', offsetPt: 0 },
      vertical: { relativeTo: 'page', offsetPt: 100 },
      distancePt: { top: 0, bottom: 0, left: 9, right: 9 },
    });
  });

  it('drops tracked row insertions and deletions by view', () => {
    const rows = tr(tc('keep')) + tr(tc('new'), '<w:ins w:id="1" w:author="Ann"/>') + tr(tc('old'), '<w:del w:id="2" w:author="Bob"/>');
    const texts = (view: 'markup' | 'final' | 'original') => bodyTables(parseFixture({ body: tbl(rows, '', [1000]) }, { trackedChanges: view }))[0]!.rows.map((r, i) => [i, r.revision?.type]);
    expect(texts('markup')).toEqual([[0, undefined], [1, 'insert'], [2, 'delete']]);
    expect(texts('final')).toHaveLength(2);
    expect(texts('original')).toHaveLength(2);
  });

  it('keeps at most 1,000 grid columns: spans, legacy hMerge and gridAfter past them are cut, with a warning', () => {
    // Four elements a cell spanning 1,000 columns made rows of a million columns (seconds a row to lay
    // out); 3,000 hMerge cells one cell of 3 million.
    const wide = tc('a', '<w:gridSpan w:val="1000"/>').repeat(1000);
    const merged = tc('m') + tc('', '<w:gridSpan w:val="1000"/><w:hMerge/>').repeat(3000);
    const body = tbl(tr(wide) + tr(merged) + tr(tc('b'), '<w:gridBefore w:val="998"/><w:gridAfter w:val="5"/>'), '', new Array<number>(1200).fill(10));
    const r = parseWithWarnings({ body, styles: WORD_DEFAULT_STYLES });
    expect(r.ok).toBe(true);
    const t = bodyTables(r.ok ? r.value : (undefined as never))[0]!;
    expect(t.gridPt).toHaveLength(1000);
    expect(t.rows[0]!.cells.map((c) => c.props.gridSpan)).toEqual([1000]);
    expect(t.rows[1]!.cells.map((c) => c.props.gridSpan)).toEqual([1000]);
    expect(t.rows[2]!.props).toMatchObject({ gridBefore: 998, gridAfter: 1 });
    expect(r.warnings.filter((w) => w.code === 'docx/table-too-wide').reduce((n, w) => n + (w.count ?? 1), 0)).toBe(4);
  });

  it('keeps a table of 1,000 grid columns whole, without a warning', () => {
    const body = tbl(tr(tc('a', '<w:gridSpan w:val="500"/>') + tc('b', '<w:gridSpan w:val="499"/>'), '<w:gridAfter w:val="1"/>'), '', new Array<number>(1000).fill(10));
    const r = parseWithWarnings({ body, styles: WORD_DEFAULT_STYLES });
    const t = bodyTables(r.ok ? r.value : (undefined as never))[0]!;
    expect(t.rows[0]!.cells.map((c) => c.props.gridSpan)).toEqual([500, 499]);
    expect(t.rows[0]!.props.gridAfter).toBe(1);
    expect(r.warnings.map((w) => w.code)).not.toContain('docx/table-too-wide');
  });
});
