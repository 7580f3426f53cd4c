/**
 * Seeds for the features of session 19 that live in their own parts: hostile charts (radar, bubble,
 * pie-of-pie / bar-of-pie, 3-D views), a metafile of many ExcludeClipRect records, and a package whose
 * settings set every math line-breaking property (m:brkBin, m:brkBinSub, m:smallFrac, m:wrapIndent).
 */
import { chartPart, inlineChart, type TestChart } from '../../tests/helpers/make-chart';
import { makeDocx, para, WORD_DEFAULT_STYLES } from '../../tests/helpers/make-docx';
import { buildEmf, buildWmf, emr, wmr, type EmfRecord, type WmfRecord } from '../../tests/helpers/make-metafile';
import { FEATURE_SNIPPETS } from './feature-snippets';
import { feature20DocxSeeds } from './feature20-seeds';
import { feature26DocxSeeds } from './feature26-seeds';
import { feature27DocxSeeds } from './feature27-seeds';
import { feature28DocxSeeds } from './feature28-seeds';
import type { Rng } from './rng';

const NUM = (n: number) => Array.from({ length: n }, (_, i) => (i % 7) - 2);
const cats = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);
const bubbleSize = (values: readonly string[]) =>
  `<c:bubbleSize><c:numRef><c:f>S!$C$2</c:f><c:numCache><c:ptCount val="${values.length}"/>${values.map((v, i) => `<c:pt idx="${i}"><c:v>${v}</c:v></c:pt>`).join('')}</c:numCache></c:numRef></c:bubbleSize>`;
const view3D = (rotX: string, rotY: string, depth: string, persp: string) =>
  `<c:view3D><c:rotX val="${rotX}"/><c:rotY val="${rotY}"/><c:depthPercent val="${depth}"/><c:rAngAx val="0"/><c:perspective val="${persp}"/></c:view3D>`;

/** The hostile charts: each one pushes one new chart reader or drawer past its range. */
function hostileCharts(): TestChart[] {
  const split = Array.from({ length: 10_000 }, (_, i) => `<c:secondPiePt val="${i * 3}"/>`).join('');
  const ofPie = (type: string, extra: string): TestChart => ({ kind: 'ofPieChart', axes: '', categories: cats(12), series: [{ name: 'o', values: NUM(12) }], plotExtra: `<c:ofPieType val="${type}"/><c:gapWidth val="500"/>${extra}<c:serLines/>` });
  return [
    { kind: 'radarChart', categories: cats(10_000), series: [{ name: 'r', values: NUM(10_000) }, { name: 'q', values: [] }], plotExtra: '<c:radarStyle val="filled"/>' },
    { kind: 'radarChart', categories: [], series: [{ name: 'e', values: [] }], plotExtra: '<c:radarStyle val="marker"/>' },
    { kind: 'bubbleChart', series: [{ name: 'b', values: [1, 2, 3, 4, 5, 6], x: [1, 2, 3, 4, 5, 6], extra: bubbleSize(['NaN', '-5', '1e308', '0', '-1e308', 'x']) }], plotExtra: '<c:bubbleScale val="300"/><c:showNegBubbles val="1"/>' },
    { kind: 'bubbleChart', series: [{ name: 'b', values: [1e308, -1e308], x: [1e308, 1e308], extra: bubbleSize(['1e-308', '1e308']) }], plotExtra: '<c:bubbleScale val="2147483647"/><c:sizeRepresents val="w"/>' },
    ofPie('pie', `<c:splitType val="pos"/><c:splitPos val="1000000000"/><c:secondPieSize val="2147483647"/>`),
    ofPie('bar', `<c:splitType val="cust"/><c:custSplit>${split}</c:custSplit><c:secondPieSize val="0"/>`),
    ofPie('pie', '<c:splitType val="percent"/><c:splitPos val="-1e308"/><c:secondPieSize val="-5"/>'),
    ofPie('bar', '<c:splitType val="val"/><c:splitPos val="NaN"/>'),
    { kind: 'bar3DChart', barDir: 'col', grouping: 'clustered', categories: cats(3), series: [{ name: 'v', values: [1, -2, 3] }], chartExtra: view3D('1000000000', '-1000000000', '0', '255'), plotExtra: '<c:gapDepth val="2147483647"/><c:shape val="cone"/>' },
    { kind: 'bar3DChart', barDir: 'bar', grouping: 'stacked', categories: cats(3), series: [{ name: 'v', values: [1, 2, 3] }], chartExtra: view3D('-90', '360', '1000000', '0'), plotExtra: '<c:gapDepth val="-1"/>' },
    { kind: 'pie3DChart', axes: '', categories: cats(3), series: [{ name: 'p', values: [1, 2, 3] }], chartExtra: view3D('NaN', '1e9', '-1', '-1') },
    { kind: 'line3DChart', categories: cats(3), series: [{ name: 'l', values: [1, 2, 3] }], chartExtra: view3D('90', '90', '20', '100'), plotExtra: '<c:gapDepth val="0"/>' },
  ];
}

/** A package of hostile charts, one per paragraph. */
function chartSeed(): Uint8Array {
  const charts = hostileCharts().map((c, i) => chartPart(c, i + 1));
  const parts = Object.fromEntries(charts.map((c, i) => [`rIdChart${i}`, c]));
  const body = charts.map((_, i) => `<w:p>${inlineChart(`rIdChart${i}`, 300, 200, i + 1)}</w:p>`).join('');
  return makeDocx({ body, parts, styles: WORD_DEFAULT_STYLES });
}

/** A package whose settings set every math breaking property, with one of each new feature in its body. */
function mathSeed(): Uint8Array {
  // The first choice of every pick: the snippets' small forms (the campaign's mutations grow them).
  const r = { pick: <T>(l: readonly T[]) => l[0]!, chance: () => false, int: () => 0, next: () => 0 } as unknown as Rng;
  const settings = '<m:mathPr><m:brkBin m:val="repeat"/><m:brkBinSub m:val="-+"/><m:smallFrac/><m:wrapIndent m:val="2147483647"/><m:wrapRight/><m:defJc m:val="centerGroup"/></m:mathPr>';
  const small: Record<string, string> = {};
  for (const [name, make] of Object.entries(FEATURE_SNIPPETS)) small[name] = make(r);
  const body = Object.values(small).join(para('between')) + para('end');
  return makeDocx({ body, settings, styles: WORD_DEFAULT_STYLES });
}

/** EMF and WMF pictures cutting `n` rectangles out of the clip before drawing. */
export function clipOutMetafiles(n: number): { emf: Uint8Array; wmf: Uint8Array } {
  const emfCuts: EmfRecord[] = Array.from({ length: n }, (_, i) => emr(29, (b) => b.u32(i % 500, i % 300, (i % 500) + 3, (i % 300) + 2)));
  const wmfCuts: WmfRecord[] = Array.from({ length: n }, (_, i) => wmr(0x0415, [(i % 300) + 2, (i % 500) + 3, i % 300, i % 500]));
  const emf = buildEmf([emr(33), ...emfCuts, emr(43, (b) => b.u32(10, 10, 500, 400)), emr(34, (b) => b.u32(-1)), emr(43, (b) => b.u32(0, 0, 900, 450))]);
  const wmf = buildWmf([...wmfCuts, wmr(0x041b, [400, 300, 10, 10])], [0, 0, 1000, 500]);
  return { emf, wmf };
}

/** The session-19 DOCX seeds, and those of sessions 20, 26, 27 and 28 (scripts/fuzz/feature*-seeds.ts). */
export function featureDocxSeeds(): { name: string; bytes: Uint8Array }[] {
  return [{ name: 'own-charts19.docx', bytes: chartSeed() }, { name: 'own-math19.docx', bytes: mathSeed() }, ...feature20DocxSeeds(), ...feature26DocxSeeds(), ...feature27DocxSeeds(), ...feature28DocxSeeds()];
}
