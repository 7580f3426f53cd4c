/**
 * Hostile story snippets for the code session 27 changed: glow, reflection and soft edge on text
 * (w14:glow, w14:reflection) and on shapes and pictures (a:glow, a:reflection, a:softEdge) with huge,
 * negative and absurd radii, distances, scales and alphas on many runs of many glyphs; floats stacked by
 * relativeHeight (and VML z-index) with huge, negative, equal and unreadable values, in turned cells and
 * groups; early floats that push their paragraph on (placed above it from the page, taller than the page,
 * in chains); picture recolouring (a:clrChange, a:duotone, a:lum, a:biLevel, VML chromakey / gain /
 * blacklevel) with hostile values, many uses of one part each with other adjustments, on the campaign's
 * large picture too; vertical merges cut at page ends across several columns; and tall header content.
 */
import type { Rng } from './rng';

/** The relationship ids of the campaign's pictures (docx-mutate.ts adds both to every story part). */
const IMG = 'rIdFuzzImg';
export const BIG_IMG = 'rIdFuzzBig';
const EMU = 12700;

const wr = (t: string, rPr = '') => `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${t}</w:t></w:r>`;
const para = (t: string, pPr = '') => `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${wr(t)}</w:p>`;

/** EMU lengths: ordinary, zero, negative, past the readers' bounds and unreadable. */
const EMUS = ['63500', '0', '-63500', '914400', '2147483647', '-2147483648', '99999999999999999999', '1e9', 'NaN', ''];
/** Percentages (100000 = 100 %): ordinary, ends, past them, negative and unreadable. */
const PCTS = ['50000', '0', '100000', '-100000', '100001', '2147483647', '-2147483648', '1e12', 'NaN', '33.5'];
/** Angles (60000ths of a degree). */
const ANGLES = ['5400000', '0', '-5400000', '21600000', '2147483647', '-1', 'NaN', '16200000', '10800000'];
const ALIGNS = ['bl', 'b', 'br', 'tl', 't', 'tr', 'l', 'r', 'ctr', 'none', ''];

/** A colour choice in a prefix's namespace (a: or w14:), with alpha now and then. */
function color(r: Rng, ns: string): string {
  const q = ns === 'w14' ? 'w14:' : '';
  const alpha = r.chance(0.6) ? `<${ns}:alpha ${q}val="${r.pick(PCTS)}"/>` : '';
  const c = r.pick([`<${ns}:srgbClr ${q}val="${r.pick(['FF0000', '000000', 'zzzzzz', ''])}">${alpha}</${ns}:srgbClr>`, `<${ns}:schemeClr ${q}val="${r.pick(['accent1', 'tx1', 'phClr', 'nope'])}">${alpha}</${ns}:schemeClr>`, `<${ns}:prstClr ${q}val="red">${alpha}</${ns}:prstClr>`]);
  return c;
}

/** A glow in a namespace: hostile radius and colour. */
function glow(r: Rng, ns: string): string {
  const q = ns === 'w14' ? 'w14:' : '';
  return `<${ns}:glow ${q}rad="${r.pick(EMUS)}">${color(r, ns)}</${ns}:glow>`;
}

/** A reflection in a namespace: every attribute hostile now and then. */
function reflection(r: Rng, ns: string): string {
  const q = ns === 'w14' ? 'w14:' : '';
  const a = (name: string, values: readonly string[]) => (r.chance(0.8) ? ` ${q}${name}="${r.pick(values)}"` : '');
  return `<${ns}:reflection${a('blurRad', EMUS)}${a('stA', PCTS)}${a('stPos', PCTS)}${a('endA', PCTS)}${a('endPos', PCTS)}${a('dist', EMUS)}${a('dir', ANGLES)}${a('fadeDir', ANGLES)}${a('sx', PCTS)}${a('sy', PCTS)}${a('kx', ANGLES)}${a('ky', ANGLES)}${a('algn', ALIGNS)}/>`;
}

/** The run properties of a text effect: glow and reflection, with fill, outline and shadow now and then. */
function textEffectProps(r: Rng): string {
  let s = `<w:sz w:val="${r.pick(['24', '2', '1', '200', '3276'])}"/>`;
  if (r.chance(0.8)) s += glow(r, 'w14');
  if (r.chance(0.8)) s += reflection(r, 'w14');
  if (r.chance(0.3)) s += `<w14:textOutline w14:w="${r.pick(EMUS)}"><w14:solidFill>${color(r, 'w14')}</w14:solidFill></w14:textOutline>`;
  if (r.chance(0.3)) s += r.pick(['<w14:textFill><w14:noFill/></w14:textFill>', `<w14:textFill><w14:gradFill><w14:gsLst><w14:gs w14:pos="0">${color(r, 'w14')}</w14:gs><w14:gs w14:pos="100000">${color(r, 'w14')}</w14:gs></w14:gsLst><w14:lin w14:ang="${r.pick(ANGLES)}" w14:scaled="0"/></w14:gradFill></w14:textFill>`, `<w14:textFill><w14:solidFill>${color(r, 'w14')}</w14:solidFill></w14:textFill>`]);
  if (r.chance(0.2)) s += r.pick(['<w:shadow/>', '<w:emboss/>', '<w:outline/>']);
  return s;
}

/** Far characters in large fonts, and plain words. */
const TEXTS = ['glow and reflection ', '\u4e2d\u6587\ud55c\uad6d\uc5b4 ', '\u0645\u0631\u062d\u0628\u0627 ', 'W@#%&MMMM ', '\ud83d\ude00\ud83c\udf0d '];

/** Paragraphs of runs with text effects: `runs` runs of `chars` characters each. */
function textEffects(r: Rng, runs: number, chars: number): string {
  let s = '';
  const shared = r.chance(0.5) ? textEffectProps(r) : undefined;
  for (let i = 0; i < runs; i++) {
    const t = r.pick(TEXTS);
    s += wr(t.repeat(Math.max(1, Math.ceil(chars / t.length))).slice(0, Math.max(1, chars)), shared ?? textEffectProps(r));
  }
  return `<w:p>${s}</w:p>`;
}

/** A shape's or picture's a:effectLst: glow, reflection and soft edge, each now and then, sometimes repeated. */
function effectList(r: Rng): string {
  let s = '';
  if (r.chance(0.7)) s += glow(r, 'a');
  if (r.chance(0.7)) s += reflection(r, 'a');
  if (r.chance(0.6)) s += `<a:softEdge rad="${r.pick(EMUS)}"/>`;
  if (r.chance(0.1)) s += s; // duplicated effects: the readers take the first
  if (r.chance(0.2)) s += `<a:outerShdw blurRad="${r.pick(EMUS)}" dist="${r.pick(EMUS)}" dir="${r.pick(ANGLES)}">${color(r, 'a')}</a:outerShdw>`;
  return `<a:effectLst>${s}</a:effectLst>`;
}

/** An anchor's opening: hostile relativeHeight, behind the text or not, placed from the page, margin or paragraph. */
function anchorOpen(r: Rng, z: string): string {
  return `<wp:anchor distT="0" distB="0" distL="${r.pick(['0', '114300'])}" distR="0" simplePos="0" relativeHeight="${z}" behindDoc="${r.pick(['0', '1', 'true'])}" locked="0" layoutInCell="${r.pick(['1', '0'])}" allowOverlap="${r.pick(['1', '0'])}"><wp:simplePos x="0" y="0"/>`;
}

const RELATIVE_HEIGHTS = ['0', '1', '251658240', '251658240', '4294967295', '4294967296', '-1', '-2147483648', '2147483647', '99999999999999999999', 'NaN', '', '1e300'];

/** A position along one axis: from the page, margin, paragraph or column, an offset or an alignment. */
function position(r: Rng, axis: 'H' | 'V', big: boolean): string {
  const from = axis === 'H' ? r.pick(['page', 'margin', 'column', 'character', 'leftMargin']) : r.pick(['page', 'margin', 'paragraph', 'line', 'topMargin', 'bottomMargin']);
  const off = r.chance(0.3) ? `<wp:align>${r.pick(axis === 'H' ? ['left', 'center', 'right', 'inside'] : ['top', 'center', 'bottom', 'outside'])}</wp:align>` : `<wp:posOffset>${big ? r.pick(['0', '-914400', '2147483647', '-2147483648', '9999999999999']) : String(r.int(400) * EMU)}</wp:posOffset>`;
  return `<wp:position${axis} relativeFrom="${from}">${off}</wp:position${axis}>`;
}

const WRAPS = ['<wp:wrapNone/>', '<wp:wrapSquare wrapText="bothSides"/>', '<wp:wrapTopAndBottom/>', '<wp:wrapSquare wrapText="largest"/>', '<wp:wrapTight wrapText="bothSides"><wp:wrapPolygon edited="0"><wp:start x="0" y="0"/><wp:lineTo x="21600" y="21600"/></wp:wrapPolygon></wp:wrapTight>'];

/** A floating rectangle (wps) of a size, with a fill (translucent now and then), a line and effects. */
function floatShape(r: Rng, id: number, wPt: number, hPt: number, z: string, effects: string, big = false): string {
  const ext = `cx="${Math.round(wPt * EMU)}" cy="${Math.round(hPt * EMU)}"`;
  const fill = `<a:solidFill><a:srgbClr val="${r.pick(['4472C4', 'FFFFFF', '000000'])}">${r.chance(0.3) ? `<a:alpha val="${r.pick(PCTS)}"/>` : ''}</a:srgbClr></a:solidFill>`;
  const geom = r.chance(0.8) ? `<a:prstGeom prst="${r.pick(['rect', 'ellipse', 'star32', 'cloud', 'roundRect'])}"><a:avLst/></a:prstGeom>` : `<a:custGeom><a:pathLst><a:path w="${r.pick(['100', '0', '-5'])}" h="100">${'<a:moveTo><a:pt x="0" y="0"/></a:moveTo><a:lnTo><a:pt x="100" y="50"/></a:lnTo><a:cubicBezTo><a:pt x="0" y="0"/><a:pt x="50" y="100"/><a:pt x="100" y="100"/></a:cubicBezTo>'.repeat(r.pick([1, 300]))}<a:close/></a:path></a:pathLst></a:custGeom>`;
  const text = r.chance(0.3) ? `<wps:txbx><w:txbxContent>${para('in the shape '.repeat(r.pick([1, 50])))}</w:txbxContent></wps:txbx>` : '';
  return `<w:r><w:drawing>${anchorOpen(r, z)}${position(r, 'H', big)}${position(r, 'V', big)}<wp:extent ${ext}/><wp:effectExtent l="0" t="0" r="0" b="0"/>${r.pick(WRAPS)}<wp:docPr id="${id}" name="S${id}"/>` +
    `<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr/><wps:spPr><a:xfrm${r.chance(0.2) ? ` rot="${r.pick(ANGLES)}"` : ''}${r.chance(0.1) ? ' flipV="1"' : ''}><a:off x="0" y="0"/><a:ext ${ext}/></a:xfrm>${geom}${fill}` +
    `<a:ln w="${r.pick(['12700', '0', '914400'])}"><a:solidFill><a:srgbClr val="000000"/></a:solidFill></a:ln>${effects}</wps:spPr>${text}<wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r>`;
}

/** A picture's blip: the campaign's small or large picture with recolouring and transparency. */
function blip(r: Rng, rid: string): string {
  let fx = '';
  const kinds = r.pick([1, 2, 5]);
  for (let k = 0; k < kinds; k++) {
    fx += r.pick([
      `<a:clrChange${r.chance(0.5) ? ' useA="1"' : ''}><a:clrFrom>${color(r, 'a')}</a:clrFrom><a:clrTo>${color(r, 'a')}</a:clrTo></a:clrChange>`,
      '<a:clrChange><a:clrFrom><a:srgbClr val="FF0000"/></a:clrFrom><a:clrTo><a:srgbClr val="FF0000"><a:alpha val="0"/></a:srgbClr></a:clrTo></a:clrChange>',
      '<a:grayscl/>',
      `<a:duotone>${color(r, 'a')}${r.chance(0.8) ? color(r, 'a') : ''}${r.chance(0.1) ? color(r, 'a') : ''}</a:duotone>`,
      `<a:biLevel thresh="${r.pick(PCTS)}"/>`,
      `<a:lum bright="${r.pick(PCTS)}" contrast="${r.pick(PCTS)}"/>`,
      `<a:alphaModFix amt="${r.pick(PCTS)}"/>`,
      `<a:extLst><a:ext uri="{BEBA8EAE-BF5A-486C-A8C5-ECC9F3942E4B}"><a14:imgProps xmlns:a14="http://schemas.microsoft.com/office/drawing/2010/main"><a14:imgLayer r:embed="${rid}"><a14:imgEffect><a14:brightnessContrast bright="${r.pick(PCTS)}" contrast="${r.pick(PCTS)}"/></a14:imgEffect></a14:imgLayer></a14:imgProps></a:ext></a:extLst>`,
    ]);
  }
  return `<a:blip r:embed="${rid}">${fx}</a:blip>`;
}

/** A picture, inline or floating, of a size, with a blip (recoloured now and then) and effects. */
function picture(r: Rng, id: number, wPt: number, hPt: number, opts: { rid?: string; effects?: string; z?: string; inline?: boolean; big?: boolean } = {}): string {
  const rid = opts.rid ?? IMG;
  const ext = `cx="${Math.round(wPt * EMU)}" cy="${Math.round(hPt * EMU)}"`;
  const pic = `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="${id}" name="p${id}.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill>${r.chance(0.7) ? blip(r, rid) : `<a:blip r:embed="${rid}"/>`}<a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm${r.chance(0.15) ? ` rot="${r.pick(ANGLES)}"` : ''}><a:off x="0" y="0"/><a:ext ${ext}/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom>` +
    `${r.chance(0.3) ? '<a:ln w="25400"><a:solidFill><a:srgbClr val="FF0000"/></a:solidFill></a:ln>' : ''}${opts.effects ?? ''}</pic:spPr></pic:pic></a:graphicData></a:graphic>`;
  if (opts.inline) return `<w:r><w:drawing><wp:inline><wp:extent ${ext}/><wp:docPr id="${id}" name="P${id}"/>${pic}</wp:inline></w:drawing></w:r>`;
  return `<w:r><w:drawing>${anchorOpen(r, opts.z ?? r.pick(RELATIVE_HEIGHTS))}${position(r, 'H', opts.big === true)}${position(r, 'V', opts.big === true)}<wp:extent ${ext}/><wp:effectExtent l="0" t="0" r="0" b="0"/>${r.pick(WRAPS)}<wp:docPr id="${id}" name="P${id}"/>${pic}</wp:anchor></w:drawing></w:r>`;
}

/** Shapes and pictures with effects, `n` of them, mostly floating, at ordinary or hostile sizes. */
function drawingEffects(r: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    const size = r.chance(0.8) ? r.pick([10, 72, 200]) : r.pick([0, 0.01, 5000, 1e7]);
    const fx = effectList(r);
    s += r.chance(0.5) ? floatShape(r, 2800 + i, size, size / 2, r.pick(RELATIVE_HEIGHTS), fx, r.chance(0.1)) : picture(r, 2800 + i, size, size / 2, { effects: fx, inline: r.chance(0.4) });
    if (r.chance(0.3)) s += wr('text beside ');
  }
  return `<w:p>${s}${wr('end')}</w:p>`;
}

/** Many floats on a page stacked by hostile, equal and unreadable relativeHeights, in front of and behind the text. */
function stackedFloats(r: Rng, n: number): string {
  let s = '';
  const equal = r.chance(0.3);
  for (let i = 0; i < n; i++) {
    const z = equal ? '5' : r.chance(0.5) ? r.pick(RELATIVE_HEIGHTS) : String(r.int(2 ** 31) * r.pick([1, -1]));
    s += r.chance(0.6) ? floatShape(r, 2900 + (i % 20_000), r.pick([20, 100, 600]), r.pick([20, 100, 900]), z, r.chance(0.1) ? effectList(r) : '') : picture(r, 2900 + (i % 20_000), r.pick([5, 50]), r.pick([5, 50]), { z });
  }
  return `<w:p>${s}${wr('the text under and over the floats '.repeat(r.pick([1, 40])))}</w:p>`;
}

/** VML shapes with hostile z-index values, positioned absolutely, some pictures recoloured by v:imagedata attributes. */
function vmlFloats(r: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    const z = r.pick(['1', '-1', '0', '251658240', '-251658240', '2147483647', '-2147483648', '1e300', '-1e300', 'NaN', 'auto', '99999999999999999999', '']);
    const style = `position:absolute;margin-left:${r.pick(['10', '-50', '1e9', '300'])}pt;margin-top:${r.pick(['10', '-50', '1e9', '600'])}pt;width:${r.pick(['50', '0', '1e7'])}pt;height:${r.pick(['50', '0', '1e7'])}pt;z-index:${z};mso-position-horizontal-relative:${r.pick(['page', 'margin', 'text'])};mso-position-vertical-relative:${r.pick(['page', 'margin', 'text', 'line'])}`;
    const imagedata = r.chance(0.6)
      ? `<v:imagedata r:id="${r.chance(0.2) ? BIG_IMG : IMG}"${r.chance(0.5) ? ` chromakey="${r.pick(['red', '#ff0000', 'white', 'nope', '#12345', ''])}"` : ''}${r.chance(0.4) ? ` gain="${r.pick(['19661f', '0', '-1', '65536f', '2147483647f', '1e300', 'NaN', '0.5'])}"` : ''}${r.chance(0.4) ? ` blacklevel="${r.pick(['22938f', '-32768f', '2147483647f', '-1e300', 'NaN', '.5'])}"` : ''}${r.chance(0.3) ? ` grayscale="${r.pick(['t', 'true', 'f', 'x'])}"` : ''}${r.chance(0.3) ? ` bilevel="${r.pick(['t', 'true', 'f'])}"` : ''}/>`
      : '';
    const fill = r.chance(0.5) ? ` fillcolor="${r.pick(['#4472c4', 'red', 'nope'])}"` : '';
    const opacity = r.chance(0.5) ? `<v:fill opacity="${r.pick(['.5', '0', '-1', '1e300', '32768f', 'NaN'])}"/>` : '';
    const name = imagedata ? 'shape' : r.pick(['rect', 'oval', 'roundrect']);
    s += `<w:r><w:pict><v:${name} style="${style}"${fill}>${opacity}${imagedata}</v:${name}></w:pict></w:r>`;
  }
  return `<w:p>${s}${wr('vml text')}</w:p>`;
}

/** Floats in the cells of turned table cells (btLr, tbRl) and in groups. */
function floatsInTurnedCells(r: Rng, rows: number, floats: number): string {
  const cell = () => {
    let content = '';
    for (let i = 0; i < floats; i++) content += r.chance(0.5) ? floatShape(r, 3000 + i, r.pick([10, 40, 400]), r.pick([10, 40, 800]), r.pick(RELATIVE_HEIGHTS), r.chance(0.2) ? effectList(r) : '') : picture(r, 3000 + i, 20, 20, { z: r.pick(RELATIVE_HEIGHTS) });
    return `<w:tc><w:tcPr><w:tcW w:w="${r.pick(['2000', '1', '0'])}" w:type="dxa"/><w:textDirection w:val="${r.pick(['btLr', 'tbRl', 'lrTb', 'tbRlV', 'tbLrV', 'lrTbV'])}"/></w:tcPr><w:p>${content}${wr('turned cell text '.repeat(r.pick([1, 30])))}</w:p></w:tc>`;
  };
  const trPr = `<w:trPr><w:trHeight w:val="${r.pick(['2000', '0', '20000', '2147483647'])}" w:hRule="${r.pick(['exact', 'atLeast'])}"/>${r.chance(0.3) ? '<w:cantSplit/>' : ''}</w:trPr>`;
  let body = '';
  for (let i = 0; i < rows; i++) body += `<w:tr>${trPr}${cell()}${cell()}</w:tr>`;
  return `<w:tbl><w:tblGrid><w:gridCol w:w="2000"/><w:gridCol w:w="2000"/></w:tblGrid>${body}</w:tbl>${para('')}`;
}

/** A group (wpg) of shapes and pictures with effects, nested `depth` deep, floating or inline. */
function groupOf(r: Rng, depth: number, members: number): string {
  const child = () => {
    const ext = `<a:xfrm><a:off x="${r.int(2000)}" y="${r.int(1000)}"/><a:ext cx="${r.pick(['500', '0', '2147483647'])}" cy="500"/></a:xfrm>`;
    return r.chance(0.5)
      ? `<wps:wsp><wps:cNvSpPr/><wps:spPr>${ext}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:solidFill><a:srgbClr val="C00000"/></a:solidFill>${effectList(r)}</wps:spPr><wps:bodyPr/></wps:wsp>`
      : `<pic:pic><pic:nvPicPr><pic:cNvPr id="3" name="p"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill>${blip(r, r.chance(0.2) ? BIG_IMG : IMG)}</pic:blipFill><pic:spPr>${ext}${effectList(r)}</pic:spPr></pic:pic>`;
  };
  let inner = '';
  for (let d = 0; d < depth; d++) {
    let kids = '';
    for (let i = 0; i < members; i++) kids += child();
    inner = `<wpg:grpSp><wpg:cNvGrpSpPr/><wpg:grpSpPr><a:xfrm${r.chance(0.3) ? ` rot="${r.pick(ANGLES)}"` : ''}><a:off x="0" y="0"/><a:ext cx="2000" cy="1000"/><a:chOff x="0" y="0"/><a:chExt cx="${r.pick(['2000', '0', '1'])}" cy="1000"/></a:xfrm></wpg:grpSpPr>${kids}${inner}</wpg:grpSp>`;
  }
  const wgp = `<wpg:wgp><wpg:cNvGrpSpPr/><wpg:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="2540000" cy="1270000"/><a:chOff x="0" y="0"/><a:chExt cx="2000" cy="1000"/></a:xfrm></wpg:grpSpPr>${child()}${inner}</wpg:wgp>`;
  const graphic = `<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingGroup">${wgp}</a:graphicData></a:graphic>`;
  const drawing = r.chance(0.5)
    ? `<wp:inline><wp:extent cx="2540000" cy="1270000"/><wp:docPr id="31" name="G"/>${graphic}</wp:inline>`
    : `${anchorOpen(r, r.pick(RELATIVE_HEIGHTS))}${position(r, 'H', false)}${position(r, 'V', false)}<wp:extent cx="2540000" cy="1270000"/><wp:effectExtent l="0" t="0" r="0" b="0"/>${r.pick(WRAPS)}<wp:docPr id="31" name="G"/>${graphic}</wp:anchor>`;
  return `<w:p><w:r><w:drawing>${drawing}</w:drawing></w:r>${wr('grouped')}</w:p>`;
}

/**
 * Paragraphs each anchoring a wrapping float placed above them from the page or margin (early floats,
 * which push their paragraph on when the earlier lines fill the page), some taller than any page, in a
 * chain: each paragraph's float pushes the next.
 */
function earlyFloats(r: Rng, n: number, words: number): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    const h = r.chance(0.7) ? r.pick([100, 300, 600]) : r.pick([800, 2000, 1e6]);
    const z = String(i);
    const wrap = r.pick(['<wp:wrapSquare wrapText="bothSides"/>', '<wp:wrapTopAndBottom/>', '<wp:wrapSquare wrapText="largest"/>']);
    const y = r.pick(['0', String(r.int(700) * EMU), '-914400', '2147483647']);
    const from = r.pick(['page', 'margin', 'topMargin', 'page']);
    const anchor = `<w:r><w:drawing>${anchorOpen(r, z)}<wp:positionH relativeFrom="${r.pick(['margin', 'page'])}"><wp:posOffset>${r.pick(['0', '1270000', '-50000'])}</wp:posOffset></wp:positionH><wp:positionV relativeFrom="${from}"><wp:posOffset>${y}</wp:posOffset></wp:positionV><wp:extent cx="${r.pick([2540000, 7000000, 100])}" cy="${Math.round(h * EMU)}"/><wp:effectExtent l="0" t="0" r="0" b="0"/>${wrap}<wp:docPr id="${3100 + i}" name="E${i}"/>` +
      `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="${3100 + i}" name="e.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="${IMG}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="2540000" cy="${Math.round(h * EMU)}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r>`;
    const pPr = r.pick(['', '<w:keepNext/>', '<w:keepLines/>', '<w:pageBreakBefore/>', '<w:widowControl/>']);
    const before = r.chance(0.5) ? wr('before the float '.repeat(r.pick([1, words]))) : '';
    s += `<w:p><w:pPr>${pPr}</w:pPr>${before}${anchor}${wr('words after the float '.repeat(words))}</w:p>`;
  }
  return s;
}

/** Pictures sharing one part (the small or the large picture), each use recoloured differently. */
function recolouredCopies(r: Rng, n: number, big: boolean): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    const rid = big && r.chance(0.8) ? BIG_IMG : IMG;
    s += picture(r, 3200 + i, r.pick([20, 100, 400]), r.pick([20, 100, 400]), { rid, inline: r.chance(0.6), z: String(i) });
  }
  return `<w:p>${s}${wr('recoloured')}</w:p>`;
}

/** Vertical merges across several columns, restarting at staggered rows, cut at page ends, with spans and exact rows. */
function staggeredMerges(r: Rng, rows: number, cols: number): string {
  const every = Array.from({ length: cols }, () => r.pick([2, 3, 50, rows]));
  let body = '';
  for (let i = 0; i < rows; i++) {
    const trPr = `<w:trPr>${i === 0 && r.chance(0.5) ? '<w:tblHeader/>' : ''}${r.chance(0.2) ? '<w:cantSplit/>' : ''}<w:trHeight w:val="${r.pick(['300', '9000', '16000', '0'])}" w:hRule="${r.pick(['atLeast', 'exact', 'auto'])}"/></w:trPr>`;
    let cells = '';
    for (let c = 0; c < cols; c++) {
      const restart = (i + c) % every[c]! === 0;
      const span = r.chance(0.05) ? `<w:gridSpan w:val="${r.pick(['2', '0', '99'])}"/>` : '';
      const text = r.chance(0.05) ? 'tall merged text '.repeat(r.pick([100, 1_000])) : `r${i}c${c}`;
      cells += `<w:tc><w:tcPr>${span}<w:vMerge${restart ? ' w:val="restart"' : ''}/><w:vAlign w:val="${r.pick(['top', 'center', 'bottom'])}"/></w:tcPr>${para(restart || r.chance(0.1) ? text : '')}</w:tc>`;
    }
    body += `<w:tr>${trPr}${r.chance(0.05) ? '<w:tblPrEx/>' : ''}${cells}</w:tr>`;
  }
  const grid = '<w:gridCol w:w="1500"/>'.repeat(cols);
  const inner = `<w:tbl><w:tblGrid>${grid}</w:tblGrid>${body}</w:tbl>`;
  // Nested in a cell now and then: the outer row split through an inner merge's cut.
  return r.chance(0.2) ? `<w:tbl><w:tblGrid><w:gridCol w:w="9000"/></w:tblGrid><w:tr><w:tc>${inner}${para('')}</w:tc></w:tr></w:tbl>${para('')}` : `${inner}${para('')}`;
}

/** Content taller than a page for a header or footer: many lines, breaks, a tall table, floats and tall spacing. */
function tallStory(r: Rng, n: number): string {
  const form = r.pick(['lines', 'breaks', 'table', 'spacing', 'floats']);
  if (form === 'lines') return para('header line').repeat(n);
  if (form === 'breaks') return `<w:p>${'<w:r><w:t>x</w:t><w:br/></w:r>'.repeat(n)}</w:p>`;
  if (form === 'table') return `<w:tbl><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid>${`<w:tr><w:trPr><w:trHeight w:val="${r.pick(['400', '20000'])}" w:hRule="exact"/></w:trPr><w:tc>${para('row')}</w:tc></w:tr>`.repeat(Math.min(n, 20_000))}</w:tbl>${para('')}`;
  if (form === 'spacing') return para('tall', `<w:spacing w:before="${r.pick(['31680', '2147483647'])}" w:line="${r.pick(['31680', '240'])}" w:lineRule="${r.pick(['exact', 'atLeast'])}"/>`).repeat(Math.min(n, 2_000));
  return stackedFloats(r, Math.min(n, 2_000)) + para('line').repeat(n);
}

/** The session-28 story snippets by name. */
export const FEATURE28_SNIPPETS: Record<string, (r: Rng) => string> = {
  textEffects: (r) => textEffects(r, ...r.pick<[number, number]>([[3, 20], [200, 30], [5_000, 4], [20, 5_000], [1, 60_000]])),
  drawingEffects: (r) => drawingEffects(r, r.pick([3, 100, 2_000])),
  stackedFloats: (r) => stackedFloats(r, r.pick([5, 300, 5_000])),
  vmlFloats: (r) => vmlFloats(r, r.pick([5, 300, 3_000])),
  // At most some 800 floats: 200 rows of 200 (80,000, a 300 MB part within maxEntryUncompressedBytes) ran a 1 GB heap out while parsing.
  floatsInTurnedCells: (r) => floatsInTurnedCells(r, ...r.pick<[number, number]>([[1, 2], [20, 20], [200, 2], [2, 200]])),
  groupedEffects: (r) => groupOf(r, r.pick([1, 5, 60]), r.pick([2, 20, 300])),
  earlyFloats: (r) => earlyFloats(r, ...r.pick<[number, number]>([[3, 40], [30, 200], [300, 20], [2_000, 3]])),
  recolouredCopies: (r) => recolouredCopies(r, r.pick([3, 30, 300, 3_000]), r.chance(0.5)),
  staggeredMerges: (r) => staggeredMerges(r, r.pick([10, 200, 3_000, 20_000]), r.pick([2, 3, 6])),
  // 30,000 lines: 100,000 in the body (2,000 pages laid out three times when floats move) is a heavy document, not a hostile one.
  tallStory: (r) => tallStory(r, r.pick([50, 3_000, 30_000])),
};
