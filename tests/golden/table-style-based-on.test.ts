/**
 * A table style's paragraph properties reach the cells only from the table's own style, not from a
 * table style it is based on (docx4j-rFonts: ElementTable, based on Table Grid's "after 0, single
 * lines", keeps the document defaults' 10 pt after and 1.15 lines in Word's render, its saved 20
 * pages and the page starts it marked; LibreOffice agrees). Table Grid used directly still applies.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx, flatItems } from '../helpers/layout-docx';
import { makeDocx, WORD_DEFAULT_STYLES } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const STYLES =
  WORD_DEFAULT_STYLES.replace('w:after="160" w:line="259"', 'w:after="200" w:line="276"') +
  '<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/><w:basedOn w:val="TableNormal"/>' +
  '<w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr></w:style>' +
  '<w:style w:type="table" w:customStyle="1" w:styleId="Derived"><w:name w:val="Derived"/><w:basedOn w:val="TableGrid"/></w:style>';

const table = (style: string) =>
  `<w:tbl><w:tblPr><w:tblStyle w:val="${style}"/><w:tblW w:w="5000" w:type="dxa"/></w:tblPr><w:tblGrid><w:gridCol w:w="5000"/></w:tblGrid>` +
  '<w:tr><w:tc><w:tcPr><w:tcW w:w="5000" w:type="dxa"/></w:tcPr><w:p><w:r><w:t>One</w:t></w:r></w:p><w:p><w:r><w:t>Two</w:t></w:r></w:p></w:tc></w:tr></w:tbl>';

async function gap(style: string): Promise<number> {
  const d: LayoutDoc = (await layoutDocx(makeDocx({ body: table(style), styles: STYLES }), 'table-style-based-on.docx', host)).doc;
  const runs = flatItems(d.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
  const y = (t: string) => runs.find((r) => r.text.startsWith(t))!.y;
  return y('Two') - y('One');
}

beforeAll(async () => {
  await initKernel();
});

describe('paragraph properties of a table style based on another', () => {
  it('keeps the document defaults in the cells of a style based on Table Grid', async () => {
    // Table Grid itself: single lines, no space after (one Times New Roman 11 pt line, 12.65 pt).
    const single = await gap('TableGrid');
    expect(single).toBeCloseTo((11 * (1825 + 443 + 87)) / 2048, 2);
    // Based on it: 1.15 lines and 10 pt after, the document defaults.
    expect(await gap('Derived')).toBeCloseTo(single * 1.15 + 10, 2);
  });
});
