/**
 * makeChart: builds a chart part (c:chartSpace) and the inline drawing that shows it, for tests.
 * Series carry cached values only (c:numLit / c:strLit style caches under numRef/strRef), which is
 * all the engine reads.
 */
import type { ExtraPart } from './make-docx';
import { xmlText } from './make-docx';

const C_NS = 'http://schemas.openxmlformats.org/drawingml/2006/chart';
const A_NS = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** One series of a test chart. */
export interface TestSeries {
  readonly name: string;
  readonly values: ReadonlyArray<number | null>;
  /** x values (scatter). */
  readonly x?: readonly number[];
  /** Extra XML inside c:ser after c:tx (c:spPr, c:marker, c:dLbls...). */
  readonly extra?: string;
}

/** A test chart. */
export interface TestChart {
  /** Plot element name without prefix: barChart, lineChart, pieChart, doughnutChart, areaChart, scatterChart, radarChart... */
  readonly kind: string;
  readonly barDir?: 'bar' | 'col';
  readonly grouping?: string;
  readonly categories?: readonly string[];
  readonly series: readonly TestSeries[];
  readonly title?: string;
  readonly legendPos?: 'r' | 'l' | 't' | 'b' | 'tr';
  /** Extra XML at the end of the plot element (c:gapWidth, c:overlap, c:holeSize, c:dLbls...). */
  readonly plotExtra?: string;
  /** Extra XML inside the value axis (c:numFmt, c:majorGridlines, c:scaling...). */
  readonly valAxExtra?: string;
  /** Replaces the axes entirely. */
  readonly axes?: string;
  /** Extra XML inside c:plotArea before the plot (c:layout). */
  readonly plotAreaLayout?: string;
  /** Extra XML inside c:chart before c:plotArea (c:view3D, c:floor...). */
  readonly chartExtra?: string;
}

function numCache(values: ReadonlyArray<number | null>, formatCode = 'General'): string {
  const pts = values.map((v, i) => (v === null ? '' : `<c:pt idx="${i}"><c:v>${v}</c:v></c:pt>`)).join('');
  return `<c:numRef><c:f>Sheet1!$B$2</c:f><c:numCache><c:formatCode>${formatCode}</c:formatCode><c:ptCount val="${values.length}"/>${pts}</c:numCache></c:numRef>`;
}

function strCache(values: readonly string[]): string {
  const pts = values.map((v, i) => `<c:pt idx="${i}"><c:v>${xmlText(v)}</c:v></c:pt>`).join('');
  return `<c:strRef><c:f>Sheet1!$A$2</c:f><c:strCache><c:ptCount val="${values.length}"/>${pts}</c:strCache></c:strRef>`;
}

function seriesXml(chart: TestChart, s: TestSeries, i: number): string {
  const scatter = chart.kind === 'scatterChart' || chart.kind === 'bubbleChart';
  const tx = `<c:tx>${strCache([s.name])}</c:tx>`;
  const data = scatter
    ? `<c:xVal>${numCache(s.x ?? s.values.map((_v, k) => k + 1))}</c:xVal><c:yVal>${numCache(s.values)}</c:yVal>`
    : `${chart.categories ? `<c:cat>${strCache(chart.categories)}</c:cat>` : ''}<c:val>${numCache(s.values)}</c:val>`;
  return `<c:ser><c:idx val="${i}"/><c:order val="${i}"/>${tx}${s.extra ?? ''}${data}</c:ser>`;
}

const DEFAULT_AXES =
  '<c:catAx><c:axId val="1"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="b"/><c:numFmt formatCode="General" sourceLinked="1"/><c:tickLblPos val="nextTo"/><c:crossAx val="2"/><c:crosses val="autoZero"/></c:catAx>';

function axesXml(chart: TestChart): string {
  if (chart.axes !== undefined) return chart.axes;
  if (chart.kind === 'pieChart' || chart.kind === 'doughnutChart') return '';
  const bar = chart.barDir === 'bar';
  const cat = chart.kind === 'scatterChart'
    ? `<c:valAx><c:axId val="1"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="b"/><c:numFmt formatCode="General" sourceLinked="1"/><c:tickLblPos val="nextTo"/><c:crossAx val="2"/><c:crosses val="autoZero"/></c:valAx>`
    : DEFAULT_AXES.replace('<c:axPos val="b"/>', `<c:axPos val="${bar ? 'l' : 'b'}"/>`);
  const val = `<c:valAx><c:axId val="2"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="${bar ? 'b' : 'l'}"/><c:majorGridlines/>` +
    `<c:numFmt formatCode="General" sourceLinked="1"/><c:tickLblPos val="nextTo"/><c:crossAx val="1"/><c:crosses val="autoZero"/>${chart.valAxExtra ?? ''}</c:valAx>`;
  return cat + val;
}

/** The chart part's XML. */
export function chartXml(chart: TestChart): string {
  const title = chart.title ? `<c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>${xmlText(chart.title)}</a:t></a:r></a:p></c:rich></c:tx><c:overlay val="0"/></c:title><c:autoTitleDeleted val="0"/>` : '<c:autoTitleDeleted val="1"/>';
  const head = (chart.barDir ? `<c:barDir val="${chart.barDir}"/>` : '') + (chart.grouping ? `<c:grouping val="${chart.grouping}"/>` : '') + '<c:varyColors val="' + (chart.kind === 'pieChart' || chart.kind === 'doughnutChart' ? 1 : 0) + '"/>';
  const ids = chart.kind === 'pieChart' || chart.kind === 'doughnutChart' ? '' : '<c:axId val="1"/><c:axId val="2"/>';
  const plot = `<c:${chart.kind}>${head}${chart.series.map((s, i) => seriesXml(chart, s, i)).join('')}${chart.plotExtra ?? ''}${ids}</c:${chart.kind}>`;
  const legend = chart.legendPos ? `<c:legend><c:legendPos val="${chart.legendPos}"/><c:overlay val="0"/></c:legend>` : '';
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><c:chartSpace xmlns:c="${C_NS}" xmlns:a="${A_NS}" xmlns:r="${R_NS}">` +
    `<c:roundedCorners val="0"/><c:chart>${title}${chart.chartExtra ?? ''}<c:plotArea>${chart.plotAreaLayout ?? '<c:layout/>'}${plot}${axesXml(chart)}</c:plotArea>${legend}<c:plotVisOnly val="1"/></c:chart>` +
    `<c:txPr><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="1000"/></a:pPr><a:endParaRPr lang="en-US"/></a:p></c:txPr></c:chartSpace>`
  );
}

/** The chart part to pass in MakeDocxOptions.parts. */
export function chartPart(chart: TestChart, n = 1): ExtraPart {
  return {
    name: `word/charts/chart${n}.xml`,
    contentType: 'application/vnd.openxmlformats-officedocument.drawingml.chart+xml',
    relType: `${R_NS}/chart`,
    data: chartXml(chart),
  };
}

/** An inline chart drawing (a run) showing the chart of relationship `rId`. */
export function inlineChart(rId: string, widthPt = 432, heightPt = 252, id = 1): string {
  const cx = Math.round(widthPt * 12700);
  const cy = Math.round(heightPt * 12700);
  return (
    `<w:r><w:drawing><wp:inline><wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${id}" name="Chart ${id}"/>` +
    `<a:graphic><a:graphicData uri="${C_NS}"><c:chart r:id="${rId}"/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`
  );
}
