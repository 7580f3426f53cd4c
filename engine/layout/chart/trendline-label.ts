/**
 * A trendline's label (c:dispEq, c:dispRSqr on c:trendline, ECMA-376 Part 1 §21.2.2.209 and
 * c:trendlineLbl §21.2.2.212): its equation as Excel writes it ("y = 1.75x + 0.5", "y = 2e^0.5x" with
 * the exponent raised, "y = 3ln(x) + 1", "y = 1.5x^1.7", "y = x² − 4x + 2") and its R² (rSquared),
 * both of the fit the line was drawn from (trendline-fit.ts). Numbers take the label's c:numFmt, else
 * General within six characters (14.286, 0.9923), as Excel's trendline labels show them.
 */
import type { ChartTrendline } from '../../model';
import { detExp } from '../../core/det-math';
import { clamp, type ChartDraw, type Rect } from './context';
import { formatChartNumber } from './format-number';
import { decade, pow10 } from './math';
import type { TextStyle } from './text';
import { rSquared, type TrendFit } from './trendline-fit';

type XY = { x: number; y: number };

/** A run of label text, raised as an exponent when `sup`. */
export interface LabelRun {
  readonly text: string;
  readonly sup?: boolean;
}

/** Excel's General within six characters: 14.286, 0.9923, 56789, 1.2E+07. */
export function labelNumber(v: number, format: string | undefined): string {
  if (format) return formatChartNumber(v, format);
  if (!Number.isFinite(v)) return '';
  const a = Math.abs(v);
  if (a !== 0 && (a >= 999_999.5 || a < 0.00005)) return formatChartNumber(v, '0.0E+00');
  const places = Math.max(0, 4 - Math.max(0, a >= 1 ? decade(a) : 0));
  const f = pow10(places);
  const r = Math.round(a * f) / f;
  const s = r.toFixed(places).replace(/\.?0+$/, '') || '0';
  return (v < 0 && s !== '0' ? '-' : '') + s;
}

const SUPERSCRIPT = ['', '', '²', '³', '⁴', '⁵', '⁶'];

/** The label's lines: the equation, then R², each a list of runs. */
export function labelLines(fit: TrendFit, t: Pick<ChartTrendline, 'kind' | 'showEquation' | 'showRSquared' | 'labelFormat'>): LabelRun[][] {
  const n = (v: number) => labelNumber(v, t.labelFormat);
  const lines: LabelRun[][] = [];
  if (t.showEquation) {
    const [c0 = 0, c1 = 0] = fit.coef;
    const term = (c: number, first: boolean) => (first ? n(c) : c < 0 ? ` - ${n(-c)}` : ` + ${n(c)}`);
    switch (t.kind) {
      case 'exp':
        lines.push([{ text: `y = ${n(detExp(c0))}e` }, { text: `${n(c1)}x`, sup: true }]);
        break;
      case 'power':
        lines.push([{ text: `y = ${n(detExp(c0))}x` }, { text: n(c1), sup: true }]);
        break;
      case 'log':
        lines.push([{ text: `y = ${n(c1)}ln(x)${term(c0, false)}` }]);
        break;
      default: {
        // Terms left out where the fit leaves only rounding noise; a coefficient of 1 is not written.
        const big = Math.max(...fit.coef.map((c) => Math.abs(c)));
        let text = 'y = ';
        for (let k = fit.coef.length - 1; k >= 0; k--) {
          const c = fit.coef[k]!;
          if (Math.abs(c) <= big * 1e-12 && (k > 0 || text !== 'y = ')) continue;
          const first = text === 'y = ';
          const num = term(c, first);
          const unit = k >= 1 && n(Math.abs(c)) === '1' ? num.slice(0, num.length - 1) : num;
          text += `${unit}${k >= 1 ? 'x' : ''}${SUPERSCRIPT[k] ?? ''}`;
        }
        lines.push([{ text }]);
      }
    }
  }
  if (t.showRSquared) lines.push([{ text: `R² = ${n(rSquared(fit))}` }]);
  return lines;
}

/**
 * Draws the label's lines right-aligned above the trendline's end `end` (page points), kept inside
 * the plot `rect`, as Excel puts a label it has not been given a place for.
 */
export function drawLabelLines(draw: ChartDraw, lines: readonly LabelRun[][], end: XY, rect: Rect, style: TextStyle): void {
  const supStyle = { ...style, sizePt: style.sizePt * 0.65 };
  const shaped = lines.map((runs) => runs.map((r) => ({ r, t: draw.text.shape(r.text, r.sup ? supStyle : style) })));
  // The label's line metrics, shaped once for all its lines.
  const probe = draw.text.shape('y', style);
  const lineH = probe.lineHeight;
  const widths = shaped.map((runs) => runs.reduce((a, s) => a + s.t.width, 0));
  const width = Math.max(0, ...widths);
  const height = lineH * shaped.length;
  const x0 = clamp(end.x - width, rect.x, Math.max(rect.x, rect.x + rect.w - width));
  let y = clamp(end.y - 4 - height, rect.y, Math.max(rect.y, rect.y + rect.h - height));
  shaped.forEach((runs, k) => {
    let x = x0 + (width - widths[k]!);
    const base = y + probe.ascent;
    for (const { r, t } of runs) {
      draw.items.push(...t.place(x, r.sup ? base - style.sizePt * 0.35 : base));
      x += t.width;
    }
    y += lineH;
  });
}
