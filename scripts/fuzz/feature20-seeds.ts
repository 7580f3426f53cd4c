/**
 * Seeds for the chart features of session 20: pie-of-pie / bar-of-pie per-point explosion (c:dPt/c:explosion),
 * chart style palettes (c:style) on vary-colour points, stock markers (c:marker/c:symbol), the radar spoke
 * clamp; and a package with one of each session-20 story snippet in its body.
 */
import { chartPart, inlineChart, type TestChart } from '../../tests/helpers/make-chart';
import { makeDocx, para, WORD_DEFAULT_STYLES } from '../../tests/helpers/make-docx';
import { FEATURE20_SNIPPETS } from './feature20-snippets';
import type { Rng } from './rng';

const HOSTILE = ['1000000000', '-5', 'NaN', '2147483648', '0', '1e308', '-0'];
const cats = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);
const values = (n: number) => Array.from({ length: n }, (_, i) => ((i * 7919) % 13) - 3);

/** c:dPt elements exploding points by hostile percentages, some past the series' end or negative. */
function explodedPoints(n: number): string {
  let s = '';
  for (let i = -2; i < n + 3; i++) s += `<c:dPt><c:idx val="${i}"/><c:bubble3D val="0"/><c:explosion val="${HOSTILE[(i + 2) % HOSTILE.length]}"/></c:dPt>`;
  return s;
}

const marker = (symbol: string, size: string) => `<c:marker><c:symbol val="${symbol}"/><c:size val="${size}"/></c:marker>`;

/** The hostile charts of session 20 with the c:style each one is given. */
function hostileCharts(): Array<{ chart: TestChart; style: string }> {
  const ofPie = (type: string, n: number, split: string): TestChart => ({
    kind: 'ofPieChart', axes: '', categories: cats(n),
    series: [{ name: 'o', values: values(n), extra: `<c:explosion val="${split === 'pos' ? '1000000000' : '-1'}"/>${explodedPoints(Math.min(n, 50))}` }],
    plotExtra: `<c:varyColors val="1"/><c:ofPieType val="${type}"/><c:gapWidth val="0"/><c:splitType val="${split}"/><c:splitPos val="${split === 'pos' ? '-1000000' : '1e300'}"/><c:secondPieSize val="5"/><c:serLines/>`,
  });
  const stock = (n: number, symbol: string, size: string): TestChart => ({
    kind: 'stockChart', categories: cats(n),
    series: ['open', 'high', 'low', 'close'].map((name, k) => ({ name, values: values(n).map((v) => v * (k + 1)), extra: `<c:spPr><a:ln w="0"/></c:spPr>${marker(symbol, size)}` })),
    plotExtra: '<c:hiLowLines/><c:upDownBars><c:gapWidth val="500"/></c:upDownBars>',
  });
  return [
    { chart: ofPie('pie', 12, 'pos'), style: '3' },
    { chart: ofPie('bar', 3, 'val'), style: '8' },
    { chart: ofPie('pie', 0, 'percent'), style: '48' },
    { chart: { kind: 'pieChart', categories: cats(20_000), series: [{ name: 'p', values: values(20_000), extra: explodedPoints(50) }] }, style: '5' },
    { chart: { kind: 'doughnutChart', categories: cats(300), series: [{ name: 'd', values: values(300) }, { name: 'e', values: [] }], plotExtra: '<c:firstSliceAng val="400"/><c:holeSize val="99"/>' }, style: '1' },
    { chart: { kind: 'barChart', barDir: 'col', categories: cats(500), series: [{ name: 'b', values: values(500) }], plotExtra: '<c:varyColors val="1"/>' }, style: '7' },
    { chart: stock(40, 'dot', '72'), style: '2' },
    { chart: stock(5_000, 'picture', '0'), style: '-1' },
    { chart: stock(1, 'none', '2147483647'), style: '1000' },
    { chart: { kind: 'radarChart', categories: cats(1_001), series: [{ name: 'r', values: values(1_001), extra: marker('triangle', '2') }], plotExtra: '<c:radarStyle val="marker"/>' }, style: '4' },
  ];
}

/** A package of the hostile charts, one per paragraph, each chart space given its c:style. */
function chartSeed(): Uint8Array {
  const charts = hostileCharts().map(({ chart, style }, i) => {
    const part = chartPart(chart, i + 1);
    return { ...part, data: String(part.data).replace('<c:roundedCorners val="0"/>', `<c:roundedCorners val="0"/><c:style val="${style}"/>`) };
  });
  const parts = Object.fromEntries(charts.map((c, i) => [`rIdChart${i}`, c]));
  const body = charts.map((_, i) => `<w:p>${inlineChart(`rIdChart${i}`, 300, 200, i + 1)}</w:p>`).join('');
  return makeDocx({ body, parts, styles: WORD_DEFAULT_STYLES });
}

/** One of each session-20 story snippet in its small form (the first choice of every pick). */
function storySeed(): Uint8Array {
  const r = { pick: <T>(l: readonly T[]) => l[0]!, chance: () => false, int: () => 0, next: () => 0 } as unknown as Rng;
  const body = Object.values(FEATURE20_SNIPPETS).map((make) => make(r)).join(para('between')) + para('end');
  const footnotes = `<w:footnote w:id="1">${para('a note in a thin column')}</w:footnote>`;
  return makeDocx({ body, footnotes, styles: WORD_DEFAULT_STYLES });
}

/** The session-20 DOCX seeds. */
export function feature20DocxSeeds(): { name: string; bytes: Uint8Array }[] {
  return [{ name: 'own-charts20.docx', bytes: chartSeed() }, { name: 'own-story20.docx', bytes: storySeed() }];
}
