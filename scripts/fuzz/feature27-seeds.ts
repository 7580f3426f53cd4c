/**
 * Seeds for session 27's snippets: a package with one of each in its body (small forms), EQ fields and
 * far glyphs in its header too (drawn on every page), so that mutations start from all of them.
 */
import { makeDocx, para, WORD_DEFAULT_STYLES } from '../../tests/helpers/make-docx';
import { FEATURE27_SNIPPETS } from './feature27-snippets';
import type { Rng } from './rng';

/** A stand-in generator that takes the first choice of every pick (each snippet's small form). */
const firstChoice = { pick: <T>(l: readonly T[]) => l[0]!, chance: () => false, int: () => 0, next: () => 0 } as unknown as Rng;

/** The session-27 DOCX seeds. */
export function feature27DocxSeeds(): { name: string; bytes: Uint8Array }[] {
  const r = firstChoice;
  const body = Object.values(FEATURE27_SNIPPETS).map((make) => make(r)).join(para('between')) + para('end') +
    '<w:sectPr><w:headerReference w:type="default" r:id="rIdH27"/><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>';
  const header = FEATURE27_SNIPPETS.eqFields!(r) + FEATURE27_SNIPPETS.farGlyphs!(r) + para('header');
  return [{ name: 'own-story27.docx', bytes: makeDocx({ body, headers: { rIdH27: header }, styles: WORD_DEFAULT_STYLES }) }];
}
