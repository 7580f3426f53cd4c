/**
 * The document body (w:body, §17.2.2) split into sections: a paragraph with w:pPr/w:sectPr ends a
 * section; the body's last w:sectPr describes the final one. Header/footer references are inherited
 * from the previous section (§17.10.5).
 */
import type { Block, RunProps, Section, SectionProps } from '../model';
import { cascadeRun, runBaseFor } from './cascade';
import { resolveRun } from './resolve-run';
import { Slot } from './font-slots';
import type { XmlElement } from '../xml';
import { child } from '../xml';
import { readBlocks, type BlockSink } from './blocks';
import type { DocxContext } from './context';
import { readSection, type SectionContext } from './sections';
import { newStory } from './stories';

/** Reads the body into sections. */
export function readBody(ctx: DocxContext, body: XmlElement): Section[] {
  const mainRels = ctx.pkg.rels(ctx.pkg.mainPart);
  const sectCtx: SectionContext = {
    env: ctx.env,
    storyPart: (rId) => {
      const rel = mainRels.get(rId);
      if (!rel || rel.external) {
        ctx.bag.warn('docx/missing-part', `A section refers to header/footer ${rId}, which the document's relationships lack.`, { at: ctx.pkg.mainPart });
        return undefined;
      }
      return ctx.pkg.zip.find(rel.target)?.name ?? rel.target;
    },
    footnotes: ctx.settings.footnotes,
    endnotes: ctx.settings.endnotes,
    warn: (code, message) => ctx.bag.warn(code, message, { at: ctx.pkg.mainPart }),
    lineNumberProps: () => (lineNumberProps ??= lineNumberRunProps(ctx)),
  };
  let lineNumberProps: RunProps | undefined;
  const sections: Section[] = [];
  let previous: SectionProps | undefined;
  const sink: BlockSink = {
    blocks: [],
    sectionBreak: (sectPr) => {
      previous = readSection(sectCtx, sectPr, previous);
      sections.push({ props: previous, blocks: sink.blocks });
      sink.blocks = [];
    },
  };
  readBlocks(ctx, newStory(ctx.pkg.mainPart, 'body'), body, undefined, sink);
  const finalProps = readSection(sectCtx, child(body, 'w:sectPr'), previous);
  const last: Block[] = sink.blocks;
  sections.push({ props: finalProps, blocks: last });
  return sections;
}

/**
 * Line numbers print in the default paragraph style with the "line number" character style over it
 * (§17.6.8). The style is found by its built-in name, since localized documents give it another id.
 */
function lineNumberRunProps(ctx: DocxContext): RunProps {
  const base = runBaseFor(ctx, ctx.styles.defaultParagraphStyle, undefined);
  let rStyle = 'LineNumber';
  for (const [id, def] of ctx.styles.styles) if (def.type === 'character' && def.name?.toLowerCase() === 'line number') rStyle = id;
  return resolveRun(cascadeRun(ctx, base, { rStyle }), Slot.Ascii, ctx.declared);
}
