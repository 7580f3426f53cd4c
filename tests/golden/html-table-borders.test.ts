/**
 * Tables Word imported from HTML: 3-D (outset, inset) cell borders and w:tblCellSpacing.
 * - An outset or inset border is two lines of its stated width (a light and a dark one) and takes
 *   twice the room (poi-bug59058's sz 6 outset cells: 45 of its 48 Word page starts with it, 30
 *   without).
 * - w:tblCellSpacing present, even as 0, separates the cells: each keeps its own top and bottom
 *   borders, so a row does not share them with its neighbours (poi-bug59058: with both rules its
 *   saved page starts go from 26 of 48 to 41).
 * - Between two rows the spacing is the least room left between their cells, the cells' own
 *   borders counted in it (§17.4.44: "including the width of the table borders"): borders wider
 *   than the spacing leave no spacing beside them. poi-bib-chernigovka's calendar (0.75 pt
 *   spacing, sz 6 outset cells) reaches Word's page starts only so.
 * - Separated cells keep their left and right borders inside their boxes too: their text runs
 *   between those borders and the margins (poi-bib-chernigovka's book list breaks '90 лет' in its
 *   35 pt first column between 1.5 pt outset sides, and so ends its page 14 where Word's last saved
 *   page start says).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { WORD_DEFAULT_STYLES, makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ styles: WORD_DEFAULT_STYLES, body }), 'html-table-borders.docx', host)).doc;
}

const yOf = (doc: LayoutDoc, text: string) =>
  flatItems(doc.pages[0]!.items).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text === text)!.y;

const tight = '<w:spacing w:before="0" w:after="0"/>';

/** A one-column table of three rows whose cells carry `border` on all sides. */
function table(border: string, spacing = '', rowSpacing = ''): string {
  const cellBorders = border ? `<w:tcBorders>${['top', 'left', 'bottom', 'right'].map((s) => `<w:${s} ${border}/>`).join('')}</w:tcBorders>` : '';
  const trPr = rowSpacing ? `<w:trPr>${rowSpacing}</w:trPr>` : '';
  const rows = ['One', 'Two', 'Three']
    .map((t) => `<w:tr>${trPr}<w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/>${cellBorders}</w:tcPr>${para(t, tight)}</w:tc></w:tr>`)
    .join('');
  return `<w:tbl><w:tblPr><w:tblW w:w="4000" w:type="dxa"/>${spacing}</w:tblPr><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid>${rows}</w:tbl>${para('After', tight)}`;
}

beforeAll(async () => {
  await initKernel();
});

describe('3-D borders take twice their stated width', () => {
  it('rows ruled by sz 6 outset or inset borders sit 1.5 pt apart per border, single ones 0.75 pt', async () => {
    const plain = await layout(table(''));
    const single = await layout(table('w:val="single" w:sz="6" w:space="0" w:color="C0C0C0"'));
    // Collapsed borders: four horizontal borders (top, two shared, bottom) push "After" down.
    expect(yOf(single, 'After') - yOf(plain, 'After')).toBeCloseTo(4 * 0.75, 2);
    for (const style of ['outset', 'inset']) {
      const ruled = await layout(table(`w:val="${style}" w:sz="6" w:space="0" w:color="C0C0C0"`));
      expect(yOf(ruled, 'One') - yOf(plain, 'One')).toBeCloseTo(1.5, 2);
      expect(yOf(ruled, 'Two') - yOf(plain, 'Two')).toBeCloseTo(3, 2);
      expect(yOf(ruled, 'After') - yOf(plain, 'After')).toBeCloseTo(4 * 1.5, 2);
    }
  });
});

describe('w:tblCellSpacing of 0 separates the cells', () => {
  const thick = 'w:val="single" w:sz="24" w:space="0" w:color="000000"'; // 3 pt
  const zero = '<w:tblCellSpacing w:w="0" w:type="dxa"/>';

  it('gives each row its own top and bottom borders, on the table or on the rows', async () => {
    const plain = await layout(table(''));
    const shared = await layout(table(thick));
    // Without spacing rows share the border between them: four borders in all.
    expect(yOf(shared, 'Two') - yOf(plain, 'Two')).toBeCloseTo(6, 2);
    expect(yOf(shared, 'After') - yOf(plain, 'After')).toBeCloseTo(12, 2);
    for (const separated of [await layout(table(thick, zero)), await layout(table(thick, '', zero))]) {
      // Separated: every row takes its own top and bottom border, six in all.
      expect(yOf(separated, 'One') - yOf(plain, 'One')).toBeCloseTo(3, 2);
      expect(yOf(separated, 'Two') - yOf(plain, 'Two')).toBeCloseTo(9, 2);
      expect(yOf(separated, 'After') - yOf(plain, 'After')).toBeCloseTo(18, 2);
    }
  });
});

describe('cell spacing between rows counts the cells\' borders in it', () => {
  const outset = 'w:val="outset" w:sz="6" w:space="0" w:color="C0C0C0"'; // 1.5 pt of room
  const single = 'w:val="single" w:sz="6" w:space="0" w:color="000000"'; // 0.75 pt
  const spacing = (twips: number) => `<w:tblCellSpacing w:w="${twips}" w:type="dxa"/>`;

  it('adds nothing between rows whose borders are wider than the spacing', async () => {
    const plain = await layout(table(''));
    const spaced = await layout(table(outset, spacing(15)));
    // 0.75 pt spacing above the table, then One's top border; Two sits below One's bottom border and
    // its own top border only, the 0.75 pt spacing taken up by their 3 pt of borders.
    expect(yOf(spaced, 'One') - yOf(plain, 'One')).toBeCloseTo(0.75 + 1.5, 2);
    expect(yOf(spaced, 'Two') - yOf(plain, 'Two')).toBeCloseTo(0.75 + 1.5 + 1.5 + 1.5, 2);
    // The spacing below the last row stays, as at the table's top.
    expect(yOf(spaced, 'After') - yOf(plain, 'After')).toBeCloseTo(0.75 + 6 * 1.5 + 0.75, 2);
  });

  it('leaves the spacing between rows where it is wider than their borders', async () => {
    const plain = await layout(table(''));
    const spaced = await layout(table(single, spacing(144)));
    // 7.2 pt between One's and Two's contents: their two 0.75 pt borders and 5.7 pt of space.
    expect(yOf(spaced, 'Two') - yOf(spaced, 'One') - (yOf(plain, 'Two') - yOf(plain, 'One'))).toBeCloseTo(7.2, 2);
    expect(yOf(spaced, 'One') - yOf(plain, 'One')).toBeCloseTo(7.2 + 0.75, 2);
  });
});

describe('separated cells keep their side borders inside', () => {
  const outset = 'w:val="outset" w:sz="6" w:space="0" w:color="C0C0C0"'; // 1.5 pt of room
  const xOf = (doc: LayoutDoc, text: string) =>
    flatItems(doc.pages[0]!.items).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text === text)!.x;

  it('sets the text in from the left border, where shared borders leave it at the margin', async () => {
    const shared = await layout(table(outset));
    for (const separated of [await layout(table(outset, '<w:tblCellSpacing w:w="0" w:type="dxa"/>')), await layout(table(outset, '', '<w:tblCellSpacing w:w="0" w:type="dxa"/>'))]) {
      expect(xOf(separated, 'One') - xOf(shared, 'One')).toBeCloseTo(1.5, 2);
    }
    // With 0.75 pt spacing the cell itself stands 0.75 pt in from the table's side as well.
    expect(xOf(await layout(table(outset, '<w:tblCellSpacing w:w="15" w:type="dxa"/>')), 'One') - xOf(shared, 'One')).toBeCloseTo(0.75 + 1.5, 2);
  });

  it('narrows the text by both side borders', async () => {
    // A right-aligned line ends at the right border's inner edge less the margin.
    const right = (spacing: string) =>
      `<w:tbl><w:tblPr><w:tblW w:w="4000" w:type="dxa"/>${spacing}</w:tblPr><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid>` +
      `<w:tr><w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/><w:tcBorders>${['top', 'left', 'bottom', 'right'].map((s) => `<w:${s} ${outset}/>`).join('')}</w:tcBorders></w:tcPr>` +
      `<w:p><w:pPr>${tight}<w:jc w:val="right"/></w:pPr><w:r><w:t>End</w:t></w:r></w:p></w:tc></w:tr></w:tbl>`;
    const end = (doc: LayoutDoc) => {
      const run = flatItems(doc.pages[0]!.items).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text === 'End')!;
      return run.x + run.advances.reduce((a, b) => a + b, 0);
    };
    const shared = end(await layout(right('')));
    const separated = end(await layout(right('<w:tblCellSpacing w:w="0" w:type="dxa"/>')));
    expect(shared - separated).toBeCloseTo(1.5, 2);
  });
});
