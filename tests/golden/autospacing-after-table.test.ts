/**
 * HTML auto spacing (w:beforeAutospacing, 14 pt) vanishes at the top of a story but not after a
 * table: Word's render of a Word-saved manual (Docx4j_GettingStarted in the dev corpus) keeps 14 pt
 * between a table and the auto-spaced paragraph below it. Before, the paragraph after a table was
 * treated as the first of its story and lost its space.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const AUTO = '<w:pPr><w:spacing w:beforeAutospacing="1" w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>';
const TABLE =
  '<w:tbl><w:tblPr><w:tblW w:w="4000" w:type="dxa"/></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid>' +
  '<w:tr><w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr><w:p><w:pPr><w:spacing w:after="0"/></w:pPr><w:r><w:t>cell</w:t></w:r></w:p></w:tc></w:tr></w:tbl>';

async function baselines(body: string): Promise<Record<string, number>> {
  const { doc } = await layoutDocx(makeDocx({ body }), 'autospacing.docx', host);
  const out: Record<string, number> = {};
  for (const i of flatItems(doc.pages[0]!.items)) if (i.kind === 'glyphs') out[i.text] = i.y;
  return out;
}

beforeAll(async () => {
  await initKernel();
});

describe('HTML auto spacing before', () => {
  it('applies after a table', async () => {
    const auto = await baselines(`${TABLE}<w:p>${AUTO}<w:r><w:t>below</w:t></w:r></w:p>`);
    const none = await baselines(`${TABLE}<w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:t>below</w:t></w:r></w:p>`);
    const extra = auto['below']! - auto['cell']! - (none['below']! - none['cell']!);
    expect(extra).toBeCloseTo(14, 2);
  });

  it('vanishes at the top of the story', async () => {
    const top = await baselines(`<w:p>${AUTO}<w:r><w:t>first</w:t></w:r></w:p>`);
    const plain = await baselines(`<w:p><w:pPr><w:spacing w:after="0"/></w:pPr><w:r><w:t>first</w:t></w:r></w:p>`);
    expect(top['first']).toBeCloseTo(plain['first']!, 2);
  });
});
