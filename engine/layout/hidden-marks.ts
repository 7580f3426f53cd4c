/**
 * Paragraphs that print nothing: an empty paragraph whose mark is hidden (w:pPr/w:rPr/w:vanish,
 * §17.3.2.41) and whose runs, if any, are hidden too. Word joins a paragraph with a hidden mark to the
 * next one, so an empty one takes no room at all; its HTML import writes them between adjacent tables
 * to keep the tables apart without a visible line. The last block of a story stays (Word keeps the
 * final mark of a cell or of the document). The model is returned unchanged when nothing is hidden.
 */
import type { Block, DocModel, Paragraph, Section } from '../model';

/** The document without its vanished empty paragraphs (body and table cells, at any depth). */
export function dropVanishedParagraphs(doc: DocModel): DocModel {
  let changed = false;
  const sections = doc.sections.map((s): Section => {
    const blocks = withoutVanished(s.blocks);
    if (blocks === s.blocks) return s;
    changed = true;
    return { ...s, blocks };
  });
  return changed ? { ...doc, sections } : doc;
}

function withoutVanished(blocks: readonly Block[]): readonly Block[] {
  let out: Block[] | undefined;
  blocks.forEach((b, i) => {
    const kept = i < blocks.length - 1 && b.kind === 'paragraph' && isVanished(b) ? undefined : b.kind === 'table' ? inTable(b) : b;
    if (kept !== b && !out) out = blocks.slice(0, i);
    if (out && kept) out.push(kept);
  });
  return out ?? blocks;
}

function inTable(t: Extract<Block, { kind: 'table' }>): Block {
  let changed = false;
  const rows = t.rows.map((r) => {
    let rowChanged = false;
    const cells = r.cells.map((c) => {
      const blocks = withoutVanished(c.blocks);
      if (blocks === c.blocks) return c;
      rowChanged = true;
      return { ...c, blocks };
    });
    if (!rowChanged) return r;
    changed = true;
    return { ...r, cells };
  });
  return changed ? { ...t, rows } : t;
}

function isVanished(p: Paragraph): boolean {
  return p.markProps.hidden && p.inlines.every((i) => i.kind === 'text' && (i.props.hidden || i.text.length === 0));
}
