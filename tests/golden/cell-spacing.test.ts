/**
 * Cell spacing (w:tblCellSpacing, §17.4.44): cells stand apart by the spacing, each drawing its own
 * borders and shading in its own box, and the table's outer border goes round the whole table. HTML
 * pages saved as DOCX use it for every table (poi-bib-chernigovka in the dev corpus: 285 tables'
 * rows); before, the spacing was read and ignored, so the cells touched and each row was a spacing
 * shorter than in the reference.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const B = (w: number) => `w:val="single" w:sz="${w}" w:space="0" w:color="000000"`;

function table(spacing: number): string {
  const cell = (text: string) =>
    `<w:tc><w:tcPr><w:tcW w:w="2000" w:type="dxa"/><w:shd w:val="clear" w:color="auto" w:fill="DDDDDD"/></w:tcPr><w:p><w:pPr><w:spacing w:after="0"/></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;
  return (
    `<w:tbl><w:tblPr><w:tblW w:w="4000" w:type="dxa"/>${spacing ? `<w:tblCellSpacing w:w="${spacing}" w:type="dxa"/>` : ''}` +
    `<w:tblBorders><w:top ${B(8)}/><w:left ${B(8)}/><w:bottom ${B(8)}/><w:right ${B(8)}/><w:insideH ${B(4)}/><w:insideV ${B(4)}/></w:tblBorders>` +
    `<w:tblLayout w:type="fixed"/><w:tblCellMar><w:left w:w="0" w:type="dxa"/><w:right w:w="0" w:type="dxa"/></w:tblCellMar></w:tblPr>` +
    `<w:tblGrid><w:gridCol w:w="2000"/><w:gridCol w:w="2000"/></w:tblGrid>` +
    `<w:tr>${cell('a')}${cell('b')}</w:tr><w:tr>${cell('c')}${cell('d')}</w:tr></w:tbl><w:p/>`
  );
}

async function items(spacing: number): Promise<LayoutItem[]> {
  const { doc } = await layoutDocx(makeDocx({ body: table(spacing) }), 'cell-spacing.docx', host);
  return flatItems(doc.pages[0]!.items);
}

const text = (all: LayoutItem[], t: string) => all.find((i) => i.kind === 'glyphs' && i.text === t) as Extract<LayoutItem, { kind: 'glyphs' }>;
const fills = (all: LayoutItem[]) => all.filter((i): i is Extract<LayoutItem, { kind: 'rect' }> => i.kind === 'rect' && i.fill === 'DDDDDD');

beforeAll(async () => {
  await initKernel();
});

describe('cell spacing', () => {
  it('sets the cells apart, a spacing from the table edges and from each other', async () => {
    const spaced = await items(80); // 4 pt
    const plain = await items(0);
    // Cell boxes: inset 4 pt at the table's edges and 2 pt towards the neighbour; 100 pt columns.
    const boxes = fills(spaced).sort((p, q) => p.y - q.y || p.x - q.x);
    const flat = fills(plain).sort((p, q) => p.y - q.y || p.x - q.x);
    expect(boxes).toHaveLength(4);
    expect(boxes[0]!.x - flat[0]!.x).toBeCloseTo(4, 2);
    expect(boxes[0]!.w).toBeCloseTo(100 - 4 - 2, 2);
    expect(boxes[1]!.x - (boxes[0]!.x + boxes[0]!.w)).toBeCloseTo(4, 2);
    // Rows stand 4 pt apart, the two 0.5 pt borders between them counted in (§17.4.44): 3 pt between
    // their boxes; the text moves down with its box.
    expect(boxes[2]!.y - (boxes[0]!.y + boxes[0]!.h)).toBeCloseTo(3, 1);
    expect(text(spaced, 'c').y - text(spaced, 'a').y).toBeGreaterThan(text(plain, 'c').y - text(plain, 'a').y + 3);
  });

  it('draws the table border round the whole table as well as each cell\'s own', async () => {
    const spaced = await items(80);
    const lines = spaced.filter((i): i is Extract<LayoutItem, { kind: 'line' }> => i.kind === 'line');
    const thick = lines.filter((l) => Math.abs(l.width - 1) < 0.01);
    // The outer frame: a vertical line at the table's left edge spanning both rows' heights.
    const left = Math.min(...lines.map((l) => Math.min(l.x1, l.x2)));
    const frameLeft = thick.filter((l) => l.x1 === l.x2 && Math.abs(l.x1 - left) < 0.6);
    expect(frameLeft.length).toBe(2);
    // Each cell draws its four sides inside its box: 4 cells × 4 sides, plus 2 × 2 frame sides and top and bottom.
    expect(lines.length).toBe(16 + 4 + 2);
  });
});

describe('art page borders', () => {
  it('are left out with a warning, not drawn as a solid bar as wide as the art', async () => {
    const art = (side: string) => `<w:${side} w:val="mapleMuffins" w:sz="12" w:space="24" w:color="auto"/>`;
    const sectPr = `<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/><w:pgBorders w:offsetFrom="page">${art('top')}${art('left')}${art('bottom')}${art('right')}</w:pgBorders></w:sectPr>`;
    const { doc, codes } = await layoutDocx(makeDocx({ body: '<w:p><w:r><w:t>x</w:t></w:r></w:p>', sectPr }), 'art.docx', host);
    expect(flatItems(doc.pages[0]!.items).filter((i) => i.kind === 'line')).toHaveLength(0);
    expect(codes).toContain('layout/art-border');
  });
});
