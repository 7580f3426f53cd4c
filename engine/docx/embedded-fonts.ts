/**
 * Fonts embedded in the document (word/fonts/*.odttf, ECMA-376 Part 1 §17.8.1): read through the
 * font table's relationships and de-obfuscated with the w:fontKey GUID.
 */
import type { EmbeddedFontFace } from '../model';
import { deobfuscateFont } from '../text';
import type { DocxContext } from './context';
import type { EmbeddedFontRef } from './font-table';

/** Reads and de-obfuscates the embedded fonts the font table names. */
export function readEmbeddedFonts(ctx: DocxContext, fontTablePart: string, refs: readonly EmbeddedFontRef[]): EmbeddedFontFace[] {
  const out: EmbeddedFontFace[] = [];
  const rels = ctx.pkg.rels(fontTablePart);
  for (const ref of refs.slice(0, 256)) {
    const rel = rels.get(ref.relId);
    const data = rel && !rel.external ? ctx.pkg.bytes(ctx.pkg.zip.find(rel.target)?.name ?? rel.target) : undefined;
    if (!data) {
      ctx.bag.warn('docx/missing-font', `The embedded font ${ref.family} is missing from the package.`, { at: fontTablePart });
      continue;
    }
    let font = data;
    if (ref.fontKey) {
      const r = deobfuscateFont(data, ref.fontKey);
      if (!r.ok) {
        ctx.bag.warn('docx/bad-embedded-font', `The embedded font ${ref.family} could not be de-obfuscated: ${r.errors[0]!.message}`, { at: fontTablePart });
        continue;
      }
      font = r.value;
    }
    out.push({ family: ref.family, bold: ref.bold, italic: ref.italic, data: font });
  }
  return out;
}
