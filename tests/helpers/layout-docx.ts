/**
 * Test helpers: lay out a DOCX package (parse + layout, failing the test on errors) and flatten a
 * page's item groups, shared by the golden tests that assert positions.
 */
import { parseDocx } from '../../engine/docx';
import type { EngineHost } from '../../engine/core';
import { layoutDocument } from '../../engine/layout';
import type { GlyphRun, LayoutDoc, LayoutItem } from '../../engine/model';

/** Parses and lays out `bytes`; throws with the diagnostics when either stage fails. */
export async function layoutDocx(bytes: Uint8Array, fileName: string, host: EngineHost): Promise<{ doc: LayoutDoc; codes: string[] }> {
  const parsed = parseDocx(bytes, { fileName }, host);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const laid = await layoutDocument(parsed.value, {}, host);
  if (!laid.ok) throw new Error(JSON.stringify(laid.errors));
  return { doc: laid.value, codes: [...parsed.warnings, ...laid.warnings].map((w) => w.code) };
}

/** The items of a page with groups opened, in drawing order. */
export function flatItems(items: readonly LayoutItem[]): LayoutItem[] {
  return items.flatMap((i) => (i.kind === 'group' ? flatItems(i.items) : [i]));
}

/** The glyph runs of page `page` (groups opened). */
export function glyphRunsOn(doc: LayoutDoc, page: number): GlyphRun[] {
  return flatItems(doc.pages[page]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
}

/** The index of the first page with a glyph run containing `text`, or -1. */
export function pageWithText(doc: LayoutDoc, text: string): number {
  return doc.pages.findIndex((_, k) => glyphRunsOn(doc, k).some((r) => r.text.includes(text)));
}
