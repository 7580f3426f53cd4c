/**
 * A VML horizontal rule (o:hr="t", Word's form of an HTML <hr>) with no width of its own
 * (style width:0) spans its line: o:hrpct tenths of a per cent of it, the whole line by default.
 * oxsdk-Hyperlink_-_internal's grey rules under its headings were drawn 0 pt wide, so not at all;
 * LibreOffice draws them across the text. A rule with a width keeps it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc, PathItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
/** US Letter with 1 in margins: the text is 468 pt wide, from x = 72. */
const TEXT_WIDTH = 468;

function rule(extra: string, width = '0'): string {
  return `<w:p><w:r><w:pict><v:rect style="width:${width};height:.75pt" o:hralign="center" o:hrstd="t" o:hrnoshade="t" o:hr="t" fillcolor="#ccc" stroked="f"${extra}/></w:pict></w:r></w:p>`;
}

async function rulesOf(body: string): Promise<PathItem[]> {
  const doc: LayoutDoc = (await layoutDocx(makeDocx({ body }), 'horizontal-rule.docx', host)).doc;
  return flatItems(doc.pages[0]!.items).filter((i): i is PathItem => i.kind === 'path' && i.fill === 'CCCCCC');
}

function widthOf(p: PathItem): number {
  const xs = p.commands.flatMap((c) => (c.op === 'Z' ? [] : [c.x]));
  return Math.max(...xs) - Math.min(...xs);
}

beforeAll(async () => {
  await initKernel();
});

describe('a VML horizontal rule without a width', () => {
  it('spans the whole line', async () => {
    const [r] = await rulesOf(rule(''));
    expect(r).toBeDefined();
    expect(widthOf(r!)).toBeCloseTo(TEXT_WIDTH, 3);
    expect(Math.min(...r!.commands.flatMap((c) => (c.op === 'Z' ? [] : [c.x])))).toBeCloseTo(72, 3);
  });

  it('spans o:hrpct tenths of a per cent of it, and a cell\'s width in a cell', async () => {
    const [half] = await rulesOf(rule(' o:hrpct="500"'));
    expect(widthOf(half!)).toBeCloseTo(TEXT_WIDTH / 2, 3);
    const cell = '<w:tbl><w:tblPr><w:tblW w:w="4000" w:type="dxa"/><w:tblLayout w:type="fixed"/><w:tblCellMar><w:left w:w="0" w:type="dxa"/><w:right w:w="0" w:type="dxa"/></w:tblCellMar></w:tblPr>' +
      `<w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid><w:tr><w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${rule('')}</w:tc></w:tr></w:tbl><w:p/>`;
    const [inCell] = await rulesOf(cell);
    expect(widthOf(inCell!)).toBeCloseTo(200, 3);
  });

  it('keeps a width of its own', async () => {
    const [r] = await rulesOf(rule('', '100pt'));
    expect(widthOf(r!)).toBeCloseTo(100, 3);
  });
});
