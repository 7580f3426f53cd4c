/**
 * Chart fixtures: one small document per chart kind, each a 6 × 3.5 inch inline chart (the size Word
 * inserts) built with makeChart, with Word's sample data.
 */
import { OFFICE_THEME, WORD_DEFAULT_STYLES, type MakeDocxOptions } from '../helpers/make-docx';
import { chartPart, inlineChart, type TestChart } from '../helpers/make-chart';

const CATS = ['Category 1', 'Category 2', 'Category 3', 'Category 4'];
const SAMPLE = [
  { name: 'Series 1', values: [4.3, 2.5, 3.5, 4.5] },
  { name: 'Series 2', values: [2.4, 4.4, 1.8, 2.8] },
  { name: 'Series 3', values: [2, 2, 3, 5] },
];
const MARKER = '<c:marker><c:symbol val="circle"/><c:size val="5"/></c:marker>';
const LABELS = '<c:dLbls><c:showLegendKey val="0"/><c:showVal val="1"/><c:showCatName val="0"/><c:showSerName val="0"/><c:showPercent val="0"/><c:showBubbleSize val="0"/></c:dLbls>';
const PERCENT_LABELS = LABELS.replace('<c:showVal val="1"/>', '<c:showVal val="0"/>').replace('<c:showPercent val="0"/>', '<c:showPercent val="1"/>');

function chartDoc(chart: TestChart): MakeDocxOptions {
  return {
    styles: WORD_DEFAULT_STYLES,
    theme: OFFICE_THEME,
    body: `<w:p>${inlineChart('rIdChart1', 432, 252)}</w:p>`,
    parts: { rIdChart1: chartPart(chart) },
  };
}

/** The chart fixtures, by name. */
export const CHART_FIXTURES: Record<string, MakeDocxOptions> = {
  'chart-column-clustered': chartDoc({ kind: 'barChart', barDir: 'col', grouping: 'clustered', categories: CATS, series: SAMPLE, title: 'Quarterly sales', legendPos: 'b', plotExtra: '<c:gapWidth val="219"/><c:overlap val="-27"/>' }),
  'chart-bar-stacked': chartDoc({
    kind: 'barChart', barDir: 'bar', grouping: 'stacked', categories: CATS, series: SAMPLE, title: 'Stacked bars', legendPos: 'r',
    plotExtra: '<c:gapWidth val="150"/><c:overlap val="100"/>', valAxExtra: '',
  }),
  'chart-line': chartDoc({
    kind: 'lineChart', grouping: 'standard', categories: CATS, title: 'Trend', legendPos: 'b',
    series: SAMPLE.map((s, i) => (i === 0 ? { ...s, extra: MARKER + LABELS } : { ...s, extra: MARKER })),
  }),
  'chart-pie': chartDoc({ kind: 'pieChart', categories: ['Q1', 'Q2', 'Q3', 'Q4'], series: [{ name: 'Sales', values: [8.2, 3.2, 1.4, 1.2], extra: PERCENT_LABELS }], title: 'Sales', legendPos: 'b', plotExtra: '<c:firstSliceAng val="0"/>' }),
  'chart-doughnut': chartDoc({ kind: 'doughnutChart', categories: ['Q1', 'Q2', 'Q3', 'Q4'], series: [{ name: 'Sales', values: [8.2, 3.2, 1.4, 1.2] }], title: 'Share', legendPos: 'r', plotExtra: '<c:firstSliceAng val="0"/><c:holeSize val="75"/>' }),
  'chart-scatter': chartDoc({
    kind: 'scatterChart', title: 'Y-Values', legendPos: 'r',
    series: [{ name: 'Y-Values', values: [2.7, 3.2, 0.8], x: [0.7, 1.8, 2.6], extra: '<c:spPr><a:ln w="19050"><a:noFill/></a:ln></c:spPr><c:marker><c:symbol val="circle"/><c:size val="5"/></c:marker>' }],
  }),
  'chart-area': chartDoc({
    kind: 'areaChart', grouping: 'percentStacked', categories: CATS, series: SAMPLE, title: 'Mix', legendPos: 'b',
  }),
};
