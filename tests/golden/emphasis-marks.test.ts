/**
 * East Asian emphasis marks (w:em, §17.3.2.12): one mark per character that is not a space, centred
 * on it, above the text or below it as ST_Em places it for the language (a dot goes under Chinese
 * and Japanese, above Korean). w:em="none" draws nothing, and none of them warns
 * docx/unsupported-element any more.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc, PathItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

beforeAll(async () => {
  await initKernel();
});

async function layout(mark: string, text: string, lang = 'ko-KR'): Promise<{ doc: LayoutDoc; codes: string[]; marks: PathItem[]; run: GlyphRun }> {
  const rPr = `<w:sz w:val="24"/><w:em w:val="${mark}"/><w:lang w:val="en-US" w:eastAsia="${lang}"/>`;
  const { doc, codes } = await layoutDocx(makeDocx({ body: para(text, '', rPr) }), 'em.docx', host);
  const marks = flatItems(doc.pages[0]!.items).filter((i): i is PathItem => i.kind === 'path');
  return { doc, codes, marks, run: glyphRunsOn(doc, 0).find((r) => r.text.includes(text.trim().slice(0, 1)))! };
}

/** The centre of a mark: the mean of its disc's four on-curve points (the ends of its first four curves). */
function centre(p: PathItem): { x: number; y: number } {
  const pts = p.commands.filter((c) => c.op === 'C').slice(0, 4) as Array<{ x: number; y: number }>;
  return { x: pts.reduce((s, c) => s + c.x, 0) / pts.length, y: pts.reduce((s, c) => s + c.y, 0) / pts.length };
}

describe('emphasis marks', () => {
  it('puts a dot above each character, centred on its advance, none on spaces', async () => {
    const { doc, codes, marks, run } = await layout('dot', '重要 文字');
    expect(codes).not.toContain('docx/unsupported-element');
    expect(marks).toHaveLength(4);
    const centres: number[] = [];
    for (const r of glyphRunsOn(doc, 0)) {
      let x = r.x;
      r.advances.forEach((a, g) => {
        if (r.text[r.clusters[g]!] !== ' ') centres.push(x + a / 2);
        x += a;
      });
    }
    marks.forEach((m, i) => {
      expect(m.fill).toBeDefined();
      expect(centre(m).x).toBeCloseTo(centres[i]!, 1);
      expect(centre(m).y).toBeLessThan(run.y - 12 * 0.5);
    });
  });

  it('puts the dot under Chinese and Japanese text, as ST_Em says', async () => {
    for (const lang of ['zh-CN', 'ja-JP']) {
      const { marks, run } = await layout('dot', '重要', lang);
      expect(marks).toHaveLength(2);
      for (const m of marks) expect(centre(m).y).toBeGreaterThan(run.y);
    }
  });

  it('puts underDot marks below the baseline and draws rings for circle', async () => {
    const under = await layout('underDot', '字字');
    expect(under.marks).toHaveLength(2);
    for (const m of under.marks) expect(centre(m).y).toBeGreaterThan(under.run.y);
    const ring = await layout('circle', '字');
    expect(ring.marks[0]).toMatchObject({ stroke: expect.any(String) });
    expect(ring.marks[0]!.fill).toBeUndefined();
  });

  it('draws nothing for none', async () => {
    const { codes, marks } = await layout('none', '字字');
    expect(marks).toHaveLength(0);
    expect(codes).not.toContain('docx/unsupported-element');
  });
});
