/**
 * The font table (word/fontTable.xml, CT_FontsList, §17.8.3): declared fonts with their generic
 * family, and embedded font references (w:embedRegular... with w:fontKey, §17.8.3.3).
 */
import type { FontDeclaration, FontGeneric } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, children } from '../xml';

/** An embedded font reference before its part is read and de-obfuscated. */
export interface EmbeddedFontRef {
  readonly family: string;
  readonly bold: boolean;
  readonly italic: boolean;
  readonly relId: string;
  readonly fontKey?: string;
  readonly subsetted: boolean;
}

const GENERICS = new Set<FontGeneric>(['roman', 'swiss', 'modern', 'script', 'decorative', 'auto']);
const EMBEDS: ReadonlyArray<[string, boolean, boolean]> = [
  ['w:embedRegular', false, false],
  ['w:embedBold', true, false],
  ['w:embedItalic', false, true],
  ['w:embedBoldItalic', true, true],
];

/** Reads w:fonts into declarations and embedded font references. */
export function readFontTable(root: XmlElement | undefined): { fonts: FontDeclaration[]; embeds: EmbeddedFontRef[] } {
  const fonts: FontDeclaration[] = [];
  const embeds: EmbeddedFontRef[] = [];
  for (const f of children(root, 'w:font')) {
    const name = attr(f, 'w:name');
    if (!name) continue;
    const family = attr(child(f, 'w:family'), 'w:val');
    const decl: { -readonly [K in keyof FontDeclaration]: FontDeclaration[K] } = {
      name,
      generic: family && GENERICS.has(family as FontGeneric) ? (family as FontGeneric) : 'auto',
    };
    const alt = attr(child(f, 'w:altName'), 'w:val');
    if (alt) decl.altName = alt;
    const pitch = attr(child(f, 'w:pitch'), 'w:val');
    if (pitch === 'fixed' || pitch === 'variable' || pitch === 'default') decl.pitch = pitch;
    const charset = attr(child(f, 'w:charset'), 'w:val');
    if (charset) decl.charset = charset;
    fonts.push(decl);
    for (const [el, bold, italic] of EMBEDS) {
      const e = child(f, el);
      const relId = attr(e, 'r:id');
      if (!e || !relId) continue;
      const key = attr(e, 'w:fontKey');
      embeds.push({ family: name, bold, italic, relId, ...(key ? { fontKey: key } : {}), subsetted: attr(e, 'w:subsetted') === '1' || attr(e, 'w:subsetted') === 'true' });
    }
  }
  return { fonts, embeds };
}
