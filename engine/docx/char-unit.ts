/**
 * The character unit of a paragraph's indents in characters (w:ind/@w:leftChars, @w:rightChars,
 * @w:firstLineChars, @w:hangingChars, CT_Ind §17.3.1.12, in hundredths of a character unit).
 *
 * Word measures that unit on the paragraph's first run, not on its mark: the twips Word saves
 * beside each *Chars value (which it computes the same way) give, over oxsdk-2007's 39 such
 * paragraphs, the first run's font size plus twice its letter spacing (w:spacing 0.2 pt: 15.4 pt
 * for 15 pt runs, 16.4 pt for 16 pt ones; 15 pt where only the mark had the spacing), and the
 * mark's only when the paragraph has no run. Its form "编号：" after a 10 pt run holding the
 * number boxes (VML rectangles drawn from 198 pt) is indented 1400 chars = 2800 twips: 10 pt a
 * character, so the label ends before the first box; on the 15 pt mark it ran under the boxes.
 */
import type { RunProps } from '../model';
import type { XmlElement } from '../xml';
import { cascadeRun, type ParagraphCascade } from './cascade';
import type { DocxContext } from './context';
import { Slot } from './font-slots';
import { internRun } from './intern';
import { resolveRun } from './resolve-run';

/** Containers walked to find the first run; everything else in w:p is skipped. */
const CONTAINERS: ReadonlySet<string> = new Set([
  'w:hyperlink', 'w:ins', 'w:del', 'w:moveTo', 'w:moveFrom', 'w:smartTag', 'w:customXml', 'w:sdt',
  'w:sdtContent', 'w:fldSimple', 'w:dir', 'w:bdo',
]);

/** The first w:r with content (anything but its w:rPr), in document order, at most a few levels deep. */
function firstRun(e: XmlElement, depth: number): XmlElement | undefined {
  for (const c of e.children) {
    if (c.kind !== 'element') continue;
    if (c.name === 'w:r') {
      if (c.children.some((k) => k.kind === 'element' && k.name !== 'w:rPr')) return c;
    } else if (depth < 8 && CONTAINERS.has(c.name)) {
      const hit = firstRun(c, depth + 1);
      if (hit) return hit;
    }
  }
  return undefined;
}

function unitOf(props: RunProps): number {
  return props.sizePt + 2 * props.spacingPt;
}

/** The character unit, in points, for a paragraph whose indents are given in characters; the mark's otherwise. */
export function charUnitPt(ctx: DocxContext, cascade: ParagraphCascade, p: XmlElement, mark: RunProps, at: string): number {
  const ind = cascade.raw.ind;
  if (!ind || !(ind.leftChars || ind.rightChars || ind.firstLineChars)) return mark.sizePt;
  const r = firstRun(p, 0);
  if (!r) return unitOf(mark);
  const rPr = r.children.find((k): k is XmlElement => k.kind === 'element' && k.name === 'w:rPr');
  return unitOf(resolveRun(cascadeRun(ctx, cascade.runBase, internRun(ctx, rPr, at)), Slot.Ascii, ctx.declared));
}
