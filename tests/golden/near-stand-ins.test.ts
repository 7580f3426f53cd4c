/**
 * Corbel and Garamond have no open twin; a nearer shipped family than their generic class draws
 * them (Carlito, Liberation Serif), where DejaVu Sans / DejaVu Serif set them 10-20% wider on taller
 * lines. poi-stress023's Franklin Gothic Book, missing on the Word that saved it, was drawn as its
 * w:altName Corbel: with Carlito we reach 13 of Word's 14 saved page starts and its 15 pages (DejaVu
 * Sans: 6 of 14, 16 pages). oxpt-Test-05's Garamond résumé fits Word's 2 pages with Liberation Serif
 * (DejaVu Serif: 3). DIN OT and Trebuchet MS are drawn with Liberation Sans: Word's page-1 thumbnails
 * (docProps/thumbnail.emf, every character's advance) set them within 1-2% of its widths, where DejaVu
 * Sans is 11% wider; aspose-Get_substitution_without_suffixes then has Word's saved 16 pages (was 20).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const PPR = '<w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/>';
const rpr = (family: string) => `<w:rFonts w:ascii="${family}" w:hAnsi="${family}"/><w:sz w:val="24"/>`;
// As Word writes a font it lacks: no panose, a Basic-Latin-only signature, the alternate it drew.
const FRANKLIN =
  '<w:font w:name="Franklin Gothic Book"><w:altName w:val="Corbel"/><w:charset w:val="00"/><w:family w:val="swiss"/><w:pitch w:val="variable"/>' +
  '<w:sig w:usb0="00000001" w:usb1="00000000" w:usb2="00000000" w:usb3="00000000" w:csb0="0000009F" w:csb1="00000000"/></w:font>';
const GARAMOND = '<w:font w:name="Garamond"><w:panose1 w:val="02020404030301010803"/><w:charset w:val="00"/><w:family w:val="roman"/><w:pitch w:val="variable"/></w:font>';

async function layout(family: string, fontTable: string, lines: number): Promise<LayoutDoc> {
  const body = Array.from({ length: lines }, (_, i) => para(`Line ${i + 1} of the list`, PPR, rpr(family))).join('');
  return (await layoutDocx(makeDocx({ body, fontTable }), 'near-stand-ins.docx', host)).doc;
}

const runsOf = (d: LayoutDoc) => flatItems(d.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');

beforeAll(async () => {
  await initKernel();
});

describe('originals drawn with a nearer stand-in', () => {
  it("draws Franklin Gothic Book declared with altName Corbel in Carlito, on Calibri's line height", async () => {
    const d = await layout('Franklin Gothic Book', FRANKLIN, 3);
    const runs = runsOf(d);
    expect(d.fonts[runs[0]!.font]!.family).toBe('Carlito');
    // Calibri's 12 pt line: 12 × (1950 + 550)/2048 = 14.65 pt (DejaVu Sans: 13.97).
    expect(runs[1]!.y - runs[0]!.y).toBeCloseTo((12 * 2500) / 2048, 2);
  });

  it("draws Garamond in Liberation Serif, on Times New Roman's line height", async () => {
    const d = await layout('Garamond', GARAMOND, 3);
    const runs = runsOf(d);
    expect(d.fonts[runs[0]!.font]!.family).toBe('Liberation Serif');
    // 12 × (1825 + 443 + 87)/2048 = 13.80 pt (DejaVu Serif: 13.97).
    expect(runs[1]!.y - runs[0]!.y).toBeCloseTo((12 * 2355) / 2048, 2);
  });

  it('draws DIN OT in Liberation Sans, whatever style words its name carries', async () => {
    const d = await layout('DINOT-Regular', '', 3);
    const runs = runsOf(d);
    expect(d.fonts[runs[0]!.font]!.family).toBe('Liberation Sans');
    // Arial's 12 pt line: 12 × (1854 + 434 + 67)/2048 = 13.80 pt.
    expect(runs[1]!.y - runs[0]!.y).toBeCloseTo((12 * 2355) / 2048, 2);
  });

  it("draws Trebuchet MS in Liberation Sans, on Trebuchet's own line height", async () => {
    const d = await layout('Trebuchet MS', '', 3);
    const runs = runsOf(d);
    expect(d.fonts[runs[0]!.font]!.family).toBe('Liberation Sans');
    // 12 × (1923 + 455)/2048 = 13.93 pt.
    expect(runs[1]!.y - runs[0]!.y).toBeCloseTo((12 * 2378) / 2048, 2);
  });
});
