/**
 * A paragraph's border box and shading start at its leftmost line: a hanging first line (a list
 * number, an outdented code line) stays inside them.
 *
 * docx4j-themeFontLang's schema fragments (w:ind left 180, hanging 180, a left border 4 pt out) had
 * their left border drawn through the first line's text; the handbook's bordered numbered lists ran
 * it between the numbers and the text. LibreOffice draws both boxes round the whole first line, and
 * aspose-Rendering's shading under its -0.5 in first line.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LineItem, RectItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, run } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
/** The text column's left edge (1 in margin). */
const MARGIN = 72;

async function layout(pPr: string) {
  const body = `<w:p><w:pPr>${pPr}</w:pPr>${run('First line of a long enough paragraph to wrap onto a second line at this width, and on and on to be sure of it.')}</w:p>`;
  return (await layoutDocx(makeDocx({ body }), 'border-hanging-indent.docx', host)).doc;
}

beforeAll(async () => {
  await initKernel();
});

describe('a bordered or shaded paragraph with a hanging first line', () => {
  it('draws its left border left of the first line, by the border\'s space', async () => {
    const doc = await layout('<w:pBdr><w:left w:val="single" w:sz="8" w:space="4" w:color="000000"/></w:pBdr><w:ind w:left="720" w:hanging="360"/>');
    const first = glyphRunsOn(doc, 0)[0]!;
    expect(first.x).toBeCloseTo(MARGIN + 18, 3);
    const verticals = flatItems(doc.pages[0]!.items).filter((i): i is LineItem => i.kind === 'line' && i.x1 === i.x2);
    expect(verticals).toHaveLength(1);
    // 1 pt wide, 4 pt out from the first line: its middle 4.5 pt left of the text.
    expect(verticals[0]!.x1).toBeCloseTo(MARGIN + 18 - 4.5, 3);
  });

  it('shades from the first line\'s start', async () => {
    const doc = await layout('<w:shd w:val="clear" w:color="auto" w:fill="C0FFFF"/><w:ind w:left="720" w:hanging="720"/>');
    const shade = flatItems(doc.pages[0]!.items).find((i): i is RectItem => i.kind === 'rect' && i.fill === 'C0FFFF');
    expect(shade?.x).toBeCloseTo(MARGIN, 3);
  });

  it('keeps the box at the left indent for a first line indented inwards', async () => {
    const doc = await layout('<w:shd w:val="clear" w:color="auto" w:fill="C0FFFF"/><w:ind w:left="720" w:firstLine="720"/>');
    const shade = flatItems(doc.pages[0]!.items).find((i): i is RectItem => i.kind === 'rect' && i.fill === 'C0FFFF');
    expect(shade?.x).toBeCloseTo(MARGIN + 36, 3);
  });
});
