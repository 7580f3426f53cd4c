/**
 * A Word rule measured on Word's own render of Docx4j_GettingStarted (dev-ref/*.word.pdf):
 *
 * - A continuous section break held by an empty paragraph at the end of a section with text: Word
 *   lays the mark out as nothing. The paragraphs either side sit one (auto) spacing apart, and the
 *   spacing before the new section's first paragraph is kept: it is not at the top of a page. All
 *   columns of the new section start below it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const PAGE = '<w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>';
const AUTO = '<w:spacing w:before="100" w:beforeAutospacing="1" w:after="100" w:afterAutospacing="1" w:line="240" w:lineRule="auto"/>';
const CALIBRI = '<w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/>';

function baselines(doc: LayoutDoc): Map<string, { x: number; y: number }> {
  const out = new Map<string, { x: number; y: number }>();
  for (const page of doc.pages) {
    for (const i of flatItems(page.items)) {
      if (i.kind !== 'glyphs') continue;
      const g = i as GlyphRun;
      const key = g.text.trim();
      if (key && !out.has(key)) out.set(key, { x: g.x, y: g.y });
    }
  }
  return out;
}

async function spacer(markPPr: string, columns = 1): Promise<Map<string, { x: number; y: number }>> {
  const cols = columns > 1 ? `<w:cols w:num="${columns}" w:space="720"/>` : '';
  const body =
    para('Intro', AUTO, CALIBRI) +
    para('Above', AUTO, CALIBRI) +
    `<w:p><w:pPr>${markPPr}<w:sectPr>${PAGE}</w:sectPr></w:pPr></w:p>` +
    para('Below', AUTO, CALIBRI) +
    `<w:p><w:pPr>${AUTO}</w:pPr><w:r><w:rPr>${CALIBRI}</w:rPr><w:br w:type="column"/><w:t>Second</w:t></w:r></w:p>`;
  const sectPr = `<w:sectPr><w:type w:val="continuous"/>${PAGE}${cols}</w:sectPr>`;
  const { doc } = await layoutDocx(makeDocx({ body, sectPr }), 'section-spacer.docx', host);
  return baselines(doc);
}

beforeAll(async () => {
  await initKernel();
});

describe('the empty mark of a continuous section break', () => {
  it('takes no line: the paragraphs either side are one auto spacing apart', async () => {
    const at = await spacer(AUTO);
    const intro = at.get('Intro')!;
    const above = at.get('Above')!;
    const below = at.get('Below')!;
    // Intro → Above is a line plus 14 pt auto spacing; Above → Below is the same, not two lines.
    expect(below.y - above.y).toBeCloseTo(above.y - intro.y, 1);
  });

  it('keeps a mark with its own space before', async () => {
    const at = await spacer('<w:spacing w:before="240" w:after="0"/>');
    const step = at.get('Above')!.y - at.get('Intro')!.y;
    expect(at.get('Below')!.y - at.get('Above')!.y).toBeGreaterThan(step + 5);
  });

  it('starts every column of the new section below the spacing', async () => {
    const at = await spacer(AUTO, 2);
    const below = at.get('Below')!;
    const second = at.get('Second')!;
    expect(second.x).toBeGreaterThan(below.x + 100);
    expect(second.y).toBeCloseTo(below.y, 1);
  });
});
