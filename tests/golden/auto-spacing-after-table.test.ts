/**
 * HTML auto spacing before a paragraph (w:spacing/@w:beforeAutospacing, §17.3.1.33: 14 pt) that
 * follows a table. It vanishes at the top of a story, and the paragraph after a table has no previous
 * paragraph, so it was taken for a story top and lost its 14 pt; Word and LibreOffice both keep it
 * (Docx4j_GettingStarted p.19: "As well as" 28 pt below the table's last line in both renders).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx, flatItems } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const TABLE =
  '<w:tbl><w:tblPr><w:tblW w:w="4000" w:type="dxa"/></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid>' +
  '<w:tr><w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr><w:p><w:pPr><w:spacing w:after="0"/></w:pPr><w:r><w:t>cell</w:t></w:r></w:p></w:tc></w:tr></w:tbl>';
const after = (spacing: string) => `<w:p><w:pPr><w:spacing ${spacing} w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:t>After</w:t></w:r></w:p>`;

async function yOfAfter(body: string): Promise<number> {
  const d: LayoutDoc = (await layoutDocx(makeDocx({ body }), 'auto-spacing-after-table.docx', host)).doc;
  const run = flatItems(d.pages[0]!.items).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text.startsWith('After'))!;
  return run.y;
}

beforeAll(async () => {
  await initKernel();
});

describe('auto spacing before a paragraph after a table', () => {
  it('keeps its 14 pt', async () => {
    const none = await yOfAfter(TABLE + after('w:before="0" w:after="0"'));
    const auto = await yOfAfter(TABLE + after('w:beforeAutospacing="1" w:after="0"'));
    expect(auto - none).toBeCloseTo(14, 3);
  });

  it('still vanishes at the top of the story', async () => {
    const none = await yOfAfter(after('w:before="0" w:after="0"'));
    const auto = await yOfAfter(after('w:beforeAutospacing="1" w:after="0"'));
    expect(auto - none).toBeCloseTo(0, 3);
  });
});
