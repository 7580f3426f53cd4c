/**
 * A paragraph whose style asks for HTML auto spacing (Normal (Web): w:beforeAutospacing and
 * w:afterAutospacing, 14 pt each) but whose own w:spacing states w:before / w:after without the auto
 * flags sets those spaces itself. The flag was inherited past the stated value, so 128 such
 * paragraphs of w:before="0" w:after="0" in oxsdk-BackgroundReport each took 14 pt and its annex
 * ran two pages longer than Word's own pagination (its w:lastRenderedPageBreak marks, and
 * docProps/app.xml: 78 pages).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx, flatItems } from '../helpers/layout-docx';
import { makeDocx, WORD_DEFAULT_STYLES } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const STYLES =
  WORD_DEFAULT_STYLES +
  '<w:style w:type="paragraph" w:styleId="NormalWeb"><w:name w:val="Normal (Web)"/><w:basedOn w:val="Normal"/>' +
  '<w:pPr><w:spacing w:before="100" w:beforeAutospacing="1" w:after="100" w:afterAutospacing="1" w:line="240" w:lineRule="auto"/></w:pPr></w:style>';

const web = (text: string, spacing: string) =>
  `<w:p><w:pPr><w:pStyle w:val="NormalWeb"/>${spacing}</w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;

async function gapBetween(spacing: string): Promise<number> {
  const body = web('First', spacing) + web('Second', spacing);
  const { doc } = await layoutDocx(makeDocx({ body, styles: STYLES }), 'auto-spacing-overridden.docx', host);
  const runs = flatItems(doc.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
  const y = (t: string) => runs.find((r) => r.text.startsWith(t))!.y;
  return y('Second') - y('First');
}

beforeAll(async () => {
  await initKernel();
});

describe('a stated space over an inherited auto-spacing flag', () => {
  it('keeps the stated value (0 pt): the lines sit one line apart', async () => {
    const stated = await gapBetween('<w:spacing w:before="0" w:after="0"/>');
    const auto = await gapBetween('');
    expect(auto - stated).toBeCloseTo(14, 3);
    expect(stated).toBeLessThan(15);
  });

  it('still gives way to an auto flag stated beside it', async () => {
    const both = await gapBetween('<w:spacing w:before="0" w:beforeAutospacing="1" w:after="0" w:afterAutospacing="1"/>');
    const auto = await gapBetween('');
    expect(both).toBeCloseTo(auto, 3);
  });

  it('overrides one side only: a stated after leaves the inherited auto before', async () => {
    const afterOnly = await gapBetween('<w:spacing w:after="0"/>');
    const auto = await gapBetween('');
    expect(afterOnly).toBeCloseTo(auto, 3);
  });
});
