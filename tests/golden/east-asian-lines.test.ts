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

describe('half-width ASCII of the monospaced East Asian originals', () => {
  // 宋体, 仿宋_GB2312, 黑体, ＭＳ ゴシック... draw every printable ASCII character in half an em (128 of
  // 256 units); their stand-ins drew it at their own widths (DejaVu Sans's digits 0.636 em), so a
  // 16 pt 仿宋_GB2312 "2005年" wrapped where Word's line held it (oxsdk-2007).
  const runsOf = (d: LayoutDoc, text: string) => glyphRunsOn(d, 0).filter((g) => g.text.includes(text));
  const widthOf = (d: LayoutDoc, text: string) => runsOf(d, text).reduce((w, g) => w + g.advances.reduce((a, b) => a + b, 0), 0);

  it.each(['宋体', 'SimSun', '仿宋_GB2312', '楷体_GB2312', '黑体', 'ＭＳ 明朝', 'MS Gothic'])('sets %s digits, letters and spaces half an em wide', async (family) => {
    const d = await layout(para('2005 Wim', PPR, rpr(family, 32)));
    const runs = runsOf(d, '2005');
    expect(runs).toHaveLength(1);
    expect(runs[0]!.advances).toHaveLength(8);
    for (const a of runs[0]!.advances) expect(a).toBeCloseTo(8, 3);
  });

  it('keeps the width of non-ASCII characters (MS Gothic ☐ is not half-width) and of the P variants', async () => {
    const gothic = await layout(para('☐', PPR, rpr('MS Gothic', 24)));
    const pgothic = await layout(para('☐', PPR, rpr('MS PGothic', 24)));
    expect(widthOf(gothic, '☐')).toBeGreaterThan(6.5);
    expect(widthOf(gothic, '☐')).toBeCloseTo(widthOf(pgothic, '☐'), 3);
    // The proportional MS PGothic keeps its stand-in's own widths: 'm' is wider than 'i'.
    const p = await layout(para('mi', PPR, rpr('MS PGothic', 24)));
    const adv = runsOf(p, 'mi')[0]!.advances;
    expect(adv[0]!).toBeGreaterThan(adv[1]! + 3);
  });

  it('keeps the line of the ASCII on the original (仿宋_GB2312 included)', async () => {
    const d = await layout(['Alpha', 'Beta'].map((t) => para(t, PPR, rpr('仿宋_GB2312', 24))).join(''));
    expect(baselineOf(d, 'Beta') - baselineOf(d, 'Alpha')).toBeCloseTo((12 * 332) / 256, 2);
  });

  it('fits 2005年 after 24 ideographs at 16 pt on a 445 pt line', async () => {
    // 24 × 16 + 4 × 8 + 16 = 432 pt and a quarter em (4 pt) on each side of the digits: 440 pt fit
    // the 445.3 pt line (595.3 pt page, 150 pt left margin, none on the right); at DejaVu Sans's
    // digit widths (4 × 10.2 = 40.7 pt) they took 448.7 pt and 2005年 wrapped.
    const sect = '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="0" w:bottom="1440" w:left="3000" w:header="851" w:footer="992" w:gutter="0"/></w:sectPr>';
    const text = '一二三四五六七八九十一二三四五六七八九十一二三四2005年';
    const d = await layout(para(text, PPR, rpr('仿宋_GB2312', 32)), sect);
    expect(baselineOf(d, '年')).toBeCloseTo(baselineOf(d, '2005'), 2);
    expect(baselineOf(d, '2005')).toBeCloseTo(baselineOf(d, '一二三'), 2);
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
