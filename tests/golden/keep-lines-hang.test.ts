/**
 * The last line of a paragraph kept together (w:keepLines, §17.3.1.14) may end the page with its
 * descent below the bottom margin, its baseline above it: Word keeps oxsdk-bookmark's seven-line
 * keep-lines code paragraph on its page 5 that way (the 23 page starts its marks save after it follow
 * only so). Any other line keeps its descent above the margin: a paragraph that may split sends its
 * last line to the next page there.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const SINGLE = '<w:spacing w:after="0" w:line="240" w:lineRule="auto"/>';
const PAGE_HEIGHT = 792;
const TOP = 72;
const BR = '<w:r><w:br/></w:r>';

/** Ten filler lines, then a three-line paragraph (lines broken with w:br) with `pPr`. */
function body(pPr: string): string {
  const filler = Array.from({ length: 10 }, (_, i) => para(`Filler ${i + 1}`, SINGLE)).join('');
  const code = `<w:p><w:pPr>${SINGLE}${pPr}</w:pPr><w:r><w:t>Code one</w:t></w:r>${BR}<w:r><w:t>Code two</w:t></w:r>${BR}<w:r><w:t>Code three</w:t></w:r></w:p>`;
  return filler + code + para('After', SINGLE);
}

async function pagesOf(pPr: string, bottomTw: number): Promise<{ texts: string[][]; baselines: number[] }> {
  const sectPr = `<w:sectPr><w:pgSz w:w="12240" w:h="${PAGE_HEIGHT * 20}"/><w:pgMar w:top="${TOP * 20}" w:right="1440" w:bottom="${bottomTw}" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/><w:cols w:space="720"/></w:sectPr>`;
  const { doc } = await layoutDocx(makeDocx({ body: body(pPr), sectPr }), 'keep-lines-hang.docx', host);
  const runs = doc.pages.map((p) => flatItems(p.items).flatMap((i) => (i.kind === 'glyphs' && /\w/.test((i as GlyphRun).text) ? [i as GlyphRun] : [])));
  return { texts: runs.map((r) => r.map((g) => g.text.trim())), baselines: runs[0]!.map((g) => g.y) };
}

/** The baseline of "Code three" and the descent of its line, on a page with room to spare. */
let baseline = 0;
let descent = 0;

beforeAll(async () => {
  await initKernel();
  const { texts, baselines } = await pagesOf('<w:keepLines/>', 1440);
  const at = texts[0]!.indexOf('Code three');
  baseline = baselines[at]!;
  // Single-spaced lines of one font: the pitch is ascent + descent, the first baseline the ascent.
  const pitch = baselines[1]! - baselines[0]!;
  descent = pitch - (baselines[0]! - TOP);
});

describe('the last line of a keep-lines paragraph at the foot of a page', () => {
  // The bottom margin 0.5 pt under the baseline of "Code three": its descent reaches past it.
  const margin = () => Math.floor((PAGE_HEIGHT - baseline - 0.5) * 20);

  it('stays on the page when its baseline is above the margin', async () => {
    expect(descent).toBeGreaterThan(1.5);
    const { texts } = await pagesOf('<w:keepLines/>', margin());
    expect(texts[0]!.slice(-3)).toEqual(['Code one', 'Code two', 'Code three']);
    expect(texts[1]![0]).toBe('After');
  });

  it('goes to the next page in a paragraph that may split', async () => {
    const { texts } = await pagesOf('<w:widowControl w:val="0"/>', margin());
    expect(texts[0]!.slice(-2)).toEqual(['Code one', 'Code two']);
    expect(texts[1]![0]).toBe('Code three');
  });
});
