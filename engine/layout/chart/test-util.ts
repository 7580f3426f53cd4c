/**
 * Test helpers for chart drawing: fixed-width text (enough for geometry; the real text stack is
 * covered by the golden tests) and a draw call that collects items and warnings.
 */
import type { ChartModel, LayoutItem } from '../../model';
import { drawChartInto } from './draw-chart';
import type { ChartText, TextStyle } from './text';

/** Text with fixed-width glyphs (half the size per character). */
export const fakeText: ChartText = {
  shape(text: string, style: TextStyle) {
    const width = text.length * style.sizePt * 0.5;
    return {
      text, width, ascent: style.sizePt * 0.8, descent: style.sizePt * 0.2, lineHeight: style.sizePt * 1.2, style,
      place: (x: number, y: number): LayoutItem[] => [{ kind: 'glyphs', x, y, font: 0, sizePt: style.sizePt, glyphs: [], advances: [], text, clusters: [], color: style.color }],
      ink: () => ({ top: style.sizePt * 0.7, bottom: 0 }),
    };
  },
};

/** The chart box the tests draw into. */
export const BOX = { x: 100, y: 100, w: 432, h: 252 };

/** Draws a chart into BOX with the fake text; returns the items and the warnings as "code: message". */
export function drawTestChart(c: ChartModel): { items: LayoutItem[]; warnings: string[] } {
  const items: LayoutItem[] = [];
  const warnings: string[] = [];
  drawChartInto(c, BOX, fakeText, items, (code, message) => warnings.push(`${code}: ${message}`));
  return { items, warnings };
}

/** The text of every glyph run, groups included. */
export const texts = (items: readonly LayoutItem[]): string[] => items.flatMap((i) => (i.kind === 'glyphs' ? [i.text] : i.kind === 'group' ? texts([...i.items]) : []));
