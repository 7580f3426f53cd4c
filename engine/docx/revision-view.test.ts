import { describe, expect, it } from 'vitest';
import { REVIEW_FIXTURES } from '../../tests/golden/review-fixtures';
import { LETTER_SECT_PR } from '../../tests/helpers/make-docx';
import type { XmlElement } from '../xml';
import { applyRevisionView } from './revision-view';
import { bodyTables, parseFixture, plainText } from './test-util';

const D = 'w:author="A" w:date="2026-01-01T00:00:00Z"';
const el = (name: string, children: XmlElement[] = [], attrs: Record<string, string> = {}): XmlElement => ({ kind: 'element', name, attrs, children });

function cellTexts(view: 'markup' | 'final' | 'original'): string[][] {
  const t = bodyTables(parseFixture(REVIEW_FIXTURES['tc-table-rows']!, { trackedChanges: view }))[0]!;
  return t.rows.map((r) => r.cells.map((c) => c.blocks.map((b) => (b.kind === 'paragraph' ? plainText(b) : '')).join('')));
}

describe('tracked table changes', () => {
  it('keeps every row and cell in markup, with the row revision on its cells and the cell revision on the cell', () => {
    const t = bodyTables(parseFixture(REVIEW_FIXTURES['tc-table-rows']!))[0]!;
    expect(t.rows).toHaveLength(4);
    expect(t.rows[1]!.cells.map((c) => c.revision?.type)).toEqual(['insert', 'insert']);
    expect(t.rows[2]!.cells.map((c) => c.revision?.type)).toEqual(['delete', 'delete']);
    expect(t.rows[3]!.cells.map((c) => c.revision?.type)).toEqual([undefined, 'insert']);
    expect(t.rows[0]!.cells.every((c) => c.revision === undefined)).toBe(true);
  });

  it('drops deleted rows and cells in final and inserted ones in original', () => {
    expect(cellTexts('final')).toEqual([['A1', 'B1'], ['A2 inserted', 'B2 inserted'], ['A4', 'B4 cell inserted']]);
    expect(cellTexts('original')).toEqual([['A1', 'B1'], ['A3 deleted', 'B3 deleted'], ['A4']]);
  });

  it('puts back the table, row and cell properties recorded in their changes in original only', () => {
    const body =
      `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:jc w:val="center"/><w:tblPrChange w:id="1" ${D}><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:jc w:val="right"/></w:tblPr></w:tblPrChange></w:tblPr>` +
      '<w:tblGrid><w:gridCol w:w="3000"/></w:tblGrid>' +
      `<w:tr><w:trPr><w:trHeight w:val="720"/><w:trPrChange w:id="2" ${D}><w:trPr><w:trHeight w:val="1440"/></w:trPr></w:trPrChange></w:trPr>` +
      `<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/><w:vAlign w:val="bottom"/><w:tcPrChange w:id="3" ${D}><w:tcPr><w:tcW w:w="3000" w:type="dxa"/><w:vAlign w:val="center"/></w:tcPr></w:tcPrChange></w:tcPr><w:p/></w:tc></w:tr></w:tbl><w:p/>`;
    const final = bodyTables(parseFixture({ body }, { trackedChanges: 'final' }))[0]!;
    const original = bodyTables(parseFixture({ body }, { trackedChanges: 'original' }))[0]!;
    const markup = bodyTables(parseFixture({ body }))[0]!;
    expect([final.props.alignment, original.props.alignment, markup.props.alignment]).toEqual(['center', 'right', 'center']);
    expect([final.rows[0]!.props.heightPt, original.rows[0]!.props.heightPt]).toEqual([36, 72]);
    expect([final.rows[0]!.cells[0]!.props.verticalAlign, original.rows[0]!.cells[0]!.props.verticalAlign]).toEqual(['bottom', 'center']);
  });

  it('keeps a row insertion mark when the row properties are put back (the old trPr cannot hold it)', () => {
    const trPr = el('w:trPr', [el('w:ins', [], { 'w:id': '1' }), el('w:trPrChange', [el('w:trPr', [el('w:cantSplit')])])]);
    const out = applyRevisionView(el('w:tbl', [el('w:tr', [trPr])]), 'original');
    const names = (out.children[0] as XmlElement).children.map((c) => ((c as XmlElement).children as XmlElement[]).map((x) => x.name));
    expect(names).toEqual([['w:cantSplit', 'w:ins']]);
  });
});

describe('tracked changes outside the body', () => {
  it('applies the view to header tables too', () => {
    const hdr = `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid><w:gridCol w:w="2000"/><w:gridCol w:w="2000"/></w:tblGrid><w:tr>` +
      `<w:tc><w:tcPr><w:tcW w:w="2000" w:type="dxa"/></w:tcPr><w:p/></w:tc><w:tc><w:tcPr><w:tcW w:w="2000" w:type="dxa"/><w:cellDel ${D}/></w:tcPr><w:p/></w:tc></w:tr></w:tbl><w:p/>`;
    const fixture = { body: '<w:p/><w:sectPr><w:headerReference w:type="default" r:id="rIdH"/></w:sectPr>', headers: { rIdH: hdr } };
    const cells = (view: 'markup' | 'final') => {
      const doc = parseFixture(fixture, { trackedChanges: view });
      const t = Object.values(doc.headerFooters)[0]!.blocks[0]!;
      return t.kind === 'table' ? t.rows[0]!.cells.length : -1;
    };
    expect([cells('markup'), cells('final')]).toEqual([2, 1]);
  });
});

describe('tracked section changes', () => {
  it('uses the page size recorded in w:sectPrChange in original only', () => {
    const sectPr = LETTER_SECT_PR.replace('</w:sectPr>', `<w:sectPrChange w:id="9" ${D}><w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr></w:sectPrChange></w:sectPr>`);
    const fixture = { body: '<w:p/>', sectPr };
    expect(parseFixture(fixture, { trackedChanges: 'final' }).sections[0]!.props.pageWidthPt).toBe(612);
    expect(parseFixture(fixture).sections[0]!.props.pageWidthPt).toBe(612);
    expect(parseFixture(fixture, { trackedChanges: 'original' }).sections[0]!.props.pageWidthPt).toBeCloseTo(595.3, 1);
  });
});

describe('applyRevisionView', () => {
  it('returns the very same tree in markup and when nothing changes', () => {
    const tree = el('w:body', [el('w:p', [el('w:r', [el('w:t')])])]);
    expect(applyRevisionView(tree, 'markup')).toBe(tree);
    expect(applyRevisionView(tree, 'final')).toBe(tree);
  });

  it('removes the change records themselves in final', () => {
    const tree = el('w:tblPr', [el('w:jc'), el('w:tblPrChange', [el('w:tblPr')])]);
    const out = applyRevisionView(el('w:tbl', [tree]), 'final');
    expect(((out.children[0] as XmlElement).children as XmlElement[]).map((c) => c.name)).toEqual(['w:jc']);
  });

  it('stops at a depth limit on absurdly deep trees instead of overflowing the stack', () => {
    let deep = el('w:tc', [el('w:tcPr', [el('w:cellDel')])]);
    for (let i = 0; i < 5000; i++) deep = el('w:sdtContent', [deep]);
    expect(() => applyRevisionView(el('w:body', [deep]), 'final')).not.toThrow();
  });
});
