import { describe, expect, it, vi } from 'vitest';
import type { ChartModel } from '../model';
import { OFFICE_THEME, WORD_DEFAULT_STYLES } from '../../tests/helpers/make-docx';
import { chartPart, inlineChart, type TestChart } from '../../tests/helpers/make-chart';
import { parseFixture, parseWithWarnings } from './test-util';

const CATS = ['A', 'B', 'C'];

function readChart(c: TestChart): ChartModel {
  const doc = parseFixture({ styles: WORD_DEFAULT_STYLES, theme: OFFICE_THEME, body: `<w:p>${inlineChart('rIdC')}</w:p>`, parts: { rIdC: chartPart(c) } });
  const charts = Object.values(doc.charts);
  expect(charts).toHaveLength(1);
  return charts[0]!;
}

describe('readChartPart', () => {
  it('reads plot type, grouping, series caches, title, legend and axes', () => {
    const m = readChart({
      kind: 'barChart', barDir: 'bar', grouping: 'stacked', categories: CATS, title: 'Totals', legendPos: 't',
      series: [{ name: 'S1', values: [1, null, 3] }], plotExtra: '<c:gapWidth val="80"/><c:overlap val="100"/>',
      valAxExtra: '',
    });
    const plot = m.plots[0]!;
    expect(plot).toMatchObject({ type: 'bar', grouping: 'stacked', gapWidthPct: 80, overlapPct: 100, axisIds: ['1', '2'], source: 'c:barChart' });
    expect(plot.series[0]).toMatchObject({ name: 'S1', categories: CATS, values: [1, null, 3] });
    expect(m.title).toBe('Totals');
    expect(m.legend?.position).toBe('top');
    expect(m.axes.map((a) => [a.kind, a.position, a.id, a.crossAxisId, a.crosses])).toEqual([
      ['category', 'left', '1', '2', 'autoZero'],
      ['value', 'bottom', '2', '1', 'autoZero'],
    ]);
    expect(m.textStyle?.sizePt).toBe(10);
  });

  it('reads a rich title\'s run properties over its paragraph defaults (an empty a:defRPr hid the run\'s red)', () => {
    const rich = (defRPr: string) =>
      `<c:title><c:tx><c:rich><a:bodyPr/><a:p><a:pPr>${defRPr}</a:pPr><a:r><a:rPr lang="en-US" sz="1800"><a:solidFill><a:srgbClr val="FF0000"/></a:solidFill></a:rPr>` +
      '<a:t>fruit</a:t></a:r></a:p></c:rich></c:tx></c:title>';
    const base = { kind: 'barChart', barDir: 'col', grouping: 'clustered', categories: CATS, series: [{ name: 'S1', values: [1, 2, 3] }] } as const;
    expect(readChart({ ...base, chartExtra: rich('<a:defRPr/>') }).titleStyle).toEqual({ sizePt: 18, color: 'FF0000' });
    expect(readChart({ ...base, chartExtra: rich('<a:defRPr sz="1400" b="1" i="1"/>') }).titleStyle).toEqual({ sizePt: 18, bold: true, italic: true, color: 'FF0000' });
  });

  it('cycles the theme accents for series without a fill, then varies them past six series as Office does', () => {
    const series = Array.from({ length: 8 }, (_v, i) => ({ name: `S${i + 1}`, values: [1, 2, 3] }));
    const m = readChart({ kind: 'barChart', barDir: 'col', grouping: 'clustered', categories: CATS, series });
    const colors = m.plots[0]!.series.map((s) => s.color);
    expect(colors.slice(0, 6)).toEqual(['4472C4', 'ED7D31', 'A5A5A5', 'FFC000', '5B9BD5', '70AD47']);
    // Series 7 and 8: accent1 and accent2 at 60 % luminance (darker, same hue).
    expect(colors[6]).not.toBe('4472C4');
    const lum = (hex: string) => parseInt(hex.slice(0, 2), 16) + parseInt(hex.slice(2, 4), 16) + parseInt(hex.slice(4, 6), 16);
    expect(lum(colors[6]!)).toBeLessThan(lum('4472C4'));
    expect(lum(colors[7]!)).toBeLessThan(lum('ED7D31'));
  });

  it('reads explicit scheme colours with lumMod/lumOff, markers, smooth lines and data labels', () => {
    const spPr = '<c:spPr><a:ln w="28575"><a:solidFill><a:schemeClr val="accent2"><a:lumMod val="75000"/></a:schemeClr></a:solidFill></a:ln></c:spPr>';
    const m = readChart({
      kind: 'lineChart', grouping: 'standard', categories: CATS,
      series: [{ name: 'L', values: [1, 2, 3], extra: `${spPr}<c:marker><c:symbol val="diamond"/><c:size val="7"/></c:marker><c:dLbls><c:numFmt formatCode="0.0" sourceLinked="0"/><c:showLegendKey val="0"/><c:showVal val="1"/><c:showCatName val="0"/><c:showSerName val="0"/><c:showPercent val="0"/><c:dLblPos val="t"/></c:dLbls><c:smooth val="1"/>` }],
    });
    const s = m.plots[0]!.series[0]!;
    expect(s.lineColor).toBe(s.color);
    expect(s.color).not.toBe('ED7D31');
    expect(s.lineWidthPt).toBeCloseTo(2.25, 6);
    expect(s).toMatchObject({ marker: true, markerSymbol: 'diamond', markerSizePt: 7 });
    expect(s.labels).toMatchObject({ showValue: true, showPercent: false, position: 't', formatCode: '0.0' });
  });

  it('reads pie and doughnut options: varyColors per point, hole size, first slice angle', () => {
    const m = readChart({ kind: 'doughnutChart', categories: CATS, series: [{ name: 'D', values: [1, 2, 3] }], plotExtra: '<c:firstSliceAng val="90"/><c:holeSize val="60"/>' });
    const plot = m.plots[0]!;
    expect(plot).toMatchObject({ type: 'doughnut', holeSizePct: 60, firstSliceDeg: 90, varyColors: true });
    expect(plot.series[0]!.pointColors).toEqual(['4472C4', 'ED7D31', 'A5A5A5']);
  });

  it('reads the radar style, bubble sizes and scaling, pie-of-pie splits and the 3-D view', () => {
    const radar = readChart({ kind: 'radarChart', categories: CATS, series: [{ name: 'R', values: [1, 2, 3] }], plotExtra: '<c:radarStyle val="filled"/>' });
    expect(radar.plots[0]).toMatchObject({ type: 'radar', radarStyle: 'filled' });
    const sizes = '<c:bubbleSize><c:numLit><c:ptCount val="3"/><c:pt idx="0"><c:v>4</c:v></c:pt><c:pt idx="2"><c:v>9</c:v></c:pt></c:numLit></c:bubbleSize>';
    const fill = '<c:spPr><a:solidFill><a:srgbClr val="112233"/></a:solidFill><a:ln><a:solidFill><a:srgbClr val="445566"/></a:solidFill></a:ln></c:spPr>';
    const bubble = readChart({ kind: 'bubbleChart', series: [{ name: 'B', values: [1, 2, 3], x: [1, 2, 3], extra: fill + sizes }], plotExtra: '<c:bubbleScale val="50"/><c:showNegBubbles val="1"/><c:sizeRepresents val="w"/>' });
    expect(bubble.plots[0]).toMatchObject({ type: 'scatter', bubbles: { scalePct: 50, sizeRepresents: 'w', showNegative: true } });
    // A bubble's colour is its fill, not its outline.
    expect(bubble.plots[0]!.series[0]).toMatchObject({ bubbleSizes: [4, null, 9], color: '112233', lineColor: '445566' });
    const split = '<c:ofPieType val="bar"/><c:splitType val="cust"/><c:custSplit><c:secondPiePt val="1"/><c:secondPiePt val="2"/></c:custSplit><c:secondPieSize val="50"/><c:serLines/>';
    const ofPie = readChart({ kind: 'ofPieChart', categories: CATS, series: [{ name: 'P', values: [1, 2, 3] }], plotExtra: split });
    expect(ofPie.plots[0]).toMatchObject({ type: 'pie', ofPie: { kind: 'bar', splitType: 'cust', custSplit: [1, 2], secondSizePct: 50, serLines: {}, otherColor: 'FFC000' } });
    const view = '<c:view3D><c:rotX val="30"/><c:depthPercent val="250"/><c:rAngAx val="0"/></c:view3D>';
    const bar3d = readChart({ kind: 'bar3DChart', barDir: 'col', grouping: 'clustered', categories: CATS, series: [{ name: 'S', values: [1, 2, 3] }], chartExtra: view, plotExtra: '<c:gapDepth val="40"/>' });
    expect(bar3d.plots[0]).toMatchObject({ type: 'column', gapDepthPct: 40, view3D: { rotXDeg: 30, rotYDeg: 20, depthPct: 250, rightAngleAxes: false } });
    const rows = readChart({ kind: 'bar3DChart', barDir: 'col', grouping: 'standard', categories: CATS, series: [{ name: 'S', values: [1, 2, 3] }] });
    expect(rows.plots[0]!.grouping).toBe('standard');
    expect(readChart({ kind: 'barChart', barDir: 'col', grouping: 'standard', categories: CATS, series: [{ name: 'S', values: [1] }] }).plots[0]!.grouping).toBe('clustered');
    const area3d = readChart({ kind: 'area3DChart', grouping: 'standard', categories: CATS, series: [{ name: 'S', values: [1, 2, 3] }] });
    expect(area3d.plots[0]!.view3D).toEqual({ rotXDeg: 15, rotYDeg: 20, depthPct: 100, rightAngleAxes: true });
  });

  it('reads stock charts: high-low lines and up/down bars with their gap width and fills (white and black by default)', () => {
    const noLine = '<c:spPr><a:ln w="28575"><a:noFill/></a:ln></c:spPr><c:marker><c:symbol val="none"/></c:marker>';
    const series = ['Open', 'High', 'Low', 'Close'].map((name, i) => ({ name, values: [10 + i, 20 + i, 30 + i], extra: noLine }));
    const hiLow = '<c:hiLowLines><c:spPr><a:ln w="9525"><a:solidFill><a:srgbClr val="123456"/></a:solidFill></a:ln></c:spPr></c:hiLowLines>';
    const bars = '<c:upDownBars><c:gapWidth val="60"/><c:upBars><c:spPr><a:solidFill><a:srgbClr val="00FF00"/></a:solidFill></c:spPr></c:upBars><c:downBars/></c:upDownBars>';
    const m = readChart({ kind: 'stockChart', categories: CATS, series, plotExtra: hiLow + bars });
    const plot = m.plots[0]!;
    expect(plot).toMatchObject({ type: 'line', source: 'c:stockChart' });
    expect(plot.stock).toBe(true);
    expect(plot.lineDecor).toEqual({ hiLowLines: { color: '123456', widthPt: 0.75 }, upDownBars: { gapWidthPct: 60, up: { fill: '00FF00' }, down: { fill: '000000' } } });
    expect(plot.series.map((s) => [s.noLine, s.marker])).toEqual([[true, false], [true, false], [true, false], [true, false]]);
    const bare = readChart({ kind: 'stockChart', categories: CATS, series, plotExtra: '<c:upDownBars/>' });
    expect(bare.plots[0]!.lineDecor).toEqual({ upDownBars: { gapWidthPct: 150, up: { fill: 'FFFFFF' }, down: { fill: '000000' } } });
  });

  it('reads per-point explosions (c:dPt/c:explosion) beside the series explosion', () => {
    const dPt = (i: number, pct: number) => `<c:dPt><c:idx val="${i}"/><c:bubble3D val="0"/><c:explosion val="${pct}"/></c:dPt>`;
    const m = readChart({ kind: 'pieChart', categories: CATS, series: [{ name: 'P', values: [1, 2, 3], extra: `<c:explosion val="12"/>${dPt(1, 30)}${dPt(2, 900)}${dPt(7, 5)}<c:dPt><c:idx val="0"/></c:dPt>` }] });
    expect(m.plots[0]!.series[0]).toMatchObject({ explosionPct: 12, pointExplosionPct: { 1: 30, 2: 400 } });
    expect(Object.keys(m.plots[0]!.series[0]!.pointExplosionPct!)).toEqual(['1', '2']);
  });

  it('colours series without a fill by the chart style (c:style, c14:style): greys, accents, or one accent faded', () => {
    const styled = (style: string, extra = '') => {
      const series = [0, 1, 2].map((i) => ({ name: `S${i}`, values: [1, 2, 3], ...(i === 1 ? { extra } : {}) }));
      const part = chartPart({ kind: 'barChart', barDir: 'col', grouping: 'clustered', categories: CATS, series });
      const data = (part.data as string).replace('<c:roundedCorners val="0"/>', `<c:roundedCorners val="0"/>${style}`);
      const doc = parseFixture({ styles: WORD_DEFAULT_STYLES, theme: OFFICE_THEME, body: `<w:p>${inlineChart('rIdC')}</w:p>`, parts: { rIdC: { ...part, data } } });
      return Object.values(doc.charts)[0]!.plots[0]!.series.map((s) => s.color);
    };
    // Style 3 (and 11, its row below): accent1 shaded 35 %, pure, tinted 35 % (in linear light).
    expect(styled('<c:style val="3"/>')).toEqual(['385FA3', '4472C4', 'A8B5DB']);
    expect(styled('<c:style val="11"/>')).toEqual(styled('<c:style val="3"/>'));
    // Style 8: accent6; style 1: dk1 tinted 88.5 %, 55 %, 78 %; style 2: the accents.
    expect(styled('<c:style val="8"/>')[1]).toBe('70AD47');
    expect(styled('<c:style val="1"/>')).toEqual(['646464', 'B4B4B4', '848484']);
    expect(styled('<c:style val="2"/>')).toEqual(['4472C4', 'ED7D31', 'A5A5A5']);
    // Word 2010 writes c14:style (100 + style) with c:style as the fallback; the choice wins.
    const alt = (c14: number, c: number) => `<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice Requires="c14" xmlns:c14="http://schemas.microsoft.com/office/drawing/2007/8/2/chart"><c14:style val="${c14}"/></mc:Choice><mc:Fallback><c:style val="${c}"/></mc:Fallback></mc:AlternateContent>`;
    expect(styled(alt(103, 2))).toEqual(styled('<c:style val="3"/>'));
    expect(styled(alt(102, 3))).toEqual(styled('<c:style val="2"/>'));
    // A series with its own fill keeps it; the others still fade over all three.
    expect(styled('<c:style val="3"/>', '<c:spPr><a:solidFill><a:srgbClr val="FF0000"/></a:solidFill></c:spPr>')).toEqual(['385FA3', 'FF0000', 'A8B5DB']);
  });

  it('colours the points of varyColors pies by the chart style, as it colours bar series (c:dPt fills still win)', () => {
    const pie = (style: string, kind = 'pieChart', extra = '') => {
      const part = chartPart({ kind, categories: CATS, series: [{ name: 'P', values: [1, 2, 3], extra }], ...(kind === 'ofPieChart' ? { plotExtra: '<c:ofPieType val="pie"/>' } : {}) });
      const data = (part.data as string).replace('<c:roundedCorners val="0"/>', `<c:roundedCorners val="0"/>${style}`).replace('<c:varyColors val="0"/>', '<c:varyColors val="1"/>');
      const doc = parseFixture({ styles: WORD_DEFAULT_STYLES, theme: OFFICE_THEME, body: `<w:p>${inlineChart('rIdC')}</w:p>`, parts: { rIdC: { ...part, data } } });
      return Object.values(doc.charts)[0]!.plots[0]!;
    };
    // Style 3: accent1 from shaded to tinted across the three slices; style 2 and no style: the accents.
    expect(pie('<c:style val="3"/>').series[0]!.pointColors).toEqual(['385FA3', '4472C4', 'A8B5DB']);
    expect(pie('<c:style val="1"/>').series[0]!.pointColors).toEqual(['646464', 'B4B4B4', '848484']);
    expect(pie('<c:style val="2"/>').series[0]!.pointColors).toEqual(['4472C4', 'ED7D31', 'A5A5A5']);
    expect(pie('').series[0]!.pointColors).toEqual(['4472C4', 'ED7D31', 'A5A5A5']);
    const dPt = '<c:dPt><c:idx val="1"/><c:spPr><a:solidFill><a:srgbClr val="FF0000"/></a:solidFill></c:spPr></c:dPt>';
    expect(pie('<c:style val="3"/>', 'doughnutChart', dPt).series[0]!.pointColors).toEqual(['385FA3', 'FF0000', 'A8B5DB']);
    // A pie-of-pie's "Other" slice takes the style's next colour.
    expect([pie('<c:style val="3"/>', 'ofPieChart').ofPie?.otherColor, pie('', 'ofPieChart').ofPie?.otherColor]).toEqual(['B4BEDF', 'FFC000']);
  });

  it('fades chart style colours without Math.pow (deterministic across engines), to the same colours', () => {
    const pow = vi.spyOn(Math, 'pow');
    try {
      const series = [0, 1, 2, 3].map((i) => ({ name: `S${i}`, values: [1, 2, 3] }));
      const part = chartPart({ kind: 'barChart', barDir: 'col', grouping: 'clustered', categories: CATS, series });
      const data = (part.data as string).replace('<c:roundedCorners val="0"/>', '<c:roundedCorners val="0"/><c:style val="4"/>');
      const doc = parseFixture({ styles: WORD_DEFAULT_STYLES, theme: OFFICE_THEME, body: `<w:p>${inlineChart('rIdC')}</w:p>`, parts: { rIdC: { ...part, data } } });
      expect(Object.values(doc.charts)[0]!.plots[0]!.series.map((s) => s.color)).toEqual(['BB6327', 'DE752E', 'F09973', 'F5C2B1']);
      expect(pow).not.toHaveBeenCalled();
    } finally {
      pow.mockRestore();
    }
  });

  it('reads manual layouts, axis scaling, orientation, number formats and crossings', () => {
    const layout = '<c:layout><c:manualLayout><c:layoutTarget val="inner"/><c:xMode val="edge"/><c:yMode val="edge"/><c:x val="0.1"/><c:y val="0.2"/><c:w val="0.7"/><c:h val="0.6"/></c:manualLayout></c:layout>';
    const m = readChart({
      kind: 'barChart', barDir: 'col', grouping: 'clustered', categories: CATS, series: [{ name: 'S', values: [1, 2, 3] }], plotAreaLayout: layout,
      axes:
        '<c:catAx><c:axId val="1"/><c:scaling><c:orientation val="maxMin"/></c:scaling><c:delete val="0"/><c:axPos val="b"/><c:crossAx val="2"/><c:crosses val="max"/></c:catAx>' +
        '<c:valAx><c:axId val="2"/><c:scaling><c:orientation val="minMax"/><c:max val="10"/><c:min val="-5"/></c:scaling><c:delete val="0"/><c:axPos val="l"/>' +
        '<c:title><c:tx><c:rich><a:bodyPr rot="0" vert="horz"/><a:p><a:r><a:t>Units</a:t></a:r></a:p></c:rich></c:tx></c:title>' +
        '<c:numFmt formatCode="#,##0" sourceLinked="0"/><c:majorTickMark val="out"/><c:tickLblPos val="low"/><c:crossAx val="1"/><c:crossesAt val="2.5"/><c:crossBetween val="midCat"/><c:majorUnit val="2.5"/></c:valAx>',
    });
    expect(m.plotLayout).toEqual({ x: 0.1, y: 0.2, w: 0.7, h: 0.6, inner: true });
    const [cat, val] = m.axes;
    expect(cat).toMatchObject({ reversed: true, crosses: 'max' });
    expect(val).toMatchObject({ min: -5, max: 10, majorUnit: 2.5, formatCode: '#,##0', crosses: 2.5, tickLabels: 'low', crossBetween: 'midCat', title: 'Units', titleHorizontal: true });
  });

  it('resolves the chart font through the theme: +mj-lt is the major face, +mn-lt and script slots the minor', () => {
    const fontOf = (typeface: string) => {
      const c: TestChart = { kind: 'lineChart', grouping: 'standard', series: [{ name: 'S', values: [1] }] };
      const data = (chartPart(c).data as string).replace('<a:defRPr sz="1000"/>', `<a:defRPr sz="1000"><a:latin typeface="${typeface}"/></a:defRPr>`);
      const doc = parseFixture({ styles: WORD_DEFAULT_STYLES, theme: OFFICE_THEME, body: `<w:p>${inlineChart('rIdC')}</w:p>`, parts: { rIdC: { ...chartPart(c), data } } });
      return Object.values(doc.charts)[0]!.font;
    };
    expect(fontOf('+mj-lt')).toBe('Calibri Light');
    expect(fontOf('+mn-lt')).toBe('Calibri');
    expect(fontOf('+mn-ea')).toBe('Calibri');
    expect(fontOf('Georgia')).toBe('Georgia');
    expect(fontOf('')).toBe('Calibri');
  });

  it('keeps hostile caches bounded and drops non-numbers', () => {
    const values = ['1', 'NaN', 'abc', '1e999', '4'];
    const pts = values.map((v, i) => `<c:pt idx="${i}"><c:v>${v}</c:v></c:pt>`).join('') + '<c:pt idx="99999999"><c:v>5</c:v></c:pt><c:pt idx="-3"><c:v>5</c:v></c:pt>';
    const c: TestChart = { kind: 'lineChart', grouping: 'standard', series: [{ name: 'H', values: [] }] };
    const doc = parseFixture({
      styles: WORD_DEFAULT_STYLES, theme: OFFICE_THEME, body: `<w:p>${inlineChart('rIdC')}</w:p>`,
      parts: { rIdC: { ...chartPart(c), data: (chartPart(c).data as string).replace(/<c:ptCount val="0"\/>/, `<c:ptCount val="2000000000"/>${pts}`) } },
    });
    const s = Object.values(doc.charts)[0]!.plots[0]!.series[0]!;
    expect(s.values.length).toBeLessThanOrEqual(100_000);
    expect(s.values.slice(0, 5)).toEqual([1, null, null, null, 4]);
  });

  it('reads display units (c:dispUnits): built-in units with Excel\'s label, custom units, and the label only when c:dispUnitsLbl is there', () => {
    const axis = (valAxExtra: string) => readChart({ kind: 'barChart', barDir: 'col', grouping: 'clustered', categories: CATS, series: [{ name: 'S', values: [1000, 2000, 3000] }], valAxExtra }).axes.find((a) => a.kind === 'value')!;
    expect(axis('<c:dispUnits><c:builtInUnit val="thousands"/><c:dispUnitsLbl/></c:dispUnits>')).toMatchObject({ displayUnit: 1000, displayUnitLabel: 'Thousands' });
    const custom = axis('<c:dispUnits><c:custUnit val="250"/></c:dispUnits>');
    expect(custom.displayUnit).toBe(250);
    expect(custom.displayUnitLabel).toBeUndefined();
    const own = axis('<c:dispUnits><c:builtInUnit val="millions"/><c:dispUnitsLbl><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>in Mio.</a:t></a:r></a:p></c:rich></c:tx></c:dispUnitsLbl></c:dispUnits>');
    expect(own).toMatchObject({ displayUnit: 1e6, displayUnitLabel: 'in Mio.' });
    expect(axis('<c:dispUnits><c:custUnit val="-3"/></c:dispUnits>').displayUnit).toBeUndefined();
  });

  it('reads trendlines of every kind with their period, order, forecasts, intercept and line', () => {
    const trend = '<c:trendline><c:spPr><a:ln w="25400"><a:solidFill><a:srgbClr val="00FF00"/></a:solidFill><a:prstDash val="dash"/></a:ln></c:spPr><c:trendlineType val="linear"/><c:forward val="1.5"/><c:intercept val="2"/></c:trendline>' +
      '<c:trendline><c:trendlineType val="movingAvg"/><c:period val="3"/></c:trendline><c:trendline><c:trendlineType val="exp"/><c:backward val="0.5"/></c:trendline>' +
      '<c:trendline><c:trendlineType val="poly"/><c:order val="9"/><c:dispRSqr val="1"/><c:dispEq val="1"/><c:trendlineLbl><c:numFmt formatCode="0.00" sourceLinked="0"/></c:trendlineLbl></c:trendline><c:trendline><c:trendlineType val="poly"/><c:dispRSqr val="0"/><c:dispEq val="0"/></c:trendline>' +
      '<c:trendline><c:trendlineType val="log"/></c:trendline><c:trendline><c:trendlineType val="power"/></c:trendline><c:trendline><c:trendlineType val="cubic"/></c:trendline>';
    const m = readChart({ kind: 'lineChart', grouping: 'standard', categories: CATS, series: [{ name: 'S', values: [1, 2, 3], extra: trend }] });
    expect(m.plots[0]!.series[0]!.trendlines).toEqual([
      { kind: 'linear', forward: 1.5, intercept: 2, line: { color: '00FF00', widthPt: 2 }, dashPreset: 'dash' },
      { kind: 'movingAvg', period: 3 },
      { kind: 'exp', backward: 0.5 },
      { kind: 'poly', order: 6, showEquation: true, showRSquared: true, labelFormat: '0.00' },
      { kind: 'poly', order: 2 },
      { kind: 'log' },
      { kind: 'power' },
    ]);
  });

  it('reads error bars: direction, type, amount (Excel\'s default when c:val is absent), custom caches, end caps and line', () => {
    const err = '<c:errBars><c:errDir val="y"/><c:errBarType val="plus"/><c:errValType val="percentage"/><c:noEndCap val="1"/><c:val val="7.5"/>' +
      '<c:spPr><a:ln w="12700"><a:solidFill><a:srgbClr val="00FF00"/></a:solidFill></a:ln></c:spPr></c:errBars>';
    const line = readChart({ kind: 'lineChart', grouping: 'standard', categories: CATS, series: [{ name: 'S', values: [1, 2, 3], extra: err }] });
    expect(line.plots[0]!.series[0]!.errorBars).toEqual([{ direction: 'y', barType: 'plus', valueType: 'percentage', value: 7.5, noEndCap: true, line: { color: '00FF00', widthPt: 1 } }]);
    const cust = '<c:errBars><c:errDir val="x"/><c:errBarType val="both"/><c:errValType val="cust"/><c:noEndCap val="0"/>' +
      '<c:plus><c:numLit><c:ptCount val="2"/><c:pt idx="0"><c:v>0.5</c:v></c:pt><c:pt idx="1"><c:v>1</c:v></c:pt></c:numLit></c:plus>' +
      '<c:minus><c:numRef><c:f>Sheet1!$D$2</c:f><c:numCache><c:ptCount val="1"/><c:pt idx="0"><c:v>2</c:v></c:pt></c:numCache></c:numRef></c:minus></c:errBars>' +
      '<c:errBars><c:errBarType val="minus"/><c:errValType val="stdDev"/></c:errBars>';
    const bars = readChart({ kind: 'lineChart', grouping: 'standard', categories: CATS, series: [{ name: 'S', values: [1, 2, 3], extra: cust }] });
    // Only scatter series have x bars: a line series' c:errDir x reads as y, and the second y set is dropped.
    expect(bars.plots[0]!.series[0]!.errorBars).toEqual([{ direction: 'y', barType: 'both', valueType: 'cust', value: 0, plus: [0.5, 1], minus: [2] }]);
  });

  it('reads drop lines, high-low lines and up/down bars of a line chart, and drop lines of an area chart', () => {
    const extra = '<c:dropLines/><c:hiLowLines><c:spPr><a:ln w="19050"><a:solidFill><a:srgbClr val="00FF00"/></a:solidFill></a:ln></c:spPr></c:hiLowLines>' +
      '<c:upDownBars><c:gapWidth val="80"/><c:upBars><c:spPr><a:solidFill><a:srgbClr val="FF0000"/></a:solidFill></c:spPr></c:upBars><c:downBars/></c:upDownBars>';
    const series = [{ name: 'S', values: [1, 2, 3] }, { name: 'T', values: [3, 2, 1] }];
    const line = readChart({ kind: 'lineChart', grouping: 'standard', categories: CATS, series, plotExtra: extra });
    expect(line.plots[0]!.lineDecor).toEqual({
      dropLines: {}, hiLowLines: { color: '00FF00', widthPt: 1.5 },
      upDownBars: { gapWidthPct: 80, up: { fill: 'FF0000' }, down: { fill: '000000' } },
    });
    const area = readChart({ kind: 'areaChart', grouping: 'standard', categories: CATS, series, plotExtra: '<c:dropLines/>' });
    expect(area.plots[0]!.lineDecor).toEqual({ dropLines: {} });
    expect(readChart({ kind: 'lineChart', grouping: 'standard', categories: CATS, series }).plots[0]!.lineDecor).toBeUndefined();
  });

  it('warns for none of the parts it draws (data table, trendlines, error bars, log axis), and names drop lines of a stock chart', () => {
    const warningsOf = (c: TestChart, edit = (xml: string) => xml) => {
      const part = chartPart(c);
      const r = parseWithWarnings({ styles: WORD_DEFAULT_STYLES, theme: OFFICE_THEME, body: `<w:p>${inlineChart('rIdC')}</w:p>`, parts: { rIdC: { ...part, data: edit(part.data as string) } } });
      if (!r.ok) throw new Error('parse failed');
      return { found: r.warnings.filter((w) => w.code === 'docx/chart-unsupported'), chart: Object.values(r.value.charts)[0]! };
    };
    const plain: TestChart = { kind: 'barChart', barDir: 'col', grouping: 'clustered', categories: CATS, series: [{ name: 'S', values: [1, 2, 3] }] };
    expect(warningsOf(plain).found).toEqual([]);
    const trend = '<c:trendline><c:trendlineType val="poly"/><c:order val="2"/></c:trendline><c:errBars><c:errDir val="y"/><c:errBarType val="both"/><c:errValType val="percentage"/><c:val val="5"/></c:errBars>';
    const rich: TestChart = { ...plain, series: [{ name: 'S', values: [1, 2, 3], extra: trend }] };
    const table = '<c:dTable><c:showHorzBorder val="1"/><c:showVertBorder/><c:showOutline val="0"/><c:txPr><a:bodyPr/><a:p><a:pPr><a:defRPr sz="800"/></a:pPr></a:p></c:txPr>' +
      '<c:spPr><a:ln><a:solidFill><a:srgbClr val="00FF00"/></a:solidFill></a:ln></c:spPr></c:dTable>';
    const { found, chart } = warningsOf(rich, (xml) => xml
      .replace('<c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="l"/>', '<c:logBase val="10"/><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="l"/>')
      .replace('</c:plotArea>', `${table}</c:plotArea>`));
    expect(found).toEqual([]);
    expect(chart.axes.find((a) => a.kind === 'value')?.logBase).toBe(10);
    expect(chart.dataTable).toEqual({ horzBorder: true, vertBorder: true, outline: false, keys: false, style: { sizePt: 8 }, line: { color: '00FF00' } });
    const stock: TestChart = { kind: 'stockChart', categories: CATS, series: [{ name: 'S', values: [1, 2, 3] }, { name: 'T', values: [1, 2, 3] }], plotExtra: '<c:dropLines/>' } as TestChart;
    const stockRead = warningsOf(stock);
    expect(stockRead.found).toHaveLength(1);
    expect(stockRead.found[0]!.message).toContain('c:dropLines');
    // Warned, so not drawn: a stock plot's drop lines are not among its decorations.
    expect(stockRead.chart.plots[0]!.lineDecor).toBeUndefined();
  });

  it('bounds the points read from one part (1,000,000) and says so', () => {
    const series = Array.from({ length: 25 }, (_v, i) => ({ name: `S${i}`, values: [1] }));
    const c: TestChart = { kind: 'lineChart', grouping: 'standard', series };
    const data = (chartPart(c).data as string).replace(/<c:ptCount val="1"\/><c:pt idx="0"><c:v>1<\/c:v><\/c:pt>/g, '<c:ptCount val="100000"/><c:pt idx="99999"><c:v>7</c:v></c:pt>');
    const r = parseWithWarnings({ styles: WORD_DEFAULT_STYLES, theme: OFFICE_THEME, body: `<w:p>${inlineChart('rIdC')}</w:p>`, parts: { rIdC: { ...chartPart(c), data } } });
    if (!r.ok) throw new Error('parse failed');
    const chart = Object.values(r.value.charts)[0]!;
    const total = chart.plots[0]!.series.reduce((a, s) => a + s.values.length + s.categories.length, 0);
    expect(total).toBeLessThanOrEqual(1_000_000 + 100_000);
    expect(chart.plots[0]!.series[0]!.values[99_999]).toBe(7);
    expect(r.warnings.some((w) => w.code === 'docx/chart-limit')).toBe(true);
  });
});
