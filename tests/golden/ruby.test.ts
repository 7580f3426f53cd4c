/**
 * Phonetic guides (w:ruby, §17.3.3.25): the guide (w:rt) is drawn at w:hps with its baseline
 * w:hpsRaise above the base text's, placed over the base by w:rubyAlign; the line grows to hold
 * it, the base never breaks, and the docx/ruby warning is gone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para, run } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

beforeAll(async () => {
  await initKernel();
});

const SZ = '<w:sz w:val="24"/>';

function ruby(guide: string, base: string, align: string): string {
  const pr = `<w:rubyPr><w:rubyAlign w:val="${align}"/><w:hps w:val="12"/><w:hpsRaise w:val="20"/><w:hpsBaseText w:val="24"/><w:lid w:val="ja-JP"/></w:rubyPr>`;
  return `<w:r><w:ruby>${pr}<w:rt>${run(guide, SZ)}</w:rt><w:rubyBase>${run(base, SZ)}</w:rubyBase></w:ruby></w:r>`;
}

async function layout(body: string): Promise<{ doc: LayoutDoc; codes: string[] }> {
  return layoutDocx(makeDocx({ body }), 'ruby.docx', host);
}

function width(r: GlyphRun): number {
  return r.advances.reduce((t, a) => t + a, 0);
}

/** The pen position of a character's glyph (one glyph per character in these fixtures). */
function charX(runs: readonly GlyphRun[], ch: string): number {
  const r = runs.find((x) => x.text.includes(ch))!;
  return r.x + r.advances.slice(0, r.text.indexOf(ch)).reduce((t, a) => t + a, 0);
}

async function guideAndBase(align: string, guide = 'かな', base = '漢字漢字'): Promise<{ g: GlyphRun; b: GlyphRun; codes: string[]; before: number; after: number }> {
  const { doc, codes } = await layout(`<w:p>${run('あ', SZ)}${ruby(guide, base, align)}${run('い', SZ)}</w:p>`);
  const runs = glyphRunsOn(doc, 0);
  const g = runs.find((r) => r.text === guide)!;
  const b = runs.find((r) => r.text.includes(base))!;
  const offset = b.text.indexOf(base);
  const bx = b.x + b.advances.slice(0, offset).reduce((t, a) => t + a, 0);
  const before = charX(runs, 'あ') + 12;
  return { g, b: { ...b, x: bx, advances: b.advances.slice(offset, offset + base.length) }, codes, before, after: charX(runs, 'い') };
}

describe('ruby', () => {
  it('draws the guide at its size, raised above the base, centred', async () => {
    const { g, b, codes } = await guideAndBase('center');
    expect(codes).not.toContain('docx/ruby');
    expect(g.sizePt).toBe(6);
    expect(b.y - g.y).toBeCloseTo(10, 3);
    expect(g.x + width(g) / 2).toBeCloseTo(b.x + width(b) / 2, 2);
  });

  it('distributes the guide over the base by rubyAlign', async () => {
    const letter = await guideAndBase('distributeLetter');
    expect(letter.g.x).toBeCloseTo(letter.b.x, 2);
    expect(letter.g.x + width(letter.g)).toBeCloseTo(letter.b.x + width(letter.b), 1);
    const space = await guideAndBase('distributeSpace');
    // Two 6 pt characters over 48 pt: 36 pt free, 18 between them and 9 at either end.
    expect(space.g.x - space.b.x).toBeCloseTo(9, 1);
    expect(space.g.advances[0]).toBeCloseTo(6 + 18, 1);
    const left = await guideAndBase('left');
    expect(left.g.x).toBeCloseTo(left.b.x, 2);
    const right = await guideAndBase('right');
    expect(right.g.x + width(right.g)).toBeCloseTo(right.b.x + width(right.b), 2);
  });

  it('sets a base narrower than its guide across the guide by rubyAlign', async () => {
    // Six 6 pt kana (36 pt) over 12 pt ideographs: the ruby takes the guide's width, the text after
    // it starts 36 pt on, and the base is placed in it as a narrower guide is over its base.
    const guide = 'かなかなかな';
    const center = await guideAndBase('center', guide, '漢');
    expect(center.g.x).toBeCloseTo(center.before, 2);
    expect(center.after - center.before).toBeCloseTo(36, 2);
    expect(center.b.x - center.before).toBeCloseTo(12, 2);
    expect(width(center.g)).toBeCloseTo(36, 2);
    const letter = await guideAndBase('distributeLetter', guide, '漢字');
    expect(letter.b.x).toBeCloseTo(letter.before, 2);
    expect(letter.b.advances[0]).toBeCloseTo(24, 2);
    expect(letter.after - letter.before).toBeCloseTo(36, 2);
    // 12 pt shared by two characters: 6 between them, 3 at either end.
    const space = await guideAndBase('distributeSpace', guide, '漢字');
    expect(space.b.x - space.before).toBeCloseTo(3, 2);
    expect(space.b.advances).toEqual([expect.closeTo(18, 2), expect.closeTo(15, 2)]);
    const left = await guideAndBase('left', guide, '漢');
    expect([left.b.x - left.before, left.after - left.before]).toEqual([expect.closeTo(0, 2), expect.closeTo(36, 2)]);
    const right = await guideAndBase('right', guide, '漢');
    expect([right.b.x - right.before, right.after - right.before]).toEqual([expect.closeTo(24, 2), expect.closeTo(36, 2)]);
    expect(right.g.x).toBeCloseTo(right.before, 2);
  });

  it('grows its line to hold the guide', async () => {
    const plain = await layout(para('漢字', '', SZ) + para('次', '', SZ));
    const withRuby = await layout(`<w:p>${ruby('かな', '漢字', 'center')}</w:p>` + para('次', '', SZ));
    const next = (d: LayoutDoc) => glyphRunsOn(d, 0).find((r) => r.text === '次')!.y;
    expect(next(withRuby.doc) - next(plain.doc)).toBeGreaterThan(2);
  });

  it('keeps its base on one line', async () => {
    // A line five 12 pt characters long: the base 漢字漢字 after あいう goes to the next line whole.
    const pPr = '<w:ind w:left="0" w:right="8280"/>';
    const { doc } = await layout(`<w:p><w:pPr>${pPr}</w:pPr>${run('あいう', SZ)}${ruby('かな', '漢字漢字', 'center')}</w:p>`);
    const ys = new Set<number>();
    for (const r of glyphRunsOn(doc, 0)) r.clusters.forEach((c) => '漢字'.includes(r.text[c]!) && ys.add(Math.round(r.y)));
    expect(ys.size).toBe(1);
  });
});

