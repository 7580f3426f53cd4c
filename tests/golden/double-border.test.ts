/**
 * A double border (w:val="double") is two lines of the stated width with a gap as wide between them:
 * it takes three times the room of a single one and is drawn as two lines. oxsdk-2007's review table
 * (½ pt double outer borders, rows of at-least heights) needs that room to end its page where Word's
 * saved page start puts the break.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc, LayoutItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

function table(style: string): string {
  const b = (side: string) => `<w:${side} w:val="${style}" w:sz="4" w:space="0" w:color="auto"/>`;
  const borders = `<w:tblBorders>${['top', 'left', 'bottom', 'right'].map(b).join('')}</w:tblBorders>`;
  return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/>${borders}<w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:bottom w:w="0" w:type="dxa"/></w:tblCellMar></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid><w:tr><w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${para('Inside')}</w:tc></w:tr></w:tbl>${para('After')}`;
}

const runs = (d: LayoutDoc) => flatItems(d.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
const y = (d: LayoutDoc, s: string) => runs(d).find((r) => r.text.includes(s))!.y;
const lines = (d: LayoutDoc) => flatItems(d.pages[0]!.items).filter((i): i is Extract<LayoutItem, { kind: 'line' }> => i.kind === 'line');

beforeAll(async () => {
  await initKernel();
});

describe('a double table border', () => {
  it('takes three times the room of a single one', async () => {
    const single = (await layoutDocx(makeDocx({ body: table('single') }), 'single-border.docx', host)).doc;
    const double = (await layoutDocx(makeDocx({ body: table('double') }), 'double-border.docx', host)).doc;
    // ½ pt single: 0.5 above the text; double: 1.5.
    expect(y(double, 'Inside') - y(single, 'Inside')).toBeCloseTo(1, 2);
    expect(y(double, 'After') - y(single, 'After')).toBeCloseTo(2, 2);
  });

  it('is drawn as two lines of the stated width', async () => {
    const { doc } = await layoutDocx(makeDocx({ body: table('double') }), 'double-lines.docx', host);
    const top = lines(doc).filter((l) => l.y1 === l.y2).sort((a, b) => a.y1 - b.y1).slice(0, 2);
    expect(top.map((l) => l.width)).toEqual([0.5, 0.5]);
    expect(top[1]!.y1 - top[0]!.y1).toBeCloseTo(1, 3);
  });
});
