/**
 * Seeds for the features of sessions 25 and 26: a package with one of each session-26 story snippet in its
 * body (small forms), header frames with w:wrap="none" and late floats in its header, a w:legacy list in its
 * numbering and w:ulTrailSpace in its settings, so that mutations start from all of them.
 */
import { makeDocx, para, WORD_DEFAULT_STYLES } from '../../tests/helpers/make-docx';
import { TINY_PNG } from '../../tests/helpers/tiny-png';
import { FEATURE26_SNIPPETS, NUMBERING26_SNIPPETS } from './feature26-snippets';
import type { Rng } from './rng';

const IMAGE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';

/** A stand-in generator that takes the first choice of every pick (each snippet's small form). */
const firstChoice = { pick: <T>(l: readonly T[]) => l[0]!, chance: () => false, int: () => 0, next: () => 0 } as unknown as Rng;

function storySeed(): Uint8Array {
  const r = firstChoice;
  const body = Object.values(FEATURE26_SNIPPETS).map((make) => make(r)).join(para('between')) + para('end') +
    '<w:sectPr><w:headerReference w:type="default" r:id="rIdH26"/><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>';
  const header = FEATURE26_SNIPPETS.framesNoWrap!(r) + FEATURE26_SNIPPETS.floatsThroughParagraph!(r) + para('header');
  return makeDocx({
    body,
    headers: { rIdH26: header },
    numbering: NUMBERING26_SNIPPETS.legacyLevels!(r),
    settings: '<w:compat><w:ulTrailSpace/></w:compat>',
    styles: WORD_DEFAULT_STYLES,
    media: { rIdFuzzImg: { name: 'fuzz26.png', data: TINY_PNG } },
    partRels: { 'word/header1.xml': [{ id: 'rIdFuzzImg', type: IMAGE_REL, target: 'media/fuzz26.png' }] },
  });
}

/** The session-26 DOCX seeds. */
export function feature26DocxSeeds(): { name: string; bytes: Uint8Array }[] {
  return [{ name: 'own-story26.docx', bytes: storySeed() }];
}
