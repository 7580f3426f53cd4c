/**
 * A font the font table declares with w:altName (ECMA-376 Part 1 §17.8.3.1: alternative names "which
 * can be used to locate the font") is drawn as that alternate when the family itself is unknown.
 * tika-testWORD_formattingFlipUnderlineOrder declares Open Sans with altName Times New Roman: Word's
 * saved page starts (w:lastRenderedPageBreak) and page count (4) are reproduced only with Times New
 * Roman's widths and line height; drawn as DejaVu Sans (the default for unknown families) it took 5
 * pages. A family we know keeps its own substitute: the alternate only locates a missing font.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const font = (name: string, alt?: string) =>
  `<w:font w:name="${name}">${alt !== undefined ? `<w:altName w:val="${alt}"/>` : ''}<w:charset w:val="EE"/><w:family w:val="swiss"/><w:pitch w:val="variable"/></w:font>`;
const PPR = '<w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/>';
const rpr = (family: string) => `<w:rFonts w:ascii="${family}" w:hAnsi="${family}"/><w:sz w:val="22"/>`;

async function layout(family: string, fontTable: string, lines = 1): Promise<LayoutDoc> {
  const body = Array.from({ length: lines }, (_, i) => para(`Line ${i + 1} of the list`, PPR, rpr(family))).join('');
  return (await layoutDocx(makeDocx({ body, fontTable }), 'font-alternate.docx', host)).doc;
}

const runsOf = (d: LayoutDoc, page = 0) => flatItems(d.pages[page]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
const familyOf = (d: LayoutDoc) => d.fonts[runsOf(d)[0]!.font]!.family;

beforeAll(async () => {
  await initKernel();
});

describe('w:altName locates an unknown family', () => {
  it('draws an unknown family as its declared alternate', async () => {
    expect(familyOf(await layout('Open Sans', font('Open Sans', 'Times New Roman')))).toBe('Liberation Serif');
    // Without the declaration the unknown family gets the default sans.
    expect(familyOf(await layout('Open Sans', font('Open Sans')))).toBe('DejaVu Sans');
  });

  it('gives its lines the alternate\'s height, so 51 lines of 11 pt fit a Letter page', async () => {
    // Times New Roman's 11 pt line is 11 × (1825 + 443 + 87)/2048 = 12.65 pt: 51 lines take 645 of the
    // 648 pt body; at DejaVu Sans's 12.80 pt they take 653 and the last goes to a second page.
    const alt = await layout('Open Sans', font('Open Sans', 'Times New Roman'), 51);
    expect(alt.pages.length).toBe(1);
    const ys = runsOf(alt).map((r) => r.y);
    expect(ys[1]! - ys[0]!).toBeCloseTo((11 * (1825 + 443 + 87)) / 2048, 2);
    expect((await layout('Open Sans', font('Open Sans'), 51)).pages.length).toBe(2);
  });

  it('wraps by the alternate\'s widths', async () => {
    const text = 'Pielęgniarka wykonująca zawód w ramach działalności leczniczej jako indywidualną praktykę jest obowiązana spełniać następujące warunki.';
    const lines = async (fontTable: string) => {
      const d = (await layoutDocx(makeDocx({ body: para(`${text} ${text} ${text}`, PPR, rpr('Open Sans')), fontTable }), 'font-alternate.docx', host)).doc;
      return new Set(runsOf(d).map((r) => r.y.toFixed(2))).size;
    };
    // 411 characters on 468 pt lines: Times New Roman is about 15% narrower than DejaVu Sans.
    expect(await lines(font('Open Sans', 'Times New Roman'))).toBe(5);
    expect(await lines(font('Open Sans'))).toBe(6);
  });

  it('tries the names of a comma-separated list in order, skipping unknown ones', async () => {
    expect(familyOf(await layout('Minion Pro', font('Minion Pro', 'Adobe Garamond,, Courier New')))).toBe('Liberation Mono');
  });

  it('keeps a known family\'s own substitute', async () => {
    expect(familyOf(await layout('Arial', font('Arial', 'Times New Roman')))).toBe('Liberation Sans');
  });
});
