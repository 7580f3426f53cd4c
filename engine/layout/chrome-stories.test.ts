import { beforeAll, describe, expect, it } from 'vitest';
import { makeDocx, para } from '../../tests/helpers/make-docx';
import { createNodeHost } from '../../node/host';
import { DEFAULT_LIMITS, DiagnosticBag, resolveLimits } from '../core';
import { LayoutBudget } from './budget';
import { parseDocx } from '../docx';
import { WordCache } from './inline/pieces';
import { initKernel } from './kernel';
import { numberNotes } from './notes';
import { runPasses } from './passes';
import { createFaceResolver } from './text-faces';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });

/** The passes of a three-page document whose footer is `footer` (inner w:ftr), as layout runs them. */
async function passes(footer: string) {
  const body = [para('one'), `<w:p><w:r><w:br w:type="page"/></w:r><w:r><w:t>two</w:t></w:r></w:p>`, `<w:p><w:r><w:br w:type="page"/></w:r><w:r><w:t>three</w:t></w:r></w:p>`].join('');
  const sectPr = '<w:sectPr><w:footerReference w:type="default" r:id="rIdF"/><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>';
  const parsed = parseDocx(makeDocx({ body, sectPr, footers: { rIdF: footer } }), {}, host);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const doc = parsed.value;
  const faces = await createFaceResolver(doc, host);
  const env = { doc, faces, bag: new DiagnosticBag(), revisionMarkup: true, wordCache: new WordCache(), budget: new LayoutBudget(DEFAULT_LIMITS.maxLayoutUnits), drawChart: () => undefined };
  return runPasses(env, numberNotes(doc), host, resolveLimits());
}

const field = (instr: string) => `<w:p><w:r><w:t xml:space="preserve">page </w:t></w:r><w:fldSimple w:instr=" ${instr} "><w:r><w:t>9</w:t></w:r></w:fldSimple></w:p>`;

beforeAll(async () => {
  await initKernel();
});

describe('header and footer stories', () => {
  it('a footer printing only PAGE is drawn with the story its pass laid out, not laid out again under the final state', async () => {
    const { result, state } = await passes(field('PAGE'));
    expect(result.pages).toHaveLength(3);
    for (const info of result.info) {
      const footer = info.footer!;
      const drawn = result.headerFooter(footer.part, info, info.area.right - info.area.left, state);
      expect(drawn).toBe(footer.story);
    }
    // Each page still gets its own number.
    expect(new Set(result.info.map((i) => i.footer!.story))).toHaveProperty('size', 3);
  });

  it('a footer printing NUMPAGES is laid out again with the total the pass led to', async () => {
    const { result, state } = await passes(field('NUMPAGES'));
    expect(state.numPages).toBe(3);
    const info = result.info[0]!;
    const drawn = result.headerFooter(info.footer!.part, info, info.area.right - info.area.left, state);
    expect(drawn).not.toBe(info.footer!.story);
  });
});
