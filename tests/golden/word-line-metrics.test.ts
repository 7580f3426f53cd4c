/**
 * How a line's height is made of its fonts' metrics, as Word does it (measured on Word's own renders
 * of the dev corpus, dev-ref/*.word.pdf, and the font programs Word embedded in them):
 *
 * - A face whose vertical metrics are the original's (Carlito for Calibri, the Liberation twins, fonts
 *   the document embeds) is split as Word splits it: win ascent above the baseline, win descent below.
 *   Calibri 11 pt: 10.47 + 2.95 = 13.43 pt. Other stand-ins keep their own (hhea) metrics, since the
 *   original's are unknown: DejaVu Math TeX Gyre's win height (4.27 em) would make a Cambria Math
 *   line four times too tall.
 * - Verdana is drawn as DejaVu Sans but takes Verdana's own line height (win 2059/430: 1.2153 em).
 * - A list label raises its line to its own ascent but sets no depth: 10 pt Calibri items with
 *   Courier New "o" bullets keep Calibri's 12.2 pt (Courier's descent is deeper).
 * - The line-spacing multiple applies to the text's own height, not to the label's raise: 11 pt
 *   Calibri items at 1.15 with Symbol bullets are 16.0 pt apart (Symbol's ascent 11.06 + Calibri's
 *   descent 2.95 + 0.15 × 13.43).
 * - Tabs do not size a line with text: GettingStarted's 10 pt Consolas code lines that open with
 *   12 pt tab runs are 11.7 pt apart in Word, as the others (pages 32 and 39).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const PAGE = '<w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>';
const font = (f: string, halfPt: number) => `<w:rFonts w:ascii="${f}" w:hAnsi="${f}"/><w:sz w:val="${halfPt}"/>`;
const single = '<w:spacing w:after="0" w:line="240" w:lineRule="auto"/>';

async function baselines(body: string, numbering?: string): Promise<Map<string, number>> {
  const { doc } = await layoutDocx(makeDocx({ body, ...(numbering ? { numbering } : {}), sectPr: `<w:sectPr>${PAGE}</w:sectPr>` }), 'line-metrics.docx', host);
  return firstBaselines(doc);
}

function firstBaselines(doc: LayoutDoc): Map<string, number> {
  const out = new Map<string, number>();
  for (const i of flatItems(doc.pages[0]!.items)) {
    if (i.kind !== 'glyphs') continue;
    const key = (i as GlyphRun).text.trim();
    if (key && !out.has(key)) out.set(key, (i as GlyphRun).y);
  }
  return out;
}

function bulletList(symbolFont: string, char: string): string {
  return (
    `<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="${char}"/><w:lvlJc w:val="left"/>` +
    `<w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr><w:rPr><w:rFonts w:ascii="${symbolFont}" w:hAnsi="${symbolFont}" w:hint="default"/></w:rPr></w:lvl></w:abstractNum>` +
    '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>'
  );
}
const NUMBERED = '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>';

beforeAll(async () => {
  await initKernel();
});

describe("a face with the original's metrics", () => {
  it('puts Calibri’s baseline at its win ascent below the top of the line', async () => {
    const at = await baselines(para('One', single, font('Calibri', 22)) + para('Two', single, font('Calibri', 22)));
    // The body starts 72 pt down; Word's baseline is 1950/2048 em below it, the next 13.43 pt on.
    expect(at.get('One')! - 72).toBeCloseTo((1950 / 2048) * 11, 2);
    expect(at.get('Two')! - at.get('One')!).toBeCloseTo((2500 / 2048) * 11, 2);
  });

  it('keeps a stand-in’s own metrics when the original’s are unknown', async () => {
    // Cambria Math is drawn with DejaVu Math TeX Gyre: hhea 792/−208/200 per 1000 (1.2 em), where
    // its win metrics (2408/1858) would give 4.27 em.
    const at = await baselines(para('a', single, font('Cambria Math', 22)) + para('b', single, font('Cambria Math', 22)));
    expect(at.get('b')! - at.get('a')!).toBeCloseTo(1.2 * 11, 2);
  });

  it('gives Lucida Console its own 1.0 em line on its DejaVu Sans Mono stand-in', async () => {
    const at = await baselines(para('L1', single, font('Lucida Console', 20)) + para('L2', single, font('Lucida Console', 20)));
    expect(at.get('L2')! - at.get('L1')!).toBeCloseTo(10, 2);
  });

  it('gives Verdana its own line height on its DejaVu Sans stand-in', async () => {
    const at = await baselines(para('V1', single, font('Verdana', 20)) + para('V2', single, font('Verdana', 20)));
    expect(at.get('V2')! - at.get('V1')!).toBeCloseTo((2489 / 2048) * 10, 2);
  });
});

describe('Tahoma, Segoe UI and Comic Sans MS (published metrics, substitution.ts)', () => {
  it('gives Tahoma its 1.2070 em line and Segoe UI its 1.3301 em line on DejaVu Sans', async () => {
    const at = await baselines(
      para('T1', single, font('Tahoma', 20)) + para('T2', single, font('Tahoma', 20)) +
        para('S1', single, font('Segoe UI', 20)) + para('S2', single, font('Segoe UI', 20)),
    );
    // win 2049/423 and 2210/514 per 2048 em; DejaVu Sans's own would be 11.64 pt at 10 pt.
    expect(at.get('T2')! - at.get('T1')!).toBeCloseTo((2472 / 2048) * 10, 2);
    expect(at.get('S2')! - at.get('S1')!).toBeCloseTo((2724 / 2048) * 10, 2);
  });

  it('gives Comic Sans MS its 1.3936 em line on DejaVu Sans', async () => {
    // win 2257/597 per 2048 em: 13.94 pt at 10 pt, where DejaVu Sans's own line is 11.64 pt. With it
    // Word's first page start in oxsdk-2003_Consumer_Confidence_Report is reproduced exactly.
    const at = await baselines(para('C1', single, font('Comic Sans MS', 20)) + para('C2', single, font('Comic Sans MS', 20)));
    expect(at.get('C2')! - at.get('C1')!).toBeCloseTo((2854 / 2048) * 10, 2);
  });

  it('gives an empty Lucida Sans Unicode paragraph its 1.5366 em line on DejaVu Sans', async () => {
    // win 2246/901 per 2048 em: 14.60 pt at 9.5 pt, where DejaVu Sans's own line is 11.06 pt. Empty
    // paragraphs take their mark's line: poi-bug59058's fourteen of them push its page starts.
    const lucida = font('Lucida Sans Unicode', 19);
    const empty = `<w:p><w:pPr>${single}<w:rPr>${lucida}</w:rPr></w:pPr></w:p>`;
    const at = await baselines(para('L1', single, lucida) + empty + para('L2', single, lucida));
    expect(at.get('L2')! - at.get('L1')!).toBeCloseTo(2 * (3147 / 2048) * 9.5, 2);
  });
});

describe('a tab', () => {
  const CONSOLAS = (halfPt: number) => font('Consolas', halfPt);
  const code = (t: string) => para(t, single, CONSOLAS(20));
  const tabbed = (t: string) => `<w:p><w:pPr>${single}</w:pPr><w:r><w:rPr>${CONSOLAS(24)}</w:rPr><w:tab/><w:tab/></w:r>${`<w:r><w:rPr>${CONSOLAS(20)}</w:rPr><w:t>${t}</w:t></w:r>`}</w:p>`;
  const tabsOnly = `<w:p><w:pPr>${single}</w:pPr><w:r><w:rPr>${CONSOLAS(24)}</w:rPr><w:tab/></w:r></w:p>`;

  it('does not size a line that has text', async () => {
    const at = await baselines(code('c1') + tabbed('t2') + code('c3'));
    // Consolas 10 pt: Word's 1.1709 em line (win 1884/514), 11.71 pt, for the tabbed line too.
    const line = (2398 / 2048) * 10;
    expect(at.get('t2')! - at.get('c1')!).toBeCloseTo(line, 2);
    expect(at.get('c3')! - at.get('t2')!).toBeCloseTo(line, 2);
  });

  it('sizes a line of tabs alone', async () => {
    const at = await baselines(code('c1') + tabsOnly + code('c3'));
    // c1's descent, the 12 pt tab line, c3's ascent.
    expect(at.get('c3')! - at.get('c1')!).toBeCloseTo((514 / 2048) * 10 + (2398 / 2048) * 12 + (1884 / 2048) * 10, 2);
  });
});

describe('a list label', () => {
  it('adds its ascent but not its descent', async () => {
    const item = (t: string) => para(t, `${NUMBERED}${single}<w:rPr><w:sz w:val="20"/></w:rPr>`, font('Calibri', 20));
    const plain = (t: string) => para(t, single, font('Calibri', 20));
    const at = await baselines(plain('P1') + plain('P2') + item('I1') + item('I2') + item('I3'), bulletList('Courier New', 'o'));
    const plainStep = at.get('P2')! - at.get('P1')!;
    expect(plainStep).toBeCloseTo(12.21, 2);
    // Courier New 10 pt (Liberation Mono, the same metrics): ascent 8.33 under Calibri's 9.52, descent
    // 3.00 deeper than Calibri's 2.69; the items stay plain lines apart.
    expect(at.get('I3')! - at.get('I2')!).toBeCloseTo(plainStep, 2);
  });

  it('raises its line outside the line-spacing multiple', async () => {
    const spaced = '<w:spacing w:after="0" w:line="276" w:lineRule="auto"/>';
    const item = (t: string) => para(t, `${NUMBERED}${spaced}<w:rPr><w:sz w:val="22"/></w:rPr>`, font('Calibri', 22));
    const plain = (t: string) => para(t, spaced, font('Calibri', 22));
    const at = await baselines(plain('P1') + plain('P2') + item('I1') + item('I2') + item('I3'), bulletList('Symbol', '\uF0B7'));
    const calibri = (2500 / 2048) * 11;
    expect(at.get('P2')! - at.get('P1')!).toBeCloseTo(calibri * 1.15, 2);
    const symbolAscent = (2059 / 2048) * 11;
    expect(at.get('I3')! - at.get('I2')!).toBeCloseTo(symbolAscent + (550 / 2048) * 11 + 0.15 * calibri, 2);
  });

  it('leaves an empty item the height of its mark, raised by the label', async () => {
    const item = (t: string) => para(t, `${NUMBERED}${single}<w:rPr><w:sz w:val="20"/></w:rPr>`, font('Calibri', 20));
    const empty = `<w:p><w:pPr>${NUMBERED}${single}<w:rPr>${font('Calibri', 20)}</w:rPr></w:pPr></w:p>`;
    const at = await baselines(item('I1') + empty + item('I3'), bulletList('Symbol', '\uF0B7'));
    const step = (2059 / 2048) * 10 + (550 / 2048) * 10;
    expect(at.get('I3')! - at.get('I1')!).toBeCloseTo(2 * step, 2);
  });
});
