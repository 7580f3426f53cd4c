/**
 * East Asian fonts we do not ship (宋体 SimSun, ＭＳ 明朝 MS Mincho...) keep Word's line height: 1.3 ×
 * their 256-unit em (332/256 = 1.296875 em, substitution.ts), also where their CJK characters are
 * drawn by the shipped East Asian fallback, whose own lines are 1.3086 em. oxsdk-text_direction-2's
 * 48 pt 宋体 title on a 15.6 pt document grid took 5 pitches with the fallback's lines (62.8 pt)
 * where Word's 62.25 pt take 4, and Word keeps the poem on its page (its saved 3 pages, we had 4).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const PPR = '<w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/>';
const rpr = (family: string, halfPt: number) =>
  `<w:rFonts w:ascii="${family}" w:eastAsia="${family}" w:hAnsi="${family}"/><w:sz w:val="${halfPt}"/><w:lang w:eastAsia="zh-CN"/>`;
// A document grid of 15.6 pt lines (Word's default for Chinese), type "lines".
const GRID_SECT =
  '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1800" w:bottom="1440" w:left="1800" w:header="851" w:footer="992" w:gutter="0"/>' +
  '<w:cols w:space="425"/><w:docGrid w:type="lines" w:linePitch="312"/></w:sectPr>';

async function layout(body: string, sectPr?: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx(sectPr ? { body, sectPr } : { body }), 'east-asian-lines.docx', host)).doc;
}

/** The baseline of the first glyph run of page 1 that contains `text`. */
function baselineOf(d: LayoutDoc, text: string): number {
  const r = glyphRunsOn(d, 0).find((g) => g.text.includes(text));
  if (!r) throw new Error(`no run with ${text}`);
  return r.y;
}

beforeAll(async () => {
  await initKernel();
});

describe('East Asian originals keep their line height', () => {
  it("sets 宋体 CJK text on SimSun's 332/256 em lines, not the fallback face's 335/256", async () => {
    const d = await layout(['一二三', '四五六', '七八九'].map((t) => para(t, PPR, rpr('宋体', 24))).join(''));
    expect(baselineOf(d, '四五六') - baselineOf(d, '一二三')).toBeCloseTo((12 * 332) / 256, 2);
    expect(baselineOf(d, '七八九') - baselineOf(d, '四五六')).toBeCloseTo((12 * 332) / 256, 2);
  });

  it('gives Latin text in ＭＳ 明朝 the same line (its stand-in draws it, Word measures the original)', async () => {
    const d = await layout(['Alpha', 'Beta', 'Gamma'].map((t) => para(t, PPR, rpr('ＭＳ 明朝', 24))).join(''));
    expect(baselineOf(d, 'Beta') - baselineOf(d, 'Alpha')).toBeCloseTo((12 * 332) / 256, 2);
  });

  it('fits a 48 pt SimSun title in 4 pitches of a 15.6 pt grid', async () => {
    const body = para('蜀道难', PPR, rpr('SimSun', 96)) + para('噫吁嚱', PPR, rpr('SimSun', 21)) + para('危乎高哉', PPR, rpr('SimSun', 21));
    const d = await layout(body, GRID_SECT);
    const pitch = 15.6;
    expect(baselineOf(d, '危乎高哉') - baselineOf(d, '噫吁嚱')).toBeCloseTo(pitch, 2);
    // 48 × 332/256 = 62.25 pt fits 4 pitches (62.4): the next paragraph's line is the grid's fifth,
    // below the 72 pt top margin (with the fallback's 62.8 pt the title took 5 and it was the sixth).
    expect(Math.floor((baselineOf(d, '噫吁嚱') - 72) / pitch)).toBe(4);
  });
});

describe('automatic space between East Asian text and Latin letters or digits', () => {
  // Word widens each boundary between an ideograph and a Latin letter or digit by a quarter of the
  // font size (w:autoSpaceDE / w:autoSpaceDN, §17.3.1.2-3, on when omitted).
  const runWith = (d: LayoutDoc, text: string) => glyphRunsOn(d, 0).find((g) => g.text === text)!;
  /** Where 或以下 starts after 男士 when a number stands between them (12 pt SimSun). */
  async function spanOf(text: string, pPr: string): Promise<number> {
    const d = await layout(para(text, pPr, rpr('SimSun', 24)));
    return runWith(d, '或以下').x - runWith(d, '男士').x;
  }
  const OFF = '<w:autoSpaceDE w:val="0"/><w:autoSpaceDN w:val="0"/>' + PPR;

  it('adds a quarter em on both sides of a number or a Latin word inside ideographs', async () => {
    expect((await spanOf('男士24或以下', PPR)) - (await spanOf('男士24或以下', OFF))).toBeCloseTo(2 * 3, 2);
    expect((await spanOf('男士ab或以下', PPR)) - (await spanOf('男士ab或以下', OFF))).toBeCloseTo(2 * 3, 2);
  });

  it('adds nothing next to a space, nor for digits where only w:autoSpaceDN is off', async () => {
    expect((await spanOf('男士 24 或以下', PPR)) - (await spanOf('男士 24 或以下', OFF))).toBeCloseTo(0, 2);
    expect((await spanOf('男士24或以下', '<w:autoSpaceDN w:val="0"/>' + PPR)) - (await spanOf('男士24或以下', OFF))).toBeCloseTo(0, 2);
  });
});
