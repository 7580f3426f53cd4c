/**
 * Chart fixtures end to end: the chart's text is real, searchable text (title, tick labels, legend
 * entries, data labels) in the LayoutDoc and in the PDF (pdftotext, when installed), and each chart
 * kind draws its marks. Golden dumps of the same fixtures live in layout.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertDocxToPdf } from '../../engine/convert';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { makeDocx } from '../helpers/make-docx';
import { CHART_FIXTURES } from './chart-fixtures';
import { flatItems, layoutDocx } from '../helpers/layout-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

function layout(name: string): Promise<{ doc: LayoutDoc; codes: string[] }> {
  return layoutDocx(makeDocx(CHART_FIXTURES[name]!), `${name}.docx`, host);
}

const flat = flatItems;

function texts(doc: LayoutDoc): string[] {
  return flat(doc.pages[0]!.items).flatMap((i) => (i.kind === 'glyphs' ? [i.text] : []));
}

async function pdfText(name: string): Promise<string | undefined> {
  const r = await convertDocxToPdf(makeDocx(CHART_FIXTURES[name]!), {}, host);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  const file = join(mkdtempSync(join(tmpdir(), 'colophon-chart-')), `${name}.pdf`);
  writeFileSync(file, r.value.pdf);
  try {
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  } catch {
    return undefined;
  }
}

beforeAll(async () => {
  await initKernel();
});

const CATEGORIES = ['Category 1', 'Category 2', 'Category 3', 'Category 4'];
const SERIES = ['Series 1', 'Series 2', 'Series 3'];

describe('charts drawn with real text', () => {
  it('draws a clustered column chart with title, value ticks 0..5, categories and legend, and no chart warnings', async () => {
    const { doc, codes } = await layout('chart-column-clustered');
    expect(texts(doc)).toEqual(expect.arrayContaining(['Quarterly sales', '0', '1', '5', ...CATEGORIES, ...SERIES]));
    expect(codes.filter((c) => c.startsWith('layout/chart'))).toEqual([]);
    const bars = flat(doc.pages[0]!.items).filter((i) => i.kind === 'rect' && ['4472C4', 'ED7D31', 'A5A5A5'].includes(i.fill ?? ''));
    expect(bars).toHaveLength(12 + 3);
  });

  it('puts the text of every chart kind into the PDF', async () => {
    const expected: Record<string, string[]> = {
      'chart-column-clustered': ['Quarterly sales', 'Category 1', 'Series 3'],
      'chart-bar-stacked': ['Stacked bars', 'Category 4', 'Series 2'],
      'chart-line': ['Trend', '4.3', 'Series 1'],
      'chart-pie': ['Sales', 'Q1', '59%'],
      'chart-doughnut': ['Share', 'Q4'],
      'chart-scatter': ['Y-Values', '2.5'],
      'chart-area': ['Mix', '100%', 'Category 2'],
    };
    for (const [name, words] of Object.entries(expected)) {
      const text = await pdfText(name);
      if (text === undefined) return;
      for (const w of words) expect(text, `${name}: ${w}`).toContain(w);
    }
  });

  it('labels pie slices with their percentages, summing to 100 %', async () => {
    const { doc } = await layout('chart-pie');
    const pct = texts(doc).filter((t) => /^\d+%$/.test(t)).map((t) => Number(t.slice(0, -1)));
    expect(pct).toHaveLength(4);
    expect(pct.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(99);
    expect(pct.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(101);
  });
});
