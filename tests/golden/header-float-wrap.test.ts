/**
 * Body text wraps around the wrapping floats and text frames of the page's header (and footer) as
 * around its own: Word keeps the body's lines out of a header picture or frame that reaches into the
 * body. Before, header floats were drawn over the body text and took no room. A header frame with
 * w:wrap="none" is the exception: it lies over the body text (oxsdk-complex2010: the first-page
 * header's picture frame 504 pt down the page; Word's saved column starts put 9 lines of the
 * two-column section below it on page 1, as lines running under the frame nearly do, 10, and lines
 * skipping it do not, 5).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para, type MakeDocxOptions } from '../helpers/make-docx';
import { anchoredPicture, TINY_PNG } from '../helpers/tiny-png';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const EXACT = '<w:spacing w:after="0" w:line="240" w:lineRule="exact"/>';
const body = Array.from({ length: 70 }, (_, i) => para(`Line ${i + 1}`, EXACT)).join('');
const sectPr =
  '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/><w:pgSz w:w="12240" w:h="15840"/>' +
  '<w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/><w:cols w:space="720"/></w:sectPr>';
/** The frame: 72 pt tall, its top 300 pt down the page. */
const FRAME_TOP = 300;
const FRAME_BOTTOM = 372;

/** A header holding one frame paragraph placed on the page (w:framePr, §17.3.1.11). */
function header(framePr: string): string {
  return `<w:p><w:pPr><w:framePr ${framePr} w:h="1440" w:hRule="exact" w:vAnchor="page" w:hAnchor="page" w:y="${FRAME_TOP * 20}"/></w:pPr><w:r><w:t>Frame</w:t></w:r></w:p>`;
}

async function firstPageLines(headerXml: string, extra: MakeDocxOptions = {}): Promise<GlyphRun[]> {
  const { doc } = await layoutDocx(makeDocx({ body, sectPr, headers: { rIdH: headerXml }, ...extra }), 'header-float-wrap.docx', host);
  return flatItems(doc.pages[0]!.items).flatMap((i) => (i.kind === 'glyphs' && (i as GlyphRun).text.startsWith('Line') ? [i as GlyphRun] : []));
}

beforeAll(async () => {
  await initKernel();
});

describe('body text beside a header frame', () => {
  it('skips the band of a frame without text beside it (w:wrap="notBeside")', async () => {
    const lines = await firstPageLines(header('w:w="8640" w:wrap="notBeside" w:x="1800"'));
    // 54 lines of 12 pt fill the 648 pt body; the frame takes 72 pt of it, six lines.
    expect(lines).toHaveLength(48);
    for (const l of lines) expect(l.y < FRAME_TOP || l.y > FRAME_BOTTOM).toBe(true);
    const below = lines.find((l) => l.y > FRAME_TOP)!;
    const above = lines.filter((l) => l.y < FRAME_TOP);
    expect(below.text.trim()).toBe(`Line ${above.length + 1}`);
    expect(below.y).toBeGreaterThan(FRAME_BOTTOM + 5);
  });

  it('runs under a header frame with w:wrap="none", which keeps no body text out', async () => {
    const lines = await firstPageLines(header('w:w="8640" w:wrap="none" w:x="1800"'));
    expect(lines).toHaveLength(54);
    const under = lines.filter((l) => l.y > FRAME_TOP && l.y < FRAME_BOTTOM);
    expect(under).toHaveLength(6);
    for (const [i, l] of lines.entries()) expect(l.y).toBeCloseTo(lines[0]!.y + 12 * i, 1);
  });

  it('runs beside a frame that lets text around it (w:wrap="around")', async () => {
    // A 2-inch frame at the left margin: the lines in its band start right of it.
    const lines = await firstPageLines(header('w:w="2880" w:wrap="around" w:x="1440"'));
    expect(lines).toHaveLength(54);
    const beside = lines.filter((l) => l.y > FRAME_TOP && l.y < FRAME_BOTTOM);
    expect(beside.length).toBeGreaterThan(4);
    for (const l of beside) expect(l.x).toBeGreaterThanOrEqual(72 + 144 - 0.01);
    for (const l of lines.filter((l) => l.y < FRAME_TOP - 12)) expect(l.x).toBeCloseTo(72, 1);
  });
});

describe('body text beside a header picture', () => {
  it('skips the band of a top-and-bottom picture that reaches into the body', async () => {
    // The header paragraph is 36 pt down the page; the picture 60 pt below it: 96..168 pt.
    const picture = anchoredPicture('rIdImg', 144, 72, { x: 0, y: 60, wrap: 'topAndBottom', distPt: 0 });
    const headerXml = `<w:p><w:pPr><w:spacing w:after="0"/></w:pPr>${picture}<w:r><w:t>Head</w:t></w:r></w:p>`;
    const extra: MakeDocxOptions = {
      media: { rIdDocImg: { name: 'image1.png', data: TINY_PNG } },
      partRels: { 'word/header1.xml': [{ id: 'rIdImg', type: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image', target: 'media/image1.png' }] },
    };
    const lines = await firstPageLines(headerXml, extra);
    expect(lines).toHaveLength(48);
    for (const l of lines) expect(l.y < 96 || l.y > 168).toBe(true);
    expect(lines.filter((l) => l.y < 96)).toHaveLength(2);
    expect(lines[2]!.text.trim()).toBe('Line 3');
    expect(lines[2]!.y).toBeGreaterThan(168 + 5);
  });
});
