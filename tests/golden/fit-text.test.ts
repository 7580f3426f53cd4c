/**
 * Manual run width (w:fitText, ECMA-376 Part 1 §17.3.2.14): the runs of one region (the same w:id,
 * a missing one being 0 as in Word) fill its width together, the slack spread evenly between their
 * characters and none after the last; the w:spacing Word stored in them does not count, and the
 * element no longer warns.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, run } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

beforeAll(async () => {
  await initKernel();
});

/** Each drawn character's left edge and advance, in line order. */
function glyphBoxes(doc: LayoutDoc): Array<{ ch: string; x: number; advance: number }> {
  const out: Array<{ ch: string; x: number; advance: number }> = [];
  for (const r of glyphRunsOn(doc, 0)) {
    let x = r.x;
    r.advances.forEach((a, g) => {
      out.push({ ch: r.text[r.clusters[g]!]!, x, advance: a });
      x += a;
    });
  }
  return out.sort((a, b) => a.x - b.x);
}

async function layout(runs: string): Promise<{ doc: LayoutDoc; codes: string[] }> {
  return layoutDocx(makeDocx({ body: `<w:p>${runs}</w:p>` }), 'fit.docx', host);
}

const fit = (id: string, twips = 1680, extra = '') => `<w:sz w:val="24"/>${extra}<w:fitText w:val="${twips}" w:id="${id}"/>`;

describe('fit text', () => {
  it('spreads a region of two runs to its width, ignoring their stored spacing', async () => {
    const { doc, codes } = await layout(run('ABC', fit('7', 1680, '<w:spacing w:val="60"/>')) + run('D', fit('7')) + run('E', '<w:sz w:val="24"/>'));
    expect(codes).not.toContain('docx/unsupported-element');
    const boxes = glyphBoxes(doc);
    const [a, b, c, d, e] = boxes;
    const natural = (await layout(run('ABCDE', '<w:sz w:val="24"/>'))).doc;
    const plain = glyphBoxes(natural);
    // The region ABCD is 84 pt wide: E starts 84 pt after A.
    expect(e!.x - a!.x).toBeCloseTo(84, 2);
    const slack = 84 - (plain[4]!.x - plain[0]!.x);
    // Three equal gaps between four characters, none after D (whose advance stays its own).
    expect(b!.x - a!.x - plain[0]!.advance).toBeCloseTo(slack / 3, 2);
    expect(c!.x - b!.x - plain[1]!.advance).toBeCloseTo(slack / 3, 2);
    expect(d!.x - c!.x - plain[2]!.advance).toBeCloseTo(slack / 3, 2);
    expect(d!.advance).toBeCloseTo(plain[3]!.advance, 2);
    expect(e!.advance).toBeCloseTo(plain[4]!.advance, 2);
  });

  it('squeezes text wider than the region', async () => {
    const { doc } = await layout(run('WWWWWW', fit('9', 600)) + run('E', '<w:sz w:val="24"/>'));
    const boxes = glyphBoxes(doc);
    expect(boxes[6]!.x - boxes[0]!.x).toBeCloseTo(30, 2);
  });

  it('links runs without an id, as Word does (id 0, [MS-OI29500] 2.1.78), but not with other ids', async () => {
    const noId = (extra = '') => `<w:sz w:val="24"/>${extra}<w:fitText w:val="800"/>`;
    // AB and bold CD have no id: one 40 pt region, E starts 40 pt after A (the standard's own
    // reading, a region per run, would put it 80 pt on).
    const linked = glyphBoxes((await layout(run('AB', noId()) + run('CD', noId('<w:b/>')) + run('E', '<w:sz w:val="24"/>'))).doc);
    expect(linked[4]!.x - linked[0]!.x).toBeCloseTo(40, 2);
    // A missing id is id 0; id 5 is another region.
    const zero = glyphBoxes((await layout(run('AB', noId()) + run('CD', fit('00', 800)) + run('EF', fit('5', 800)) + run('G', '<w:sz w:val="24"/>'))).doc);
    expect(zero[4]!.x - zero[0]!.x).toBeCloseTo(40, 2);
    expect(zero[6]!.x - zero[4]!.x).toBeCloseTo(40, 2);
  });

  it('keeps regions with different ids apart', async () => {
    const { doc } = await layout(run('AB', fit('1', 800)) + run('CD', fit('2', 800)) + run('E', '<w:sz w:val="24"/>'));
    const boxes = glyphBoxes(doc);
    expect(boxes[2]!.x - boxes[0]!.x).toBeCloseTo(40, 2);
    expect(boxes[4]!.x - boxes[2]!.x).toBeCloseTo(40, 2);
  });
});
