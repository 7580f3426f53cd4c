/**
 * DrawingML WordArt (wps:wsp whose wps:bodyPr has a:prstTxWarp, ECMA-376 Part 1 §20.1.9.19): the
 * text box's text becomes a WordArt block bent through the preset's guide paths over the text area
 * (the shape's box inside bodyPr's insets and the geometry's text rectangle), as Word fits a
 * transformed WordArt's text to its shape: the lines, each one string, fill the area between the
 * guides (or run along the single guide of an arch or a circle) whatever their font size.
 */
import type { Block, ShapeInline, WordArt } from '../model';
import type { XmlElement } from '../xml';
import { attr } from '../xml';
import { readAdjustments } from './geometry';
import { textWarpGuides } from './preset-geometry';

/** Most characters read from a warped text box (WordArt draws at most 1000). */
const MAX_TEXT = 1000;

/**
 * The WordArt a text box with warp `warp` (its a:prstTxWarp) is drawn as; undefined when the
 * preset's guides are not known (the multi-line presets) or the box holds no text.
 */
export function warpedWordArt(warp: XmlElement, text: NonNullable<ShapeInline['text']>, w: number, h: number): WordArt | undefined {
  const prst = attr(warp, 'prst') ?? '';
  const ins = text.insetsPt;
  const aw = w - ins.left - ins.right;
  const ah = h - ins.top - ins.bottom;
  if (!(aw > 0) || !(ah > 0)) return undefined;
  const guides = textWarpGuides(prst, aw, ah, readAdjustments(warp));
  const content = textOf(text.blocks);
  if (!guides || !content) return undefined;
  const align = content.align === 'left' ? 'left' : content.align === 'right' ? 'right' : undefined;
  return {
    text: content.text,
    props: { ...content.props, color: content.props.color ?? '000000' },
    trim: false,
    ...(align ? { align } : {}),
    warp: { guides },
    insetsPt: ins,
  };
}

/** The paragraphs' text, one line each (line breaks too), the first run's properties and the first paragraph's alignment. */
function textOf(blocks: readonly Block[]): { text: string; props: WordArt['props']; align: string } | undefined {
  const lines: string[] = [];
  let props: WordArt['props'] | undefined;
  let align = 'center';
  let size = 0;
  for (const b of blocks) {
    if (b.kind !== 'paragraph') continue;
    if (lines.length === 0) align = b.props.alignment;
    let line = '';
    for (const i of b.inlines) {
      if (i.kind === 'text' && !i.props.hidden) {
        line += i.text;
        props ??= i.text.trim() !== '' ? i.props : undefined;
      } else if (i.kind === 'tab') line += ' ';
      else if (i.kind === 'break' && i.type === 'line') {
        lines.push(line);
        line = '';
      }
    }
    lines.push(line);
    size += line.length;
    if (size > MAX_TEXT) break;
  }
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  return props && lines.length > 0 ? { text: lines.join('\n'), props, align } : undefined;
}
