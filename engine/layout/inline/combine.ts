/**
 * Two lines in one (w:eastAsianLayout/@w:combine, ECMA-376 Part 1 §17.3.2.10): a region's characters
 * laid out "equally between two sub-lines" within one line: the first half of them (the extra one
 * when odd) on the upper, the rest on the lower, each centred, at half the run's size; the pair
 * stands between the run's ascent and descent, in brackets at full size when w:combineBrackets asks.
 * The result is one unbreakable box, drawn as math boxes are.
 */
import type { EastAsianLayout, RunProps } from '../../model';
import type { FaceResolver } from '../faces';
import type { MathBox, MathPart } from '../math';
import { shapePlainText } from './plain-text';

const BRACKETS: Record<NonNullable<EastAsianLayout['brackets']>, readonly [string, string]> = {
  round: ['(', ')'],
  square: ['[', ']'],
  angle: ['<', '>'],
  curly: ['{', '}'],
};

/** The box of a two-lines-in-one region's text in the first run's properties. */
export function combinedBox(text: string, props: RunProps, faces: FaceResolver): MathBox {
  const chars = Array.from(text);
  const upperCount = Math.ceil(chars.length / 2);
  const half = props.sizePt / 2;
  const full = faces.primary(props).lineMetrics(props.sizePt);
  const small = faces.primary(props).lineMetrics(half);
  const color = props.color ?? '000000';
  const upper = shapePlainText(chars.slice(0, upperCount).join(''), props, half, faces);
  const lower = shapePlainText(chars.slice(upperCount).join(''), props, half, faces);
  const brackets = props.eastAsianLayout?.brackets;
  const [open, close] = brackets ? BRACKETS[brackets].map((b) => shapePlainText(b, props, props.sizePt, faces)) : [undefined, undefined];
  const left = open?.width ?? 0;
  const inner = Math.max(upper.width, lower.width);
  // The lower line's descent sits on the run's; the upper line stands on the lower one.
  const lowerY = -full.descentPt + small.descentPt;
  const upperY = lowerY + small.ascentPt + small.descentPt;
  const parts: MathPart[] = [];
  const place = (line: ReturnType<typeof shapePlainText>, x0: number, y: number, sizePt: number) => {
    let x = x0;
    for (const s of line.segments) {
      parts.push({ kind: 'glyphs', x, y, face: s.face, sizePt, glyphs: s.glyphs, advances: s.advances, text: s.text, clusters: s.clusters, color });
      x += s.width;
    }
  };
  place(upper, left + (inner - upper.width) / 2, upperY, half);
  place(lower, left + (inner - lower.width) / 2, lowerY, half);
  if (open) place(open, 0, 0, props.sizePt);
  if (close) place(close, left + inner, 0, props.sizePt);
  return { width: left + inner + (close?.width ?? 0), ascent: full.ascentPt, descent: full.descentPt, parts };
}
