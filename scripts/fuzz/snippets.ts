/**
 * Hostile constructs inserted into a story (before a paragraph) or into styles/numbering: each one
 * stresses one limit of parse or layout (depth, spans, page count, cycles, offsets, word length).
 */
import { anchoredPicture, inlinePicture } from '../../tests/helpers/tiny-png';
import { FEATURE_SNIPPETS } from './feature-snippets';
import { FEATURE20_SNIPPETS } from './feature20-snippets';
import { FEATURE26_SNIPPETS, NUMBERING26_SNIPPETS } from './feature26-snippets';
import { FEATURE27_SNIPPETS } from './feature27-snippets';
import { FEATURE28_SNIPPETS } from './feature28-snippets';
import type { Rng } from './rng';

/** The relationship id the campaign gives the picture it adds to a package. */
export const FUZZ_IMAGE_RID = 'rIdFuzzImg';

const p = (text: string, pPr = '') => `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

function nestedTables(depth: number): string {
  let cell = p('deep');
  for (let i = 0; i < depth; i++) cell = `<w:tbl><w:tblGrid><w:gridCol w:w="${100 + i}"/></w:tblGrid><w:tr><w:tc>${cell}</w:tc></w:tr></w:tbl>${p('')}`;
  return cell;
}

function vMergeChain(rows: number, restart: boolean): string {
  const row = (merge: string) => `<w:tr><w:tc><w:tcPr><w:vMerge${merge}/></w:tcPr>${p('m')}</w:tc><w:tc>${p('x')}</w:tc></w:tr>`;
  const body = (restart ? row(' w:val="restart"') : '') + row('').repeat(rows);
  return `<w:tbl><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>${body}</w:tbl>${p('')}`;
}

function nestedFields(depth: number, instr: string): string {
  const begin = `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ${instr} </w:instrText></w:r>`;
  const end = '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>r</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>';
  return `<w:p>${begin.repeat(depth)}${end.repeat(depth)}</w:p>`;
}

function tocInToc(): string {
  const fld = (inner: string) =>
    `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> TOC \\o "1-9" \\h </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${inner}<w:r><w:fldChar w:fldCharType="end"/></w:r>`;
  return `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr>${fld(fld('<w:r><w:t>toc</w:t></w:r>'))}</w:p>` + p('H', '<w:pStyle w:val="Heading1"/><w:outlineLvl w:val="0"/>').repeat(20);
}

function bookmarksEverywhere(n: number): string {
  let s = '<w:p>';
  for (let i = 0; i < n; i++) s += `<w:bookmarkStart w:id="${i % 7}" w:name="b${i % 3}"/><w:r><w:t>w</w:t></w:r><w:bookmarkEnd w:id="${(i * 13) % 11}"/>`;
  return `${s}<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGEREF b1 \\h </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`;
}

function textBoxes(depth: number): string {
  let inner = p('box');
  for (let i = 0; i < depth; i++) inner = `<w:p><w:r><w:pict><v:shape style="width:200pt;height:100pt"><v:textbox><w:txbxContent>${inner}</w:txbxContent></v:textbox></v:shape></w:pict></w:r></w:p>`;
  return inner;
}

function section(pgSz: string, pgMar: string, extra = ''): string {
  return `<w:p><w:pPr><w:sectPr><w:pgSz ${pgSz}/><w:pgMar ${pgMar} w:header="0" w:footer="0" w:gutter="0"/>${extra}</w:sectPr></w:pPr></w:p>`;
}

const pic = (size: number, offset: number) =>
  `<w:p>${anchoredPicture(FUZZ_IMAGE_RID, size, size, { x: offset, y: offset, wrap: 'square' })}${inlinePicture(FUZZ_IMAGE_RID, size, size, 2)}</w:p>`;

/** Story snippets by name (inserted before a paragraph of any story part). */
export const STORY_SNIPPETS: Record<string, (r: Rng) => string> = {
  nestedTables: (r) => nestedTables(r.pick([40, 80, 200])),
  gridSpanHuge: (r) => `<w:tbl><w:tblGrid><w:gridCol w:w="2000"/></w:tblGrid><w:tr><w:tc><w:tcPr><w:gridSpan w:val="${r.pick(['1000000', '2147483647', '-5', '0'])}"/></w:tcPr>${p('s')}</w:tc><w:tc>${p('t')}</w:tc></w:tr></w:tbl>${p('')}`,
  gridColsMany: (r) => `<w:tbl><w:tblGrid>${'<w:gridCol w:w="1"/>'.repeat(r.pick([64, 1000, 20000]))}</w:tblGrid><w:tr><w:tc>${p('c')}</w:tc></w:tr></w:tbl>${p('')}`,
  vMergeChain: (r) => vMergeChain(r.pick([50, 2000]), r.chance(0.5)),
  nestedFields: (r) => nestedFields(r.pick([20, 200, 2000]), r.pick(['PAGE', 'IF 1 = 1 "a" "b"', 'REF b1', 'SEQ x', '= 1 + 2', 'NUMPAGES'])),
  tocInToc: () => tocInToc(),
  bookmarks: (r) => bookmarksEverywhere(r.pick([100, 5000])),
  emptyPages: (r) => '<w:p><w:r><w:br w:type="page"/></w:r></w:p>'.repeat(r.pick([300, 3000])),
  pageBreakRun: (r) => `<w:p>${'<w:r><w:br w:type="page"/></w:r>'.repeat(r.pick([300, 5000]))}</w:p>`,
  zeroPage: () => section('w:w="0" w:h="0"', 'w:top="0" w:right="0" w:bottom="0" w:left="0"'),
  marginsPastPage: () => section('w:w="12240" w:h="15840"', 'w:top="9000" w:right="7000" w:bottom="9000" w:left="7000"'),
  hugePage: () => section('w:w="2147483647" w:h="2147483647"', 'w:top="1440" w:right="1440" w:bottom="1440" w:left="1440"'),
  negativeMargins: () => section('w:w="12240" w:h="15840"', 'w:top="-20000" w:right="-1440" w:bottom="-20000" w:left="-1440"'),
  manyColumns: (r) => section('w:w="12240" w:h="15840"', 'w:top="1440" w:right="1440" w:bottom="1440" w:left="1440"', `<w:cols w:num="${r.pick(['1000', '45', '2147483647'])}" w:space="${r.pick(['0', '720', '-720'])}"/>`),
  floatFar: (r) => pic(r.pick([10, 100]), r.pick([1e7, -1e7, 1e12])),
  hugePicture: (r) => pic(r.pick([1e6, 1e9, 1e13]), 0),
  textBoxes: (r) => textBoxes(r.pick([5, 30, 70])),
  longWord: (r) => p('x'.repeat(r.pick([100_000, 400_000]))),
  longWordMixed: () => p('\u0645\u0631\u062d\u0628\u0627 abc\u4e2d\u6587'.repeat(10_000)),
  manyTabs: () => `<w:p><w:pPr><w:tabs><w:tab w:val="right" w:pos="2147483647"/><w:tab w:val="decimal" w:pos="-5000"/></w:tabs></w:pPr>${'<w:r><w:tab/><w:t>1.5</w:t></w:r>'.repeat(5000)}</w:p>`,
  hugeFont: (r) => p('Big text here', '', ).replace('<w:r>', `<w:r><w:rPr><w:sz w:val="${r.pick(['0', '1000000000', '-24', '3276'])}"/><w:spacing w:val="${r.pick(['0', '2147483647', '-100000'])}"/></w:rPr>`),
  hugeIndent: (r) => p('indented', `<w:ind w:left="${r.pick(['2147483647', '-2147483647', '100000'])}" w:hanging="${r.pick(['0', '1000000000'])}"/>`),
  hugeSpacing: (r) => p('spaced', `<w:spacing w:before="${r.pick(['2147483647', '1000000'])}" w:line="${r.pick(['0', '-1', '2147483647'])}" w:lineRule="${r.pick(['exact', 'atLeast', 'auto'])}"/>`),
  deepHyperlinks: (r) => {
    const n = r.pick([50, 80]);
    return `<w:p>${'<w:hyperlink w:anchor="a">'.repeat(n)}<w:r><w:t>l</w:t></w:r>${'</w:hyperlink>'.repeat(n)}</w:p>`;
  },
  framePr: (r) => p('framed', `<w:framePr w:w="${r.pick(['0', '2147483647'])}" w:h="${r.pick(['-1', '100000000'])}" w:x="${r.pick(['1e9', '-99999999'])}" w:y="0" w:hAnchor="page" w:vAnchor="page"/>`),
  bigTable: (r) => `<w:tbl><w:tblPr><w:tblW w:w="${r.pick(['0', '2147483647', '-100'])}" w:type="${r.pick(['dxa', 'pct', 'auto'])}"/></w:tblPr><w:tblGrid><w:gridCol w:w="${r.pick(['0', '-100', '2147483647'])}"/><w:gridCol w:w="1"/></w:tblGrid>${`<w:tr><w:trPr><w:trHeight w:val="${r.pick(['20000', '2147483647', '0'])}" w:hRule="${r.pick(['exact', 'atLeast'])}"/></w:trPr><w:tc>${p('a')}</w:tc><w:tc>${p('b')}</w:tc></w:tr>`.repeat(r.pick([3, 300]))}</w:tbl>${p('')}`,
  numberedDeep: (r) => p('item', `<w:numPr><w:ilvl w:val="${r.pick(['9', '100', '-1', '2147483647'])}"/><w:numId w:val="${r.pick(['1', '0', '99999', '-1'])}"/></w:numPr>`).repeat(50),
  footnoteRefs: () => `<w:p>${'<w:r><w:footnoteReference w:id="1"/></w:r>'.repeat(2000)}</w:p>`,
  columnBreaks: () => `<w:p>${'<w:r><w:br w:type="column"/></w:r>'.repeat(3000)}</w:p>`,
  mathDeep: (r) => {
    const n = r.pick([20, 60]);
    return `<w:p><m:oMath>${'<m:f><m:num>'.repeat(n)}<m:r><m:t>x</m:t></m:r>${'</m:num><m:den><m:r><m:t>y</m:t></m:r></m:den></m:f>'.repeat(n)}</m:oMath></w:p>`;
  },
  ...FEATURE_SNIPPETS,
  ...FEATURE20_SNIPPETS,
  ...FEATURE26_SNIPPETS,
  ...FEATURE27_SNIPPETS,
  ...FEATURE28_SNIPPETS,
};

/** Styles-part snippets: basedOn cycles, a huge cascade, a numbering-style link loop. */
export const STYLE_SNIPPETS: Record<string, (r: Rng) => string> = {
  basedOnCycle: () => ['A', 'B', 'C'].map((id, i) => `<w:style w:type="paragraph" w:styleId="Fz${id}"><w:basedOn w:val="Fz${'BCA'[i]}"/><w:next w:val="Fz${id}"/><w:link w:val="Fz${id}"/><w:rPr><w:sz w:val="1000000000"/></w:rPr></w:style>`).join(''),
  normalSelf: () => '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:basedOn w:val="Normal"/><w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr></w:style>',
  longChain: (r) => Array.from({ length: r.pick([200, 5000]) }, (_, i) => `<w:style w:type="paragraph" w:styleId="Ch${i}"><w:basedOn w:val="Ch${i + 1}"/></w:style>`).join(''),
  numStyleLoop: () => '<w:style w:type="numbering" w:styleId="FzList"><w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr></w:style>',
  tableStyleCycle: () => '<w:style w:type="table" w:styleId="TableNormal"><w:basedOn w:val="TableGrid"/></w:style><w:style w:type="table" w:styleId="TableGrid"><w:basedOn w:val="TableNormal"/><w:tblStylePr w:type="firstRow"><w:tcPr><w:gridSpan w:val="1000000"/></w:tcPr></w:tblStylePr></w:style>',
};

/** Numbering-part snippets: level cycles through numStyleLink/styleLink, absurd starts and levels. */
export const NUMBERING_SNIPPETS: Record<string, (r: Rng) => string> = {
  linkCycle: () =>
    '<w:abstractNum w:abstractNumId="0"><w:numStyleLink w:val="FzList"/></w:abstractNum><w:abstractNum w:abstractNumId="1"><w:styleLink w:val="FzList"/><w:lvl w:ilvl="0"><w:start w:val="-5"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2.%3.%4.%5.%6.%7.%8.%9.%10"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>',
  hugeStart: (r) => `<w:abstractNum w:abstractNumId="7"><w:lvl w:ilvl="0"><w:start w:val="${r.pick(['2147483647', '-2147483648', '1e300'])}"/><w:numFmt w:val="${r.pick(['upperRoman', 'ordinalText', 'cardinalText', 'chineseCounting', 'hebrew1'])}"/><w:lvlText w:val="%1"/></w:lvl></w:abstractNum><w:num w:numId="7"><w:abstractNumId w:val="7"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="2147483647"/></w:lvlOverride></w:num>`,
  selfNum: () => '<w:num w:numId="1"><w:abstractNumId w:val="1"/></w:num><w:num w:numId="1"><w:abstractNumId w:val="99"/></w:num><w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="100"/><w:lvl w:ilvl="-1"/></w:abstractNum>',
  ...NUMBERING26_SNIPPETS,
};
