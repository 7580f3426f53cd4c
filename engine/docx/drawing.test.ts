import { describe, expect, it } from 'vitest';
import type { ChartInline, ImageInline, Inline, Paragraph, PathCommand, ShapeInline } from '../model';
import { OFFICE_THEME, para, WORD_DEFAULT_STYLES } from '../../tests/helpers/make-docx';
import { bodyParagraphs, parseFixture, parseWithWarnings, plainText } from './test-util';

/** A 1×1 PNG. */
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4,
  0x89, 0, 0, 0, 13, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x1f, 0, 5, 0, 1, 0xff, 0x89, 0x99, 0x3d, 0x1d, 0, 0, 0, 0,
  0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
]);
const media = { rIdImg: { name: 'image1.png', data: PNG } };

const graphic = (uri: string, inner: string) => `<a:graphic><a:graphicData uri="${uri}">${inner}</a:graphicData></a:graphic>`;
const pic = (extra = '') => graphic('http://schemas.openxmlformats.org/drawingml/2006/picture',
  `<pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="p"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdImg"/>${extra}<a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
  '<pic:spPr><a:xfrm rot="5400000" flipH="1"><a:off x="0" y="0"/><a:ext cx="1270000" cy="635000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>');
const inline = (g: string) => `<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="1270000" cy="635000"/><wp:docPr id="1" name="Picture 1" descr="A chart" title="T"/>${g}</wp:inline></w:drawing></w:r></w:p>`;
const anchor = (g: string, pos: string, wrap = '<wp:wrapSquare wrapText="bothSides"/>', attrs = 'behindDoc="0"') =>
  `<w:p><w:r><w:drawing><wp:anchor distT="12700" distB="25400" distL="114300" distR="114300" simplePos="0" relativeHeight="251659264" ${attrs} locked="0" layoutInCell="1" allowOverlap="1">` +
  `<wp:simplePos x="0" y="0"/>${pos}<wp:extent cx="2540000" cy="1270000"/><wp:effectExtent l="0" t="0" r="0" b="0"/>${wrap}<wp:docPr id="2" name="Shape 2"/>${g}</wp:anchor></w:drawing></w:r></w:p>`;
const inlinesOf = (p: Paragraph) => p.inlines.filter((i) => i.kind !== 'text');
const first = <T extends Inline>(doc: ReturnType<typeof parseFixture>, i = 0) => inlinesOf(bodyParagraphs(doc)[i]!)[0] as T;

describe('drawings', () => {
  it('reads inline pictures with crop, rotation, flips and alt text, and collects the media', () => {
    const doc = parseFixture({ body: inline(pic('<a:srcRect l="10000" t="0" r="25000" b="5000"/>')), media });
    const img = first<ImageInline>(doc);
    expect(img).toMatchObject({ kind: 'image', media: 'word/media/image1.png', widthPt: 100, heightPt: 50, rotationDeg: 90, flipH: true, alt: 'A chart', title: 'T' });
    expect(img.crop).toEqual({ left: 0.1, top: 0, right: 0.25, bottom: 0.05 });
    expect(img.anchor).toBeUndefined();
    expect(doc.media['word/media/image1.png']).toEqual({ contentType: 'image/png', data: PNG });
  });

  it('reads floating placement: alignment, offsets, percentage offsets, wrapping and distances', () => {
    const pos = '<wp:positionH relativeFrom="margin"><wp:align>center</wp:align></wp:positionH><wp:positionV relativeFrom="paragraph"><wp:posOffset>127000</wp:posOffset></wp:positionV>';
    const img = first<ImageInline>(parseFixture({ body: anchor(pic(), pos), media }));
    expect(img.anchor).toEqual({
      horizontal: { relativeTo: 'margin', align: 'center' }, vertical: { relativeTo: 'paragraph', offsetPt: 10 },
      wrap: 'square', wrapSide: 'both', distancePt: { top: 1, bottom: 2, left: 9, right: 9 }, behindText: false, allowOverlap: true, layoutInCell: true, zIndex: 251659264,
    });
    const pct = '<wp:positionH relativeFrom="page"><wp14:pctPosHOffset>25000</wp14:pctPosHOffset></wp:positionH><wp:positionV relativeFrom="topMargin"><wp:align>bottom</wp:align></wp:positionV>';
    const behind = first<ImageInline>(parseFixture({ body: anchor(pic(), pct, '<wp:wrapNone/>', 'behindDoc="1"'), media }));
    expect(behind.anchor).toMatchObject({ horizontal: { relativeTo: 'page', offsetPct: 0.25 }, vertical: { relativeTo: 'topMargin', align: 'bottom' }, wrap: 'none', behindText: true });
  });

  it('reads shapes with preset geometry, theme colours, outline and a text box', () => {
    const wsp = '<wps:wsp><wps:cNvSpPr/><wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="2540000" cy="1270000"/></a:xfrm><a:prstGeom prst="roundRect"><a:avLst><a:gd name="adj" fmla="val 10000"/></a:avLst></a:prstGeom>' +
      '<a:solidFill><a:schemeClr val="accent1"><a:lumMod val="75000"/></a:schemeClr></a:solidFill><a:ln w="25400"><a:solidFill><a:srgbClr val="FF0000"/></a:solidFill><a:prstDash val="dash"/><a:tailEnd type="triangle"/></a:ln></wps:spPr>' +
      `<wps:txbx><w:txbxContent>${para('In the box')}</w:txbxContent></wps:txbx><wps:bodyPr lIns="0" tIns="12700" rIns="0" bIns="0" anchor="ctr"><a:spAutoFit/></wps:bodyPr></wps:wsp>`;
    const pos = '<wp:positionH relativeFrom="column"><wp:posOffset>0</wp:posOffset></wp:positionH><wp:positionV relativeFrom="line"><wp:posOffset>0</wp:posOffset></wp:positionV>';
    const shape = first<ShapeInline>(parseFixture({ body: anchor(graphic('http://schemas.microsoft.com/office/word/2010/wordprocessingShape', wsp), pos), theme: OFFICE_THEME }));
    // lumMod 75% of accent1 (DrawingML), as PowerPoint's "Accent 1, darker 25%".
    expect(shape).toMatchObject({ kind: 'shape', geometry: 'roundRect', widthPt: 200, heightPt: 100, fill: '2F5597' });
    expect(shape.line).toEqual({ widthPt: 2, color: 'FF0000', dash: [8, 6], tailArrow: true });
    expect(shape.paths[0]![0]).toEqual({ op: 'M', x: 10, y: 0 });
    expect(shape.text).toMatchObject({ verticalAlign: 'center', autoFit: true });
    // bodyPr's insets inside roundRect's text rectangle: the corner radius (10 pt) × 0.29289 on each side (§20.1.10.56).
    const ins = shape.text!.insetsPt;
    expect([ins.left, ins.top, ins.right, ins.bottom].map((v) => Math.round(v * 1e4) / 1e4)).toEqual([2.9289, 3.9289, 2.9289, 2.9289]);
    expect(plainText(shape.text!.blocks[0] as Paragraph)).toBe('In the box');
  });

  it('colours a shape\'s text with its style\'s a:fontRef where no style or direct formatting does (Word\'s white text on inserted shapes)', () => {
    const styles = WORD_DEFAULT_STYLES + '<w:style w:type="character" w:styleId="Green"><w:name w:val="Green"/><w:rPr><w:color w:val="00B050"/></w:rPr></w:style>';
    const content = para('plain') + para('red', '', '<w:color w:val="FF0000"/>') + para('green', '', '<w:rStyle w:val="Green"/>');
    const wsp = (fontRef: string) => '<wps:wsp><wps:spPr><a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:solidFill><a:srgbClr val="4472C4"/></a:solidFill></wps:spPr>' +
      `<wps:style><a:lnRef idx="0"><a:scrgbClr r="0" g="0" b="0"/></a:lnRef><a:fillRef idx="0"><a:scrgbClr r="0" g="0" b="0"/></a:fillRef><a:effectRef idx="0"><a:scrgbClr r="0" g="0" b="0"/></a:effectRef>${fontRef}</wps:style>` +
      `<wps:txbx><w:txbxContent>${content}</w:txbxContent></wps:txbx><wps:bodyPr/></wps:wsp>`;
    const colours = (fontRef: string) => {
      const shape = first<ShapeInline>(parseFixture({ body: inline(graphic('http://schemas.microsoft.com/office/word/2010/wordprocessingShape', wsp(fontRef))) + para('body text'), theme: OFFICE_THEME, styles }));
      return shape.text!.blocks.map((b) => ((b as Paragraph).inlines[0] as { props: { color?: string } }).props.color);
    };
    expect(colours('<a:fontRef idx="minor"><a:schemeClr val="lt1"/></a:fontRef>')).toEqual(['FFFFFF', 'FF0000', '00B050']);
    expect(colours('<a:fontRef idx="minor"><a:srgbClr val="FFC000"/></a:fontRef>')).toEqual(['FFC000', 'FF0000', '00B050']);
    expect(colours('<a:fontRef idx="minor"/>')).toEqual([undefined, 'FF0000', '00B050']);
    // The body's own text keeps the automatic colour.
    const doc = parseFixture({ body: inline(graphic('http://schemas.microsoft.com/office/word/2010/wordprocessingShape', wsp('<a:fontRef idx="minor"><a:schemeClr val="lt1"/></a:fontRef>'))) + para('body text'), theme: OFFICE_THEME, styles });
    expect((bodyParagraphs(doc)[1]!.inlines[0] as { props: { color?: string } }).props.color).toBeUndefined();
  });

  it('takes outline and fill from the theme through wps:style references', () => {
    const theme = OFFICE_THEME.replace('<a:fillStyleLst/><a:lnStyleLst/>',
      '<a:fillStyleLst><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:srgbClr val="00FF00"/></a:solidFill></a:fillStyleLst>' +
      '<a:lnStyleLst><a:ln w="6350"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln><a:ln w="12700"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln></a:lnStyleLst>');
    const wsp = '<wps:wsp><wps:spPr><a:prstGeom prst="ellipse"><a:avLst/></a:prstGeom></wps:spPr><wps:style><a:lnRef idx="2"><a:schemeClr val="accent2"/></a:lnRef>' +
      '<a:fillRef idx="1"><a:schemeClr val="accent6"/></a:fillRef><a:effectRef idx="0"><a:scrgbClr r="0" g="0" b="0"/></a:effectRef><a:fontRef idx="minor"><a:schemeClr val="lt1"/></a:fontRef></wps:style><wps:bodyPr/></wps:wsp>';
    const shape = first<ShapeInline>(parseFixture({ body: inline(graphic('http://schemas.microsoft.com/office/word/2010/wordprocessingShape', wsp)), theme }));
    expect(shape.fill).toBe('70AD47');
    expect(shape.line).toEqual({ widthPt: 1, color: 'ED7D31' });
    expect(shape.paths[0]![0]).toMatchObject({ op: 'M', x: 100, y: 25 });
  });

  it('places group children in the group\'s coordinates scaled to its size', () => {
    const child = (x: number, y: number, prst: string) => `<wps:wsp><wps:spPr><a:xfrm><a:off x="${x}" y="${y}"/><a:ext cx="1000" cy="500"/></a:xfrm><a:prstGeom prst="${prst}"><a:avLst/></a:prstGeom></wps:spPr><wps:bodyPr/></wps:wsp>`;
    const wgp = `<wpg:wgp><wpg:cNvGrpSpPr/><wpg:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="2540000" cy="1270000"/><a:chOff x="1000" y="1000"/><a:chExt cx="2000" cy="1000"/></a:xfrm></wpg:grpSpPr>${child(1000, 1000, 'rect')}${child(2000, 1500, 'ellipse')}` +
      `<pic:pic><pic:nvPicPr><pic:cNvPr id="3" name="p"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdImg"/></pic:blipFill><pic:spPr><a:xfrm><a:off x="1000" y="1500"/><a:ext cx="500" cy="500"/></a:xfrm></pic:spPr></pic:pic></wpg:wgp>`;
    const group = first<ShapeInline>(parseFixture({ body: inline(graphic('http://schemas.microsoft.com/office/word/2010/wordprocessingGroup', wgp)), media }));
    expect(group.geometry).toBe('group');
    // The group's frame is 100×50 pt and its child space 2000×1000 units from (1000, 1000).
    expect(group.children!.map((c) => [c.xPt, c.yPt, c.item.kind, c.item.widthPt, c.item.heightPt])).toEqual([
      [0, 0, 'shape', 50, 25], [50, 25, 'shape', 50, 25], [0, 25, 'image', 25, 25],
    ]);
  });

  it('fills a:grpFill children with their group\'s fill, through nested groups', () => {
    const xfrm = '<a:xfrm><a:off x="0" y="0"/><a:ext cx="1000" cy="500"/><a:chOff x="0" y="0"/><a:chExt cx="1000" cy="500"/></a:xfrm>';
    const wsp = (fill: string) => `<wps:wsp><wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="1000" cy="500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom>${fill}</wps:spPr><wps:bodyPr/></wps:wsp>`;
    const inner = `<wpg:grpSp><wpg:cNvGrpSpPr/><wpg:grpSpPr>${xfrm}<a:grpFill/></wpg:grpSpPr>${wsp('<a:grpFill/>')}</wpg:grpSp>`;
    const wgp = `<wpg:wgp><wpg:cNvGrpSpPr/><wpg:grpSpPr>${xfrm}<a:solidFill><a:srgbClr val="C00000"/></a:solidFill></wpg:grpSpPr>${wsp('<a:grpFill/>')}${wsp('')}${inner}</wpg:wgp>`;
    const group = first<ShapeInline>(parseFixture({ body: inline(graphic('http://schemas.microsoft.com/office/word/2010/wordprocessingGroup', wgp)) }));
    const [own, plain, nested] = group.children!.map((c) => c.item as ShapeInline);
    expect(own!.fill).toBe('C00000');
    expect(plain!.fill).toBeUndefined();
    expect((nested!.children![0]!.item as ShapeInline).fill).toBe('C00000');
  });

  it('prefers the wps choice of mc:AlternateContent over its VML fallback', () => {
    const wsp = `<wps:wsp><wps:spPr><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></wps:spPr><wps:txbx><w:txbxContent>${para('choice')}</w:txbxContent></wps:txbx><wps:bodyPr/></wps:wsp>`;
    const body = `<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:inline><wp:extent cx="12700" cy="12700"/><wp:docPr id="1" name="s"/>${graphic('http://schemas.microsoft.com/office/word/2010/wordprocessingShape', wsp)}</wp:inline></w:drawing></mc:Choice>` +
      `<mc:Fallback><w:pict><v:rect style="width:1pt;height:1pt"><v:textbox><w:txbxContent>${para('fallback')}</w:txbxContent></v:textbox></v:rect></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>`;
    const shape = first<ShapeInline>(parseFixture({ body }));
    expect(plainText(shape.text!.blocks[0] as Paragraph)).toBe('choice');
  });

  it('reads charts from the chart part\'s cached values, with theme accent colours', () => {
    const ser = (i: number, name: string, vals: number[]) => `<c:ser><c:idx val="${i}"/><c:order val="${i}"/><c:tx><c:strRef><c:f>S!$B$1</c:f><c:strCache><c:ptCount val="1"/><c:pt idx="0"><c:v>${name}</c:v></c:pt></c:strCache></c:strRef></c:tx>` +
      '<c:cat><c:strRef><c:f>S!$A$2:$A$3</c:f><c:strCache><c:ptCount val="2"/><c:pt idx="0"><c:v>Q1</c:v></c:pt><c:pt idx="1"><c:v>Q2</c:v></c:pt></c:strCache></c:strRef></c:cat>' +
      `<c:val><c:numRef><c:f>S!$B$2:$B$3</c:f><c:numCache><c:formatCode>General</c:formatCode><c:ptCount val="2"/>${vals.map((v, k) => `<c:pt idx="${k}"><c:v>${v}</c:v></c:pt>`).join('')}</c:numCache></c:numRef></c:val></c:ser>`;
    const chartXml = '<?xml version="1.0"?><c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><c:chart>' +
      '<c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>Sales</a:t></a:r></a:p></c:rich></c:tx></c:title><c:autoTitleDeleted val="0"/><c:plotArea>' +
      `<c:barChart><c:barDir val="col"/><c:grouping val="clustered"/><c:varyColors val="0"/>${ser(0, 'North', [1, 2.5])}${ser(1, 'South', [3, 4])}<c:gapWidth val="219"/><c:axId val="1"/><c:axId val="2"/></c:barChart>` +
      '<c:catAx><c:axId val="1"/><c:scaling/><c:delete val="0"/><c:axPos val="b"/></c:catAx><c:valAx><c:axId val="2"/><c:scaling><c:max val="5"/></c:scaling><c:delete val="0"/><c:axPos val="l"/><c:majorGridlines/><c:numFmt formatCode="0.0" sourceLinked="0"/><c:majorUnit val="1"/></c:valAx>' +
      '</c:plotArea><c:legend><c:legendPos val="b"/></c:legend></c:chart></c:chartSpace>';
    const g = graphic('http://schemas.openxmlformats.org/drawingml/2006/chart', '<c:chart r:id="rIdC"/>');
    const doc = parseFixture({
      body: inline(g), theme: OFFICE_THEME,
      parts: { rIdC: { name: 'word/charts/chart1.xml', contentType: 'application/vnd.openxmlformats-officedocument.drawingml.chart+xml', relType: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart', data: chartXml } },
    });
    const ci = first<ChartInline>(doc);
    expect(ci).toMatchObject({ kind: 'chart', chart: 'word/charts/chart1.xml', widthPt: 100, heightPt: 50 });
    const chart = doc.charts['word/charts/chart1.xml']!;
    expect(chart.title).toBe('Sales');
    expect(chart.legend).toEqual({ position: 'bottom' });
    expect(chart.plots[0]).toMatchObject({ type: 'column', grouping: 'clustered', gapWidthPct: 219 });
    expect(chart.plots[0]!.series.map((s) => [s.name, s.categories, s.values, s.color])).toEqual([
      ['North', ['Q1', 'Q2'], [1, 2.5], '4472C4'], ['South', ['Q1', 'Q2'], [3, 4], 'ED7D31'],
    ]);
    // The reader adds more axis fields (ids, crossings, tick marks); these are the ones this part sets.
    expect(chart.axes).toMatchObject([
      { kind: 'category', position: 'bottom', majorGridlines: false, deleted: false },
      { kind: 'value', position: 'left', majorGridlines: true, deleted: false, max: 5, majorUnit: 1, formatCode: '0.0' },
    ]);
  });
});

/** A picture whose pic:spPr holds `spPr` after its geometry. */
const framedPic = (spPr: string) => graphic('http://schemas.openxmlformats.org/drawingml/2006/picture',
  '<pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="p"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdImg"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>' +
  `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="1270000" cy="635000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom>${spPr}</pic:spPr></pic:pic>`);
const shadowOf = (attrs: string, color = '<a:srgbClr val="000000"><a:alpha val="40000"/></a:srgbClr>') => `<a:effectLst><a:outerShdw ${attrs}>${color}</a:outerShdw></a:effectLst>`;

describe('picture frames', () => {
  it('reads the outline and outer shadow of Word\'s "Simple Frame, White" picture style', () => {
    const spPr = '<a:ln w="88900" cap="sq"><a:solidFill><a:srgbClr val="FFFFFF"/></a:solidFill><a:miter lim="800000"/></a:ln>' +
      shadowOf('blurRad="55000" dist="18000" dir="5400000" algn="tl" rotWithShape="0"') +
      '<a:scene3d><a:camera prst="orthographicFront"/><a:lightRig rig="twoPt" dir="t"/></a:scene3d><a:sp3d><a:bevelT w="25400" h="19050"/></a:sp3d>';
    const img = first<ImageInline>(parseFixture({ body: inline(framedPic(spPr)), media }));
    expect(img.outline).toEqual({ widthPt: 7, color: 'FFFFFF' });
    // The bevel puts the line outside the picture, as Word draws this style.
    expect(img.outlineOutside).toBe(true);
    expect(img.shadow!.color).toBe('000000');
    expect(img.shadow!.opacity).toBeCloseTo(0.4, 6);
    // 18000 EMU straight down (90°); blur 55000 EMU.
    expect(img.shadow!.dxPt).toBe(0);
    expect(img.shadow!.dyPt).toBeCloseTo(18000 / 12700, 3);
    expect(img.shadow!.blurPt).toBeCloseTo(55000 / 12700, 3);
  });

  it('reads a dashed theme-coloured outline and a shadow cast down and left', () => {
    const spPr = '<a:ln w="12700"><a:solidFill><a:schemeClr val="accent1"/></a:solidFill><a:prstDash val="dash"/></a:ln>' +
      shadowOf('blurRad="101600" dist="50800" dir="8100000"', '<a:schemeClr val="tx1"/>');
    const img = first<ImageInline>(parseFixture({ body: inline(framedPic(spPr)), media, theme: OFFICE_THEME }));
    expect(img.outline).toEqual({ widthPt: 1, color: '4472C4', dash: [4, 3] });
    expect(img.outlineOutside).toBeUndefined();
    // 4 pt at 135°: x = -2.828, y = +2.828 (y down); opaque when no alpha.
    expect(img.shadow).toEqual({ color: '000000', opacity: 1, dxPt: -2.828, dyPt: 2.828, blurPt: 8 });
  });

  it('keeps no outline or shadow for a:noFill lines, invisible shadows and plain pictures', () => {
    const none = first<ImageInline>(parseFixture({ body: inline(framedPic('<a:ln><a:noFill/></a:ln>' + shadowOf('dist="38100"', '<a:srgbClr val="000000"><a:alpha val="0"/></a:srgbClr>'))), media }));
    expect(none.outline).toBeUndefined();
    expect(none.shadow).toBeUndefined();
    const plain = first<ImageInline>(parseFixture({ body: inline(framedPic('')), media }));
    expect(plain.outline).toBeUndefined();
    expect(plain.shadow).toBeUndefined();
  });

  it('bounds hostile widths, distances, blurs and directions', () => {
    const spPr = '<a:ln w="999999999999"><a:solidFill><a:srgbClr val="FF0000"/></a:solidFill></a:ln>' +
      shadowOf('blurRad="NaN" dist="99999999999999" dir="-1e30"');
    const img = first<ImageInline>(parseFixture({ body: inline(framedPic(spPr)), media }));
    expect(img.outline!.widthPt).toBe(100);
    const s = img.shadow!;
    expect([s.dxPt, s.dyPt, s.blurPt].every(Number.isFinite)).toBe(true);
    expect(Math.hypot(s.dxPt, s.dyPt)).toBeLessThanOrEqual(72.01);
    expect(s.blurPt).toBe(0);
    const negative = first<ImageInline>(parseFixture({ body: inline(framedPic(shadowOf('blurRad="-5" dist="-12700" dir="abc"'))), media }));
    expect(negative.shadow).toMatchObject({ dxPt: 0, dyPt: 0, blurPt: 0 });
  });

  it('reads a VML picture\'s border only when it is stroked', () => {
    const body = '<w:p><w:r><w:pict><v:shape style="width:72pt;height:36pt" stroked="t" strokecolor="#00f" strokeweight="3pt"><v:imagedata r:id="rIdImg"/></v:shape></w:pict></w:r>' +
      '<w:r><w:pict><v:shape style="width:72pt;height:36pt" strokecolor="red" strokeweight="NaNpt" stroked="t"><v:imagedata r:id="rIdImg"/></v:shape></w:pict></w:r>' +
      '<w:r><w:pict><v:shape style="width:72pt;height:36pt" strokecolor="#00f"><v:imagedata r:id="rIdImg"/></v:shape></w:pict></w:r></w:p>';
    const [stroked, junk, plain] = inlinesOf(bodyParagraphs(parseFixture({ body, media }))[0]!) as ImageInline[];
    expect(stroked!.outline).toEqual({ widthPt: 3, color: '0000FF' });
    expect(junk!.outline).toEqual({ widthPt: 0.75, color: 'FF0000' });
    expect(plain!.outline).toBeUndefined();
  });
});

describe('VML', () => {
  it('reads floating text boxes, pictures and colours from VML', () => {
    const body = '<w:p><w:r><w:pict><v:shapetype id="_x0000_t202" coordsize="21600,21600" o:spt="202" path="m,l,21600r21600,l21600,xe"/>' +
      '<v:shape id="tb" type="#_x0000_t202" style="position:absolute;margin-left:10pt;margin-top:20pt;width:100pt;height:50pt;z-index:3;mso-position-horizontal-relative:page;mso-position-vertical-relative:margin" fillcolor="#ff0 [3204]" strokecolor="red" strokeweight="2pt">' +
      `<v:textbox inset="0,0,0,0" style="mso-fit-shape-to-text:t"><w:txbxContent>${para('VML box')}</w:txbxContent></v:textbox><w10:wrap type="square" side="left"/></v:shape></w:pict></w:r>` +
      '<w:r><w:pict><v:shape style="width:72pt;height:36pt"><v:imagedata r:id="rIdImg" o:title="logo" cropleft="6554f"/></v:shape></w:pict></w:r></w:p>';
    const doc = parseFixture({ body, media });
    const [box, img] = inlinesOf(bodyParagraphs(doc)[0]!) as [ShapeInline, ImageInline];
    expect(box).toMatchObject({ kind: 'shape', geometry: 'rect', widthPt: 100, heightPt: 50, fill: 'FFFF00', line: { widthPt: 2, color: 'FF0000' } });
    expect(box.anchor).toMatchObject({ horizontal: { relativeTo: 'page', offsetPt: 10 }, vertical: { relativeTo: 'margin', offsetPt: 20 }, wrap: 'square', wrapSide: 'left', zIndex: 3, behindText: false });
    expect(box.text).toMatchObject({ insetsPt: { left: 0, top: 0, right: 0, bottom: 0 }, autoFit: true });
    expect(plainText(box.text!.blocks[0] as Paragraph)).toBe('VML box');
    expect(img).toMatchObject({ kind: 'image', media: 'word/media/image1.png', widthPt: 72, heightPt: 36, alt: 'logo' });
    expect(img.crop!.left).toBeCloseTo(0.1, 3);
  });

  it('places a floating v:line at its end points, measured from the anchor (fraction bars drawn over two-lines-in-one)', () => {
    const body = '<w:p><w:r><w:pict><v:line style="position:absolute;left:0;text-align:left;z-index:1" from="225pt,15.6pt" to="279pt,15.6pt"/></w:pict></w:r>' +
      '<w:r><w:pict><v:line style="position:absolute;margin-left:2pt;z-index:2" from="50pt,30pt" to="10pt,6pt"/></w:pict></w:r></w:p>';
    const [bar, slanted] = inlinesOf(bodyParagraphs(parseFixture({ body }))[0]!) as ShapeInline[];
    expect(bar).toMatchObject({ geometry: 'line', widthPt: 54, heightPt: 0 });
    expect(bar!.anchor).toMatchObject({ horizontal: { relativeTo: 'column', offsetPt: 225 }, vertical: { relativeTo: 'paragraph', offsetPt: 15.6 } });
    expect(slanted).toMatchObject({ widthPt: 40, heightPt: 24 });
    expect(slanted!.anchor).toMatchObject({ horizontal: { offsetPt: 12 }, vertical: { offsetPt: 6 } });
  });

  it('marks header watermarks and keeps their text', () => {
    const hdr = '<w:p><w:r><w:pict><v:shape id="PowerPlusWaterMarkObject1" o:spid="_x0000_s2049" type="#_x0000_t136" style="position:absolute;margin-left:0;margin-top:0;width:400pt;height:100pt;rotation:315;z-index:-251657216;mso-position-horizontal:center;mso-position-horizontal-relative:margin;mso-position-vertical:center;mso-position-vertical-relative:margin" fillcolor="silver" stroked="f">' +
      '<v:textpath style="font-family:&quot;Calibri&quot;;font-size:1pt" string="DRAFT"/></v:shape></w:pict></w:r></w:p>';
    const doc = parseFixture({ body: para('x') + '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/></w:sectPr>', headers: { rIdH: hdr } });
    const wm = (doc.headerFooters['word/header1.xml']!.blocks[0] as Paragraph).inlines[0] as ShapeInline;
    expect(wm).toMatchObject({ kind: 'shape', watermark: true, rotationDeg: 315 });
    // The text path fills its glyphs, not the shape's box.
    expect(wm.fill).toBeUndefined();
    expect(wm.line).toBeUndefined();
    expect(wm.anchor).toMatchObject({ horizontal: { relativeTo: 'margin', align: 'center' }, vertical: { relativeTo: 'margin', align: 'center' }, behindText: true });
    expect(wm.text).toBeUndefined();
    expect(wm.wordArt).toMatchObject({ text: 'DRAFT', props: { font: 'Calibri', color: 'C0C0C0', bold: false }, trim: false });
    expect(wm.wordArt!.outline).toBeUndefined();
    expect(wm.wordArt!.opacity).toBeUndefined();
  });

  it('keeps a semi-transparent watermark translucent in its own colour (it used to be blended with white)', () => {
    const hdr = '<w:p><w:r><w:pict><v:shape id="PowerPlusWaterMarkObject2" type="#_x0000_t136" style="position:absolute;width:400pt;height:100pt" fillcolor="silver" stroked="f">' +
      '<v:fill opacity=".5"/><v:textpath style="font-family:&quot;Calibri&quot;" string="COPY"/></v:shape></w:pict></w:r></w:p>';
    const doc = parseFixture({ body: para('x') + '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/></w:sectPr>', headers: { rIdH: hdr } });
    const wm = (doc.headerFooters['word/header1.xml']!.blocks[0] as Paragraph).inlines[0] as ShapeInline;
    expect(wm.wordArt).toMatchObject({ text: 'COPY', props: { color: 'C0C0C0' }, opacity: 0.5 });
  });

  it('paints a WordArt text path white by default (VML fillcolor) and a gradient halfway to its color2 (it was black)', () => {
    const art = (attrs: string, fill: string) => first<ShapeInline>(parseFixture({
      body: `<w:p><w:r><w:pict><v:shape type="#_x0000_t136" style="width:150pt;height:30pt" ${attrs}>${fill}<v:textpath style="font-family:&quot;Arial&quot;" string="Grey"/></v:shape></w:pict></w:r></w:p>`,
    })).wordArt!;
    expect(art('stroked="f"', '').props.color).toBe('FFFFFF');
    expect(art('stroked="f"', '<v:fill color2="#aaa" type="gradient"/>').props.color).toBe('D5D5D5');
    expect(art('fillcolor="#000080" stroked="f"', '<v:fill color2="black" type="gradientRadial"/>').props.color).toBe('000040');
  });

  it('reads an unfilled WordArt text path as fill opacity 0, keeping its outline', () => {
    const art = first<ShapeInline>(parseFixture({
      body: '<w:p><w:r><w:pict><v:shape type="#_x0000_t136" style="width:150pt;height:30pt" filled="f" strokecolor="red"><v:textpath string="Hollow"/></v:shape></w:pict></w:r></w:p>',
    })).wordArt!;
    expect(art).toMatchObject({ opacity: 0, outline: { color: 'FF0000', widthPt: 0.75 } });
  });

  it('warns that a bent WordArt whose shape type has no path to bend along (no v:shapetype) is drawn straight', () => {
    const codes = (type: string) => {
      const r = parseWithWarnings({ body: `<w:p><w:r><w:pict><v:shape type="#_x0000_t${type}" style="width:150pt;height:30pt"><v:textpath string="Bent"/></v:shape></w:pict></w:r></w:p>` });
      if (!r.ok) throw new Error('parse failed');
      return r.warnings.map((w) => w.code);
    };
    expect(codes('140')).toContain('docx/unsupported-text-warp');
    expect(codes('136')).not.toContain('docx/unsupported-text-warp');
  });

  it('bends a VML WordArt between the subpaths of its shape type\'s path (TextChevron, o:spt 140, was drawn straight)', () => {
    // Word's TextChevron shape type: the top guide rises from adj to the middle's top, the bottom
    // guide from the bottom corners to 21600 - adj; adj 5400 of 21600 is a quarter of the height.
    const chevron = '<v:shapetype id="_x0000_t140" coordsize="21600,21600" o:spt="140" adj="5400" path="m0@0l10800,,21600@0m,21600l10800@1,21600,21600e">' +
      '<v:formulas><v:f eqn="val #0"/><v:f eqn="sum 21600 0 @0"/></v:formulas><v:path textpathok="t"/><v:textpath on="t" fitshape="t"/></v:shapetype>';
    const r = parseWithWarnings({ body: `<w:p><w:r><w:pict>${chevron}<v:shape type="#_x0000_t140" style="width:200pt;height:40pt" fillcolor="black"><v:textpath string="Bent"/></v:shape></w:pict></w:r></w:p>` });
    if (!r.ok) throw new Error('parse failed');
    expect(r.warnings.map((w) => w.code)).not.toContain('docx/unsupported-text-warp');
    const art = first<ShapeInline>(r.value).wordArt!;
    const pts = (cmds: readonly PathCommand[]) => cmds.map((c) => ('x' in c ? [Math.round(c.x), Math.round(c.y)] : c.op));
    expect(art.warp!.guides.map(pts)).toEqual([[[0, 10], [100, 0], [200, 10]], [[0, 40], [100, 30], [200, 40]]]);
  });

  it('reads a DrawingML WordArt transform (a:prstTxWarp) as WordArt bent by the preset\'s guides over the text area', () => {
    const wsp = (prst: string, av = '') => anchor(graphic('http://schemas.microsoft.com/office/word/2010/wordprocessingShape',
      '<wps:wsp><wps:cNvSpPr/><wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="2540000" cy="1270000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:noFill/></wps:spPr>' +
      '<wps:txbx><w:txbxContent><w:p><w:pPr><w:jc w:val="center"/></w:pPr><w:r><w:rPr><w:rFonts w:ascii="Arial" w:hAnsi="Arial"/><w:b/><w:color w:val="FF0000"/></w:rPr><w:t>Up</w:t></w:r>' +
      '<w:r><w:br/><w:t>Down</w:t></w:r></w:p></w:txbxContent></wps:txbx>' +
      `<wps:bodyPr lIns="127000" tIns="0" rIns="127000" bIns="0"><a:prstTxWarp prst="${prst}"><a:avLst>${av}</a:avLst></a:prstTxWarp></wps:bodyPr></wps:wsp>`),
    '<wp:positionH relativeFrom="page"><wp:posOffset>0</wp:posOffset></wp:positionH><wp:positionV relativeFrom="page"><wp:posOffset>0</wp:posOffset></wp:positionV>', '<wp:wrapNone/>');
    const read = (prst: string, av = '') => {
      const r = parseWithWarnings({ body: wsp(prst, av) });
      if (!r.ok) throw new Error('parse failed');
      return { shape: first<ShapeInline>(r.value), codes: r.warnings.map((w) => w.code) };
    };
    const { shape, codes } = read('textChevron', '<a:gd name="adj" fmla="val 50000"/>');
    expect(codes).not.toContain('docx/unsupported-text-warp');
    expect(shape.text).toBeUndefined();
    expect(shape.wordArt).toMatchObject({ text: 'Up\nDown', props: { font: 'Arial', bold: true, color: 'FF0000' }, insetsPt: { left: 10, right: 10, top: 0, bottom: 0 } });
    // A 200 x 100 pt box less 10 pt each side: 180 x 100, the chevron's peak half the height down (adj 50000).
    const ends = shape.wordArt!.warp!.guides.map((g) => g.map((c) => ('x' in c ? [Math.round(c.x), Math.round(c.y)] : c.op)));
    expect(ends).toEqual([[[0, 50], [90, 0], [180, 50]], [[0, 100], [90, 50], [180, 100]]]);
    // The presets of three or more guides (a line each) keep their text box, with the warning.
    const button = read('textButton');
    expect(button.shape.wordArt).toBeUndefined();
    expect(button.shape.text).toBeDefined();
    expect(button.codes).toContain('docx/unsupported-text-warp');
    expect(read('textNoShape').shape.wordArt).toBeUndefined();
  });

  it('reads a WordArt text path font weight, style, trim and the shape stroke as its outline', () => {
    const body = '<w:p><w:r><w:pict><v:shape type="#_x0000_t136" style="width:150pt;height:30pt" fillcolor="#9400ed" strokecolor="#eaeaea" strokeweight="1pt">' +
      '<v:textpath style="font-family:&quot;Arial Black&quot;;font-size:20pt;font-weight:bold;font-style:italic" trim="t" fitpath="t" string="My Text"/></v:shape></w:pict></w:r></w:p>';
    const art = first<ShapeInline>(parseFixture({ body })).wordArt!;
    expect(art).toMatchObject({ text: 'My Text', props: { font: 'Arial Black', bold: true, italic: true, color: '9400ED' }, trim: true, outline: { color: 'EAEAEA', widthPt: 1 } });
  });

  it('remembers a v:shapetype defined only in the VML fallback of a DrawingML shape for later VML shapes (they lost their path)', () => {
    const wsp = '<wps:wsp><wps:spPr><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></wps:spPr><wps:bodyPr/></wps:wsp>';
    const alternate = '<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps">' +
      inline(graphic('http://schemas.microsoft.com/office/word/2010/wordprocessingShape', wsp)).replace(/^<w:p><w:r>|<\/w:r><\/w:p>$/g, '') +
      '</mc:Choice><mc:Fallback><w:pict><v:shapetype id="_x0000_t100" coordsize="21600,21600" o:spt="100" path="m,l21600,21600e"/>' +
      '<v:shape type="#_x0000_t100" style="width:50pt;height:50pt"/></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>';
    const later = '<w:p><w:r><w:pict><v:shape type="#_x0000_t100" style="width:100pt;height:40pt" filled="f"/></w:pict></w:r></w:p>';
    const r = parseWithWarnings({ body: alternate + later });
    if (!r.ok) throw new Error('parse failed');
    expect(first<ShapeInline>(r.value, 0).geometry).toBe('rect');
    const diagonal = first<ShapeInline>(r.value, 1);
    expect(diagonal.geometry).toBe('custom');
    expect(diagonal.paths).toEqual([[{ op: 'M', x: 0, y: 0 }, { op: 'L', x: 100, y: 40 }]]);
    expect(r.warnings.map((w) => w.code)).not.toContain('docx/unsupported-geometry');
  });

  it('shows OLE objects as their preview picture with a warning', () => {
    const body = '<w:p><w:r><w:object w:dxaOrig="1440" w:dyaOrig="720"><v:shape style="width:72pt;height:36pt" o:ole=""><v:imagedata r:id="rIdImg" o:title=""/></v:shape>' +
      '<o:OLEObject Type="Embed" ProgID="Excel.Sheet.12" ShapeID="_x0000_i1025" DrawAspect="Content" ObjectID="_1" r:id="rIdOle"/></w:object></w:r></w:p>';
    const r = parseWithWarnings({ body, media });
    if (!r.ok) throw new Error('parse failed');
    expect(first<ImageInline>(r.value)).toMatchObject({ kind: 'image', widthPt: 72 });
    expect(r.warnings.map((w) => w.code)).toContain('docx/ole-object');
  });
});

describe('WordArt transforms', () => {
  it('warns that a text warp of a guide pair per line is not applied (it was dropped silently); arches and the rest are', () => {
    const wsp = (prst: string) => '<wps:wsp><wps:spPr><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></wps:spPr><wps:txbx><w:txbxContent>' + para('Arch') +
      `</w:txbxContent></wps:txbx><wps:bodyPr fromWordArt="1"><a:prstTxWarp prst="${prst}"><a:avLst/></a:prstTxWarp></wps:bodyPr></wps:wsp>`;
    const codes = (prst: string) => {
      const r = parseWithWarnings({ body: inline(graphic('http://schemas.microsoft.com/office/word/2010/wordprocessingShape', wsp(prst))) });
      if (!r.ok) throw new Error('parse failed');
      return r.warnings.map((w) => w.code);
    };
    expect(codes('textDeflateInflate')).toContain('docx/unsupported-text-warp');
    expect(codes('textArchUp')).not.toContain('docx/unsupported-text-warp');
    expect(codes('textNoShape')).not.toContain('docx/unsupported-text-warp');
  });
});

describe('fill opacity', () => {
  it('drops fully transparent fills and keeps translucent ones with their opacity', () => {
    const wsp = (alpha: number) => `<wps:wsp><wps:spPr><a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:solidFill><a:srgbClr val="000000"><a:alpha val="${alpha}"/></a:srgbClr></a:solidFill></wps:spPr><wps:bodyPr/></wps:wsp>`;
    const shapeOf = (alpha: number) => first<ShapeInline>(parseFixture({ body: inline(graphic('http://schemas.microsoft.com/office/word/2010/wordprocessingShape', wsp(alpha))) }));
    expect(shapeOf(0).fill).toBeUndefined();
    expect(shapeOf(50000).fill).toBe('000000');
    expect(shapeOf(50000).fillOpacity).toBeCloseTo(0.5, 5);
    expect(shapeOf(100000).fill).toBe('000000');
    expect(shapeOf(100000).fillOpacity).toBeUndefined();
  });
});
