/**
 * Word lays each run out in its own direction (w:rtl or not): a run whose direction differs from its
 * paragraph's is an embedding of its own direction, and each such run is resolved on its own. Evidence:
 * Word's drawing of docx4j-arabic_align's page 1 (docProps/thumbnail.emf), where plain UBA (and
 * LibreOffice) put the pieces the other way round in all four cases below.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const run = (text: string, rtl = false) => `<w:r>${rtl ? '<w:rPr><w:rtl/></w:rPr>' : ''}<w:t xml:space="preserve">${text}</w:t></w:r>`;
const para = (runs: string, bidi: boolean) => `<w:p>${bidi ? '<w:pPr><w:bidi/></w:pPr>' : ''}${runs}</w:p>`;

async function lay(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body }), 'bidi-run-direction.docx', host)).doc;
}

/** Left edge of the glyph drawing the first character of `word`. */
function xOf(d: LayoutDoc, word: string): number {
  for (const r of glyphRunsOn(d, 0) as GlyphRun[]) {
    const at = r.text.indexOf(word);
    if (at < 0) continue;
    let x = r.x;
    for (let g = 0; g < r.glyphs.length; g++) {
      if (r.clusters[g] === at) return x;
      x += r.advances[g]!;
    }
  }
  throw new Error(`no glyphs for ${word}`);
}

beforeAll(async () => {
  await initKernel();
});

describe('runs laid out in their own direction', () => {
  it('a run without w:rtl in a right-to-left paragraph reads left to right', async () => {
    const d = await lay(para(run('ONEשלום'), true));
    expect(xOf(d, 'ONE')).toBeLessThan(xOf(d, 'שלום'));
  });

  it('a w:rtl run in a left-to-right paragraph reads right to left', async () => {
    const d = await lay(para(run('TWOשלום', true), false));
    expect(xOf(d, 'שלום')).toBeLessThan(xOf(d, 'TWO'));
  });

  it("consecutive runs without w:rtl keep their order, and a number after Hebrew letters of another run stays left to right", async () => {
    const d = await lay(para(run('אבג ') + run('דהו :') + run(' 123'), true));
    expect(xOf(d, 'אבג')).toBeLessThan(xOf(d, 'דהו'));
    expect(xOf(d, 'דהו')).toBeLessThan(xOf(d, '123'));
    expect(xOf(d, ':')).toBeLessThan(xOf(d, '123'));
  });

  it('runs of the paragraph direction are laid out as before', async () => {
    // A right-to-left paragraph of w:rtl runs: its first word on the right.
    const d = await lay(para(run('אבג', true) + run(' דהו', true), true));
    expect(xOf(d, 'דהו')).toBeLessThan(xOf(d, 'אבג'));
  });
});
