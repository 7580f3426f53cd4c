/**
 * CJK text in bold and italic runs is emboldened and slanted, as Word draws SimSun and other East
 * Asian fonts without such faces: the CJK fallback face came in its plain style only, so
 * poi-stress009's bold headings (产品介绍, 技术规格) were drawn regular. A plain and a bold run of
 * the same one-style program are two faces in the LayoutDoc's font table, not one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

beforeAll(async () => {
  await initKernel();
});

describe('CJK text in styled runs', () => {
  it('is drawn bold, italic or plain as its run asks', async () => {
    const body = [para('常规中文'), para('粗体中文', '', '<w:b/>'), para('斜体中文', '', '<w:i/>'), para('常规中文')].join('');
    const { doc } = await layoutDocx(makeDocx({ body }), 'cjk-synthetic-style.docx', host);
    const runs = flatItems(doc.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
    const styles = runs.map((r) => [r.text, doc.fonts[r.font]!.family, doc.fonts[r.font]!.syntheticBold, doc.fonts[r.font]!.syntheticItalic]);
    expect(styles).toEqual([
      ['常规中文', 'Droid Sans Fallback', false, false],
      ['粗体中文', 'Droid Sans Fallback', true, false],
      ['斜体中文', 'Droid Sans Fallback', false, true],
      ['常规中文', 'Droid Sans Fallback', false, false],
    ]);
    // One program, embedded for each style it is drawn in.
    expect(doc.fonts[runs[0]!.font]!.data).toBe(doc.fonts[runs[1]!.font]!.data);
  });
});
