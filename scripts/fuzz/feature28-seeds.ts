/**
 * Seeds for session 28's snippets: a package with one of each in its body (small forms), text effects,
 * stacked floats and tall content in its header (drawn on every page, clipped to the page), and both of
 * the campaign's pictures, so that mutations start from all of them.
 */
import { makeDocx, para, WORD_DEFAULT_STYLES } from '../../tests/helpers/make-docx';
import { TINY_PNG } from '../../tests/helpers/tiny-png';
import { BIG_IMG, FEATURE28_SNIPPETS } from './feature28-snippets';
import { bigPng } from './image-gen';
import type { Rng } from './rng';

const IMAGE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';

/** A stand-in generator that takes the first choice of every pick (each snippet's small form). */
const firstChoice = { pick: <T>(l: readonly T[]) => l[0]!, chance: () => false, int: () => 0, next: () => 0 } as unknown as Rng;

/** The session-28 DOCX seeds. */
export function feature28DocxSeeds(): { name: string; bytes: Uint8Array }[] {
  const r = firstChoice;
  const body = Object.values(FEATURE28_SNIPPETS).map((make) => make(r)).join(para('between')) + para('end') +
    '<w:sectPr><w:headerReference w:type="default" r:id="rIdH28"/><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>';
  const header = FEATURE28_SNIPPETS.textEffects!(r) + FEATURE28_SNIPPETS.stackedFloats!(r) + FEATURE28_SNIPPETS.tallStory!(r) + para('header');
  const rels = [{ id: 'rIdFuzzImg', type: IMAGE_REL, target: 'media/fuzz28.png' }, { id: BIG_IMG, type: IMAGE_REL, target: 'media/fuzz28-big.png' }];
  return [{
    name: 'own-story28.docx',
    bytes: makeDocx({
      body,
      headers: { rIdH28: header },
      styles: WORD_DEFAULT_STYLES,
      media: { rIdFuzzImg: { name: 'fuzz28.png', data: TINY_PNG }, [BIG_IMG]: { name: 'fuzz28-big.png', data: bigPng() } },
      partRels: { 'word/header1.xml': rels },
    }),
  }];
}
