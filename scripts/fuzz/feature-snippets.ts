/**
 * Hostile story snippets for the features of session 19: inline equations broken across lines, m:brk,
 * equation arrays, m:groupChr / m:vertJc, equations in autofit cells; w:fitText, w:tcFitText, ruby,
 * w:eastAsianLayout combine and vert; custom geometry guides (a:custGeom gdLst formulas).
 */
import type { Rng } from './rng';

const mr = (t: string, rPr = '') => `<m:r>${rPr ? `<m:rPr>${rPr}</m:rPr>` : ''}<m:t xml:space="preserve">${t}</m:t></m:r>`;
const wr = (t: string, rPr = '') => `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${t}</w:t></w:r>`;
const inlineEq = (inner: string) => `<w:p>${wr('so ')}<m:oMath>${inner}</m:oMath>${wr(' then')}</w:p>`;
const displayEq = (inner: string) => `<w:p><m:oMathPara><m:oMath>${inner}</m:oMath></m:oMathPara></w:p>`;
const eq = (r: Rng, inner: string) => (r.chance(0.5) ? inlineEq(inner) : displayEq(inner));

function terms(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += mr(`x${i % 10}`) + mr(i % 3 === 0 ? '−' : '+');
  return s;
}

function eqArr(rows: number, amps: number): string {
  const row = `<m:e>${(mr('a') + mr('&amp;') + mr('=')).repeat(amps)}</m:e>`;
  return `<m:eqArr><m:eqArrPr><m:baseJc m:val="top"/><m:rSp m:val="${rows > 100 ? 255 : 4}"/></m:eqArrPr>${row.repeat(rows)}</m:eqArr>`;
}

function groupChrs(depth: number, vertJc: string): string {
  const open = `<m:groupChr><m:groupChrPr><m:chr m:val="⏟"/><m:pos m:val="bot"/><m:vertJc m:val="${vertJc}"/></m:groupChrPr><m:e>`;
  return `${open.repeat(depth)}${mr('x')}${'</m:e></m:groupChr>'.repeat(depth)}`;
}

function mathCell(inner: string, cells: number): string {
  const tc = `<w:tc><w:tcPr><w:tcW w:w="0" w:type="auto"/></w:tcPr><w:p><m:oMath>${inner}</m:oMath></w:p></w:tc>`;
  return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblLayout w:type="autofit"/></w:tblPr><w:tblGrid><w:gridCol w:w="1"/></w:tblGrid><w:tr>${tc.repeat(cells)}</w:tr></w:tbl><w:p/>`;
}

function fitText(val: string, chars: number, runs: number): string {
  const rPr = `<w:fitText w:val="${val}" w:id="${val.length}"/>`;
  return `<w:p>${wr('y'.repeat(Math.max(1, Math.floor(chars / runs))), rPr).repeat(runs)}</w:p>`;
}

function cellFitText(chars: number, width: string): string {
  const tc = `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/><w:tcFitText/></w:tcPr><w:p>${wr('z'.repeat(chars))}</w:p><w:p>${wr('second')}</w:p></w:tc>`;
  return `<w:tbl><w:tblGrid><w:gridCol w:w="${width}"/></w:tblGrid><w:tr>${tc}</w:tr></w:tbl><w:p/>`;
}

function ruby(hps: string, guide: number, base: number, raise: string): string {
  const pr = `<w:rubyPr><w:rubyAlign w:val="distributeSpace"/><w:hps w:val="${hps}"/><w:hpsRaise w:val="${raise}"/><w:hpsBaseText w:val="${hps}"/><w:lid w:val="ja-JP"/></w:rubyPr>`;
  return `<w:p><w:r><w:ruby>${pr}<w:rt>${wr('ル'.repeat(guide))}</w:rt><w:rubyBase>${wr('漢'.repeat(base))}</w:rubyBase></w:ruby></w:r></w:p>`;
}

function eastAsian(attr: string, chars: number, runs: number, tbRl: boolean): string {
  const rPr = `<w:eastAsianLayout w:id="9" ${attr}/>`;
  const text = `<w:p>${wr('12a'.repeat(Math.max(1, Math.floor(chars / 3 / runs))), rPr).repeat(runs)}</w:p>`;
  const sect = '<w:p><w:pPr><w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="0" w:footer="0" w:gutter="0"/><w:textDirection w:val="tbRl"/></w:sectPr></w:pPr></w:p>';
  return tbRl ? text + sect : text;
}

/** a:custGeom with `n` guides, each referring to the one before (or to a later one, or to itself). */
function guides(n: number, mode: string): string {
  let gd = '';
  for (let i = 0; i < n; i++) {
    const ref = mode === 'forward' ? `g${i + 1}` : mode === 'self' ? `g${i}` : i === 0 ? 'w' : `g${i - 1}`;
    const fmla = mode === 'div0' ? `*/ ${ref} w 0` : mode === 'huge' ? `*/ ${ref} 2147483647 1` : mode === 'trig' ? `at2 ${ref} 0` : `+- ${ref} 1 0`;
    gd += `<a:gd name="g${i}" fmla="${fmla}"/>`;
  }
  const last = `g${Math.max(0, n - 1)}`;
  const path = `<a:pathLst><a:path w="${mode === 'div0' ? 0 : 100}" h="100"><a:moveTo><a:pt x="0" y="${last}"/></a:moveTo><a:lnTo><a:pt x="${last}" y="b"/></a:lnTo><a:arcTo wR="${last}" hR="${last}" stAng="${last}" swAng="${last}"/><a:close/></a:path></a:pathLst>`;
  const geom = `<a:custGeom><a:avLst><a:gd name="adj" fmla="val ${last}"/></a:avLst><a:gdLst>${gd}</a:gdLst><a:pathLst/>${path}</a:custGeom>`;
  const wsp = `<wps:wsp><wps:cNvSpPr/><wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="2540000" cy="1270000"/></a:xfrm>${geom}<a:solidFill><a:srgbClr val="FF0000"/></a:solidFill></wps:spPr><wps:bodyPr/></wps:wsp>`;
  return `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="2540000" cy="1270000"/><wp:docPr id="77" name="Shape 77"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">${wsp}</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
}

/** The session's new story snippets by name (merged into STORY_SNIPPETS). */
export const FEATURE_SNIPPETS: Record<string, (r: Rng) => string> = {
  mathManyTerms: (r) => eq(r, terms(r.pick([2_000, 25_000]))),
  mathManyBrk: (r) => eq(r, (mr('x', `<m:brk m:alnAt="${r.pick(['1', '1000000', '-5', '0'])}"/>`) + mr('+')).repeat(r.pick([1_000, 10_000]))),
  mathEqArr: (r) => eq(r, eqArr(...r.pick<[number, number]>([[3, 50], [1, 5_000], [3, 5_000], [2_000, 2], [5_000, 0]]))),
  mathGroupChrDeep: (r) => eq(r, groupChrs(r.pick([100, 500]), r.pick(['top', 'bot', 'x']))),
  // 600 000 math runs in one row take about 20 s (linear, like as many text runs): kept under 100 000.
  mathAutofitCell: (r) => mathCell(...r.pick<[string, number]>([[terms(500), 1], [terms(5_000), 1], [terms(500), 60], [terms(2_000), 20]])),
  fitText: (r) => fitText(r.pick(['0', '-1', '2147483648', '1', '99999999999']), r.pick([10, 100_000]), r.pick([1, 2_000])),
  cellFitText: (r) => cellFitText(r.pick([5, 100_000]), r.pick(['0', '1', '-100', '2147483647'])),
  ruby: (r) => ruby(r.pick(['0', '1000000', '-4', '12']), r.pick([1, 100_000]), r.pick([0, 1, 20_000]), r.pick(['0', '-1000000', '2147483647'])),
  combine: (r) => eastAsian(`w:combine="1" w:combineBrackets="${r.pick(['round', 'curly', 'none', 'bogus'])}"`, r.pick([10, 100_000]), r.pick([1, 3_000]), r.chance(0.3)),
  vertInTbRl: (r) => eastAsian(`w:vert="1" w:vertCompress="${r.pick(['1', '0'])}"`, r.pick([30, 100_000]), r.pick([1, 5_000]), true),
  customGuides: (r) => guides(r.pick([10, 5_000, 100_000]), r.pick(['chain', 'forward', 'self', 'div0', 'huge', 'trig'])),
};
