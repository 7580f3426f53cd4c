/**
 * Lowered text in an exact line (w:spacing w:lineRule="exact" with w:position below zero): the line
 * keeps its height and its baseline, and the run is drawn that much lower in it. Layout used to let the
 * lowered run's extra depth lift the baseline by as much as the run was lowered, so the run did not
 * move at all: pandoc-drop_cap's letter (56 pt in a 42.2 pt exact line, lowered 6 pt by Word to meet
 * the third line's baseline) stood 9.8 pt above that baseline instead of 3.8 pt.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const para = (text: string, rPr: string, spacing: string) =>
  `<w:p><w:pPr><w:spacing w:before="0" w:after="0" ${spacing}/></w:pPr><w:r><w:rPr><w:rFonts w:ascii="Courier New" w:hAnsi="Courier New"/><w:sz w:val="20"/>${rPr}</w:rPr><w:t>${text}</w:t></w:r></w:p>`;

async function baselines(spacing: string, position: string): Promise<number[]> {
  const body = para('Plain', '', spacing) + para('Lowered', position, spacing) + para('After', '', spacing);
  const { doc } = await layoutDocx(makeDocx({ body }), 'exact-position.docx', host);
  const runs = glyphRunsOn(doc, 0);
  return ['Plain', 'Lowered', 'After'].map((t) => runs.find((r) => r.text.includes(t))!.y);
}

beforeAll(async () => {
  await initKernel();
});

describe('lowered text in an exact line (w:position, lineRule exact)', () => {
  it('is drawn lower by its position, the line keeping its height and baseline', async () => {
    const [plain, lowered, after] = await baselines('w:line="400" w:lineRule="exact"', '<w:position w:val="-8"/>');
    // 20 pt lines; the middle run is lowered 4 pt from where its line puts its baseline.
    expect(lowered! - plain!).toBeCloseTo(24, 2);
    expect(after! - plain!).toBeCloseTo(40, 2);
  });

  it('still grows an auto-spaced line by what the lowered text adds below it', async () => {
    const auto = await baselines('w:line="240" w:lineRule="auto"', '');
    const low = await baselines('w:line="240" w:lineRule="auto"', '<w:position w:val="-8"/>');
    // The lowered line is 4 pt deeper, so the line after it moves down 4 pt.
    expect(low[2]! - auto[2]!).toBeCloseTo(4, 2);
  });
});
