/**
 * w:contextualSpacing (§17.3.1.9) drops, between paragraphs of the same style, the share of the space
 * that belongs to each paragraph setting it: the previous paragraph's after, and what this one's
 * before exceeds that after by. A peer's measurements of Word (a 10 pt after over a 12 pt before):
 * neither set 12 pt, only the lower one set 10, only the upper one set 2, both set 0.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

/** The space between "Upper" and "Lower" beyond the line pitch of two unspaced paragraphs. */
async function gap(upperToggles: boolean, lowerToggles: boolean): Promise<number> {
  const pPr = (before: number, after: number, toggles: boolean) =>
    `<w:spacing w:before="${before * 20}" w:after="${after * 20}" w:line="240" w:lineRule="auto"/>${toggles ? '<w:contextualSpacing/>' : ''}`;
  const body = para('Top', pPr(0, 0, false)) + para('Next', pPr(0, 0, false)) + para('Upper', pPr(0, 10, upperToggles)) + para('Lower', pPr(12, 0, lowerToggles));
  const { doc } = await layoutDocx(makeDocx({ body }), 'contextual-shares.docx', host);
  const y = (t: string) => flatItems(doc.pages[0]!.items).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text.trim() === t)!.y;
  return y('Lower') - y('Upper') - (y('Next') - y('Top'));
}

beforeAll(async () => {
  await initKernel();
});

describe('contextual spacing drops each paragraph’s own share', () => {
  it('keeps the larger of after and before when neither paragraph sets it', async () => {
    expect(await gap(false, false)).toBeCloseTo(12, 1);
  });
  it('keeps the upper paragraph’s after when only the lower one sets it', async () => {
    expect(await gap(false, true)).toBeCloseTo(10, 1);
  });
  it('keeps what the before exceeds the after by when only the upper one sets it', async () => {
    expect(await gap(true, false)).toBeCloseTo(2, 1);
  });
  it('keeps nothing when both set it', async () => {
    expect(await gap(true, true)).toBeCloseTo(0, 1);
  });
});
